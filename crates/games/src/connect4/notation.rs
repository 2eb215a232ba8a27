//! Connect Four text: a position is the sequence of columns played from the empty
//! board (`4453`, empty for the start), a move is one column number (`1` to `7`).

use super::Move;
use super::bitboard::{HEIGHT, WIDTH};
use super::position::ConnectFour;
use ply_core::{MoveError, PositionError, PositionFault};
use thiserror::Error;

/// What players call each side, by player index.
pub(super) const SIDE_NAMES: [&str; 2] = ["Red", "Yellow"];

/// A reason a sequence of columns cannot be read as a Connect Four position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ColumnsProblem {
    /// A character that is not a column number.
    #[error("move {number} is '{symbol}', but columns are numbered 1 to {WIDTH}")]
    NotAColumn {
        /// The move's place in the sequence, from 1.
        number: usize,
        /// What stands there.
        symbol: char,
    },
    /// A move after one side completed four in a row.
    #[error("move {number} comes after {winner} already won with four in a row at move {won_at}")]
    AfterWin {
        /// The move's place in the sequence, from 1.
        number: usize,
        /// The winner's name.
        winner: &'static str,
        /// The winning move's place in the sequence.
        won_at: usize,
    },
    /// A move into a column that is already full.
    #[error("move {number} drops into column {column}, which is already full ({HEIGHT} counters)")]
    ColumnFull {
        /// The move's place in the sequence, from 1.
        number: usize,
        /// The column, from 1.
        column: u8,
    },
}

impl ColumnsProblem {
    /// Which kind of fault this reason is.
    pub fn fault(&self) -> PositionFault {
        match self {
            ColumnsProblem::NotAColumn { .. } => PositionFault::Notation,
            ColumnsProblem::AfterWin { .. } => PositionFault::PastTheEnd,
            ColumnsProblem::ColumnFull { .. } => PositionFault::Impossible,
        }
    }
}

impl ConnectFour {
    /// Reads a sequence of column numbers played from the empty board. Surrounding
    /// whitespace is ignored. A sequence that ends with four in a row reads as the won
    /// position it is; anything that is not a column, a move into a full column, or a
    /// move after someone has already won is refused.
    pub fn from_moves(text: &str) -> Result<Self, PositionError> {
        let fail = |problem: ColumnsProblem| PositionError::new(text, problem.fault(), problem);
        let mut position = ConnectFour::empty();
        for (index, symbol) in text.trim().chars().enumerate() {
            let number = index + 1;
            let mv = symbol
                .to_digit(10)
                .and_then(|digit| u8::try_from(digit).ok())
                .and_then(Move::from_number)
                .ok_or_else(|| fail(ColumnsProblem::NotAColumn { number, symbol }))?;
            if position.is_won() {
                return Err(fail(ColumnsProblem::AfterWin {
                    number,
                    winner: SIDE_NAMES[position.turn().opponent().index()],
                    won_at: index,
                }));
            }
            if !position.can_play(mv.column()) {
                return Err(fail(ColumnsProblem::ColumnFull {
                    number,
                    column: mv.number(),
                }));
            }
            position.play(mv.column());
        }
        Ok(position)
    }

    /// The columns played so far as column numbers, e.g. `4453`.
    pub fn to_moves(&self) -> String {
        self.history()
            .iter()
            .map(|&column| char::from(b'1' + column))
            .collect()
    }

    /// Reads one column number and checks that a counter can be dropped there.
    pub fn parse_column(&self, text: &str) -> Result<Move, MoveError> {
        let text = text.trim();
        let mv = match text.as_bytes() {
            &[digit @ b'0'..=b'9'] => Move::from_number(digit - b'0'),
            _ => None,
        }
        .ok_or_else(|| {
            MoveError::malformed(text, format!("a move is a column number from 1 to {WIDTH}"))
        })?;
        if self.is_won() || self.is_full() {
            Err(MoveError::GameOver)
        } else if self.can_play(mv.column()) {
            Ok(mv)
        } else {
            Err(MoveError::illegal(text))
        }
    }
}
