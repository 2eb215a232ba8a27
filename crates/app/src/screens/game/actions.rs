//! What the game screen's buttons do: saving, the game menu's items, answers to its
//! questions, choices between moves, the banner's buttons, and leaving.

use super::GameScreen;
use super::layers::{self, Action, Layer};
use crate::geometry::Point;
use crate::screens::analysis::{AnalysisScreen, Source};
use crate::screens::{Context, Transition};
use ply_play::Message;

impl GameScreen {
    pub(super) fn save(&mut self, context: &mut Context) -> bool {
        let Some(folder) = context.storage.saves.clone() else {
            context.output.notice = Some(Message::error(
                "There is no folder for saved games on this computer.",
            ));
            return false;
        };
        let saved = self.table.saved_game(&context.prefs.settings.name);
        let written = match &self.table.record().name {
            Some(name) => folder.save(name, &saved).map(|_| name.clone()),
            None => folder.save_new(&saved),
        };
        match written {
            Ok(name) => {
                self.table.mark_saved(name, saved.created);
                context.output.notice =
                    Some(Message::success(format!("Game saved: {}", saved.title)));
                true
            }
            Err(error) => {
                context.output.notice = Some(Message::error(error.to_string()));
                false
            }
        }
    }

    /// Writes the game as a record other programs read (PGN, PDN or text) beside the
    /// saves, and says where.
    fn export(&mut self, context: &mut Context) {
        let Some(folder) = context.storage.saves.clone() else {
            context.output.notice = Some(Message::error(
                "There is no folder for game records on this computer.",
            ));
            return;
        };
        let saved = self.table.saved_game(&context.prefs.settings.name);
        context.output.notice = Some(match folder.export_record(&saved) {
            Ok(path) => Message::success(format!("Game record written: {}", path.display())),
            Err(error) => Message::error(error.to_string()),
        });
    }

    pub(super) fn act(&mut self, action: Action, at: Point, context: &mut Context) -> Transition {
        match action {
            Action::OpenMenu => self.push(Layer::Menu),
            Action::Close => {
                if matches!(self.pop(), Some(Layer::Choose(_))) {
                    self.entry.clear();
                }
            }
            Action::Save => {
                self.pop_menu();
                self.save(context);
            }
            Action::Export => {
                self.pop_menu();
                self.export(context);
            }
            Action::Help => {
                crate::screens::widgets::open_help(context, Some(self.table.game().mode_id()));
            }
            Action::Rules => self.push(Layer::Rules { first: 0 }),
            Action::RulesNext | Action::RulesBack => {
                if let Some(Layer::Rules { first }) = self.layers.last().cloned() {
                    let paragraphs = layers::rules_text(self.table.game().mode_id());
                    let (_, end) = layers::rules_page(context, &paragraphs, first);
                    let next = if action == Action::RulesNext {
                        end
                    } else {
                        rules_page_before(context, &paragraphs, first)
                    };
                    self.pop();
                    self.push(Layer::Rules { first: next });
                }
            }
            Action::OfferDraw => {
                self.pop_menu();
                if let Some(side) = self.table.acting_person() {
                    self.table.offer_draw(side);
                }
            }
            Action::AskResign => {
                self.pop_menu();
                if let Some(side) = self.table.acting_person() {
                    let name = self.table.game().side_name(side);
                    self.push(Layer::Confirm {
                        question: format!("Resign this game? {name} will lose."),
                        yes: "Resign",
                        action: Action::Resign,
                        opened_at: at,
                    });
                }
            }
            Action::Resign => {
                self.pop();
                if let Some(side) = self.table.acting_person() {
                    self.table.resign(side);
                }
            }
            Action::Undo => {
                self.pop_menu();
                self.table.undo();
            }
            Action::Settings => {
                self.pop_menu();
                return Transition::Push(Box::new(crate::screens::settings::SettingsScreen::new()));
            }
            Action::Leave => {
                self.pop_menu();
                if !self.online && self.table.unsaved() && context.storage.saves.is_some() {
                    self.push(Layer::SaveBeforeLeaving);
                } else {
                    return self.leave();
                }
            }
            Action::SaveAndLeave => {
                self.pop();
                if self.save(context) {
                    return self.leave();
                }
            }
            Action::LeaveWithoutSaving => return self.leave(),
            Action::Choose(code) => {
                self.pop();
                self.play(code);
            }
            Action::AcceptDraw | Action::DeclineDraw => {
                self.pop();
                self.table.answer_draw(action == Action::AcceptDraw);
            }
            Action::Rematch
            | Action::ClaimWin
            | Action::ClaimDraw
            | Action::KeepWaiting
            | Action::HandToComputer(_)
                if self.link.is_some() =>
            {
                if let Some(link) = &mut self.link {
                    link.act(action, &self.table);
                }
            }
            Action::AskTakeback => {
                self.pop_menu();
                self.table.ask_takeback();
            }
            Action::AcceptTakeback | Action::DeclineTakeback => {
                self.pop();
                self.table.answer_takeback(action == Action::AcceptTakeback);
            }
            Action::Abort => {
                self.pop_menu();
                self.table.abort();
            }
            Action::ToMenu => {
                if let Some(link) = &self.link {
                    link.session().borrow_mut().leave_to_menu();
                }
                return self.leave();
            }
            Action::ClaimWin
            | Action::ClaimDraw
            | Action::KeepWaiting
            | Action::HandToComputer(_) => {}
            Action::Rematch => {
                if let Some(table) = self.table.rematch() {
                    self.table.stop_computer();
                    return Transition::Replace(Box::new(GameScreen::new(table, false)));
                }
            }
            Action::Analyse => {
                let saved = self.table.saved_game(&context.prefs.settings.name);
                let source = match self.recorded {
                    Some(ticket) => Source::Recorded(ticket),
                    None => Source::Nowhere,
                };
                if let Some(board) = AnalysisScreen::of_saved(saved, source) {
                    return Transition::Push(Box::new(board));
                }
            }
            Action::Collapse | Action::Expand => {
                if let Some(Layer::GameOver { collapsed }) = self.layers.last_mut() {
                    *collapsed = action == Action::Collapse;
                    self.version += 1;
                }
            }
        }
        Transition::Stay
    }

    pub(super) fn leave(&mut self) -> Transition {
        self.table.stop_computer();
        Transition::Pop
    }
}

/// The first paragraph of the rules' page before the one starting at `first`.
pub(super) fn rules_page_before(
    context: &Context,
    paragraphs: &[crate::help::Paragraph],
    first: usize,
) -> usize {
    (0..first)
        .rev()
        .find(|&start| layers::rules_page(context, paragraphs, start).1 < first)
        .map_or(0, |start| start + 1)
}
