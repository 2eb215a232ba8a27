//! `ply history`: the history of finished games from the command line: list with
//! filters, statistics, PGN/PDN import and export, the saves folder imported again,
//! deletion, a rebuild from the saves, and the games at a position. The history is
//! `--file`, else `PLYGROUND_HISTORY`, else `history.sqlite3` in the data folder; the
//! saves folder is the game's (`PLYGROUND_SAVE_DIR`).

mod explore;
mod filters;
mod records;
mod show;
mod stats;
mod upkeep;

use clap::{Args, Subcommand};
use ply_history::{History, standard_file};
use ply_save::SaveFolder;
use std::path::PathBuf;

/// Arguments of `ply history`.
#[derive(Args, Debug)]
pub struct HistoryArgs {
    /// The history's database file (default: $PLYGROUND_HISTORY, else
    /// history.sqlite3 in the data folder).
    #[arg(long, global = true)]
    file: Option<PathBuf>,
    /// The player's name: in a game between people at one computer, the side with
    /// this name is the player's (may be given more than once). Without it, the side
    /// a person played against the computer is.
    #[arg(long = "player", global = true)]
    players: Vec<String>,
    #[command(subcommand)]
    command: HistoryCommand,
}

#[derive(Subcommand, Debug)]
enum HistoryCommand {
    /// A page of the finished games, newest first, with filters.
    List(show::ListArgs),
    /// The player's results: per mode, per opponent, against each computer level
    /// (with a rating estimate), and over time.
    Stats(stats::StatsArgs),
    /// Store the finished games of PGN or PDN files (a file is stored whole or not at
    /// all; games already there are not stored twice).
    Import(records::ImportArgs),
    /// Store the finished games of the saves folder that the history lacks.
    ImportSaves,
    /// Write the chosen games as one PGN, PDN or text file.
    Export(records::ExportArgs),
    /// Delete games by number.
    Delete(upkeep::DeleteArgs),
    /// Check the database thoroughly (a damaged one is set aside and started afresh),
    /// then import the saves folder again.
    Rebuild,
    /// The games that reached a position, and the moves played from it.
    Explore(explore::ExploreArgs),
}

/// Runs the chosen `ply history` command.
pub fn run(args: &HistoryArgs) -> Result<(), String> {
    let saves = SaveFolder::standard().map_err(|e| e.to_string())?;
    let mut history = open(args, &saves)?;
    match &args.command {
        HistoryCommand::List(list) => show::run(&history, list),
        HistoryCommand::Stats(stats) => stats::run(&history, stats),
        HistoryCommand::Import(import) => records::import(&mut history, import),
        HistoryCommand::ImportSaves => upkeep::import_saves(&mut history, &saves),
        HistoryCommand::Export(export) => records::export(&history, export),
        HistoryCommand::Delete(delete) => upkeep::delete(&mut history, delete),
        HistoryCommand::Rebuild => upkeep::rebuild(&mut history, &saves),
        HistoryCommand::Explore(explore) => explore::run(&history, explore),
    }
}

/// Opens the history, telling on standard error what opening it found: a damaged
/// file set aside, the saves folder imported on the first start.
fn open(args: &HistoryArgs, saves: &SaveFolder) -> Result<History, String> {
    let file = match &args.file {
        Some(file) => file.clone(),
        None => standard_file().map_err(|e| e.to_string())?,
    };
    let opened = History::open(&file, saves, &args.players).map_err(|e| e.to_string())?;
    if let Some(damage) = &opened.damage {
        eprintln!(
            "the history was damaged ({}); it was set aside as {} and started afresh from the saves",
            damage.detail,
            damage.set_aside.display()
        );
    }
    if let Some(imported) = opened.imported.as_ref().filter(|report| report.added > 0) {
        eprintln!(
            "imported {} finished games from the saves folder {}",
            imported.added,
            saves.path().display()
        );
    }
    Ok(opened.history)
}
