//! One evaluation, two uses: a mode writes its evaluation once against [`Tally`], and
//! the same code either sums the weighted terms into a score (for the search) or
//! records how much each weight counts (for the tuner's [`ply_core::Tunable::trace`]).

use ply_core::{Player, TermUse};

/// What an evaluation reports each term to.
pub(crate) trait Tally {
    /// `side` earns the weight of `term` `times` times (negative for a penalty).
    fn add(&mut self, side: Player, term: usize, times: i32);
}

/// Sums weight times count, from the first player's view.
pub(crate) struct WeightedSum {
    weights: &'static [i32],
    /// The score so far, from the first player's view.
    pub(crate) score: i32,
}

impl WeightedSum {
    /// An empty sum over `weights`.
    #[inline]
    pub(crate) fn new(weights: &'static [i32]) -> Self {
        WeightedSum { weights, score: 0 }
    }
}

impl Tally for WeightedSum {
    #[inline(always)]
    fn add(&mut self, side: Player, term: usize, times: i32) {
        let value = self.weights[term] * times;
        match side {
            Player::First => self.score += value,
            Player::Second => self.score -= value,
        }
    }
}

/// Records how many times each weight counts, from the first player's view.
pub(crate) struct TermTrace {
    /// Net count per weight, indexed like the weights.
    amounts: Vec<i32>,
}

impl TermTrace {
    /// A trace of `terms` weights, all counting zero times.
    pub(crate) fn new(terms: usize) -> Self {
        TermTrace {
            amounts: vec![0; terms],
        }
    }

    /// Writes the weights that count (net of both sides) to `out`, cleared first.
    pub(crate) fn write(&self, out: &mut Vec<TermUse>) {
        out.clear();
        out.extend(
            self.amounts
                .iter()
                .enumerate()
                .filter(|&(_, &amount)| amount != 0)
                .map(|(index, &amount)| TermUse {
                    index: u16::try_from(index).expect("fewer than 65536 weights"),
                    amount: amount as f32,
                }),
        );
    }
}

impl Tally for TermTrace {
    fn add(&mut self, side: Player, term: usize, times: i32) {
        match side {
            Player::First => self.amounts[term] += times,
            Player::Second => self.amounts[term] -= times,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sum_and_the_trace_agree_and_cancel_across_sides() {
        static WEIGHTS: [i32; 3] = [100, -7, 3];
        let mut sum = WeightedSum::new(&WEIGHTS);
        let mut trace = TermTrace::new(WEIGHTS.len());
        for tally in [&mut sum as &mut dyn Tally, &mut trace] {
            tally.add(Player::First, 0, 5);
            tally.add(Player::Second, 0, 5);
            tally.add(Player::First, 1, 2);
            tally.add(Player::Second, 2, 4);
        }
        assert_eq!(sum.score, -14 - 12);
        let mut uses = Vec::new();
        trace.write(&mut uses);
        assert_eq!(
            uses,
            vec![
                TermUse {
                    index: 1,
                    amount: 2.0
                },
                TermUse {
                    index: 2,
                    amount: -4.0
                }
            ]
        );
    }
}
