//! What the search remembers about moves between nodes, to try good ones first: killer
//! moves per ply, the counter-move that refuted each move, a history of quiet moves'
//! successes and failures that decays as new results come in, and the same history
//! kept per pair of moves (a quiet move after the opponent's last move, and after our
//! own move before it), which knows which answers work against which moves.

use crate::search::MAX_PLY;
use ply_core::{Heuristics, Player, Rules};

const HISTORY_BITS: u32 = 14;
/// Size of each side's part of a continuation table, in bits: a block per earlier
/// move (`EARLIER_BITS` of its hash), and in it a slot per move (the rest).
const PAIR_BITS: u32 = 18;
/// Blocks per side in a continuation table. The moves ranked at one node all follow
/// the same earlier move, so they share a block that stays in the cache.
const EARLIER_BITS: u32 = 8;
/// History values stay within ±this.
pub(crate) const HISTORY_MAX: i32 = 1 << 14;

/// Move-ordering memory for one thread of the search.
pub(crate) struct MoveMemory<M> {
    killers: Vec<[Option<M>; 2]>,
    counters: Vec<Option<M>>,
    history: Vec<i16>,
    /// Histories of quiet moves after a given earlier move: `[0]` the opponent's last
    /// move, `[1]` our own move before it. Values within ±[`HISTORY_MAX`] fit 16 bits,
    /// which halves the tables and keeps more of them in the cache.
    continuation: [Vec<i16>; 2],
}

/// Where a move (by `side`) lands in the history and counter-move tables.
fn slot<G: Rules>(side: Player, mv: G::Move) -> usize {
    let code = G::move_code(mv).0.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - HISTORY_BITS);
    (side.index() << HISTORY_BITS) | code as usize
}

/// Where the pair (`earlier`, then `mv` by `side`) lands in a continuation table.
fn pair_slot<G: Rules>(side: Player, earlier: G::Move, mv: G::Move) -> usize {
    let block = G::move_code(earlier).0.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - EARLIER_BITS);
    let within =
        G::move_code(mv).0.wrapping_mul(0xD6E8_FEB8_6659_FD93) >> (64 - (PAIR_BITS - EARLIER_BITS));
    (side.index() << PAIR_BITS) | (block << (PAIR_BITS - EARLIER_BITS)) as usize | within as usize
}

impl<M: Copy + Eq> MoveMemory<M> {
    /// Empty memory.
    pub fn new() -> Self {
        MoveMemory {
            killers: vec![[None; 2]; MAX_PLY + 1],
            counters: vec![None; 2 << HISTORY_BITS],
            history: vec![0; 2 << HISTORY_BITS],
            continuation: [vec![0; 2 << PAIR_BITS], vec![0; 2 << PAIR_BITS]],
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.killers.fill([None; 2]);
        self.counters.fill(None);
        self.history.fill(0);
        for table in &mut self.continuation {
            table.fill(0);
        }
    }

    /// Prepares for a new search: killers belong to the old root's plies, and old
    /// history counts for less.
    pub fn new_search(&mut self) {
        self.killers.fill([None; 2]);
        for value in self
            .history
            .iter_mut()
            .chain(self.continuation.iter_mut().flatten())
        {
            *value /= 4;
        }
    }

    /// The killer moves at `ply`, best first.
    pub fn killers(&self, ply: usize) -> [Option<M>; 2] {
        self.killers[ply]
    }

    /// The move that last refuted `previous` (played by the other side), if any.
    pub fn counter<G: Heuristics<Move = M>>(&self, position: &G, previous: Option<M>) -> Option<M> {
        previous
            .and_then(|previous| self.counters[slot::<G>(position.to_move().opponent(), previous)])
    }

    /// How well the quiet move `mv` has done for the side to move of `position`: on
    /// its own, and after the `earlier` moves (the opponent's last, then our own before
    /// it), each within ±[`HISTORY_MAX`].
    pub fn history<G: Heuristics<Move = M>>(
        &self,
        position: &G,
        mv: M,
        earlier: [Option<M>; 2],
    ) -> i32 {
        let side = position.to_move();
        let mut sum = i32::from(self.history[slot::<G>(side, mv)]);
        for (table, before) in self.continuation.iter().zip(earlier) {
            if let Some(before) = before {
                sum += i32::from(table[pair_slot::<G>(side, before, mv)]);
            }
        }
        sum
    }

    /// The quiet move `mv` caused a cutoff at `ply` and `depth`, after the `earlier`
    /// moves (as for [`Self::history`]); the quiet moves in `failed` were tried before
    /// it and did not.
    pub fn reward<G: Heuristics<Move = M>>(
        &mut self,
        position: &G,
        mv: M,
        earlier: [Option<M>; 2],
        ply: usize,
        depth: i32,
        failed: &[M],
    ) {
        let previous = earlier[0];
        if self.killers[ply][0] != Some(mv) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(mv);
        }
        if let Some(previous) = previous {
            self.counters[slot::<G>(position.to_move().opponent(), previous)] = Some(mv);
        }
        let bonus = (depth * depth + depth).min(HISTORY_MAX / 4);
        let side = position.to_move();
        nudge(&mut self.history[slot::<G>(side, mv)], bonus);
        for &other in failed {
            nudge(&mut self.history[slot::<G>(side, other)], -bonus);
        }
        for (table, before) in self.continuation.iter_mut().zip(earlier) {
            if let Some(before) = before {
                nudge(&mut table[pair_slot::<G>(side, before, mv)], bonus);
                for &other in failed {
                    nudge(&mut table[pair_slot::<G>(side, before, other)], -bonus);
                }
            }
        }
    }
}

/// Moves a history value towards ±HISTORY_MAX by `bonus`, less the nearer it is:
/// values decay towards what recent results say.
fn nudge(value: &mut i16, bonus: i32) {
    let old = i32::from(*value);
    let new = old + bonus - old * bonus.abs() / HISTORY_MAX;
    *value = new.clamp(-HISTORY_MAX, HISTORY_MAX) as i16;
}
