//! A question asked before something that cannot be undone (resigning, deleting a save,
//! closing a hosted lobby): the window dims, the question shows, and Cancel and the
//! confirming button sit side by side, with the confirming one never where the click
//! that asked the question was, so a double click cannot answer it by accident.

use super::Context;
use super::widgets::{self, Look};
use crate::color::Rgba;
use crate::display::{Align, Frame};
use crate::geometry::{Point, Rect};
use crate::theme;

/// An open question and what confirming it does.
#[derive(Clone, Debug, PartialEq)]
pub struct Question<A> {
    /// What is asked, in a player's words.
    pub text: String,
    /// The confirming button's label ("Delete", "Resign").
    pub yes: &'static str,
    /// What confirming does.
    pub action: A,
    /// Where the click that asked it was.
    pub asked_at: Point,
}

/// How a click answered a question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer<A> {
    /// Go ahead.
    Yes(A),
    /// Do nothing.
    No,
}

/// Cancel and the confirming button, side by side in the lower middle of the window,
/// swapped when the confirming one would lie under `asked_at`: (cancel, confirm).
pub fn buttons(context: &Context, asked_at: Point) -> (Rect, Rect) {
    let s = widgets::scale(context);
    let window = context.window.area();
    let (w, h, gap) = (240.0 * s, 56.0 * s, 40.0 * s);
    let y = window.h * 0.55;
    let left = Rect::new(window.w / 2.0 - w - gap / 2.0, y, w, h);
    let right = Rect::new(window.w / 2.0 + gap / 2.0, y, w, h);
    if right.contains(asked_at) {
        (right, left)
    } else {
        (left, right)
    }
}

/// Dims the window and writes `title` near its top: on one line when it fits, else
/// smaller and on as many lines as it needs (a question naming a long save).
pub fn dim(context: &Context, frame: &mut Frame, title: &str) {
    frame.rect(context.window.area(), Rgba(0.0, 0.0, 0.0, 0.62));
    let s = widgets::scale(context);
    let width = context.window.size.0 - 80.0 * s;
    let one_line = widgets::wrapped_lines(title, width, 36.0 * s) == 1;
    let (size, lines) = if one_line {
        (36.0 * s, 1)
    } else {
        let size = 28.0 * s;
        (size, widgets::wrapped_lines(title, width, size))
    };
    let text_h = (lines as f32 * size * 1.25).max(60.0 * s);
    // The title stands on a band of its own, so the screen's title below never shows
    // through it.
    let band = Rect::new(0.0, 30.0 * s, context.window.size.0, text_h + 20.0 * s);
    frame.rect(band, theme::BACKGROUND);
    let align = if one_line { Align::Center } else { Align::Wrap };
    let text = Rect::new(40.0 * s, 40.0 * s, width, text_h);
    frame.text(title, text, size, theme::TITLE, align);
}

impl<A: Copy> Question<A> {
    /// What a click at `point` says.
    pub fn answer(&self, context: &Context, point: Point) -> Option<Answer<A>> {
        let (no, yes) = buttons(context, self.asked_at);
        if yes.contains(point) {
            Some(Answer::Yes(self.action))
        } else if no.contains(point) {
            Some(Answer::No)
        } else {
            None
        }
    }

    /// Draws the question over whatever is below.
    pub fn draw(&self, context: &Context, frame: &mut Frame) {
        dim(context, frame, &self.text);
        let (no, yes) = buttons(context, self.asked_at);
        widgets::button(frame, context, no, "Cancel", Look::Normal);
        widgets::button(frame, context, yes, self.yes, Look::Chosen);
    }
}
