//! The settings of play, a page of their own opened from the settings screen (so that
//! every page fits at the largest text size): the board view (flat or 3D), moves in
//! advance (premoves), the computer's pause between moves when no person plays, and
//! when the overlay of keys and mouse actions shows.

use super::settings_page::{self, SettingsPage};
use super::{Context, Event, Screen, Transition};
use crate::display::Frame;
use crate::settings::{ControlsOverlay, PACES_MS, Settings};

/// A row of the page, or Back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// The board: flat or 3D.
    View,
    /// Moves entered in advance, on or off.
    Premoves,
    /// The computer's pause between moves.
    Pace,
    /// When the keys overlay shows.
    Controls,
    /// Back to the settings.
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

impl SettingsPage for PlaySettingsScreen {
    type Action = Action;
    const TITLE: &'static str = "Playing";
    const ROWS: &'static [Action] = &ROWS;
    const BACK: Action = Action::Back;

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
        let settings = &mut context.prefs.settings;
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
        context.prefs.changed = true;
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
        settings_page::update::<PlaySettingsScreen>(event, context)
    }

    fn draw(&self, context: &Context, frame: &mut Frame) {
        settings_page::draw::<PlaySettingsScreen>(context, frame);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn click(context: &mut Context, action: Action) -> Transition {
        let rect = match settings_page::rows::<PlaySettingsScreen>(context)
            .into_iter()
            .find(|row| row.2 == action)
        {
            Some((_, field, _)) => field,
            None => crate::screens::widgets::back_button(context),
        };
        PlaySettingsScreen.update(&Event::PointerUp(rect.center()), context)
    }

    #[test]
    fn each_row_changes_its_setting_and_the_change_is_kept() {
        let mut context = Context::new(Settings::default(), (1280.0, 800.0));
        assert_eq!(summary(&context.prefs.settings), "flat board, premoves");
        click(&mut context, Action::View);
        click(&mut context, Action::Premoves);
        click(&mut context, Action::Pace);
        click(&mut context, Action::Controls);
        let settings = &context.prefs.settings;
        assert!(settings.view_3d && !settings.premoves);
        assert_eq!(settings.computer_pace_ms, 1500);
        assert_eq!(settings.controls, ControlsOverlay::Always);
        assert_eq!(summary(settings), "3D board, no premoves");
        assert!(context.prefs.changed);
        assert!(matches!(click(&mut context, Action::Back), Transition::Pop));
    }
}
