//! How checkers looks: round men with a ring, crowned men with a gold crown, Black dark
//! and White light, and the standard diagram: Black's squares 1-12 at the top, White's
//! 21-32 at the bottom, each playable square numbered as the move text numbers it.

use super::geometry::cell_of;
use crate::palette::{CROWN, DARK, LIGHT, body_disc, detail_ring};
use ply_core::{Form, PieceKind, PieceLook, Player, SideColors};

/// An uncrowned man.
pub(super) const MAN: PieceKind = PieceKind(0);
/// A crowned man (a king).
pub(super) const CROWNED_MAN: PieceKind = PieceKind(1);

/// The pieces, indexed by [`MAN`] and [`CROWNED_MAN`].
pub(super) const PIECES: &[PieceLook] = &[
    PieceLook {
        name: "man",
        value: 1,
        form: Form::Man,
        recipe: &[body_disc(0.4), detail_ring(0.27)],
    },
    PieceLook {
        name: "crowned man",
        value: 2,
        form: Form::CrownedMan,
        recipe: &[body_disc(0.4), detail_ring(0.3), CROWN],
    },
];

/// White, whose men start on 21-32, sits at the bottom of the usual diagram.
pub(super) const BOTTOM: Player = Player::Second;

/// Black dark, White light.
pub(super) const fn side_colors(player: Player) -> SideColors {
    match player {
        Player::First => DARK,
        Player::Second => LIGHT,
    }
}

/// The standard number (1-32) of the playable square drawn at view cell `cell`.
pub(super) fn square_number(cell: usize) -> Option<String> {
    (0..32u8)
        .find(|&index| cell_of(index) == cell)
        .map(|index| (index + 1).to_string())
}

#[cfg(test)]
mod tests {
    use super::super::Checkers;
    use super::*;
    use crate::palette::for_each_move;
    use ply_core::{Present, Rules};

    #[test]
    fn every_number_in_a_move_labels_the_cell_its_path_passes() {
        for_each_move::<Checkers>(|position, mv| {
            let numbers: Vec<Option<String>> = position
                .move_text(mv)
                .split(['-', 'x'])
                .map(|number| Some(number.to_string()))
                .collect();
            let labels: Vec<Option<String>> = position
                .move_path(mv)
                .into_iter()
                .map(Checkers::cell_label)
                .collect();
            assert_eq!(numbers, labels);
        });
    }

    #[test]
    fn the_diagram_has_square_1_top_left_and_white_at_the_bottom() {
        let view = Checkers::start().view();
        let top_row = 7 * 8;
        assert_eq!(Checkers::cell_label(top_row + 1).as_deref(), Some("1"));
        assert_eq!(Checkers::cell_label(top_row), None);
        assert_eq!(Checkers::cell_label(6).as_deref(), Some("32"));
        let labelled = (0..64).filter_map(Checkers::cell_label).count();
        assert_eq!(labelled, 32);
        assert_eq!(view.cells[0].piece.map(|(owner, _)| owner), Some(BOTTOM));
        assert_eq!(Checkers::column_label(0), None);
        assert_eq!(Checkers::row_label(0), None);
    }
}
