//! A perfect Connect Four player: the exact value of a position and a move that keeps
//! it, by negamax with alpha-beta on the bitboard, a cache of proven bounds,
//! moves ordered by the threats they create, losing moves pruned in advance, and
//! null-window narrowing to the exact score (the techniques of Pascal Pons' solver).
//! The computer's perfect move: the opening book early, the solver after it.

use super::Move;
use super::bitboard::{self, CELLS, WIDTH};
use super::book::Book;
use super::position::ConnectFour;
use super::solver_cache::Bound;
pub use super::solver_cache::SolverCache;
use ply_core::Score;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Columns in the order they are tried: the centre takes part in the most lines.
const CENTRE_FIRST: [u8; WIDTH as usize] = [3, 2, 4, 1, 5, 0, 6];
/// Positions with fewer counters than this look up each child in the cache before
/// searching any (an enhanced transposition cutoff): there, a cutoff saves a large tree.
const ETC_PLIES: u32 = 24;
/// Nodes between looks at the clock and the stop flag.
const CHECK_INTERVAL: u64 = 1 << 12;

/// A position as the solver sees it: the side to move's counters, every counter, and
/// how many have been played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    current: u64,
    occupied: u64,
    plies: u32,
}

impl Board {
    /// The empty board.
    pub const fn empty() -> Board {
        Board {
            current: 0,
            occupied: 0,
            plies: 0,
        }
    }

    /// The solver's view of `position`, which must not be won already.
    pub fn of(position: &ConnectFour) -> Board {
        Board {
            current: position.counters(position.turn()),
            occupied: position.occupied(),
            plies: position.plies() as u32,
        }
    }

    /// How many counters have been played.
    pub const fn plies(&self) -> u32 {
        self.plies
    }

    /// The position whose [`Board::key`] is `key`. Each column's part of a key is its
    /// counters' column plus one bit above them, so the highest bit gives its height.
    pub fn from_key(key: u64) -> Board {
        let column_mask = (1u64 << bitboard::COLUMN_BITS) - 1;
        let (mut current, mut occupied) = (0, 0);
        for column in 0..WIDTH {
            let shift = column * bitboard::COLUMN_BITS;
            let part = (key >> shift) & column_mask;
            let height = (part + 1).ilog2();
            let filled = (1u64 << height) - 1;
            occupied |= filled << shift;
            current |= (part - filled) << shift;
        }
        Board {
            current,
            occupied,
            plies: occupied.count_ones(),
        }
    }

    /// The position with its columns in reverse order.
    pub fn mirrored(&self) -> Board {
        Board {
            current: mirror(self.current),
            occupied: mirror(self.occupied),
            plies: self.plies,
        }
    }

    /// A number that identifies the position among all others with as many counters.
    pub const fn key(&self) -> u64 {
        self.current + self.occupied
    }

    /// The key of the position or of its mirror image, whichever is smaller, so that
    /// mirrored positions (which have the same value) share it.
    pub fn symmetric_key(&self) -> u64 {
        self.key().min(mirror(self.current) + mirror(self.occupied))
    }

    /// Whether `column` (0-based) has room.
    pub const fn can_play(&self, column: u8) -> bool {
        self.occupied & bitboard::top(column) == 0
    }

    /// Plays the cell `cell` for the side to move (a playable cell).
    fn play_cell(&mut self, cell: u64) {
        self.current ^= self.occupied;
        self.occupied |= cell;
        self.plies += 1;
    }

    /// Drops a counter into `column` (0-based), which must have room.
    pub fn play(&mut self, column: u8) {
        let cell = (self.occupied + bitboard::bottom(column)) & bitboard::column_cells(column);
        self.play_cell(cell);
    }

    /// Whether the side to move completes four by playing `column`.
    pub fn wins_with(&self, column: u8) -> bool {
        let cell = (self.occupied + bitboard::bottom(column)) & bitboard::column_cells(column);
        self.winning_cells() & cell != 0
    }

    /// Empty cells that would complete four for the side to move.
    fn winning_cells(&self) -> u64 {
        bitboard::winning_cells(self.current, self.occupied)
    }

    /// Empty cells that would complete four for the opponent.
    fn losing_cells(&self) -> u64 {
        bitboard::winning_cells(self.current ^ self.occupied, self.occupied)
    }

    /// Whether the side to move can complete four at once.
    pub fn can_win_now(&self) -> bool {
        self.winning_cells() & bitboard::playable_cells(self.occupied) != 0
    }

    /// The playable cells that do not lose at once: the one forced block when the
    /// opponent threatens to win, none when it threatens twice, and never a cell just
    /// below an opponent's winning cell.
    fn safe_cells(&self) -> u64 {
        let mut playable = bitboard::playable_cells(self.occupied);
        let threats = self.losing_cells();
        let forced = playable & threats;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            playable = forced;
        }
        playable & !(threats >> 1)
    }

    /// The score of winning at once: the fewer of one's own counters used, the higher.
    const fn win_now_score(&self) -> i32 {
        (CELLS as i32 + 1 - self.plies as i32) / 2
    }
}

/// The board with its columns in reverse order.
fn mirror(board: u64) -> u64 {
    let column = (1u64 << bitboard::COLUMN_BITS) - 1;
    (0..WIDTH).fold(0, |mirrored, c| {
        let bits = (board >> (c * bitboard::COLUMN_BITS)) & column;
        mirrored | bits << ((WIDTH - 1 - c) * bitboard::COLUMN_BITS)
    })
}

/// The search was stopped (time, flag or node budget) before it proved anything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interrupted;

/// When a solve must give up: a deadline, a stop flag, a number of positions, any of
/// them or none.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits<'a> {
    /// Give up once this instant passes.
    pub deadline: Option<Instant>,
    /// Give up once this flag is raised.
    pub stop: Option<&'a AtomicBool>,
    /// Give up after visiting this many positions in one call.
    pub nodes: Option<u64>,
}

/// A reusable solver: its cache keeps what earlier solves proved.
pub struct Solver {
    cache: Arc<SolverCache>,
    nodes: u64,
    /// The node count at which the current call gives up.
    node_budget_end: u64,
    interrupted: bool,
}

impl Solver {
    /// A solver with a cache of about `2^log2_slots` entries (8 bytes each).
    pub fn new(log2_slots: u32) -> Solver {
        Solver::sharing(&Solver::cache(log2_slots))
    }

    /// A cache of about `2^log2_slots` entries (8 bytes each) for solvers to share.
    pub fn cache(log2_slots: u32) -> Arc<SolverCache> {
        Arc::new(SolverCache::new(log2_slots))
    }

    /// A solver that keeps what it proves in `cache`, and uses what others sharing it
    /// proved (solvers on several threads can share one).
    pub fn sharing(cache: &Arc<SolverCache>) -> Solver {
        Solver {
            cache: Arc::clone(cache),
            nodes: 0,
            node_budget_end: u64::MAX,
            interrupted: false,
        }
    }

    /// Positions visited since the solver was made.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Starts a call under `limits`.
    pub(super) fn begin(&mut self, limits: &Limits) {
        self.interrupted = false;
        self.node_budget_end = limits
            .nodes
            .map_or(u64::MAX, |budget| self.nodes.saturating_add(budget));
    }

    /// `Err` once the current call has been interrupted.
    pub(super) fn check(&self) -> Result<(), Interrupted> {
        if self.interrupted {
            Err(Interrupted)
        } else {
            Ok(())
        }
    }

    fn out_of_time(&mut self, limits: &Limits) -> bool {
        if self.interrupted {
            return true;
        }
        if self.nodes & (CHECK_INTERVAL - 1) == 0 {
            let late = limits.deadline.is_some_and(|at| Instant::now() >= at);
            let stopped = limits.stop.is_some_and(|flag| flag.load(Ordering::Relaxed));
            self.interrupted = late || stopped || self.nodes >= self.node_budget_end;
        }
        self.interrupted
    }

    /// The exact score of `board` for the side to move: positive when it wins (22 minus
    /// the number of its own counters on the board when it completes four), negative
    /// when it loses (likewise for the opponent), zero for a draw.
    pub fn solve(&mut self, board: &Board, limits: &Limits) -> Result<i32, Interrupted> {
        self.best_move(board, limits).map(|(_, score)| score)
    }

    /// A move that keeps the exact score of `board` (the quickest win, the draw, or the
    /// longest resistance), with that score: null-window searches narrow the score
    /// from the middle of what is possible, and the move that proved the last lower
    /// bound keeps it.
    pub fn best_move(
        &mut self,
        board: &Board,
        limits: &Limits,
    ) -> Result<(Move, i32), Interrupted> {
        self.begin(limits);
        let columns = Self::root_moves(board);
        if board.can_win_now() {
            return Ok((Move { column: columns[0] }, board.win_now_score()));
        }
        let mut low = -(CELLS as i32 - board.plies as i32) / 2;
        let mut high = (CELLS as i32 + 1 - board.plies as i32) / 2;
        let mut keeping = Self::first_safe(board, &columns);
        while low < high {
            let mut middle = low + (high - low) / 2;
            if middle <= 0 && low / 2 < middle {
                middle = low / 2;
            } else if middle >= 0 && high / 2 > middle {
                middle = high / 2;
            }
            let (found, column) = self.root(board, &columns, middle, middle + 1, limits)?;
            if found <= middle {
                high = found;
            } else {
                low = found;
                keeping = column.unwrap_or(keeping);
            }
        }
        Ok((Move { column: keeping }, low))
    }

    /// Whether `board` is won (1), drawn (0) or lost (-1) for the side to move: much
    /// quicker than its exact score, since at most two null windows around zero are
    /// searched.
    pub fn outcome(&mut self, board: &Board, limits: &Limits) -> Result<i32, Interrupted> {
        self.keeping_move(board, limits).map(|(_, result)| result)
    }

    /// A move that keeps the result of `board` (win, draw or loss, as 1, 0 or -1 for the
    /// side to move), with that result: quicker than [`Solver::best_move`], which also
    /// keeps the distance to the end. The first null window asks whether the side to
    /// move escapes defeat, the second whether it wins; the move that proved the better
    /// answer keeps it. In a lost position the move is one that does not lose at once
    /// when there is one.
    pub fn keeping_move(
        &mut self,
        board: &Board,
        limits: &Limits,
    ) -> Result<(Move, i32), Interrupted> {
        self.begin(limits);
        let Some(holding) = self.moving_to(board, -1, limits)? else {
            let columns = Self::root_moves(board);
            return Ok((
                Move {
                    column: Self::first_safe(board, &columns),
                },
                -1,
            ));
        };
        Ok(match self.moving_to(board, 0, limits)? {
            Some(winning) => (winning, 1),
            None => (holding, 0),
        })
    }

    /// A move that does not lose (that wins or draws), `None` when every move loses:
    /// one null-window search, the first half of [`Solver::keeping_move`].
    pub fn escaping_move(
        &mut self,
        board: &Board,
        limits: &Limits,
    ) -> Result<Option<Move>, Interrupted> {
        self.begin(limits);
        self.moving_to(board, -1, limits)
    }

    /// A move that wins, `None` when no move does: one null-window search, the second
    /// half of [`Solver::keeping_move`].
    pub fn winning_move(
        &mut self,
        board: &Board,
        limits: &Limits,
    ) -> Result<Option<Move>, Interrupted> {
        self.begin(limits);
        self.moving_to(board, 0, limits)
    }

    /// A move scoring above `floor`, if there is one.
    fn moving_to(
        &mut self,
        board: &Board,
        floor: i32,
        limits: &Limits,
    ) -> Result<Option<Move>, Interrupted> {
        let columns = Self::root_moves(board);
        if board.can_win_now() {
            return Ok(Some(Move { column: columns[0] }));
        }
        Ok(
            match self.root(board, &columns, floor, floor + 1, limits)? {
                (found, Some(column)) if found > floor => Some(Move { column }),
                _ => None,
            },
        )
    }

    /// The columns `board` can play, the ones creating more threats first (centre first
    /// among equals), with a winning column alone when there is one.
    pub(super) fn root_moves(board: &Board) -> Vec<u8> {
        let mut columns: Vec<u8> = CENTRE_FIRST
            .into_iter()
            .filter(|&c| board.can_play(c))
            .collect();
        if let Some(&win) = columns.iter().find(|&&c| board.wins_with(c)) {
            return vec![win];
        }
        columns.sort_by_key(|&column| {
            let mut child = *board;
            child.play(column);
            let threats = bitboard::winning_cells(child.current ^ child.occupied, child.occupied);
            std::cmp::Reverse(threats.count_ones())
        });
        columns
    }

    /// The first of `columns` that does not lose at once, or the first of them.
    fn first_safe(board: &Board, columns: &[u8]) -> u8 {
        let safe = board.safe_cells();
        columns
            .iter()
            .copied()
            .find(|&column| safe & bitboard::column_cells(column) != 0)
            .unwrap_or(columns[0])
    }

    /// The value of `board` within (`alpha`, `beta`) like [`Solver::negamax`], trying
    /// `columns` in order, with the column whose score was the best above `alpha`.
    fn root(
        &mut self,
        board: &Board,
        columns: &[u8],
        mut alpha: i32,
        beta: i32,
        limits: &Limits,
    ) -> Result<(i32, Option<u8>), Interrupted> {
        let mut best = None;
        for &column in columns {
            let mut child = *board;
            child.play(column);
            let score = if child.plies as usize == CELLS {
                0
            } else if child.can_win_now() {
                -child.win_now_score()
            } else {
                -self.negamax(&child, -beta, -alpha, limits)
            };
            self.check()?;
            if score >= beta {
                return Ok((score, Some(column)));
            }
            if score > alpha {
                alpha = score;
                best = Some(column);
            }
        }
        Ok((alpha, best))
    }

    /// The value of `board` within (`alpha`, `beta`) for the side to move, which must
    /// not be able to win at once: exact inside the window, a bound outside it.
    pub(super) fn negamax(
        &mut self,
        board: &Board,
        mut alpha: i32,
        mut beta: i32,
        limits: &Limits,
    ) -> i32 {
        self.nodes += 1;
        if self.out_of_time(limits) {
            return 0;
        }
        let safe = board.safe_cells();
        if safe == 0 {
            return -(CELLS as i32 - board.plies as i32) / 2;
        }
        if board.plies as usize >= CELLS - 2 {
            return 0;
        }
        let mut lowest = -(CELLS as i32 - 2 - board.plies as i32) / 2;
        if !bitboard::can_complete_four(board.current ^ board.occupied, board.occupied) {
            lowest = lowest.max(0);
        }
        if alpha < lowest {
            alpha = lowest;
            if alpha >= beta {
                return alpha;
            }
        }
        let mut highest = (CELLS as i32 - 1 - board.plies as i32) / 2;
        if !bitboard::can_complete_four(board.current, board.occupied) {
            highest = highest.min(0);
        }
        let key = board.key();
        let mut proved_by = None;
        match self.cache.get(key) {
            Some((Bound::Upper(bound), _)) => highest = highest.min(bound),
            Some((Bound::Lower(bound), column)) => {
                proved_by = column;
                if bound > alpha {
                    alpha = bound;
                    if alpha >= beta {
                        return alpha;
                    }
                }
            }
            None => {}
        }
        if beta > highest {
            beta = highest;
            if alpha >= beta {
                return beta;
            }
        }
        let mut moves = [(0u64, 0u32); WIDTH as usize];
        let mut count = 0;
        for column in CENTRE_FIRST {
            let cell = safe & bitboard::column_cells(column);
            if cell == 0 {
                continue;
            }
            let threats = if proved_by == Some(column) {
                u32::MAX
            } else {
                bitboard::winning_cells(board.current | cell, board.occupied | cell).count_ones()
            };
            let mut at = count;
            while at > 0 && moves[at - 1].1 < threats {
                moves[at] = moves[at - 1];
                at -= 1;
            }
            moves[at] = (cell, threats);
            count += 1;
        }
        if board.plies < ETC_PLIES {
            for &(cell, _) in &moves[..count] {
                let mut child = *board;
                child.play_cell(cell);
                if let Some((Bound::Upper(bound), _)) = self.cache.get(child.key())
                    && -bound >= beta
                {
                    let column = bitboard::column_and_row(cell).0;
                    self.cache.put(key, Bound::Lower(-bound), Some(column));
                    return -bound;
                }
            }
        }
        for &(cell, _) in &moves[..count] {
            let mut child = *board;
            child.play_cell(cell);
            let score = -self.negamax(&child, -beta, -alpha, limits);
            if self.interrupted {
                return 0;
            }
            if score >= beta {
                let column = bitboard::column_and_row(cell).0;
                self.cache.put(key, Bound::Lower(score), Some(column));
                return score;
            }
            alpha = alpha.max(score);
        }
        self.cache.put(key, Bound::Upper(alpha), None);
        alpha
    }
}

/// Entries in the cache of the solver the computer player keeps (about 2^23, 40 MB).
const PLAYER_CACHE_LOG2: u32 = 23;

/// A move that keeps the value of `position` (which must still be played), and that
/// value: from the book when it has the position (`None` when the book says it is lost,
/// which leaves the move to the ordinary search), else solved before `deadline` (or
/// `stop`); `None` when neither manages. The result (win, draw or loss) is proved first,
/// not losing before winning, and a move proved not to lose is played (as a draw) when
/// only that was proved in time; the exact score (the quickest win, the longest
/// resistance) is then kept too when the time left allows. In a proven draw, the
/// drawing move that leaves the opponent the most losing replies is played when the time
/// left allows that too.
pub fn perfect_move(
    position: &ConnectFour,
    deadline: Instant,
    stop: &AtomicBool,
) -> Option<(Move, Score)> {
    let board = Board::of(position);
    if let Some((mv, result)) = Book::committed().ok().and_then(|book| book.lookup(&board)) {
        // In a lost position the book's move only avoids losing at once; the ordinary
        // search, given the whole budget, picks one that makes the win harder to find.
        return (result >= 0).then_some((mv, Score(result)));
    }
    let limits = Limits {
        deadline: Some(deadline),
        stop: Some(stop),
        nodes: None,
    };
    let play = |solver: &mut Solver| {
        // Not losing is proved first: when time runs out before the rest, that move
        // still keeps at least a draw, which the ordinary search could not promise.
        let escaping = solver.escaping_move(&board, &limits).ok()?;
        let kept = match escaping {
            None => None,
            Some(holding) => match solver.winning_move(&board, &limits) {
                Ok(Some(winning)) => Some((winning, Score(1))),
                Ok(None) => Some((holding, Score::ZERO)),
                Err(Interrupted) => return Some((holding, Score::ZERO)),
            },
        };
        let (mv, score) = match (solver.best_move(&board, &limits), kept) {
            (Ok((mv, score)), _) => (mv, distance_score(score, board.plies)),
            (Err(Interrupted), kept) => kept?,
        };
        // A proven draw: of the moves that keep it, the one that sets the most traps.
        let mv = if score == Score::ZERO {
            solver
                .trappiest_drawing_move(&board, &limits)
                .ok()
                .flatten()
                .unwrap_or(mv)
        } else {
            mv
        };
        Some((mv, score))
    };
    with_player_solver(play)
}

/// Runs `work` with the solver the computer player keeps (and its cache of proofs), or
/// with a fresh one while another thread is using it.
fn with_player_solver<R>(work: impl FnOnce(&mut Solver) -> R) -> R {
    static SHARED: Mutex<Option<Solver>> = Mutex::new(None);
    match SHARED.try_lock() {
        Ok(mut shared) => work(shared.get_or_insert_with(|| Solver::new(PLAYER_CACHE_LOG2))),
        Err(_) => work(&mut Solver::new(PLAYER_CACHE_LOG2)),
    }
}

/// The exact value of `position` (which must still be played) and a move that keeps
/// it, proven by the solver before `deadline` (or `stop`), sharing the computer
/// player's cache; `None` when the proof does not finish in time.
pub fn exact_value(
    position: &ConnectFour,
    deadline: Instant,
    stop: &AtomicBool,
) -> Option<(Move, Score)> {
    let board = Board::of(position);
    let limits = Limits {
        deadline: Some(deadline),
        stop: Some(stop),
        nodes: None,
    };
    with_player_solver(|solver| {
        let (mv, score) = solver.best_move(&board, &limits).ok()?;
        Some((mv, distance_score(score, board.plies)))
    })
}

/// A solver score as the search's score: a win or loss in so many plies, or a draw.
fn distance_score(score: i32, plies: u32) -> Score {
    /// A score counts counters from one more than a side's share of the board.
    const BASE: i32 = CELLS as i32 / 2 + 1;
    let own = plies / 2;
    let theirs = plies - own;
    match score.signum() {
        1 => Score::win_in(2 * ((BASE - score) as u32 - own) - 1),
        -1 => Score::loss_in(2 * ((BASE + score) as u32 - theirs)),
        _ => Score::ZERO,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(moves: &str) -> Board {
        Board::of(&ConnectFour::from_moves(moves).unwrap())
    }

    #[test]
    fn a_lost_book_position_is_left_to_the_search_and_a_drawn_one_is_not() {
        let stop = AtomicBool::new(false);
        let soon = Instant::now() + std::time::Duration::from_millis(50);
        // After Red's first counter in the centre Yellow is lost; after one beside it,
        // Yellow draws.
        let lost = ConnectFour::from_moves("4").unwrap();
        assert_eq!(perfect_move(&lost, soon, &stop), None);
        let drawn = ConnectFour::from_moves("3").unwrap();
        let (_, score) = perfect_move(&drawn, soon, &stop).unwrap();
        assert_eq!(score, Score::ZERO);
    }

    #[test]
    fn mirror_reverses_columns() {
        assert_eq!(mirror(bitboard::bottom(0)), bitboard::bottom(6));
        assert_eq!(mirror(bitboard::cell(2, 5)), bitboard::cell(4, 5));
        assert_eq!(board("12").symmetric_key(), board("76").symmetric_key());
        for moves in ["", "4", "4453", "7777771", "12345671234567"] {
            let board = board(moves);
            assert_eq!(Board::from_key(board.key()), board, "{moves}");
        }
    }

    #[test]
    fn scores_follow_the_counters_used() {
        let mut solver = Solver::new(16);
        // Red has three in column 1 and wins with its fourth counter.
        assert_eq!(solver.solve(&board("121212"), &Limits::default()), Ok(18));
        // Yellow cannot stop both ends of Red's open three and loses to Red's fourth.
        assert_eq!(solver.solve(&board("223344"), &Limits::default()), Ok(18));
        assert_eq!(solver.solve(&board("22334"), &Limits::default()), Ok(-18));
    }
}
