//! A drawing-library-free picture of a position, so that screens can draw any mode and
//! the front end's logic can be tested without a window.

use crate::{PieceKind, Player};
use serde::{Deserialize, Serialize};

/// Something about a square itself, beyond what stands on it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CellMark {
    /// An ordinary square.
    #[default]
    Plain,
    /// A square that is not part of the board (hole chess).
    Hole,
    /// A square with a rule of its own (the hill, the throne, a corner).
    Special,
    /// A square no piece ever uses (the light squares in checkers).
    Unused,
}

/// One square of the picture.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cell {
    /// The piece standing here, and its owner; the kind indexes the mode's
    /// [`Present::PIECES`](crate::Present::PIECES).
    pub piece: Option<(Player, PieceKind)>,
    /// What kind of square this is.
    pub mark: CellMark,
}

/// How a person enters a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum InputStyle {
    /// Pick a piece up, then put it down (possibly on several squares in turn).
    PickAndPlace,
    /// Choose a column; the piece falls (Connect Four).
    DropInColumn,
}

/// A picture of a position: a grid of cells, row by row from the bottom-left corner
/// (rank 1, file a in chess), plus how the board may be turned and played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardView {
    /// Number of columns.
    pub width: usize,
    /// Number of rows.
    pub height: usize,
    /// `width * height` cells; index `row * width + column`, row 0 at the bottom.
    pub cells: Vec<Cell>,
    /// Whether squares alternate in colour like a chess board.
    pub checkered: bool,
    /// Whether the board may turn so the second player's side is at the bottom.
    pub may_rotate: bool,
    /// How moves are entered.
    pub input: InputStyle,
    /// Cells of a king in check, to mark.
    pub in_check: Vec<usize>,
}

impl BoardView {
    /// An empty grid of plain cells.
    pub fn empty(width: usize, height: usize, input: InputStyle) -> Self {
        BoardView {
            width,
            height,
            cells: vec![Cell::default(); width * height],
            checkered: false,
            may_rotate: input == InputStyle::PickAndPlace,
            input,
            in_check: Vec::new(),
        }
    }

    /// The index of the cell at `column`, `row` (row 0 at the bottom).
    pub fn index(&self, column: usize, row: usize) -> usize {
        row * self.width + column
    }
}
