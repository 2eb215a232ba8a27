//! `ply bench`: measurements too slow or too machine-dependent for unit tests.
//! `ply bench stop` shows how quickly the search obeys its stop flag and its time
//! budget in every mode (the requirement is within 50 ms).

use clap::{Args, Subcommand};
use ply_modes::{AnyGame, Limits, MODES, Mode, find_mode, mode_ids};
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

/// Arguments of `ply bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    #[command(subcommand)]
    benchmark: Benchmark,
}

#[derive(Subcommand, Debug)]
enum Benchmark {
    /// How long after its stop flag, and how far past its time budget, the search
    /// returns, in every mode (worst of several runs).
    Stop(StopArgs),
}

/// Arguments of `ply bench stop`.
#[derive(Args, Debug)]
struct StopArgs {
    /// Searches per mode and measurement; the worst is reported.
    #[arg(long, default_value_t = 5)]
    runs: u32,
    /// How long a search without limits runs before its stop flag is raised, in ms.
    #[arg(long, default_value_t = 300)]
    delay_ms: u64,
    /// The time budget of the budgeted searches, in ms.
    #[arg(long, default_value_t = 300)]
    budget_ms: u64,
    /// Measure only this mode (all modes if omitted).
    #[arg(long)]
    mode: Option<String>,
}

/// Runs the chosen benchmark and prints its table.
pub fn run(args: &BenchArgs) -> Result<(), String> {
    match &args.benchmark {
        Benchmark::Stop(stop_args) => stop(stop_args),
    }
}

/// The worst case of one mode.
struct Worst {
    after_stop: Duration,
    finished_before_stop: u32,
    past_budget: Duration,
    longest_budgeted: Duration,
}

fn stop(args: &StopArgs) -> Result<(), String> {
    let modes: Vec<&Mode> = match &args.mode {
        None => MODES.iter().collect(),
        Some(id) => vec![
            find_mode(id)
                .ok_or_else(|| format!("unknown mode '{id}' (known modes: {})", mode_ids()))?,
        ],
    };
    let delay = Duration::from_millis(args.delay_ms);
    let budget = Duration::from_millis(args.budget_ms);
    let runs = args.runs.max(1);
    println!(
        "from each start position, worst of {runs} runs: stop flag raised {} ms into a \
         search without limits; searches with a {} ms budget",
        args.delay_ms, args.budget_ms
    );
    println!(
        "{:<8} {:>16} {:>16} {:>24}",
        "mode", "after stop (ms)", "past budget (ms)", "longest budgeted (ms)"
    );
    let mut overall_stop = Duration::ZERO;
    let mut overall_budget = Duration::ZERO;
    for mode in modes {
        let game = mode.new_game();
        let mut worst = Worst {
            after_stop: Duration::ZERO,
            finished_before_stop: 0,
            past_budget: Duration::ZERO,
            longest_budgeted: Duration::ZERO,
        };
        for _ in 0..runs {
            match returned_after_stop(game.as_ref(), delay)? {
                Some(late) => worst.after_stop = worst.after_stop.max(late),
                None => worst.finished_before_stop += 1,
            }
            let took = budgeted_search(game.as_ref(), budget);
            worst.past_budget = worst.past_budget.max(took.saturating_sub(budget));
            worst.longest_budgeted = worst.longest_budgeted.max(took);
        }
        let note = match worst.finished_before_stop {
            0 => String::new(),
            early => format!("  ({early} searches ended before the flag)"),
        };
        println!(
            "{:<8} {:>16.1} {:>16.1} {:>24.1}{note}",
            mode.id,
            millis(worst.after_stop),
            millis(worst.past_budget),
            millis(worst.longest_budgeted),
        );
        overall_stop = overall_stop.max(worst.after_stop);
        overall_budget = overall_budget.max(worst.past_budget);
    }
    println!(
        "worst: {:.1} ms after the stop flag, {:.1} ms past the budget (required: under 50 ms)",
        millis(overall_stop),
        millis(overall_budget)
    );
    Ok(())
}

fn millis(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e3
}

/// Starts a search without limits, raises its stop flag after `delay`, and returns
/// how long after that the search returned (`None` if it ended before the flag).
fn returned_after_stop(game: &dyn AnyGame, delay: Duration) -> Result<Option<Duration>, String> {
    let stop = AtomicBool::new(false);
    thread::scope(|scope| {
        let search = scope.spawn(|| {
            game.analyse(&Limits::default(), &stop, &mut |_| {});
            Instant::now()
        });
        // The delay is what is being measured against, not a way to wait for anything.
        thread::sleep(delay);
        let raised = Instant::now();
        stop.store(true, Ordering::Release);
        let returned = search
            .join()
            .map_err(|_| format!("the search failed in {}", game.mode_id()))?;
        Ok(returned.checked_duration_since(raised))
    })
}

/// How long a search with a time budget of `budget` took, from the call to its return.
fn budgeted_search(game: &dyn AnyGame, budget: Duration) -> Duration {
    let never = AtomicBool::new(false);
    let limits = Limits {
        time: Some(budget),
        ..Limits::default()
    };
    let started = Instant::now();
    game.analyse(&limits, &never, &mut |_| {});
    started.elapsed()
}
