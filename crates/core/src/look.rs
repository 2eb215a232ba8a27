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
    /// How to draw it: steps in a unit square. Every [`Paint::Body`] step belongs to
    /// one silhouette, outlined as a whole and then filled, so that where parts overlap
    /// only the silhouette's edge keeps a line; the other steps are painted over it, in
    /// order.
    pub recipe: &'static [Stroke],
    /// The shape the piece is turned into on the 3D board.
    pub form: Form,
}

/// The shape a piece takes on the 3D board, built by the front end in code (profiles
/// turned on a lathe, crowns, extruded heads), so no model files are needed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Form {
    /// A chess pawn.
    Pawn,
    /// A chess knight (a horse's head on a turned foot).
    Knight,
    /// A chess bishop.
    Bishop,
    /// A chess rook.
    Rook,
    /// A chess queen.
    Queen,
    /// A chess king (with a cross).
    King,
    /// A checkers man: a flat, grooved disc.
    Man,
    /// A crowned checkers man: two men stacked under a gold crown.
    CrownedMan,
    /// A tafl attacker: a squat cone.
    Attacker,
    /// A tafl defender: a rounded dome.
    Defender,
    /// A tafl king: a tall dome under a gold circlet (no cross).
    Chieftain,
    /// A Connect Four counter, standing in its grid.
    Counter,
    /// A plain round token.
    Token,
}

impl Form {
    /// The outline of the knight's head, facing left, in a unit square ((0, 0) top-left,
    /// (1, 1) bottom-right) with its neck on the foot's top at height 0.8: the body of
    /// the flat knight, and the profile the 3D knight is extruded from.
    pub const KNIGHT_HEAD: &'static [(f32, f32)] = &[
        (0.26, 0.8),
        (0.78, 0.8),
        (0.76, 0.56),
        (0.7, 0.36),
        (0.6, 0.2),
        (0.52, 0.14),
        (0.48, 0.22),
        (0.38, 0.26),
        (0.2, 0.44),
        (0.22, 0.54),
        (0.3, 0.55),
        (0.44, 0.45),
        (0.3, 0.66),
    ];
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
/// corner of the cell, (1, 1) the bottom-right. Lengths (radii, widths) are fractions
/// of the cell's side; a front end may keep lines from getting thinner than it can show.
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

impl Stroke {
    /// How it is coloured.
    pub fn paint(&self) -> Paint {
        match *self {
            Stroke::Polygon { paint, .. }
            | Stroke::Disc { paint, .. }
            | Stroke::Ring { paint, .. }
            | Stroke::Line { paint, .. } => paint,
        }
    }

    /// The smallest box holding everything it paints (radii and line widths included),
    /// as its top-left and bottom-right corners, so a recipe can be checked to stay in
    /// its cell.
    pub fn bounds(&self) -> ((f32, f32), (f32, f32)) {
        let around = |points: &mut dyn Iterator<Item = (f32, f32)>, margin: f32| {
            let mut low = (f32::INFINITY, f32::INFINITY);
            let mut high = (f32::NEG_INFINITY, f32::NEG_INFINITY);
            for (x, y) in points {
                low = (low.0.min(x - margin), low.1.min(y - margin));
                high = (high.0.max(x + margin), high.1.max(y + margin));
            }
            (low, high)
        };
        match *self {
            Stroke::Polygon { points, .. } => around(&mut points.iter().copied(), 0.0),
            Stroke::Disc { center, radius, .. } => around(&mut std::iter::once(center), radius),
            Stroke::Ring {
                center,
                radius,
                thickness,
                ..
            } => around(&mut std::iter::once(center), radius + thickness / 2.0),
            Stroke::Line {
                from,
                to,
                thickness,
                ..
            } => around(&mut [from, to].into_iter(), thickness / 2.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_include_radii_and_line_widths() {
        let ring = Stroke::Ring {
            center: (0.5, 0.5),
            radius: 0.25,
            thickness: 0.125,
            paint: Paint::Detail,
        };
        assert_eq!(ring.bounds(), ((0.1875, 0.1875), (0.8125, 0.8125)));
        let polygon = Stroke::Polygon {
            points: &[(0.2, 0.9), (0.8, 0.1), (0.5, 0.5)],
            paint: Paint::Body,
        };
        assert_eq!(polygon.bounds(), ((0.2, 0.1), (0.8, 0.9)));
        assert_eq!(polygon.paint(), Paint::Body);
    }
}
