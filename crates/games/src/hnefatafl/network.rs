//! Hnefatafl's pieces as the network on the pieces (`crate::chess::network`) sees them,
//! so that hnefatafl learns with the same network, trainer and file as the chess family.
//! Here the network does not replace the weight table but corrects it: the table sees
//! the king's open lines, which a network on single pieces learns poorly, and the
//! network adds what the computer's own searches found the table to miss. The board is
//! first turned or reflected so that the king stands in one eighth of it, which makes
//! the eight symmetric positions one (or two, when the king stands on a line of
//! symmetry). Each kind of piece then takes two of the network's six roles, one per
//! block of 64 of the 121 squares: attackers a pawn's and a knight's, defenders a
//! bishop's and a rook's, the king a queen's and a king's. No two kinds share a role,
//! so the two sides, which play different games, never share weights.

use super::Piece;
use super::board::{MIDDLE, SIZE, SQUARES, squares};
use super::position::Hnefatafl;
use crate::chess::Role;
use ply_core::Player;

/// A symmetry of the board: a reflection across the middle file, across the middle
/// rank, and across the diagonal a1-k11, applied in that order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Symmetry {
    mirror_files: bool,
    mirror_ranks: bool,
    transpose: bool,
}

impl Symmetry {
    /// The symmetry that takes `square` into the eighth of the board with file and
    /// rank at most the middle's and the file at most the rank.
    const fn toward_home(square: u8) -> Symmetry {
        let (file, rank) = (square % SIZE, square / SIZE);
        let mirror_files = file > MIDDLE;
        let mirror_ranks = rank > MIDDLE;
        let file = if mirror_files { SIZE - 1 - file } else { file };
        let rank = if mirror_ranks { SIZE - 1 - rank } else { rank };
        Symmetry {
            mirror_files,
            mirror_ranks,
            transpose: file > rank,
        }
    }

    /// Where `square` goes.
    const fn apply(self, square: u8) -> u8 {
        let (mut file, mut rank) = (square % SIZE, square / SIZE);
        if self.mirror_files {
            file = SIZE - 1 - file;
        }
        if self.mirror_ranks {
            rank = SIZE - 1 - rank;
        }
        if self.transpose {
            (file, rank) = (rank, file);
        }
        rank * SIZE + file
    }
}

/// The role and chess square (0..64) on which a `piece` on `square` (0..121) feeds the
/// network: the kind's first role for the squares below 64, its second for the rest.
fn network_input(piece: Piece, square: u8) -> (Role, u8) {
    let (low, high) = match piece {
        Piece::Attacker => (Role::Pawn, Role::Knight),
        Piece::Defender => (Role::Bishop, Role::Rook),
        Piece::King => (Role::Queen, Role::King),
    };
    if square < 64 {
        (low, square)
    } else {
        (high, square - 64)
    }
}

impl Hnefatafl {
    /// Every piece as the network sees it: its side, and the role and chess square of
    /// [`network_input`] after the board is turned to bring the king home
    /// ([`Symmetry::toward_home`]).
    pub fn network_pieces(&self) -> impl Iterator<Item = (Player, Role, u8)> + '_ {
        let symmetry = Symmetry::toward_home(self.king.unwrap_or(0));
        let kinds = [
            (Piece::Attacker, self.attackers),
            (Piece::Defender, self.defenders),
            (Piece::King, self.king_set()),
        ];
        kinds.into_iter().flat_map(move |(piece, set)| {
            squares(set).map(move |square| {
                let (role, square) = network_input(piece, symmetry.apply(square));
                (piece.side(), role, square)
            })
        })
    }
}

/// Every square is some square's image and no two meet: a check on [`Symmetry::apply`].
const _: () = {
    let mut square = 0;
    while square < SQUARES as u8 {
        let home = Symmetry::toward_home(square).apply(square);
        assert!(home % SIZE <= home / SIZE && home / SIZE <= MIDDLE);
        square += 1;
    }
};

#[cfg(test)]
mod tests {
    use super::super::board::bit;
    use super::*;
    use ply_core::Rules;
    use std::collections::HashSet;

    /// The position with its board turned by `symmetry` (read back from its text, so
    /// that it is whole).
    fn turned(position: &Hnefatafl, symmetry: Symmetry) -> Hnefatafl {
        let turn_set = |set| squares(set).fold(0, |turned, s| turned | bit(symmetry.apply(s)));
        let turned = Hnefatafl {
            attackers: turn_set(position.attackers),
            defenders: turn_set(position.defenders),
            king: position.king.map(|king| symmetry.apply(king)),
            ..*position
        };
        Hnefatafl::from_text(&turned.to_text()).expect("a turned position reads")
    }

    fn all_symmetries() -> Vec<Symmetry> {
        let mut all = Vec::new();
        for bits in 0..8 {
            all.push(Symmetry {
                mirror_files: bits & 1 != 0,
                mirror_ranks: bits & 2 != 0,
                transpose: bits & 4 != 0,
            });
        }
        all
    }

    #[test]
    fn each_symmetry_takes_the_board_onto_itself() {
        for symmetry in all_symmetries() {
            let images: HashSet<u8> = (0..SQUARES as u8).map(|s| symmetry.apply(s)).collect();
            assert_eq!(images.len(), SQUARES, "{symmetry:?}");
        }
    }

    #[test]
    fn the_eight_turns_of_a_position_feed_the_network_alike() {
        // The king on i4, off the board's lines of symmetry.
        let position = Hnefatafl::from_text(
            "3aa1aa3/5a5/1a9/a4d4a/a2d1d4a/aa1d2d2aa/a3ddd3a/a7k1a/11/5a5/3aaaaa3 d",
        )
        .expect("position");
        let seen = |position: &Hnefatafl| {
            let mut inputs: Vec<_> = position.network_pieces().collect();
            inputs.sort_by_key(|&(side, role, square)| (side.index(), role as u8, square));
            inputs
        };
        let expected = seen(&position);
        assert_eq!(expected.len(), 24 + 8 + 1);
        for symmetry in all_symmetries() {
            assert_eq!(seen(&turned(&position, symmetry)), expected, "{symmetry:?}");
        }
    }

    #[test]
    fn no_two_pieces_of_a_board_share_an_input_and_the_sides_share_no_role() {
        let position = Hnefatafl::start();
        let mut seen = HashSet::new();
        let mut sides: [Option<Player>; 6] = [None; 6];
        for (side, role, square) in position.network_pieces() {
            assert!(seen.insert((side, role as u8, square)));
            assert_eq!(*sides[role as usize].get_or_insert(side), side, "{role:?}");
        }
        assert_eq!(seen.len(), 37);
        let king = position
            .network_pieces()
            .find(|&(_, role, _)| matches!(role, Role::Queen | Role::King));
        assert_eq!(king, Some((Player::Second, Role::Queen, 60)));
    }
}
