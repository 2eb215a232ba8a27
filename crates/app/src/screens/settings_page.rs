//! A page of settings opened from the settings screen (sound, playing): a title, a
//! line under it, a row per setting (its name, and a button showing its value that
//! changes it when clicked), and Back; Esc goes back too. Each page says only what
//! its rows are and do.

use super::widgets::{self, Buttons, Look};
use super::{Context, Event, Key, Transition};
use crate::color::Rgba;
use crate::display::{Align, Frame};
use crate::geometry::Rect;
use crate::settings::Settings;
use crate::theme;

/// What a page of settings is made of.
pub trait SettingsPage {
    /// A row's (or Back's) action.
    type Action: Copy + PartialEq + 'static;
    /// The page's title.
    const TITLE: &'static str;
    /// The rows, top to bottom.
    const ROWS: &'static [Self::Action];
    /// The action of the Back button (and of Esc).
    const BACK: Self::Action;
    /// A row's name and the value its button shows.
    fn field(action: Self::Action, settings: &Settings) -> (&'static str, String);
    /// Does what `action` does to the settings; Back leaves the page.
    fn act(action: Self::Action, context: &mut Context) -> Transition;
    /// The line under the title, and its colour.
    fn note(_context: &Context) -> (String, Rgba) {
        (
            "Click a setting to change it. Changes are kept for next time.".to_string(),
            theme::TEXT_DIM,
        )
    }
}

/// Each row's name area, button and action.
pub fn rows<P: SettingsPage>(context: &Context) -> Vec<(Rect, Rect, P::Action)> {
    widgets::form_rows(context, P::ROWS.len())
        .into_iter()
        .zip(P::ROWS.iter().copied())
        .map(|((label, field), action)| (label, field, action))
        .collect()
}

/// The page's answer to `event`.
pub fn update<P: SettingsPage>(event: &Event, context: &mut Context) -> Transition {
    match event {
        Event::Key(Key::Escape) => P::act(P::BACK, context),
        Event::PointerUp(point) => {
            let mut buttons = Buttons::new();
            for (_, field, action) in rows::<P>(context) {
                buttons.add(field, action);
            }
            buttons.add(widgets::back_button(context), P::BACK);
            match buttons.at(*point) {
                Some(action) => P::act(action, context),
                None => Transition::Stay,
            }
        }
        _ => Transition::Stay,
    }
}

/// Draws the page.
pub fn draw<P: SettingsPage>(context: &Context, frame: &mut Frame) {
    widgets::page(frame, context, P::TITLE);
    let s = widgets::scale(context);
    let (note, color) = P::note(context);
    frame.text(
        &note,
        Rect::new(0.0, 106.0 * s, context.window.size.0, 30.0 * s),
        20.0 * s,
        color,
        Align::Center,
    );
    for (label, field, action) in rows::<P>(context) {
        let (name, value) = P::field(action, &context.prefs.settings);
        frame.text(name, label, 26.0 * s, theme::TEXT, Align::Left);
        widgets::button(frame, context, field, &value, Look::Normal);
    }
    widgets::draw_back_button(frame, context);
}
