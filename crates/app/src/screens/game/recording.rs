//! The game screen's part in the history of finished games: a game that ends here is
//! recorded once, as this window saw it (online: from the seat this window played;
//! nothing for a game it only watched), and withdrawn again when its end is taken back.

use super::GameScreen;
use super::online::OnlineLink;
use crate::screens::Context;
use ply_history::Circumstances;

impl GameScreen {
    /// Records the game that just ended in the history, unless it is recorded already.
    pub(super) fn record_ending(&mut self, context: &Context) {
        let Some(history) = &context.storage.history else {
            return;
        };
        if self.recorded.is_some() {
            return;
        }
        let circumstances = match &self.link {
            Some(link) => match link.circumstances() {
                Some(circumstances) => circumstances,
                None => return,
            },
            None => Circumstances {
                you: match self.table.persons().as_slice() {
                    [only] => Some(*only),
                    _ => None,
                },
                ..Circumstances::local()
            },
        };
        let record = self.table.record();
        let in_saves =
            record.name.is_some() && record.saved_at_moves == Some(self.table.game().moves().len());
        let saved = self.table.saved_game(&context.prefs.settings.name);
        self.recorded = Some(history.record(saved, circumstances, in_saves));
    }

    /// Takes the recorded game back out of the history: its end was taken back.
    pub(super) fn withdraw_ending(&mut self, context: &Context) {
        if let (Some(ticket), Some(history)) = (self.recorded.take(), &context.storage.history) {
            history.withdraw(ticket);
        }
    }
}

impl OnlineLink {
    /// How this window took part in the online game: where, and the side it played;
    /// `None` when it played no side (it watched).
    pub fn circumstances(&self) -> Option<Circumstances> {
        let session = self.session().borrow();
        let you = session.mirror.my_side()?;
        let lobby = session.mirror.code().unwrap_or_default().to_string();
        Some(Circumstances::online(lobby, session.address.clone(), you))
    }
}
