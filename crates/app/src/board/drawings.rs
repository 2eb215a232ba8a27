//! Arrows and circles the player draws on the board with the right button, as lichess
//! players do: a right-drag from one square to another draws an arrow, a right-click on
//! one square circles it, drawing the same shape again takes it away, and a left click
//! on the board clears them all. The colour follows the modifier keys: green alone, red
//! with Shift, blue with Alt or Ctrl.

use super::arrow::draw_arrow;
use crate::color::Rgba;
use crate::display::{Frame, Item};
use crate::geometry::Point;

/// A colour to draw with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Brush {
    /// No modifier key.
    Green,
    /// Shift.
    Red,
    /// Alt or Ctrl.
    Blue,
}

impl Brush {
    /// The brush the held modifier keys choose: Shift, then Alt or Ctrl.
    pub fn of(shift: bool, alt_or_ctrl: bool) -> Brush {
        if shift {
            Brush::Red
        } else if alt_or_ctrl {
            Brush::Blue
        } else {
            Brush::Green
        }
    }

    /// Its colour, see-through so the pieces show.
    pub fn color(self) -> Rgba {
        match self {
            Brush::Green => Rgba(0.1, 0.65, 0.25, 0.75),
            Brush::Red => Rgba(0.85, 0.15, 0.1, 0.75),
            Brush::Blue => Rgba(0.15, 0.4, 0.9, 0.75),
        }
    }
}

/// One shape on the board, by cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drawing {
    /// An arrow from one cell to another.
    Arrow {
        /// Where it starts.
        from: usize,
        /// Where its head is.
        to: usize,
        /// Its colour.
        brush: Brush,
    },
    /// A ring around a cell.
    Circle {
        /// The cell.
        cell: usize,
        /// Its colour.
        brush: Brush,
    },
}

/// The shapes on a board, and the one being drawn.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Drawings {
    shapes: Vec<Drawing>,
    /// The cell the right button went down on, and the brush, while it is held.
    started: Option<(usize, Brush)>,
}

impl Drawings {
    /// The right button went down on `cell` with `brush`.
    pub fn press(&mut self, cell: usize, brush: Brush) {
        self.started = Some((cell, brush));
    }

    /// Whether a shape is being drawn.
    pub fn drawing(&self) -> bool {
        self.started.is_some()
    }

    /// The right button came up on `cell` (or off the board): the shape is added, or
    /// taken away if the same one was there. Returns whether anything changed.
    pub fn release(&mut self, cell: Option<usize>) -> bool {
        let (Some((from, brush)), Some(to)) = (self.started.take(), cell) else {
            return false;
        };
        let shape = if from == to {
            Drawing::Circle { cell: to, brush }
        } else {
            Drawing::Arrow { from, to, brush }
        };
        let same_place = |other: &Drawing| match (other, &shape) {
            (Drawing::Circle { cell: a, .. }, Drawing::Circle { cell: b, .. }) => a == b,
            (Drawing::Arrow { from: a, to: b, .. }, Drawing::Arrow { from: c, to: d, .. }) => {
                a == c && b == d
            }
            _ => false,
        };
        match self.shapes.iter().position(same_place) {
            Some(at) if self.shapes[at] == shape => {
                self.shapes.remove(at);
            }
            Some(at) => self.shapes[at] = shape,
            None => self.shapes.push(shape),
        }
        true
    }

    /// Takes every shape away.
    pub fn clear(&mut self) {
        self.shapes.clear();
        self.started = None;
    }

    /// The shapes, oldest first.
    pub fn shapes(&self) -> &[Drawing] {
        &self.shapes
    }

    /// The shapes with the one being drawn (an arrow to the cell under the pointer).
    pub fn shown(&self, under_pointer: Option<usize>) -> Vec<Drawing> {
        let mut shown = self.shapes.clone();
        if let (Some((from, brush)), Some(to)) = (self.started, under_pointer) {
            shown.push(if from == to {
                Drawing::Circle { cell: to, brush }
            } else {
                Drawing::Arrow { from, to, brush }
            });
        }
        shown
    }
}

/// Draws `shapes` over a board whose cell centres `center` gives, for cells about
/// `cell` pixels wide.
pub fn draw_shapes(
    frame: &mut Frame,
    shapes: &[Drawing],
    cell: f32,
    center: impl Fn(usize) -> Point,
) {
    for shape in shapes {
        match *shape {
            Drawing::Arrow { from, to, brush } => {
                draw_arrow(
                    frame,
                    &[center(from), center(to)],
                    cell * 0.14,
                    brush.color(),
                );
            }
            Drawing::Circle { cell: at, brush } => frame.push(Item::Ring {
                center: center(at),
                radius: cell * 0.45,
                thickness: cell * 0.07,
                color: brush.color(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_shape_twice_takes_it_away_and_another_colour_replaces_it() {
        let mut drawings = Drawings::default();
        drawings.press(12, Brush::Green);
        assert!(drawings.release(Some(28)));
        drawings.press(12, Brush::Green);
        drawings.release(Some(12));
        assert_eq!(drawings.shapes().len(), 2);
        drawings.press(12, Brush::Red);
        drawings.release(Some(28));
        assert_eq!(
            drawings.shapes()[0],
            Drawing::Arrow {
                from: 12,
                to: 28,
                brush: Brush::Red
            }
        );
        drawings.press(12, Brush::Red);
        drawings.release(Some(28));
        assert_eq!(drawings.shapes().len(), 1, "the red arrow is gone");
        drawings.press(5, Brush::Blue);
        assert!(!drawings.release(None), "off the board draws nothing");
        drawings.clear();
        assert!(drawings.shapes().is_empty());
        assert_eq!(Brush::of(true, true), Brush::Red);
        assert_eq!(Brush::of(false, true), Brush::Blue);
        assert_eq!(Brush::of(false, false), Brush::Green);
    }
}
