//! Why a hnefatafl move is not legal: pieces slide in straight lines without jumping,
//! only the king may stop on the throne or a corner, and the plain facts of the board,
//! each with the squares it refers to.

use super::board::{CORNERS, DIRECTIONS, NEXT, OFF, RESTRICTED, SQUARES, THRONE, has};
use super::position::Hnefatafl;
use super::{Move, Piece};
use ply_core::{Attempt, Explain, MoveError, Player, Present, Reason};

/// Why a hnefatafl move is not legal. Squares are numbered `rank * 11 + file`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TaflReason {
    /// A square that is not on the board.
    OffBoard,
    /// Nothing stands on the square the move starts from.
    Empty {
        /// The empty square.
        square: u8,
    },
    /// The piece belongs to the side that is not to move.
    NotYourTurn {
        /// The piece's square.
        square: u8,
        /// Whose turn it is.
        turn: Player,
    },
    /// Not along a row or column.
    NotStraight {
        /// Where the piece stands.
        from: u8,
    },
    /// A piece stands on the way (or on the target): pieces do not jump.
    Blocked {
        /// The nearest piece in the way.
        blocker: u8,
    },
    /// Only the king may stop on the throne or a corner.
    KingOnly {
        /// The throne or the corner.
        square: u8,
    },
    /// The piece has no move at all: pieces stand next to it on every side.
    NoMove {
        /// The piece's square.
        square: u8,
    },
}

impl Reason for TaflReason {
    fn kind(&self) -> &'static str {
        match self {
            TaflReason::OffBoard => "off-board",
            TaflReason::Empty { .. } => "empty-square",
            TaflReason::NotYourTurn { .. } => "not-your-turn",
            TaflReason::NotStraight { .. } => "not-straight",
            TaflReason::Blocked { .. } => "blocked",
            TaflReason::KingOnly { .. } => "king-only-square",
            TaflReason::NoMove { .. } => "no-move",
        }
    }

    fn marks(&self) -> Vec<usize> {
        match self {
            TaflReason::OffBoard => Vec::new(),
            TaflReason::Empty { square }
            | TaflReason::NotYourTurn { square, .. }
            | TaflReason::NotStraight { from: square }
            | TaflReason::Blocked { blocker: square }
            | TaflReason::KingOnly { square }
            | TaflReason::NoMove { square } => vec![usize::from(*square)],
        }
    }
}

/// The name players use for a piece.
fn piece_name(piece: Piece) -> &'static str {
    match piece {
        Piece::Attacker => "attacker",
        Piece::Defender => "defender",
        Piece::King => "king",
    }
}

impl Hnefatafl {
    /// Why the piece on `from` cannot slide to `to` (a move known not to be legal).
    fn why_not_slide(&self, from: u8, to: u8, piece: Piece) -> TaflReason {
        let Some(direction) = DIRECTIONS.into_iter().find(|&direction| {
            let mut at = NEXT[direction][usize::from(from)];
            while at != OFF {
                if at == to {
                    return true;
                }
                at = NEXT[direction][usize::from(at)];
            }
            false
        }) else {
            return TaflReason::NotStraight { from };
        };
        let mut at = NEXT[direction][usize::from(from)];
        loop {
            if self.piece_at(at).is_some() {
                return TaflReason::Blocked { blocker: at };
            }
            if at == to {
                break;
            }
            at = NEXT[direction][usize::from(at)];
        }
        if piece != Piece::King && has(RESTRICTED, to) {
            return TaflReason::KingOnly { square: to };
        }
        TaflReason::NoMove { square: from }
    }
}

impl Explain for Hnefatafl {
    type Reason = TaflReason;

    fn read_attempt(&self, text: &str) -> Result<Attempt, MoveError> {
        let (from, to) = Self::read_squares(text)?;
        Ok(Attempt::cells(vec![usize::from(from), usize::from(to)]))
    }

    fn judge(&self, attempt: &Attempt) -> Result<Vec<Move>, TaflReason> {
        let (Some(&first), Some(&last)) = (attempt.cells.first(), attempt.cells.last()) else {
            return Err(TaflReason::OffBoard);
        };
        if attempt.cells.iter().any(|&cell| cell >= SQUARES) {
            return Err(TaflReason::OffBoard);
        }
        let (from, to) = (first as u8, last as u8);
        let Some(piece) = self.piece_at(from) else {
            return Err(TaflReason::Empty { square: from });
        };
        if piece.side() != self.turn {
            return Err(TaflReason::NotYourTurn {
                square: from,
                turn: self.turn,
            });
        }
        let mut legal = Vec::with_capacity(128);
        self.generate(&mut legal);
        legal.retain(|mv| mv.from == from);
        if attempt.cells.len() == 1 {
            return if legal.is_empty() {
                Err(TaflReason::NoMove { square: from })
            } else {
                Ok(legal)
            };
        }
        legal.retain(|mv| mv.to == to);
        if legal.is_empty() {
            Err(self.why_not_slide(from, to, piece))
        } else {
            Ok(legal)
        }
    }

    fn sentence(&self, reason: &TaflReason) -> String {
        let name = super::board::square_name;
        let on = |square: u8| {
            self.piece_at(square)
                .map_or("piece", piece_name)
                .to_string()
                + " on "
                + &name(square)
        };
        match reason {
            TaflReason::OffBoard => "That square is not on the board.".into(),
            TaflReason::Empty { square } => format!("There is no piece on {}.", name(*square)),
            TaflReason::NotYourTurn { square, turn } => format!(
                "The {} is not yours: it is the {}' turn.",
                on(*square),
                Self::side_name(*turn).to_lowercase()
            ),
            TaflReason::NotStraight { .. } => {
                "Pieces move in straight lines along rows and columns, like a rook.".into()
            }
            TaflReason::Blocked { blocker } => {
                format!("Pieces do not jump: the {} is in the way.", on(*blocker))
            }
            TaflReason::KingOnly { square } if *square == THRONE => {
                "Only the king may stop on the throne.".into()
            }
            TaflReason::KingOnly { square } if has(CORNERS, *square) => {
                "Only the king may stop on a corner.".into()
            }
            TaflReason::KingOnly { .. } => "Only the king may stop there.".into(),
            TaflReason::NoMove { square } => {
                format!("The {} has no free square next to it.", on(*square))
            }
        }
    }
}
