//! The window's way to the history of finished games: a worker thread owns the
//! database (opening it reads the whole file, and any call may wait for another program
//! holding it), so the frame loop only sends jobs and picks up answers, and never waits.

mod example;
mod worker;

pub use example::{example_games, fill_example};

use crossbeam_channel::{Receiver, Sender, TryRecvError, unbounded};
use ply_core::Player;
use ply_history::{Circumstances, History, HistoryError, SideReview};
use ply_play::Message;
use ply_save::{SaveFolder, SavedGame, SavedReview};
use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use worker::{Job, Worker};

/// The window's handle on the history: cheap to clone, every call returns at once.
#[derive(Clone)]
pub struct HistoryHandle {
    jobs: Sender<Job>,
    notices: Receiver<Message>,
    /// Where a game goes when the worker is gone.
    saves: Option<SaveFolder>,
    /// Numbers the games recorded through this handle, to withdraw them by.
    tickets: Arc<AtomicU64>,
}

/// A game recorded through [`HistoryHandle::record`], to withdraw if its end is taken
/// back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ticket(u64);

/// An answer the worker will give: poll it once a frame.
pub struct Pending<T> {
    answer: Receiver<Result<T, String>>,
}

impl<T> Pending<T> {
    /// The answer, once it came (taken once), else `None`.
    pub fn poll(&self) -> Option<Result<T, String>> {
        match self.answer.try_recv() {
            Ok(answer) => Some(answer),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => {
                Some(Err("The history stopped answering.".to_string()))
            }
        }
    }

    /// Waits for the answer (tests and tools only: the window polls).
    pub fn wait(self) -> Result<T, String> {
        self.answer
            .recv()
            .unwrap_or_else(|_| Err("The history stopped answering.".to_string()))
    }
}

impl HistoryHandle {
    /// Starts the worker, which opens the history in `file` for the player known by
    /// `player_names` (the first time importing the finished games of `saves`). A game
    /// the history cannot take is written to `saves` instead. `wake` is called after
    /// each answer and notice, so that a sleeping window looks.
    pub fn start(
        file: Option<PathBuf>,
        saves: Option<SaveFolder>,
        player_names: Vec<String>,
        wake: crate::wake::Poke,
    ) -> HistoryHandle {
        let (jobs, received) = unbounded();
        let (told, notices) = unbounded();
        let worker = Worker::new(file, saves.clone(), player_names, told, wake);
        let started = std::thread::Builder::new()
            .name("history".to_string())
            .spawn(move || worker.run(&received));
        if let Err(error) = started {
            eprintln!("The history could not start: {error}");
        }
        HistoryHandle {
            jobs,
            notices,
            saves,
            tickets: Arc::new(AtomicU64::new(0)),
        }
    }

    /// Records a finished game. When the history cannot take it, the game is written
    /// to the saves folder unless `in_saves` says a save already holds it as it ended,
    /// and the player is told (once).
    pub fn record(&self, saved: SavedGame, circumstances: Circumstances, in_saves: bool) -> Ticket {
        let ticket = Ticket(self.tickets.fetch_add(1, Ordering::Relaxed));
        let job = Job::Record {
            saved: Box::new(saved),
            circumstances,
            in_saves,
            ticket,
        };
        if let Err(crossbeam_channel::SendError(Job::Record { saved, .. })) = self.jobs.send(job)
            && !in_saves
            && let Some(saves) = &self.saves
        {
            // No worker to take it: the saves folder keeps it, written here.
            let _ = saves.save_new(&saved);
        }
        ticket
    }

    /// Takes a recorded game out again (its end was taken back: it goes on).
    pub fn withdraw(&self, ticket: Ticket) {
        self.send(Job::Withdraw(ticket));
    }

    /// Keeps the review of the game recorded with `ticket`, with each side's verdicts
    /// (nothing happens if it was not recorded).
    pub fn review_recorded(
        &self,
        ticket: Ticket,
        review: SavedReview,
        sides: Vec<(Player, SideReview)>,
    ) {
        self.send(Job::Review(ticket, Box::new(review), sides));
    }

    /// Asks the history something; the answer comes later through the [`Pending`].
    pub fn ask<T: Send + 'static>(
        &self,
        question: impl FnOnce(&mut History) -> Result<T, HistoryError> + Send + 'static,
    ) -> Pending<T> {
        let (answer, answered) = crossbeam_channel::bounded(1);
        self.send(Job::Ask(Box::new(move |history| {
            let reply = match history {
                Ok(history) => question(history).map_err(|error| error.to_string()),
                Err(problem) => Err(problem.to_string()),
            };
            // The asker may have gone (its screen closed): nobody to tell.
            let _ = answer.send(reply);
        })));
        Pending { answer: answered }
    }

    /// Waits, at most `longest`, for the jobs sent so far to be done: the window is
    /// closing, and a game that has just ended must not be lost with it.
    pub fn finish(&self, longest: std::time::Duration) {
        let (done, finished) = crossbeam_channel::bounded(1);
        self.send(Job::Ask(Box::new(move |_| {
            let _ = done.send(());
        })));
        let _ = finished.recv_timeout(longest);
    }

    /// What the player should be told about the history, once: a damaged file set
    /// aside, a game the history could not take.
    pub fn take_notice(&self) -> Option<Message> {
        self.notices.try_recv().ok()
    }

    fn send(&self, job: Job) {
        // The worker ends only with the program; without it an asker hears "stopped
        // answering" from its `Pending`.
        let _ = self.jobs.send(job);
    }
}

impl fmt::Debug for HistoryHandle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("HistoryHandle")
    }
}

impl PartialEq for HistoryHandle {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.tickets, &other.tickets)
    }
}
