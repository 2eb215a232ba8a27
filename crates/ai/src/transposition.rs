//! The transposition table, shared by every thread of a parallel search without locks:
//! each slot is three atomic words whose check word is the key mixed with the other two,
//! so a slot torn by two threads writing at once reads as empty instead of as a lie.

use ply_core::{MoveCode, Score};
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// How a stored score relates to the position's true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score is the value.
    Exact,
    /// The value is at least the score (the search failed high).
    Lower,
    /// The value is at most the score (the search failed low).
    Upper,
}

impl Bound {
    /// How a node's `score` bounds its value, searched in the window (`alpha`, `beta`).
    pub fn of(score: Score, alpha: Score, beta: Score) -> Bound {
        if score >= beta {
            Bound::Lower
        } else if score > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// What the table knows about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// The best move found, as its code.
    pub mv: Option<MoveCode>,
    /// The score, relative to the node (see the search's `to_table`).
    pub score: i32,
    /// The depth it was searched to.
    pub depth: i32,
    /// How the score bounds the value.
    pub bound: Bound,
}

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    code: AtomicU64,
    data: AtomicU64,
}

/// A fixed-size, always-replace-when-worthwhile hash table of [`Entry`]s.
pub(crate) struct TranspositionTable {
    slots: Vec<Slot>,
    /// Bumped for every new search, so entries from old ones give way first.
    generation: AtomicU8,
}

const HAS_MOVE: u64 = 1 << 63;
/// Set in every stored entry, so that no entry packs to the empty slot's zero.
const FILLED: u64 = 1 << 62;

fn pack(entry: &Entry, generation: u8) -> u64 {
    let bound = match entry.bound {
        Bound::Exact => 0u64,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    u64::from(entry.score as u32)
        | (u64::from(entry.depth.clamp(-1, i16::MAX.into()) as i16 as u16) << 32)
        | (bound << 48)
        | (u64::from(generation) << 50)
        | FILLED
        | if entry.mv.is_some() { HAS_MOVE } else { 0 }
}

fn unpack(data: u64, code: u64) -> (Entry, u8) {
    let bound = match (data >> 48) & 3 {
        0 => Bound::Exact,
        1 => Bound::Lower,
        _ => Bound::Upper,
    };
    let entry = Entry {
        mv: (data & HAS_MOVE != 0).then_some(MoveCode(code)),
        score: data as u32 as i32,
        depth: i32::from((data >> 32) as u16 as i16),
        bound,
    };
    (entry, (data >> 50) as u8)
}

impl TranspositionTable {
    /// A table of about `megabytes` megabytes (a power of two of slots).
    pub fn new(megabytes: usize) -> TranspositionTable {
        let wanted = (megabytes.max(1) << 20) / std::mem::size_of::<Slot>();
        let entries = 1usize << (usize::BITS - 1 - wanted.max(2).leading_zeros());
        TranspositionTable {
            slots: (0..entries).map(|_| Slot::default()).collect(),
            generation: AtomicU8::new(0),
        }
    }

    fn slot(&self, key: u64) -> &Slot {
        &self.slots[(key as usize) & (self.slots.len() - 1)]
    }

    /// Forgets everything.
    pub fn clear(&self) {
        for slot in &self.slots {
            slot.check.store(0, Ordering::Relaxed);
            slot.code.store(0, Ordering::Relaxed);
            slot.data.store(0, Ordering::Relaxed);
        }
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    /// The entry stored for `key`, if any (and if no other thread tore it).
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = self.slot(key);
        let code = slot.code.load(Ordering::Relaxed);
        let data = slot.data.load(Ordering::Relaxed);
        let check = slot.check.load(Ordering::Relaxed);
        (data != 0 && check ^ code ^ data == key).then(|| unpack(data, code).0)
    }

    /// Stores `entry` for `key` unless the slot holds a deeper entry of the same
    /// position, or a deeper one of another position from this search.
    pub fn store(&self, key: u64, entry: Entry) {
        let slot = self.slot(key);
        let generation = self.generation.load(Ordering::Relaxed);
        let old_code = slot.code.load(Ordering::Relaxed);
        let old_data = slot.data.load(Ordering::Relaxed);
        let old_key = slot.check.load(Ordering::Relaxed) ^ old_code ^ old_data;
        if old_data != 0 {
            let (old, old_generation) = unpack(old_data, old_code);
            let same = old_key == key;
            let current = old_generation == generation;
            if (same || current) && old.depth > entry.depth + i32::from(same) * 2 {
                return;
            }
        }
        let mut entry = entry;
        if entry.mv.is_none() && old_key == key && old_data & HAS_MOVE != 0 {
            entry.mv = Some(MoveCode(old_code));
        }
        let code = entry.mv.map_or(0, |code| code.0);
        let data = pack(&entry, generation);
        slot.code.store(code, Ordering::Relaxed);
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(key ^ code ^ data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_comes_back_as_stored() {
        let table = TranspositionTable::new(1);
        let entry = Entry {
            mv: Some(MoveCode(0xDEAD_BEEF_1234)),
            score: -999_950,
            depth: 17,
            bound: Bound::Lower,
        };
        table.store(42, entry);
        assert_eq!(table.probe(42), Some(entry));
        assert_eq!(table.probe(43), None);
        let moveless = Entry {
            mv: None,
            score: 12,
            depth: 0,
            bound: Bound::Upper,
        };
        table.store(7, moveless);
        assert_eq!(table.probe(7), Some(moveless));
    }

    #[test]
    fn a_shallower_entry_of_the_same_position_keeps_the_deeper_one() {
        let table = TranspositionTable::new(1);
        let deep = Entry {
            mv: Some(MoveCode(1)),
            score: 5,
            depth: 9,
            bound: Bound::Exact,
        };
        table.store(99, deep);
        table.store(99, Entry { depth: 2, ..deep });
        assert_eq!(table.probe(99), Some(deep));
        table.clear();
        assert_eq!(table.probe(99), None);
    }
}
