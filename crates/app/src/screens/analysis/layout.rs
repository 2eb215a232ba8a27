//! Where the analysis board's parts go: the panel on the right, the board to its left
//! with the evaluation bar beside it, all scaled with the window.

use crate::geometry::Rect;
use crate::screens::{Context, widgets};

/// The analysis board's areas.
pub struct Layout {
    /// The panel: lines, moves, the review, buttons.
    pub panel: Rect,
    /// The area the board fits in.
    pub board: Rect,
    /// The width of the evaluation bar and the gap beside it.
    pub bar_width: f32,
}

impl Layout {
    /// The layout for the window in `context`.
    pub fn of(context: &Context) -> Layout {
        let s = widgets::scale(context);
        let window = context.window.area();
        let panel_width = (440.0 * s).min(window.w * 0.42);
        let panel = Rect::new(window.w - panel_width, 0.0, panel_width, window.h);
        let margin = 28.0 * s;
        let bar_width = 22.0 * s;
        let left = margin + bar_width + 12.0 * s;
        let top = widgets::MESSAGE_HEIGHT * s + margin * 0.5;
        Layout {
            panel,
            board: Rect::new(left, top, panel.x - left - margin, window.h - top - margin),
            bar_width,
        }
    }
}
