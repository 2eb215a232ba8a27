//! Draws any mode's pieces from the recipes the modes give (ply-core's `PieceLook`) as
//! vector shapes, so pieces stay crisp at any size, no artwork files are needed and a
//! mode with a new piece needs nothing here.

use crate::color::Rgba;
use crate::display::{Frame, Item};
use crate::geometry::{Point, Rect, triangulate};
use ply_core::{Form, Paint, PieceLook, Rgb, SideColors, Stroke};
use std::hash::{DefaultHasher, Hash, Hasher};

/// The colours one side's pieces are drawn in: a mode's [`SideColors`], which a screen
/// may fade (a ghost counter).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PieceColors {
    /// The body of the piece.
    pub fill: Rgba,
    /// The line around the body.
    pub outline: Rgba,
    /// Details drawn over the body.
    pub detail: Rgba,
}

impl PieceColors {
    /// The colours a mode gives a side.
    pub fn of(colors: SideColors) -> PieceColors {
        PieceColors {
            fill: rgba(colors.fill),
            outline: rgba(colors.outline),
            detail: rgba(colors.detail),
        }
    }
}

fn rgba(Rgb(r, g, b): Rgb) -> Rgba {
    Rgba::rgb(r, g, b)
}

/// A side's token where no piece of the mode stands for it (the side panel): a round
/// body with a ring.
pub const TOKEN: PieceLook = PieceLook {
    name: "token",
    value: 0,
    form: Form::Token,
    recipe: &[
        Stroke::Disc {
            center: (0.5, 0.5),
            radius: 0.4,
            paint: Paint::Body,
        },
        Stroke::Ring {
            center: (0.5, 0.5),
            radius: 0.27,
            thickness: OUTLINE,
            paint: Paint::Detail,
        },
    ],
};

/// The outline's width as a fraction of the cell.
const OUTLINE: f32 = 0.045;
/// The thinnest outline, in pixels, so small pieces keep their edge.
const THINNEST_OUTLINE: f32 = 1.5;

/// Adds the shapes of a piece that looks like `look` filling `rect` (a square cell) to
/// `frame`, as one cached group (pieces alike look alike wherever they stand, so the
/// painter may draw each kind once): every body part's outline first, then every body
/// part's fill, so only the silhouette's edge keeps a line where parts overlap; details
/// go on top, in order.
pub fn draw_piece(frame: &mut Frame, look: &'static PieceLook, colors: PieceColors, rect: Rect) {
    let mut shapes = Frame::default();
    draw_shapes(&mut shapes, look, colors, rect);
    let opaque = [colors.fill, colors.outline, colors.detail]
        .iter()
        .all(|color| color.3 >= 1.0);
    frame.push(Item::Cached {
        key: opaque.then(|| piece_key(look, colors, rect)),
        rect,
        items: shapes.items,
    });
}

/// What a piece's picture depends on: its recipe (a static, so its address names it),
/// its colours and its size.
fn piece_key(look: &PieceLook, colors: PieceColors, rect: Rect) -> u64 {
    let mut hasher = DefaultHasher::new();
    std::ptr::from_ref(look).hash(&mut hasher);
    for color in [colors.fill, colors.outline, colors.detail] {
        [color.0, color.1, color.2, color.3]
            .map(f32::to_bits)
            .hash(&mut hasher);
    }
    [rect.w, rect.h].map(f32::to_bits).hash(&mut hasher);
    hasher.finish()
}

/// The shapes of [`draw_piece`], added one by one.
fn draw_shapes(frame: &mut Frame, look: &PieceLook, colors: PieceColors, rect: Rect) {
    let outline = (rect.w * OUTLINE).max(THINNEST_OUTLINE);
    let painter = Painter {
        rect,
        outline,
        // Line widths scale like the outline, so they never get thinner than it does.
        line_scale: outline / OUTLINE,
    };
    let (body, over): (Vec<&Stroke>, Vec<&Stroke>) = look
        .recipe
        .iter()
        .partition(|stroke| stroke.paint() == Paint::Body);
    for stroke in &body {
        painter.outline(frame, stroke, colors.outline);
    }
    for stroke in &body {
        painter.paint(frame, stroke, colors.fill, 0.0);
    }
    for stroke in over {
        let color = match stroke.paint() {
            Paint::Fixed(rgb) => rgba(rgb),
            Paint::Body | Paint::Detail => colors.detail,
        };
        painter.paint(frame, stroke, color, 0.0);
    }
}

/// Turns a recipe's unit-square steps into display items in one cell.
struct Painter {
    rect: Rect,
    outline: f32,
    line_scale: f32,
}

impl Painter {
    fn point(&self, (x, y): (f32, f32)) -> Point {
        self.rect.at(x, y)
    }

    /// The line around `stroke`, in `color`.
    fn outline(&self, frame: &mut Frame, stroke: &Stroke, color: Rgba) {
        match *stroke {
            Stroke::Polygon { points, .. } => {
                for (i, &from) in points.iter().enumerate() {
                    let from = self.point(from);
                    frame.push(Item::Line {
                        from,
                        to: self.point(points[(i + 1) % points.len()]),
                        thickness: self.outline * 2.0,
                        color,
                    });
                    frame.push(Item::Disc {
                        center: from,
                        radius: self.outline,
                        color,
                    });
                }
            }
            Stroke::Disc { .. } | Stroke::Ring { .. } | Stroke::Line { .. } => {
                self.paint(frame, stroke, color, self.outline);
            }
        }
    }

    /// `stroke` filled with `color`, grown by `grow` pixels on every side.
    fn paint(&self, frame: &mut Frame, stroke: &Stroke, color: Rgba, grow: f32) {
        let item = match *stroke {
            Stroke::Polygon { points, .. } => {
                let corners: Vec<Point> = points.iter().map(|&c| self.point(c)).collect();
                Item::Triangles {
                    corners: triangulate(&corners),
                    color,
                }
            }
            Stroke::Disc { center, radius, .. } => Item::Disc {
                center: self.point(center),
                radius: radius * self.rect.w + grow,
                color,
            },
            Stroke::Ring {
                center,
                radius,
                thickness,
                ..
            } => Item::Ring {
                center: self.point(center),
                radius: radius * self.rect.w,
                thickness: thickness * self.line_scale + 2.0 * grow,
                color,
            },
            Stroke::Line {
                from,
                to,
                thickness,
                ..
            } => Item::Line {
                from: self.point(from),
                to: self.point(to),
                thickness: thickness * self.line_scale + 2.0 * grow,
                color,
            },
        };
        frame.push(item);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn colors() -> PieceColors {
        PieceColors {
            fill: Rgba::rgb(250, 248, 240),
            outline: Rgba::rgb(30, 30, 30),
            detail: Rgba::rgb(20, 20, 20),
        }
    }

    #[test]
    fn a_token_is_an_outlined_disc_with_a_ring_over_it() {
        let mut frame = Frame::default();
        draw_shapes(
            &mut frame,
            &TOKEN,
            colors(),
            Rect::new(0.0, 0.0, 100.0, 100.0),
        );
        let shapes: Vec<(&str, f32, f32, Rgba)> = frame
            .items
            .iter()
            .map(|item| match *item {
                Item::Disc {
                    center,
                    radius,
                    color,
                } => ("disc", center.x, (radius * 100.0).round() / 100.0, color),
                Item::Ring {
                    center,
                    radius,
                    color,
                    ..
                } => ("ring", center.x, (radius * 100.0).round() / 100.0, color),
                _ => panic!("not a disc or a ring: {item:?}"),
            })
            .collect();
        assert_eq!(
            shapes,
            vec![
                ("disc", 50.0, 44.5, colors().outline),
                ("disc", 50.0, 40.0, colors().fill),
                ("ring", 50.0, 27.0, colors().detail),
            ]
        );
    }

    #[test]
    fn small_pieces_keep_lines_at_least_as_thick_as_their_outline() {
        let mut frame = Frame::default();
        draw_shapes(
            &mut frame,
            &TOKEN,
            colors(),
            Rect::new(0.0, 0.0, 10.0, 10.0),
        );
        let Some(Item::Ring { thickness, .. }) = frame.items.last() else {
            panic!("the ring goes last: {:?}", frame.items);
        };
        assert!((thickness - THINNEST_OUTLINE).abs() < 1e-4);
    }

    #[test]
    fn a_piece_is_one_cached_group_named_by_its_look_colours_and_size() {
        let cell = Rect::new(10.0, 20.0, 60.0, 60.0);
        let group = |rect: Rect, colors: PieceColors| {
            let mut frame = Frame::default();
            draw_piece(&mut frame, &TOKEN, colors, rect);
            match frame.items.as_slice() {
                [Item::Cached { key, rect, items }] => (*key, *rect, items.clone()),
                other => panic!("not one group: {other:?}"),
            }
        };
        let (key, rect, items) = group(cell, colors());
        assert!(key.is_some(), "an opaque piece is kept as a picture");
        let mut shapes = Frame::default();
        draw_shapes(&mut shapes, &TOKEN, colors(), cell);
        assert_eq!((rect, items), (cell, shapes.items));
        let elsewhere = Rect::new(300.0, 400.0, 60.0, 60.0);
        assert_eq!(
            group(elsewhere, colors()).0,
            key,
            "the same piece elsewhere"
        );
        let larger = Rect::new(10.0, 20.0, 61.0, 61.0);
        assert_ne!(group(larger, colors()).0, key, "another size");
        let mut other = colors();
        other.fill = Rgba::rgb(1, 2, 3);
        assert_ne!(group(cell, other).0, key, "other colours");
        let mut ghost = colors();
        ghost.fill = ghost.fill.with_alpha(0.5);
        assert_eq!(
            group(cell, ghost).0,
            None,
            "a faded piece is painted shape by shape"
        );
        let mut faded = Frame::default();
        let mut piece = Frame::default();
        draw_piece(&mut piece, &TOKEN, colors(), cell);
        faded.append_faded(piece, 0.5);
        assert!(
            matches!(faded.items.as_slice(), [Item::Cached { key: None, .. }]),
            "a piece faded afterwards loses its picture"
        );
    }
}
