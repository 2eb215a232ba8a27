//! A review running on a thread of its own, so that the game screen stays usable: its
//! progress can be read at any time, it can be cancelled, and its result is collected
//! once when it is ready. The owner's wake is called after each position.

use crate::Wake;
use crate::review::{ReviewError, ReviewSettings, review_game};
use crossbeam_channel::{Receiver, bounded};
use ply_modes::AnyGame;
use ply_save::SavedReview;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// How far a review has gone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewProgress {
    /// Positions reviewed so far.
    pub done: usize,
    /// Positions in the game (one more than its moves).
    pub total: usize,
}

impl ReviewProgress {
    /// The share done, from 0 to 1.
    pub fn fraction(self) -> f32 {
        if self.total == 0 {
            return 1.0;
        }
        self.done as f32 / self.total as f32
    }
}

/// A review on its own thread. Dropping the job cancels the review.
pub struct ReviewJob {
    stop: Arc<AtomicBool>,
    done: Arc<AtomicUsize>,
    total: usize,
    result: Receiver<Result<SavedReview, ReviewError>>,
}

impl ReviewJob {
    /// Starts reviewing `game` with `settings` on a new thread.
    pub fn start(game: Box<dyn AnyGame>, settings: ReviewSettings, wake: Option<Wake>) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicUsize::new(0));
        let total = game.moves().len() + 1;
        let (sender, result) = bounded(1);
        let (their_stop, their_done) = (Arc::clone(&stop), Arc::clone(&done));
        let poke = move || {
            if let Some(wake) = &wake {
                wake();
            }
        };
        let spawned = std::thread::Builder::new()
            .name("review".into())
            .spawn(move || {
                let outcome = review_game(&*game, &settings, &their_stop, &mut |count, _| {
                    their_done.store(count, Ordering::Relaxed);
                    poke();
                });
                // The owner may be gone; then nobody wants the result.
                let _ = sender.send(outcome);
                poke();
            });
        if let Err(error) = spawned {
            let (sender, failed) = bounded(1);
            let _ = sender.send(Err(ReviewError::Replay(format!(
                "no thread for the review: {error}"
            ))));
            return ReviewJob {
                stop,
                done,
                total,
                result: failed,
            };
        }
        ReviewJob {
            stop,
            done,
            total,
            result,
        }
    }

    /// How far the review has gone.
    pub fn progress(&self) -> ReviewProgress {
        ReviewProgress {
            done: self.done.load(Ordering::Relaxed).min(self.total),
            total: self.total,
        }
    }

    /// The review's result once it has one (given once; `None` before and after).
    pub fn poll(&self) -> Option<Result<SavedReview, ReviewError>> {
        self.result.try_recv().ok()
    }

    /// Asks the review to stop; [`ReviewJob::poll`] then gives
    /// [`ReviewError::Cancelled`] soon after.
    pub fn cancel(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl Drop for ReviewJob {
    fn drop(&mut self) {
        self.cancel();
    }
}
