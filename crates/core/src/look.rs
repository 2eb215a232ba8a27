//! How a mode looks, said by the mode itself: each side's colours, each kind of piece
//! (its name, its value for a captured-pieces panel and a drawing recipe), which side
//! sits at the bottom, and how squares are labelled. The front end draws from this and
//! never guesses, so a mode with a new piece needs no edit outside its own module.

use serde::{Deserialize, Serialize};

/// A colour in 8-bit sRGB.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb(pub u8, pub u8, pub u8);

/// The colours of one side's pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SideColors {
    /// The body of a piece.
    pub fill: Rgb,
    /// The outline around the body.
    pub outline: Rgb,
    /// Details drawn over the body (rings, eyes, marks).
    pub detail: Rgb,
}

/// One kind of piece of a mode, by its index in the mode's [`PieceLook`] list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PieceKind(pub u8);

/// What a kind of piece is called, what it is worth and how it is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PieceLook {
    /// The piece's name for players ("knight", "crowned man", "attacker").
    pub name: &'static str,
    /// Its worth for the captured-pieces panel and the material lead (0: not counted,
    /// like a chess king or a Connect Four counter).
    pub value: u32,
    /// How to draw it: steps in a unit square, painted in order.
    pub recipe: &'static [Stroke],
}

/// How a step of a recipe is coloured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paint {
    /// The side's fill, outlined in the side's outline colour.
    Body,
    /// The side's detail colour, without outline.
    Detail,
    /// A fixed colour whatever the side (a gold crown), without outline.
    Fixed(Rgb),
}

/// One step of a piece's drawing recipe, in a unit square: (0, 0) is the top-left
/// corner of the cell, (1, 1) the bottom-right.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Stroke {
    /// A filled polygon (convex or not; points in order around it).
    Polygon {
        /// The corners, in order.
        points: &'static [(f32, f32)],
        /// Its colour.
        paint: Paint,
    },
    /// A filled circle.
    Disc {
        /// The centre.
        center: (f32, f32),
        /// The radius.
        radius: f32,
        /// Its colour.
        paint: Paint,
    },
    /// A circle's outline.
    Ring {
        /// The centre.
        center: (f32, f32),
        /// The radius.
        radius: f32,
        /// The line's width.
        thickness: f32,
        /// Its colour.
        paint: Paint,
    },
    /// A straight line.
    Line {
        /// One end.
        from: (f32, f32),
        /// The other end.
        to: (f32, f32),
        /// The line's width.
        thickness: f32,
        /// Its colour.
        paint: Paint,
    },
}
