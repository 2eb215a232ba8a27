//! Checkers positions set up by hand: a [`Setup`] written as PDN FEN for `from_pdn` to
//! judge (at most twelve pieces a side, no man on its crowning row), and a position
//! described as a setup to edit. Pieces stand on the 32 dark squares only.

use super::geometry::cell_of;
use super::look::{CROWNED_MAN, MAN};
use super::position::Checkers;
use ply_core::{Compose, PieceKind, Player, PositionError, PositionFault, Present, Setup};

/// The side letters of PDN FEN, by player index.
const SIDE_LETTERS: [char; 2] = ['B', 'W'];

/// The square index (0..32) drawn at view cell `cell`, if the cell is a playing square.
fn square_at(cell: usize) -> Option<u8> {
    (0..32).find(|&index| cell_of(index) == cell)
}

fn refused(reason: impl std::fmt::Display) -> PositionError {
    PositionError::new("", PositionFault::Notation, reason)
}

impl Compose for Checkers {
    const PALETTE: &'static [(Player, PieceKind)] = &[
        (Player::First, MAN),
        (Player::First, CROWNED_MAN),
        (Player::Second, MAN),
        (Player::Second, CROWNED_MAN),
    ];

    fn setup_text(setup: &Setup) -> Result<String, PositionError> {
        if setup.width != 8 || setup.height != 8 || setup.cells.len() != 64 {
            return Err(refused("a checkers board is 8 by 8 squares"));
        }
        let mut lists: [Vec<(u8, &str)>; 2] = [Vec::new(), Vec::new()];
        for (cell, (side, kind)) in setup.pieces() {
            let index = square_at(cell).ok_or_else(|| {
                refused("checkers pieces stand only on the dark squares, numbered 1 to 32")
            })?;
            let crown = match kind {
                MAN => "",
                CROWNED_MAN => "K",
                other => return Err(refused(format!("piece kind {} is not a checker", other.0))),
            };
            lists[side.index()].push((index, crown));
        }
        let mut text = String::with_capacity(96);
        text.push(SIDE_LETTERS[setup.to_move.index()]);
        for side in [Player::Second, Player::First] {
            let mut squares = std::mem::take(&mut lists[side.index()]);
            squares.sort_unstable();
            text.push(':');
            text.push(SIDE_LETTERS[side.index()]);
            let written: Vec<String> = squares
                .iter()
                .map(|(index, crown)| format!("{crown}{}", index + 1))
                .collect();
            text += &written.join(",");
        }
        Ok(text)
    }

    fn setup(&self) -> Setup {
        let view = self.view();
        Setup {
            cells: view.cells.iter().map(|cell| cell.piece).collect(),
            to_move: self.turn,
            ..Setup::empty(view.width, view.height)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_core::Rules;

    #[test]
    fn the_start_is_written_as_its_pdn_and_comes_back() {
        let start = Checkers::start().setup();
        assert_eq!(
            Checkers::setup_text(&start).expect("written"),
            super::super::position::START
        );
        assert_eq!(Checkers::compose(&start).expect("accepted").setup(), start);
    }

    #[test]
    fn impossible_boards_are_refused_with_their_reason() {
        let mut thirteen = Checkers::start().setup();
        let free = (0..64)
            .find(|&cell| square_at(cell).is_some() && thirteen.cells[cell].is_none())
            .expect("an empty dark square");
        thirteen.cells[free] = Some((Player::First, CROWNED_MAN));
        let error = Checkers::compose(&thirteen).expect_err("thirteen pieces");
        assert_eq!(error.fault, PositionFault::Impossible);
        assert_eq!(error.reason, "Black has 13 pieces; a side has at most 12");

        let mut crowning = Setup::empty(8, 8);
        crowning.cells[cell_of(0)] = Some((Player::Second, MAN));
        crowning.cells[cell_of(31)] = Some((Player::First, CROWNED_MAN));
        let error = Checkers::compose(&crowning).expect_err("a man on its crowning row");
        assert_eq!(
            error.reason,
            "White has a man on square 1, its crowning row; write it as a king (K1)"
        );

        let error = Checkers::compose(&Setup::empty(8, 8)).expect_err("nobody moved");
        assert_eq!(
            error.reason,
            "White has no pieces, so it cannot have made the last move"
        );

        let mut light = Setup::empty(8, 8);
        light.cells[1] = Some((Player::First, MAN));
        assert!(Checkers::setup_text(&light).is_err());
    }
}
