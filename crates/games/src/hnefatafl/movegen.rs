//! Move generation: every piece slides like a rook through empty squares; only the king
//! may stop on the throne or a corner, and anyone may pass over the empty throne.

use super::Move;
use super::board::{DIRECTIONS, NEXT, OFF, RESTRICTED, has, squares};
use super::position::Hnefatafl;
use ply_core::Player;

impl Hnefatafl {
    /// Appends every legal move to `out`; nothing once the position is decided.
    pub(super) fn generate(&self, out: &mut Vec<Move>) {
        if self.decided().is_none() {
            self.push_moves(out);
        }
    }

    /// Appends the side to move's slides, whether or not the game is decided.
    pub(super) fn push_moves(&self, out: &mut Vec<Move>) {
        let occupied = self.occupied();
        match self.turn {
            Player::First => {
                for from in squares(self.attackers) {
                    slide(from, RESTRICTED, occupied, out);
                }
            }
            Player::Second => {
                for from in squares(self.defenders) {
                    slide(from, RESTRICTED, occupied, out);
                }
                if let Some(king) = self.king {
                    slide(king, 0, occupied, out);
                }
            }
        }
    }
}

/// Appends the moves of the piece on `from` along all four lines, stopping before the
/// first occupied square and never stopping on a square of `forbidden`.
#[inline]
fn slide(from: u8, forbidden: u128, occupied: u128, out: &mut Vec<Move>) {
    for direction in DIRECTIONS {
        let line = &NEXT[direction];
        let mut to = line[usize::from(from)];
        while to != OFF && !has(occupied, to) {
            if !has(forbidden, to) {
                out.push(Move { from, to });
            }
            to = line[usize::from(to)];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hnefatafl::START;

    #[test]
    fn the_start_has_116_moves() {
        let mut moves = Vec::new();
        Hnefatafl::from_text(START)
            .expect("start")
            .generate(&mut moves);
        assert_eq!(moves.len(), 116);
    }

    #[test]
    fn pieces_pass_over_the_empty_throne_but_do_not_stop() {
        let position =
            Hnefatafl::from_text("11/11/11/11/11/3d7/11/11/11/1k9/11 d").expect("position");
        let mut moves = Vec::new();
        position.generate(&mut moves);
        let from = 5 * 11 + 3;
        let east: Vec<u8> = moves
            .iter()
            .filter(|mv| mv.from == from && mv.to / 11 == 5 && mv.to > from)
            .map(|mv| mv.to)
            .collect();
        assert_eq!(
            east,
            vec![from + 1, from + 3, from + 4, from + 5, from + 6, from + 7]
        );
    }
}
