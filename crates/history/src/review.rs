//! A game's review (issue 40) as the history keeps it: each side's accuracy and the
//! class of each of its moves (for lists and statistics), and what the search said of
//! every position (to show the review again), written when the game is reviewed and
//! read with the game.

use crate::{GameId, History, HistoryError, SideReview};
use ply_core::{Player, Score};
use ply_modes::AnyGame;
use ply_save::{PositionVerdict, SavedReview};
use rusqlite::{Connection, OptionalExtension, params};
use std::time::Duration;

impl History {
    /// Keeps `review` as the review of `side`'s moves in game `id`, replacing any
    /// earlier one.
    pub fn set_review(
        &mut self,
        id: GameId,
        side: Player,
        review: &SideReview,
    ) -> Result<(), HistoryError> {
        let stored = self.connection.execute(
            "INSERT INTO reviews (game_id, side, accuracy, classes)
             SELECT id, ?2, ?3, ?4 FROM games WHERE id = ?1
             ON CONFLICT (game_id, side) DO UPDATE
                SET accuracy = excluded.accuracy, classes = excluded.classes",
            params![id.0, side.index() as i64, review.accuracy, review.classes],
        )?;
        if stored == 0 {
            return Err(HistoryError::NoSuchGame { id: id.0 });
        }
        Ok(())
    }

    /// Keeps what the review's search said of every position of game `id`, replacing
    /// any earlier review.
    pub fn set_review_positions(
        &mut self,
        id: GameId,
        review: &SavedReview,
    ) -> Result<(), HistoryError> {
        if write_review_positions(&self.connection, id, review)? == 0 {
            return Err(HistoryError::NoSuchGame { id: id.0 });
        }
        Ok(())
    }

    /// What the review's search said of every position of game `id`, if it was
    /// reviewed (`None` also for a stored text this build cannot read).
    pub(crate) fn review_positions(&self, id: GameId) -> Result<Option<SavedReview>, HistoryError> {
        let row: Option<(i64, String)> = self
            .connection
            .query_row(
                "SELECT per_position_ms, verdicts FROM review_positions WHERE game_id = ?1",
                [id.0],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .optional()?;
        Ok(row.and_then(|(millis, text)| {
            Some(SavedReview {
                per_position: Duration::from_millis(u64::try_from(millis).ok()?),
                positions: read_verdicts(&text)?,
            })
        }))
    }
}

/// Writes what the review's search said of every position of game `id` (replacing any
/// earlier review); returns how many rows it wrote (0 when there is no such game).
fn write_review_positions(
    connection: &Connection,
    id: GameId,
    review: &SavedReview,
) -> Result<usize, HistoryError> {
    let per_position = u64::try_from(review.per_position.as_millis()).unwrap_or(u64::MAX);
    Ok(connection.execute(
        "INSERT INTO review_positions (game_id, per_position_ms, verdicts)
         SELECT id, ?2, ?3 FROM games WHERE id = ?1
         ON CONFLICT (game_id) DO UPDATE
            SET per_position_ms = excluded.per_position_ms, verdicts = excluded.verdicts",
        params![id.0, per_position as i64, verdicts_text(review)],
    )?)
}

/// Stores the review a saved game brings with it, when it fits the game: what the
/// search said of every position, and each side's accuracy and classes.
pub(crate) fn store_brought_review(
    connection: &Connection,
    id: GameId,
    review: &SavedReview,
    game: &dyn AnyGame,
) -> Result<(), HistoryError> {
    let Some(summary) = review.summary(game) else {
        return Ok(());
    };
    write_review_positions(connection, id, review)?;
    for side in Player::BOTH {
        connection.execute(
            "INSERT OR REPLACE INTO reviews (game_id, side, accuracy, classes)
             VALUES (?1, ?2, ?3, ?4)",
            params![
                id.0,
                side.index() as i64,
                summary.accuracy[side.index()],
                summary.classes_text(side)
            ],
        )?;
    }
    Ok(())
}

/// The verdicts as stored: one position after another, separated by `;`, each its score
/// (first player's view), depth and preferred move (`-` for none), separated by spaces.
fn verdicts_text(review: &SavedReview) -> String {
    review
        .positions
        .iter()
        .map(|verdict| {
            format!(
                "{} {} {}",
                verdict.score.0,
                verdict.depth,
                verdict.best.as_deref().unwrap_or("-")
            )
        })
        .collect::<Vec<_>>()
        .join(";")
}

/// The verdicts from their stored text, or `None` if it is not what
/// [`verdicts_text`] writes.
fn read_verdicts(text: &str) -> Option<Vec<PositionVerdict>> {
    text.split(';')
        .map(|part| {
            let mut fields = part.split(' ');
            let score = fields.next()?.parse().ok()?;
            let depth = fields.next()?.parse().ok()?;
            let best = match fields.next()? {
                "-" => None,
                best => Some(best.to_string()),
            };
            fields.next().is_none().then_some(PositionVerdict {
                score: Score(score),
                depth,
                best,
            })
        })
        .collect()
}
