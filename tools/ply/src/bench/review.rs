//! `ply bench review`: how long the game review of a long game takes at a given time
//! per position, with the progress shown as it goes. The game is played first by the
//! engine itself at a fixed number of positions a move from a seeded random opening,
//! so the same command reviews the same game on every machine.

use crate::game_args::mode_named;
use clap::Args;
use ply_analysis::{ReviewSettings, review_game};
use ply_core::zobrist::splitmix64;
use ply_modes::{AnyGame, Limits};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Arguments of `ply bench review`.
#[derive(Args, Debug)]
pub struct ReviewBenchArgs {
    /// Mode of the game.
    #[arg(long, default_value = "chess")]
    mode: String,
    /// Moves of each side in the game (a chess "40-move game" has 80 plies).
    #[arg(long, default_value_t = 40)]
    moves: usize,
    /// Search time per position, in milliseconds.
    #[arg(long, default_value_t = 500)]
    millis: u64,
    /// Search threads per position.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Seed of the game's random opening.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Random plies before the engine plays the game.
const RANDOM_PLIES: usize = 4;
/// Positions the engine searches for each move of the game it plays.
const NODES_PER_MOVE: u64 = 20_000;

/// Plays the game, reviews it, and prints the time taken.
pub fn run(args: &ReviewBenchArgs) -> Result<(), String> {
    let mode = mode_named(&args.mode)?;
    let game = play_game(mode.new_game(), args.moves * 2, args.seed);
    say!(
        "{}: a game of {} plies ({}), reviewed at {} ms a position on {} threads",
        mode.id,
        game.moves().len(),
        game.outcome()
            .map_or("unfinished".to_string(), |o| format!("{o:?}")),
        args.millis,
        args.threads
    );
    let settings = ReviewSettings {
        per_position: Duration::from_millis(args.millis),
        threads: args.threads.max(1),
        depth: None,
    };
    let started = Instant::now();
    let stop = AtomicBool::new(false);
    let review = review_game(&*game, &settings, &stop, &mut |done, total| {
        let width = 40;
        let filled = done * width / total;
        eprint!(
            "\r[{}{}] {done}/{total} positions, {:.1} s",
            "#".repeat(filled),
            " ".repeat(width - filled),
            started.elapsed().as_secs_f64()
        );
    })
    .map_err(|e| e.to_string())?;
    eprintln!();
    let elapsed = started.elapsed();
    let positions = review.positions.len();
    let summary = review.summary(&*game).ok_or("the review does not fit")?;
    let depths: Vec<u32> = review.positions.iter().map(|v| v.depth).collect();
    say!(
        "reviewed {positions} positions in {:.1} s ({:.0} ms a position; budget {} ms); \
         depth {} to {}",
        elapsed.as_secs_f64(),
        elapsed.as_secs_f64() * 1000.0 / positions as f64,
        args.millis,
        depths.iter().min().unwrap_or(&0),
        depths.iter().max().unwrap_or(&0),
    );
    crate::review::print_sides(&*game, &summary);
    Ok(())
}

/// The engine's game: a few seeded random plies, then its own moves at a fixed node
/// budget, until `plies` or the end.
fn play_game(mut game: Box<dyn AnyGame>, plies: usize, seed: u64) -> Box<dyn AnyGame> {
    let mut dice = splitmix64(seed);
    let stop = AtomicBool::new(false);
    let limits = Limits {
        nodes: Some(NODES_PER_MOVE),
        ..Limits::default()
    };
    while game.moves().len() < plies && game.outcome().is_none() {
        let chosen = if game.moves().len() < RANDOM_PLIES {
            let legal = game.legal_moves();
            dice = splitmix64(dice);
            legal
                .get((dice % legal.len().max(1) as u64) as usize)
                .copied()
        } else {
            game.analyse(&limits, &stop, &mut |_| {}).best
        };
        let Some(chosen) = chosen else { break };
        if game.play(chosen).is_err() {
            break;
        }
    }
    game
}
