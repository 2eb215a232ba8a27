//! What needs both players' consent, or happens before the game really began: asking
//! to take back a move and answering, the moves taken back, and aborting.

use super::{Request, Table, TableEvent};

impl Table {
    /// The person at this computer asks to take back their last move.
    pub fn ask_takeback(&mut self) {
        if let Some(side) = self.acting_person()
            && self.outcome().is_none()
        {
            self.ask(Request::AskTakeback(side));
        }
    }

    /// The person at this computer answers the opponent's request to take back.
    pub fn answer_takeback(&mut self, accept: bool) {
        if let Some(by) = self.acting_person() {
            self.ask(Request::AnswerTakeback { by, accept });
        }
    }

    /// The person at this computer aborts the game.
    pub fn abort(&mut self) {
        if let Some(side) = self.acting_person()
            && self.outcome().is_none()
        {
            self.ask(Request::Abort(side));
        }
    }

    /// The referee took moves back until `moves` remain.
    pub(super) fn taken_back_to(&mut self, moves: usize) {
        self.stop_computer();
        self.ending = None;
        self.offers.clear();
        self.awaiting_echo = false;
        while self.game.moves().len() > moves {
            let before = self.game.moves().len();
            self.undo_one();
            if self.game.moves().len() == before {
                break;
            }
        }
        self.events.push(TableEvent::Undone);
    }
}
