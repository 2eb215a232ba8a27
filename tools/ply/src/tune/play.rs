//! `ply tune play`: the computer plays itself from varied random openings at a fixed
//! number of positions per move, and every quiet position of each game (not in check,
//! the chosen move not a capture or the like, the score not a forced result) is written
//! with the game's result, for the fit.

use super::samples::{GameResult, write_sample};
use clap::Args;
use ply_ai::search::{Limits, Searcher};
use ply_core::{Explain, Player, Present, Tunable, zobrist::splitmix64};
use ply_modes::{AnyGame, Game};
use std::fs::OpenOptions;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// Arguments of `ply tune play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Mode identifier.
    #[arg(long)]
    pub mode: String,
    /// Games to play.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Positions each move's search visits.
    #[arg(long, default_value_t = 5000)]
    nodes: u64,
    /// Random plies at the start of each game, for variety.
    #[arg(long, default_value_t = 8)]
    random_plies: u32,
    /// Games still running after this many plies count as draws.
    #[arg(long, default_value_t = 300)]
    max_plies: usize,
    /// Games played at once.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Seed of the random openings (game `n` uses seed + n).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The file the positions are appended to.
    #[arg(long)]
    out: PathBuf,
}

/// Plays the games on `threads` threads, appending each finished game's positions.
pub fn run<G: Tunable + Present + Explain>(args: &PlayArgs) -> Result<(), String> {
    let file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.out)
        .map_err(|e| format!("cannot open {}: {e}", args.out.display()))?;
    let out = Mutex::new(BufWriter::new(file));
    let next_game = AtomicU64::new(0);
    let kept = AtomicU64::new(0);
    let started = Instant::now();
    let failure = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..args.threads.max(1) {
            scope.spawn(|| {
                let mut searcher = Searcher::<G>::new(16);
                loop {
                    let index = next_game.fetch_add(1, Ordering::Relaxed);
                    if index >= args.games {
                        break;
                    }
                    let (positions, result) = play_game::<G>(&mut searcher, args, index);
                    let mut out = out.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                    let written = positions
                        .iter()
                        .try_for_each(|text| {
                            write_sample(&mut *out, result, args.seed + index, text)
                        })
                        .and_then(|()| out.flush());
                    if let Err(e) = written {
                        *failure.lock().unwrap_or_else(|p| p.into_inner()) =
                            Some(format!("cannot write {}: {e}", args.out.display()));
                        next_game.store(args.games, Ordering::Relaxed);
                        break;
                    }
                    let total = kept.fetch_add(positions.len() as u64, Ordering::Relaxed)
                        + positions.len() as u64;
                    if (index + 1).is_multiple_of(50) {
                        say!(
                            "game {} done: {total} positions kept, {:.0} s",
                            index + 1,
                            started.elapsed().as_secs_f64()
                        );
                    }
                }
            });
        }
    });
    if let Some(message) = failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(message);
    }
    say!(
        "{} games, {} positions kept in {}, {:.0} s",
        args.games,
        kept.load(Ordering::Relaxed),
        args.out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Plays game `index` and returns its quiet positions as text, with the result.
fn play_game<G: Tunable + Present + Explain>(
    searcher: &mut Searcher<G>,
    args: &PlayArgs,
    index: u64,
) -> (Vec<String>, GameResult) {
    let mut game = Game::new(G::start());
    let mut seed = splitmix64(args.seed.wrapping_add(index));
    for _ in 0..args.random_plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        seed = splitmix64(seed);
        let pick = moves[(seed % moves.len() as u64) as usize];
        let mut next = game.clone();
        if next.play(pick).is_ok() && next.outcome().is_none() {
            game = next;
        }
    }
    searcher.clear();
    let limits = Limits {
        nodes: Some(args.nodes),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let mut quiet = Vec::new();
    let mut noisy = Vec::new();
    let mut plies = 0;
    while game.outcome().is_none() && plies < args.max_plies {
        plies += 1;
        let history: Vec<u64> = game.hashes().collect();
        let position = game.position().clone();
        let report = searcher.search(&position, &history, &limits, &stop, &mut |_| {});
        let Some(best) = report.best() else {
            break;
        };
        noisy.clear();
        position.noisy_moves(&mut noisy);
        if !position.in_check() && !noisy.contains(&best) && !report.score.is_decisive() {
            quiet.push(position.to_text());
        }
        if game.play(G::move_code(best)).is_err() {
            break;
        }
    }
    let result = match game.outcome().and_then(|outcome| outcome.winner()) {
        Some(Player::First) => GameResult::FirstWins,
        Some(Player::Second) => GameResult::SecondWins,
        None => GameResult::Draw,
    };
    (quiet, result)
}
