//! The settings of play, a page of their own opened from the settings screen (so that
//! every page fits at the largest text size): the board view (flat or 3D), moves in
//! advance (premoves), the computer's pause between moves when no person plays, and
//! when the overlay of keys and mouse actions shows.

use super::widgets::{self, Buttons, Look};
use super::{Context, Event, Key, Screen, Transition};
use crate::display::{Align, Frame, Rect};
use crate::settings::{ControlsOverlay, PACES_MS, Settings};
use crate::theme;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    View,
    Premoves,
    Pace,
    Controls,
    Back,
}

const ROWS: [Action; 4] = [
    Action::View,
    Action::Premoves,
    Action::Pace,
    Action::Controls,
];

/// The play settings screen.
#[derive(Default)]
pub struct PlaySettingsScreen;

/// The play settings in a few words, for the settings screen's row.
pub fn summary(settings: &Settings) -> String {
    let view = if settings.view_3d { "3D" } else { "flat" };
    let premoves = if settings.premoves {
        "premoves"
    } else {
        "no premoves"
    };
    format!("{view} board, {premoves}")
}

/// The computer's pause between moves, in words.
fn pace_text(ms: u32) -> String {
    match ms {
        0 => "none: as fast as it can".to_string(),
        ms => format!("{:.1} s between moves", f64::from(ms) / 1000.0),
    }
}

impl PlaySettingsScreen {
    fn rows(context: &Context) -> Vec<(Rect, Rect, Action)> {
        widgets::form_rows(context, ROWS.len())
            .into_iter()
            .zip(ROWS)
            .map(|((label, field), action)| (label, field, action))
            .collect()
    }

    fn field(action: Action, settings: &Settings) -> (&'static str, String) {
        match action {
            Action::View => (
                "Board (Tab)",
                if settings.view_3d { "3D" } else { "Flat" }.to_string(),
            ),
            Action::Premoves => (
                "Moves in advance",
                if settings.premoves {
                    "while the other side thinks"
                } else {
                    "off"
                }
                .to_string(),
            ),
            Action::Pace => ("Computer's pause", pace_text(settings.computer_pace_ms)),
            Action::Controls => (
                "Keys shown (F1)",
                match settings.controls {
                    ControlsOverlay::FirstGames => "during the first games",
                    ControlsOverlay::Always => "always",
                    ControlsOverlay::Never => "never",
                }
                .to_string(),
            ),
            Action::Back => ("", String::new()),
        }
    }

    fn act(action: Action, context: &mut Context) -> Transition {
        let settings = &mut context.settings;
        match action {
            Action::View => settings.view_3d = !settings.view_3d,
            Action::Premoves => settings.premoves = !settings.premoves,
            Action::Pace => {
                let now = PACES_MS
                    .iter()
                    .position(|&ms| ms == settings.computer_pace_ms);
                settings.computer_pace_ms = PACES_MS[now.map_or(0, |i| (i + 1) % PACES_MS.len())];
            }
            Action::Controls => {
                settings.controls = match settings.controls {
                    ControlsOverlay::FirstGames => ControlsOverlay::Always,
                    ControlsOverlay::Always => ControlsOverlay::Never,
                    ControlsOverlay::Never => ControlsOverlay::FirstGames,
                };
            }
            Action::Back => {}
        }
        context.settings_changed = true;
        if action == Action::Back {
            Transition::Pop
        } else {
            Transition::Stay
        }
    }
}

impl Screen for PlaySettingsScreen {
    fn controls(&self) -> Vec<crate::screens::controls::Control> {
        vec![
            crate::screens::controls::Control::new("Click", "change a setting"),
            crate::screens::controls::Control::new("Esc", "back"),
        ]
    }

    fn update(&mut self, event: &Event, context: &mut Context) -> Transition {
        match event {
            Event::Key(Key::Escape) => PlaySettingsScreen::act(Action::Back, context),
            Event::PointerUp(point) => {
                let mut buttons = Buttons::new();
                for (_, field, action) in PlaySettingsScreen::rows(context) {
                    buttons.add(field, action);
                }
                buttons.add(widgets::back_button(context), Action::Back);
                match buttons.at(*point) {
                    Some(action) => PlaySettingsScreen::act(action, context),
                    None => Transition::Stay,
                }
            }
            _ => Transition::Stay,
        }
    }

    fn draw(&self, context: &Context, frame: &mut Frame) {
        widgets::page(frame, context, "Playing");
        let s = widgets::scale(context);
        frame.text(
            "Click a setting to change it. Changes are kept for next time.",
            Rect::new(0.0, 106.0 * s, context.size.0, 30.0 * s),
            20.0 * s,
            theme::TEXT_DIM,
            Align::Center,
        );
        for (label, field, action) in PlaySettingsScreen::rows(context) {
            let (name, value) = PlaySettingsScreen::field(action, &context.settings);
            frame.text(name, label, 26.0 * s, theme::TEXT, Align::Left);
            widgets::button(frame, context, field, &value, Look::Normal);
        }
        widgets::button(
            frame,
            context,
            widgets::back_button(context),
            "Back",
            Look::Normal,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn click(context: &mut Context, action: Action) -> Transition {
        let rect = match PlaySettingsScreen::rows(context)
            .into_iter()
            .find(|row| row.2 == action)
        {
            Some((_, field, _)) => field,
            None => widgets::back_button(context),
        };
        PlaySettingsScreen.update(&Event::PointerUp(rect.center()), context)
    }

    #[test]
    fn each_row_changes_its_setting_and_the_change_is_kept() {
        let mut context = Context::new(Settings::default(), (1280.0, 800.0));
        assert_eq!(summary(&context.settings), "flat board, premoves");
        click(&mut context, Action::View);
        click(&mut context, Action::Premoves);
        click(&mut context, Action::Pace);
        click(&mut context, Action::Controls);
        let settings = &context.settings;
        assert!(settings.view_3d && !settings.premoves);
        assert_eq!(settings.computer_pace_ms, 1500);
        assert_eq!(settings.controls, ControlsOverlay::Always);
        assert_eq!(summary(settings), "3D board, no premoves");
        assert!(context.settings_changed);
        assert!(matches!(click(&mut context, Action::Back), Transition::Pop));
    }
}
