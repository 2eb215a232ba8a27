//! The solver's transposition table: proven bounds on positions' scores and the move
//! that proved a lower bound, six bytes a position, indexed by the position's key modulo a prime so that only part of the key
//! needs storing (Pascal Pons' partial keys).

use super::bitboard::CELLS;

/// The lowest score a position can have (losing to the opponent's fourth counter).
pub const MIN_SCORE: i32 = -(CELLS as i32) / 2 + 3;
/// The highest score a position can have (winning with one's fourth counter).
pub const MAX_SCORE: i32 = (CELLS as i32 + 1) / 2 - 3;
/// How many different scores there are, which sets how a bound is coded in a byte.
const SPAN: i32 = MAX_SCORE - MIN_SCORE + 1;

/// A bound on a position's score, as the table keeps it.
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
/// theorem): a slot stores only those 32 bits, a byte for the bound and one for the move.
pub struct Table {
    keys: Vec<u32>,
    /// The bound's code in the low byte (0 for an empty slot), the move's column plus
    /// one (0 for none) in the high byte.
    bounds: Vec<u16>,
}

impl Table {
    /// A table of the first prime number of slots at or above `2^log2_slots` (at least
    /// 2^18), six bytes each.
    pub fn new(log2_slots: u32) -> Table {
        let slots = first_prime_from(1 << log2_slots.max(18));
        Table {
            keys: vec![0; slots],
            bounds: vec![0; slots],
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key % self.keys.len() as u64) as usize
    }

    /// The bound stored for `key` and the column that proved it, if any.
    #[inline]
    pub fn get(&self, key: u64) -> Option<(Bound, Option<u8>)> {
        let slot = self.slot(key);
        let stored = self.bounds[slot];
        let code = i32::from(stored & 0xFF);
        if self.keys[slot] != key as u32 || code == 0 {
            return None;
        }
        let bound = if code > SPAN {
            Bound::Lower(code - SPAN - 1 + MIN_SCORE)
        } else {
            Bound::Upper(code - 1 + MIN_SCORE)
        };
        Some((
            bound,
            (stored >> 8).checked_sub(1).map(|column| column as u8),
        ))
    }

    /// Keeps `bound` for `key`, with the column that proved it, replacing the slot's
    /// previous content.
    #[inline]
    pub fn put(&mut self, key: u64, bound: Bound, column: Option<u8>) {
        let code = match bound {
            Bound::Upper(score) => score - MIN_SCORE + 1,
            Bound::Lower(score) => score - MIN_SCORE + 1 + SPAN,
        };
        let slot = self.slot(key);
        self.keys[slot] = key as u32;
        self.bounds[slot] = code as u16 | u16::from(column.map_or(0, |c| c + 1)) << 8;
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
        let mut table = Table::new(18);
        let slots = table.keys.len() as u64;
        assert_eq!(first_prime_from(slots as usize), slots as usize);
        for score in MIN_SCORE..=MAX_SCORE {
            table.put(7, Bound::Lower(score), Some(6));
            assert_eq!(table.get(7), Some((Bound::Lower(score), Some(6))));
            table.put(7, Bound::Upper(score), None);
            assert_eq!(table.get(7), Some((Bound::Upper(score), None)));
        }
        // Same slot, same low 32 bits would need a key apart by slots * 2^32 > 2^49.
        assert_eq!(table.get(7 + slots), None);
        assert_eq!(table.get(7 + (1 << 32)), None);
        assert_eq!(table.get(8), None);
    }
}
