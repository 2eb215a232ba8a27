//! Connect Four on the standard 7x6 board: a bitboard position fast enough for a deep
//! solver-style search, the move-sequence notation of the well-known solver benchmark
//! sets, a threat-counting evaluation and a drop-in-column board view.

mod bitboard;
pub mod book;
mod evaluation;
mod look;
mod notation;
mod position;
mod rules;
mod setup;
pub mod solver;
mod solver_cache;
mod traps;
mod why;

pub use position::ConnectFour;
pub use why::ConnectFourReason;

/// A move: dropping a counter into one column.
///
/// Its move text and its [`MoveCode`](ply_core::MoveCode) are both the column number as
/// players count it, `1` (left) to `7` (right).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The column, 0-based (0 is the leftmost column, numbered 1 by players).
    column: u8,
}

impl Move {
    /// The move into the column players number `number` (1..7), if there is one.
    pub const fn from_number(number: u8) -> Option<Move> {
        if number >= 1 && number <= bitboard::WIDTH {
            Some(Move { column: number - 1 })
        } else {
            None
        }
    }

    /// The column as players number it, 1..7.
    pub const fn number(self) -> u8 {
        self.column + 1
    }

    /// The column, 0-based.
    pub const fn column(self) -> u8 {
        self.column
    }
}
