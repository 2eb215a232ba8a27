//! The solver's cache (its transposition table): proven bounds on positions' scores
//! and the move that proved a lower bound, one 64-bit word a position (so that solvers
//! on several threads can share it without locks), indexed by the position's key modulo
//! a prime so that only part of the key needs storing (Pascal Pons' partial keys).

use super::bitboard::CELLS;
use std::sync::atomic::{AtomicU64, Ordering};

/// The lowest score a position can have (losing to the opponent's fourth counter).
pub const MIN_SCORE: i32 = -(CELLS as i32) / 2 + 3;
/// The highest score a position can have (winning with one's fourth counter).
pub const MAX_SCORE: i32 = (CELLS as i32 + 1) / 2 - 3;
/// How many different scores there are, which sets how a bound is coded in a byte.
const SPAN: i32 = MAX_SCORE - MIN_SCORE + 1;

/// A bound on a position's score, as the cache keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is at least this.
    Lower(i32),
    /// The score is at most this.
    Upper(i32),
}

/// Proven bounds, one per slot, the newest replacing whatever was there.
///
/// A key is below 2^49 and the slot count is a prime above 2^17, so a key is told apart
/// from every other by its slot together with its low 32 bits (the Chinese remainder
/// theorem): a slot stores only those 32 bits, a byte for the bound and one for the move,
/// in one word that is read and written whole.
pub struct SolverCache {
    /// The key's low 32 bits in the high half; the bound's code in the lowest byte (0
    /// for an empty slot), the move's column plus one (0 for none) in the next.
    slots: Vec<AtomicU64>,
}

impl SolverCache {
    /// A cache of the first prime number of slots at or above `2^log2_slots` (at least
    /// 2^18), eight bytes each.
    pub fn new(log2_slots: u32) -> SolverCache {
        let count = first_prime_from(1 << log2_slots.max(18));
        SolverCache {
            slots: (0..count).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[(key % self.slots.len() as u64) as usize]
    }

    /// The bound stored for `key` and the column that proved it, if any.
    #[inline]
    pub fn get(&self, key: u64) -> Option<(Bound, Option<u8>)> {
        let stored = self.slot(key).load(Ordering::Relaxed);
        let code = (stored & 0xFF) as i32;
        if stored >> 32 != key & 0xFFFF_FFFF || code == 0 {
            return None;
        }
        let bound = if code > SPAN {
            Bound::Lower(code - SPAN - 1 + MIN_SCORE)
        } else {
            Bound::Upper(code - 1 + MIN_SCORE)
        };
        let column = (stored >> 8 & 0xFF) as u8;
        Some((bound, column.checked_sub(1)))
    }

    /// Keeps `bound` for `key`, with the column that proved it, replacing the slot's
    /// previous content.
    #[inline]
    pub fn put(&self, key: u64, bound: Bound, column: Option<u8>) {
        let code = match bound {
            Bound::Upper(score) => score - MIN_SCORE + 1,
            Bound::Lower(score) => score - MIN_SCORE + 1 + SPAN,
        };
        let column = u64::from(column.map_or(0, |c| c + 1));
        let word = (key & 0xFFFF_FFFF) << 32 | column << 8 | code as u64;
        self.slot(key).store(word, Ordering::Relaxed);
    }
}

/// The smallest prime number at or above `from`.
fn first_prime_from(from: usize) -> usize {
    let is_prime = |n: usize| {
        n >= 2
            && (2..)
                .take_while(|d| d * d <= n)
                .all(|d| !n.is_multiple_of(d))
    };
    (from..)
        .find(|&n| is_prime(n))
        .expect("primes never run out")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_come_back_as_stored_and_keys_are_told_apart() {
        let cache = SolverCache::new(18);
        let slots = cache.slots.len() as u64;
        assert_eq!(first_prime_from(slots as usize), slots as usize);
        for score in MIN_SCORE..=MAX_SCORE {
            cache.put(7, Bound::Lower(score), Some(6));
            assert_eq!(cache.get(7), Some((Bound::Lower(score), Some(6))));
            cache.put(7, Bound::Upper(score), None);
            assert_eq!(cache.get(7), Some((Bound::Upper(score), None)));
        }
        // Same slot, same low 32 bits would need a key apart by slots * 2^32 > 2^49.
        assert_eq!(cache.get(7 + slots), None);
        assert_eq!(cache.get(7 + (1 << 32)), None);
        assert_eq!(cache.get(8), None);
    }
}
