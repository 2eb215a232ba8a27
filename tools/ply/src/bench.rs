//! `ply bench`: measurements that back the performance goals: the computer player's
//! depth and speed in a fixed time for every mode, Connect Four solving, the history of
//! games at 100,000 games (`history`), the review of a long game (`review`), and (in `stop_bench` and `relay_bench`) how
//! quickly the search obeys its stop flag and time budget, and the relay's round trips
//! under load.

mod connect4;
mod history;
mod history_writes;
mod review;

use crate::game_args::mode_named;
use clap::{Args, Subcommand};
use ply_modes::{Limits, MODES};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Arguments of `ply bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    #[command(subcommand)]
    what: BenchCommand,
}

#[derive(Subcommand, Debug)]
enum BenchCommand {
    /// Depth reached, speed and best move in a fixed time, per mode.
    Ai(AiArgs),
    /// Connect Four benchmark positions: how often the computer on Maximum finds a
    /// winning move in the time given, or how long the solver takes, checked against
    /// the files' exact scores.
    Solve(connect4::SolveArgs),
    /// How long after its stop flag, and how far past its time budget, the search
    /// returns, in every mode (worst of several runs).
    Stop(crate::stop_bench::StopArgs),
    /// Lobbies of two clients play moves through a relay on loopback: round trips,
    /// throughput and the relay's memory.
    Relay(crate::relay_bench::RelayBenchArgs),
    /// What the encryption adds to a move's round trip through the relay, timed on its
    /// own.
    Wire(crate::wire_bench::WireBenchArgs),
    /// The history of finished games at 100,000 games: a page under each filter, the
    /// games at a position, bytes per game, PGN import speed.
    History(history::HistoryBenchArgs),
    /// Games recorded into the history one transaction at a time, each printed once
    /// committed (what the crash test kills).
    HistoryWrites(history_writes::HistoryWritesArgs),
    /// The review of a long game (played by the engine from a seeded opening) at a
    /// time per position, with the progress shown.
    Review(review::ReviewBenchArgs),
}

#[derive(Args, Debug)]
struct AiArgs {
    /// Thinking time per position, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    millis: u64,
    /// Only this mode.
    #[arg(long)]
    mode: Option<String>,
    /// Search threads (Maximum uses every core but one).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Stop at this depth instead of at the time limit, to time a fixed depth (how
    /// parallel search speed-ups are measured).
    #[arg(long)]
    depth: Option<u32>,
}

/// Fixed benchmark positions per mode beyond the start (a middlegame for variety).
fn positions(mode: &str) -> &'static [&'static str] {
    match mode {
        "chess" | "koth" | "hole" | "lps" | "atomic" => {
            &["r1bqkb1r/pp1ppppp/2n2n2/2p5/2P5/2N2N2/PP1PPPPP/R1BQKB1R w KQkq - 2 4"]
        }
        "checkers" => &["W:W18,21,22,23,24,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,9,10,11,12,14"],
        "hnefatafl" => &["3aaaaa3/5a5/11/a4d4a/a3ddd3a/aa1dd1ddkaa/a3ddd3a/a4d4a/11/5a5/3aaaaa3 a"],
        "connect4" => &["4453"],
        _ => &[],
    }
}

/// Runs the chosen benchmark.
pub fn run(args: &BenchArgs) -> Result<(), String> {
    match &args.what {
        BenchCommand::Ai(ai) => bench_ai(ai),
        BenchCommand::Solve(solve) => connect4::run(solve),
        BenchCommand::Stop(stop) => crate::stop_bench::run(stop),
        BenchCommand::Relay(relay) => crate::relay_bench::run(relay),
        BenchCommand::Wire(wire) => crate::wire_bench::run(wire),
        BenchCommand::History(history) => history::run(history),
        BenchCommand::HistoryWrites(writes) => history_writes::run(writes),
        BenchCommand::Review(review) => review::run(review),
    }
}

fn bench_ai(args: &AiArgs) -> Result<(), String> {
    let modes: Vec<&ply_modes::Mode> = match &args.mode {
        Some(id) => vec![mode_named(id)?],
        None => MODES.iter().collect(),
    };
    let limits = Limits {
        time: Some(Duration::from_millis(args.millis)).filter(|_| args.depth.is_none()),
        depth: args.depth,
        threads: args.threads,
        ..Limits::default()
    };
    say!(
        "{:<10} {:<8} {:>5} {:>12} {:>10}  best  position",
        "mode",
        "",
        "depth",
        "nodes/s",
        "ms"
    );
    for mode in modes {
        let mut games = vec![("start", mode.new_game())];
        for text in positions(mode.id) {
            games.push((
                "middle",
                mode.from_position(text).map_err(|e| e.to_string())?,
            ));
        }
        for (label, game) in games {
            let thought = game.analyse(&limits, &AtomicBool::new(false), &mut |_| {});
            let seconds = thought.elapsed.as_secs_f64().max(1e-9);
            say!(
                "{:<10} {:<8} {:>5} {:>12.0} {:>10}  {:<5} {}",
                mode.id,
                label,
                thought.depth,
                thought.nodes as f64 / seconds,
                thought.elapsed.as_millis(),
                thought.line.first().map_or("-", String::as_str),
                game.position_text()
            );
        }
    }
    Ok(())
}
