//! `ply bench stop`: how quickly the search obeys its stop flag and its time budget in
//! every mode (the requirement is within 50 ms), measured from outside as a GUI sees it.

use crate::game_args::mode_named;
use clap::Args;
use ply_modes::{AnyGame, Limits, MODES, Mode};
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

/// Arguments of `ply bench stop`.
#[derive(Args, Debug)]
pub struct StopArgs {
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

/// The worst case of one mode.
struct Worst {
    after_stop: Duration,
    finished_before_stop: u32,
    past_budget: Duration,
    past_budget_on_search_clock: Duration,
    setup: Duration,
}

/// Measures every chosen mode and prints a row for each, then the worst case.
pub fn run(args: &StopArgs) -> Result<(), String> {
    let modes: Vec<&Mode> = match &args.mode {
        Some(id) => vec![mode_named(id)?],
        None => MODES.iter().collect(),
    };
    let delay = Duration::from_millis(args.delay_ms);
    let budget = Duration::from_millis(args.budget_ms);
    let runs = args.runs.max(1);
    say!(
        "from each start position, worst of {runs} runs: stop flag raised {} ms into a \
         search without limits; searches with a {} ms budget",
        args.delay_ms,
        args.budget_ms
    );
    say!(
        "(past budget: from the call to the return; search clock: from the search's own \
         start, which excludes setting up its tables, shown as setup)"
    );
    say!(
        "{:<10} {:>16} {:>17} {:>13} {:>11}",
        "mode",
        "after stop (ms)",
        "past budget (ms)",
        "search clock",
        "setup (ms)"
    );
    let mut overall_stop = Duration::ZERO;
    let mut overall_budget = Duration::ZERO;
    for mode in modes {
        let game = mode.new_game();
        let mut worst = Worst {
            after_stop: Duration::ZERO,
            finished_before_stop: 0,
            past_budget: Duration::ZERO,
            past_budget_on_search_clock: Duration::ZERO,
            setup: Duration::ZERO,
        };
        for _ in 0..runs {
            match returned_after_stop(game.as_ref(), delay)? {
                Some(late) => worst.after_stop = worst.after_stop.max(late),
                None => worst.finished_before_stop += 1,
            }
            let (took, searched) = budgeted_search(game.as_ref(), budget);
            worst.past_budget = worst.past_budget.max(took.saturating_sub(budget));
            worst.past_budget_on_search_clock = worst
                .past_budget_on_search_clock
                .max(searched.saturating_sub(budget));
            worst.setup = worst.setup.max(took.saturating_sub(searched));
        }
        let note = match worst.finished_before_stop {
            0 => String::new(),
            early => format!("  ({early} searches ended before the flag)"),
        };
        say!(
            "{:<10} {:>16.1} {:>17.1} {:>13.1} {:>11.1}{note}",
            mode.id,
            millis(worst.after_stop),
            millis(worst.past_budget),
            millis(worst.past_budget_on_search_clock),
            millis(worst.setup),
        );
        overall_stop = overall_stop.max(worst.after_stop);
        overall_budget = overall_budget.max(worst.past_budget);
    }
    say!(
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

/// How long a search with a time budget of `budget` took: from the call to its return,
/// and on the search's own clock.
fn budgeted_search(game: &dyn AnyGame, budget: Duration) -> (Duration, Duration) {
    let never = AtomicBool::new(false);
    let limits = Limits {
        time: Some(budget),
        ..Limits::default()
    };
    let started = Instant::now();
    let thought = game.analyse(&limits, &never, &mut |_| {});
    (started.elapsed(), thought.elapsed)
}
