//! One search for every mode: iterative-deepening principal-variation alpha-beta over
//! the core traits, with aspiration windows, a transposition table keyed by the mode's
//! Zobrist hash (shared by the threads of a parallel search), move ordering (table move,
//! winning noisy moves, killers, counter-moves, history, losing noisy moves), null-move
//! pruning and margin-based pruning where the mode allows them, late-move reductions,
//! move-count pruning and pruning of quiet moves with a bad history, quiescence over the
//! mode's noisy moves without losing exchanges (consulting and filling the table too),
//! a static evaluation corrected by its errors learned along the way, an extension for a
//! table move that alone holds the score (singular extension), exact win/loss
//! distances, and repetition awareness along the game and the search path. It never
//! allocates in its inner loop.

use crate::correction::Corrections;
use crate::evaluations::Evaluations;
use crate::memory::{HISTORY_MAX, MoveMemory};
use crate::timing::TimePlan;
use crate::transposition::{Bound, Entry, TranspositionTable};
use ply_core::{CORRECTION_KEYS, Heuristics, Outcome, Rules, Score};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The deepest the search goes, in plies from the root (quiescence included).
pub const MAX_PLY: usize = 128;
/// Nodes between checks of the clock and the stop flag.
const CHECK_INTERVAL: u64 = 1024;
/// Move ranks, highest tried first.
const RANK_TABLE: i32 = 1 << 30;
const RANK_GOOD_NOISY: i32 = 1 << 28;
const RANK_KILLER: i32 = 1 << 27;
const RANK_BAD_NOISY: i32 = -(1 << 28);
/// Aspiration windows start this share of the mode's pruning unit wide (or 25 without).
const ASPIRATION_DIVISOR: i32 = 4;

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
    /// Search every move to the full depth, without reductions, extensions, pruning
    /// or quiescence, so that scores equal plain minimax (for tests and analysis).
    pub exact: bool,
    /// Techniques to leave out, to measure what each one gains.
    pub without: Techniques,
    /// Think for the whole time budget (a fixed time per move, as UCI's `movetime`)
    /// instead of stopping early once the best move is settled (a game's clock).
    pub use_all_time: bool,
    /// Threads to search with (0 and 1 both mean one): the others help the first
    /// through the shared table (Lazy SMP).
    pub threads: usize,
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
    /// Aspiration windows around the last iteration's score.
    pub aspiration: bool,
    /// Null-move pruning.
    pub null_move: bool,
    /// Margin-based and move-count pruning (futility, reverse futility, late moves,
    /// quiet moves with a bad history).
    pub pruning: bool,
    /// Static exchange evaluation (losing noisy moves late, and not in quiescence).
    pub exchange: bool,
    /// Counter-moves.
    pub counter_moves: bool,
    /// Correcting the static evaluation by its errors learned during the search.
    pub correction: bool,
    /// Singular extensions (and the cutoff when several moves hold the score).
    pub singular: bool,
}

impl Techniques {
    /// Names accepted by [`Techniques::leave_out`].
    pub const NAMES: [&'static str; 13] = [
        "table",
        "killers",
        "history",
        "reductions",
        "quiescence",
        "check-extension",
        "aspiration",
        "null-move",
        "pruning",
        "exchange",
        "counter-moves",
        "correction",
        "singular",
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
            "aspiration" => &mut self.aspiration,
            "null-move" => &mut self.null_move,
            "pruning" => &mut self.pruning,
            "exchange" => &mut self.exchange,
            "counter-moves" => &mut self.counter_moves,
            "correction" => &mut self.correction,
            "singular" => &mut self.singular,
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
    /// Nodes searched so far (by every thread, in the final report).
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

    /// What is known before any iteration completes: the line `pv`, unscored.
    fn unsearched(pv: Vec<M>) -> Self {
        Report {
            depth: 0,
            score: Score::ZERO,
            nodes: 0,
            elapsed: Duration::ZERO,
            pv,
        }
    }
}

/// What hears the lines of every completed iteration of [`Searcher::search_lines`].
pub type Progress<'a, M> = dyn FnMut(&[Report<M>]) + 'a;

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

/// The shallowest node whose table move is checked for being singular.
const SINGULAR_MIN_DEPTH: i32 = 6;
/// How far below the table's score another move must stay for the table move to be
/// singular, per ply of depth, in hundredths of the mode's pruning unit.
const SINGULAR_MARGIN_PER_PLY: i32 = 2;

/// How to check whether a node's table move is singular.
#[derive(Clone, Copy)]
struct SingularCheck<M> {
    /// The table move.
    mv: M,
    /// The zero window the other moves are searched in.
    beta: Score,
    /// The depth they are searched to.
    depth: i32,
    /// The table's score for the node.
    stored: Score,
}

/// Late-move reductions by depth and move number: about ln(depth)·ln(number)/2.
fn reduction_table() -> Vec<[i8; 64]> {
    (0..64)
        .map(|depth| {
            let mut row = [0i8; 64];
            for (number, cell) in row.iter_mut().enumerate().skip(1) {
                if depth > 0 {
                    let value = 0.5 + (depth as f64).ln() * (number as f64).ln() / 2.0;
                    *cell = value as i8;
                }
            }
            row
        })
        .collect()
}

/// A reusable searcher for mode `G`: its tables survive between searches, so a game
/// played move after move benefits from what earlier searches learned.
pub struct Searcher<G: Heuristics> {
    transpositions: Arc<TranspositionTable>,
    memory: MoveMemory<G::Move>,
    moves: Vec<Vec<G::Move>>,
    order: Vec<Vec<i32>>,
    quiets: Vec<Vec<G::Move>>,
    /// The move played from each ply of the current line (`None` for a null move).
    played: Vec<Option<G::Move>>,
    /// The static evaluation at each ply of the current line (`-INFINITE` in check).
    evals: Vec<Score>,
    /// The move left out at each ply while the search checks whether the table move
    /// is singular (the only one that holds the score).
    excluded: Vec<Option<G::Move>>,
    /// The root moves left out because earlier lines of a multi-line search start with
    /// them (empty when searching for one line).
    root_excluded: Vec<G::Move>,
    /// Static evaluations of positions seen lately.
    evaluations: Evaluations,
    /// What this thread has learned about the evaluation's errors.
    corrections: Corrections,
    pv: Vec<Vec<G::Move>>,
    reductions: Vec<[i8; 64]>,
    /// Hashes of the game so far, then of the search path; the first ones are the game.
    path: Vec<u64>,
    nodes: u64,
    deadline: Option<Instant>,
    node_limit: u64,
    exact: bool,
    without: Techniques,
    aborted: bool,
    /// Searchers for the helper threads of a parallel search, sharing `transpositions`.
    helpers: Vec<Searcher<G>>,
}

impl<G: Heuristics> Searcher<G> {
    /// A searcher with a transposition table of about `table_megabytes` megabytes.
    pub fn new(table_megabytes: usize) -> Self {
        Self::sharing(Arc::new(TranspositionTable::new(table_megabytes)))
    }

    fn sharing(transpositions: Arc<TranspositionTable>) -> Self {
        Searcher {
            transpositions,
            memory: MoveMemory::new(),
            moves: (0..=MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            order: (0..=MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            quiets: (0..=MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            played: vec![None; MAX_PLY + 1],
            evals: vec![-Score::INFINITE; MAX_PLY + 1],
            excluded: vec![None; MAX_PLY + 1],
            root_excluded: Vec::new(),
            evaluations: Evaluations::new(),
            corrections: Corrections::new(),
            pv: (0..=MAX_PLY).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
            reductions: reduction_table(),
            path: Vec::with_capacity(1024),
            nodes: 0,
            deadline: None,
            node_limit: u64::MAX,
            exact: false,
            without: Techniques::default(),
            aborted: false,
            helpers: Vec::new(),
        }
    }

    /// Forgets everything learned (for a new game).
    pub fn clear(&mut self) {
        self.transpositions.clear();
        self.memory.clear();
        self.corrections.clear();
        for helper in &mut self.helpers {
            helper.memory.clear();
            helper.corrections.clear();
        }
    }

    /// Searches `root` (reached through positions with the hashes `history`, oldest
    /// first, not counting `root` itself) within `limits`, until `stop` is raised.
    /// `progress` hears about every completed iteration. Returns the last completed
    /// iteration's result; its `pv` is empty only when `root` has no legal move.
    /// With more than one thread in `limits`, helper threads search the same tree
    /// until this one finishes, sharing what they find through the table.
    pub fn search(
        &mut self,
        root: &G,
        history: &[u64],
        limits: &Limits,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(&Report<G::Move>),
    ) -> Report<G::Move> {
        let mut lines = self.search_lines(root, history, limits, 1, stop, &mut |lines| {
            progress(&lines[0])
        });
        lines.swap_remove(0)
    }

    /// Searches `root` as [`Searcher::search`] does, for its best `lines` lines of play
    /// (multi-PV, for analysis; 0 counts as 1), each starting with a different move.
    /// Every iteration searches the best line, then the best line without the first
    /// moves of the lines found so far, and so on, each in its own aspiration window.
    /// Returns the lines of the last completed iteration, best score first: as many as
    /// asked when `root` has that many legal moves, and always at least one, whose `pv`
    /// is empty only when `root` has no legal move. `progress` hears every completed
    /// iteration's lines. With one line this is exactly [`Searcher::search`].
    pub fn search_lines(
        &mut self,
        root: &G,
        history: &[u64],
        limits: &Limits,
        lines: usize,
        stop: &AtomicBool,
        progress: &mut Progress<'_, G::Move>,
    ) -> Vec<Report<G::Move>> {
        let started = Instant::now();
        self.transpositions.new_search();
        let helpers = limits.threads.max(1) - 1;
        while self.helpers.len() < helpers {
            self.helpers
                .push(Searcher::sharing(Arc::clone(&self.transpositions)));
        }
        if helpers == 0 {
            return self.iterate(root, history, limits, started, stop, 1, lines, progress);
        }
        let finished = AtomicBool::new(false);
        let helper_limits = Limits {
            time: None,
            depth: None,
            nodes: None,
            ..*limits
        };
        let mut helpers_now = std::mem::take(&mut self.helpers);
        let mut found = std::thread::scope(|scope| {
            for (number, helper) in helpers_now.iter_mut().take(helpers).enumerate() {
                let finished = &finished;
                scope.spawn(move || {
                    // Helpers start at different depths so that they do not all
                    // search the same nodes in the same order. They look for the best
                    // line only: what they add is what they leave in the table.
                    let first_depth = 1 + (number as u32 + 1) % 2;
                    helper.iterate(
                        root,
                        history,
                        &helper_limits,
                        started,
                        finished,
                        first_depth,
                        1,
                        &mut |_| {},
                    );
                });
            }
            let found = self.iterate(root, history, limits, started, stop, 1, lines, progress);
            finished.store(true, Ordering::Relaxed);
            found
        });
        let helper_nodes = helpers_now.iter().map(|helper| helper.nodes).sum::<u64>();
        for line in &mut found {
            line.nodes += helper_nodes;
        }
        self.helpers = helpers_now;
        found
    }

    /// Iterative deepening from `first_depth` for the best `lines` lines (see
    /// [`Searcher::search_lines`]): one thread's whole search.
    #[allow(clippy::too_many_arguments)]
    fn iterate(
        &mut self,
        root: &G,
        history: &[u64],
        limits: &Limits,
        started: Instant,
        stop: &AtomicBool,
        first_depth: u32,
        lines: usize,
        progress: &mut Progress<'_, G::Move>,
    ) -> Vec<Report<G::Move>> {
        self.deadline = limits.time.map(|budget| started + budget);
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.exact = limits.exact;
        self.without = limits.without;
        self.nodes = 0;
        self.aborted = false;
        self.memory.new_search();
        self.path.clear();
        self.path.extend_from_slice(history);

        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 1)
            .clamp(1, MAX_PLY as u32 - 1);
        let mut position = root.clone();
        let mut root_moves = Vec::new();
        root.gen_moves(&mut root_moves);
        if root_moves.is_empty() {
            return vec![Report::unsearched(Vec::new())];
        }
        // Until an iteration completes, each line is one legal move, unscored.
        let mut best: Vec<Report<G::Move>> = root_moves
            .iter()
            .take(lines.max(1))
            .map(|&mv| Report::unsearched(vec![mv]))
            .collect();
        let mut plan = limits
            .time
            .filter(|_| !limits.use_all_time)
            .map(|budget| TimePlan::new(started, budget));
        let unit = G::PRUNING_UNIT.unwrap_or(100).max(1);
        for depth in first_depth.min(max_depth)..=max_depth {
            let mut found = match self.lines_at(&mut position, depth, &best, unit, stop) {
                Ok(found) => found,
                Err(score) => {
                    // A partial iteration still improves on the last one when its first
                    // (previously best) move was searched and something beat it. With
                    // several lines the last complete set stands, so that the lines stay
                    // distinct and in order.
                    if let [only] = best.as_mut_slice()
                        && let Some(&mv) = self.pv[0].first()
                        && Some(mv) != only.best()
                    {
                        only.pv.clone_from(&self.pv[0]);
                        only.score = score;
                    }
                    break;
                }
            };
            // A later line can score above an earlier one, its search having been
            // ordered and pruned differently: the lines are shown best first.
            found.sort_by_key(|line| std::cmp::Reverse(line.score));
            let changed = found[0].pv.first() != best[0].pv.first();
            let dropped = best[0].depth > 0 && found[0].score.0 < best[0].score.0 - unit / 2;
            best = found;
            self.stamp(&mut best, started);
            progress(&best);
            let proven = |line: &Report<G::Move>| {
                line.score.is_decisive()
                    && line
                        .score
                        .plies_to_end()
                        .is_some_and(|plies| plies <= depth)
            };
            if best.iter().all(proven) {
                break;
            }
            if let Some(plan) = &mut plan
                && !plan.another_iteration(changed, dropped)
            {
                break;
            }
        }
        self.stamp(&mut best, started);
        best
    }

    /// One iteration at `depth` for as many lines as `last` holds (the lines of the
    /// iteration before, whose scores centre the windows): the best line, then the best
    /// without the first moves of the lines found so far, and so on. The lines come
    /// in the order found; a search stopped before the iteration ends gives the score
    /// of the interrupted line instead.
    fn lines_at(
        &mut self,
        position: &mut G,
        depth: u32,
        last: &[Report<G::Move>],
        unit: i32,
        stop: &AtomicBool,
    ) -> Result<Vec<Report<G::Move>>, Score> {
        let mut found = Vec::with_capacity(last.len());
        self.root_excluded.clear();
        for previous in last {
            let score = self.aspirate(position, depth as i32, previous.score, unit, stop);
            if self.aborted {
                self.root_excluded.clear();
                return Err(score);
            }
            found.push(Report {
                depth,
                score,
                pv: self.pv[0].clone(),
                ..Report::unsearched(Vec::new())
            });
            match self.pv[0].first() {
                Some(&first) => self.root_excluded.push(first),
                None => break,
            }
        }
        self.root_excluded.clear();
        Ok(found)
    }

    /// Records the nodes searched and the time spent so far in every line.
    fn stamp(&self, lines: &mut [Report<G::Move>], started: Instant) {
        let elapsed = started.elapsed();
        for line in lines {
            line.nodes = self.nodes;
            line.elapsed = elapsed;
        }
    }

    /// One iteration at `depth` in a window around the last iteration's score `guess`,
    /// widened until the score falls inside it.
    fn aspirate(
        &mut self,
        position: &mut G,
        depth: i32,
        guess: Score,
        unit: i32,
        stop: &AtomicBool,
    ) -> Score {
        let full = depth < 4 || self.exact || self.without.aspiration || guess.is_decisive();
        if full {
            return self.negamax(position, depth, 0, -Score::INFINITE, Score::INFINITE, stop);
        }
        let mut delta = (unit / ASPIRATION_DIVISOR).max(1);
        let mut alpha = Score((guess.0 - delta).max(-Score::INFINITE.0));
        let mut beta = Score((guess.0 + delta).min(Score::INFINITE.0));
        loop {
            let score = self.negamax(position, depth, 0, alpha, beta, stop);
            if self.aborted {
                return score;
            }
            if score <= alpha {
                beta = Score((alpha.0 + beta.0) / 2);
                alpha = Score((score.0 - delta).max(-Score::INFINITE.0));
            } else if score >= beta {
                beta = Score((score.0 + delta).min(Score::INFINITE.0));
            } else {
                return score;
            }
            delta = delta.saturating_mul(2);
            if delta > 8 * unit {
                alpha = -Score::INFINITE;
                beta = Score::INFINITE;
            }
        }
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

    /// Whether `hash` occurred before with the same side to move, at most `plies_back`
    /// plies ago: in the game or on the search path (`path` ends with the position
    /// before the current one).
    fn repeated(&self, hash: u64, plies_back: usize) -> bool {
        self.path
            .iter()
            .rev()
            .take(plies_back)
            .skip(1)
            .step_by(2)
            .any(|&earlier| earlier == hash)
    }

    /// The move played just before `ply`, if it was a real one.
    fn previous(&self, ply: usize) -> Option<G::Move> {
        if ply == 0 || self.without.counter_moves {
            None
        } else {
            self.played[ply - 1]
        }
    }

    /// The moves played one and two plies before `ply` (the opponent's last, then our
    /// own), where they were real ones, for the continuation histories.
    fn earlier(&self, ply: usize) -> [Option<G::Move>; 2] {
        let before_that = if ply >= 2 && !self.without.counter_moves {
            self.played[ply - 2]
        } else {
            None
        };
        [self.previous(ply), before_that]
    }

    /// Puts the table's move for this node first among `self.moves[ply]`, ranked as
    /// such, and says whether it was there. The other moves are then ranked only if it
    /// fails to cut the node off, which it usually does.
    fn table_move_first(&mut self, ply: usize, table_move: Option<ply_core::MoveCode>) -> bool {
        self.order[ply].clear();
        let moves = &mut self.moves[ply];
        let Some(at) =
            table_move.and_then(|code| moves.iter().position(|&mv| G::move_code(mv) == code))
        else {
            return false;
        };
        moves.swap(0, at);
        self.order[ply].push(RANK_TABLE);
        true
    }

    /// Ranks the moves of `self.moves[ply]` not yet ranked in `self.order[ply]`.
    fn rank_moves(&mut self, position: &G, ply: usize) {
        let mut order = std::mem::take(&mut self.order[ply]);
        let killers = if self.without.killers {
            [None; 2]
        } else {
            self.memory.killers(ply)
        };
        let counter = self.memory.counter(position, self.previous(ply));
        let earlier = self.earlier(ply);
        for &mv in &self.moves[ply][order.len()..] {
            let hint = position.order_hint(mv);
            let rank = if hint > 0 {
                if !self.without.exchange && position.losing_exchange(mv) {
                    RANK_BAD_NOISY + hint
                } else {
                    RANK_GOOD_NOISY + hint
                }
            } else if killers[0] == Some(mv) {
                RANK_KILLER + 2
            } else if killers[1] == Some(mv) {
                RANK_KILLER + 1
            } else if counter == Some(mv) {
                RANK_KILLER
            } else if self.without.history {
                0
            } else {
                self.memory.history(position, mv, earlier)
            };
            order.push(rank);
        }
        self.order[ply] = order;
    }

    /// Moves the best-ranked remaining move to `index` and returns it.
    fn pick(&mut self, ply: usize, index: usize) -> G::Move {
        let order = &mut self.order[ply];
        // The first of the highest ranks, its rank kept at hand rather than read again.
        let (mut best, mut best_rank) = (index, order[index]);
        for (candidate, &rank) in order.iter().enumerate().skip(index + 1) {
            if rank > best_rank {
                (best, best_rank) = (candidate, rank);
            }
        }
        order.swap(index, best);
        self.moves[ply].swap(index, best);
        self.moves[ply][index]
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

    /// What the shared table knows about the position with `hash` (nothing when the
    /// table is left out).
    fn probe(&self, hash: u64) -> Option<Entry> {
        if self.without.table {
            None
        } else {
            self.transpositions.probe(hash)
        }
    }

    /// Stores a node's result in the shared table.
    fn remember(
        &self,
        hash: u64,
        best_move: Option<G::Move>,
        score: Score,
        ply: usize,
        depth: i32,
        bound: Bound,
    ) {
        if self.without.table {
            return;
        }
        self.transpositions.store(
            hash,
            Entry {
                mv: best_move.map(G::move_code),
                score: to_table(score, ply),
                depth,
                bound,
            },
        );
    }

    /// The score a table `entry` settles for a zero-window node searched to `depth`
    /// at `ply` in the window (`alpha`, `beta`), if it settles one.
    fn table_cutoff(
        entry: Option<Entry>,
        depth: i32,
        ply: usize,
        alpha: Score,
        beta: Score,
        pv_node: bool,
    ) -> Option<Score> {
        let entry = entry.filter(|entry| !pv_node && entry.depth >= depth)?;
        let stored = from_table(entry.score, ply);
        let usable = match entry.bound {
            Bound::Exact => true,
            Bound::Lower => stored >= beta,
            Bound::Upper => stored <= alpha,
        };
        usable.then_some(stored)
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
        if ply > 0 && self.repeated(hash, position.plies_since_irreversible()) {
            return match position.repetition_outcome() {
                Some(outcome) => terminal_score(position, Some(outcome), ply),
                None => Score::ZERO,
            };
        }
        // Past the horizon, where the mode says every move need not be generated to
        // know the game goes on, quiescence judges the position at once (a stalemate
        // there is left unseen, as engines do).
        if depth <= 0
            && ply > 0
            && !self.exact
            && !self.without.quiescence
            && position.quiet_past_horizon()
        {
            return if position.drawn_by_rule() {
                Score::ZERO
            } else {
                self.quiesce(position, ply, alpha, beta, stop)
            };
        }
        self.moves[ply].clear();
        position.gen_moves(&mut self.moves[ply]);
        if self.moves[ply].is_empty() {
            return terminal_score(position, position.outcome(), ply);
        }
        let partial_root = ply == 0 && !self.root_excluded.is_empty();
        if partial_root {
            let left_out = &self.root_excluded;
            self.moves[0].retain(|mv| !left_out.contains(mv));
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
        // While checking whether a move is singular, the node is searched without it:
        // the table's verdict on the whole node does not apply.
        let excluded = self.excluded[ply];
        let entry = self.probe(hash).filter(|_| excluded.is_none());
        if let Some(score) = Self::table_cutoff(entry, depth, ply, alpha, beta, pv_node) {
            return score;
        }
        let table_move = entry.and_then(|entry| entry.mv);

        // Pruning that looks at the position before any move: only in zero-window
        // nodes, out of check, and in modes that allow it.
        let selective = !self.exact && !pv_node && !in_check && ply > 0 && excluded.is_none();
        let unit = G::PRUNING_UNIT.filter(|_| selective && !self.without.pruning);
        let correction_key = self.correction_key(position);
        let raw_eval = if self.exact || in_check {
            -Score::INFINITE
        } else {
            self.evaluations.get_or(hash, || position.evaluate())
        };
        let static_eval = self.corrected(position, correction_key, raw_eval);
        self.evals[ply] = static_eval;
        // Whether our position looks better than at our last move: if not, the moves
        // here are less likely to matter, and pruning and reductions can be bolder. Only
        // in modes whose evaluation is trusted for pruning (in checkers, where forced
        // captures swing it from ply to ply, every node counts as improving).
        let improving =
            G::PRUNING_UNIT.is_none() || (ply >= 2 && static_eval > self.evals[ply - 2]);
        if let Some(unit) = unit
            && depth <= 6
            && !beta.is_decisive()
            && static_eval.0 - unit * 4 / 5 * (depth - i32::from(improving)) >= beta.0
        {
            return static_eval;
        }
        if selective
            && !self.without.null_move
            && depth >= 3
            && self.played[ply - 1].is_some()
            && static_eval >= beta
            && !beta.is_decisive()
            && let Some(mut passed) = position.null_move()
        {
            let margin_unit = 2 * G::PRUNING_UNIT.unwrap_or(100).max(1);
            let reduction = 3 + depth / 4 + ((static_eval.0 - beta.0) / margin_unit).min(2);
            self.path.push(hash);
            self.played[ply] = None;
            let score = -self.negamax(
                &mut passed,
                depth - 1 - reduction,
                ply + 1,
                -beta,
                -beta + 1,
                stop,
            );
            self.path.pop();
            if self.aborted {
                return beta;
            }
            if score >= beta {
                return if score.is_decisive() { beta } else { score };
            }
        }
        // Without a table move to try first, a deep node is cheaper searched shallower.
        if !self.exact
            && ply > 0
            && depth >= 4
            && table_move.is_none()
            && excluded.is_none()
            && !self.without.reductions
        {
            depth -= 1;
        }
        let mut table_move_extension = 0;
        if let Some(check) = self.singular_check(entry, depth, ply) {
            let score = self.without_move(position, check, ply, stop);
            if self.aborted {
                return beta;
            }
            if score < check.beta {
                table_move_extension = 1;
            } else if check.beta >= beta {
                // Another move holds the score too: more than one move beats `beta`.
                return check.beta;
            } else if check.stored >= beta {
                // Another move comes close, and the table expects a cutoff anyway: the
                // table move is searched a ply shallower.
                table_move_extension = -1;
            }
        }

        let table_first = self.table_move_first(ply, table_move);
        if !table_first {
            self.rank_moves(position, ply);
        }
        let original_alpha = alpha;
        let mut best_score = -Score::INFINITE;
        let mut best_move = None;
        self.quiets[ply].clear();
        self.path.push(hash);
        let count = self.moves[ply].len();
        let late_move_limit = (3 + (depth * depth) as usize) / if improving { 1 } else { 2 };
        let earlier = self.earlier(ply);
        for index in 0..count {
            if index == 1 && table_first {
                self.rank_moves(position, ply);
            }
            let mv = self.pick(ply, index);
            if excluded == Some(mv) {
                continue;
            }
            let rank = self.order[ply][index];
            let quiet = position.order_hint(mv) <= 0;
            // A move that loses material is not worth a shallow search.
            if unit.is_some()
                && index > 0
                && depth <= 3
                && !best_score.is_decisive()
                && if quiet {
                    rank < RANK_KILLER && !self.without.exchange && position.losing_exchange(mv)
                } else {
                    rank < 0
                }
            {
                continue;
            }
            let undo = position.make(mv);
            // A capture that the exchange says loses material is reduced like a quiet move.
            let losing = !quiet && rank < 0;
            let gives_check = (quiet || losing) && !self.exact && position.in_check();
            if let Some(unit) = unit
                && quiet
                && !gives_check
                && index > 0
                && !best_score.is_decisive()
            {
                let late = depth <= 5 && index >= late_move_limit;
                let futile = depth <= 3 && static_eval.0 + unit * (1 + 2 * depth) <= alpha.0;
                // A quiet move that has failed again and again lately is not worth a
                // shallow search either.
                let unpromising =
                    depth <= 3 && !self.without.history && rank < -HISTORY_MAX / 2 * depth;
                if late || futile || unpromising {
                    position.unmake(mv, undo);
                    continue;
                }
            }
            self.played[ply] = Some(mv);
            let mut score;
            if index == 0 {
                let extension = if table_first { table_move_extension } else { 0 };
                score = -self.negamax(
                    position,
                    depth - 1 + extension,
                    ply + 1,
                    -beta,
                    -alpha,
                    stop,
                );
            } else {
                let mut reduction = 0;
                if !self.exact
                    && !self.without.reductions
                    && depth >= 3
                    && (quiet || losing)
                    && !in_check
                    && !gives_check
                {
                    let base = self.reductions[depth.min(63) as usize][index.min(63)];
                    reduction = i32::from(base) - i32::from(pv_node) + i32::from(!improving)
                        - i32::from(rank >= RANK_KILLER);
                    if quiet && !self.without.history {
                        reduction -= rank.clamp(-2 * HISTORY_MAX, 2 * HISTORY_MAX) / HISTORY_MAX;
                    }
                    reduction = reduction.clamp(0, depth - 2);
                }
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
                            let failed = std::mem::take(&mut self.quiets[ply]);
                            let killers_too = !self.without.killers;
                            if killers_too || !self.without.history {
                                self.memory
                                    .reward(position, mv, earlier, ply, depth, &failed);
                            }
                            self.quiets[ply] = failed;
                        }
                        break;
                    }
                }
            }
            if quiet {
                self.quiets[ply].push(mv);
            }
        }
        self.path.pop();
        if excluded.is_some() || partial_root {
            // Nothing here is the node's true value: neither learned nor stored.
            return if best_move.is_none() {
                alpha
            } else {
                best_score
            };
        }

        let bound = Bound::of(best_score, original_alpha, beta);
        if let Some(keys) = &correction_key
            && raw_eval > -Score::INFINITE
            && !best_score.is_decisive()
            && best_move.is_none_or(|mv| position.order_hint(mv) <= 0)
            && match bound {
                Bound::Lower => best_score > static_eval,
                Bound::Upper => best_score < static_eval,
                Bound::Exact => true,
            }
        {
            let side = position.to_move().index();
            self.corrections
                .learn(side, keys, depth, raw_eval, best_score);
        }
        self.remember(hash, best_move, best_score, ply, depth, bound);
        best_score
    }

    /// Whether the table move of a node searched to `depth` at `ply` should be checked
    /// for being singular, and how: only deep in the tree, in modes whose evaluation is
    /// trusted for pruning, when the table holds a deep enough score that is at least
    /// a lower bound and no win or loss.
    fn singular_check(
        &self,
        entry: Option<Entry>,
        depth: i32,
        ply: usize,
    ) -> Option<SingularCheck<G::Move>> {
        let unit = G::PRUNING_UNIT?;
        let entry = entry?;
        let code = entry.mv?;
        if self.exact
            || self.without.singular
            || ply == 0
            || depth < SINGULAR_MIN_DEPTH
            || entry.depth < depth - 3
            || entry.bound == Bound::Upper
        {
            return None;
        }
        let stored = from_table(entry.score, ply);
        if stored.is_decisive() {
            return None;
        }
        let mv = self.moves[ply]
            .iter()
            .copied()
            .find(|&mv| G::move_code(mv) == code)?;
        Some(SingularCheck {
            mv,
            beta: Score(stored.0 - unit * SINGULAR_MARGIN_PER_PLY * depth / 100),
            depth: (depth - 1) / 2,
            stored,
        })
    }

    /// Searches the node at `ply` without `check`'s move, in a zero window at
    /// `check.beta`: a score below it means no other move comes close.
    fn without_move(
        &mut self,
        position: &mut G,
        check: SingularCheck<G::Move>,
        ply: usize,
        stop: &AtomicBool,
    ) -> Score {
        self.excluded[ply] = Some(check.mv);
        let score = self.negamax(
            position,
            check.depth,
            ply,
            Score(check.beta.0 - 1),
            check.beta,
            stop,
        );
        self.excluded[ply] = None;
        score
    }

    /// The keys under which the search learns `position`'s evaluation errors, if the
    /// mode has them and the correction is not left out.
    fn correction_key(&self, position: &G) -> Option<[u64; CORRECTION_KEYS]> {
        position
            .correction_key()
            .filter(|_| !self.without.correction)
    }

    /// The static evaluation `raw` of `position`, corrected by what the search has
    /// learned about positions with the same `keys`.
    fn corrected(&self, position: &G, keys: Option<[u64; CORRECTION_KEYS]>, raw: Score) -> Score {
        match keys {
            Some(keys) if raw > -Score::INFINITE => {
                self.corrections
                    .apply(position.to_move().index(), &keys, raw)
            }
            _ => raw,
        }
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
        let hash = position.hash();
        let entry = self.probe(hash);
        let pv_node = beta.0 - alpha.0 > 1;
        if let Some(score) = Self::table_cutoff(entry, 0, ply, alpha, beta, pv_node) {
            return score;
        }
        let key = self.correction_key(position);
        let raw_eval = self.evaluations.get_or(hash, || position.evaluate());
        let stand_pat = self.corrected(position, key, raw_eval);
        self.evals[ply] = stand_pat;
        if ply >= MAX_PLY - 1 {
            return stand_pat;
        }
        if stand_pat >= beta {
            return stand_pat;
        }
        let original_alpha = alpha;
        alpha = alpha.max(stand_pat);
        self.moves[ply].clear();
        position.noisy_moves(&mut self.moves[ply]);
        self.order[ply].clear();
        let table_move = entry.and_then(|entry| entry.mv);
        let ranks = self.moves[ply].iter().map(|&mv| {
            if table_move == Some(G::move_code(mv)) {
                RANK_TABLE
            } else {
                position.order_hint(mv)
            }
        });
        self.order[ply].extend(ranks);
        let mut best = stand_pat;
        let mut best_move = None;
        for index in 0..self.moves[ply].len() {
            let mv = self.pick(ply, index);
            if !self.without.exchange && position.losing_exchange(mv) {
                continue;
            }
            let undo = position.make(mv);
            self.played[ply] = Some(mv);
            // Depth zero: the node sees a check or a game that just ended, and otherwise
            // goes on to quiescence.
            let score = -self.negamax(position, 0, ply + 1, -beta, -alpha, stop);
            position.unmake(mv, undo);
            if self.aborted {
                return best;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(mv);
                    self.set_pv(ply, mv);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let bound = Bound::of(best, original_alpha, beta);
        self.remember(hash, best_move, best, ply, 0, bound);
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
