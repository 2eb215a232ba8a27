//! The settings screen: board theme, the player's name, the window size, how long the
//! computer pauses between moves in a game between computers, whether hosting asks the
//! router to open the port, a row that opens the sound settings (showing "no sound
//! device" when there is none), and when the overlay of keys and mouse actions shows.

use super::sound::{self, SoundScreen};
use super::widgets::{self, Buttons, Look};
use super::{Context, Event, Key, Screen, Transition};
use crate::display::{Align, Frame, Item, Rect};
use crate::settings::{ControlsOverlay, PACES_MS, WINDOW_SIZES};
use crate::theme;
use ply_net::name::{NAME_RULE, name_problem};

/// Longest name a player may type.
pub const MAX_NAME_LENGTH: usize = 20;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    Theme,
    Name,
    WindowSize,
    Pace,
    Upnp,
    Sound,
    Controls,
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

    fn rows(&self, context: &Context) -> [(Rect, Rect, Action); 7] {
        let s = widgets::scale(context);
        let window = context.window();
        let label_w = 260.0 * s;
        let field_w = 420.0 * s;
        let left = (window.w - label_w - field_w) / 2.0;
        let row = |i: usize, action| {
            let y = 180.0 * s + i as f32 * 72.0 * s;
            (
                Rect::new(left, y, label_w, 54.0 * s),
                Rect::new(left + label_w, y, field_w, 54.0 * s),
                action,
            )
        };
        [
            row(0, Action::Theme),
            row(1, Action::Name),
            row(2, Action::WindowSize),
            row(3, Action::Pace),
            row(4, Action::Upnp),
            row(5, Action::Sound),
            row(6, Action::Controls),
        ]
    }

    fn back_button(&self, context: &Context) -> Rect {
        let s = widgets::scale(context);
        let window = context.window();
        Rect::new((window.w - 260.0 * s) / 2.0, 690.0 * s, 260.0 * s, 54.0 * s)
    }

    fn leave(&mut self, context: &mut Context) -> Transition {
        context.settings_changed = true;
        Transition::Pop
    }
}

fn size_index(context: &Context) -> Option<usize> {
    let now = (
        context.settings.window_width,
        context.settings.window_height,
    );
    WINDOW_SIZES.iter().position(|&size| size == now)
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
                let name = &mut context.settings.name;
                if !c.is_control() && name.chars().count() < MAX_NAME_LENGTH {
                    name.push(*c);
                }
                Transition::Stay
            }
            Event::Key(Key::Backspace) if self.editing_name => {
                context.settings.name.pop();
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
                buttons.add(self.back_button(context), Action::Back);
                self.editing_name = false;
                match buttons.at(*point) {
                    Some(Action::Theme) => {
                        context.settings.theme = (context.settings.theme + 1) % theme::THEMES.len();
                    }
                    Some(Action::Name) => self.editing_name = true,
                    Some(Action::WindowSize) => {
                        let next = size_index(context).map_or(0, |i| (i + 1) % WINDOW_SIZES.len());
                        let (w, h) = WINDOW_SIZES[next];
                        context.settings.window_width = w;
                        context.settings.window_height = h;
                    }
                    Some(Action::Pace) => {
                        let now = PACES_MS
                            .iter()
                            .position(|&ms| ms == context.settings.computer_pace_ms);
                        context.settings.computer_pace_ms =
                            PACES_MS[now.map_or(0, |i| (i + 1) % PACES_MS.len())];
                    }
                    Some(Action::Upnp) => context.settings.upnp = !context.settings.upnp,
                    Some(Action::Sound) => return Transition::Push(Box::new(SoundScreen)),
                    Some(Action::Controls) => {
                        context.settings.controls = match context.settings.controls {
                            ControlsOverlay::FirstGames => ControlsOverlay::Always,
                            ControlsOverlay::Always => ControlsOverlay::Never,
                            ControlsOverlay::Never => ControlsOverlay::FirstGames,
                        };
                    }
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
        let settings = &context.settings;
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
                Action::Pace => ("Computer's pause", pace_text(settings.computer_pace_ms)),
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
                Action::Controls => (
                    "Keys shown (F1)",
                    match settings.controls {
                        ControlsOverlay::FirstGames => "During the first games",
                        ControlsOverlay::Always => "Always",
                        ControlsOverlay::Never => "Never",
                    }
                    .to_string(),
                ),
                Action::Back => ("", String::new()),
            };
            frame.text(name, label, 26.0 * s, theme::TEXT, Align::Left);
            let look = if action == Action::Name && self.editing_name {
                Look::Chosen
            } else {
                Look::Normal
            };
            widgets::button(frame, context, field, &value, look);
            if action == Action::Name {
                let below = Rect::new(field.x, field.y + field.h + 2.0 * s, field.w, 18.0 * s);
                let (text, color) = match name_problem(settings.name.trim()) {
                    Some(problem) => (format!("Not allowed online: {problem}"), theme::WARNING),
                    None => (NAME_RULE.to_string(), theme::TEXT_DIM),
                };
                frame.text(text, below, 13.0 * s, color, Align::Left);
            }
            if action == Action::Theme {
                let chosen = theme::theme(settings.theme);
                let swatch = 24.0 * s;
                for i in 0..4 {
                    let color = if i % 2 == 0 {
                        chosen.light
                    } else {
                        chosen.dark
                    };
                    frame.push(Item::Rect {
                        rect: Rect::new(
                            field.x + field.w + 16.0 * s + i as f32 * swatch,
                            field.y + 15.0 * s,
                            swatch,
                            swatch,
                        ),
                        color,
                    });
                }
            }
        }
        frame.text(
            "Click a setting to change it. Changes are kept for next time.",
            Rect::new(0.0, 120.0 * s, context.size.0, 30.0 * s),
            20.0 * s,
            theme::TEXT_DIM,
            Align::Center,
        );
        widgets::button(
            frame,
            context,
            self.back_button(context),
            "Back",
            Look::Normal,
        );
    }
}

/// The computer's pause between moves, in words.
fn pace_text(ms: u32) -> String {
    match ms {
        0 => "none: as fast as it can".to_string(),
        ms => format!("{:.1} s between moves", f64::from(ms) / 1000.0),
    }
}
