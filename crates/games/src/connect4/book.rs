//! The Connect Four opening book: for the early positions the computer can face when it
//! plays its own book moves (from the empty board as Red, after any first move as
//! Yellow), a move that keeps the position's result, worked out by this crate's own
//! solver. Those positions are too far from the end for a search to solve in a move's
//! time. `ply book connect4` regenerates the committed file.

use super::Move;
use super::bitboard::WIDTH;
use super::solver::{Board, Limits, Solver};
use std::collections::BTreeMap;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The file's first bytes: what it is and the version of its layout.
const MAGIC: &[u8; 8] = b"PLYC4BK1";
/// The committed book (see the README for the command that makes it).
static COMMITTED: &[u8] = include_bytes!("../../data/connect4-book.bin");

/// Book moves: for each position, keyed by [`Board::symmetric_key`], a column that
/// keeps its result and that result (1 won, 0 drawn, -1 lost for the side to move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    depth: u32,
    /// `symmetric key << 16 | column << 8 | result as u8`, sorted; the column is the
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

fn entry(key: u64, column: u8, result: i32) -> u64 {
    key << 16 | u64::from(column) << 8 | u64::from(result as i8 as u8)
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
            .binary_search_by_key(&key, |found| found >> 16)
            .ok()?;
        let found = self.entries[at];
        let column = (found >> 8) as u8;
        let column = if board.key() == key {
            column
        } else {
            WIDTH - 1 - column
        };
        Some((Move { column }, i32::from(found as u8 as i8)))
    }

    /// Every position in the book as a board (shown as its symmetric key shows it),
    /// with its column and result.
    pub fn entries(&self) -> impl Iterator<Item = (u64, u8, i32)> + '_ {
        self.entries.iter().map(|&found| {
            (
                found >> 16,
                (found >> 8) as u8,
                i32::from(found as u8 as i8),
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
        if entries
            .windows(2)
            .any(|pair| pair[0] >> 16 >= pair[1] >> 16)
        {
            return Err(BookError::Damaged);
        }
        Ok(Book {
            depth: u32::from(depth),
            entries,
        })
    }

    /// Works out the book for positions with up to `depth` counters on `threads`
    /// threads, calling `progress(counters, positions)` after each layer.
    pub fn generate(depth: u32, threads: usize, progress: &(dyn Fn(u32, usize) + Sync)) -> Book {
        let mut layers: BTreeMap<u32, BTreeMap<u64, Board>> = BTreeMap::new();
        layers.entry(0).or_default().insert(0, Board::empty());
        for column in 0..WIDTH {
            let mut first = Board::empty();
            first.play(column);
            layers
                .entry(1)
                .or_default()
                .insert(first.symmetric_key(), canonical(first));
        }
        let mut entries = Vec::new();
        for plies in 0..=depth {
            let layer: Vec<Board> = layers
                .remove(&plies)
                .unwrap_or_default()
                .into_values()
                .collect();
            let answers = solve_all(&layer, threads);
            for (board, (column, result)) in layer.iter().zip(answers) {
                entries.push(entry(board.key(), column, result));
                let mut after = *board;
                after.play(column);
                for reply in (0..WIDTH).filter(|&reply| after.can_play(reply)) {
                    if after.plies() + 1 > depth || after.wins_with(reply) {
                        continue;
                    }
                    let mut next = after;
                    next.play(reply);
                    if !next.can_win_now() {
                        layers
                            .entry(next.plies())
                            .or_default()
                            .insert(next.symmetric_key(), canonical(next));
                    }
                }
            }
            progress(plies, layer.len());
        }
        entries.sort_unstable();
        Book { depth, entries }
    }
}

/// `board` or its mirror image, whichever has the symmetric key as its key.
fn canonical(board: Board) -> Board {
    if board.key() == board.symmetric_key() {
        board
    } else {
        board.mirrored()
    }
}

/// The book move and result of each of `boards`, shared out between `threads` threads.
fn solve_all(boards: &[Board], threads: usize) -> Vec<(u8, i32)> {
    let next = AtomicUsize::new(0);
    let mut found: Vec<(usize, (u8, i32))> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut solver = Solver::new(24);
                    let mut found = Vec::new();
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        let Some(board) = boards.get(index) else {
                            break;
                        };
                        let (mv, result) = solver
                            .keeping_move(board, &Limits::default())
                            .expect("a solve without limits finishes");
                        found.push((index, (mv.column(), result)));
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
        assert_eq!(Book::from_bytes(&book.to_bytes()), Ok(book.clone()));
        assert_eq!(Book::from_bytes(b"nonsense"), Err(BookError::NotABook));
        let mut cut = book.to_bytes();
        cut.pop();
        assert_eq!(Book::from_bytes(&cut), Err(BookError::Damaged));
    }
}
