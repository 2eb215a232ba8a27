//! Runs one search at a time on a worker thread, so the protocol keeps reading `stop`,
//! `isready` and `quit` while the engine thinks, and ends the search the moment it is
//! told to.

use super::info_lines;
use super::output::Output;
use ply_modes::{AnyGame, Limits, Thought};
use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::{Builder, JoinHandle};

/// The answer when there is no move to recommend.
const NO_MOVE: &str = "bestmove (none)";

/// A search to run: the position, its limits, how many lines to look for, and whether
/// the best move must wait for `stop` (UCI's `go infinite`) even if the search ends
/// earlier.
pub struct Job {
    /// The game to search from its current position.
    pub game: Box<dyn AnyGame>,
    /// When the search ends by itself.
    pub limits: Limits,
    /// How many lines to report, each starting with a different move (UCI's
    /// `MultiPV`); with more than one, every `info` line says which it is.
    pub lines: usize,
    /// Hold the `bestmove` line back until the search is stopped.
    pub until_stopped: bool,
}

/// The search in progress, if any, and the output its reports go to.
pub struct SearchThread<W: Write + Send + 'static> {
    output: Output<W>,
    running: Option<Running>,
}

struct Running {
    stop: Arc<AtomicBool>,
    /// Returns the `bestmove` line it held back for `stop`, if it did.
    worker: JoinHandle<Option<String>>,
}

impl<W: Write + Send + 'static> SearchThread<W> {
    /// No search yet; reports will go to `output`.
    pub fn new(output: Output<W>) -> Self {
        SearchThread {
            output,
            running: None,
        }
    }

    /// Starts searching `job` on a worker thread, first ending any search still
    /// running. Each completed iteration is reported as `info` lines, one a line of
    /// play, the result as `bestmove`.
    pub fn start(&mut self, job: Job) -> io::Result<()> {
        self.finish()?;
        if job.game.legal_moves().is_empty() {
            self.output.line("info string the game is over")?;
            return self.output.line(NO_MOVE);
        }
        let stop = Arc::new(AtomicBool::new(false));
        let worker_stop = Arc::clone(&stop);
        let output = self.output.clone();
        let worker = Builder::new().name("search".into()).spawn(move || {
            let Job {
                game,
                limits,
                lines,
                until_stopped,
            } = job;
            // A reader that can no longer write notices on its own next line; the
            // search just finishes quietly.
            let found = game.analyse_lines(&limits, lines, &worker_stop, &mut |found| {
                for info in info_lines(found, lines > 1) {
                    let _ = output.line(&info);
                }
            });
            let answer = bestmove_line(game.as_ref(), &found[0]);
            if until_stopped && !worker_stop.load(Ordering::Acquire) {
                return Some(answer);
            }
            let _ = output.line(&answer);
            None
        })?;
        self.running = Some(Running { stop, worker });
        Ok(())
    }

    /// Raises the stop flag and waits for the search (if any) to return, making sure
    /// its `bestmove` line has been written.
    pub fn finish(&mut self) -> io::Result<()> {
        let Some(running) = self.running.take() else {
            return Ok(());
        };
        running.stop.store(true, Ordering::Release);
        match running.worker.join() {
            Ok(Some(held)) => self.output.line(&held),
            Ok(None) => Ok(()),
            Err(_) => {
                self.output
                    .line("info string error the search failed unexpectedly")?;
                self.output.line(NO_MOVE)
            }
        }
    }
}

impl<W: Write + Send + 'static> Drop for SearchThread<W> {
    fn drop(&mut self) {
        if let Some(running) = self.running.take() {
            running.stop.store(true, Ordering::Release);
            // Its outcome no longer matters to anyone; only make sure it ends.
            let _ = running.worker.join();
        }
    }
}

/// `bestmove MOVE` for the search result `thought` in `game`.
fn bestmove_line(game: &dyn AnyGame, thought: &Thought) -> String {
    let best = thought
        .line
        .first()
        .cloned()
        .or_else(|| thought.best.and_then(|code| game.move_text(code)));
    match best {
        Some(text) => format!("bestmove {text}"),
        None => NO_MOVE.to_string(),
    }
}
