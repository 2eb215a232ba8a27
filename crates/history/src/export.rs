//! Chosen games out as one file other programs read: PGN, PDN or Plyground's text
//! record, each game written by `ply_save::export`.

use crate::{GameId, History, HistoryError};
use ply_save::{Format, export};

impl History {
    /// The games `ids` (in that order) as one record file in `format`, games separated
    /// by a blank line. Refused, naming the game, when the format cannot hold one of
    /// them (PDN of a chess game) or a game cannot be played again.
    pub fn export(&self, ids: &[GameId], format: Format) -> Result<String, HistoryError> {
        let mut records = Vec::with_capacity(ids.len());
        for &id in ids {
            let saved = self.game(id)?.saved_game()?;
            let record = export(&saved, format)
                .map_err(|source| HistoryError::Export { id: id.0, source })?;
            records.push(record);
        }
        Ok(records.join("\n"))
    }
}
