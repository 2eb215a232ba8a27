//! What the search learns about its static evaluation's errors: per side to move and
//! per key of the part of the position the evaluation misjudges in a lasting way (the
//! pawns, in chess), the average amount by which searched scores differed from it. The
//! search adds that to the evaluation before pruning and standing pat on it.

use ply_core::{CORRECTION_KEYS, Score};

/// Entries per key and side (a power of two).
const ENTRIES: usize = 1 << 14;
/// Corrections are kept in units of 1/GRAIN of the evaluation's, so that small
/// differences still add up.
const GRAIN: i32 = 256;
/// The weight of the newest result, out of `FULL_WEIGHT`, grows with its depth up to
/// this.
const MOST_WEIGHT: i32 = 16;
/// The weights of an entry's old value and its newest result add up to this.
const FULL_WEIGHT: i32 = 256;
/// No correction exceeds this, in the evaluation's units.
const LARGEST: i32 = 300;

/// The learned corrections of one search thread.
pub(crate) struct Corrections {
    entries: Vec<i32>,
}

impl Corrections {
    /// No corrections yet.
    pub fn new() -> Self {
        Corrections {
            entries: vec![0; CORRECTION_KEYS * 2 * ENTRIES],
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.entries.fill(0);
    }

    /// The entries of the position with `keys` and `side` to move, one per key.
    fn slots(side: usize, keys: &[u64; CORRECTION_KEYS]) -> [usize; CORRECTION_KEYS] {
        std::array::from_fn(|kind| {
            (kind * 2 + side) * ENTRIES + (keys[kind] as usize & (ENTRIES - 1))
        })
    }

    /// The evaluation `raw` of a position with `keys` and `side` to move, corrected.
    #[inline]
    pub fn apply(&self, side: usize, keys: &[u64; CORRECTION_KEYS], raw: Score) -> Score {
        let sum: i32 = Self::slots(side, keys)
            .iter()
            .map(|&slot| self.entries[slot])
            .sum();
        let corrected = raw.0 + sum / (GRAIN * CORRECTION_KEYS as i32);
        let most = Score::INFINITE.0 / 2;
        Score(corrected.clamp(-most, most))
    }

    /// A search to `depth` found `searched` where the evaluation said `raw`: moves the
    /// entries towards the difference, the more the deeper the search.
    pub fn learn(
        &mut self,
        side: usize,
        keys: &[u64; CORRECTION_KEYS],
        depth: i32,
        raw: Score,
        searched: Score,
    ) {
        let error = (searched.0 - raw.0).clamp(-LARGEST, LARGEST) * GRAIN;
        let weight = (depth + 1).min(MOST_WEIGHT);
        for slot in Self::slots(side, keys) {
            let entry = &mut self.entries[slot];
            *entry = (*entry * (FULL_WEIGHT - weight) + error * weight) / FULL_WEIGHT;
        }
    }
}
