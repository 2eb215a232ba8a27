//! Why a Connect Four move is not legal: the column is full, or there is no such column.

use super::Move;
use super::bitboard::{HEIGHT, WIDTH};
use super::position::ConnectFour;
use ply_core::{Attempt, Explain, MoveError, Reason};

/// Why a Connect Four move is not legal. Columns are 0-based (0 is the leftmost).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConnectFourReason {
    /// A cell or column that is not on the board.
    NoSuchColumn,
    /// The column already holds six counters.
    ColumnFull {
        /// The full column, 0-based.
        column: u8,
    },
}

impl Reason for ConnectFourReason {
    fn kind(&self) -> &'static str {
        match self {
            ConnectFourReason::NoSuchColumn => "no-such-column",
            ConnectFourReason::ColumnFull { .. } => "column-full",
        }
    }

    fn marks(&self) -> Vec<usize> {
        match self {
            ConnectFourReason::NoSuchColumn => Vec::new(),
            ConnectFourReason::ColumnFull { column } => (0..usize::from(HEIGHT))
                .map(|row| row * usize::from(WIDTH) + usize::from(*column))
                .collect(),
        }
    }
}

impl Explain for ConnectFour {
    type Reason = ConnectFourReason;

    /// A column number names the column's bottom cell.
    fn read_attempt(&self, text: &str) -> Result<Attempt, MoveError> {
        let text = text.trim();
        let mv = match text.as_bytes() {
            &[digit @ b'0'..=b'9'] => Move::from_number(digit - b'0'),
            _ => None,
        }
        .ok_or_else(|| {
            MoveError::malformed(text, format!("a move is a column number from 1 to {WIDTH}"))
        })?;
        Ok(Attempt::cells(vec![usize::from(mv.column())]))
    }

    /// Any cell of a column stands for a drop into that column.
    fn judge(&self, attempt: &Attempt) -> Result<Vec<Move>, ConnectFourReason> {
        let cells = usize::from(WIDTH) * usize::from(HEIGHT);
        let Some(&cell) = attempt.cells.last().filter(|&&cell| cell < cells) else {
            return Err(ConnectFourReason::NoSuchColumn);
        };
        let column = (cell % usize::from(WIDTH)) as u8;
        if self.can_play(column) {
            Ok(Move::from_number(column + 1).into_iter().collect())
        } else {
            Err(ConnectFourReason::ColumnFull { column })
        }
    }

    fn sentence(&self, reason: &ConnectFourReason) -> String {
        match reason {
            ConnectFourReason::NoSuchColumn => {
                format!("There is no such column: they are numbered 1 to {WIDTH}.")
            }
            ConnectFourReason::ColumnFull { column } => {
                format!("Column {} is full: choose another one.", column + 1)
            }
        }
    }
}
