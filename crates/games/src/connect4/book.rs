//! The Connect Four opening book: for the early positions the computer can face when it
//! plays its own book moves (from the empty board as Red, after any first move as
//! Yellow), a move that keeps the position's result, worked out by this crate's own
//! solver. Those positions are too far from the end for the solver to settle in a move's
//! time; a position it settles quickly enough is left out, and so is everything after
//! it. `ply book connect4` regenerates the committed file.

use super::Move;
use super::bitboard::WIDTH;
use super::solver::{Board, Limits, Solver};
use std::collections::BTreeMap;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The file's first bytes: what it is and the version of its layout.
const MAGIC: &[u8; 8] = b"PLYC4BK2";
/// The committed book (see the README for the command that makes it).
static COMMITTED: &[u8] = include_bytes!("../../data/connect4-book.bin");
/// The cache of the solver that decides whether a position needs the book: smaller
/// than the computer player's, so that what it settles the player settles too.
const PROBE_CACHE_LOG2: u32 = 20;

/// Book moves: for each position, keyed by [`Board::symmetric_key`], a column that
/// keeps its result and that result (1 won, 0 drawn, -1 lost for the side to move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    depth: u32,
    /// `symmetric key << 5 | column << 2 | (result + 1)`, sorted; the column is the
    /// one for the position as its symmetric key shows it.
    entries: Vec<u64>,
}

/// Why bytes could not be read as a book.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    /// The bytes do not start like a book.
    #[error("not a Connect Four book (wrong first bytes)")]
    NotABook,
    /// The entries are cut short or out of order.
    #[error("the book's entries are damaged")]
    Damaged,
}

/// How a book is made: how deep, where a position counts as settled, on how many
/// threads with how large caches.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// The most counters a book position has.
    pub depth: u32,
    /// A position the solver settles within this many positions visited, from an empty
    /// cache, is left to the solver (with everything after it).
    pub settled_nodes: u64,
    /// Threads to solve on.
    pub threads: usize,
    /// The threads' solvers share a cache of about `2^cache_log2` entries (8 bytes each).
    pub cache_log2: u32,
}

/// The positions a book for the computer starts from: the empty board when it plays
/// Red, the positions after Red's first move (up to symmetry) when it plays Yellow.
pub fn roots(as_red: bool, as_yellow: bool) -> Vec<Board> {
    let mut roots = Vec::new();
    if as_red {
        roots.push(Board::empty());
    }
    if as_yellow {
        roots.extend(every_position(1));
    }
    roots
}

/// The positions the computer can be handed after `plies` moves, on either side: every
/// position with `plies` counters (its move) and with one more (its opponent's first).
pub fn after_any(plies: u32) -> Vec<Board> {
    let mut starts = every_position(plies);
    starts.extend(every_position(plies + 1));
    starts
}

/// Every position with `plies` counters that a game can reach without being won on the
/// way, one of each mirror-image pair: the positions a game handed over after that many
/// moves (a random opening, a game taken over) can start the computer from.
pub fn every_position(plies: u32) -> Vec<Board> {
    let mut layer = BTreeMap::from([(Board::empty().symmetric_key(), Board::empty())]);
    for _ in 0..plies {
        let mut next = BTreeMap::new();
        for board in layer.values() {
            for column in (0..WIDTH).filter(|&column| board.can_play(column)) {
                if board.wins_with(column) {
                    continue;
                }
                let mut after = *board;
                after.play(column);
                next.insert(after.symmetric_key(), canonical(after));
            }
        }
        layer = next;
    }
    layer.into_values().collect()
}

/// Positions solved between two reports of [`Book::generate`] (and two writes of the
/// book by `ply book`), so that a long layer stopped part-way loses little.
const POSITIONS_PER_REPORT: usize = 256;

/// What [`Book::generate`] reports as it works through a layer of positions (the
/// counts are for the layer so far).
#[derive(Clone, Copy, Debug)]
pub struct LayerDone {
    /// The counters on the board in this layer.
    pub plies: u32,
    /// Whether the whole layer is done (else a part of it).
    pub finished: bool,
    /// Positions in the book from this layer.
    pub kept: usize,
    /// Positions of this layer the solver settles quickly (left out).
    pub settled: usize,
    /// The longest a book position of this layer took to solve.
    pub slowest: Duration,
}

/// What solving one position for the book gives: `None` when the solver settles it
/// quickly, else the book move's column, the result it keeps and how long it took.
type Answer = Option<(u8, i32, Duration)>;

fn entry(key: u64, column: u8, result: i32) -> u64 {
    key << 5 | u64::from(column) << 2 | (result + 1) as u64
}

fn entry_key(found: u64) -> u64 {
    found >> 5
}

fn entry_column(found: u64) -> u8 {
    (found >> 2 & 0b111) as u8
}

fn entry_result(found: u64) -> i32 {
    (found & 0b11) as i32 - 1
}

impl Book {
    /// The committed book, read once.
    pub fn committed() -> Result<&'static Book, BookError> {
        static BOOK: OnceLock<Result<Book, BookError>> = OnceLock::new();
        BOOK.get_or_init(|| Book::from_bytes(COMMITTED))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// The most counters its positions have.
    pub const fn depth(&self) -> u32 {
        self.depth
    }

    /// How many positions it holds.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether it holds no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The book move for `board` and the result it keeps, if the book has the position.
    pub fn lookup(&self, board: &Board) -> Option<(Move, i32)> {
        let key = board.symmetric_key();
        let at = self
            .entries
            .binary_search_by_key(&key, |&found| entry_key(found))
            .ok()?;
        let found = self.entries[at];
        let column = if board.key() == key {
            entry_column(found)
        } else {
            WIDTH - 1 - entry_column(found)
        };
        Some((Move { column }, entry_result(found)))
    }

    /// Every position in the book (as its symmetric key shows it), with its move and
    /// result.
    pub fn entries(&self) -> impl Iterator<Item = (Board, Move, i32)> + '_ {
        self.entries.iter().map(|&found| {
            let column = entry_column(found);
            (
                Board::from_key(entry_key(found)),
                Move { column },
                entry_result(found),
            )
        })
    }

    /// The book as bytes: the magic, the depth, then 8 bytes per position.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(9 + 8 * self.entries.len());
        bytes.extend_from_slice(MAGIC);
        bytes.push(self.depth as u8);
        for found in &self.entries {
            bytes.extend_from_slice(&found.to_le_bytes());
        }
        bytes
    }

    /// Reads a book written by [`Book::to_bytes`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        let rest = bytes.strip_prefix(MAGIC).ok_or(BookError::NotABook)?;
        let (&depth, rest) = rest.split_first().ok_or(BookError::Damaged)?;
        if rest.len() % 8 != 0 {
            return Err(BookError::Damaged);
        }
        let entries: Vec<u64> = rest
            .chunks_exact(8)
            .map(|chunk| u64::from_le_bytes(chunk.try_into().expect("8 bytes")))
            .collect();
        let valid = |&found: &u64| entry_column(found) < WIDTH && found & 0b11 != 0b11;
        let sorted = entries
            .windows(2)
            .all(|pair| entry_key(pair[0]) < entry_key(pair[1]));
        if !sorted || !entries.iter().all(valid) {
            return Err(BookError::Damaged);
        }
        Ok(Book {
            depth: u32::from(depth),
            entries,
        })
    }

    /// Works out the book `plan` asks for from the positions `roots` (those with the
    /// fewest counters, and their replies, are always kept), layer by layer from the
    /// fewest counters, calling `progress` with the book so far every few hundred
    /// positions and after each layer. The book also keeps every position of `known`,
    /// and a position already there is taken from it instead of being solved again.
    pub fn generate(
        roots: &[Board],
        plan: &Plan,
        known: Option<&Book>,
        progress: &mut dyn FnMut(&LayerDone, &Book),
    ) -> Book {
        let mut layers: BTreeMap<u32, BTreeMap<u64, Board>> = BTreeMap::new();
        for &root in roots {
            layers
                .entry(root.plies())
                .or_default()
                .insert(root.symmetric_key(), canonical(root));
        }
        let first_plies = layers.keys().next().copied().unwrap_or(0);
        let cache = Solver::cache(plan.cache_log2);
        let mut solvers: Vec<Solver> = (0..plan.threads.max(1))
            .map(|_| Solver::sharing(&cache))
            .collect();
        let mut book = Book {
            depth: plan.depth,
            entries: Vec::new(),
        };
        if let Some(known) = known {
            book.depth = book.depth.max(known.depth);
            book.entries.clone_from(&known.entries);
        }
        while let Some((plies, layer)) = layers.pop_first() {
            if plies > plan.depth {
                break;
            }
            let layer: Vec<Board> = layer.into_values().collect();
            let keep_all = plies <= first_plies + 1;
            let mut done = LayerDone {
                plies,
                finished: false,
                kept: 0,
                settled: 0,
                slowest: Duration::ZERO,
            };
            let mut chunks = layer.chunks(POSITIONS_PER_REPORT).peekable();
            while let Some(chunk) = chunks.next() {
                let answers = solve_all(chunk, plan, keep_all, known, &mut solvers);
                for (board, answer) in chunk.iter().zip(answers) {
                    let Some((column, result, took)) = answer else {
                        done.settled += 1;
                        continue;
                    };
                    done.kept += 1;
                    done.slowest = done.slowest.max(took);
                    book.entries.push(entry(board.key(), column, result));
                    for next in replies_after(board, column, plan.depth) {
                        layers
                            .entry(next.plies())
                            .or_default()
                            .insert(next.symmetric_key(), canonical(next));
                    }
                }
                book.entries.sort_unstable();
                book.entries.dedup_by_key(|found| entry_key(*found));
                done.finished = chunks.peek().is_none();
                progress(&done, &book);
            }
        }
        book
    }
}

/// The positions after `board`'s move `column` and each reply that neither ends the
/// game nor lets the book's side win at once, with at most `depth` counters.
fn replies_after(board: &Board, column: u8, depth: u32) -> Vec<Board> {
    let mut after = *board;
    after.play(column);
    (0..WIDTH)
        .filter(|&reply| after.can_play(reply) && !after.wins_with(reply))
        .map(|reply| {
            let mut next = after;
            next.play(reply);
            next
        })
        .filter(|next| !next.can_win_now() && next.plies() <= depth)
        .collect()
}

/// `board` or its mirror image, whichever has the symmetric key as its key.
fn canonical(board: Board) -> Board {
    if board.key() == board.symmetric_key() {
        board
    } else {
        board.mirrored()
    }
}

/// For `board`: the move and result `known` has for it; else `None` when the solver
/// settles it quickly from an empty cache (unless `keep_all`); else the book move, the
/// result it keeps and how long `solver` took to prove it.
fn answer(
    board: &Board,
    plan: &Plan,
    keep_all: bool,
    known: Option<&Book>,
    solver: &mut Solver,
) -> Answer {
    if let Some((mv, result)) = known.and_then(|book| book.lookup(board)) {
        return Some((mv.column(), result, Duration::ZERO));
    }
    let quick = Limits {
        nodes: Some(plan.settled_nodes),
        ..Limits::default()
    };
    if !keep_all
        && Solver::new(PROBE_CACHE_LOG2)
            .keeping_move(board, &quick)
            .is_ok()
    {
        return None;
    }
    let started = Instant::now();
    let (mv, result) = solver
        .keeping_move(board, &Limits::default())
        .expect("a solve without limits finishes");
    Some((mv.column(), result, started.elapsed()))
}

/// The [`answer`] for each of `boards`, shared out between `solvers`, one thread each.
fn solve_all(
    boards: &[Board],
    plan: &Plan,
    keep_all: bool,
    known: Option<&Book>,
    solvers: &mut [Solver],
) -> Vec<Answer> {
    let next = AtomicUsize::new(0);
    let mut found: Vec<(usize, Answer)> = std::thread::scope(|scope| {
        let workers: Vec<_> = solvers
            .iter_mut()
            .map(|solver| {
                let next = &next;
                scope.spawn(move || {
                    let mut found = Vec::new();
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        let Some(board) = boards.get(index) else {
                            break;
                        };
                        found.push((index, answer(board, plan, keep_all, known, solver)));
                    }
                    found
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| worker.join().expect("a book worker panicked"))
            .collect()
    });
    found.sort_unstable_by_key(|&(index, _)| index);
    found.into_iter().map(|(_, answer)| answer).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect4::ConnectFour;

    #[test]
    fn every_position_matches_the_published_counts_up_to_mirror_images() {
        // Positions after 0 to 5 moves: 1, 7, 49, 238, 1120, 4263 (OEIS A212693);
        // mirror images share one entry, and symmetric positions have no twin.
        let symmetric = |plies| {
            every_position(plies)
                .iter()
                .filter(|board| board.mirrored() == **board)
                .count()
        };
        for (plies, all) in [(0, 1), (1, 7), (2, 49), (3, 238), (4, 1120), (5, 4263)] {
            let listed = every_position(plies).len();
            assert_eq!(2 * listed - symmetric(plies), all, "{plies} counters");
        }
    }

    #[test]
    fn lookups_mirror_the_column_and_bytes_round_trip() {
        let mut board = Board::empty();
        board.play(6);
        board.play(5);
        let book = Book {
            depth: 2,
            entries: vec![entry(board.symmetric_key(), 2, -1)],
        };
        let mirror = board.mirrored();
        let (here, there) = (book.lookup(&board), book.lookup(&mirror));
        assert_eq!(here.map(|(_, result)| result), Some(-1));
        let columns = here
            .zip(there)
            .map(|((a, _), (b, _))| a.column() + b.column());
        assert_eq!(columns, Some(WIDTH - 1));
        assert_eq!(book.lookup(&Board::empty()), None);
        let (stored, _, _) = book.entries().next().unwrap();
        assert_eq!(stored.symmetric_key(), board.symmetric_key());
        assert_eq!(Book::from_bytes(&book.to_bytes()), Ok(book.clone()));
        assert_eq!(Book::from_bytes(b"nonsense"), Err(BookError::NotABook));
        let mut cut = book.to_bytes();
        cut.pop();
        assert_eq!(Book::from_bytes(&cut), Err(BookError::Damaged));
    }

    #[test]
    fn a_book_keeps_what_the_solver_cannot_settle_quickly_and_its_moves_keep_the_result() {
        // A middle-game benchmark position (Red to move, Red wins).
        let root = Board::of(&ConnectFour::from_moves("2531276566711153").unwrap());
        let plan = Plan {
            depth: root.plies() + 6,
            settled_nodes: 3_000,
            threads: 2,
            cache_log2: 18,
        };
        let book = Book::generate(&[root], &plan, None, &mut |_, _| {});
        assert!(book.len() > 1, "{}", book.len());
        let (_, root_result) = book.lookup(&root).expect("the root is always kept");
        let mut solver = Solver::new(20);
        let unlimited = Limits::default();
        assert_eq!(solver.outcome(&root, &unlimited), Ok(root_result));
        for (board, mv, result) in book.entries() {
            assert!(board.plies() <= plan.depth);
            assert_eq!(solver.outcome(&board, &unlimited), Ok(result));
            let mut after = board;
            after.play(mv.column());
            if !board.wins_with(mv.column()) && result >= 0 {
                assert_eq!(solver.outcome(&after, &unlimited), Ok(-result));
            }
        }
        let again = Book::generate(&[root], &plan, Some(&book), &mut |_, _| {});
        assert_eq!(again, book);
    }
}
