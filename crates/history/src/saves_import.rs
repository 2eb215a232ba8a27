//! The saves folder into the history: every finished game saved there, brought in once
//! (on the history's first start, again on request); games still in progress stay in
//! the folder only.

use crate::{Circumstances, History, HistoryError, Origin, Recorded, Venue};
use ply_save::{GameResult, SaveFolder, SavedGame, load_file};

/// The name the online game keeper's saves start with (`ply_save::GameKeeper`).
const ONLINE_SAVE_PREFIX: &str = "online-";

/// What an import did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImportReport {
    /// Games stored.
    pub added: usize,
    /// Games the history already had.
    pub already_there: usize,
    /// Games passed over, each with why (a save that does not load, a record of a game
    /// that did not end).
    pub skipped: Vec<String>,
}

impl ImportReport {
    /// Counts what storing games did.
    pub(crate) fn count(&mut self, recorded: &[Recorded]) {
        for outcome in recorded {
            match outcome {
                Recorded::Added(_) => self.added += 1,
                Recorded::AlreadyThere(_) => self.already_there += 1,
            }
        }
    }
}

impl History {
    /// Stores every finished game of the saves folder that the history does not have
    /// (a save the online game keeper wrote counts as an online game, its lobby and
    /// relay unknown). Saves that do not load are passed over and named in the report.
    pub fn import_saves(&mut self, saves: &SaveFolder) -> Result<ImportReport, HistoryError> {
        let mut report = ImportReport::default();
        let mut games: Vec<(SavedGame, Circumstances)> = Vec::new();
        for listed in saves.list()? {
            match &listed.summary {
                Ok(summary) if summary.result == GameResult::InProgress => continue,
                Ok(_) => {}
                Err(error) => {
                    report.skipped.push(format!("{}: {error}", listed.name));
                    continue;
                }
            }
            match load_file(&listed.path) {
                Ok(saved) => {
                    let circumstances = if listed.name.starts_with(ONLINE_SAVE_PREFIX) {
                        Circumstances {
                            venue: Venue::Online {
                                lobby: String::new(),
                                relay: String::new(),
                            },
                            you: None,
                        }
                    } else {
                        Circumstances::local()
                    };
                    games.push((saved, circumstances));
                }
                Err(error) => report.skipped.push(format!("{}: {error}", listed.name)),
            }
        }
        let recorded = self.store_all(
            games
                .iter()
                .map(|(saved, circumstances)| (saved, circumstances)),
            Origin::SavesFolder,
        )?;
        report.count(&recorded);
        Ok(report)
    }
}
