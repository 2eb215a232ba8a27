//! A frame a screen asked for at a time it named (an animation's next step, a clock
//! whose display changes, a banner that fades): a thread sleeps until then and wakes
//! the window, so that the window itself never wakes to look at the time.

use super::Poke;
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Instant;

#[derive(Default)]
struct Deadline {
    at: Option<Instant>,
    closed: bool,
}

type Shared = Arc<(Mutex<Deadline>, Condvar)>;

/// The thread that wakes the window at the time asked for. Dropping it ends the thread.
pub struct FrameTimer {
    shared: Shared,
}

impl FrameTimer {
    /// Starts the thread, which calls `poke` at each deadline. Should the system refuse
    /// a thread, deadlines pass unnoticed (input still wakes the window).
    pub fn start(poke: Poke) -> FrameTimer {
        let shared: Shared = Arc::default();
        let theirs = Arc::clone(&shared);
        let _thread = std::thread::Builder::new()
            .name("frame-timer".into())
            .spawn(move || run(&theirs, &poke));
        FrameTimer { shared }
    }

    /// Wakes the window at `at` (none: not at any time); replaces the earlier deadline.
    pub fn wake_at(&self, at: Option<Instant>) {
        let (lock, signal) = &*self.shared;
        let mut deadline = lock.lock().unwrap_or_else(PoisonError::into_inner);
        if deadline.at != at {
            deadline.at = at;
            signal.notify_one();
        }
    }
}

impl Drop for FrameTimer {
    fn drop(&mut self) {
        let (lock, signal) = &*self.shared;
        lock.lock().unwrap_or_else(PoisonError::into_inner).closed = true;
        signal.notify_one();
    }
}

fn run(shared: &Shared, poke: &Poke) {
    let (lock, signal) = &**shared;
    let mut deadline = lock.lock().unwrap_or_else(PoisonError::into_inner);
    while !deadline.closed {
        match deadline.at {
            None => {
                deadline = signal
                    .wait(deadline)
                    .unwrap_or_else(PoisonError::into_inner)
            }
            Some(at) => {
                let now = Instant::now();
                if now < at {
                    deadline = signal
                        .wait_timeout(deadline, at - now)
                        .unwrap_or_else(PoisonError::into_inner)
                        .0;
                } else {
                    deadline.at = None;
                    drop(deadline);
                    poke();
                    deadline = lock.lock().unwrap_or_else(PoisonError::into_inner);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;
    use std::time::Duration;

    #[test]
    fn wakes_once_at_the_deadline_and_not_for_a_cleared_one() {
        let (sender, woken) = mpsc::channel();
        let sender = Mutex::new(sender);
        let timer = FrameTimer::start(Arc::new(move || {
            let _ = sender.lock().map(|sender| sender.send(Instant::now()));
        }));
        let asked = Instant::now();
        timer.wake_at(Some(asked + Duration::from_millis(30)));
        let at = woken.recv_timeout(Duration::from_secs(10)).expect("woken");
        assert!(at >= asked + Duration::from_millis(30));
        timer.wake_at(Some(Instant::now() + Duration::from_millis(20)));
        timer.wake_at(None);
        assert!(woken.recv_timeout(Duration::from_millis(200)).is_err());
        assert!(woken.try_recv().is_err(), "one wake per deadline");
    }
}
