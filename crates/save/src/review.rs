//! A game's review as it is kept with the game: what the search said of every position
//! (its value, how deep it looked, the move it preferred), and what follows from that
//! for each move (the mover's chance before and after, the move's class) and for each
//! side (its accuracy). Only the search's findings are stored; the verdicts are worked
//! out again from them with the mode's curve, so every reader judges alike.

use ply_core::{MoveClass, Player, Score, side_accuracy};
use ply_modes::AnyGame;
use std::time::Duration;

/// What the search said of one position of a reviewed game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionVerdict {
    /// The position's value from the first player's view (a proven result where the
    /// game is over).
    pub score: Score,
    /// How deep the search looked, in plies (0 where the rules had already decided).
    pub depth: u32,
    /// The move the search preferred, in the mode's move text (none at the end).
    pub best: Option<String>,
}

/// A game's review: one verdict for every position from the start to the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedReview {
    /// The search time each position was given.
    pub per_position: Duration,
    /// The verdicts, one more than the game's moves.
    pub positions: Vec<PositionVerdict>,
}

/// The review's verdict on one move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveVerdict {
    /// Who made the move.
    pub mover: Player,
    /// The mover's expected result (0 to 1) before the move, with best play.
    pub before: f64,
    /// The mover's expected result after the move.
    pub after: f64,
    /// The move's class.
    pub class: MoveClass,
}

/// Everything a review says of a game, worked out from its verdicts.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewSummary {
    /// The first player's expected result in every position, start to end.
    pub chances: Vec<f64>,
    /// One verdict per move.
    pub moves: Vec<MoveVerdict>,
    /// Each side's accuracy (0 to 100), by `Player::index`; `None` for a side that
    /// made no move.
    pub accuracy: [Option<f64>; 2],
}

impl SavedReview {
    /// Whether this review fits `game`: one verdict per position, and every preferred
    /// move legal where it is given.
    pub fn fits(&self, game: &dyn AnyGame) -> bool {
        if self.positions.len() != game.moves().len() + 1 {
            return false;
        }
        let Some(mut replay) = fresh_copy(game) else {
            return false;
        };
        for (verdict, text) in self.positions.iter().zip(game.move_texts()) {
            if let Some(best) = &verdict.best
                && replay.parse_move(best).is_err()
            {
                return false;
            }
            if replay.play_text(&text).is_err() {
                return false;
            }
        }
        true
    }

    /// The verdicts on `game`'s moves and its sides, or `None` when the review does
    /// not fit the game.
    pub fn summary(&self, game: &dyn AnyGame) -> Option<ReviewSummary> {
        if !self.fits(game) {
            return None;
        }
        let curve = game.chance_curve();
        let chances: Vec<f64> = self
            .positions
            .iter()
            .map(|verdict| curve.chance(verdict.score))
            .collect();
        let mut replay = fresh_copy(game)?;
        let mut moves = Vec::new();
        for (ply, text) in game.move_texts().into_iter().enumerate() {
            let mover = replay.to_move();
            let own = |chance: f64| match mover {
                Player::First => chance,
                Player::Second => 1.0 - chance,
            };
            let (before, after) = (own(chances[ply]), own(chances[ply + 1]));
            let chosen = self.positions[ply].best.as_deref() == Some(text.as_str());
            moves.push(MoveVerdict {
                mover,
                before,
                after,
                class: MoveClass::of_move(before, after, chosen),
            });
            replay.play_text(&text).ok()?;
        }
        let movers: Vec<Player> = moves.iter().map(|verdict| verdict.mover).collect();
        let accuracy =
            [Player::First, Player::Second].map(|side| side_accuracy(&chances, &movers, side));
        Some(ReviewSummary {
            chances,
            moves,
            accuracy,
        })
    }
}

impl ReviewSummary {
    /// The classes of `side`'s moves, in order, as words separated by spaces (what the
    /// history keeps).
    pub fn classes_text(&self, side: Player) -> String {
        self.moves
            .iter()
            .filter(|verdict| verdict.mover == side)
            .map(|verdict| verdict.class.name())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// How many of `side`'s moves fell in `class`.
    pub fn count(&self, side: Player, class: MoveClass) -> usize {
        self.moves
            .iter()
            .filter(|verdict| verdict.mover == side && verdict.class == class)
            .count()
    }
}

/// The game's start position with no moves played, of the same mode.
fn fresh_copy(game: &dyn AnyGame) -> Option<Box<dyn AnyGame>> {
    let mode = ply_modes::find_mode(game.mode_id())?;
    mode.from_position(&game.start_text()).ok()
}
