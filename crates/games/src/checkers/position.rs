//! A checkers position: each side's pieces and the kings as 32-square bitboards, the
//! side to move, the no-progress ply counter and the incrementally kept Zobrist hash;
//! PDN FEN in and out; playing a move.

use super::geometry::{CROWNING_ROW, bit, squares};
use super::pdn_problem::PdnProblem;
use super::{Move, Piece};
use ply_core::{Player, PositionError, zobrist};

/// Keys by side, piece kind and square: `(side * 2 + kind) * 32 + index`.
static PIECE_KEYS: [u64; 2 * 2 * 32] = zobrist::keys(0xD2A7_C4EC_0001);
static TURN_KEY: [u64; 1] = zobrist::keys(0xD2A7_C4EC_0002);

/// The most pieces a side can have.
const MAX_PIECES: u32 = 12;

/// The start position in PDN FEN.
pub(super) const START: &str = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

#[inline]
fn piece_key(side: Player, king: bool, index: u8) -> u64 {
    PIECE_KEYS[(side.index() * 2 + usize::from(king)) * 32 + usize::from(index)]
}

/// The letter of a side in PDN FEN.
fn side_letter(side: Player) -> char {
    match side {
        Player::First => 'B',
        Player::Second => 'W',
    }
}

/// A position of English draughts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checkers {
    /// Each side's pieces, by side index (Black first).
    pub(super) pieces: [u32; 2],
    /// The crowned pieces of both sides.
    pub(super) kings: u32,
    pub(super) turn: Player,
    /// Plies in a row without a capture and without a man moving.
    pub(super) quiet_plies: u32,
    pub(super) hash: u64,
}

impl Checkers {
    fn empty(turn: Player) -> Self {
        Checkers {
            pieces: [0; 2],
            kings: 0,
            turn,
            quiet_plies: 0,
            hash: 0,
        }
    }

    /// What stands on the square with standard number `square` (1..=32), and whose it
    /// is; `None` for an empty square or a number off the board.
    pub fn piece_at(&self, square: u8) -> Option<(Player, Piece)> {
        let index = square.checked_sub(1).filter(|&index| index < 32)?;
        let side = Player::BOTH
            .into_iter()
            .find(|side| self.pieces[side.index()] & bit(index) != 0)?;
        let piece = if self.kings & bit(index) != 0 {
            Piece::King
        } else {
            Piece::Man
        };
        Some((side, piece))
    }

    /// Plies played in a row without a capture and without a man moving; the game is
    /// drawn when it reaches 80. A position read from text starts it at 0.
    pub fn quiet_plies(&self) -> u32 {
        self.quiet_plies
    }

    /// Both sides' pieces.
    #[inline]
    pub(super) fn occupied(&self) -> u32 {
        self.pieces[0] | self.pieces[1]
    }

    /// The hash computed from scratch (the no-progress counter is not part of it, so
    /// that repeated positions hash alike).
    pub(super) fn compute_hash(&self) -> u64 {
        let mut hash = 0;
        for side in Player::BOTH {
            for index in squares(self.pieces[side.index()]) {
                hash ^= piece_key(side, self.kings & bit(index) != 0, index);
            }
        }
        if self.turn == Player::Second {
            hash ^= TURN_KEY[0];
        }
        hash
    }

    /// Plays a legal move.
    pub(super) fn play(&mut self, mv: Move) {
        let us = self.turn;
        let them = us.opponent();
        let was_king = self.kings & bit(mv.from) != 0;
        let is_king = was_king || CROWNING_ROW[us.index()] & bit(mv.to) != 0;

        self.pieces[us.index()] &= !bit(mv.from);
        self.kings &= !bit(mv.from);
        self.hash ^= piece_key(us, was_king, mv.from);
        self.pieces[us.index()] |= bit(mv.to);
        if is_king {
            self.kings |= bit(mv.to);
        }
        self.hash ^= piece_key(us, is_king, mv.to);

        for index in squares(mv.captured) {
            self.hash ^= piece_key(them, self.kings & bit(index) != 0, index);
        }
        self.pieces[them.index()] &= !mv.captured;
        self.kings &= !mv.captured;

        if mv.is_capture() || !was_king {
            self.quiet_plies = 0;
        } else {
            self.quiet_plies = self.quiet_plies.saturating_add(1);
        }
        self.turn = them;
        self.hash ^= TURN_KEY[0];
    }

    /// Reads a position in PDN FEN: `B:W21,22,K30:B1,2,3`. The side to move (`B` or
    /// `W`) comes first, then each side's field (in either order) listing its squares;
    /// `K` marks a king, and a range such as `1-12` lists several men. Letters may be in
    /// either case, squares in any order, and a final `.` is allowed. The no-progress
    /// counter starts at 0.
    pub fn from_pdn(text: &str) -> Result<Self, PositionError> {
        let fail = |problem: PdnProblem| PositionError::new(text, problem.fault(), problem);
        let trimmed = text.trim();
        let trimmed = trimmed.strip_suffix('.').unwrap_or(trimmed);
        let fields: Vec<&str> = trimmed.split(':').map(str::trim).collect();
        if fields.len() != 3 {
            return Err(fail(PdnProblem::FieldCount(fields.len())));
        }
        let mut turn_letters = fields[0].chars();
        let turn = turn_letters
            .next()
            .filter(|_| turn_letters.next().is_none())
            .and_then(read_side)
            .ok_or_else(|| fail(PdnProblem::SideToMove(fields[0].into())))?;
        let mut position = Self::empty(turn);
        let mut seen = [false; 2];
        for field in &fields[1..] {
            let mut chars = field.chars();
            let side = chars
                .next()
                .and_then(read_side)
                .ok_or_else(|| fail(PdnProblem::PieceField((*field).into())))?;
            if std::mem::replace(&mut seen[side.index()], true) {
                return Err(fail(PdnProblem::SideTwice(side_name(side))));
            }
            position.read_pieces(side, chars.as_str()).map_err(fail)?;
        }
        position.validate().map_err(fail)?;
        position.hash = position.compute_hash();
        Ok(position)
    }

    /// Reads one side's comma-separated list of squares.
    fn read_pieces(&mut self, side: Player, list: &str) -> Result<(), PdnProblem> {
        let list = list.trim();
        if list.is_empty() {
            return Ok(());
        }
        for entry in list.split(',').map(str::trim) {
            let (king, squares) = match entry.strip_prefix(['K', 'k']) {
                Some(rest) => (true, rest.trim_start()),
                None => (false, entry),
            };
            let (first, last) = match squares.split_once('-') {
                Some((first, last)) => (read_square(first, entry)?, read_square(last, entry)?),
                None => {
                    let square = read_square(squares, entry)?;
                    (square, square)
                }
            };
            if first > last {
                return Err(PdnProblem::RangeBackwards(entry.into()));
            }
            for number in first..=last {
                let index = number - 1;
                if self.occupied() & bit(index) != 0 {
                    return Err(PdnProblem::SquareTwice(number));
                }
                self.pieces[side.index()] |= bit(index);
                if king {
                    self.kings |= bit(index);
                }
            }
        }
        Ok(())
    }

    /// Refuses positions no game can reach. A finished game's final position is not
    /// refused: the side to move may have no pieces or no moves; but the side that just
    /// moved must have had a piece to move.
    fn validate(&self) -> Result<(), PdnProblem> {
        for side in Player::BOTH {
            let count = self.pieces[side.index()].count_ones();
            if count > MAX_PIECES {
                return Err(PdnProblem::TooManyPieces {
                    side: side_name(side),
                    count,
                    most: MAX_PIECES,
                });
            }
            let crowned_men = self.pieces[side.index()] & !self.kings & CROWNING_ROW[side.index()];
            if let Some(index) = squares(crowned_men).next() {
                return Err(PdnProblem::ManOnCrowningRow {
                    side: side_name(side),
                    square: index + 1,
                });
            }
        }
        let mover = self.turn.opponent();
        if self.pieces[mover.index()] == 0 {
            return Err(PdnProblem::MoverHasNoPieces(side_name(mover)));
        }
        Ok(())
    }

    /// Writes the position in PDN FEN, each side's squares in ascending order.
    pub fn to_pdn(&self) -> String {
        let mut text = String::with_capacity(96);
        text.push(side_letter(self.turn));
        for side in [Player::Second, Player::First] {
            text.push(':');
            text.push(side_letter(side));
            for (count, index) in squares(self.pieces[side.index()]).enumerate() {
                if count > 0 {
                    text.push(',');
                }
                if self.kings & bit(index) != 0 {
                    text.push('K');
                }
                text += &(index + 1).to_string();
            }
        }
        text
    }
}

/// The side named by a PDN FEN letter, either case.
fn read_side(letter: char) -> Option<Player> {
    match letter {
        'B' | 'b' => Some(Player::First),
        'W' | 'w' => Some(Player::Second),
        _ => None,
    }
}

/// A side's name in error messages.
fn side_name(side: Player) -> &'static str {
    match side {
        Player::First => "Black",
        Player::Second => "White",
    }
}

/// A square number 1..=32 from `text`, which is part of `entry`.
fn read_square(text: &str, entry: &str) -> Result<u8, PdnProblem> {
    let text = text.trim();
    if text.is_empty() || !text.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(PdnProblem::NotASquare(entry.into()));
    }
    text.parse::<u8>()
        .ok()
        .filter(|number| (1..=32).contains(number))
        .ok_or_else(|| PdnProblem::OffBoard(text.into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_round_trips_and_has_twelve_men_each() {
        let start = Checkers::from_pdn(START).expect("start");
        assert_eq!(start.to_pdn(), START);
        assert_eq!(start.pieces[0], 0x0000_0FFF);
        assert_eq!(start.pieces[1], 0xFFF0_0000);
        assert_eq!(start.kings, 0);
    }

    #[test]
    fn ranges_kings_case_and_order_are_read_leniently() {
        let loose = Checkers::from_pdn(" w:b12,k3, 1-2:wK29,21. ").expect("lenient text");
        assert_eq!(loose.to_pdn(), "W:W21,K29:B1,2,K3,12");
        assert_eq!(loose.piece_at(3), Some((Player::First, Piece::King)));
        assert_eq!(loose.piece_at(29), Some((Player::Second, Piece::King)));
        assert_eq!(loose.piece_at(4), None);
        assert_eq!(loose.piece_at(0), None);
        assert_eq!(loose.piece_at(33), None);
    }
}
