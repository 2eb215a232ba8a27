//! `ply bench history-writes`: games recorded one at a time, each in its own
//! transaction synced to disk, as the window records a game when it ends; prints each
//! game's number, id and identity once its transaction has committed, then the rate.
//! The crash test kills it with SIGKILL mid-write and checks that every game printed is
//! in the database.

use crate::random_games;
use clap::Args;
use ply_history::History;
use ply_save::SaveFolder;
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `ply bench history-writes`.
#[derive(Args, Debug)]
pub struct HistoryWritesArgs {
    /// The history's database file (made when missing).
    #[arg(long)]
    file: PathBuf,
    /// Seed of the random games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The number of the first game of the series to record.
    #[arg(long, default_value_t = 0)]
    start: u64,
    /// How many games to record (until killed if not given).
    #[arg(long)]
    games: Option<u64>,
}

/// Records games one by one, printing each after its commit.
pub fn run(args: &HistoryWritesArgs) -> Result<(), String> {
    // No saves folder: a path that never exists, so the first start imports nothing.
    let saves = SaveFolder::at(args.file.with_extension("no-saves"));
    let mut history = History::open(&args.file, &saves, &["Ann".to_string()])
        .map_err(|e| e.to_string())?
        .history;
    let started = Instant::now();
    let end = args
        .games
        .map_or(u64::MAX, |games| args.start.saturating_add(games));
    for number in args.start..end {
        let (saved, circumstances) = random_games::game(args.seed, number);
        let id = history
            .record(&saved, &circumstances)
            .map_err(|e| e.to_string())?
            .id();
        let summary = history.game(id).map_err(|e| e.to_string())?.summary;
        say!("recorded {number} {id} {}", summary.identity);
    }
    let games = end - args.start;
    say!(
        "{games} games in {:.2} s: {:.0} commits/s",
        started.elapsed().as_secs_f64(),
        games as f64 / started.elapsed().as_secs_f64().max(1e-9)
    );
    Ok(())
}
