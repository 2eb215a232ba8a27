//! Deleting games: a game's row, its moves and review, and every position row it left.

use crate::{GameId, History, HistoryError, PositionKey};
use rusqlite::{TransactionBehavior, params};

impl History {
    /// Deletes the games `ids` (numbers not in the history are passed over); returns
    /// how many were deleted. All of them or none.
    pub fn delete(&mut self, ids: &[GameId]) -> Result<usize, HistoryError> {
        let mut keys_of = Vec::with_capacity(ids.len());
        for &id in ids {
            match self.game(id) {
                Ok(stored) => keys_of.push((id, stored.replayed().ok())),
                Err(HistoryError::NoSuchGame { .. }) => {}
                Err(other) => return Err(other),
            }
        }
        let transaction = self
            .connection
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        for (id, game) in &keys_of {
            match game {
                Some(game) => {
                    let mut position = transaction
                        .prepare_cached("DELETE FROM positions WHERE key = ?1 AND game_id = ?2")?;
                    for key in PositionKey::all_of(game.as_ref()) {
                        position.execute(params![key.0, id.0])?;
                    }
                }
                // A game the rules no longer replay: its positions are found the slow
                // way, by reading the whole table.
                None => {
                    transaction.execute("DELETE FROM positions WHERE game_id = ?1", [id.0])?;
                }
            }
            transaction.execute("DELETE FROM games WHERE id = ?1", [id.0])?;
        }
        transaction.commit()?;
        Ok(keys_of.len())
    }
}
