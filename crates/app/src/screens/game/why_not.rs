//! The "why not" message: when a person tries a move the rules refuse, the game says why
//! in one short sentence next to the board and marks what the sentence refers to (the
//! checking piece, the pieces that must jump, the pinned line, the throne). The reason
//! comes from the mode's rules through `AnyGame::judge`; this file only shows it.

use super::GameScreen;
use crate::display::{Align, Frame, Rect};
use crate::screens::{Context, widgets};
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

/// The height of the message's box, before scaling.
const HEIGHT: f32 = 30.0;

/// Where the message goes: in the margin between the top message bar and the board
/// (clear of Connect Four's counter waiting above it), as wide as the board.
pub fn area(context: &Context, board: Rect) -> Rect {
    let s = widgets::scale(context);
    let top = (widgets::MESSAGE_HEIGHT + 2.0) * s;
    Rect::new(board.x, top, board.w, HEIGHT * s)
}

/// Draws the sentence in its box beside the board.
pub fn draw(why: &WhyNot, context: &Context, board: Rect, frame: &mut Frame) {
    let s = widgets::scale(context);
    let rect = area(context, board);
    frame.rounded(rect, theme::CORNER * s, theme::WHY_NOT);
    frame.text(
        why.sentence.as_str(),
        rect.inset(4.0 * s),
        theme::TEXT_SMALL * s,
        theme::TEXT,
        Align::Center,
    );
}
