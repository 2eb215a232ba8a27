//! Paints the 3D board's scenes with macroquad's perspective camera: the shapes' meshes
//! are built once; each kind of solid (shape, size, turn and colours) is turned and lit
//! by the scene's light (a soft Lambert light with a highlight seen from the camera's
//! direction) once and kept while it is in use, so solids that only move (pieces riding
//! the ripple, gliding) and solids alike (sixteen pawns) cost a copy, not a relighting;
//! each is drawn where it stands, with depth, into the lens's area of the window.

use macroquad::miniquad::{
    BlendFactor, BlendState, BlendValue, Comparison, CullFace, Equation, FrontFaceOrder,
    PipelineParams,
};
use macroquad::prelude::{
    Camera3D, Material, MaterialParams, Mesh, ShaderSource, Vertex, draw_mesh,
    gl_use_default_material, gl_use_material, load_material, screen_height, set_camera,
    set_default_camera, vec2, vec3, vec4,
};
use plyground::board::shapes::{Part, Tint, build, every_shape};
use plyground::color::Rgba;
use plyground::display3d::{Light, Scene3d, Shape, Solid};
use plyground::space::V3;
use std::cell::RefCell;
use std::collections::HashMap;

/// The gold of crowns.
const GOLD: Rgba = Rgba::rgb(222, 176, 58);
/// How strong the highlight on pieces is, and how tight.
const PIECE_SHINE: (f32, i32) = (0.35, 24);
/// The highlight on the board and its marks: faint, so squares keep their colours.
const BOARD_SHINE: (f32, i32) = (0.06, 48);

/// What a lit solid looks like depends on: the solid (wherever it stands), the direction
/// it is seen from and the light, as bits.
type LitKey = Vec<u32>;

/// Paints 3D scenes, keeping every shape's mesh once built and every kind of solid lit
/// in the last frame.
pub struct SolidPainter {
    /// Draws only the faces turned towards the camera, for the turned parts (closed
    /// solids whose faces wind clockwise seen from outside): the far sides of a mega
    /// chess board's pieces are half its triangles. `None` where it could not be made:
    /// every face is drawn.
    facing: Option<Material>,
    meshes: RefCell<HashMap<Shape, Vec<Part>>>,
    lit: RefCell<HashMap<LitKey, Vec<LitPart>>>,
    placed: RefCell<Mesh>,
}

/// The key of `solid`, wherever it stands, lit by `light` seen from direction `seen`.
fn lit_key(solid: &Solid, light: &Light, seen: V3) -> LitKey {
    let v = |v: V3| [v.x, v.y, v.z];
    let c = |c: Rgba| [c.0, c.1, c.2, c.3];
    let shape = match solid.shape {
        Shape::Block => 0.0,
        Shape::Disc => 1.0,
        Shape::Ring => 2.0,
        Shape::Ball => 3.0,
        Shape::HolePlate => 4.0,
        Shape::Piece(form) => 10.0 + form as u8 as f32,
    };
    [shape, solid.yaw, solid.tilt, solid.glow]
        .into_iter()
        .chain(v(solid.size))
        .chain(c(solid.body))
        .chain(c(solid.detail))
        .chain(v(light.toward))
        .chain(c(light.color))
        .chain([light.ambient])
        .chain(v(seen))
        .map(f32::to_bits)
        .collect()
}

impl SolidPainter {
    /// A painter with every shape's mesh built, so no frame waits for one.
    pub fn new() -> SolidPainter {
        SolidPainter {
            facing: facing_material(),
            meshes: RefCell::new(every_shape().map(|shape| (shape, build(shape))).collect()),
            lit: RefCell::new(HashMap::new()),
            placed: RefCell::new(Mesh {
                vertices: Vec::new(),
                indices: Vec::new(),
                texture: None,
            }),
        }
    }

    /// Paints `scene` into its lens's area, then goes back to drawing flat.
    pub fn paint(&self, scene: &Scene3d) {
        let lens = scene.lens;
        let area = lens.area;
        let bottom = screen_height() - (area.y + area.h);
        set_camera(&Camera3D {
            position: vec3(lens.eye.x, lens.eye.y, lens.eye.z),
            target: vec3(lens.target.x, lens.target.y, lens.target.z),
            up: vec3(0.0, 1.0, 0.0),
            fovy: lens.fovy,
            aspect: Some(area.w.max(1.0) / area.h.max(1.0)),
            viewport: Some((
                area.x.round() as i32,
                bottom.round() as i32,
                area.w.round() as i32,
                area.h.round() as i32,
            )),
            z_near: 0.1,
            z_far: 400.0,
            ..Default::default()
        });
        let mut meshes = self.meshes.borrow_mut();
        let mut previous = self.lit.borrow_mut();
        let mut placed = self.placed.borrow_mut();
        let mut current: HashMap<LitKey, Vec<LitPart>> = HashMap::with_capacity(previous.len());
        let seen = (lens.eye - lens.target).normalized();
        let mut culling = false;
        for solid in &scene.solids {
            let key = lit_key(solid, &scene.light, seen);
            if !current.contains_key(&key) {
                let lit = previous.remove(&key).unwrap_or_else(|| {
                    meshes
                        .entry(solid.shape)
                        .or_insert_with(|| build(solid.shape))
                        .iter()
                        .map(|part| lit_part(part, solid, &scene.light, seen))
                        .collect()
                });
                current.insert(key.clone(), lit);
            }
            let at = vec3(solid.at.x, solid.at.y, solid.at.z);
            for LitPart { mesh, faces_out } in current.get(&key).into_iter().flatten() {
                let cull = *faces_out && self.facing.is_some();
                if cull != culling {
                    match (&self.facing, cull) {
                        (Some(facing), true) => gl_use_material(facing),
                        _ => gl_use_default_material(),
                    }
                    culling = cull;
                }
                placed.vertices.clear();
                placed
                    .vertices
                    .extend(mesh.vertices.iter().map(|vertex| Vertex {
                        position: vertex.position + at,
                        ..*vertex
                    }));
                placed.indices.clear();
                placed.indices.extend_from_slice(&mesh.indices);
                draw_mesh(&placed);
            }
        }
        *previous = current;
        gl_use_default_material();
        set_default_camera();
    }
}

/// The vertex stage of macroquad's own material: the camera's transform, the vertex's
/// colour.
const FACING_VERTEX: &str = r#"#version 100
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
const FACING_FRAGMENT: &str = r#"#version 100
varying lowp vec4 color;
varying lowp vec2 uv;
uniform sampler2D Texture;
void main() {
    gl_FragColor = color * texture2D(Texture, uv);
}"#;

/// macroquad's material for depth-tested, blended triangles, drawing only the faces
/// that wind clockwise on screen (those seen from outside).
fn facing_material() -> Option<Material> {
    let pipeline_params = PipelineParams {
        cull_face: CullFace::Back,
        front_face_order: FrontFaceOrder::Clockwise,
        depth_test: Comparison::LessOrEqual,
        depth_write: true,
        color_blend: Some(BlendState::new(
            Equation::Add,
            BlendFactor::Value(BlendValue::SourceAlpha),
            BlendFactor::OneMinusValue(BlendValue::SourceAlpha),
        )),
        ..Default::default()
    };
    let shader = ShaderSource::Glsl {
        vertex: FACING_VERTEX,
        fragment: FACING_FRAGMENT,
    };
    let params = MaterialParams {
        pipeline_params,
        ..Default::default()
    };
    load_material(shader, params).ok()
}

/// A part of a solid turned and lit, ready to be placed.
struct LitPart {
    mesh: Mesh,
    /// Whether its far faces can be left undrawn (see [`Part::faces_out`]).
    faces_out: bool,
}

/// `part` of `solid` turned and lit, around its own origin; `seen` is the direction
/// towards the camera.
fn lit_part(part: &Part, solid: &Solid, light: &Light, seen: V3) -> LitPart {
    let mut mesh = Mesh {
        vertices: Vec::with_capacity(part.positions.len()),
        indices: part.indices.clone(),
        texture: None,
    };
    let base = match part.tint {
        Some(Tint::Detail) => solid.detail,
        Some(Tint::Gold) => GOLD,
        _ => solid.body,
    };
    let (cy, sy) = (solid.yaw.cos(), solid.yaw.sin());
    let (ct, st) = (solid.tilt.cos(), solid.tilt.sin());
    let turn = |v: V3| -> V3 {
        let v = V3::new(v.x, v.y * ct - v.z * st, v.y * st + v.z * ct);
        V3::new(v.x * cy + v.z * sy, v.y, -v.x * sy + v.z * cy)
    };
    let size = solid.size;
    let (strength, tightness) = match solid.shape {
        Shape::Piece(_) => PIECE_SHINE,
        _ => BOARD_SHINE,
    };
    let toward = light.toward.normalized();
    for (position, normal) in part.positions.iter().zip(&part.normals) {
        let scaled = V3::new(
            position.x * size.x,
            position.y * size.y,
            position.z * size.z,
        );
        let at = turn(scaled);
        let normal = turn(V3::new(
            normal.x / size.x.max(1e-4),
            normal.y / size.y.max(1e-4),
            normal.z / size.z.max(1e-4),
        ))
        .normalized();
        let diffuse = normal.dot(toward).max(0.0);
        let half = (toward + seen).normalized();
        let shine = strength * normal.dot(half).max(0.0).powi(tightness);
        let lit = light.ambient + (1.0 - light.ambient) * diffuse;
        let channel = |c: f32, l: f32| {
            let shaded = (c * lit * l + shine * l).min(1.0);
            shaded * (1.0 - solid.glow) + c * solid.glow
        };
        let color = [
            channel(base.0, light.color.0),
            channel(base.1, light.color.1),
            channel(base.2, light.color.2),
            base.3,
        ]
        .map(|c| (c.clamp(0.0, 1.0) * 255.0).round() as u8);
        mesh.vertices.push(Vertex {
            position: vec3(at.x, at.y, at.z),
            uv: vec2(0.0, 0.0),
            color,
            normal: vec4(normal.x, normal.y, normal.z, 0.0),
        });
    }
    LitPart {
        mesh,
        faces_out: part.faces_out,
    }
}
