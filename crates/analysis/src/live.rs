//! The computer's live view of one position on the analysis board: its best lines,
//! deeper and deeper, searched on a thread of its own with no time limit until it is
//! stopped, and, where the mode can be solved (Connect Four), the solver's exact result
//! proved on a second thread. The board reads the latest view each frame; the owner's
//! wake is called whenever it changes.

use crate::Wake;
use ply_modes::{AnyGame, Limits, Thought};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// How long the solver may try before it gives up: an analysis left open for a day
/// still proves what it can.
const SOLVER_PATIENCE: Duration = Duration::from_secs(24 * 60 * 60);

/// What the live analysis has found so far.
#[derive(Clone, Debug, Default)]
pub struct LiveView {
    /// The best lines of the deepest finished iteration, best first.
    pub lines: Vec<Thought>,
    /// The solver's exact value and a move that keeps it, once proved.
    pub exact: Option<Thought>,
    /// Whether the search is still going (it stops by itself only at its deepest
    /// depth, or when the game is over).
    pub searching: bool,
}

/// A live analysis of one position. Dropping it stops its threads.
pub struct LiveAnalysis {
    stop: Arc<AtomicBool>,
    view: Arc<Mutex<LiveView>>,
}

impl LiveAnalysis {
    /// Starts analysing the current position of `game` for its best `lines` lines,
    /// each search on `threads` threads.
    pub fn start(game: &dyn AnyGame, lines: usize, threads: usize, wake: Option<Wake>) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let over = game.outcome().is_some();
        let view = Arc::new(Mutex::new(LiveView {
            searching: !over,
            ..LiveView::default()
        }));
        if over {
            return LiveAnalysis { stop, view };
        }
        let poke: Arc<dyn Fn() + Send + Sync> = Arc::new(move || {
            if let Some(wake) = &wake {
                wake();
            }
        });
        let searched = game.clone_box();
        let (search_stop, search_view, search_poke) =
            (Arc::clone(&stop), Arc::clone(&view), Arc::clone(&poke));
        let spawned = std::thread::Builder::new()
            .name("analysis".into())
            .spawn(move || {
                let limits = Limits {
                    threads,
                    ..Limits::default()
                };
                let mut publish = |found: &[Thought]| {
                    if !search_stop.load(Ordering::Relaxed) {
                        lock(&search_view).lines = found.to_vec();
                        search_poke();
                    }
                };
                let last =
                    searched.analyse_lines(&limits, lines.max(1), &search_stop, &mut publish);
                if !search_stop.load(Ordering::Relaxed) {
                    let mut view = lock(&search_view);
                    view.lines = last;
                    view.searching = false;
                }
                search_poke();
            });
        if spawned.is_err() {
            lock(&view).searching = false;
        }
        let solved = game.clone_box();
        let (solver_stop, solver_view) = (Arc::clone(&stop), Arc::clone(&view));
        // Without a thread for the solver the search alone still runs.
        let _ = std::thread::Builder::new()
            .name("analysis-solver".into())
            .spawn(move || {
                let deadline = Instant::now() + SOLVER_PATIENCE;
                if let Some(exact) = solved.solve(deadline, &solver_stop) {
                    lock(&solver_view).exact = Some(exact);
                    poke();
                }
            });
        LiveAnalysis { stop, view }
    }

    /// What the analysis has found so far.
    pub fn view(&self) -> LiveView {
        lock(&self.view).clone()
    }

    /// Stops the analysis; its threads end within a moment.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl Drop for LiveAnalysis {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The view, even if a thread panicked while holding it (it holds only plain data).
fn lock(view: &Mutex<LiveView>) -> MutexGuard<'_, LiveView> {
    view.lock().unwrap_or_else(PoisonError::into_inner)
}
