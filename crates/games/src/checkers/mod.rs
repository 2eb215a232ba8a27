//! English draughts (American checkers) on 32-square bitboards: compulsory captures,
//! whole capture sequences as single moves, crowning that ends the move, and the
//! threefold-repetition and 80-ply no-progress draws.

mod evaluation;
mod geometry;
mod look;
mod movegen;
mod network;
mod notation;
mod pdn_problem;
mod position;
mod rules;
mod setup;
mod weights;
mod why;

use geometry::{LANDING, NEIGHBOUR, cell_of};
pub use position::Checkers;
pub use why::CheckersReason;

/// What kind of piece stands on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// An uncrowned piece: moves and jumps forward only.
    Man,
    /// A crowned piece: moves and jumps one square diagonally in any direction.
    King,
}

/// Longest possible capture sequence: the opponent has at most 12 pieces.
const MAX_JUMPS: u8 = 12;

/// A checkers move: one diagonal step, or a whole capture sequence.
///
/// The path is kept as the start square plus the direction of the step or of each
/// jump, so that two sequences taking the same pieces along different routes are
/// different moves.
///
/// # Move code
/// [`Move::code`] packs the path into a number that never changes meaning:
/// - bits 0..5: the start square's index (standard square number minus one);
/// - bits 5..9: the number of jumps (0 for a plain step, else 1..=12);
/// - from bit 9 on, two bits per step or jump in order: 0 towards square 1's side and
///   file a (up-left with White at the bottom), 1 up-right, 2 down-left (towards square
///   32's side), 3 down-right. A plain step has one such field.
///
/// The largest code uses 9 + 2 * 12 = 33 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Start square index (0..32).
    from: u8,
    /// Final square index (0..32); equal to `from` after a circular capture.
    to: u8,
    /// Number of jumps; 0 for a plain step.
    jumps: u8,
    /// Two bits per step or jump, the first in the lowest bits.
    directions: u32,
    /// The squares of the captured pieces.
    captured: u32,
}

impl Move {
    /// A plain step from `from` in `direction`.
    const fn step(from: u8, direction: usize) -> Move {
        Move {
            from,
            to: NEIGHBOUR[direction][from as usize],
            jumps: 0,
            directions: direction as u32,
            captured: 0,
        }
    }

    /// The standard number (1..=32) of the square the moving piece starts on.
    pub const fn from_square(self) -> u8 {
        self.from + 1
    }

    /// The standard number (1..=32) of the square the moving piece ends on.
    pub const fn to_square(self) -> u8 {
        self.to + 1
    }

    /// Whether the move is a capture sequence.
    pub const fn is_capture(self) -> bool {
        self.jumps > 0
    }

    /// How many pieces the move captures.
    pub const fn captures(self) -> u32 {
        self.captured.count_ones()
    }

    /// The direction code (0..4) of step or jump number `index`.
    const fn direction(self, index: u8) -> usize {
        ((self.directions >> (2 * index)) & 3) as usize
    }

    /// The square indexes the piece lands on, in order (one for a plain step).
    fn landings(self) -> impl Iterator<Item = u8> {
        let steps = self.jumps.max(1);
        let table = if self.jumps == 0 {
            &NEIGHBOUR
        } else {
            &LANDING
        };
        let mut at = self.from;
        (0..steps).map(move |index| {
            at = table[self.direction(index)][usize::from(at)];
            at
        })
    }

    /// The move's stable code (see the type's documentation).
    pub const fn code(self) -> u64 {
        self.from as u64 | (self.jumps as u64) << 5 | (self.directions as u64) << 9
    }

    /// The picture cells the move touches: the start square and every landing.
    fn path_cells(self) -> Vec<usize> {
        std::iter::once(self.from)
            .chain(self.landings())
            .map(cell_of)
            .collect()
    }
}
