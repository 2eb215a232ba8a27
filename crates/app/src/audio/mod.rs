//! Sound effects for what happens in the game: the cues and which event makes which
//! ([`cue`]), their synthesis in code ([`synth`]), WAV export ([`wav`]), all window-free
//! and tested headless, and the player ([`player`]), the thin part that opens the sound
//! device and stays silent, saying why once, when there is none. The screens queue cues
//! and the window hands them to the player once a frame with [`serve`], which applies
//! the volume, mute and group switches of the settings.

pub mod cue;
pub mod player;
pub mod synth;
pub mod wav;

pub use cue::{Cue, Group, Listener, cues_for, lobby_cues};
pub use player::{Player, SoundState};

use crate::settings::Settings;
use std::time::Duration;

/// How far apart cues queued in the same frame start (a check after its move, the end
/// of a game after the last move), so they do not blur into one.
pub const STAGGER: Duration = Duration::from_millis(120);

/// How loud `cue` plays with `settings`, from 0 to 1, or `None` when it should not.
pub fn volume(settings: &Settings, cue: Cue) -> Option<f32> {
    let group_on = match cue.group() {
        Group::Moves => settings.sound_moves,
        Group::Game => settings.sound_game,
        Group::Lobby => settings.sound_lobby,
    };
    let level = settings.sound_volume.min(100) as f32 / 100.0;
    // The square follows how loud a level sounds better than the level itself.
    (group_on && !settings.sound_muted && level > 0.0).then_some(level * level)
}

/// Once a frame: takes in the player's news (saying once in the log why sound is off,
/// and keeping the reason in `sound_off` for the screens), then plays and empties the
/// `cues` the screens queued, as loud as `settings` say.
pub fn serve(
    player: &mut Player,
    settings: &Settings,
    cues: &mut Vec<Cue>,
    sound_off: &mut Option<String>,
) {
    if let Some(SoundState::Off(reason)) = player.poll() {
        eprintln!("Sound is off: {}.", reason.trim_end_matches('.'));
        *sound_off = Some(reason.clone());
    }
    let mut delay = Duration::ZERO;
    for cue in cues.drain(..) {
        if let Some(volume) = volume(settings, cue) {
            player.play(cue, volume, delay);
            delay += STAGGER;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn volume_mute_and_groups_decide_what_plays() {
        let mut settings = Settings::default();
        let full = Settings {
            sound_volume: 100,
            ..settings.clone()
        };
        assert_eq!(volume(&full, Cue::Move), Some(1.0));
        settings.sound_volume = 50;
        assert_eq!(volume(&settings, Cue::Check), Some(0.25));
        settings.sound_moves = false;
        assert_eq!(volume(&settings, Cue::Capture), None);
        assert_eq!(volume(&settings, Cue::Won), Some(0.25));
        settings.sound_game = false;
        assert_eq!(volume(&settings, Cue::Won), None);
        assert_eq!(volume(&settings, Cue::Chat), Some(0.25));
        settings.sound_lobby = false;
        assert_eq!(volume(&settings, Cue::Chat), None);
        let muted = Settings {
            sound_muted: true,
            ..full.clone()
        };
        assert_eq!(volume(&muted, Cue::Move), None);
        let silent = Settings {
            sound_volume: 0,
            ..full
        };
        assert_eq!(volume(&silent, Cue::Move), None);
    }
}
