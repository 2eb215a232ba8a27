//! The game's chat line, online only: Enter opens it at the foot of the board, and
//! while it is open every key is text (T, F, digits and the rest do nothing to the
//! game); Enter sends what was typed, Escape closes it. What others say shows as
//! messages, as the referee reports it, and the open line shows what was said before
//! (in the lobby and the game, newest last) above it.

use super::GameScreen;
use super::panel::Panel;
use crate::color::Rgba;
use crate::display::{Align, Frame};
use crate::geometry::Rect;
use crate::screens::widgets;
use crate::screens::{Context, Event, Key};
use crate::theme;
use ply_net::protocol::MAX_CHAT_CHARS;

/// How many of the latest lines said show above the open chat line.
const SHOWN_LINES: usize = 6;

impl GameScreen {
    /// Whether the chat line is open (keys are text).
    pub fn chatting(&self) -> bool {
        self.chat_line.is_some()
    }

    /// Takes `event` when it belongs to the chat line: Enter opens it (online, with no
    /// layer open), and while it is open keys type, Enter sends and Escape closes.
    pub(super) fn chat_event(&mut self, event: &Event) -> bool {
        let Some(line) = &mut self.chat_line else {
            let opens = matches!(event, Event::Key(Key::Enter))
                && self.layers.is_empty()
                && self.table.chats();
            if opens {
                self.chat_line = Some(String::new());
            }
            return opens;
        };
        match event {
            Event::Char(c) if !c.is_control() => {
                if line.chars().count() < MAX_CHAT_CHARS {
                    line.push(*c);
                }
            }
            Event::Key(Key::Backspace) => {
                line.pop();
            }
            Event::Key(Key::Escape) => self.chat_line = None,
            Event::Key(Key::Enter) => {
                let text = line.trim().to_string();
                if !text.is_empty() {
                    self.table.chat(&text);
                }
                self.chat_line = None;
            }
            Event::Key(_) | Event::Char(_) => {}
            _ => return false,
        }
        true
    }

    /// Draws the open chat line along the foot of the board's side of the window, with
    /// the latest lines said above it.
    pub(super) fn draw_chat_line(&self, context: &Context, frame: &mut Frame) {
        let Some(line) = &self.chat_line else {
            return;
        };
        let s = widgets::scale(context);
        let window = context.window.area();
        let width = Panel::area(context).x - 24.0 * s;
        // Above the keys strip along the window's foot, which would hide it.
        let strip = Rect::new(12.0 * s, window.h - 84.0 * s, width, 38.0 * s);
        let said = self
            .link
            .as_ref()
            .map(|link| link.chat_lines(SHOWN_LINES))
            .unwrap_or_default();
        let row = theme::TEXT_BODY * s * 1.4;
        let history = Rect::new(
            strip.x,
            strip.y - 6.0 * s - row * said.len().max(1) as f32 - 12.0 * s,
            strip.w,
            row * said.len().max(1) as f32 + 12.0 * s,
        );
        frame.rect(history, Rgba::rgb(16, 18, 24).with_alpha(0.9));
        if said.is_empty() {
            frame.text(
                "Nothing said yet.",
                Rect::new(
                    history.x + 10.0 * s,
                    history.y + 6.0 * s,
                    history.w - 20.0 * s,
                    row,
                ),
                theme::TEXT_BODY * s,
                theme::TEXT_DIM,
                Align::Left,
            );
        }
        for (at, (from, text)) in said.iter().enumerate() {
            frame.text(
                format!("{from}: {text}"),
                Rect::new(
                    history.x + 10.0 * s,
                    history.y + 6.0 * s + row * at as f32,
                    history.w - 20.0 * s,
                    row,
                ),
                theme::TEXT_BODY * s,
                theme::TEXT,
                Align::Left,
            );
        }
        frame.rect(strip, Rgba::rgb(250, 250, 250));
        frame.text(
            format!("Say: {line}_"),
            strip.inset(8.0 * s),
            theme::TEXT_BODY * s,
            theme::BACKGROUND,
            Align::Left,
        );
    }
}
