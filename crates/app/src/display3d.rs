//! The 3D part of the display list: a scene of solids (blocks, discs, turned pieces)
//! seen through a lens and lit by one light, described as plain data so the 3D board can
//! be tested headless; the drawing layer builds the meshes and paints them.

use crate::color::Rgba;
use crate::space::{Lens, V3};
use ply_core::Form;

/// A shape the drawing layer knows how to build, in a unit box around its origin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// A cube from -0.5 to 0.5 on every axis, its edges bevelled a little.
    Block,
    /// An upright cylinder of radius 0.5 from height -0.5 to 0.5.
    Disc,
    /// An upright ring, outer radius 0.5 and inner radius 0.38, from -0.5 to 0.5.
    Ring,
    /// A ball of radius 0.5.
    Ball,
    /// A square plate from -0.5 to 0.5 across and up, 1 deep, with a round hole of
    /// radius 0.4 through it (a cell of a standing grid).
    HolePlate,
    /// A piece standing on its foot at the origin, about one cell wide.
    Piece(Form),
}

/// One solid of the scene.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Solid {
    /// What it is.
    pub shape: Shape,
    /// Where its origin goes.
    pub at: V3,
    /// How much it is stretched along each axis.
    pub size: V3,
    /// Its turn about the upright axis, in radians.
    pub yaw: f32,
    /// Its tilt about the axis across the board (applied before the turn), in radians.
    pub tilt: f32,
    /// The colour of its body.
    pub body: Rgba,
    /// The colour of its details (rings, eyes, marks).
    pub detail: Rgba,
    /// How much it shines by itself instead of being lit (0: lit, 1: its own colour).
    pub glow: f32,
}

impl Solid {
    /// A plain solid of `shape` at `at`, stretched by `size`, in one colour.
    pub fn plain(shape: Shape, at: V3, size: V3, color: Rgba) -> Solid {
        Solid {
            shape,
            at,
            size,
            yaw: 0.0,
            tilt: 0.0,
            body: color,
            detail: color,
            glow: 0.0,
        }
    }
}

/// The light over the scene.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Light {
    /// The direction towards the light.
    pub toward: V3,
    /// The light's colour.
    pub color: Rgba,
    /// How bright faces turned away from the light still are (0 to 1).
    pub ambient: f32,
}

/// A 3D scene: the lens, the light and the solids, painted with depth.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene3d {
    /// The camera and the screen area the scene fills.
    pub lens: Lens,
    /// The light.
    pub light: Light,
    /// Every solid.
    pub solids: Vec<Solid>,
}
