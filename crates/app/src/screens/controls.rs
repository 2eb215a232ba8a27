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

/// Draws the overlay of `controls` (and how to hide it) along the bottom of `within`.
pub fn draw(context: &Context, controls: &[Control], within: Rect, frame: &mut Frame) {
    let s = widgets::scale(context);
    let rect = area(context, within);
    frame.rounded(rect, theme::CORNER * s, theme::PANEL.with_alpha(0.94));
    frame.text(
        line(controls),
        rect.inset(4.0 * s),
        14.0 * s,
        theme::TEXT,
        Align::Center,
    );
}
