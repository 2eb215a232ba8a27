//! `ply bench solve`: Connect Four's benchmark sets, played by the computer on Maximum
//! (how often it finds a winning move in time) or given straight to the solver (its
//! time per position and speed, with each answer checked against the file's score).

use crate::game_args::mode_named;
use clap::{Args, ValueEnum};
use ply_games::connect4::ConnectFour;
use ply_games::connect4::solver::{Board, Limits, Solver};
use ply_modes::{Level, Request};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Arguments of `ply bench solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Files of `MOVES SCORE` lines (e.g. tests/data/connect4/Test_L2_R1).
    #[arg(required = true)]
    files: Vec<std::path::PathBuf>,
    /// Who answers: the computer on Maximum, or the solver alone.
    #[arg(long, value_enum, default_value_t = Answerer::Maximum)]
    by: Answerer,
    /// Thinking time per position for the computer, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    millis: u64,
    /// Only the first N positions of each file.
    #[arg(long)]
    limit: Option<usize>,
    /// The solver's cache holds about 2^N entries of 8 bytes.
    #[arg(long, default_value_t = 23)]
    table_log2: u32,
}

/// Who answers the benchmark positions.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum Answerer {
    /// The computer on Maximum, through the game's own `think`: a winning move is
    /// looked for in every won position.
    Maximum,
    /// The solver's exact score (the quickest win, the longest resistance).
    Exact,
    /// The solver's result only: won, drawn or lost.
    Result,
}

/// One benchmark line.
struct Line {
    moves: String,
    score: i32,
}

fn read_lines(file: &std::path::Path, limit: Option<usize>) -> Result<Vec<Line>, String> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .take(limit.unwrap_or(usize::MAX))
        .enumerate()
        .map(|(number, line)| {
            let (moves, score) = line
                .split_once(' ')
                .ok_or_else(|| format!("line {}: expected 'MOVES SCORE'", number + 1))?;
            let score = score
                .trim()
                .parse()
                .map_err(|_| format!("line {}: bad score '{score}'", number + 1))?;
            Ok(Line {
                moves: moves.to_string(),
                score,
            })
        })
        .collect()
}

/// Runs the benchmark on each file in turn.
pub fn run(args: &SolveArgs) -> Result<(), String> {
    for file in &args.files {
        let lines = read_lines(file, args.limit)?;
        let name = file.file_name().map_or_else(
            || file.display().to_string(),
            |name| name.to_string_lossy().into_owned(),
        );
        match args.by {
            Answerer::Maximum => bench_maximum(&name, &lines, args.millis)?,
            Answerer::Exact | Answerer::Result => bench_solver(&name, &lines, args)?,
        }
    }
    Ok(())
}

/// The solver's result (1 won, 0 drawn, -1 lost) of `moves` for the side to move.
fn result_of(solver: &mut Solver, moves: &str) -> Result<i32, String> {
    let position = ConnectFour::from_moves(moves).map_err(|e| e.to_string())?;
    if position.is_won() {
        return Ok(-1);
    }
    if position.is_full() {
        return Ok(0);
    }
    solver
        .outcome(&Board::of(&position), &Limits::default())
        .map_err(|_| format!("{moves}: the check was interrupted"))
}

fn bench_maximum(name: &str, lines: &[Line], millis: u64) -> Result<(), String> {
    let mode = mode_named("connect4")?;
    let request = Request {
        level: Level::FULL,
        budget: Duration::from_millis(millis),
        seed: 0,
        whole_budget: false,
    };
    let mut checker = Solver::new(22);
    let (mut won, mut found) = (0u32, 0u32);
    let (mut total, mut slowest) = (Duration::ZERO, Duration::ZERO);
    for line in lines.iter().filter(|line| line.score > 0) {
        won += 1;
        let game = mode.from_position(&line.moves).map_err(|e| e.to_string())?;
        let started = Instant::now();
        let thought = game.think(&request, &AtomicBool::new(false), &mut |_| {});
        let elapsed = started.elapsed();
        slowest = slowest.max(elapsed);
        total += elapsed;
        let column = thought.line.first().cloned().unwrap_or_default();
        if result_of(&mut checker, &format!("{}{column}", line.moves))? == -1 {
            found += 1;
        } else {
            say!("missed: {} (played {column})", line.moves);
        }
    }
    say!(
        "{name}: {found} of {won} won positions answered with a winning move ({:.1}%); mean {:.2} ms, slowest {:.1} ms",
        100.0 * f64::from(found) / f64::from(won.max(1)),
        total.as_secs_f64() * 1e3 / f64::from(won.max(1)),
        slowest.as_secs_f64() * 1e3
    );
    Ok(())
}

fn bench_solver(name: &str, lines: &[Line], args: &SolveArgs) -> Result<(), String> {
    let mut solver = Solver::new(args.table_log2);
    let (mut total, mut slowest) = (Duration::ZERO, Duration::ZERO);
    let mut wrong = 0;
    for line in lines {
        let position = ConnectFour::from_moves(&line.moves).map_err(|e| e.to_string())?;
        let board = Board::of(&position);
        let started = Instant::now();
        let (answer, expected) = match args.by {
            Answerer::Exact => (solver.solve(&board, &Limits::default()), line.score),
            _ => (
                solver.outcome(&board, &Limits::default()),
                line.score.signum(),
            ),
        };
        let elapsed = started.elapsed();
        total += elapsed;
        slowest = slowest.max(elapsed);
        if answer != Ok(expected) {
            wrong += 1;
            say!("wrong: {} gave {answer:?}, not {expected}", line.moves);
        }
    }
    let count = lines.len().max(1) as f64;
    say!(
        "{name}: {} positions, {wrong} wrong; mean {:.3} ms, slowest {:.1} ms, {:.0} nodes a position, {:.2} M nodes/s",
        lines.len(),
        total.as_secs_f64() * 1e3 / count,
        slowest.as_secs_f64() * 1e3,
        solver.nodes() as f64 / count,
        solver.nodes() as f64 / total.as_secs_f64().max(1e-9) / 1e6
    );
    Ok(())
}
