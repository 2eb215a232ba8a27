//! The "why not" message: when a person tries a move the rules refuse, the game says why
//! in one short sentence next to the board and marks what the sentence refers to (the
//! checking piece, the pieces that must jump, the pinned line, the throne). The reason
//! comes from the mode's rules through `AnyGame::judge`; this file only shows it.

use super::{GameScreen, note};
use crate::display::Frame;
use crate::geometry::Rect;
use crate::screens::Context;
use crate::theme;
use ply_core::{Attempt, MoveError, WhyNot};
use ply_modes::AnyGame;

/// Why the move that touched `cells` is not legal, or `None` if the rules accept it.
pub fn explain(game: &dyn AnyGame, cells: Vec<usize>) -> Option<WhyNot> {
    game.judge(&Attempt::cells(cells)).err()
}

impl GameScreen {
    /// Tries the move given as move text as a person would, showing why it is not
    /// legal (for screenshots and tools); a legal move is shown as nothing.
    pub fn try_move(&mut self, text: &str) -> Result<(), MoveError> {
        let attempt = self.table.game().read_attempt(text)?;
        self.why_not = explain(self.table.game(), attempt.cells);
        Ok(())
    }
}

/// Draws the sentence in its box beside the board.
pub fn draw(why: &WhyNot, context: &Context, board: Rect, frame: &mut Frame) {
    note::draw(why.sentence.as_str(), theme::WHY_NOT, context, board, frame);
}
