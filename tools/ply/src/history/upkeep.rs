//! `ply history import-saves`, `delete` and `rebuild`: keeping the history whole.

use clap::Args;
use ply_history::{GameId, History, ImportReport};
use ply_save::SaveFolder;

/// Arguments of `ply history delete`.
#[derive(Args, Debug)]
pub struct DeleteArgs {
    /// The games' numbers (as `ply history list` shows them).
    #[arg(required = true)]
    ids: Vec<i64>,
}

/// Imports the finished games of the saves folder that the history lacks.
pub fn import_saves(history: &mut History, saves: &SaveFolder) -> Result<(), String> {
    let report = history.import_saves(saves).map_err(|e| e.to_string())?;
    tell(saves, &report);
    Ok(())
}

/// Deletes the games, refusing numbers the history does not have.
pub fn delete(history: &mut History, args: &DeleteArgs) -> Result<(), String> {
    let ids: Vec<GameId> = args.ids.iter().map(|&id| GameId(id)).collect();
    for &id in &ids {
        history.game(id).map_err(|e| e.to_string())?;
    }
    let deleted = history.delete(&ids).map_err(|e| e.to_string())?;
    say!("deleted {deleted} games");
    Ok(())
}

/// Checks the database thoroughly and imports the saves folder again.
pub fn rebuild(history: &mut History, saves: &SaveFolder) -> Result<(), String> {
    let rebuilt = history
        .rebuild_from_saves(saves)
        .map_err(|e| e.to_string())?;
    match &rebuilt.damage {
        Some(damage) => say!(
            "the history was damaged ({}); it was set aside as {} and started afresh",
            damage.detail,
            damage.set_aside.display()
        ),
        None => say!("the history passed SQLite's integrity check"),
    }
    tell(saves, &rebuilt.imported);
    Ok(())
}

/// What an import of the saves folder did.
fn tell(saves: &SaveFolder, report: &ImportReport) {
    say!(
        "saves folder {}: {} games added, {} already there",
        saves.path().display(),
        report.added,
        report.already_there
    );
    for skipped in &report.skipped {
        say!("  passed over {skipped}");
    }
}
