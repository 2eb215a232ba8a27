//! A saved online game hosted again: its moves, its clocks as they stood when it was
//! saved, and who played each side (offered their seats back), as the setup a lobby
//! offers. The window's Host screen and `ply host --save` both build it here.

use crate::protocol::{ClockSetup, GameSetup, Resume, validate_name};
use ply_core::Player;
use ply_save::{Controller, SavedGame};

impl GameSetup {
    /// The setup that goes on with `saved`: on its clock, from each side's time left
    /// when it was saved, or on `clock` from its base time when another clock is
    /// chosen; the people who played it (by names the relay allows) get their sides
    /// back when they enter the lobby.
    pub fn resuming(saved: &SavedGame, clock: Option<ClockSetup>) -> GameSetup {
        let players = Player::BOTH.map(|side| {
            saved
                .seats
                .iter()
                .find(|seat| seat.side == side && seat.controller == Controller::Person)
                .map(|seat| seat.name.clone())
                .filter(|name| validate_name(name).is_ok())
        });
        let kept = saved
            .clock
            .as_ref()
            .map(|kept| ClockSetup::of(kept.control));
        let left_ms = saved
            .clock
            .as_ref()
            .filter(|_| clock.is_none_or(|chosen| Some(chosen) == kept))
            .map(|kept| {
                kept.left
                    .map(|left| u64::try_from(left.as_millis()).unwrap_or(u64::MAX))
            });
        GameSetup {
            mode: saved.game.mode_id().to_string(),
            start: Some(saved.game.start_text()),
            moves: saved.game.move_texts(),
            clock: clock.or(kept),
            resume: Some(Box::new(Resume { left_ms, players })),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_core::TimeControl;
    use ply_save::{SavedClock, Seat};
    use std::time::Duration;

    fn saved() -> SavedGame {
        let game = ply_modes::replay("chess", None, ["e2e4", "e7e5"]).expect("a game");
        let seats = vec![
            Seat {
                name: "Alice".into(),
                controller: Controller::Person,
                side: Player::First,
            },
            Seat {
                name: "Computer".into(),
                controller: Controller::Computer(ply_modes::Level::at(4)),
                side: Player::Second,
            },
        ];
        let mut saved = SavedGame::new("chess", seats, game);
        saved.clock = Some(SavedClock {
            control: TimeControl::minutes(5, 3),
            left: [Duration::from_millis(281_500), Duration::from_secs(250)],
            after_moves: Vec::new(),
        });
        saved
    }

    #[test]
    fn a_saved_game_goes_on_with_its_clocks_and_its_people() {
        let setup = GameSetup::resuming(&saved(), None);
        assert_eq!(setup.moves, ["e2e4", "e7e5"]);
        assert_eq!(
            setup.clock,
            Some(ClockSetup::of(TimeControl::minutes(5, 3)))
        );
        let resume = setup.resume.expect("resumed");
        assert_eq!(resume.left_ms, Some([281_500, 250_000]));
        assert_eq!(resume.players, [Some("Alice".to_string()), None]);
    }

    #[test]
    fn another_clock_starts_from_its_base_time() {
        let blitz = ClockSetup::of(TimeControl::minutes(3, 2));
        let setup = GameSetup::resuming(&saved(), Some(blitz));
        assert_eq!(setup.clock, Some(blitz));
        assert_eq!(setup.resume.and_then(|resume| resume.left_ms), None);
    }
}
