//! `ply save verify FILE...`: loads each save exactly as the game would (every move
//! replayed through the rules) and says which load; the exit status is failure if any
//! does not.

use clap::Args;
use ply_save::{GameResult, load_file};
use std::path::PathBuf;

/// Arguments of `ply save verify`.
#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// The save files.
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

/// Prints one line per file; fails when any file does not load.
pub fn run(args: &VerifyArgs) -> Result<(), String> {
    let mut failures = 0;
    for file in &args.files {
        match load_file(file) {
            Ok(saved) => {
                let state = match GameResult::of(saved.game.outcome()) {
                    GameResult::InProgress => "in progress",
                    GameResult::Won(_) | GameResult::Drawn => "finished",
                };
                say!(
                    "ok      {}: {}, {} moves, {state}",
                    file.display(),
                    saved.game.mode_id(),
                    saved.game.moves().len()
                );
            }
            Err(error) => {
                failures += 1;
                say!("FAILED  {}: {error}", file.display());
            }
        }
    }
    match failures {
        0 => Ok(()),
        _ => Err(format!(
            "{failures} of {} saves did not load",
            args.files.len()
        )),
    }
}
