//! A perfect Connect Four player: the exact value of a position and a move that keeps
//! it, by negamax with alpha-beta on the bitboard, a transposition table of bounds,
//! moves ordered by the threats they create, losing moves pruned in advance, and
//! null-window narrowing to the exact score (the techniques of Pascal Pons' solver).
//! The computer's perfect move: the opening book early, the solver after it.

use super::Move;
use super::bitboard::{self, CELLS, WIDTH};
use super::book::Book;
use super::position::ConnectFour;
use ply_core::Score;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Columns in the order they are tried: the centre takes part in the most lines.
const CENTRE_FIRST: [u8; WIDTH as usize] = [3, 2, 4, 1, 5, 0, 6];
/// The lowest score a position can have (losing to the opponent's fourth counter).
const MIN_SCORE: i32 = -(CELLS as i32) / 2 + 3;
/// The highest score a position can have (winning with one's fourth counter).
const MAX_SCORE: i32 = (CELLS as i32 + 1) / 2 - 3;
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

/// A table of proven bounds: each slot holds a full key and one bound, upper or lower.
struct Table {
    slots: Vec<u64>,
}

const KEY_BITS: u32 = 56;
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;

impl Table {
    fn new(log2_slots: u32) -> Table {
        Table {
            slots: vec![0; 1 << log2_slots],
        }
    }

    fn index(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - self.slots.len().trailing_zeros()))
            as usize
    }

    /// The stored bound for `key`: `Some((score, is_lower_bound))`.
    fn get(&self, key: u64) -> Option<(i32, bool)> {
        let slot = self.slots[self.index(key)];
        if slot & KEY_MASK != key || slot == 0 {
            return None;
        }
        let value = (slot >> KEY_BITS) as i32;
        let span = MAX_SCORE - MIN_SCORE + 1;
        if value > span {
            Some((value - span - 2 + MIN_SCORE, true))
        } else {
            Some((value - 1 + MIN_SCORE, false))
        }
    }

    fn put(&mut self, key: u64, score: i32, lower: bool) {
        let span = MAX_SCORE - MIN_SCORE + 1;
        let value = score - MIN_SCORE + 1 + if lower { span + 1 } else { 0 };
        let index = self.index(key);
        self.slots[index] = key | (value as u64) << KEY_BITS;
    }
}

/// The search was stopped (time or flag) before it proved anything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interrupted;

/// When a solve must give up: a deadline, a stop flag, both or neither.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits<'a> {
    /// Give up once this instant passes.
    pub deadline: Option<Instant>,
    /// Give up once this flag is raised.
    pub stop: Option<&'a AtomicBool>,
}

/// A reusable solver: its table keeps what earlier solves proved.
pub struct Solver {
    table: Table,
    nodes: u64,
    interrupted: bool,
}

impl Solver {
    /// A solver with a table of `2^log2_slots` entries (8 bytes each).
    pub fn new(log2_slots: u32) -> Solver {
        Solver {
            table: Table::new(log2_slots),
            nodes: 0,
            interrupted: false,
        }
    }

    /// Positions visited since the solver was made.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn out_of_time(&mut self, limits: &Limits) -> bool {
        if self.interrupted {
            return true;
        }
        if self.nodes & (CHECK_INTERVAL - 1) == 0 {
            let late = limits.deadline.is_some_and(|at| Instant::now() >= at);
            let stopped = limits.stop.is_some_and(|flag| flag.load(Ordering::Relaxed));
            self.interrupted = late || stopped;
        }
        self.interrupted
    }

    /// The exact score of `board` for the side to move: positive when it wins (22 minus
    /// the number of its own counters on the board when it completes four), negative
    /// when it loses (likewise for the opponent), zero for a draw.
    pub fn solve(&mut self, board: &Board, limits: &Limits) -> Result<i32, Interrupted> {
        self.interrupted = false;
        if board.can_win_now() {
            return Ok(board.win_now_score());
        }
        let mut low = -(CELLS as i32 - board.plies as i32) / 2;
        let mut high = (CELLS as i32 + 1 - board.plies as i32) / 2;
        while low < high {
            let mut middle = low + (high - low) / 2;
            if middle <= 0 && low / 2 < middle {
                middle = low / 2;
            } else if middle >= 0 && high / 2 > middle {
                middle = high / 2;
            }
            let found = self.negamax(board, middle, middle + 1, limits);
            if self.interrupted {
                return Err(Interrupted);
            }
            if found <= middle {
                high = found;
            } else {
                low = found;
            }
        }
        Ok(low)
    }

    /// Whether `board` is won (1), drawn (0) or lost (-1) for the side to move: much
    /// quicker than its exact score, since only one window around zero is searched.
    pub fn outcome(&mut self, board: &Board, limits: &Limits) -> Result<i32, Interrupted> {
        self.interrupted = false;
        if board.can_win_now() {
            return Ok(1);
        }
        let found = self.negamax(board, -1, 1, limits);
        if self.interrupted {
            return Err(Interrupted);
        }
        Ok(found.signum())
    }

    /// A move that keeps the result of `board` (win, draw or loss, as -1, 0 or 1 for the
    /// side to move), with that result: quicker than [`Solver::best_move`], which also
    /// keeps the distance to the end.
    pub fn keeping_move(
        &mut self,
        board: &Board,
        limits: &Limits,
    ) -> Result<(Move, i32), Interrupted> {
        let result = self.outcome(board, limits)?;
        let mut columns = CENTRE_FIRST.into_iter().filter(|&c| board.can_play(c));
        if let Some(column) = columns.clone().find(|&c| board.wins_with(c)) {
            return Ok((Move { column }, 1));
        }
        let first = columns.next().expect("a position being played has a move");
        for column in std::iter::once(first).chain(columns) {
            let mut child = *board;
            child.play(column);
            if child.plies as usize == CELLS || self.outcome(&child, limits)? == -result {
                return Ok((Move { column }, result));
            }
        }
        Ok((Move { column: first }, result))
    }

    /// A move that keeps the exact score of `board` (the quickest win, the draw, or the
    /// longest resistance), with that score.
    pub fn best_move(
        &mut self,
        board: &Board,
        limits: &Limits,
    ) -> Result<(Move, i32), Interrupted> {
        let score = self.solve(board, limits)?;
        let columns = CENTRE_FIRST.into_iter().filter(|&c| board.can_play(c));
        if let Some(column) = columns.clone().find(|&c| board.wins_with(c)) {
            return Ok((Move { column }, score));
        }
        let mut fallback = None;
        for column in columns {
            fallback.get_or_insert(column);
            let mut child = *board;
            child.play(column);
            // The child is worth at most -score; it keeps the score when it is not
            // worth more, which one null-window search around -score settles.
            let (alpha, beta) = (-score, -score + 1);
            let reply = if child.plies as usize == CELLS {
                0
            } else if child.can_win_now() {
                child.win_now_score()
            } else {
                self.interrupted = false;
                let reply = self.negamax(&child, alpha, beta, limits);
                if self.interrupted {
                    return Err(Interrupted);
                }
                reply
            };
            if reply <= alpha {
                return Ok((Move { column }, score));
            }
        }
        // Only reached if the table were inconsistent; any legal move then.
        Ok((
            Move {
                column: fallback.unwrap_or(CENTRE_FIRST[0]),
            },
            score,
        ))
    }

    /// The value of `board` within (`alpha`, `beta`) for the side to move, which must
    /// not be able to win at once: exact inside the window, a bound outside it.
    fn negamax(&mut self, board: &Board, mut alpha: i32, mut beta: i32, limits: &Limits) -> i32 {
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
        let lowest = -(CELLS as i32 - 2 - board.plies as i32) / 2;
        if alpha < lowest {
            alpha = lowest;
            if alpha >= beta {
                return alpha;
            }
        }
        let mut highest = (CELLS as i32 - 1 - board.plies as i32) / 2;
        let key = board.key();
        match self.table.get(key) {
            Some((bound, false)) => highest = highest.min(bound),
            Some((bound, true)) if bound > alpha => {
                alpha = bound;
                if alpha >= beta {
                    return alpha;
                }
            }
            _ => {}
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
            let threats =
                bitboard::winning_cells(board.current | cell, board.occupied | cell).count_ones();
            let mut at = count;
            while at > 0 && moves[at - 1].1 < threats {
                moves[at] = moves[at - 1];
                at -= 1;
            }
            moves[at] = (cell, threats);
            count += 1;
        }
        for &(cell, _) in &moves[..count] {
            let mut child = *board;
            child.play_cell(cell);
            let score = -self.negamax(&child, -beta, -alpha, limits);
            if self.interrupted {
                return 0;
            }
            if score >= beta {
                self.table.put(key, score, true);
                return score;
            }
            alpha = alpha.max(score);
        }
        self.table.put(key, alpha, false);
        alpha
    }
}

/// Entries in the table of the solver the computer player keeps (32 MB).
const PLAYER_TABLE_LOG2: u32 = 22;

/// A move that keeps the exact value of `position` (which must still be played), and
/// that value: from the book when it has the position, else solved before `deadline`
/// (or `stop`); `None` when neither manages.
pub fn perfect_move(
    position: &ConnectFour,
    deadline: Instant,
    stop: &AtomicBool,
) -> Option<(Move, Score)> {
    static SHARED: Mutex<Option<Solver>> = Mutex::new(None);
    let board = Board::of(position);
    if let Some((mv, result)) = Book::committed().ok().and_then(|book| book.lookup(&board)) {
        return Some((mv, Score(result)));
    }
    let limits = Limits {
        deadline: Some(deadline),
        stop: Some(stop),
    };
    let (mv, score) = match SHARED.try_lock() {
        Ok(mut shared) => shared
            .get_or_insert_with(|| Solver::new(PLAYER_TABLE_LOG2))
            .best_move(&board, &limits),
        Err(_) => Solver::new(PLAYER_TABLE_LOG2).best_move(&board, &limits),
    }
    .ok()?;
    Some((mv, distance_score(score, board.plies)))
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
    fn mirror_reverses_columns() {
        assert_eq!(mirror(bitboard::bottom(0)), bitboard::bottom(6));
        assert_eq!(mirror(bitboard::cell(2, 5)), bitboard::cell(4, 5));
        assert_eq!(board("12").symmetric_key(), board("76").symmetric_key());
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
