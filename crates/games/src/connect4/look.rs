//! How Connect Four looks: red and yellow counters with a ring, Red first and at the
//! bottom (the grid never turns), and columns numbered 1-7 as the move text numbers them.

use crate::palette::{body_disc, detail_ring};
use ply_core::{Form, PieceKind, PieceLook, Player, Rgb, SideColors};

/// The one kind of piece.
pub(super) const COUNTER: PieceKind = PieceKind(0);

/// The pieces, indexed by [`COUNTER`].
pub(super) const PIECES: &[PieceLook] = &[PieceLook {
    name: "counter",
    value: 0,
    form: Form::Counter,
    recipe: &[body_disc(0.4), detail_ring(0.27)],
}];

/// Red, then yellow.
pub(super) const fn side_colors(player: Player) -> SideColors {
    match player {
        Player::First => SideColors {
            fill: Rgb(214, 40, 40),
            outline: Rgb(110, 10, 10),
            detail: Rgb(110, 10, 10),
        },
        Player::Second => SideColors {
            fill: Rgb(245, 200, 30),
            outline: Rgb(130, 95, 0),
            detail: Rgb(130, 95, 0),
        },
    }
}

/// The number of `column` (1 at the left) on a grid `width` wide.
pub(super) fn column_number(column: usize, width: u8) -> Option<String> {
    (column < usize::from(width)).then(|| (column + 1).to_string())
}

#[cfg(test)]
mod tests {
    use super::super::ConnectFour;
    use crate::palette::for_each_move;
    use ply_core::{Present, Rules};

    #[test]
    fn column_numbers_agree_with_the_move_text() {
        for_each_move::<ConnectFour>(|position, mv| {
            let width = position.view().width;
            let landing = position.move_path(mv)[0];
            assert_eq!(
                ConnectFour::column_label(landing % width),
                Some(position.move_text(mv))
            );
        });
        assert_eq!(ConnectFour::column_label(7), None);
        assert_eq!(ConnectFour::row_label(0), None);
    }
}
