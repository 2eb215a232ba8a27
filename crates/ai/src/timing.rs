//! How long to keep deepening within a move's time budget: stop early while the best
//! move and its score hold steady, and spend more of the budget when the best move
//! changes or the score drops, since that is when a deeper look pays.

use std::time::{Duration, Instant};

/// Share of the budget (in percent) after which no new iteration starts, when the
/// search is calm.
const CALM_PERCENT: u32 = 50;
/// The same when the score just dropped.
const DROPPED_PERCENT: u32 = 75;
/// The same when the best move just changed.
const CHANGED_PERCENT: u32 = 90;

/// The time plan of one search.
pub(crate) struct TimePlan {
    started: Instant,
    budget: Duration,
    /// Iterations since the best move last changed or the score last dropped.
    settled: u32,
}

impl TimePlan {
    /// A plan for a search that started at `started` and may take `budget`.
    pub fn new(started: Instant, budget: Duration) -> Self {
        TimePlan {
            started,
            budget,
            settled: 0,
        }
    }

    /// Whether to start another iteration after one whose best move `changed` or whose
    /// score `dropped`. An unsettled search stays unsettled for one more iteration.
    pub fn another_iteration(&mut self, changed: bool, dropped: bool) -> bool {
        let percent = if changed {
            self.settled = 0;
            CHANGED_PERCENT
        } else if dropped {
            self.settled = 0;
            DROPPED_PERCENT
        } else {
            self.settled += 1;
            if self.settled > 1 {
                CALM_PERCENT
            } else {
                DROPPED_PERCENT
            }
        };
        self.started.elapsed() < self.budget * percent / 100
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changing_best_move_earns_more_time_than_a_calm_search() {
        let budget = Duration::from_millis(1000);
        let half_gone = Instant::now() - Duration::from_millis(600);
        let mut calm = TimePlan::new(half_gone, budget);
        assert!(calm.another_iteration(false, false));
        assert!(!calm.another_iteration(false, false));
        let mut changing = TimePlan::new(half_gone, budget);
        changing.another_iteration(false, false);
        assert!(changing.another_iteration(true, false));
        assert!(changing.another_iteration(false, true));
        let mut late = TimePlan::new(Instant::now() - Duration::from_millis(900), budget);
        assert!(!late.another_iteration(true, false));
    }
}
