//! Copenhagen hnefatafl on the 11x11 board: the attackers try to capture the king, the
//! defenders try to bring him to a corner. Rules, evaluation, notation and board view.

mod board;
mod endings;
mod evaluation;
mod look;
mod movegen;
mod network;
mod position;
mod rules;
mod setup;
mod text_problem;
mod weights;
mod why;

pub use board::{parse_square, square_name};
pub use position::{Hnefatafl, MOVE_LIMIT, START};
pub use why::TaflReason;

use ply_core::Player;

/// A kind of piece on the tafl board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// One of the 24 attackers (they move first).
    Attacker,
    /// One of the king's 12 defenders.
    Defender,
    /// The king, on the defenders' side.
    King,
}

impl Piece {
    /// The side the piece plays for: attackers are `First`, defenders and king `Second`.
    pub const fn side(self) -> Player {
        match self {
            Piece::Attacker => Player::First,
            Piece::Defender | Piece::King => Player::Second,
        }
    }

    /// The letter of the position text: `a`, `d` or `k`.
    pub const fn letter(self) -> char {
        match self {
            Piece::Attacker => 'a',
            Piece::Defender => 'd',
            Piece::King => 'k',
        }
    }

    /// The piece with this position-text letter.
    pub const fn from_letter(letter: char) -> Option<Piece> {
        match letter {
            'a' => Some(Piece::Attacker),
            'd' => Some(Piece::Defender),
            'k' => Some(Piece::King),
            _ => None,
        }
    }
}

/// A move: a piece slides from one square to another along a row or column. Squares are
/// numbered `rank * 11 + file` from 0 (a1 = 0, k1 = 10, a2 = 11, f6 = 60, k11 = 120).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the piece starts.
    pub from: u8,
    /// Where it stops.
    pub to: u8,
}

impl Move {
    /// The move's stable code: `from | to << 8`, squares numbered as above. This
    /// encoding never changes, so saves and the network may rely on it.
    pub const fn code(self) -> u64 {
        self.from as u64 | (self.to as u64) << 8
    }
}
