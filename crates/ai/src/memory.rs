//! What the search remembers about moves between nodes, to try good ones first: killer
//! moves per ply, the counter-move that refuted each move, and a history of quiet moves'
//! successes and failures that decays as new results come in.

use crate::search::MAX_PLY;
use ply_core::{Heuristics, Player, Rules};

const HISTORY_BITS: u32 = 14;
/// History values stay within ±this.
pub(crate) const HISTORY_MAX: i32 = 1 << 14;

/// Move-ordering memory for one thread of the search.
pub(crate) struct MoveMemory<M> {
    killers: Vec<[Option<M>; 2]>,
    counters: Vec<Option<M>>,
    history: Vec<i32>,
}

/// Where a move (by `side`) lands in the history and counter-move tables.
fn slot<G: Rules>(side: Player, mv: G::Move) -> usize {
    let code = G::move_code(mv).0.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - HISTORY_BITS);
    (side.index() << HISTORY_BITS) | code as usize
}

impl<M: Copy + Eq> MoveMemory<M> {
    /// Empty memory.
    pub fn new() -> Self {
        MoveMemory {
            killers: vec![[None; 2]; MAX_PLY + 1],
            counters: vec![None; 2 << HISTORY_BITS],
            history: vec![0; 2 << HISTORY_BITS],
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.killers.fill([None; 2]);
        self.counters.fill(None);
        self.history.fill(0);
    }

    /// Prepares for a new search: killers belong to the old root's plies, and old
    /// history counts for less.
    pub fn new_search(&mut self) {
        self.killers.fill([None; 2]);
        for value in &mut self.history {
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

    /// How well the quiet move `mv` has done for the side to move of `position`.
    pub fn history<G: Heuristics<Move = M>>(&self, position: &G, mv: M) -> i32 {
        self.history[slot::<G>(position.to_move(), mv)]
    }

    /// The quiet move `mv` caused a cutoff at `ply` and `depth`, after `previous`; the
    /// quiet moves in `failed` were tried before it and did not.
    pub fn reward<G: Heuristics<Move = M>>(
        &mut self,
        position: &G,
        mv: M,
        previous: Option<M>,
        ply: usize,
        depth: i32,
        failed: &[M],
    ) {
        if self.killers[ply][0] != Some(mv) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(mv);
        }
        if let Some(previous) = previous {
            self.counters[slot::<G>(position.to_move().opponent(), previous)] = Some(mv);
        }
        let bonus = (depth * depth + depth).min(HISTORY_MAX / 4);
        let side = position.to_move();
        self.nudge(slot::<G>(side, mv), bonus);
        for &other in failed {
            self.nudge(slot::<G>(side, other), -bonus);
        }
    }

    /// Moves a history value towards ±HISTORY_MAX by `bonus`, less the nearer it is:
    /// values decay towards what recent results say.
    fn nudge(&mut self, index: usize, bonus: i32) {
        let value = &mut self.history[index];
        *value += bonus - *value * bonus.abs() / HISTORY_MAX;
    }
}
