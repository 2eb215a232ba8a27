//! The chat panel of the lobby: the latest lines, newest last, each with its speaker's
//! name, and a line to type into. While that line has the focus every key is text (no
//! key of the lobby fires); Enter sends, Escape lets go of the focus.

use super::super::widgets;
use super::super::{Context, Event, Key};
use crate::chat_log::ChatLog;
use crate::color::Rgba;
use crate::display::{Align, Frame};
use crate::geometry::Rect;
use crate::theme;
use ply_net::protocol::MAX_CHAT_CHARS;

/// The line being typed and whether it has the focus.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChatInput {
    draft: String,
    focused: bool,
}

/// What a key or click did to the chat line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChatTyped {
    /// Nothing: the event is not the chat's.
    Ignored,
    /// The chat took the event.
    Taken,
    /// Enter was pressed on this text: send it.
    Send(String),
}

impl ChatInput {
    /// Whether the line has the focus (keys are text).
    pub fn focused(&self) -> bool {
        self.focused
    }

    /// Takes `event` when it is the chat's: a click on `input` focuses it (a click
    /// elsewhere lets go), and keys type while it has the focus.
    pub fn update(&mut self, event: &Event, input: Rect) -> ChatTyped {
        match event {
            Event::PointerUp(point) => {
                self.focused = input.contains(*point);
                if self.focused {
                    ChatTyped::Taken
                } else {
                    ChatTyped::Ignored
                }
            }
            _ if !self.focused => ChatTyped::Ignored,
            Event::Char(c) if !c.is_control() => {
                if self.draft.chars().count() < MAX_CHAT_CHARS {
                    self.draft.push(*c);
                }
                ChatTyped::Taken
            }
            Event::Key(Key::Backspace) => {
                self.draft.pop();
                ChatTyped::Taken
            }
            Event::Key(Key::Escape) => {
                self.focused = false;
                ChatTyped::Taken
            }
            Event::Key(Key::Enter) => {
                let text = std::mem::take(&mut self.draft).trim().to_string();
                if text.is_empty() {
                    ChatTyped::Taken
                } else {
                    ChatTyped::Send(text)
                }
            }
            Event::Key(_) | Event::Char(_) => ChatTyped::Taken,
            _ => ChatTyped::Ignored,
        }
    }

    /// Draws the latest lines of `log` that fit in `area` (newest at the bottom) and
    /// the line being typed in `input`.
    pub fn draw(
        &self,
        context: &Context,
        frame: &mut Frame,
        (area, input): (Rect, Rect),
        log: &ChatLog,
    ) {
        let s = widgets::scale(context);
        let size = theme::TEXT_SMALL * s;
        let line_h = size * 1.35;
        frame.rounded(area, theme::CORNER * s, theme::PANEL);
        let inner = area.inset(6.0 * s);
        let fitting = (inner.h / line_h).floor().max(0.0) as usize;
        let shown: Vec<_> = log.lines().rev().take(fitting).collect();
        for (row, line) in shown.into_iter().rev().enumerate() {
            let rect = Rect::new(inner.x, inner.y + row as f32 * line_h, inner.w, line_h);
            frame.text(
                format!("{}: {}", line.from, line.text),
                rect,
                size,
                theme::TEXT,
                Align::Left,
            );
        }
        frame.rect(
            input,
            if self.focused {
                Rgba::rgb(250, 250, 250)
            } else {
                Rgba::rgb(225, 228, 234)
            },
        );
        let typed = if self.focused {
            format!("{}_", self.draft)
        } else if self.draft.is_empty() {
            "Click here to chat".to_string()
        } else {
            self.draft.clone()
        };
        frame.text(
            typed,
            input.inset(6.0 * s),
            size,
            theme::BACKGROUND,
            Align::Left,
        );
    }
}
