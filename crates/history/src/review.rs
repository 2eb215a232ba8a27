//! The place kept for a game's review (issue 40): each side's accuracy and the class of
//! each of its moves, written when the game is reviewed and read with the game.

use crate::{GameId, History, HistoryError, SideReview};
use ply_core::Player;
use rusqlite::params;

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
}
