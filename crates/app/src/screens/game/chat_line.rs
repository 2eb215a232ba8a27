//! The game's chat line, online only: Enter opens it at the foot of the board, and
//! while it is open every key is text (T, F, digits and the rest do nothing to the
//! game); Enter sends what was typed, Escape closes it. What others say shows as
//! messages, as the referee reports it.

use super::GameScreen;
use super::panel::Panel;
use crate::color::Rgba;
use crate::display::{Align, Frame};
use crate::geometry::Rect;
use crate::screens::widgets;
use crate::screens::{Context, Event, Key};
use crate::theme;
use ply_net::protocol::MAX_CHAT_CHARS;

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

    /// Draws the open chat line along the foot of the board's side of the window.
    pub(super) fn draw_chat_line(&self, context: &Context, frame: &mut Frame) {
        let Some(line) = &self.chat_line else {
            return;
        };
        let s = widgets::scale(context);
        let window = context.window.area();
        let width = Panel::area(context).x - 24.0 * s;
        let strip = Rect::new(12.0 * s, window.h - 48.0 * s, width, 38.0 * s);
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
