//! The hint button and key (H): in a local game, the person to move asks the computer
//! for a good move, shown as an arrow and not played; online games have none.

use super::GameScreen;
use crate::screens::Context;
use ply_play::Message;

impl GameScreen {
    /// Asks the table for a hint, or says why there is none.
    pub(super) fn ask_hint(&mut self, context: &mut Context) {
        if self.online {
            context.output.notice = Some(Message::info("There are no hints in online games."));
        } else if !self.table.ask_hint() {
            context.output.notice = Some(Message::info(
                "A hint is for a person whose turn it is, while the game goes on.",
            ));
        }
    }
}
