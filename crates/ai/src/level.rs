//! Playing strengths for people: how deep and how long the computer thinks at each
//! level, and the deliberate, reproducible mistakes that let a beginner win at Easy.

use crate::search::{Limits, Report, Searcher};
use ply_core::{Heuristics, Score, zobrist::splitmix64};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// How strongly the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Shallow, fast, and now and then picks a weaker move on purpose.
    Easy,
    /// Moderately deep, with occasional small slips.
    Medium,
    /// Half the time budget, no deliberate mistakes.
    Hard,
    /// The whole time budget, searched by all but one of the machine's cores.
    Maximum,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Maximum];

    /// The level's name in menus.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Maximum => "Maximum",
        }
    }

    /// The level with this name, in any letter case.
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|level| level.name().eq_ignore_ascii_case(name))
    }

    /// The search limits for a move given a time `budget`.
    pub fn limits(self, budget: Duration) -> Limits {
        let (share, depth) = match self {
            Level::Easy => (budget.min(Duration::from_millis(250)), Some(2)),
            Level::Medium => (budget / 4, Some(4)),
            Level::Hard => (budget / 2, None),
            Level::Maximum => (budget, None),
        };
        let threads = if self == Level::Maximum {
            search_threads()
        } else {
            1
        };
        Limits {
            time: Some(share),
            depth,
            threads,
            ..Limits::default()
        }
    }

    /// How often (in percent) the level deliberately plays a weaker move, and how much
    /// weaker (in score units) that move may be.
    pub const fn mistakes(self) -> (u64, i32) {
        match self {
            Level::Easy => (35, 300),
            Level::Medium => (12, 90),
            Level::Hard | Level::Maximum => (0, 0),
        }
    }
}

/// Threads for Maximum's search: every core but one, which stays free for the window.
pub fn search_threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |cores| cores.get().saturating_sub(1))
        .max(1)
}

/// What the computer is asked to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    /// How strongly to play.
    pub level: Level,
    /// The time the move may take at most.
    pub budget: Duration,
    /// Decides the deliberate mistakes, so a game can be replayed exactly.
    pub seed: u64,
}

/// The percentage of Maximum's budget a mode's perfect player may use; the ordinary
/// search keeps the rest (a few plies' worth) in case it cannot finish. A proof that
/// comes in time is worth far more than a deeper guess, so the proof gets most of it.
const PERFECT_PERCENT: u32 = 85;

/// Chooses a move for `root` at `level`. At Maximum, a mode that can play perfectly
/// ([`Heuristics::perfect_move`]) is asked first, with part of the budget. Otherwise the
/// move is the best the search finds within the level's limits, except that, at the level's mistake rate (decided by `seed`, so games can be
/// replayed), a move up to the level's margin worse than the best is picked at random.
/// A move that throws away a proven result is never picked as a mistake.
pub fn choose<G: Heuristics>(
    searcher: &mut Searcher<G>,
    root: &G,
    history: &[u64],
    request: &Request,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(&Report<G::Move>),
) -> Report<G::Move> {
    let Request {
        level,
        budget,
        seed,
    } = *request;
    let mut limits = level.limits(budget);
    if level == Level::Maximum {
        let started = Instant::now();
        let deadline = started + budget * PERFECT_PERCENT / 100;
        if let Some((mv, score)) = root.perfect_move(deadline, stop) {
            let report = Report {
                depth: score.plies_to_end().unwrap_or(0),
                score,
                nodes: 0,
                elapsed: started.elapsed(),
                pv: vec![mv],
            };
            progress(&report);
            return report;
        }
        limits.time = Some(budget.saturating_sub(started.elapsed()));
    }
    let report = searcher.search(root, history, &limits, stop, progress);
    let (rate, margin) = level.mistakes();
    if rate == 0 || splitmix64(seed) % 100 >= rate || report.score.is_decisive() {
        return report;
    }
    let Some(best) = report.best() else {
        return report;
    };
    let mut moves = Vec::new();
    root.gen_moves(&mut moves);
    let mut path = history.to_vec();
    path.push(root.hash());
    let shallow = Limits {
        depth: Some(limits.depth.unwrap_or(2).saturating_sub(1).max(1)),
        ..limits
    };
    let mut candidates = Vec::new();
    for mv in moves.into_iter().filter(|&mv| mv != best) {
        let mut child = root.clone();
        child.make(mv);
        let reply = searcher.search(&child, &path, &shallow, stop, &mut |_| {});
        let score: Score = -reply.score;
        if !score.is_decisive() && score.0 >= report.score.0 - margin {
            candidates.push((mv, score));
        }
    }
    if candidates.is_empty() {
        return report;
    }
    let (mv, score) = candidates[(splitmix64(seed ^ 0xA5A5) % candidates.len() as u64) as usize];
    Report {
        score,
        pv: vec![mv],
        ..report
    }
}
