//! The online screens' forms: one-line text fields with a focus, typing into the
//! focused field, and the buttons under them.

use super::super::widgets::{self, Buttons, Look};
use super::super::{Context, Event, Key, Transition};
use super::error::OnlineError;
use super::lobby::LobbyScreen;
use crate::color::Rgba;
use crate::display::{Align, Frame};
use crate::geometry::Rect;
use crate::theme;
use ply_net::name::{NAME_RULE, name_problem};
use ply_play::Message;

/// A one-line text field.
pub struct Field {
    /// What the field is for.
    pub label: &'static str,
    /// What has been typed.
    pub value: String,
    /// Shown as stars (passwords).
    pub secret: bool,
    /// Holds a player's name: the name rule shows beneath it, checked as it is typed.
    pub name: bool,
    /// Shares the row of the field above, at its right end (a short value, such as a
    /// port), with its label just before it.
    pub beside: bool,
}

impl Field {
    fn shown(&self, focused: bool) -> String {
        let text = if self.secret {
            "*".repeat(self.value.chars().count())
        } else {
            self.value.clone()
        };
        if focused { format!("{text}_") } else { text }
    }
}

/// Fields, a focus, and typing into the focused one.
pub struct Form {
    /// The fields, top to bottom.
    pub fields: Vec<Field>,
    /// The field being typed in.
    pub focus: Option<usize>,
}

impl Form {
    /// Each field's label and box, top to bottom; a field beside the one above takes
    /// the right end of that one's box.
    fn rects(&self, context: &Context) -> Vec<(Rect, Rect)> {
        let s = widgets::scale(context);
        let left = (context.window.size.0 - 700.0 * s) / 2.0;
        let mut rects: Vec<(Rect, Rect)> = Vec::with_capacity(self.fields.len());
        let mut row = 0;
        for field in &self.fields {
            let y = 150.0 * s + row as f32 * 76.0 * s;
            match rects.last_mut() {
                Some((_, above)) if field.beside => {
                    above.w = 290.0 * s;
                    let y = above.y;
                    rects.push((
                        Rect::new(left + 540.0 * s, y, 60.0 * s, 54.0 * s),
                        Rect::new(left + 600.0 * s, y, 100.0 * s, 54.0 * s),
                    ));
                }
                _ => {
                    rects.push((
                        Rect::new(left, y, 240.0 * s, 54.0 * s),
                        Rect::new(left + 240.0 * s, y, 460.0 * s, 54.0 * s),
                    ));
                    row += 1;
                }
            }
        }
        rects
    }

    fn type_event(&mut self, event: &Event) -> bool {
        let Some(field) = self.focus.and_then(|i| self.fields.get_mut(i)) else {
            return false;
        };
        match event {
            Event::Char(c) if !c.is_control() && field.value.chars().count() < 64 => {
                field.value.push(*c)
            }
            Event::Key(Key::Backspace) => {
                field.value.pop();
            }
            Event::Key(Key::Enter) => self.focus = None,
            _ => return false,
        }
        true
    }

    fn click(&mut self, context: &Context, point: crate::geometry::Point) {
        self.focus = self
            .rects(context)
            .iter()
            .position(|(_, field)| field.contains(point));
    }

    /// Draws the fields with their labels.
    pub fn draw(&self, context: &Context, frame: &mut Frame) {
        let s = widgets::scale(context);
        for (i, (label, field)) in self.rects(context).into_iter().enumerate() {
            frame.text(
                self.fields[i].label,
                label,
                24.0 * s,
                theme::TEXT,
                Align::Left,
            );
            let focused = self.focus == Some(i);
            frame.rect(
                field,
                if focused {
                    Rgba::rgb(250, 250, 250)
                } else {
                    Rgba::rgb(225, 228, 234)
                },
            );
            frame.text(
                self.fields[i].shown(focused),
                field.inset(10.0 * s),
                24.0 * s,
                theme::BACKGROUND,
                Align::Left,
            );
            if self.fields[i].name {
                let below = Rect::new(field.x, field.y + field.h + 2.0 * s, field.w, 18.0 * s);
                let (text, color) = match name_problem(self.fields[i].value.trim()) {
                    Some(problem) => (format!("Not allowed: {problem}"), theme::WARNING),
                    None => (NAME_RULE.to_string(), theme::TEXT_DIM),
                };
                frame.text(text, below, 14.0 * s, color, Align::Left);
            }
        }
    }

    /// The trimmed text of field `i`.
    pub fn value(&self, i: usize) -> String {
        self.fields
            .get(i)
            .map(|field| field.value.trim().to_string())
            .unwrap_or_default()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// What a form's button does.
pub enum FormAction {
    /// Choose the next game to offer.
    Mode,
    /// Choose the next clock for the games.
    Clock,
    /// Go ahead (open the lobby, join).
    Go,
    /// Open the help page.
    Help,
    /// Back to the menu.
    Back,
}

/// A form's Back button (bottom left) and its going-ahead button labelled `go` (bottom
/// right).
pub fn back_and_go(context: &Context, go: &str) -> [(Rect, String, Look, FormAction); 2] {
    let s = widgets::scale(context);
    let bottom = context.window.size.1 - 90.0 * s;
    [
        (
            Rect::new(40.0 * s, bottom, 200.0 * s, 54.0 * s),
            "Back".into(),
            Look::Normal,
            FormAction::Back,
        ),
        (
            Rect::new(
                context.window.size.0 - 300.0 * s,
                bottom,
                260.0 * s,
                54.0 * s,
            ),
            go.into(),
            Look::Chosen,
            FormAction::Go,
        ),
    ]
}

/// A help button labelled `label`, in the bottom row between Back and the form's own
/// button, where it has room at every text size.
pub fn help_between(context: &Context, label: &str) -> (Rect, String, Look, FormAction) {
    let s = widgets::scale(context);
    let [(back, ..), (go, ..)] = back_and_go(context, "");
    let left = back.x + back.w + 24.0 * s;
    (
        Rect::new(left, back.y + 7.0 * s, go.x - 24.0 * s - left, 40.0 * s),
        label.into(),
        Look::Normal,
        FormAction::Help,
    )
}

/// Goes to the lobby a form opened or joined, or stays on the form saying why not.
pub fn enter(lobby: Result<LobbyScreen, OnlineError>, context: &mut Context) -> Transition {
    match lobby {
        Ok(lobby) => Transition::Replace(Box::new(lobby)),
        Err(error) => {
            context.output.notice = Some(Message::error(error.to_string()));
            Transition::Stay
        }
    }
}

/// Types into the form or finds the button clicked.
pub fn form_update(
    form: &mut Form,
    buttons: Vec<(Rect, String, Look, FormAction)>,
    event: &Event,
    context: &Context,
) -> Option<FormAction> {
    if form.type_event(event) {
        return None;
    }
    match event {
        Event::Key(Key::Escape) => Some(FormAction::Back),
        Event::Key(Key::Enter) => Some(FormAction::Go),
        Event::PointerUp(point) => {
            let mut hits = Buttons::new();
            for (rect, _, _, action) in buttons {
                hits.add(rect, action);
            }
            form.click(context, *point);
            hits.at(*point)
        }
        _ => None,
    }
}

/// Draws a form's buttons.
pub fn draw_buttons(
    context: &Context,
    frame: &mut Frame,
    buttons: Vec<(Rect, String, Look, FormAction)>,
) {
    for (rect, label, look, _) in buttons {
        widgets::button(frame, context, rect, &label, look);
    }
}
