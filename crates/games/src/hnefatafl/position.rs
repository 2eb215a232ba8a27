//! A hnefatafl position: the pieces as square sets, the side to move, the ply counter
//! for the move limit and the incrementally kept Zobrist hash; position text in and out;
//! playing a move with all its captures.

use super::board::{
    CORNERS, DIRECTIONS, EDGE, FILE_A, FILE_K, NEXT, OFF, RANK_1, RANK_11, RESTRICTED, SIZE, Set,
    THRONE, bit, has, squares,
};
use super::text_problem::TextProblem;
use super::{Move, Piece};
use ply_core::{Player, PositionError, zobrist};

/// The starting position's text.
pub const START: &str = "3aaaaa3/5a5/11/a4d4a/a3ddd3a/aa1ddkdd1aa/a3ddd3a/a4d4a/11/5a5/3aaaaa3 a";

/// A game that reaches this many plies is drawn.
pub const MOVE_LIMIT: u32 = 500;

static PIECE_KEYS: [u64; 3 * 121] = zobrist::keys(0x7AF1_0001);
static TURN_KEY: [u64; 1] = zobrist::keys(0x7AF1_0002);

#[inline]
fn piece_key(piece: Piece, square: u8) -> u64 {
    PIECE_KEYS[piece as usize * 121 + usize::from(square)]
}

/// A Copenhagen hnefatafl position. The hash covers the pieces and the side to move
/// (what repetition compares); the ply counter is kept beside it for the move limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hnefatafl {
    pub(super) attackers: Set,
    /// The defenders, without the king.
    pub(super) defenders: Set,
    /// Where the king stands; `None` once the attackers have captured him.
    pub(super) king: Option<u8>,
    pub(super) turn: Player,
    pub(super) plies: u32,
    pub(super) hash: u64,
}

impl Hnefatafl {
    fn empty(turn: Player) -> Self {
        Hnefatafl {
            attackers: 0,
            defenders: 0,
            king: None,
            turn,
            plies: 0,
            hash: 0,
        }
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Player {
        self.turn
    }

    /// Plies played since the position was set up (a position read from text starts
    /// at 0); the game is drawn at [`MOVE_LIMIT`].
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// Where the king stands, unless he has been captured.
    pub fn king(&self) -> Option<u8> {
        self.king
    }

    /// What stands on `square` (numbered `rank * 11 + file`).
    pub fn piece_at(&self, square: u8) -> Option<Piece> {
        if has(self.attackers, square) {
            Some(Piece::Attacker)
        } else if has(self.defenders, square) {
            Some(Piece::Defender)
        } else if self.king == Some(square) {
            Some(Piece::King)
        } else {
            None
        }
    }

    /// The number of attackers and of defenders (the king included) on the board.
    pub fn piece_counts(&self) -> (u32, u32) {
        (
            self.attackers.count_ones(),
            self.defenders.count_ones() + u32::from(self.king.is_some()),
        )
    }

    /// The king's square as a set (empty once he is captured).
    #[inline]
    pub(super) fn king_set(&self) -> Set {
        self.king.map_or(0, bit)
    }

    /// Every occupied square.
    #[inline]
    pub(super) fn occupied(&self) -> Set {
        self.attackers | self.defenders | self.king_set()
    }

    /// The pieces of `side`, the king counted with the defenders.
    #[inline]
    pub(super) fn side_pieces(&self, side: Player) -> Set {
        match side {
            Player::First => self.attackers,
            Player::Second => self.defenders | self.king_set(),
        }
    }

    /// Puts `piece` on `square`, or takes it off if it is there.
    #[inline]
    fn toggle(&mut self, piece: Piece, square: u8) {
        match piece {
            Piece::Attacker => self.attackers ^= bit(square),
            Piece::Defender => self.defenders ^= bit(square),
            Piece::King => {
                self.king = if self.king == Some(square) {
                    None
                } else {
                    Some(square)
                };
            }
        }
        self.hash ^= piece_key(piece, square);
    }

    /// The hash computed from scratch.
    pub(super) fn compute_hash(&self) -> u64 {
        let mut hash = 0;
        for square in squares(self.attackers) {
            hash ^= piece_key(Piece::Attacker, square);
        }
        for square in squares(self.defenders) {
            hash ^= piece_key(Piece::Defender, square);
        }
        if let Some(square) = self.king {
            hash ^= piece_key(Piece::King, square);
        }
        if self.turn == Player::Second {
            hash ^= TURN_KEY[0];
        }
        hash
    }

    /// Plays a legal move: slides the piece, removes what it captures (the king too, when
    /// the attackers surround him), counts the ply and passes the turn.
    pub(super) fn play(&mut self, mv: Move) {
        let Some(piece) = self.piece_at(mv.from) else {
            debug_assert!(false, "no piece on square {}", mv.from);
            return;
        };
        self.toggle(piece, mv.from);
        self.toggle(piece, mv.to);
        let captured = self.captures_by(mv.to, piece.side());
        match piece.side() {
            Player::First => {
                for square in squares(captured) {
                    self.toggle(Piece::Defender, square);
                }
                if let Some(king) = self.king.filter(|&king| self.king_is_taken(king, mv.to)) {
                    self.toggle(Piece::King, king);
                }
            }
            Player::Second => {
                for square in squares(captured) {
                    self.toggle(Piece::Attacker, square);
                }
            }
        }
        self.plies += 1;
        self.turn = self.turn.opponent();
        self.hash ^= TURN_KEY[0];
    }

    /// The position with the turn handed to the other side and nothing moved, for the
    /// search's null-move pruning.
    pub(super) fn passed(&self) -> Self {
        let mut passed = *self;
        passed.turn = passed.turn.opponent();
        passed.hash ^= TURN_KEY[0];
        passed
    }

    /// The ordinary enemy pieces (never the king) captured by `mover`'s piece that has
    /// just landed on `to`: custodial captures on all four sides plus shieldwalls.
    fn captures_by(&self, to: u8, mover: Player) -> Set {
        let ours = self.side_pieces(mover);
        let (targets, hostile) = match mover {
            // The throne is hostile to defenders only while it is empty.
            Player::First => (self.defenders, CORNERS | (bit(THRONE) & !self.occupied())),
            Player::Second => (self.attackers, RESTRICTED),
        };
        let anvils = ours | hostile;
        let mut captured = 0;
        for direction in DIRECTIONS {
            let victim = NEXT[direction][usize::from(to)];
            if victim == OFF || !has(targets, victim) {
                continue;
            }
            let beyond = NEXT[direction][usize::from(victim)];
            if beyond != OFF && has(anvils, beyond) {
                captured |= bit(victim);
            }
        }
        if has(EDGE, to) {
            captured |= self.shieldwall_captures(to, mover);
        }
        captured
    }

    /// The pieces of a shieldwall closed by `mover`'s piece landing on the edge square
    /// `to`: a row of two or more enemy pieces running along the edge from `to`, closed
    /// at its far end by one of `mover`'s pieces or a corner, with one of `mover`'s pieces
    /// in front of every piece of the row. The king is never taken this way.
    fn shieldwall_captures(&self, to: u8, mover: Player) -> Set {
        let ours = self.side_pieces(mover);
        let theirs = self.side_pieces(mover.opponent());
        let mut captured = 0;
        for (edge, inward) in [(RANK_1, 0), (FILE_A, 1), (RANK_11, 2), (FILE_K, 3)] {
            if !has(edge, to) {
                continue;
            }
            let along = [(inward + 1) % 4, (inward + 3) % 4];
            for direction in along {
                let mut row: Set = 0;
                let mut square = NEXT[direction][usize::from(to)];
                while square != OFF && has(theirs, square) {
                    let front = NEXT[inward][usize::from(square)];
                    if !has(ours, front) {
                        row = 0;
                        break;
                    }
                    row |= bit(square);
                    square = NEXT[direction][usize::from(square)];
                }
                let closed = square != OFF && has(ours | CORNERS, square);
                if closed && row.count_ones() >= 2 {
                    captured |= row & !self.king_set();
                }
            }
        }
        captured
    }

    /// Whether the king on `king` is captured by the attacker that just landed on
    /// `landed`: attackers (or the empty throne) on all four sides, never on the edge.
    fn king_is_taken(&self, king: u8, landed: u8) -> bool {
        if has(EDGE, king) {
            return false;
        }
        let mut touches_mover = false;
        for direction in DIRECTIONS {
            let side = NEXT[direction][usize::from(king)];
            touches_mover |= side == landed;
            if !has(self.attackers | bit(THRONE), side) {
                return false;
            }
        }
        touches_mover
    }

    /// Reads a position: 11 ranks from 11 down to 1 separated by `/` (`a` attacker,
    /// `d` defender, `k` king, a number for a run of empty squares), a space, and the
    /// side to move (`a` or `d`). The ply counter starts at 0.
    pub fn from_text(text: &str) -> Result<Self, PositionError> {
        let fail = |problem: TextProblem| PositionError::new(text, problem.fault(), problem);
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [board, side] = fields[..] else {
            return Err(fail(TextProblem::FieldCount(fields.len())));
        };
        let turn = match side {
            "a" => Player::First,
            "d" => Player::Second,
            other => return Err(fail(TextProblem::SideToMove(other.into()))),
        };
        let mut position = Self::empty(turn);
        position.read_board(board).map_err(fail)?;
        position.validate().map_err(fail)?;
        position.hash = position.compute_hash();
        Ok(position)
    }

    fn read_board(&mut self, board: &str) -> Result<(), TextProblem> {
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != usize::from(SIZE) {
            return Err(TextProblem::RankCount(rows.len()));
        }
        for (row_index, row) in rows.iter().enumerate() {
            let rank = SIZE - 1 - row_index as u8;
            let mut file: u32 = 0;
            let mut run: u32 = 0;
            for c in row.chars() {
                if let Some(digit) = c.to_digit(10) {
                    if run == 0 && digit == 0 {
                        return Err(TextProblem::LeadingZero(rank + 1));
                    }
                    run = run * 10 + digit;
                    if file + run > u32::from(SIZE) {
                        return Err(TextProblem::RankTooLong(rank + 1));
                    }
                    continue;
                }
                file += run;
                run = 0;
                let piece = Piece::from_letter(c).ok_or(TextProblem::PieceLetter(c))?;
                if file >= u32::from(SIZE) {
                    return Err(TextProblem::RankTooLong(rank + 1));
                }
                let square = rank * SIZE + file as u8;
                if piece == Piece::King && self.king.is_some() {
                    return Err(TextProblem::SecondKing);
                }
                self.toggle(piece, square);
                file += 1;
            }
            file += run;
            if file != u32::from(SIZE) {
                return Err(TextProblem::RankTooShort {
                    rank: rank + 1,
                    found: file,
                });
            }
        }
        Ok(())
    }

    /// Refuses positions no game can reach. A finished game's final position is not
    /// refused: the king may be gone or hemmed in after the attackers' move, or on a
    /// corner after the defenders' move.
    fn validate(&self) -> Result<(), TextProblem> {
        for (side, count, letter, besides) in [
            ("attackers", self.attackers.count_ones(), 'a', ""),
            (
                "defenders",
                self.defenders.count_ones(),
                'd',
                " besides the king",
            ),
        ] {
            let board = START.split_whitespace().next().unwrap_or_default();
            let most = board.chars().filter(|&c| c == letter).count() as u32;
            if count > most {
                return Err(TextProblem::TooManyPieces {
                    side,
                    count,
                    most,
                    besides,
                });
            }
        }
        let blocked = (self.attackers | self.defenders) & RESTRICTED;
        if let Some(square) = squares(blocked).next() {
            return Err(TextProblem::Restricted(super::square_name(square)));
        }
        match self.king {
            None if self.turn == Player::First => Err(TextProblem::KingMissing),
            Some(king) if has(CORNERS, king) && self.turn == Player::Second => {
                Err(TextProblem::KingOnCorner)
            }
            Some(king) if self.king_hemmed_in(king) && self.turn == Player::First => {
                Err(TextProblem::KingTakenEarlier)
            }
            _ => Ok(()),
        }
    }

    /// Writes the position text (without the ply counter).
    pub fn to_text(&self) -> String {
        let mut text = String::with_capacity(64);
        for rank in (0..SIZE).rev() {
            let mut empty = 0;
            for file in 0..SIZE {
                match self.piece_at(rank * SIZE + file) {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            text += &empty.to_string();
                            empty = 0;
                        }
                        text.push(piece.letter());
                    }
                }
            }
            if empty > 0 {
                text += &empty.to_string();
            }
            if rank > 0 {
                text.push('/');
            }
        }
        text.push_str(match self.turn {
            Player::First => " a",
            Player::Second => " d",
        });
        text
    }

    /// Every square on the board that `mv` would capture on (the king's included).
    pub fn captured_by(&self, mv: Move) -> Vec<u8> {
        let mut after = *self;
        after.play(mv);
        let enemy = self.turn.opponent();
        squares(self.side_pieces(enemy) & !after.side_pieces(enemy)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_reads_and_writes_back() {
        let start = Hnefatafl::from_text(START).expect("start position");
        assert_eq!(start.to_text(), START);
        assert_eq!(start.piece_counts(), (24, 13));
        assert_eq!(start.king(), Some(THRONE));
        assert_eq!(start.hash, start.compute_hash());
    }

    #[test]
    fn bad_boards_are_rejected() {
        for bad in [
            "",
            "11/11/11/11/11/11/11/11/11/11/11",
            "11/11/11/11/11/11/11/11/11/11 a",
            "11/11/11/11/11/11/11/11/11/11/11 x",
            "12/11/11/11/11/11/11/11/11/11/11 a",
            "10/11/11/11/11/11/11/11/11/11/11 a",
            "011/11/11/11/11/11/11/11/11/11/11 a",
            "11/11/11/11/11/5q5/11/11/11/11/11 a",
            "11/11/11/11/11/5a5/11/11/11/11/11 a",
            "k10/11/11/11/11/11/11/11/11/11/11 d",
            "11/11/11/11/11/11/11/11/11/11/11 a",
            "11/11/11/11/11/4k1k4/11/11/11/11/11 a",
        ] {
            assert!(Hnefatafl::from_text(bad).is_err(), "{bad}");
        }
    }
}
