//! Paints the 3D board's scenes with macroquad's perspective camera: the shapes' meshes
//! are built once; each kind of solid (shape, size, turn and colours) is turned and lit
//! by the scene's light (a soft Lambert light with a highlight seen from the camera's
//! direction) once and kept while it is in use, so solids that only move (pieces riding
//! the ripple, gliding) and solids alike (sixteen pawns) cost a copy, not a relighting;
//! each is drawn where it stands, with depth, into a picture of the lens's area, which
//! is kept and laid into the window again, unredrawn, for as long as the scene does not
//! change (between moves, most frames).

use crate::materials::{colour_material, material};
use macroquad::miniquad::{
    BlendFactor, BlendState, BlendValue, Comparison, CullFace, Equation, FrontFaceOrder,
    PipelineParams,
};
use macroquad::prelude::{
    Camera3D, Color, DrawTextureParams, Material, Mesh, RenderTarget, RenderTargetParams, Vertex,
    WHITE, clear_background, draw_mesh, draw_texture_ex, gl_use_default_material, gl_use_material,
    render_target_ex, set_camera, vec2, vec3, vec4,
};
use plyground::board::shapes::{COARSE, FINE, Part, Tint, build, every_shape};
use plyground::color::Rgba;
use plyground::display3d::{Light, Scene3d, Shape, Solid};
use plyground::space::{Lens, V3};
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

/// Paints 3D scenes, keeping every shape's mesh once built, every kind of solid lit in
/// the last frame, and the last scene's picture.
pub struct SolidPainter {
    /// Draws only the faces turned towards the camera, for the turned parts (closed
    /// solids whose faces wind clockwise seen from outside): the far sides of a mega
    /// chess board's pieces are half its triangles. `None` where it could not be made:
    /// every face is drawn.
    facing: Option<Material>,
    /// Draws every face, for the parts that are not closed, blending as `facing` does.
    every_face: Option<Material>,
    /// Lays a scene's picture into the window: its colours are already weighted by their
    /// opacity (see [`blend_into_picture`]).
    lay_picture: Option<Material>,
    meshes: RefCell<HashMap<(Shape, usize), Vec<Part>>>,
    lit: RefCell<HashMap<LitKey, Vec<LitPart>>>,
    placed: RefCell<Mesh>,
    /// The last scene painted and its picture, laid again while the scene is the same.
    picture: RefCell<Option<(Scene3d, RenderTarget)>>,
}

/// `scene`'s solids in the order they are drawn: the opaque ones nearest the eye first,
/// so that software OpenGL, which tests depth before it paints, paints each pixel they
/// cover about once; then those that let some light through, in the scene's order,
/// over what is behind them.
fn nearest_first(scene: &Scene3d) -> Vec<&Solid> {
    let eye = scene.lens.eye;
    let opaque = |solid: &Solid| solid.body.3 >= 1.0 && solid.detail.3 >= 1.0;
    let mut order: Vec<&Solid> = scene.solids.iter().filter(|s| opaque(s)).collect();
    order.sort_by(|a, b| (a.at - eye).length().total_cmp(&(b.at - eye).length()));
    order.extend(scene.solids.iter().filter(|s| !opaque(s)));
    order
}

/// Below this many pixels for a square's width (a unit of the scene) where the lens
/// looks, turned shapes get [`COARSE`] sides: a 16x16 board's pieces, not a chess
/// board's.
const SMALL_SQUARE: f32 = 45.0;

/// How many sides turned shapes get through `lens`: fewer where a square is small on
/// screen.
fn sides_for(lens: &Lens) -> usize {
    let distance = (lens.eye - lens.target).length().max(1e-3);
    let square = lens.area.h / (2.0 * distance * (lens.fovy / 2.0).tan());
    if square < SMALL_SQUARE { COARSE } else { FINE }
}

/// The key of `solid`, wherever it stands, turned with `steps` sides and lit by `light`
/// seen from direction `seen`.
fn lit_key(solid: &Solid, light: &Light, seen: V3, steps: usize) -> LitKey {
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
    [shape, steps as f32, solid.yaw, solid.tilt, solid.glow]
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
            facing: solid_material(CullFace::Back),
            every_face: solid_material(CullFace::Nothing),
            lay_picture: picture_material(),
            meshes: RefCell::new(
                every_shape()
                    .flat_map(|shape| [(shape, FINE), (shape, COARSE)])
                    .map(|key| (key, build(key.0, key.1)))
                    .collect(),
            ),
            lit: RefCell::new(HashMap::new()),
            placed: RefCell::new(Mesh {
                vertices: Vec::new(),
                indices: Vec::new(),
                texture: None,
            }),
            picture: RefCell::new(None),
        }
    }

    /// Paints `scene` into its lens's area: from the picture of the last scene painted
    /// when it is the same and the same size, otherwise drawn again into a picture
    /// first, after which `flat` sets the camera back to where flat drawing goes on.
    pub fn paint(&self, scene: &Scene3d, flat: &dyn Fn()) {
        let area = scene.lens.area;
        let size = (
            area.w.round().max(1.0) as u32,
            area.h.round().max(1.0) as u32,
        );
        let pixels = vec2(size.0 as f32, size.1 as f32);
        let mut kept = self.picture.borrow_mut();
        let reusable = kept
            .as_ref()
            .is_some_and(|(drawn, picture)| drawn == scene && picture.texture.size() == pixels);
        if !reusable {
            let picture = match kept.take() {
                Some((_, picture)) if picture.texture.size() == pixels => picture,
                _ => render_target_ex(
                    size.0,
                    size.1,
                    RenderTargetParams {
                        sample_count: 1,
                        depth: true,
                    },
                ),
            };
            self.draw_into(scene, &picture);
            *kept = Some((scene.clone(), picture));
            flat();
        }
        let Some((_, picture)) = kept.as_ref() else {
            return;
        };
        if let Some(material) = &self.lay_picture {
            gl_use_material(material);
        }
        draw_texture_ex(
            &picture.texture,
            area.x.round(),
            area.y.round(),
            WHITE,
            DrawTextureParams {
                dest_size: Some(pixels),
                // The camera drew it upright, and a picture's rows are stored bottom
                // first.
                flip_y: true,
                ..Default::default()
            },
        );
        gl_use_default_material();
    }

    /// Draws `scene`'s solids, with depth, into `picture` (cleared to nothing first).
    fn draw_into(&self, scene: &Scene3d, picture: &RenderTarget) {
        let lens = scene.lens;
        let area = lens.area;
        set_camera(&Camera3D {
            position: vec3(lens.eye.x, lens.eye.y, lens.eye.z),
            target: vec3(lens.target.x, lens.target.y, lens.target.z),
            up: vec3(0.0, 1.0, 0.0),
            fovy: lens.fovy,
            aspect: Some(area.w.max(1.0) / area.h.max(1.0)),
            render_target: Some(picture.clone()),
            z_near: 0.1,
            z_far: 400.0,
            ..Default::default()
        });
        clear_background(Color::new(0.0, 0.0, 0.0, 0.0));
        let mut meshes = self.meshes.borrow_mut();
        let mut previous = self.lit.borrow_mut();
        let mut placed = self.placed.borrow_mut();
        let mut current: HashMap<LitKey, Vec<LitPart>> = HashMap::with_capacity(previous.len());
        let seen = (lens.eye - lens.target).normalized();
        let steps = sides_for(&lens);
        let mut in_use: Option<bool> = None;
        for solid in nearest_first(scene) {
            let key = lit_key(solid, &scene.light, seen, steps);
            if !current.contains_key(&key) {
                let lit = previous.remove(&key).unwrap_or_else(|| {
                    meshes
                        .entry((solid.shape, steps))
                        .or_insert_with(|| build(solid.shape, steps))
                        .iter()
                        .map(|part| lit_part(part, solid, &scene.light, seen))
                        .collect()
                });
                current.insert(key.clone(), lit);
            }
            let at = vec3(solid.at.x, solid.at.y, solid.at.z);
            for LitPart { mesh, faces_out } in current.get(&key).into_iter().flatten() {
                let cull = *faces_out && self.facing.is_some();
                if in_use != Some(cull) {
                    match (&self.facing, &self.every_face, cull) {
                        (Some(facing), _, true) => gl_use_material(facing),
                        (_, Some(every_face), false) => gl_use_material(every_face),
                        _ => gl_use_default_material(),
                    }
                    in_use = Some(cull);
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
    }
}

/// How solids blend into a scene's picture, which starts as nothing (transparent): the
/// colour as usual, and the opacity added up, so that the picture holds each pixel's
/// colour already weighted by its opacity, ready to be laid over what is behind it.
fn blend_into_picture() -> (Option<BlendState>, Option<BlendState>) {
    (
        Some(BlendState::new(
            Equation::Add,
            BlendFactor::Value(BlendValue::SourceAlpha),
            BlendFactor::OneMinusValue(BlendValue::SourceAlpha),
        )),
        Some(BlendState::new(
            Equation::Add,
            BlendFactor::One,
            BlendFactor::OneMinusValue(BlendValue::SourceAlpha),
        )),
    )
}

/// macroquad's material for depth-tested triangles blended into a scene's picture,
/// leaving out the faces `cull` names (with `CullFace::Back`: drawing only the faces
/// that wind clockwise on screen, those seen from outside).
fn solid_material(cull: CullFace) -> Option<Material> {
    let (color_blend, alpha_blend) = blend_into_picture();
    let pipeline_params = PipelineParams {
        cull_face: cull,
        front_face_order: FrontFaceOrder::Clockwise,
        depth_test: Comparison::LessOrEqual,
        depth_write: true,
        color_blend,
        alpha_blend,
        ..Default::default()
    };
    colour_material(pipeline_params)
}

/// The material that lays a scene's picture, whose colours are already weighted by
/// their opacity, over the window.
fn picture_material() -> Option<Material> {
    material(PipelineParams {
        color_blend: Some(BlendState::new(
            Equation::Add,
            BlendFactor::One,
            BlendFactor::OneMinusValue(BlendValue::SourceAlpha),
        )),
        ..Default::default()
    })
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
