//! `ply save export SAVE [--format pgn|pdn|text] [--out FILE]`: a save as a game
//! record other programs read (PGN for the chess modes, PDN for checkers, plain text
//! for any mode), printed or written to a file.

use clap::{Args, ValueEnum};
use ply_save::{Format, export, load_file};
use std::path::PathBuf;

/// The record formats, as the command line names them.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum FormatName {
    /// Portable Game Notation (the chess modes).
    Pgn,
    /// Portable Draughts Notation (checkers).
    Pdn,
    /// Plyground's plain text record (any mode).
    Text,
}

impl From<FormatName> for Format {
    fn from(name: FormatName) -> Format {
        match name {
            FormatName::Pgn => Format::Pgn,
            FormatName::Pdn => Format::Pdn,
            FormatName::Text => Format::Text,
        }
    }
}

/// Arguments of `ply save export`.
#[derive(Args, Debug)]
pub struct ExportArgs {
    /// The save file.
    file: PathBuf,
    /// The record's format (default: PGN for the chess modes, PDN for checkers, text
    /// for hnefatafl and Connect Four).
    #[arg(long, value_enum)]
    format: Option<FormatName>,
    /// Write the record to this file instead of standard output.
    #[arg(long)]
    out: Option<PathBuf>,
}

/// Loads the save (every move replayed) and writes its record.
pub fn run(args: &ExportArgs) -> Result<(), String> {
    let saved = load_file(&args.file).map_err(|e| e.to_string())?;
    let format = args
        .format
        .map_or_else(|| Format::for_mode(saved.game.mode_id()), Format::from);
    let record = export(&saved, format).map_err(|e| e.to_string())?;
    match &args.out {
        Some(out) => {
            std::fs::write(out, record).map_err(|e| format!("cannot write {}: {e}", out.display()))
        }
        None => {
            say!("{}", record.trim_end_matches('\n'));
            Ok(())
        }
    }
}
