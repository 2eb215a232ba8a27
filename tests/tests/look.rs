//! Every mode's look is complete and sane: each kind of piece that appears on its board
//! (from the start and along random games) has a look, recipes stay inside their cell,
//! the two sides differ in colour, and the edge labels name every column and row or none.

use ply_core::{Paint, PieceKind, Player};
use ply_modes::{AnyGame, MODES};
use std::collections::BTreeSet;

/// The kinds of piece seen on the board along a few random games of `game`'s mode.
fn kinds_seen(game: &dyn AnyGame, seed: u64) -> BTreeSet<PieceKind> {
    let mut seen = BTreeSet::new();
    let mut state = seed | 1;
    for _ in 0..6 {
        let mut game = game.clone_box();
        for _ in 0..300 {
            seen.extend(
                game.view()
                    .cells
                    .iter()
                    .filter_map(|cell| cell.piece)
                    .map(|(_, kind)| kind),
            );
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let code = moves[(state % moves.len() as u64) as usize];
            game.play(code).expect("a legal move plays");
        }
    }
    seen
}

#[test]
fn every_piece_on_the_board_has_a_look() {
    for mode in MODES {
        let game = mode.new_game();
        let seen = kinds_seen(game.as_ref(), 0x600D);
        assert!(!seen.is_empty(), "{}: no pieces seen", mode.id);
        for kind in seen {
            assert!(
                game.piece(kind).is_some(),
                "{}: {kind:?} has no look",
                mode.id
            );
        }
    }
}

#[test]
fn recipes_stay_in_their_cell_and_have_a_body() {
    for mode in MODES {
        let game = mode.new_game();
        for look in game.pieces() {
            assert!(
                look.recipe
                    .iter()
                    .any(|stroke| stroke.paint() == Paint::Body),
                "{} {}: nothing to outline",
                mode.id,
                look.name
            );
            for stroke in look.recipe {
                let ((left, top), (right, bottom)) = stroke.bounds();
                assert!(
                    left >= 0.0 && top >= 0.0 && right <= 1.0 && bottom <= 1.0,
                    "{} {}: {stroke:?} leaves the cell",
                    mode.id,
                    look.name
                );
            }
        }
    }
}

#[test]
fn sides_differ_in_colour() {
    for mode in MODES {
        let game = mode.new_game();
        assert_ne!(
            game.side_colors(Player::First).fill,
            game.side_colors(Player::Second).fill,
            "{}",
            mode.id
        );
    }
}

/// Whether `labels` of an edge `count` long name every place on it, or none, and stop
/// at its end.
fn names_all_or_none(labels: impl Fn(usize) -> Option<String>, count: usize) -> bool {
    let named: BTreeSet<String> = (0..count).filter_map(&labels).collect();
    (named.is_empty() || named.len() == count) && labels(count).is_none()
}

#[test]
fn edge_labels_name_every_column_and_row_or_none() {
    for mode in MODES {
        let game = mode.new_game();
        let view = game.view();
        assert!(
            names_all_or_none(|column| game.column_label(column), view.width),
            "{}: columns",
            mode.id
        );
        assert!(
            names_all_or_none(|row| game.row_label(row), view.height),
            "{}: rows",
            mode.id
        );
    }
}
