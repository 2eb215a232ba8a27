//! How hnefatafl looks: dark attackers with a ring, light defenders with a dot, a light
//! king with a gold crown, the attackers at the bottom, files a-k and ranks 1-11 as the
//! move text names squares.

use super::Piece;
use crate::palette::{CROWN, DARK, LIGHT, body_disc, detail_ring};
use ply_core::{Form, Paint, PieceKind, PieceLook, Player, SideColors, Stroke};

/// The pieces, in the order of [`Piece`].
pub(super) const PIECES: &[PieceLook] = &[
    PieceLook {
        name: "attacker",
        value: 1,
        form: Form::Attacker,
        recipe: &[body_disc(0.4), detail_ring(0.27)],
    },
    PieceLook {
        name: "defender",
        value: 1,
        form: Form::Defender,
        recipe: &[
            body_disc(0.36),
            Stroke::Disc {
                center: (0.5, 0.5),
                radius: 0.1,
                paint: Paint::Detail,
            },
        ],
    },
    PieceLook {
        name: "king",
        value: 0,
        form: Form::Chieftain,
        recipe: &[body_disc(0.42), CROWN],
    },
];

/// The attackers, who move first, sit at the bottom: the start is symmetric, so this
/// follows chess in putting the first player nearest the players' edge of the diagram.
pub(super) const BOTTOM: Player = Player::First;

/// The kind a piece is drawn as: its index in [`PIECES`].
pub(super) const fn kind(piece: Piece) -> PieceKind {
    PieceKind(match piece {
        Piece::Attacker => 0,
        Piece::Defender => 1,
        Piece::King => 2,
    })
}

/// Attackers dark, defenders light.
pub(super) const fn side_colors(player: Player) -> SideColors {
    match player {
        Player::First => DARK,
        Player::Second => LIGHT,
    }
}

/// The file letter of `column` (a to k), as in the move text.
pub(super) fn file_label(column: usize, size: u8) -> Option<String> {
    (column < usize::from(size)).then(|| char::from(b'a' + column as u8).to_string())
}

/// The rank number of `row` (1 to 11, row 0 at the bottom), as in the move text.
pub(super) fn rank_label(row: usize, size: u8) -> Option<String> {
    (row < usize::from(size)).then(|| (row + 1).to_string())
}

#[cfg(test)]
mod tests {
    use super::super::Hnefatafl;
    use super::*;
    use crate::palette::for_each_move;
    use ply_core::{Present, Rules};

    #[test]
    fn labels_agree_with_the_move_text() {
        for_each_move::<Hnefatafl>(|position, mv| {
            let width = position.view().width;
            let name = |cell: usize| {
                Hnefatafl::column_label(cell % width).expect("file")
                    + &Hnefatafl::row_label(cell / width).expect("rank")
            };
            let path = position.move_path(mv);
            let spelled = format!("{}-{}", name(path[0]), name(path[1]));
            assert_eq!(position.move_text(mv), spelled);
        });
    }

    #[test]
    fn every_piece_has_its_own_look() {
        let pieces = [Piece::Attacker, Piece::Defender, Piece::King];
        for (index, piece) in pieces.into_iter().enumerate() {
            assert_eq!(kind(piece), PieceKind(index as u8));
        }
        assert_eq!(Hnefatafl::column_label(10).as_deref(), Some("k"));
        assert_eq!(Hnefatafl::column_label(11), None);
        assert_eq!(Hnefatafl::row_label(10).as_deref(), Some("11"));
    }
}
