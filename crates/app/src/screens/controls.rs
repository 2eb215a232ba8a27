//! The controls overlay: a small strip listing the keys and mouse actions of the current
//! screen, shown during a player's first games and toggled with F1 or in the settings.

use super::{Context, widgets};
use crate::display::{Align, Frame};
use crate::geometry::Rect;
use crate::theme;

/// One item of the overlay: what to press, and what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Control {
    /// The key or mouse action ("Click", "Esc").
    pub input: &'static str,
    /// What it does.
    pub does: &'static str,
}

impl Control {
    /// An item of the overlay.
    pub const fn new(input: &'static str, does: &'static str) -> Control {
        Control { input, does }
    }
}

/// The item every overlay ends with.
const HIDE: Control = Control::new("F1", "hide this");

/// The overlay's height, before scaling.
const HEIGHT: f32 = 28.0;

/// The strip along the bottom of `within` where the overlay goes.
pub fn area(context: &Context, within: Rect) -> Rect {
    let s = widgets::scale(context);
    let h = HEIGHT * s;
    Rect::new(
        within.x + 6.0 * s,
        within.y + within.h - h - 4.0 * s,
        within.w - 12.0 * s,
        h,
    )
}

/// The overlay's text: each control with what it does, in one line.
pub fn line(controls: &[Control]) -> String {
    controls
        .iter()
        .chain([&HIDE])
        .map(|control| format!("{}: {}", control.input, control.does))
        .collect::<Vec<_>>()
        .join("  ·  ")
}

/// How wide a letter of the interface's font is, at most, for its size (DejaVu Sans
/// averages a little over half; the margin keeps a line from being cut).
const LETTER_WIDTH: f32 = 0.6;

/// The font size for `line` in a strip `width` wide: the usual `size`, or smaller for a
/// line too long for it at that size (many keys, or a large text size), so that every
/// key shows; never below 9 points.
pub fn fitted_size(line: &str, width: f32, size: f32) -> f32 {
    let needed = line.chars().count() as f32 * LETTER_WIDTH * size;
    if needed <= width {
        size
    } else {
        (size * width / needed).max(9.0)
    }
}

/// Draws the overlay of `controls` (and how to hide it) along the bottom of `within`.
pub fn draw(context: &Context, controls: &[Control], within: Rect, frame: &mut Frame) {
    let s = widgets::scale(context);
    let rect = area(context, within);
    frame.rounded(rect, theme::CORNER * s, theme::PANEL.with_alpha(0.94));
    let text = line(controls);
    let room = rect.inset(4.0 * s);
    let size = fitted_size(&text, room.w, 14.0 * s);
    frame.text(text, room, size, theme::TEXT, Align::Center);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_too_long_for_its_strip_is_drawn_smaller_to_fit_and_a_short_one_is_not() {
        let short = "Click: choose  ·  F1: hide this";
        assert_eq!(fitted_size(short, 1256.0, 21.0), 21.0);
        let long = "Click: choose a filter, a game, a box  ·  ↑/↓: move  ·  PgUp/PgDn: page  ·  \
                    Space: choose  ·  Enter: open  ·  Del: delete  ·  F1: hide this";
        let size = fitted_size(long, 1256.0, 21.0);
        assert!(size < 21.0);
        assert!(long.chars().count() as f32 * LETTER_WIDTH * size <= 1256.0 + 0.01);
        assert_eq!(fitted_size(&long.repeat(20), 1256.0, 21.0), 9.0);
    }
}
