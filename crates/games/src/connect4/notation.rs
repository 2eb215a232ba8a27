//! Connect Four text: a position is the sequence of columns played from the empty
//! board (`4453`, empty for the start), a move is one column number (`1` to `7`).

use super::Move;
use super::bitboard::{HEIGHT, WIDTH};
use super::position::ConnectFour;
use ply_core::{MoveError, PositionError};

/// What players call each side, by player index.
pub(super) const SIDE_NAMES: [&str; 2] = ["Red", "Yellow"];

impl ConnectFour {
    /// Reads a sequence of column numbers played from the empty board. Surrounding
    /// whitespace is ignored; anything else that is not a column, a move into a full
    /// column, or a move after someone has already won is refused.
    pub fn from_moves(text: &str) -> Result<Self, PositionError> {
        let fail = |reason: String| PositionError::new(text, reason);
        let mut position = ConnectFour::empty();
        for (index, symbol) in text.trim().chars().enumerate() {
            let number = index + 1;
            let mv = symbol
                .to_digit(10)
                .and_then(|digit| u8::try_from(digit).ok())
                .and_then(Move::from_number)
                .ok_or_else(|| {
                    fail(format!(
                        "move {number} is '{symbol}', but columns are numbered 1 to {WIDTH}"
                    ))
                })?;
            if position.is_won() {
                let winner = SIDE_NAMES[position.turn().opponent().index()];
                return Err(fail(format!(
                    "move {number} comes after {winner} already won with four in a row \
                     at move {index}"
                )));
            }
            if !position.can_play(mv.column()) {
                return Err(fail(format!(
                    "move {number} drops into column {}, which is already full \
                     ({HEIGHT} counters)",
                    mv.number()
                )));
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
