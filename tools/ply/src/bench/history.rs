//! `ply bench history`: the history at the size of a keen player's lifetime. Fills a
//! history in a temporary folder with finished games (seeded random legal moves, see
//! `random_games`), then times what the History screen asks: the first page and every
//! filter, "your games at this position" at the start and deep in a game, the
//! statistics, bytes per game on disk, opening the file, and PGN import. The goals:
//! a page under any filter within 100 ms, a position within 200 ms.

use crate::random_games;
use clap::Args;
use ply_history::{
    Computer, GameFilter, History, Page, PlayerResult, PositionKey, Span, Strength, Timeline,
};
use ply_modes::{Level, find_mode};
use ply_save::{Format, SaveFolder};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The page size the History screen shows.
const PAGE: u64 = 50;

/// The goal for a page of games under any filter.
const PAGE_GOAL: Duration = Duration::from_millis(100);

/// The goal for the games at a position.
const EXPLORER_GOAL: Duration = Duration::from_millis(200);

/// Games stored per transaction while filling.
const BATCH: u64 = 1000;

/// Arguments of `ply bench history`.
#[derive(Args, Debug)]
pub struct HistoryBenchArgs {
    /// Games in the history.
    #[arg(long, default_value_t = 100_000)]
    games: u64,
    /// Seed of the random games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Chess games exported to PGN and imported into an empty history.
    #[arg(long, default_value_t = 2000)]
    pgn_games: u64,
    /// Times each query runs; the median is reported.
    #[arg(long, default_value_t = 5)]
    runs: usize,
    /// Fill and keep the history in this file (it must not exist yet) instead of a
    /// temporary folder.
    #[arg(long)]
    keep: Option<PathBuf>,
}

/// Fills the history and prints the measurements.
pub fn run(args: &HistoryBenchArgs) -> Result<(), String> {
    let folder = tempfile::tempdir().map_err(|e| format!("no temporary folder: {e}"))?;
    let file = match &args.keep {
        Some(file) if file.exists() => {
            return Err(format!(
                "{} exists already; name a new file",
                file.display()
            ));
        }
        Some(file) => file.clone(),
        None => folder.path().join("history.sqlite3"),
    };
    let saves = SaveFolder::at(folder.path().join("saves"));
    say!(
        "history bench: {} games of seeded random legal moves (seed {}), half of them chess",
        args.games,
        args.seed
    );
    fill(&file, &saves, args)?;
    let opening = Instant::now();
    let history = open(&file, &saves)?;
    let opened = opening.elapsed();
    let bytes = std::fs::metadata(&file).map_err(|e| e.to_string())?.len();
    say!(
        "file: {:.1} MB, {:.0} bytes per game; opened (with SQLite's quick check) in {} ms",
        bytes as f64 / 1e6,
        bytes as f64 / args.games.max(1) as f64,
        opened.as_millis()
    );
    let worst_page = queries(&history, args)?;
    let worst_position = positions(&history, args)?;
    let timing = Instant::now();
    let strengths: Vec<Strength> = [
        (Level::at(4), 1000.0),
        (Level::at(5), 1300.0),
        (Level::at(7), 1600.0),
        (Level::FULL, 2000.0),
    ]
    .into_iter()
    .flat_map(|(level, elo)| {
        ply_modes::MODES.iter().map(move |mode| Strength {
            mode: mode.id.to_string(),
            level,
            elo,
        })
    })
    .collect();
    history
        .stats(
            &GameFilter::default(),
            &strengths,
            &Timeline::utc(Span::Week),
        )
        .map_err(|e| e.to_string())?;
    say!(
        "statistics over every game: {} ms",
        timing.elapsed().as_millis()
    );
    pgn_import(&history, folder.path(), args)?;
    say!(
        "goals: a page under any filter <= {} ms: {} (slowest {:.1} ms); a position <= {} ms: {} (slowest {:.1} ms)",
        PAGE_GOAL.as_millis(),
        verdict(worst_page <= PAGE_GOAL),
        millis(worst_page),
        EXPLORER_GOAL.as_millis(),
        verdict(worst_position <= EXPLORER_GOAL),
        millis(worst_position)
    );
    Ok(())
}

fn verdict(met: bool) -> &'static str {
    if met { "met" } else { "MISSED" }
}

fn millis(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

fn open(file: &Path, saves: &SaveFolder) -> Result<History, String> {
    History::open(file, saves, &["Ann".to_string()])
        .map(|opened| opened.history)
        .map_err(|e| e.to_string())
}

/// Makes and stores the games, timing each part.
fn fill(file: &Path, saves: &SaveFolder, args: &HistoryBenchArgs) -> Result<(), String> {
    let mut history = open(file, saves)?;
    history
        .set_cache_megabytes(256)
        .map_err(|e| e.to_string())?;
    let (mut making, mut storing) = (Duration::ZERO, Duration::ZERO);
    let mut plies = 0u64;
    let mut number = 0;
    while number < args.games {
        let started = Instant::now();
        let batch: Vec<_> = (number..(number + BATCH).min(args.games))
            .map(|n| random_games::game(args.seed, n))
            .collect();
        plies += batch
            .iter()
            .map(|(saved, _)| saved.game.moves().len() as u64)
            .sum::<u64>();
        making += started.elapsed();
        let started = Instant::now();
        history.record_many(&batch).map_err(|e| e.to_string())?;
        storing += started.elapsed();
        number += batch.len() as u64;
    }
    say!(
        "made in {:.1} s; stored in {:.1} s ({:.0} games/s, {:.1} million positions)",
        making.as_secs_f64(),
        storing.as_secs_f64(),
        args.games as f64 / storing.as_secs_f64().max(1e-9),
        (plies + args.games) as f64 / 1e6
    );
    Ok(())
}

/// The median of `runs` timings of `work`, and its last answer.
fn timed<T>(
    runs: usize,
    mut work: impl FnMut() -> Result<T, String>,
) -> Result<(Duration, T), String> {
    let mut times = Vec::with_capacity(runs);
    let mut answer = None;
    for _ in 0..runs.max(1) {
        let started = Instant::now();
        answer = Some(work()?);
        times.push(started.elapsed());
    }
    times.sort();
    Ok((times[times.len() / 2], answer.expect("at least one run")))
}

/// Every game, but for what `choose` sets.
fn only(choose: impl FnOnce(&mut GameFilter)) -> GameFilter {
    let mut filter = GameFilter::default();
    choose(&mut filter);
    filter
}

/// Times the first page and the count under each filter; returns the slowest page.
fn queries(history: &History, args: &HistoryBenchArgs) -> Result<Duration, String> {
    let after_e4 = ply_modes::replay("chess", None, ["e2e4"]).map_err(|e| e.to_string())?;
    let middle = random_games::played_at(args.games / 2);
    let filters: Vec<(&str, GameFilter)> = vec![
        ("no filter (first page)", GameFilter::default()),
        (
            "mode: checkers",
            only(|f| f.mode = Some("checkers".to_string())),
        ),
        (
            "opponent: Bob",
            only(|f| f.opponent = Some("Bob".to_string())),
        ),
        (
            "result: loss",
            only(|f| f.result = Some(PlayerResult::Loss)),
        ),
        (
            "against the computer",
            only(|f| f.computer = Some(Computer::Any)),
        ),
        (
            "computer on level 7",
            only(|f| f.computer = Some(Computer::Level(Level::at(7)))),
        ),
        ("people only", only(|f| f.computer = Some(Computer::Never))),
        ("online", only(|f| f.online = Some(true))),
        (
            "a month's dates",
            only(|f| {
                f.from = Some(middle);
                f.until = Some(middle + Duration::from_secs(30 * 86_400));
            }),
        ),
        (
            "search: \"dee\"",
            only(|f| f.search = Some("dee".to_string())),
        ),
        (
            "reached 1. e4",
            only(|f| f.position = Some(PositionKey::of(after_e4.as_ref()))),
        ),
        (
            "chess, level 7, won",
            only(|f| {
                f.mode = Some("chess".to_string());
                f.computer = Some(Computer::Level(Level::at(7)));
                f.result = Some(PlayerResult::Win);
            }),
        ),
    ];
    say!(
        "{:<26} {:>9} {:>9} {:>8}",
        "filter",
        "page ms",
        "count ms",
        "games"
    );
    let mut slowest = Duration::ZERO;
    for (name, filter) in &filters {
        let (page, _) = timed(args.runs, || {
            history
                .list(filter, Page::first(PAGE))
                .map_err(|e| e.to_string())
        })?;
        let (count_time, count) = timed(args.runs, || {
            history.count(filter).map_err(|e| e.to_string())
        })?;
        say!(
            "{name:<26} {:>9.1} {:>9.1} {count:>8}",
            millis(page),
            millis(count_time)
        );
        slowest = slowest.max(page);
    }
    Ok(slowest)
}

/// Times "your games at this position" at chess's start and thirty moves into a long
/// chess game; returns the slower.
fn positions(history: &History, args: &HistoryBenchArgs) -> Result<Duration, String> {
    let chess = find_mode("chess").ok_or("no chess mode")?;
    let long_games = history
        .list(
            &only(|f| f.mode = Some("chess".to_string())),
            Page::first(200),
        )
        .map_err(|e| e.to_string())?;
    let long = long_games
        .iter()
        .find(|game| game.plies >= 40)
        .ok_or("no chess game of 40 moves or more")?;
    let moves = history.game(long.id).map_err(|e| e.to_string())?.moves;
    let deep = chess
        .replay(None, &moves[..30])
        .map_err(|e| e.to_string())?;
    let mut slowest = Duration::ZERO;
    for (name, game) in [
        ("chess start", chess.new_game()),
        ("chess, 30 plies in", deep),
    ] {
        let (time, explored) = timed(args.runs, || {
            history.explore(game.as_ref()).map_err(|e| e.to_string())
        })?;
        say!(
            "games at a position, {name}: {:.1} ms ({} games, {} moves played from it)",
            millis(time),
            explored.games,
            explored.moves.len()
        );
        slowest = slowest.max(time);
    }
    Ok(slowest)
}

/// Exports chess games as PGN and times importing them into an empty history.
fn pgn_import(history: &History, folder: &Path, args: &HistoryBenchArgs) -> Result<(), String> {
    let mut ids = history
        .ids(&only(|f| f.mode = Some("chess".to_string())))
        .map_err(|e| e.to_string())?;
    ids.truncate(args.pgn_games as usize);
    let started = Instant::now();
    let pgn = history
        .export(&ids, Format::Pgn)
        .map_err(|e| e.to_string())?;
    let exported = started.elapsed();
    let mut empty = open(
        &folder.join("imported.sqlite3"),
        &SaveFolder::at(folder.join("none")),
    )?;
    let started = Instant::now();
    let report = empty
        .import_records(&pgn, "chess")
        .map_err(|e| e.to_string())?;
    let imported = started.elapsed();
    say!(
        "PGN: {} games ({:.1} MB) exported in {} ms; imported into an empty history at {:.0} games/s",
        report.added,
        pgn.len() as f64 / 1e6,
        exported.as_millis(),
        report.added as f64 / imported.as_secs_f64().max(1e-9)
    );
    Ok(())
}
