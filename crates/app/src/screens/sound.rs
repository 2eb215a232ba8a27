//! The sound settings, a page of their own opened from the settings screen: volume, all
//! sounds on or off (also the M key anywhere), and each group of sounds on or off; it
//! says "no sound device" when the game could not open one.

use super::settings_page::{self, SettingsPage};
use super::{Context, Event, Screen, Transition};
use crate::color::Rgba;
use crate::display::Frame;
use crate::settings::{Settings, VOLUMES};
use crate::theme;
use ply_play::Message;

/// A row of the page, or Back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// How loud.
    Volume,
    /// All sound on or off.
    Muted,
    /// The sounds of moves.
    Moves,
    /// The sounds of the game (check, its end).
    Game,
    /// The sounds of the lobby and chat.
    Lobby,
    /// Back to the settings.
    Back,
}

/// The sound settings screen.
#[derive(Default)]
pub struct SoundScreen;

/// The sound settings in a few words, for the settings screen's row.
pub fn summary(context: &Context) -> String {
    if context.output.sound_off.is_some() {
        "no sound device".to_string()
    } else if context.prefs.settings.sound_muted {
        "off (M turns it on)".to_string()
    } else {
        format!("{}%", context.prefs.settings.sound_volume)
    }
}

/// Turns all sounds off or back on (the M key, on any screen), keeps the choice and
/// says so.
pub fn toggle_mute(context: &mut Context) {
    let muted = !context.prefs.settings.sound_muted;
    context.prefs.settings.sound_muted = muted;
    context.prefs.changed = true;
    context.output.notice = Some(Message::info(if muted { "Sound off" } else { "Sound on" }));
}

fn on_off(on: bool) -> String {
    if on { "on" } else { "off" }.to_string()
}

impl SettingsPage for SoundScreen {
    type Action = Action;
    const TITLE: &'static str = "Sound";
    const ROWS: &'static [Action] = &[
        Action::Volume,
        Action::Muted,
        Action::Moves,
        Action::Game,
        Action::Lobby,
    ];
    const BACK: Action = Action::Back;

    fn field(action: Action, settings: &Settings) -> (&'static str, String) {
        match action {
            Action::Volume => ("Volume", format!("{}%", settings.sound_volume)),
            Action::Muted => ("Sound (M)", on_off(!settings.sound_muted)),
            Action::Moves => ("Moves", on_off(settings.sound_moves)),
            Action::Game => ("Check, game end", on_off(settings.sound_game)),
            Action::Lobby => ("Lobby and chat", on_off(settings.sound_lobby)),
            Action::Back => ("", String::new()),
        }
    }

    fn act(action: Action, context: &mut Context) -> Transition {
        let settings = &mut context.prefs.settings;
        match action {
            Action::Volume => {
                let now = VOLUMES.iter().position(|&v| v == settings.sound_volume);
                settings.sound_volume = VOLUMES[now.map_or(0, |i| (i + 1) % VOLUMES.len())];
            }
            Action::Muted => settings.sound_muted = !settings.sound_muted,
            Action::Moves => settings.sound_moves = !settings.sound_moves,
            Action::Game => settings.sound_game = !settings.sound_game,
            Action::Lobby => settings.sound_lobby = !settings.sound_lobby,
            Action::Back => {}
        }
        context.prefs.changed = true;
        if action == Action::Back {
            Transition::Pop
        } else {
            Transition::Stay
        }
    }

    fn note(context: &Context) -> (String, Rgba) {
        match &context.output.sound_off {
            Some(reason) => (
                format!("No sound device: the game is silent ({reason})."),
                theme::TEXT,
            ),
            None => (
                "Click a setting to change it; M turns sound off or on anywhere.".to_string(),
                theme::TEXT_DIM,
            ),
        }
    }
}

impl Screen for SoundScreen {
    fn update(&mut self, event: &Event, context: &mut Context) -> Transition {
        settings_page::update::<SoundScreen>(event, context)
    }

    fn draw(&self, context: &Context, frame: &mut Frame) {
        settings_page::draw::<SoundScreen>(context, frame);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn context() -> Context {
        Context::new(Settings::default(), (1280.0, 800.0))
    }

    fn click(screen: &mut SoundScreen, context: &mut Context, action: Action) -> Transition {
        let rect = if action == Action::Back {
            crate::screens::widgets::back_button(context)
        } else {
            let rows = settings_page::rows::<SoundScreen>(context);
            rows.iter().find(|row| row.2 == action).expect("a row").1
        };
        screen.update(&Event::PointerUp(rect.center()), context)
    }

    #[test]
    fn each_row_changes_its_setting_and_the_change_is_kept() {
        let mut context = context();
        let mut screen = SoundScreen;
        click(&mut screen, &mut context, Action::Volume);
        assert_eq!(context.prefs.settings.sound_volume, 100);
        click(&mut screen, &mut context, Action::Volume);
        assert_eq!(context.prefs.settings.sound_volume, 20);
        click(&mut screen, &mut context, Action::Muted);
        assert!(context.prefs.settings.sound_muted);
        click(&mut screen, &mut context, Action::Moves);
        click(&mut screen, &mut context, Action::Game);
        click(&mut screen, &mut context, Action::Lobby);
        let settings = &context.prefs.settings;
        assert!(!settings.sound_moves && !settings.sound_game && !settings.sound_lobby);
        assert!(context.prefs.changed);
        assert!(matches!(
            click(&mut screen, &mut context, Action::Back),
            Transition::Pop
        ));
    }

    #[test]
    fn without_a_device_the_page_and_the_summary_say_so() {
        let mut context = context();
        assert_eq!(summary(&context), "80%");
        context.output.sound_off = Some("Cannot find the default audio output device".into());
        assert_eq!(summary(&context), "no sound device");
        let mut frame = Frame::default();
        SoundScreen.draw(&context, &mut frame);
        let shown = frame.texts();
        assert!(
            shown.iter().any(|text| text.starts_with("No sound device")),
            "{shown:?}"
        );
    }

    #[test]
    fn the_mute_key_toggles_and_says_so() {
        let mut context = context();
        toggle_mute(&mut context);
        assert!(context.prefs.settings.sound_muted);
        assert!(context.prefs.changed);
        assert_eq!(context.output.notice, Some(Message::info("Sound off")));
        toggle_mute(&mut context);
        assert!(!context.prefs.settings.sound_muted);
        assert_eq!(context.output.notice, Some(Message::info("Sound on")));
    }
}
