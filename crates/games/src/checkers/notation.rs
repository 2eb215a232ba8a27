//! Move text: `11-15` for a plain step, `22x15x8` for a capture listing every landing
//! square. When reading, a capture may also be given by its start and end alone
//! (`22x8`) if only one legal sequence matches.

use super::position::Checkers;
use super::{MAX_JUMPS, Move};
use ply_core::MoveError;

/// A start square plus at most one landing per jump.
const MAX_SQUARES: usize = MAX_JUMPS as usize + 1;

impl Checkers {
    /// The move in standard notation.
    pub fn notation(&self, mv: Move) -> String {
        let separator = if mv.is_capture() { 'x' } else { '-' };
        let mut text = mv.from_square().to_string();
        for landing in mv.landings() {
            text.push(separator);
            text += &(landing + 1).to_string();
        }
        text
    }

    /// Reads the squares of a move in standard notation (indexes 0..32, the start
    /// first) and whether it is written as a capture, without judging legality.
    pub(super) fn read_squares(text: &str) -> Result<(bool, Vec<u8>), MoveError> {
        let text = text.trim();
        let malformed = |reason: &str| MoveError::malformed(text, reason);
        let capture = text.contains(['x', 'X']);
        if capture && text.contains('-') {
            return Err(malformed(
                "use '-' for a plain move or 'x' for a capture, not both",
            ));
        }
        if !capture && !text.contains('-') {
            return Err(malformed(
                "write a plain move as 11-15 and a capture as 22x15x8",
            ));
        }
        let mut squares = Vec::with_capacity(MAX_SQUARES);
        for part in text.split(['x', 'X', '-']) {
            let part = part.trim();
            let number = Some(part)
                .filter(|part| !part.is_empty() && part.bytes().all(|byte| byte.is_ascii_digit()))
                .and_then(|part| part.parse::<u8>().ok())
                .filter(|number| (1..=32).contains(number))
                .ok_or_else(|| malformed(&format!("'{part}' is not a square number (1 to 32)")))?;
            if squares.len() == MAX_SQUARES {
                return Err(malformed("a capture takes at most 12 pieces"));
            }
            squares.push(number - 1);
        }
        if !capture && squares.len() != 2 {
            return Err(malformed(
                "a plain move names two squares: where the piece starts and where it goes",
            ));
        }
        Ok((capture, squares))
    }

    /// Reads a move in standard notation and finds it among the legal moves.
    pub fn parse_notation(&self, text: &str) -> Result<Move, MoveError> {
        let text = text.trim();
        let malformed = |reason: &str| MoveError::malformed(text, reason);
        let (capture, squares) = Self::read_squares(text)?;
        let squares = squares.as_slice();
        let count = squares.len();

        let mut moves = Vec::with_capacity(32);
        self.generate(&mut moves);
        let follows = |mv: &Move| {
            mv.is_capture() == capture
                && mv.from == squares[0]
                && mv.landings().eq(squares[1..].iter().copied())
        };
        if let Some(&mv) = moves.iter().find(|mv| follows(mv)) {
            return Ok(mv);
        }
        if capture && count == 2 {
            let mut ends = moves
                .iter()
                .filter(|mv| mv.is_capture() && mv.from == squares[0] && mv.to == squares[1]);
            if let Some(&mv) = ends.next() {
                if ends.next().is_some() {
                    return Err(malformed(
                        "several capture sequences go between these squares; list every landing square",
                    ));
                }
                return Ok(mv);
            }
        }
        Err(MoveError::illegal(text))
    }
}
