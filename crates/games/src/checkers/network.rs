//! Checkers's pieces as the network on the pieces (`crate::chess::network`) sees them,
//! so that checkers learns its evaluation with the same network, trainer and file as
//! the chess family: a man feeds the inputs of a pawn, a king those of a king, and
//! the 32 squares sit on chess squares laid out so that the network's colour mirror
//! (top to bottom) is checkers's (a half turn of the board).

use super::geometry::{bit, squares};
use super::position::Checkers;
use crate::chess::Role;
use ply_core::Player;

/// The chess square (0..64) that stands for the checkers square `index` (0..32): its
/// row, and its place in the row counted from the left in the top half and from the
/// right in the bottom half. A half turn takes `index` to `31 - index`, which lands on
/// this square mirrored top to bottom (`^ 56`).
fn network_square(index: u8) -> u8 {
    let (row, place) = (index / 4, index % 4);
    let place = if row < 4 { place } else { 3 - place };
    row * 8 + place
}

impl Checkers {
    /// Every piece as the network sees it: its owner, a pawn for a man or a king for a
    /// king, and its chess square ([`network_square`]).
    pub fn network_pieces(&self) -> impl Iterator<Item = (Player, Role, u8)> + '_ {
        Player::BOTH.into_iter().flat_map(move |side| {
            squares(self.pieces[side.index()]).map(move |index| {
                let role = if self.kings & bit(index) != 0 {
                    Role::King
                } else {
                    Role::Pawn
                };
                (side, role, network_square(index))
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_half_turn_of_the_board_is_the_network_s_mirror_and_no_two_squares_meet() {
        let mut seen = std::collections::HashSet::new();
        for index in 0..32 {
            assert_eq!(network_square(31 - index), network_square(index) ^ 56);
            assert!(seen.insert(network_square(index)), "{index}");
        }
    }
}
