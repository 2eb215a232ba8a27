//! One search for every mode: iterative-deepening principal-variation alpha-beta over
//! the core traits, with a transposition table keyed by the mode's Zobrist hash, move
//! ordering (table move, noisy moves, killers, history), late-move reductions,
//! quiescence over the mode's noisy moves, exact win/loss distances, and repetition
//! awareness along the game and the search path. It never allocates in its inner loop.

use ply_core::{Heuristics, Outcome, Rules, Score};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The deepest the search goes, in plies from the root (quiescence included).
pub const MAX_PLY: usize = 128;
/// Nodes between checks of the clock and the stop flag.
const CHECK_INTERVAL: u64 = 1024;
const HISTORY_BITS: u32 = 14;
const HISTORY_MAX: i32 = 1 << 14;

/// When to stop searching. Unset limits do not apply; with none set, the search runs
/// until the stop flag is raised or it reaches [`MAX_PLY`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock budget.
    pub time: Option<Duration>,
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Node budget.
    pub nodes: Option<u64>,
    /// Search every move to the full depth, without reductions, extensions or
    /// quiescence, so that scores equal plain minimax (for tests and analysis).
    pub exact: bool,
    /// Techniques to leave out, to measure what each one gains.
    pub without: Techniques,
}

/// The search's main techniques, as switches: a set field means "leave it out".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Techniques {
    /// The transposition table (cutoffs and the table move).
    pub table: bool,
    /// Killer moves.
    pub killers: bool,
    /// The history heuristic.
    pub history: bool,
    /// Late-move reductions.
    pub reductions: bool,
    /// Quiescence search (leaves are evaluated as they stand).
    pub quiescence: bool,
    /// The check extension.
    pub check_extension: bool,
}

impl Techniques {
    /// Names accepted by [`Techniques::leave_out`].
    pub const NAMES: [&'static str; 6] = [
        "table",
        "killers",
        "history",
        "reductions",
        "quiescence",
        "check-extension",
    ];

    /// Marks the technique called `name` as left out; false for an unknown name.
    pub fn leave_out(&mut self, name: &str) -> bool {
        let switch = match name {
            "table" => &mut self.table,
            "killers" => &mut self.killers,
            "history" => &mut self.history,
            "reductions" => &mut self.reductions,
            "quiescence" => &mut self.quiescence,
            "check-extension" => &mut self.check_extension,
            _ => return false,
        };
        *switch = true;
        true
    }
}

/// What the search knows after an iteration (and, finally, what it decided).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report<M> {
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Score of the best move from the root side's view.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The best line found, the best move first.
    pub pv: Vec<M>,
}

impl<M: Copy> Report<M> {
    /// The move the search recommends.
    pub fn best(&self) -> Option<M> {
        self.pv.first().copied()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Slot<M> {
    key: u64,
    mv: Option<M>,
    score: i32,
    depth: i16,
    bound: Bound,
}

impl<M> Default for Slot<M> {
    fn default() -> Self {
        Slot {
            key: 0,
            mv: None,
            score: 0,
            depth: -1,
            bound: Bound::Upper,
        }
    }
}

/// Scores are stored relative to the node so that win distances stay right when the
/// same position is reached at another depth.
fn to_table(score: Score, ply: usize) -> i32 {
    if score.0 >= Score::WIN_THRESHOLD {
        score.0 + ply as i32
    } else if score.0 <= -Score::WIN_THRESHOLD {
        score.0 - ply as i32
    } else {
        score.0
    }
}

fn from_table(score: i32, ply: usize) -> Score {
    if score >= Score::WIN_THRESHOLD {
        Score(score - ply as i32)
    } else if score <= -Score::WIN_THRESHOLD {
        Score(score + ply as i32)
    } else {
        Score(score)
    }
}

/// The score of a finished game from the view of the side to move, `ply` plies from
/// the root.
fn terminal_score<G: Rules>(position: &G, outcome: Option<Outcome>, ply: usize) -> Score {
    match outcome {
        Some(Outcome::Win { winner, .. }) if winner == position.to_move() => {
            Score::win_in(ply as u32)
        }
        Some(Outcome::Win { .. }) => Score::loss_in(ply as u32),
        Some(Outcome::Draw { .. }) | None => Score::ZERO,
    }
}

/// A reusable searcher for mode `G`: its tables survive between searches, so a game
/// played move after move benefits from what earlier searches learned.
pub struct Searcher<G: Heuristics> {
    table: Vec<Slot<G::Move>>,
    killers: Vec<[Option<G::Move>; 2]>,
    history: Vec<i32>,
    moves: Vec<Vec<G::Move>>,
    order: Vec<Vec<i32>>,
    pv: Vec<Vec<G::Move>>,
    /// Hashes of the game so far, then of the search path; `game_len` of them are game.
    path: Vec<u64>,
    nodes: u64,
    started: Instant,
    deadline: Option<Instant>,
    node_limit: u64,
    exact: bool,
    without: Techniques,
    aborted: bool,
}

impl<G: Heuristics> Searcher<G> {
    /// A searcher with a transposition table of about `table_megabytes` megabytes.
    pub fn new(table_megabytes: usize) -> Self {
        let slot = std::mem::size_of::<Slot<G::Move>>().max(1);
        let wanted = (table_megabytes.max(1) << 20) / slot;
        let entries = 1usize << (usize::BITS - 1 - wanted.max(2).leading_zeros());
        Searcher {
            table: vec![Slot::default(); entries],
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 2 << HISTORY_BITS],
            moves: (0..=MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            order: (0..=MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            pv: (0..=MAX_PLY).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
            path: Vec::with_capacity(1024),
            nodes: 0,
            started: Instant::now(),
            deadline: None,
            node_limit: u64::MAX,
            exact: false,
            without: Techniques::default(),
            aborted: false,
        }
    }

    /// Forgets everything learned (for a new game).
    pub fn clear(&mut self) {
        self.table.fill(Slot::default());
        self.history.fill(0);
    }

    /// Searches `root` (reached through positions with the hashes `history`, oldest
    /// first, not counting `root` itself) within `limits`, until `stop` is raised.
    /// `progress` hears about every completed iteration. Returns the last completed
    /// iteration's result; its `pv` is empty only when `root` has no legal move.
    pub fn search(
        &mut self,
        root: &G,
        history: &[u64],
        limits: &Limits,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(&Report<G::Move>),
    ) -> Report<G::Move> {
        self.started = Instant::now();
        self.deadline = limits.time.map(|budget| self.started + budget);
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.exact = limits.exact;
        self.without = limits.without;
        self.nodes = 0;
        self.aborted = false;
        for killers in &mut self.killers {
            *killers = [None; 2];
        }
        for value in &mut self.history {
            *value /= 8;
        }
        self.path.clear();
        self.path.extend_from_slice(history);

        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 1)
            .clamp(1, MAX_PLY as u32 - 1);
        let mut position = root.clone();
        let mut best = Report {
            depth: 0,
            score: Score::ZERO,
            nodes: 0,
            elapsed: Duration::ZERO,
            pv: Vec::new(),
        };
        let mut root_moves = Vec::new();
        root.gen_moves(&mut root_moves);
        if let Some(&only) = root_moves.first() {
            best.pv.push(only);
        } else {
            return best;
        }
        for depth in 1..=max_depth {
            let score = self.negamax(
                &mut position,
                depth as i32,
                0,
                -Score::INFINITE,
                Score::INFINITE,
                stop,
            );
            if self.aborted {
                // A partial iteration still improves on the last one when its first
                // (previously best) move was searched and something beat it.
                if let Some(&mv) = self.pv[0].first()
                    && Some(mv) != best.best()
                {
                    best.pv.clone_from(&self.pv[0]);
                    best.score = score;
                }
                break;
            }
            best.depth = depth;
            best.score = score;
            best.pv.clone_from(&self.pv[0]);
            best.nodes = self.nodes;
            best.elapsed = self.started.elapsed();
            progress(&best);
            if score.is_decisive() && score.plies_to_end().is_some_and(|plies| plies <= depth) {
                break;
            }
            if let Some(budget) = limits.time
                && self.started.elapsed() * 2 > budget
            {
                break;
            }
        }
        best.nodes = self.nodes;
        best.elapsed = self.started.elapsed();
        best
    }

    /// Counts a node at `ply` and clears its line; false once the search must stop.
    fn enter(&mut self, ply: usize, stop: &AtomicBool) -> bool {
        self.pv[ply].clear();
        self.nodes += 1;
        !self.out_of_time(stop)
    }

    fn out_of_time(&mut self, stop: &AtomicBool) -> bool {
        if self.nodes.is_multiple_of(CHECK_INTERVAL) {
            let late = self
                .deadline
                .is_some_and(|deadline| Instant::now() >= deadline);
            if late || stop.load(Ordering::Relaxed) || self.nodes >= self.node_limit {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// Whether `hash` occurred before with the same side to move: in the game or on the
    /// search path (`path` ends with the position before the current one).
    fn repeated(&self, hash: u64) -> bool {
        self.path
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .any(|&earlier| earlier == hash)
    }

    fn history_index(&self, position: &G, mv: G::Move) -> usize {
        let code = G::move_code(mv).0.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - HISTORY_BITS);
        (position.to_move().index() << HISTORY_BITS) | code as usize
    }

    /// Ranks the moves of `self.moves[ply]` into `self.order[ply]`.
    fn rank_moves(&mut self, position: &G, ply: usize, table_move: Option<G::Move>) {
        let mut order = std::mem::take(&mut self.order[ply]);
        order.clear();
        for &mv in &self.moves[ply] {
            let hint = position.order_hint(mv);
            let rank = if Some(mv) == table_move {
                1 << 30
            } else if hint > 0 {
                (1 << 28) + hint
            } else if !self.without.killers && self.killers[ply][0] == Some(mv) {
                (1 << 27) + 1
            } else if !self.without.killers && self.killers[ply][1] == Some(mv) {
                1 << 27
            } else if self.without.history {
                0
            } else {
                self.history[self.history_index(position, mv)]
            };
            order.push(rank);
        }
        self.order[ply] = order;
    }

    /// Moves the best-ranked remaining move to `index` and returns it.
    fn pick(&mut self, ply: usize, index: usize) -> G::Move {
        let order = &mut self.order[ply];
        let mut best = index;
        for candidate in index + 1..order.len() {
            if order[candidate] > order[best] {
                best = candidate;
            }
        }
        order.swap(index, best);
        self.moves[ply].swap(index, best);
        self.moves[ply][index]
    }

    fn reward(&mut self, position: &G, mv: G::Move, ply: usize, depth: i32) {
        if self.killers[ply][0] != Some(mv) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(mv);
        }
        let index = self.history_index(position, mv);
        let bonus = (depth * depth).min(HISTORY_MAX / 4);
        let value = &mut self.history[index];
        *value += bonus - *value * bonus / HISTORY_MAX;
    }

    fn set_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        if let Some(rest) = tail.first() {
            line.extend_from_slice(rest);
        }
    }

    fn negamax(
        &mut self,
        position: &mut G,
        mut depth: i32,
        ply: usize,
        mut alpha: Score,
        mut beta: Score,
        stop: &AtomicBool,
    ) -> Score {
        if !self.enter(ply, stop) {
            return Score::ZERO;
        }
        let hash = position.hash();
        if ply > 0 && self.repeated(hash) {
            return match position.repetition_outcome() {
                Some(outcome) => terminal_score(position, Some(outcome), ply),
                None => Score::ZERO,
            };
        }
        self.moves[ply].clear();
        position.gen_moves(&mut self.moves[ply]);
        if self.moves[ply].is_empty() {
            return terminal_score(position, position.outcome(), ply);
        }
        if ply > 0 && position.drawn_by_rule() {
            return Score::ZERO;
        }
        if ply >= MAX_PLY - 1 {
            return position.evaluate();
        }
        // Neither side can do better than winning now or losing now.
        alpha = alpha.max(Score::loss_in(ply as u32));
        beta = beta.min(Score::win_in(ply as u32 + 1));
        if alpha >= beta {
            return alpha;
        }
        let in_check = !self.exact && !self.without.check_extension && position.in_check();
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return if self.exact || self.without.quiescence {
                position.evaluate()
            } else {
                self.quiesce(position, ply, alpha, beta, stop)
            };
        }

        let pv_node = beta.0 - alpha.0 > 1;
        let slot = self.table[(hash as usize) & (self.table.len() - 1)];
        let mut table_move = None;
        if slot.key == hash && !self.without.table {
            table_move = slot.mv;
            let stored = from_table(slot.score, ply);
            if !pv_node && i32::from(slot.depth) >= depth {
                let usable = match slot.bound {
                    Bound::Exact => true,
                    Bound::Lower => stored >= beta,
                    Bound::Upper => stored <= alpha,
                };
                if usable {
                    return stored;
                }
            }
        }

        self.rank_moves(position, ply, table_move);
        let original_alpha = alpha;
        let mut best_score = -Score::INFINITE;
        let mut best_move = None;
        self.path.push(hash);
        let count = self.moves[ply].len();
        for index in 0..count {
            let mv = self.pick(ply, index);
            let quiet = self.order[ply][index] < (1 << 27);
            let undo = position.make(mv);
            let mut score;
            if index == 0 {
                score = -self.negamax(position, depth - 1, ply + 1, -beta, -alpha, stop);
            } else {
                let reduction = if !self.exact
                    && !self.without.reductions
                    && depth >= 3
                    && index >= 3
                    && quiet
                    && !in_check
                {
                    1 + i32::from(index >= 8 && depth >= 6)
                } else {
                    0
                };
                score = -self.negamax(
                    position,
                    depth - 1 - reduction,
                    ply + 1,
                    -alpha - 1,
                    -alpha,
                    stop,
                );
                if score > alpha && reduction > 0 {
                    score = -self.negamax(position, depth - 1, ply + 1, -alpha - 1, -alpha, stop);
                }
                if score > alpha && score < beta {
                    score = -self.negamax(position, depth - 1, ply + 1, -beta, -alpha, stop);
                }
            }
            position.unmake(mv, undo);
            if self.aborted {
                self.path.pop();
                return best_score.max(alpha);
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.set_pv(ply, mv);
                    if alpha >= beta {
                        if quiet {
                            self.reward(position, mv, ply, depth);
                        }
                        break;
                    }
                }
            }
        }
        self.path.pop();

        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let index = (hash as usize) & (self.table.len() - 1);
        let slot = &mut self.table[index];
        if slot.key != hash || i32::from(slot.depth) <= depth {
            *slot = Slot {
                key: hash,
                mv: best_move,
                score: to_table(best_score, ply),
                depth: depth as i16,
                bound,
            };
        }
        best_score
    }

    fn quiesce(
        &mut self,
        position: &mut G,
        ply: usize,
        mut alpha: Score,
        beta: Score,
        stop: &AtomicBool,
    ) -> Score {
        if !self.enter(ply, stop) {
            return Score::ZERO;
        }
        let stand_pat = position.evaluate();
        if ply >= MAX_PLY - 1 {
            return stand_pat;
        }
        if stand_pat >= beta {
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        self.moves[ply].clear();
        position.noisy_moves(&mut self.moves[ply]);
        self.order[ply].clear();
        let hints = self.moves[ply].iter().map(|&mv| position.order_hint(mv));
        self.order[ply].extend(hints);
        let mut best = stand_pat;
        for index in 0..self.moves[ply].len() {
            let mv = self.pick(ply, index);
            let undo = position.make(mv);
            // Depth zero: the full node sees a game that just ended, and a check.
            let score = -self.negamax(position, 0, ply + 1, -beta, -alpha, stop);
            position.unmake(mv, undo);
            if self.aborted {
                return best;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.set_pv(ply, mv);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// Searches `root` with a fresh searcher; see [`Searcher::search`].
pub fn search<G: Heuristics>(
    root: &G,
    history: &[u64],
    limits: &Limits,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(&Report<G::Move>),
) -> Report<G::Move> {
    Searcher::new(16).search(root, history, limits, stop, progress)
}
