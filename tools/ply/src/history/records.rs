//! `ply history import FILE...` and `ply history export`: PGN and PDN files into the
//! history, and the chosen games out as one PGN, PDN or text file.

use super::filters::FilterArgs;
use crate::save_export::FormatName;
use clap::Args;
use ply_history::{GameId, History, fallback_mode};
use ply_save::Format;
use std::collections::BTreeSet;
use std::path::PathBuf;

/// Arguments of `ply history import`.
#[derive(Args, Debug)]
pub struct ImportArgs {
    /// PGN or PDN files (a record without a Variant or GameType tag is chess in a
    /// .pgn file and checkers in a .pdn file).
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

/// Imports each file whole, or stops at the first that cannot be read.
pub fn import(history: &mut History, args: &ImportArgs) -> Result<(), String> {
    for file in &args.files {
        let text = std::fs::read_to_string(file)
            .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        let report = history
            .import_records(&text, fallback_mode(file))
            .map_err(|e| format!("{}: {e}; nothing of it was stored", file.display()))?;
        say!(
            "{}: {} games added, {} already there, {} passed over",
            file.display(),
            report.added,
            report.already_there,
            report.skipped.len()
        );
        for skipped in &report.skipped {
            say!("  passed over {skipped}");
        }
    }
    Ok(())
}

/// Arguments of `ply history export`.
#[derive(Args, Debug)]
pub struct ExportArgs {
    /// The file to write.
    out: PathBuf,
    /// The record's format (default: PGN when every game is of a chess mode, PDN when
    /// every game is checkers, text otherwise).
    #[arg(long, value_enum)]
    format: Option<FormatName>,
    /// Only these games, by number (may be given more than once); else every game
    /// the filters choose.
    #[arg(long = "id")]
    ids: Vec<i64>,
    #[command(flatten)]
    filters: FilterArgs,
}

/// Writes the chosen games, oldest first, as one file.
pub fn export(history: &History, args: &ExportArgs) -> Result<(), String> {
    let mut ids: Vec<GameId> = if args.ids.is_empty() {
        history
            .ids(&args.filters.filter()?)
            .map_err(|e| e.to_string())?
    } else {
        args.ids.iter().map(|&id| GameId(id)).collect()
    };
    if ids.is_empty() {
        return Err("no games to export".to_string());
    }
    ids.reverse();
    let format = match args.format {
        Some(name) => Format::from(name),
        None => {
            let modes = ids
                .iter()
                .map(|&id| history.game(id).map(|game| game.summary.mode))
                .collect::<Result<BTreeSet<String>, _>>()
                .map_err(|e| e.to_string())?;
            let formats: BTreeSet<&str> = modes
                .iter()
                .map(|mode| Format::for_mode(mode).extension())
                .collect();
            match modes.iter().next() {
                Some(mode) if formats.len() == 1 => Format::for_mode(mode),
                _ => Format::Text,
            }
        }
    };
    let text = history.export(&ids, format).map_err(|e| e.to_string())?;
    std::fs::write(&args.out, text)
        .map_err(|e| format!("cannot write {}: {e}", args.out.display()))?;
    say!(
        "{} games written to {} as {format}",
        ids.len(),
        args.out.display()
    );
    Ok(())
}
