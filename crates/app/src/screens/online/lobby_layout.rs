//! Where everything in the lobby goes, for any window and text size: who can join across
//! the top, then two columns (the game and the sides on the left, the players on the
//! right, above the chat), and Leave, what the lobby waits for, and Start along the bottom. Rows are
//! squeezed to fit, so the lobby fits at 150% text on a 1280x800 window.

use super::super::Context;
use super::super::widgets;
use crate::geometry::Rect;

/// Where the lines saying who can join start, and how far apart they are, before scaling.
const REACH_TOP: f32 = 106.0;
const REACH_LINE: f32 = 40.0;
/// How many such lines there can be.
const REACH_LINES: usize = 3;
/// A player's row in the players' column, before scaling.
const PLAYER_ROW: f32 = 46.0;
/// The share of the right column the chat takes, below the players.
const CHAT_SHARE: f32 = 0.5;
/// The chat's typing line, before scaling.
const CHAT_INPUT: f32 = 34.0;

/// The lobby's parts on screen.
pub struct LobbyLayout {
    /// The lines saying who can join, each with the place for its Copy or Help button.
    pub reach: Vec<(Rect, Rect)>,
    /// The game chosen and the computer's strength (one box for a guest's "Game: ...").
    pub setup: (Rect, Rect),
    /// Each side's seat.
    pub sides: [Rect; 2],
    /// The heading of the players' column.
    pub players_heading: Rect,
    /// The players' rows that fit, top to bottom.
    pub player_rows: Vec<Rect>,
    /// The chat's lines and, below them, its typing line.
    pub chat: (Rect, Rect),
    /// The Leave button.
    pub leave: Rect,
    /// What the lobby waits for, between Leave and Start.
    pub status: Rect,
    /// The Start (or Rejoin, or Return to the game) button.
    pub start: Rect,
}

impl LobbyLayout {
    /// The layout for this window and text size.
    pub fn new(context: &Context) -> LobbyLayout {
        let s = widgets::scale(context);
        let window = context.window.area();
        let margin = 48.0 * s;
        let width = window.w - 2.0 * margin;
        let button_w = 130.0 * s;
        let reach = (0..REACH_LINES)
            .map(|i| {
                let y = (REACH_TOP + i as f32 * REACH_LINE) * s;
                (
                    Rect::new(margin, y, width - button_w - 20.0 * s, 34.0 * s),
                    Rect::new(margin + width - button_w, y, button_w, 34.0 * s),
                )
            })
            .collect();
        let bottom = window.h - 72.0 * s;
        let top = (REACH_TOP + REACH_LINES as f32 * REACH_LINE + 6.0) * s;
        let left_w = (760.0 * s).min(width * 0.6);
        let column = Rect::new(margin, top, left_w, bottom - 16.0 * s - top);
        let rows = widgets::stack(column, 3, 48.0 * s, 14.0 * s);
        let half = (left_w - 14.0 * s) / 2.0;
        let setup = (
            Rect::new(rows[0].x, rows[0].y, half, rows[0].h),
            Rect::new(rows[0].x + half + 14.0 * s, rows[0].y, half, rows[0].h),
        );
        let right_x = margin + left_w + 30.0 * s;
        let right_w = margin + width - right_x;
        let chat_h = column.h * CHAT_SHARE;
        let right = Rect::new(right_x, top, right_w, column.h - chat_h);
        let input_h = CHAT_INPUT * s;
        let chat_top = right.y + right.h + 8.0 * s;
        let chat_bottom = top + column.h;
        let chat = (
            Rect::new(
                right_x,
                chat_top,
                right_w,
                chat_bottom - input_h - 4.0 * s - chat_top,
            ),
            Rect::new(right_x, chat_bottom - input_h, right_w, input_h),
        );
        let players_heading = Rect::new(right.x, right.y, right.w, 34.0 * s);
        let fitting = ((right.h - players_heading.h) / (PLAYER_ROW * s)).max(0.0) as usize;
        let player_rows = (0..fitting)
            .map(|i| {
                let y = players_heading.y + players_heading.h + i as f32 * PLAYER_ROW * s;
                Rect::new(right.x, y, right.w, (PLAYER_ROW - 6.0) * s)
            })
            .collect();
        let leave = Rect::new(margin, bottom, 200.0 * s, 52.0 * s);
        let start = Rect::new(margin + width - 260.0 * s, bottom, 260.0 * s, 52.0 * s);
        let status_x = leave.x + leave.w + 20.0 * s;
        let status = Rect::new(status_x, bottom, start.x - 20.0 * s - status_x, 52.0 * s);
        LobbyLayout {
            reach,
            setup,
            sides: [rows[1], rows[2]],
            players_heading,
            player_rows,
            chat,
            leave,
            status,
            start,
        }
    }
}
