//! Playing strengths for people: how deep and how long the computer thinks at each
//! level, and the deliberate, reproducible slips (a shallower look now and then) that
//! let a beginner win at Easy.

use crate::search::{Limits, Report, Searcher};
use ply_core::{Heuristics, zobrist::splitmix64};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// How strongly the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Three plies deep, and often only one: it misses what the opponent threatens.
    Easy,
    /// Four plies deep, now and then only two: it misses deeper tactics.
    Medium,
    /// Six plies deep at most, within half the time budget, no deliberate mistakes.
    /// Each level is about two plies from the next, which is where the weaker one still
    /// wins now and then (see docs/levels.md).
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

    /// The level named by `text`, in any letter case, as players and scripts type it.
    pub fn parse(text: &str) -> Result<Level, UnknownLevel> {
        Level::from_name(text).ok_or_else(|| UnknownLevel {
            given: text.to_string(),
        })
    }

    /// The search limits for a move given a time `budget`.
    pub fn limits(self, budget: Duration) -> Limits {
        let (share, depth) = match self {
            Level::Easy => (budget.min(Duration::from_millis(250)), Some(3)),
            Level::Medium => (budget / 4, Some(4)),
            Level::Hard => (budget / 2, Some(6)),
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

    /// How the level plays worse on purpose.
    pub const fn slips(self) -> Slips {
        match self {
            Level::Easy => Slips::Shallower {
                percent: 40,
                plies: 2,
            },
            Level::Medium => Slips::Shallower {
                percent: 15,
                plies: 2,
            },
            Level::Hard | Level::Maximum => Slips::Never,
        }
    }
}

/// A text that names no level, handed back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLevel {
    /// The text that was given.
    pub given: String,
}

impl std::fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "unknown level '{}' (easy, medium, hard or maximum)",
            self.given
        )
    }
}

impl std::error::Error for UnknownLevel {}

/// The deliberate mistakes of a level, decided move by move from the request's seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slips {
    /// Always the best move found.
    Never,
    /// At `percent` of the moves, a search `plies` shallower than usual: the move that
    /// misses a deeper tactic, as a person who stopped looking too soon, yet never
    /// leaves a piece to be taken at once.
    Shallower {
        /// How often, in percent of the moves.
        percent: u64,
        /// How many plies less.
        plies: u32,
    },
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
/// move is the best the search finds within the level's limits, thinking less deeply
/// on the moves the level's [`Slips`] pick by `seed`, so that games can be replayed.
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
    if let Slips::Shallower { percent, plies } = level.slips()
        && splitmix64(seed) % 100 < percent
    {
        limits.depth = limits.depth.map(|depth| depth.saturating_sub(plies).max(1));
    }
    searcher.search(root, history, &limits, stop, progress)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_read_by_name_in_any_case() {
        assert_eq!(Level::parse("Hard"), Ok(Level::Hard));
        assert_eq!(Level::parse("MAXIMUM"), Ok(Level::Maximum));
        let unknown = Level::parse("grandmaster").expect_err("no such level");
        assert_eq!(
            unknown.to_string(),
            "unknown level 'grandmaster' (easy, medium, hard or maximum)"
        );
    }
}
