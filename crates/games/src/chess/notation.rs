//! Move text for the chess family: UCI long algebraic (`e2e4`, `e7e8q`, `a14a12`) for
//! machines and files, SAN (`Nf3`, `exd5`, `O-O`, `e8=Q+`) for the move list people read.

use super::bits::Bits;
use super::position::Chess;
use super::variants::Variant;
use super::{Move, Role};
use ply_core::{MoveError, Outcome};

impl<V: Variant> Chess<V> {
    /// The move in UCI notation.
    pub fn uci(&self, mv: Move) -> String {
        let mut text = Self::square_name(mv.from) + &Self::square_name(mv.to);
        if let Some(role) = mv.promotion {
            text.push(role.letter());
        }
        text
    }

    /// Reads a UCI move's squares and promotion, without judging whether it is legal.
    pub(super) fn read_uci(text: &str) -> Result<Move, MoveError> {
        let malformed = |reason: &str| MoveError::malformed(text, reason);
        let (from, rest) = Self::parse_square(text)
            .ok_or_else(|| malformed("expected a from-square such as e2"))?;
        let (to, rest) =
            Self::parse_square(rest).ok_or_else(|| malformed("expected a to-square such as e4"))?;
        let promotion = match rest {
            "" => None,
            _ => {
                let mut chars = rest.chars();
                let role = chars
                    .next()
                    .and_then(Role::from_letter)
                    .filter(|role| Role::PROMOTIONS.contains(role) && chars.next().is_none())
                    .ok_or_else(|| malformed("a promotion must be one of q, r, b, n"))?;
                Some(role)
            }
        };
        Ok(Move {
            from,
            to,
            promotion,
        })
    }

    /// Reads a UCI move and finds it among the legal moves.
    pub fn parse_uci(&self, text: &str) -> Result<Move, MoveError> {
        let text = text.trim();
        let wanted = Self::read_uci(text)?;
        let mut moves = Vec::with_capacity(64);
        self.generate(&mut moves);
        if moves.contains(&wanted) {
            Ok(wanted)
        } else {
            Err(MoveError::illegal(text))
        }
    }

    /// The move in standard algebraic notation, with `+` for check and `#` for a move
    /// that wins the game on the spot.
    pub fn san(&self, mv: Move) -> String {
        let Some((us, role)) = self.piece_at(mv.from) else {
            return self.uci(mv);
        };
        let mut text = String::with_capacity(8);
        if role == Role::King && V::CASTLING && mv.from.abs_diff(mv.to) == 2 {
            text.push_str(if mv.to > mv.from { "O-O" } else { "O-O-O" });
        } else {
            let file_of = |square: u8| (b'a' + square % Self::FILES) as char;
            let capture = self.occupied().has(mv.to)
                || (role == Role::Pawn && mv.from % Self::FILES != mv.to % Self::FILES);
            if role == Role::Pawn {
                if capture {
                    text.push(file_of(mv.from));
                }
            } else {
                text.push(role.letter().to_ascii_uppercase());
                let mut moves = Vec::with_capacity(64);
                self.generate(&mut moves);
                let rivals: Vec<u8> = moves
                    .iter()
                    .filter(|other| {
                        other.to == mv.to
                            && other.from != mv.from
                            && self.piece_at(other.from).map(|(_, r)| r) == Some(role)
                    })
                    .map(|other| other.from)
                    .collect();
                if !rivals.is_empty() {
                    let same_file = rivals
                        .iter()
                        .any(|&sq| sq % Self::FILES == mv.from % Self::FILES);
                    let same_rank = rivals
                        .iter()
                        .any(|&sq| sq / Self::FILES == mv.from / Self::FILES);
                    if !same_file {
                        text.push(file_of(mv.from));
                    } else if !same_rank {
                        text += &(mv.from / Self::FILES + 1).to_string();
                    } else {
                        text += &Self::square_name(mv.from);
                    }
                }
            }
            if capture {
                text.push('x');
            }
            text += &Self::square_name(mv.to);
            if let Some(promotion) = mv.promotion {
                text.push('=');
                text.push(promotion.letter().to_ascii_uppercase());
            }
        }
        let mut after = *self;
        after.play(mv);
        match after.position_outcome() {
            Some(Outcome::Win { winner, .. }) if winner == us => text.push('#'),
            _ if after.in_check(us.opponent()) => text.push('+'),
            _ => {}
        }
        text
    }
}
