//! The computer player's worker thread: positions to think about go in, progress and
//! chosen moves come out over channels, so the window never waits for the search. Each
//! time the worker has news it calls the optional wake, so that whoever waits for it
//! (a window asleep until something happens, a console) looks at once.

use crossbeam_channel::{Receiver, Sender};
use ply_modes::{AnyGame, Request, Thought};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

struct Job {
    ticket: u64,
    game: Box<dyn AnyGame>,
    request: Request,
    stop: Arc<AtomicBool>,
}

/// Called on the worker's thread after each piece of news it sends.
pub type Wake = Arc<dyn Fn() + Send + Sync>;

/// The wake the worker calls, which its owner may set after the worker started.
type SharedWake = Arc<Mutex<Option<Wake>>>;

/// What the worker has to say about a job.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum News {
    /// The search finished another iteration.
    Progress(Thought),
    /// The search finished; the move to play is `best`.
    Done(Thought),
}

/// A handle on the worker thread. Dropping it stops the search and lets the thread end.
pub struct Computer {
    jobs: Sender<Job>,
    news: Receiver<(u64, News)>,
    current: Option<(u64, Arc<AtomicBool>)>,
    next_ticket: u64,
    wake: SharedWake,
}

impl Computer {
    /// Starts the worker thread, which calls `wake` (if any) after each piece of news.
    /// Should the system refuse a thread, the job channel is closed and `think` quietly
    /// does nothing.
    pub fn start(wake: Option<Wake>) -> Computer {
        let (jobs, job_queue) = crossbeam_channel::unbounded::<Job>();
        let (news_out, news) = crossbeam_channel::unbounded();
        let wake: SharedWake = Arc::new(Mutex::new(wake));
        let theirs = Arc::clone(&wake);
        let _worker = std::thread::Builder::new()
            .name("computer".into())
            .spawn(move || work(&job_queue, &news_out, &theirs));
        Computer {
            jobs,
            news,
            current: None,
            next_ticket: 1,
            wake,
        }
    }

    /// Has the worker call `wake` after each piece of news from now on (in place of the
    /// wake it had); a search under way goes on.
    pub fn wake_with(&self, wake: Wake) {
        *self.wake.lock().unwrap_or_else(PoisonError::into_inner) = Some(wake);
    }

    /// Asks for a move in `game`'s current position, abandoning any earlier question.
    pub fn think(&mut self, game: &dyn AnyGame, request: Request) {
        self.cancel();
        let ticket = self.next_ticket;
        self.next_ticket += 1;
        let stop = Arc::new(AtomicBool::new(false));
        let job = Job {
            ticket,
            game: game.clone_box(),
            request,
            stop: Arc::clone(&stop),
        };
        if self.jobs.send(job).is_ok() {
            self.current = Some((ticket, stop));
        }
    }

    /// Stops the current search at once; its answer will be ignored.
    pub fn cancel(&mut self) {
        if let Some((_, stop)) = self.current.take() {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// Whether a question is outstanding.
    pub fn is_thinking(&self) -> bool {
        self.current.is_some()
    }

    /// Everything the worker said about the current question since the last poll;
    /// answers to abandoned questions are dropped. Never blocks.
    pub fn poll(&mut self) -> Vec<News> {
        let mut out = Vec::new();
        while let Ok((ticket, news)) = self.news.try_recv() {
            if self.current.as_ref().is_some_and(|(now, _)| *now == ticket) {
                if matches!(news, News::Done(_)) {
                    self.current = None;
                }
                out.push(news);
            }
        }
        out
    }

    /// Waits for the current question's answer (tests and tools only; the window never
    /// calls this).
    pub fn wait(&mut self) -> Option<Thought> {
        while let Some((ticket, _)) = &self.current {
            let ticket = *ticket;
            match self.news.recv() {
                Ok((done, News::Done(thought))) if done == ticket => {
                    self.current = None;
                    return Some(thought);
                }
                Ok(_) => {}
                Err(_) => return None,
            }
        }
        None
    }
}

impl Drop for Computer {
    fn drop(&mut self) {
        self.cancel();
    }
}

fn work(jobs: &Receiver<Job>, news: &Sender<(u64, News)>, wake: &Mutex<Option<Wake>>) {
    let tell = |said: (u64, News)| {
        let sent = news.send(said).is_ok();
        let wake = wake.lock().unwrap_or_else(PoisonError::into_inner).clone();
        if sent && let Some(wake) = wake {
            wake();
        }
        sent
    };
    while let Ok(job) = jobs.recv() {
        if job.stop.load(Ordering::Relaxed) {
            continue;
        }
        let ticket = job.ticket;
        let thought = job.game.think(&job.request, &job.stop, &mut |thought| {
            tell((ticket, News::Progress(thought.clone())));
        });
        if !tell((ticket, News::Done(thought))) {
            return;
        }
    }
}
