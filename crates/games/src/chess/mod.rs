//! One chess engine, six rule sets: standard chess, atomic, king of the hill, hole
//! chess, last piece standing and mega chess (16x16). The rule set is a type parameter
//! whose constants the compiler folds away, so standard chess pays nothing for variants.

mod accumulator;
mod bits;
mod eval;
mod exchange;
mod fen_problem;
mod geometry;
mod look;
mod movegen;
pub mod network;
mod notation;
mod pawn_files;
mod piece_counts;
mod position;
mod reach;
mod rules;
mod runner;
mod setup;
mod terms;
mod variants;
mod weights;
mod why;

pub use bits::{Bits, U256};
pub use geometry::{Board8, Board16, Geometry};
pub use position::Chess;
pub use variants::{
    AtomicRules, HoleRules, KothRules, LpsRules, MegaRules, StandardRules, Variant,
};
pub use why::ChessReason;

/// Standard chess (FIDE rules).
pub type Standard = Chess<StandardRules>;
/// Atomic chess (lichess rules).
pub type Atomic = Chess<AtomicRules>;
/// King of the hill.
pub type KingOfTheHill = Chess<KothRules>;
/// Chess without the four centre squares.
pub type HoleChess = Chess<HoleRules>;
/// Last piece standing: no check, capture everything.
pub type LastPieceStanding = Chess<LpsRules>;
/// Mega chess on a 16x16 board.
pub type MegaChess = Chess<MegaRules>;

/// A kind of chess piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Role {
    /// Pawn.
    Pawn,
    /// Knight.
    Knight,
    /// Bishop.
    Bishop,
    /// Rook.
    Rook,
    /// Queen.
    Queen,
    /// King.
    King,
}

impl Role {
    /// Every role, in index order.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];
    /// The pieces a pawn may promote to, strongest first.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// The lower-case letter of FEN and UCI.
    pub const fn letter(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The role with this letter, either case.
    pub fn from_letter(letter: char) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|role| role.letter() == letter.to_ascii_lowercase())
    }
}

/// A chess move: from and to squares (`rank * files + file`) and the promotion piece.
/// Castling is the king's two-square move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the piece starts.
    pub from: u8,
    /// Where it lands.
    pub to: u8,
    /// What a pawn becomes on the last rank.
    pub promotion: Option<Role>,
}

impl Move {
    /// A move without promotion.
    pub const fn new(from: u8, to: u8) -> Move {
        Move {
            from,
            to,
            promotion: None,
        }
    }

    /// The move's stable code: `from | to << 8 | promotion << 16`, where the promotion
    /// is 0 for none, else 1 knight, 2 bishop, 3 rook, 4 queen.
    pub const fn code(self) -> u64 {
        let promotion = match self.promotion {
            None => 0,
            Some(role) => role as u64,
        };
        self.from as u64 | (self.to as u64) << 8 | promotion << 16
    }
}
