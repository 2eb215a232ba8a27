//! `ply save list`: the saves in the save folder (PLYGROUND_SAVE_DIR, or the system's
//! data folder), newest first, as the load screen shows them.

use ply_modes::find_mode;
use ply_save::{GameResult, SaveFolder, local_text};

/// Prints the folder, then one line per save (or says there are none).
pub fn run() -> Result<(), String> {
    let folder = SaveFolder::standard().map_err(|e| e.to_string())?;
    let saves = folder.list().map_err(|e| e.to_string())?;
    if saves.is_empty() {
        say!("no saves in {}", folder.path().display());
        return Ok(());
    }
    say!("saves in {}:", folder.path().display());
    for save in saves {
        match save.summary {
            Ok(summary) => {
                let mode = find_mode(&summary.mode_id);
                let side_name = |side| {
                    mode.map_or(format!("{side:?}"), |mode| {
                        mode.new_game().side_name(side).to_string()
                    })
                };
                let state = match summary.result {
                    GameResult::InProgress => format!("{} to move", side_name(summary.to_move)),
                    GameResult::Won(winner) => format!("{} won", side_name(winner)),
                    GameResult::Drawn => "drawn".to_string(),
                };
                say!(
                    "{:<24} {:<28} {:<20} {}  {:>13}  {state}",
                    save.name,
                    summary.title,
                    mode.map_or(summary.mode_id.as_str(), |mode| mode.name),
                    local_text(summary.updated),
                    ply_save::length_text(summary.move_count),
                );
            }
            Err(error) => say!("{:<24} cannot be read: {error}", save.name),
        }
    }
    Ok(())
}
