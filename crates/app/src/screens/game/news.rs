//! What the game screen does with the table's news: the board animates and sounds
//! play, the panel follows, layers open and close for offers and endings, the online
//! game is kept on disk, a finished game goes into the history, and messages say what
//! happened.

use super::GameScreen;
use super::layers::Layer;
use crate::audio::{Listener, cues_for};
use crate::screens::Context;
use ply_play::{Message, TableEvent};

impl GameScreen {
    /// After a move or a takeback: back to the present, the list follows, and a
    /// result banner that no longer holds (a takeback after the end) goes.
    fn after_move(&mut self, context: &Context) {
        self.looking_back = None;
        self.panel.reveal(context, &self.table, None);
        self.refresh_moves();
        if self.table.outcome().is_none()
            && matches!(self.layers.last(), Some(Layer::GameOver { .. }))
        {
            self.pop();
        }
    }

    pub(super) fn take_table_events(&mut self, context: &mut Context) {
        let listener = Listener::at(&self.table);
        let mut lost_game_kept = false;
        for event in self.table.take_events() {
            context.output.cues.extend(cues_for(&event, &listener));
            let kept = self
                .link
                .as_ref()
                .map(|link| link.keep(&event, &self.table, &context.prefs.settings.name));
            match kept {
                Some(Err(problem)) => context.output.notice = Some(Message::error(problem)),
                Some(Ok(true)) => lost_game_kept = true,
                _ => {}
            }
            self.boards.show(&event, &self.table.game().view());
            match event {
                TableEvent::Undone => {
                    self.withdraw_ending(context);
                    // A takeback granted answers the request this player was told about.
                    if context
                        .output
                        .notice
                        .as_ref()
                        .is_some_and(|notice| notice.text == TAKEBACK_ASKED)
                    {
                        context.output.notice = None;
                    }
                    self.after_move(context);
                }
                TableEvent::Moved(_) => self.after_move(context),
                TableEvent::Ended(_) => {
                    // What was said during the game ("waiting for the answer") is over.
                    context.output.notice = None;
                    self.record_ending(context);
                    self.refresh_moves();
                    self.layers.retain(|layer| {
                        !matches!(
                            layer,
                            Layer::Choose(_) | Layer::DrawAnswer(_) | Layer::TakebackAnswer(_)
                        )
                    });
                    self.push(Layer::GameOver { collapsed: false });
                }
                TableEvent::DrawOffered(by) => {
                    if self.table.seat(by.opponent()).is_person() {
                        self.push(Layer::DrawAnswer(by));
                    } else {
                        context.output.notice =
                            Some(Message::info("Draw offered; waiting for the answer."));
                    }
                }
                TableEvent::DrawDeclined(by) => {
                    let side = self.table.game().side_name(by);
                    context.output.notice =
                        Some(Message::info(format!("{side} declines the draw.")));
                }
                TableEvent::Refused(reason) => {
                    context.output.notice = Some(Message::warning(reason))
                }
                TableEvent::Notice(_, message) => context.output.notice = Some(message),
                TableEvent::LowTime(_) => {}
                TableEvent::TakebackAsked(by) => {
                    if self.table.seat(by.opponent()).is_person() {
                        self.push(Layer::TakebackAnswer(by));
                    } else {
                        context.output.notice = Some(Message::info(TAKEBACK_ASKED));
                    }
                }
                TableEvent::TakebackDeclined(by) => {
                    self.layers
                        .retain(|layer| !matches!(layer, Layer::TakebackAnswer(_)));
                    let side = self.table.game().side_name(by);
                    context.output.notice = Some(Message::info(format!(
                        "{side} declines to take back the move."
                    )));
                }
                TableEvent::Aborted => {
                    self.aborted = true;
                    context.output.notice = Some(Message::info(
                        "The game was aborted before both sides had moved: no result.",
                    ));
                }
            }
        }
        self.play_premove();
        if lost_game_kept && let Some(notice) = &mut context.output.notice {
            notice
                .text
                .push_str(" The game is kept in your saved games.");
        }
    }
}

/// What this player reads while their request to take back a move waits for an answer.
const TAKEBACK_ASKED: &str = "Asked to take back your move; waiting for the answer.";
