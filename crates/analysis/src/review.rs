//! The review of a game: the search asked about every position from the start to the
//! end, for the same time each (a solver's exact value first, where the mode has one),
//! giving what [`SavedReview`] keeps. The classes and accuracy follow from it
//! (`SavedReview::summary`).

use ply_core::{Player, Score};
use ply_modes::{AnyGame, Limits, Thought, find_mode};
use ply_save::{PositionVerdict, SavedReview};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use thiserror::Error;

/// How hard the review looks at each position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewSettings {
    /// The search time each position gets.
    pub per_position: Duration,
    /// Threads each search uses.
    pub threads: usize,
    /// A fixed depth instead of the time (for tests and repeatable figures).
    pub depth: Option<u32>,
}

impl Default for ReviewSettings {
    /// Half a second a position on one thread.
    fn default() -> Self {
        ReviewSettings {
            per_position: Duration::from_millis(500),
            threads: 1,
            depth: None,
        }
    }
}

/// Why a review gave no result.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReviewError {
    /// It was cancelled before it finished.
    #[error("the review was cancelled")]
    Cancelled,
    /// The game could not be played again from its start (an unknown mode, or moves
    /// its rules no longer allow).
    #[error("the game cannot be replayed for its review: {0}")]
    Replay(String),
}

/// Reviews `game` (finished or not): one verdict per position, start to end.
/// `progress` hears how many positions are done out of how many after each one; a
/// raised `stop` ends the review early with [`ReviewError::Cancelled`].
pub fn review_game(
    game: &dyn AnyGame,
    settings: &ReviewSettings,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<SavedReview, ReviewError> {
    let mode = find_mode(game.mode_id())
        .ok_or_else(|| ReviewError::Replay(format!("unknown mode '{}'", game.mode_id())))?;
    let mut position = mode
        .from_position(&game.start_text())
        .map_err(|e| ReviewError::Replay(e.to_string()))?;
    let moves = game.move_texts();
    let total = moves.len() + 1;
    let mut positions = Vec::with_capacity(total);
    for ply in 0..total {
        if stop.load(Ordering::Relaxed) {
            return Err(ReviewError::Cancelled);
        }
        let verdict = judge(&*position, settings, stop);
        if stop.load(Ordering::Relaxed) {
            return Err(ReviewError::Cancelled);
        }
        positions.push(verdict);
        progress(ply + 1, total);
        if let Some(text) = moves.get(ply) {
            position
                .play_text(text)
                .map_err(|e| ReviewError::Replay(format!("move {}: {e}", ply + 1)))?;
        }
    }
    Ok(SavedReview {
        per_position: settings.per_position,
        positions,
    })
}

/// What the search says of one position, from the first player's view.
fn judge(position: &dyn AnyGame, settings: &ReviewSettings, stop: &AtomicBool) -> PositionVerdict {
    if let Some(outcome) = position.outcome() {
        let score = match outcome.winner() {
            Some(Player::First) => Score::WIN,
            Some(Player::Second) => -Score::WIN,
            None => Score::ZERO,
        };
        return PositionVerdict {
            score,
            depth: 0,
            best: None,
        };
    }
    let thought = look(position, settings, stop);
    let score = match position.to_move() {
        Player::First => thought.score,
        Player::Second => -thought.score,
    };
    PositionVerdict {
        score,
        depth: thought.depth,
        best: thought.best.and_then(|code| position.move_text(code)),
    }
}

/// The solver's exact value when it proves one in half the time, else the search's
/// best line in the time left (or at the fixed depth).
fn look(position: &dyn AnyGame, settings: &ReviewSettings, stop: &AtomicBool) -> Thought {
    let started = Instant::now();
    if let Some(exact) = position.solve(started + settings.per_position / 2, stop) {
        return exact;
    }
    let limits = match settings.depth {
        Some(depth) => Limits {
            depth: Some(depth),
            threads: settings.threads,
            ..Limits::default()
        },
        None => Limits {
            time: Some(settings.per_position.saturating_sub(started.elapsed())),
            use_all_time: true,
            threads: settings.threads,
            ..Limits::default()
        },
    };
    position.analyse(&limits, stop, &mut |_| {})
}
