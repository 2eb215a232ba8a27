//! Why a checkers move is not legal: compulsory jumps (and which pieces can jump), men
//! that move forward only, multi-jumps that must be finished, crowning that ends a move,
//! and the plain facts of the board, each with the squares it refers to.

use super::geometry::{
    CROWNING_ROW, KING_DIRECTIONS, LANDING, MAN_DIRECTIONS, NEIGHBOUR, bit, cell_of,
};
use super::position::Checkers;
use super::{Move, Piece};
use ply_core::{Attempt, Explain, MoveError, Player, Present, Reason};

/// Why a checkers move is not legal. Squares are indexes 0..32 (the standard square
/// number minus one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckersReason {
    /// A cell that is not on the board.
    OffBoard,
    /// A light square: no piece ever stands on one.
    LightSquare {
        /// The cell of the picture.
        cell: usize,
    },
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
    /// A jump is possible, so a plain move (or a move by a piece that cannot jump) is
    /// not allowed.
    JumpCompulsory {
        /// The pieces that can jump.
        jumpers: Vec<u8>,
    },
    /// An uncrowned man tried to move or jump backwards.
    ManForwardOnly {
        /// The man's square.
        from: u8,
    },
    /// Not one diagonal step, nor a jump of two.
    NotDiagonal {
        /// Where the piece stood.
        from: u8,
    },
    /// The target square is taken.
    Occupied {
        /// The taken square.
        to: u8,
    },
    /// A jump over an empty square, an own piece, or a piece already taken.
    NothingToJump {
        /// The square jumped over.
        over: u8,
    },
    /// A capture that stops while the piece can still jump.
    MustFinishJump {
        /// Where the piece stopped.
        at: u8,
        /// Where it can jump next.
        next: Vec<u8>,
    },
    /// A man crowned during a jump tried to go on: crowning ends the move.
    CrowningEndsMove {
        /// Where the man was crowned.
        at: u8,
    },
    /// The piece has no move at all: every square it could go to is taken.
    NoMove {
        /// The piece's square.
        square: u8,
    },
}

impl Reason for CheckersReason {
    fn kind(&self) -> &'static str {
        match self {
            CheckersReason::OffBoard => "off-board",
            CheckersReason::LightSquare { .. } => "light-square",
            CheckersReason::Empty { .. } => "empty-square",
            CheckersReason::NotYourTurn { .. } => "not-your-turn",
            CheckersReason::JumpCompulsory { .. } => "jump-compulsory",
            CheckersReason::ManForwardOnly { .. } => "man-forward-only",
            CheckersReason::NotDiagonal { .. } => "not-diagonal",
            CheckersReason::Occupied { .. } => "occupied",
            CheckersReason::NothingToJump { .. } => "nothing-to-jump",
            CheckersReason::MustFinishJump { .. } => "must-finish-jump",
            CheckersReason::CrowningEndsMove { .. } => "crowning-ends-move",
            CheckersReason::NoMove { .. } => "no-move",
        }
    }

    fn marks(&self) -> Vec<usize> {
        match self {
            CheckersReason::OffBoard => Vec::new(),
            CheckersReason::LightSquare { cell } => vec![*cell],
            CheckersReason::JumpCompulsory { jumpers } => {
                jumpers.iter().map(|&square| cell_of(square)).collect()
            }
            CheckersReason::MustFinishJump { at, next } => std::iter::once(at)
                .chain(next)
                .map(|&square| cell_of(square))
                .collect(),
            CheckersReason::Empty { square }
            | CheckersReason::NotYourTurn { square, .. }
            | CheckersReason::NoMove { square }
            | CheckersReason::ManForwardOnly { from: square }
            | CheckersReason::NotDiagonal { from: square }
            | CheckersReason::Occupied { to: square }
            | CheckersReason::NothingToJump { over: square }
            | CheckersReason::CrowningEndsMove { at: square } => vec![cell_of(*square)],
        }
    }
}

/// The square index shown on picture cell `cell`, if it is a dark square.
fn square_of(cell: usize) -> Option<u8> {
    (0..32).find(|&index| cell_of(index) == cell)
}

/// The standard number of square index `index`, as players write it.
fn number(index: u8) -> u8 {
    index + 1
}

/// The numbers of `squares`, joined for a sentence: "9, 10 and 14".
fn listed(squares: &[u8]) -> String {
    let names: Vec<String> = squares.iter().map(|&s| number(s).to_string()).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

impl Checkers {
    /// The pieces of the side to move that can jump, given its legal moves.
    fn jumpers(legal: &[Move]) -> Vec<u8> {
        let mut jumpers: Vec<u8> = legal
            .iter()
            .filter(|mv| mv.is_capture())
            .map(|mv| mv.from)
            .collect();
        jumpers.dedup();
        jumpers
    }

    /// Follows the path the player tried, square by square, and says where it breaks
    /// the rules.
    fn why_not_path(&self, squares: &[u8], legal: &[Move]) -> CheckersReason {
        let us = self.turn.index();
        let from = squares[0];
        let jumpers = Self::jumpers(legal);
        let mut man = self.kings & bit(from) == 0;
        let mut captured = 0u32;
        let mut at = from;
        for (index, &next) in squares[1..].iter().enumerate() {
            let step = (0..4).find(|&d| NEIGHBOUR[d][usize::from(at)] == next);
            let jump = (0..4).find(|&d| LANDING[d][usize::from(at)] == next);
            let Some(direction) = step.or(jump) else {
                return CheckersReason::NotDiagonal { from: at };
            };
            let allowed: &[usize] = if man {
                &MAN_DIRECTIONS[us]
            } else {
                &KING_DIRECTIONS
            };
            if !allowed.contains(&direction) {
                return CheckersReason::ManForwardOnly { from: at };
            }
            let empty = self.occupied() & bit(next) == 0 || next == from;
            if step.is_some() {
                if index > 0 || !jumpers.is_empty() {
                    return CheckersReason::JumpCompulsory { jumpers };
                }
                if !empty {
                    return CheckersReason::Occupied { to: next };
                }
                return CheckersReason::NoMove { square: from };
            }
            let over = NEIGHBOUR[direction][usize::from(at)];
            if !empty {
                return CheckersReason::Occupied { to: next };
            }
            if self.pieces[1 - us] & !captured & bit(over) == 0 {
                return CheckersReason::NothingToJump { over };
            }
            if man && CROWNING_ROW[us] & bit(next) != 0 {
                if index + 2 < squares.len() {
                    return CheckersReason::CrowningEndsMove { at: next };
                }
                man = false;
            }
            captured |= bit(over);
            at = next;
        }
        if jumpers.is_empty() {
            CheckersReason::NoMove { square: from }
        } else {
            CheckersReason::JumpCompulsory { jumpers }
        }
    }
}

impl Explain for Checkers {
    type Reason = CheckersReason;

    fn read_attempt(&self, text: &str) -> Result<Attempt, MoveError> {
        let (_, squares) = Self::read_squares(text)?;
        Ok(Attempt::cells(
            squares.into_iter().map(cell_of).collect::<Vec<_>>(),
        ))
    }

    fn judge(&self, attempt: &Attempt) -> Result<Vec<Move>, CheckersReason> {
        if attempt.cells.is_empty() || attempt.cells.iter().any(|&cell| cell >= 64) {
            return Err(CheckersReason::OffBoard);
        }
        let mut squares = Vec::with_capacity(attempt.cells.len());
        for &cell in &attempt.cells {
            squares.push(square_of(cell).ok_or(CheckersReason::LightSquare { cell })?);
        }
        let from = squares[0];
        let Some((side, _)) = self.piece_at(number(from)) else {
            return Err(CheckersReason::Empty { square: from });
        };
        if side != self.turn {
            return Err(CheckersReason::NotYourTurn {
                square: from,
                turn: self.turn,
            });
        }
        let mut legal = Vec::with_capacity(32);
        self.generate(&mut legal);
        let mine: Vec<Move> = legal.iter().copied().filter(|mv| mv.from == from).collect();
        if squares.len() == 1 {
            return match (mine.is_empty(), Self::jumpers(&legal)) {
                (false, _) => Ok(mine),
                (true, jumpers) if !jumpers.is_empty() => {
                    Err(CheckersReason::JumpCompulsory { jumpers })
                }
                (true, _) => Err(CheckersReason::NoMove { square: from }),
            };
        }
        let cells = &attempt.cells;
        let fitting: Vec<Move> = mine
            .iter()
            .copied()
            .filter(|mv| {
                let path = mv.path_cells();
                path == *cells
                    || (cells.len() == 2 && mv.is_capture() && path.last() == cells.last())
            })
            .collect();
        if !fitting.is_empty() {
            return Ok(fitting);
        }
        let going_on: Vec<Move> = mine
            .iter()
            .copied()
            .filter(|mv| mv.is_capture() && mv.path_cells().starts_with(cells))
            .collect();
        if !going_on.is_empty() {
            let at = *squares.last().unwrap_or(&from);
            let mut next: Vec<u8> = going_on
                .iter()
                .filter_map(|mv| mv.landings().nth(squares.len() - 1))
                .collect();
            next.sort_unstable();
            next.dedup();
            return Err(CheckersReason::MustFinishJump { at, next });
        }
        Err(self.why_not_path(&squares, &legal))
    }

    fn sentence(&self, reason: &CheckersReason) -> String {
        let piece = |square: u8| match self.piece_at(number(square)) {
            Some((_, Piece::King)) => "king",
            _ => "man",
        };
        match reason {
            CheckersReason::OffBoard => "That square is not on the board.".into(),
            CheckersReason::LightSquare { .. } => {
                "Pieces stand and move only on the dark squares.".into()
            }
            CheckersReason::Empty { square } => {
                format!("There is no piece on square {}.", number(*square))
            }
            CheckersReason::NotYourTurn { square, turn } => format!(
                "The piece on {} is {}'s, and it is {}'s turn.",
                number(*square),
                Self::side_name(turn.opponent()),
                Self::side_name(*turn)
            ),
            CheckersReason::JumpCompulsory { jumpers } => match jumpers.as_slice() {
                [one] => format!(
                    "A jump is compulsory: the piece on {} must jump.",
                    number(*one)
                ),
                _ => format!(
                    "A jump is compulsory: one of the pieces on {} must jump.",
                    listed(jumpers)
                ),
            },
            CheckersReason::ManForwardOnly { .. } => {
                "A man moves forward only; only a king may go backwards.".into()
            }
            CheckersReason::NotDiagonal { from } => format!(
                "A {} moves one square diagonally, or jumps over an enemy piece.",
                piece(*from)
            ),
            CheckersReason::Occupied { to } => {
                format!("Square {} is already taken.", number(*to))
            }
            CheckersReason::NothingToJump { over } => format!(
                "A jump must go over an enemy piece, and there is none to take on {}.",
                number(*over)
            ),
            CheckersReason::MustFinishJump { at, next } => format!(
                "The jump must go on: from {} the piece can jump again to {}.",
                number(*at),
                listed(next)
            ),
            CheckersReason::CrowningEndsMove { at } => {
                format!("A man crowned on {} ends its move there.", number(*at))
            }
            CheckersReason::NoMove { square } => format!(
                "The {} on {} has no free square to move to.",
                piece(*square),
                number(*square)
            ),
        }
    }
}
