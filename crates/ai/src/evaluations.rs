//! A small cache of static evaluations by position hash: the search evaluates the same
//! position again and again (re-searches after a reduction or a zero window, the two
//! orders of the same moves), and a mode's evaluation is the most expensive thing a
//! node does.

use ply_core::Score;

/// Entries in the cache (a power of two).
const ENTRIES: usize = 1 << 15;

/// Remembers the latest evaluation of each of a set of positions, one per slot.
pub(crate) struct Evaluations {
    slots: Vec<Option<(u64, Score)>>,
}

impl Evaluations {
    /// An empty cache.
    pub fn new() -> Self {
        Evaluations {
            slots: vec![None; ENTRIES],
        }
    }

    /// The evaluation of the position with `hash`, computed by `evaluate` unless the
    /// cache holds it.
    #[inline]
    pub fn get_or(&mut self, hash: u64, evaluate: impl FnOnce() -> Score) -> Score {
        let slot = &mut self.slots[(hash as usize) & (ENTRIES - 1)];
        match *slot {
            Some((key, score)) if key == hash => score,
            _ => {
                let score = evaluate();
                *slot = Some((hash, score));
                score
            }
        }
    }
}
