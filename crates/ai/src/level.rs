//! Playing strengths for people: a ladder of levels from a beginner's opponent to the
//! whole engine, each a depth or a number of positions to search, a number of
//! candidate lines and a temperature that decide how often it settles for a worse
//! move, reproducibly from the request's seed (why this way: docs/levels.md).

use crate::search::{Limits, Report, Searcher};
use ply_core::{Heuristics, zobrist::splitmix64};
pub use ply_core::{Ladder, Rungs};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// How strongly the computer plays: a rung of the ladder, 1 (a beginner's opponent)
/// to [`Level::FULL`] (the whole engine). The rating of each rung is measured per mode
/// (docs/levels.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Level(u8);

impl Level {
    /// The weakest level.
    pub const WEAKEST: Level = Level(1);
    /// The whole engine: the whole time budget on every core but one, no mistakes.
    pub const FULL: Level = Level(9);
    /// Every level, weakest first.
    pub const ALL: [Level; 9] = [
        Level(1),
        Level(2),
        Level(3),
        Level(4),
        Level(5),
        Level(6),
        Level(7),
        Level(8),
        Level(9),
    ];
    /// The level of rung `number`, 1 to 9, if there is one.
    pub const fn new(number: u8) -> Option<Level> {
        if number >= 1 && number <= Level::FULL.0 {
            Some(Level(number))
        } else {
            None
        }
    }

    /// The level of rung `number`; for numbers fixed in the code (it panics on one
    /// that is not a rung, 1 to 9).
    pub const fn at(number: u8) -> Level {
        match Level::new(number) {
            Some(level) => level,
            None => panic!("levels are numbered 1 to 9"),
        }
    }

    /// Its rung, 1 to 9.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The level's name in menus and records: "Level 3", or "Full strength".
    pub fn name(self) -> String {
        if self == Level::FULL {
            "Full strength".to_string()
        } else {
            format!("Level {}", self.0)
        }
    }

    /// How it searches and chooses in a mode whose ladder is `rungs`
    /// ([`Heuristics::RUNGS`]), or `None` for the whole engine.
    pub const fn rung(self, rungs: &Rungs) -> Option<Ladder> {
        if self.0 >= Level::FULL.0 {
            None
        } else {
            Some(rungs[self.0 as usize - 1])
        }
    }

    /// The level named by `text` as players and scripts type it: a rung's number,
    /// "level 3", "full", or a name of the four levels before the ladder (easy,
    /// medium, hard, maximum), which stand for the rungs that play most like them.
    pub fn parse(text: &str) -> Result<Level, UnknownLevel> {
        let unknown = || UnknownLevel {
            given: text.to_string(),
        };
        let words = text.trim().to_ascii_lowercase();
        let number = words.strip_prefix("level").unwrap_or(&words).trim();
        match number {
            "full" | "full strength" | "maximum" => Ok(Level::FULL),
            "easy" => Ok(Level::at(4)),
            "medium" => Ok(Level::at(5)),
            "hard" => Ok(Level::at(6)),
            _ => number
                .parse::<u8>()
                .ok()
                .and_then(Level::new)
                .ok_or_else(unknown),
        }
    }
}

/// The search limits for a move at `rung` given a time `budget`: at the whole engine
/// (`None`), the whole budget on every core but one; at a rung, one thread, its depth
/// or number of positions, and the budget only as a bound a slow machine may reach.
pub fn limits(rung: Option<&Ladder>, budget: Duration) -> Limits {
    match rung {
        None => Limits {
            time: Some(budget),
            threads: search_threads(),
            ..Limits::default()
        },
        Some(ladder) => Limits {
            time: Some(budget),
            depth: ladder.depth,
            nodes: ladder.nodes,
            threads: 1,
            ..Limits::default()
        },
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())
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
        write!(f, "unknown level '{}' (1 to 8, or full)", self.given)
    }
}

impl std::error::Error for UnknownLevel {}

/// Threads for the full engine's search: every core but one, which stays free for the
/// window.
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
    /// Decides which of its candidate lines a level plays, so a game can be replayed.
    pub seed: u64,
    /// Think for the whole budget, as a fixed time a move (UCI's `movetime`) asks,
    /// instead of stopping once the best move is settled, as a game does to save its
    /// clock.
    pub whole_budget: bool,
}

/// The percentage of the full engine's budget a mode's perfect player may use; the
/// ordinary search keeps the rest (a few plies' worth) in case it cannot finish. A
/// proof that comes in time is worth far more than a deeper guess, so the proof gets
/// most of it.
const PERFECT_PERCENT: u32 = 85;

/// Chooses a move for `root` at `request`'s level, on the mode's own ladder
/// ([`Heuristics::RUNGS`]); see [`choose_at`].
pub fn choose<G: Heuristics>(
    searcher: &mut Searcher<G>,
    root: &G,
    history: &[u64],
    request: &Request,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(&Report<G::Move>),
) -> Report<G::Move> {
    let rung = request.level.rung(&G::RUNGS);
    choose_at(
        searcher,
        root,
        history,
        rung.as_ref(),
        request,
        stop,
        progress,
    )
}

/// Chooses a move for `root` at `rung`, with `request`'s budget and seed. At the whole
/// engine (`None`), a mode that can play perfectly ([`Heuristics::perfect_move`]) is
/// asked first, with part of the budget, and otherwise the best move the search finds
/// is played. At a rung, its best lines are searched to its limit and one is drawn by
/// the seed, each with a weight that falls with how much winning chance it gives up
/// against the best ([`Heuristics::CHANCE_CURVE`]), so that games replay exactly.
pub fn choose_at<G: Heuristics>(
    searcher: &mut Searcher<G>,
    root: &G,
    history: &[u64],
    rung: Option<&Ladder>,
    request: &Request,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(&Report<G::Move>),
) -> Report<G::Move> {
    let Request {
        budget,
        seed,
        whole_budget,
        ..
    } = *request;
    let mut limits = limits(rung, budget);
    limits.use_all_time = whole_budget;
    let Some(ladder) = rung else {
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
        return searcher.search(root, history, &limits, stop, progress);
    };
    let mut lines =
        searcher.search_lines(root, history, &limits, ladder.lines, stop, &mut |lines| {
            progress(&lines[0])
        });
    let chances: Vec<f64> = lines
        .iter()
        .map(|line| G::CHANCE_CURVE.chance(line.score))
        .collect();
    let pick = weighted_pick(&chances, ladder.temperature, seed);
    lines.swap_remove(pick)
}

/// The index of the line drawn from `chances` (each line's winning chance, 0 to 1)
/// by `seed`, with a weight of e^(-(best - chance) · 100 / temperature) each.
pub fn weighted_pick(chances: &[f64], temperature: f64, seed: u64) -> usize {
    let best = chances.iter().copied().fold(0.0, f64::max);
    let weights: Vec<f64> = chances
        .iter()
        .map(|chance| (-(best - chance) * 100.0 / temperature.max(f64::MIN_POSITIVE)).exp())
        .collect();
    let total: f64 = weights.iter().sum();
    // 53 random bits make a uniform number in [0, 1).
    let uniform = (splitmix64(seed) >> 11) as f64 / (1u64 << 53) as f64;
    let mut left = uniform * total;
    for (index, weight) in weights.iter().enumerate() {
        if left < *weight {
            return index;
        }
        left -= weight;
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_read_by_number_name_or_old_name_in_any_case() {
        assert_eq!(Level::parse("3"), Ok(Level::at(3)));
        assert_eq!(Level::parse("Level 8"), Ok(Level::at(8)));
        assert_eq!(Level::parse("FULL"), Ok(Level::FULL));
        assert_eq!(Level::parse("Full strength"), Ok(Level::FULL));
        assert_eq!(Level::parse("Hard"), Ok(Level::at(6)));
        assert_eq!(Level::parse("maximum"), Ok(Level::FULL));
        for bad in ["grandmaster", "0", "10", "level", ""] {
            let unknown = Level::parse(bad).expect_err("no such level");
            assert_eq!(
                unknown.to_string(),
                format!("unknown level '{bad}' (1 to 8, or full)")
            );
        }
        for level in Level::ALL {
            assert_eq!(Level::parse(&level.name()), Ok(level));
        }
    }

    #[test]
    fn a_pick_follows_the_weights_and_the_seed() {
        let chances = [0.60, 0.55, 0.30];
        let mut counts = [0; 3];
        for seed in 0..10_000 {
            counts[weighted_pick(&chances, 5.0, seed)] += 1;
        }
        // Weights 1, e^-1 and e^-6: 72.9%, 26.8% and 0.2%.
        assert!((7_000..7_600).contains(&counts[0]), "{counts:?}");
        assert!((2_400..2_950).contains(&counts[1]), "{counts:?}");
        assert!(counts[2] < 60, "{counts:?}");
        assert_eq!(
            weighted_pick(&chances, 5.0, 77),
            weighted_pick(&chances, 5.0, 77)
        );
        assert_eq!(weighted_pick(&[0.5], 5.0, 3), 0);
    }
}
