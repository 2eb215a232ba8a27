//! Premoves, as lichess has them: while the other side (the computer, or a player
//! online) thinks, the person may enter one move in advance (one, not a queue: a second
//! replaces the first). It is shown on the board, cancelled by a right click or Esc,
//! and played the moment the turn comes if it is legal then; otherwise it is dropped
//! without a word. A chess pawn that reaches the last rank becomes a queen.

use super::entry::Candidate;
use ply_core::MoveCode;
use ply_modes::AnyGame;

/// A move entered in advance: the cells it starts and ends on, or a column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Premove {
    /// A piece from the first cell to the second.
    Cells(usize, usize),
    /// A counter dropped into a column (counted from the position's left).
    Column(usize),
}

/// The premove being entered and the one waiting for the turn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Premoves {
    picked: Option<usize>,
    waiting: Option<Premove>,
}

impl Premoves {
    /// The cell of the piece picked up for a premove.
    pub fn picked(&self) -> Option<usize> {
        self.picked
    }

    /// The premove waiting for the turn.
    pub fn waiting(&self) -> Option<&Premove> {
        self.waiting.as_ref()
    }

    /// The cells to mark for the waiting premove (the start and the end; for a column,
    /// the cell a counter would land on now).
    pub fn marked_cells(&self, game: &dyn AnyGame) -> Vec<usize> {
        match &self.waiting {
            Some(Premove::Cells(from, to)) => vec![*from, *to],
            Some(Premove::Column(column)) => {
                let view = game.view();
                let width = view.width.max(1);
                (0..view.height)
                    .map(|row| row * width + column)
                    .find(|&cell| view.cells.get(cell).is_some_and(|c| c.piece.is_none()))
                    .into_iter()
                    .collect()
            }
            None => Vec::new(),
        }
    }

    /// Forgets the premove and the piece picked up for one.
    pub fn cancel(&mut self) {
        self.picked = None;
        self.waiting = None;
    }

    /// Whether anything is picked or waiting (so that Esc cancels it rather than
    /// opening the menu).
    pub fn any(&self) -> bool {
        self.picked.is_some() || self.waiting.is_some()
    }

    /// A press on `cell` while the other side is to move; `own` says whether a piece
    /// of the person's side stands there. Returns whether the press started a drag.
    pub fn press(&mut self, cell: usize, own: bool) -> bool {
        match self.picked {
            Some(from) if from != cell => {
                self.waiting = Some(Premove::Cells(from, cell));
                self.picked = None;
                false
            }
            Some(_) => false,
            None if own => {
                self.picked = Some(cell);
                self.waiting = None;
                true
            }
            None => {
                self.waiting = None;
                false
            }
        }
    }

    /// A dragged piece let go over `cell` (or off the board).
    pub fn release(&mut self, cell: Option<usize>) {
        if let (Some(from), Some(to)) = (self.picked, cell)
            && from != to
        {
            self.waiting = Some(Premove::Cells(from, to));
            self.picked = None;
        }
    }

    /// A press on a column while the other side is to move.
    pub fn column(&mut self, column: usize) {
        self.picked = None;
        self.waiting = Some(Premove::Column(column));
    }

    /// The turn came: the legal move the premove stands for, if any (it is forgotten
    /// either way).
    pub fn take(&mut self, moves: &[Candidate], game: &dyn AnyGame) -> Option<MoveCode> {
        self.picked = None;
        let width = game.view().width.max(1);
        let fitting: Vec<MoveCode> = match self.waiting.take()? {
            Premove::Cells(from, to) => moves
                .iter()
                .filter(|m| m.path.first() == Some(&from) && m.path.last() == Some(&to))
                .map(|m| m.code)
                .collect(),
            Premove::Column(column) => moves
                .iter()
                .filter(|m| m.path.last().is_some_and(|cell| cell % width == column))
                .map(|m| m.code)
                .collect(),
        };
        match fitting.as_slice() {
            [only] => Some(*only),
            several => several
                .iter()
                .copied()
                .find(|&code| game.move_text(code).is_some_and(|text| text.ends_with('q'))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screens::game::candidates;

    fn game(mode: &str, moves: &str) -> Box<dyn AnyGame> {
        ply_modes::replay(mode, None, moves.split_whitespace()).expect("a game")
    }

    #[test]
    fn a_premove_entered_by_clicks_is_played_when_legal() {
        let mut premoves = Premoves::default();
        assert!(premoves.press(12, true), "e2 picked up");
        assert!(!premoves.press(28, false), "put on e4");
        assert_eq!(premoves.waiting(), Some(&Premove::Cells(12, 28)));
        let now = game("chess", "");
        let code = premoves.take(&candidates(now.as_ref()), now.as_ref());
        assert_eq!(now.move_text(code.expect("legal")).as_deref(), Some("e2e4"));
        assert!(!premoves.any(), "played, so forgotten");
    }

    #[test]
    fn a_premove_the_position_no_longer_allows_is_dropped() {
        let mut premoves = Premoves::default();
        premoves.press(28, true);
        premoves.release(Some(36));
        // The pawn on e4 is blocked by a pawn on e5.
        let now = game("chess", "e2e4 e7e5");
        assert_eq!(premoves.take(&candidates(now.as_ref()), now.as_ref()), None);
        assert!(!premoves.any());
    }

    #[test]
    fn a_pawn_premoved_to_the_last_rank_becomes_a_queen() {
        let now = ply_modes::replay(
            "chess",
            Some("8/P6k/8/8/8/8/8/K7 w - - 0 1"),
            std::iter::empty::<&str>(),
        )
        .expect("a position");
        let mut premoves = Premoves::default();
        premoves.press(48, true);
        premoves.press(56, false);
        let code = premoves.take(&candidates(now.as_ref()), now.as_ref());
        assert_eq!(
            now.move_text(code.expect("legal")).as_deref(),
            Some("a7a8q")
        );
    }
}
