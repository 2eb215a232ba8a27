//! The settings screen: board theme, the player's name, the window size (only sizes that
//! fit the screen), the size of texts and buttons, a row that opens the settings of play
//! (board view, premoves, the computer's pause, the keys overlay), whether hosting asks
//! the router to open the port, and a row that opens the sound settings (showing "no
//! sound device" when there is none).

use super::play_settings::{self, PlaySettingsScreen};
use super::sound::{self, SoundScreen};
use super::widgets::{self, Buttons, Look};
use super::{Context, Event, Key, Screen, Transition};
use crate::display::{Align, Frame, Item};
use crate::geometry::Rect;
use crate::settings::{TEXT_SIZES, window_sizes_that_fit};
use crate::theme;
use ply_net::name::{NAME_RULE, name_problem};

/// Longest name a player may type.
pub const MAX_NAME_LENGTH: usize = 20;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    Theme,
    Name,
    WindowSize,
    TextSize,
    Playing,
    Upnp,
    Sound,
    Back,
}

/// The settings screen.
#[derive(Default)]
pub struct SettingsScreen {
    editing_name: bool,
}

impl SettingsScreen {
    /// A settings screen with nothing being edited.
    pub fn new() -> SettingsScreen {
        SettingsScreen::default()
    }

    fn rows(&self, context: &Context) -> Vec<(Rect, Rect, Action)> {
        const ROWS: [Action; 7] = [
            Action::Theme,
            Action::Name,
            Action::WindowSize,
            Action::TextSize,
            Action::Playing,
            Action::Upnp,
            Action::Sound,
        ];
        widgets::form_rows(context, ROWS.len())
            .into_iter()
            .zip(ROWS)
            .map(|((label, field), action)| (label, field, action))
            .collect()
    }

    /// The line under the title: the name rule while the name is typed, a warning when
    /// the name would be refused online, else how the screen works.
    fn hint(&self, context: &Context) -> (String, crate::color::Rgba) {
        let problem = name_problem(context.prefs.settings.name.trim());
        match problem {
            Some(problem) => (format!("Not allowed online: {problem}"), theme::WARNING),
            None if self.editing_name => (NAME_RULE.to_string(), theme::TEXT_DIM),
            None => (
                "Click a setting to change it. Changes are kept for next time.".to_string(),
                theme::TEXT_DIM,
            ),
        }
    }

    fn leave(&mut self, context: &mut Context) -> Transition {
        context.prefs.changed = true;
        Transition::Pop
    }
}

impl Screen for SettingsScreen {
    fn controls(&self) -> Vec<crate::screens::controls::Control> {
        vec![
            crate::screens::controls::Control::new("Click", "change a setting"),
            crate::screens::controls::Control::new("Esc", "back"),
        ]
    }

    fn update(&mut self, event: &Event, context: &mut Context) -> Transition {
        match event {
            Event::Char(c) if self.editing_name => {
                let name = &mut context.prefs.settings.name;
                if !c.is_control() && name.chars().count() < MAX_NAME_LENGTH {
                    name.push(*c);
                }
                Transition::Stay
            }
            Event::Key(Key::Backspace) if self.editing_name => {
                context.prefs.settings.name.pop();
                Transition::Stay
            }
            Event::Key(Key::Enter) if self.editing_name => {
                self.editing_name = false;
                Transition::Stay
            }
            Event::Key(Key::Escape) => self.leave(context),
            Event::PointerUp(point) => {
                let mut buttons = Buttons::new();
                for (_, field, action) in self.rows(context) {
                    buttons.add(field, action);
                }
                buttons.add(widgets::back_button(context), Action::Back);
                self.editing_name = false;
                match buttons.at(*point) {
                    Some(Action::Theme) => {
                        context.prefs.settings.theme =
                            (context.prefs.settings.theme + 1) % theme::THEMES.len();
                    }
                    Some(Action::Name) => self.editing_name = true,
                    Some(Action::WindowSize) => {
                        let sizes = window_sizes_that_fit(context.window.screen);
                        let now = (
                            context.prefs.settings.window_width,
                            context.prefs.settings.window_height,
                        );
                        let next = sizes
                            .iter()
                            .position(|&size| size == now)
                            .map_or(0, |i| (i + 1) % sizes.len());
                        (
                            context.prefs.settings.window_width,
                            context.prefs.settings.window_height,
                        ) = sizes[next];
                    }
                    Some(Action::TextSize) => {
                        let now = TEXT_SIZES
                            .iter()
                            .position(|&percent| percent == context.prefs.settings.text_size);
                        context.prefs.settings.text_size =
                            TEXT_SIZES[now.map_or(0, |i| (i + 1) % TEXT_SIZES.len())];
                    }
                    Some(Action::Playing) => {
                        return Transition::Push(Box::new(PlaySettingsScreen));
                    }
                    Some(Action::Upnp) => {
                        context.prefs.settings.upnp = !context.prefs.settings.upnp
                    }
                    Some(Action::Sound) => return Transition::Push(Box::new(SoundScreen)),
                    Some(Action::Back) => return self.leave(context),
                    None => {}
                }
                Transition::Stay
            }
            _ => Transition::Stay,
        }
    }

    fn typing(&self) -> bool {
        self.editing_name
    }

    fn draw(&self, context: &Context, frame: &mut Frame) {
        widgets::page(frame, context, "Settings");
        let s = widgets::scale(context);
        let settings = &context.prefs.settings;
        for (label, field, action) in self.rows(context) {
            let (name, value) = match action {
                Action::Theme => ("Board theme", theme::theme(settings.theme).name.to_string()),
                Action::Name => {
                    let cursor = if self.editing_name { "_" } else { "" };
                    ("Your name", format!("{}{cursor}", settings.name))
                }
                Action::WindowSize => (
                    "Window size",
                    format!("{} x {}", settings.window_width, settings.window_height),
                ),
                Action::TextSize => ("Text size", format!("{}%", settings.text_size)),
                Action::Playing => ("Playing", play_settings::summary(settings)),
                Action::Upnp => (
                    "Router (UPnP)",
                    if settings.upnp {
                        "Asked to open the port"
                    } else {
                        "Not asked"
                    }
                    .to_string(),
                ),
                Action::Sound => ("Sound", sound::summary(context)),
                Action::Back => ("", String::new()),
            };
            frame.text(name, label, 26.0 * s, theme::TEXT, Align::Left);
            let look = if action == Action::Name && self.editing_name {
                Look::Chosen
            } else {
                Look::Normal
            };
            widgets::button(frame, context, field, &value, look);
            if action == Action::Theme {
                let chosen = theme::theme(settings.theme);
                let swatch = (24.0 * s).min(field.h * 0.5);
                let swatches_left = field.x + field.w - 4.0 * swatch - 14.0 * s;
                for i in 0..4 {
                    let color = if i % 2 == 0 {
                        chosen.light
                    } else {
                        chosen.dark
                    };
                    frame.push(Item::Rect {
                        rect: Rect::new(
                            swatches_left + i as f32 * swatch,
                            field.y + (field.h - swatch) / 2.0 - 1.5 * s,
                            swatch,
                            swatch,
                        ),
                        color,
                    });
                }
            }
        }
        let (hint, color) = self.hint(context);
        frame.text(
            hint,
            Rect::new(0.0, 106.0 * s, context.window.size.0, 30.0 * s),
            20.0 * s,
            color,
            Align::Center,
        );
        widgets::draw_back_button(frame, context);
    }
}
