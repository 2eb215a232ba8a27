//! Materials for the painters: macroquad's own shaders (the camera's transform, the
//! vertex's colour times the texture) with pipeline settings of their own (culling,
//! depth, blending).

use macroquad::miniquad::PipelineParams;
use macroquad::prelude::{Material, MaterialParams, ShaderSource, load_material};

/// The vertex stage of macroquad's own material: the camera's transform, the vertex's
/// colour.
const OWN_VERTEX: &str = r#"#version 100
attribute vec3 position;
attribute vec2 texcoord;
attribute vec4 color0;
varying lowp vec2 uv;
varying lowp vec4 color;
uniform mat4 Model;
uniform mat4 Projection;
void main() {
    gl_Position = Projection * Model * vec4(position, 1);
    color = color0 / 255.0;
    uv = texcoord;
}"#;

/// The fragment stage of macroquad's own material.
const OWN_FRAGMENT: &str = r#"#version 100
varying lowp vec4 color;
varying lowp vec2 uv;
uniform sampler2D Texture;
void main() {
    gl_FragColor = color * texture2D(Texture, uv);
}"#;

/// macroquad's own shaders with `pipeline_params`.
pub fn material(pipeline_params: PipelineParams) -> Option<Material> {
    with_fragment(OWN_FRAGMENT, pipeline_params)
}

/// macroquad's vertex stage, `fragment` and `pipeline_params`.
fn with_fragment(fragment: &str, pipeline_params: PipelineParams) -> Option<Material> {
    let shader = ShaderSource::Glsl {
        vertex: OWN_VERTEX,
        fragment,
    };
    let params = MaterialParams {
        pipeline_params,
        ..Default::default()
    };
    load_material(shader, params).ok()
}

/// The fragment stage of a copy: the texture's pixel as it is, which software OpenGL
/// (llvmpipe) recognises as a plain copy and does without shading each pixel.
const COPY_FRAGMENT: &str = r#"#version 100
varying lowp vec2 uv;
uniform sampler2D Texture;
void main() {
    gl_FragColor = texture2D(Texture, uv);
}"#;

/// A material that copies a texture into the target as it is: no blending, no tint.
pub fn copy_material() -> Option<Material> {
    with_fragment(COPY_FRAGMENT, PipelineParams::default())
}

/// The fragment stage of solids: the vertex's colour (lit on the processor), with no
/// texture to look up for every pixel.
const COLOUR_FRAGMENT: &str = r#"#version 100
varying lowp vec4 color;
void main() {
    gl_FragColor = color;
}"#;

/// macroquad's vertex stage and a fragment stage that paints the vertex colours alone,
/// with `pipeline_params`: for solids, which have no texture.
pub fn colour_material(pipeline_params: PipelineParams) -> Option<Material> {
    with_fragment(COLOUR_FRAGMENT, pipeline_params)
}
