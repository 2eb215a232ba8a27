//! Hints: in a local game, a person to move may ask the computer for a good move, which
//! is shown (as an arrow) and never played. Each move played after a hint is counted as
//! "hint used" for its side. Online games have no hints: nobody may get help there.

use super::Table;
use crate::computer::{Computer, News, Wake};
use crate::policy::move_seed;
use ply_core::Player;
use ply_modes::Level;

/// How strong the hint's search is: the strongest rung below the whole engine, which
/// plays its best line almost always and leaves the other cores free.
const HINT_LEVEL: Level = Level::at(8);

/// The computer's suggestion for the position after `plies` moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The side the hint is for.
    pub side: Player,
    /// The cells the suggested move goes through, start first.
    pub path: Vec<usize>,
    /// The suggested move as the move list writes it.
    pub display: String,
    /// The number of moves played when it was asked for.
    pub plies: usize,
}

/// The table's hints: the search asked for, the hint shown, and the moves played with
/// one.
pub struct Hints {
    computer: Computer,
    /// The number of moves played when the current search was asked for.
    asked: Option<usize>,
    shown: Option<Hint>,
    /// The plies (move indexes) whose mover had asked for a hint.
    used: Vec<usize>,
}

impl Default for Hints {
    /// No hint asked for yet (the computer's thread starts now, idle).
    fn default() -> Hints {
        Hints {
            computer: Computer::start(None),
            asked: None,
            shown: None,
            used: Vec::new(),
        }
    }
}

impl Hints {
    /// Has the hint's computer call `wake` with its news.
    pub fn wake_with(&self, wake: Wake) {
        self.computer.wake_with(wake);
    }
}

impl Table {
    /// Whether a hint may be asked for now: a local game, not over, with a person to
    /// move.
    pub fn can_hint(&self) -> bool {
        self.referee.allows_undo() && self.outcome().is_none() && self.person_to_move()
    }

    /// Asks the computer for a hint for the person to move; says whether it was asked
    /// (or is already shown or on its way).
    pub fn ask_hint(&mut self) -> bool {
        if !self.can_hint() {
            return false;
        }
        let plies = self.game.moves().len();
        if !self.hints.used.contains(&plies) {
            self.hints.used.push(plies);
        }
        if self.hints.asked == Some(plies) || self.hint().is_some() {
            return true;
        }
        let request = ply_modes::Request {
            level: HINT_LEVEL,
            budget: self.move_budget,
            seed: move_seed(self.seed, self.game.as_ref()),
            whole_budget: false,
        };
        self.hints.computer.think(self.game.as_ref(), request);
        self.hints.asked = Some(plies);
        true
    }

    /// The hint for the current position, once the computer has found it.
    pub fn hint(&self) -> Option<&Hint> {
        self.hints
            .shown
            .as_ref()
            .filter(|hint| hint.plies == self.game.moves().len() && self.outcome().is_none())
    }

    /// Whether the computer is still looking for a hint.
    pub fn hinting(&self) -> bool {
        self.hints.asked.is_some()
    }

    /// Whether the move at `index` (from 0) was played after its side asked for a hint.
    pub fn hint_used(&self, index: usize) -> bool {
        index < self.game.moves().len() && self.hints.used.contains(&index)
    }

    /// The moves played after a hint, by index, in order (what a save keeps).
    pub fn hinted_moves(&self) -> Vec<usize> {
        (0..self.game.moves().len())
            .filter(|&index| self.hint_used(index))
            .collect()
    }

    /// Marks the moves at `hinted` as played after a hint (a loaded game's).
    pub(super) fn restore_hints(&mut self, hinted: &[usize]) {
        self.hints.used = hinted.to_vec();
    }

    /// How many of `side`'s moves were played after a hint.
    pub fn hints_used(&self, side: Player) -> usize {
        (0..self.history.len())
            .filter(|&index| self.history[index].side == side && self.hint_used(index))
            .count()
    }

    /// Takes in the hint search's answer, and forgets hints for positions the game has
    /// left (a move played, or taken back).
    pub(super) fn poll_hint(&mut self) {
        let plies = self.game.moves().len();
        self.hints.used.retain(|&index| index <= plies);
        if self.hints.asked.is_some_and(|asked| asked != plies) {
            self.hints.computer.cancel();
            self.hints.asked = None;
        }
        for news in self.hints.computer.poll() {
            let News::Done(thought) = news else {
                continue;
            };
            self.hints.asked = None;
            self.hints.shown = thought.best.map(|best| self.hint_for(best));
        }
    }

    /// The hint that suggests `best` in the current position.
    fn hint_for(&self, best: ply_core::MoveCode) -> Hint {
        Hint {
            side: self.game.to_move(),
            path: self.game.move_path(best).unwrap_or_default(),
            display: self.game.display_move(best).unwrap_or_default(),
            plies: self.game.moves().len(),
        }
    }

    /// Waits for the hint being looked for (tests and tools only; the window polls).
    pub fn wait_for_hint(&mut self) {
        if self.hints.asked.is_none() {
            return;
        }
        if let Some(thought) = self.hints.computer.wait() {
            self.hints.asked = None;
            self.hints.shown = thought.best.map(|best| self.hint_for(best));
        }
    }
}
