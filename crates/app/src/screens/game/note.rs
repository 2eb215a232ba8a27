//! A sentence in a box above the board, in the margin under the message bar: the reason a
//! move is not legal, or the mark that the board shows the past while looking back.

use super::panel::Panel;
use crate::color::Rgba;
use crate::display::{Align, Frame};
use crate::geometry::Rect;
use crate::screens::{Context, widgets};
use crate::theme;

/// The height of the box, before scaling.
const HEIGHT: f32 = 30.0;

/// Where the box goes: in the margin between the top message bar and the board (clear
/// of Connect Four's counter waiting above it), as wide as the board, or wider (up to
/// the room left of the panel) for a sentence that needs it at large text; a sentence
/// longer than that room gets as many lines as it needs, over the board's top edge.
pub fn area(context: &Context, board: Rect, text: &str) -> Rect {
    let s = widgets::scale(context);
    let top = (widgets::MESSAGE_HEIGHT + 2.0) * s;
    let room = Rect::new(16.0 * s, top, Panel::area(context).x - 32.0 * s, HEIGHT * s);
    let size = theme::TEXT_SMALL * s;
    let needed = text.chars().count() as f32 * size * 0.55 + 16.0 * s;
    let width = board.w.max(needed).min(room.w);
    let x = (board.x + (board.w - width) / 2.0).clamp(room.x, room.x + room.w - width);
    let lines = if needed <= width {
        1
    } else {
        widgets::wrapped_lines(text, width - 16.0 * s, size)
    };
    let height = if lines > 1 {
        lines as f32 * size * 1.25 + 12.0 * s
    } else {
        HEIGHT * s
    };
    Rect::new(x, top, width, height)
}

/// Draws `text` in a box of `fill` above the board, on as many lines as it needs.
pub fn draw(text: &str, fill: Rgba, context: &Context, board: Rect, frame: &mut Frame) {
    let s = widgets::scale(context);
    let rect = area(context, board, text);
    frame.rounded(rect, theme::CORNER * s, fill);
    let one_line = rect.h <= HEIGHT * s;
    let (inside, align) = if one_line {
        (rect.inset(4.0 * s), Align::Center)
    } else {
        (rect.inset(6.0 * s), Align::Wrap)
    };
    frame.text(text, inside, theme::TEXT_SMALL * s, theme::TEXT, align);
}
