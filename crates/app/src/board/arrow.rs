//! The hint's arrow: a thick line along a move's path with a head at its end, drawn in
//! board coordinates by any board view.

use crate::color::Rgba;
use crate::display::{Frame, Item};
use crate::geometry::Point;

/// Draws an arrow through `points` (at least two), `width` thick, its head at the last.
pub fn draw_arrow(frame: &mut Frame, points: &[Point], width: f32, color: Rgba) {
    let [.., before, end] = points else {
        return;
    };
    let (dx, dy) = (end.x - before.x, end.y - before.y);
    let length = (dx * dx + dy * dy).sqrt();
    if length < 1.0 {
        return;
    }
    let (ux, uy) = (dx / length, dy / length);
    let head = (width * 2.6).min(length * 0.6);
    let base = Point::new(end.x - ux * head, end.y - uy * head);
    for pair in points.windows(2) {
        let to = if pair[1] == *end { base } else { pair[1] };
        frame.push(Item::Line {
            from: pair[0],
            to,
            thickness: width,
            color,
        });
    }
    let (px, py) = (-uy * head * 0.55, ux * head * 0.55);
    frame.push(Item::Triangles {
        corners: vec![[
            *end,
            Point::new(base.x + px, base.y + py),
            Point::new(base.x - px, base.y - py),
        ]],
        color,
    });
}
