//! Checking a game setup before a lobby offers it: the server's own limits on what a
//! client may ask it to replay, then the one replay of `ply-modes`, guarded so that a
//! panic in a mode's code on input from the network refuses the setup instead of
//! losing the lobby.

use crate::protocol::{
    Denied, GameSetup, MAX_MOVE_TEXT_LEN, MAX_POSITION_TEXT_LEN, MAX_SETUP_MOVES,
};
use ply_modes::{AnyGame, MODES, ReplayError, replay};
use std::panic::{AssertUnwindSafe, catch_unwind};
use thiserror::Error;

/// A mode's code panicked on the input it was given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("the game rules failed on this input")]
pub(crate) struct RulesFailed;

impl From<RulesFailed> for Denied {
    fn from(failed: RulesFailed) -> Denied {
        Denied::IllegalMove {
            reason: failed.to_string(),
        }
    }
}

/// Why a game setup cannot be played on this server. The wire carries it as the text
/// of a `BadSetup` refusal.
#[derive(Debug, Error)]
pub(crate) enum SetupError {
    /// The start position text is longer than the server replays.
    #[error("the start position text is too long")]
    StartTooLong,
    /// More moves than the server replays.
    #[error("the saved game has more than {max} moves, more than this server replays")]
    TooManyMoves {
        /// The server's limit.
        max: usize,
    },
    /// The server is replaying as many saved games as it queues (or as one address
    /// may ask for at once).
    #[error("the server is busy checking other saved games; try again in a moment")]
    Busy,
    /// A move text longer than any move.
    #[error("move {number} is too long to be a move")]
    MoveTooLong {
        /// Which move, counting from 1.
        number: usize,
    },
    /// The mode, the start position or a move was refused.
    #[error(transparent)]
    Replay(#[from] ReplayError),
    /// The moves end the game, so there is nothing left to play.
    #[error("that game is already over")]
    AlreadyOver,
    /// A mode's code panicked on the setup.
    #[error(transparent)]
    RulesFailed(#[from] RulesFailed),
    /// The time control is not one a game may have.
    #[error("the clock cannot be used: {0}")]
    BadClock(#[from] ply_core::TimeControlError),
    /// The server could not run the check.
    #[error("the server cannot check games right now")]
    Unavailable,
}

/// Runs rules code on input from the network, turning a panic in a mode's code into
/// a refusal instead of a lost lobby.
pub(crate) fn guarded<T, E: From<RulesFailed>>(
    work: impl FnOnce() -> Result<T, E>,
) -> Result<T, E> {
    catch_unwind(AssertUnwindSafe(work)).unwrap_or_else(|_| Err(RulesFailed.into()))
}

/// Builds every mode's lazily made tables (move generation lookups) now, so that the
/// first lobby of a mode does not stall a worker thread for it.
pub(crate) fn prepare_rules() {
    for mode in MODES {
        let _ = guarded(|| Ok::<_, RulesFailed>(mode.new_game().legal_moves()));
    }
}

/// A game setup that was checked, with its game ready to be started (cloned) as often
/// as the lobby plays it.
pub(crate) struct Prepared {
    /// The setup as the host sent it.
    pub setup: GameSetup,
    /// Its game, replayed.
    pub game: Box<dyn AnyGame>,
}

/// Checks a setup by replaying it. Replaying a long saved game takes a while, so the
/// server calls this off its async threads.
pub(crate) fn prepare(setup: GameSetup) -> Result<Prepared, SetupError> {
    let game = build_game(&setup)?;
    Ok(Prepared { setup, game })
}

/// The game a setup describes, or why it cannot be played.
fn build_game(setup: &GameSetup) -> Result<Box<dyn AnyGame>, SetupError> {
    if let Some(clock) = setup.clock {
        clock.control()?;
    }
    if setup
        .start
        .as_ref()
        .is_some_and(|text| text.len() > MAX_POSITION_TEXT_LEN)
    {
        return Err(SetupError::StartTooLong);
    }
    if setup.moves.len() > MAX_SETUP_MOVES {
        return Err(SetupError::TooManyMoves {
            max: MAX_SETUP_MOVES,
        });
    }
    if let Some(index) = setup
        .moves
        .iter()
        .position(|text| text.len() > MAX_MOVE_TEXT_LEN)
    {
        return Err(SetupError::MoveTooLong { number: index + 1 });
    }
    guarded(|| {
        let game = replay(&setup.mode, setup.start.as_deref(), &setup.moves)?;
        if game.outcome().is_some() {
            return Err(SetupError::AlreadyOver);
        }
        Ok(game)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(mode: &str, start: Option<&str>, moves: &[&str]) -> SetupError {
        let setup = GameSetup {
            mode: mode.to_string(),
            start: start.map(str::to_string),
            moves: moves.iter().map(|text| text.to_string()).collect(),
            clock: None,
            resume: None,
        };
        prepare(setup).err().expect("refused")
    }

    #[test]
    fn each_refusal_says_what_is_wrong() {
        let fools_mate = ["f2f3", "e7e5", "g2g4", "d8h4"];
        let long_move = "e2e4".repeat(20);
        let cases = [
            (
                refusal("chess", Some(&"8".repeat(3000)), &[]),
                "the start position text is too long",
            ),
            (
                refusal("chess", None, &[&long_move]),
                "move 1 is too long to be a move",
            ),
            (
                refusal("chess", None, &["e2e4", "e2e4"]),
                "move 2 (e2e4) is not allowed: ",
            ),
            (
                refusal("chess", None, &fools_mate),
                "that game is already over",
            ),
            (
                refusal("chess", Some("8/8/8/8/8/8/8/8 w - - 0 1"), &[]),
                "the start position cannot be used: ",
            ),
        ];
        for (error, expected) in cases {
            assert!(error.to_string().starts_with(expected), "{error}");
        }
        let unknown = refusal(&"z".repeat(5000), None, &[]);
        assert!(matches!(
            unknown,
            SetupError::Replay(ReplayError::UnknownMode { .. })
        ));
        assert!(unknown.to_string().len() < 200, "{unknown}");
    }

    #[test]
    fn a_playable_setup_is_prepared() {
        let setup = GameSetup {
            mode: "checkers".to_string(),
            start: None,
            moves: vec!["11-15".to_string()],
            clock: None,
            resume: None,
        };
        let prepared = prepare(setup.clone()).expect("playable");
        assert_eq!(prepared.setup, setup);
        assert_eq!(prepared.game.move_texts(), ["11-15"]);
    }
}
