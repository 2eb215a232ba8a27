//! `ply tune play`: the computer (or, with `--uci`, an independent UCI engine) plays
//! itself from varied random openings at a fixed number of positions per move, and every
//! quiet position of each game (not in check, the chosen move not a capture or the like,
//! the score not a forced result) is written with the game's result and the score the
//! search gave it, for the fit.

use super::samples::{GameResult, Sample, write_sample};
use crate::uci_opponent::{UciBudget, UciOpponent, UciScore};
use clap::Args;
use ply_ai::search::{Limits, Searcher};
use ply_core::{Explain, Heuristics, Player, Present, zobrist::splitmix64};
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
    /// Positions each move's search visits (the UCI engine's, with `--uci`).
    #[arg(long, default_value_t = 5000)]
    nodes: u64,
    /// Let a UCI engine play both sides instead (chess, atomic, koth): its command,
    /// such as `stockfish`; one runs per thread.
    #[arg(long)]
    uci: Option<String>,
    /// A UCI option for the engine, `NAME=VALUE` (repeatable).
    #[arg(long = "uci-option")]
    uci_options: Vec<String>,
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
pub fn run<G: Heuristics + Present + Explain>(args: &PlayArgs) -> Result<(), String> {
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
    let choosers = (0..args.threads.max(1))
        .map(|_| MoveChooser::<G>::new(args))
        .collect::<Result<Vec<_>, String>>()?;
    let (out, next_game, kept, failure) = (&out, &next_game, &kept, &failure);
    std::thread::scope(|scope| {
        for mut chooser in choosers {
            scope.spawn(move || {
                loop {
                    let index = next_game.fetch_add(1, Ordering::Relaxed);
                    if index >= args.games {
                        break;
                    }
                    let (positions, result) = match play_game::<G>(&mut chooser, args, index) {
                        Ok(game) => game,
                        Err(message) => {
                            *failure.lock().unwrap_or_else(|p| p.into_inner()) = Some(message);
                            next_game.store(args.games, Ordering::Relaxed);
                            break;
                        }
                    };
                    let mut out = out.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                    let written = positions
                        .iter()
                        .try_for_each(|(position, score)| {
                            let sample = Sample {
                                result,
                                game: args.seed + index,
                                position,
                                score: Some(*score),
                            };
                            write_sample(&mut *out, &sample)
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
    if let Some(message) = failure.lock().unwrap_or_else(|p| p.into_inner()).take() {
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

/// A chosen move, with the chooser's score of the position from the side to move's
/// view (`None` for a forced result, or when the engine gave none).
struct Choice<M> {
    best: M,
    score: Option<i32>,
}

/// What chooses both sides' moves on one thread.
enum MoveChooser<G: Heuristics> {
    /// The computer's own search, at `--nodes` positions a move.
    Search(Box<Searcher<G>>),
    /// A UCI engine, at `--nodes` positions a move.
    Uci(UciOpponent),
}

impl<G: Heuristics + Present + Explain> MoveChooser<G> {
    fn new(args: &PlayArgs) -> Result<Self, String> {
        match &args.uci {
            Some(command) => Ok(MoveChooser::Uci(UciOpponent::start(
                command,
                &args.uci_options,
                &args.mode,
                UciBudget::Nodes(args.nodes),
            )?)),
            None if !args.uci_options.is_empty() => {
                Err("UCI options need a UCI engine (--uci)".into())
            }
            None => Ok(MoveChooser::Search(Box::new(Searcher::new(16)))),
        }
    }

    /// The move to play in `game`, if there is one.
    fn choose(
        &mut self,
        game: &Game<G>,
        limits: &Limits,
    ) -> Result<Option<Choice<G::Move>>, String> {
        match self {
            MoveChooser::Search(searcher) => {
                let history: Vec<u64> = game.hashes().collect();
                let stop = AtomicBool::new(false);
                let report = searcher.search(game.position(), &history, limits, &stop, &mut |_| {});
                let score = (!report.score.is_decisive()).then_some(report.score.0);
                Ok(report.best().map(|best| Choice { best, score }))
            }
            MoveChooser::Uci(engine) => {
                let code = engine.choose(game)?;
                let best = game
                    .position()
                    .legal_move_from_code(code)
                    .ok_or_else(|| format!("the UCI engine's move {code:?} is not legal"))?;
                let score = match engine.last_score() {
                    Some(UciScore::Centipawns(score)) => Some(score),
                    Some(UciScore::Mate(_)) | None => None,
                };
                Ok(Some(Choice { best, score }))
            }
        }
    }
}

/// Plays game `index` and returns its quiet positions as text with their scores (from
/// the first player's view), and the result.
fn play_game<G: Heuristics + Present + Explain>(
    chooser: &mut MoveChooser<G>,
    args: &PlayArgs,
    index: u64,
) -> Result<(Vec<(String, i32)>, GameResult), String> {
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
    if let MoveChooser::Search(searcher) = chooser {
        searcher.clear();
    }
    let limits = Limits {
        nodes: Some(args.nodes),
        ..Limits::default()
    };
    let mut quiet = Vec::new();
    let mut noisy = Vec::new();
    let mut plies = 0;
    while game.outcome().is_none() && plies < args.max_plies {
        plies += 1;
        let Some(Choice { best, score }) = chooser.choose(&game, &limits)? else {
            break;
        };
        let position = game.position();
        noisy.clear();
        position.noisy_moves(&mut noisy);
        if let Some(score) = score
            && !position.in_check()
            && !noisy.contains(&best)
        {
            quiet.push((position.to_text(), score * position.to_move().sign()));
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
    Ok((quiet, result))
}
