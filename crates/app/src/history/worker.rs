//! The thread that owns the history: it opens the file once, away from the frame loop,
//! then takes jobs in order: games to record (kept in the saves folder when the
//! history cannot take them, and brought in from there once it can), games to
//! withdraw, and questions from the screens.

use super::Ticket;
use crossbeam_channel::{Receiver, Sender};
use ply_core::Player;
use ply_history::{Circumstances, GameId, History, HistoryError, Recorded, SideReview};
use ply_play::Message;
use ply_save::{SaveFolder, SavedGame, SavedReview};
use std::collections::HashMap;
use std::path::PathBuf;

/// A question for the history, run on the worker with the history or why it is not
/// there.
pub(super) type Question = Box<dyn FnOnce(Result<&mut History, &str>) + Send>;

/// One piece of work for the worker.
pub(super) enum Job {
    /// Store a finished game.
    Record {
        saved: Box<SavedGame>,
        circumstances: Circumstances,
        in_saves: bool,
        ticket: Ticket,
    },
    /// Take back a game recorded with this ticket.
    Withdraw(Ticket),
    /// Keep the review of the game recorded with this ticket: what the search said of
    /// every position, and each side's verdicts.
    Review(Ticket, Box<SavedReview>, Vec<(Player, SideReview)>),
    /// Answer a question.
    Ask(Question),
}

/// The worker's state.
pub(super) struct Worker {
    file: Option<PathBuf>,
    saves: Option<SaveFolder>,
    player_names: Vec<String>,
    /// The history once open, else why not.
    history: Result<History, String>,
    /// The games this window stored, by ticket.
    recorded: HashMap<Ticket, GameId>,
    /// Whether the player was told that a game could not be recorded.
    told_of_failure: bool,
    /// Whether a game went to the saves folder instead, to bring in once the history
    /// takes games again.
    kept_aside: bool,
    notices: Sender<Message>,
    wake: crate::wake::Poke,
}

impl Worker {
    pub(super) fn new(
        file: Option<PathBuf>,
        saves: Option<SaveFolder>,
        player_names: Vec<String>,
        notices: Sender<Message>,
        wake: crate::wake::Poke,
    ) -> Worker {
        Worker {
            file,
            saves,
            player_names,
            history: Err("the history is opening".to_string()),
            recorded: HashMap::new(),
            told_of_failure: false,
            kept_aside: false,
            notices,
            wake,
        }
    }

    /// Opens the history, then takes jobs until the window goes.
    pub(super) fn run(mut self, jobs: &Receiver<Job>) {
        self.open();
        for job in jobs {
            if self.history.is_err() {
                // A file that was busy or missing may serve now.
                self.open();
            }
            self.bring_in_kept_aside();
            match job {
                Job::Record {
                    saved,
                    circumstances,
                    in_saves,
                    ticket,
                } => self.record(&saved, &circumstances, in_saves, ticket),
                Job::Withdraw(ticket) => self.withdraw(ticket),
                Job::Review(ticket, review, sides) => self.review(ticket, &review, &sides),
                Job::Ask(question) => {
                    question(self.history.as_mut().map_err(|problem| problem.as_str()))
                }
            }
            (self.wake)();
        }
    }

    fn open(&mut self) {
        let (Some(file), Some(saves)) = (&self.file, &self.saves) else {
            self.history = Err("there is no folder for the history on this computer".into());
            return;
        };
        self.history = match History::open(file, saves, &self.player_names) {
            Ok(opened) => {
                if let Some(damage) = opened.damage {
                    self.tell(Message::warning(format!(
                        "The history was damaged ({}); it was set aside as {} and \
                         made again from your saved games.",
                        damage.detail,
                        damage.set_aside.display()
                    )));
                }
                Ok(opened.history)
            }
            Err(error) => Err(format!("the history cannot be opened: {error}")),
        };
    }

    fn record(
        &mut self,
        saved: &SavedGame,
        circumstances: &Circumstances,
        in_saves: bool,
        ticket: Ticket,
    ) {
        let stored = match &mut self.history {
            Ok(history) => history
                .record(saved, circumstances)
                .map_err(|error: HistoryError| error.to_string()),
            Err(problem) => Err(problem.clone()),
        };
        match stored {
            Ok(Recorded::Added(id)) => {
                self.recorded.insert(ticket, id);
            }
            Ok(Recorded::AlreadyThere(_)) => {}
            Err(problem) => {
                let kept = if in_saves {
                    Ok(())
                } else {
                    match &self.saves {
                        Some(saves) => saves.save_new(saved).map(|_| ()).map_err(|e| e.to_string()),
                        None => Err("there is no folder for saved games".to_string()),
                    }
                };
                self.kept_aside |= kept.is_ok();
                match kept {
                    Ok(()) if !self.told_of_failure => {
                        self.told_of_failure = true;
                        self.tell(Message::warning(format!(
                            "The finished game could not go into the history ({problem}); \
                             it is in your saved games, and comes into the history as soon \
                             as the history can take it."
                        )));
                    }
                    Ok(()) => {}
                    Err(lost) => self.tell(Message::error(format!(
                        "The finished game could not go into the history ({problem}) \
                         nor into your saved games ({lost})."
                    ))),
                }
            }
        }
    }

    /// Imports the saves folder once the history serves again after a game went there
    /// instead (games already in the history are not stored twice).
    fn bring_in_kept_aside(&mut self) {
        if let (true, Ok(history), Some(saves)) = (self.kept_aside, &mut self.history, &self.saves)
            && history.import_saves(saves).is_ok()
        {
            self.kept_aside = false;
        }
    }

    fn withdraw(&mut self, ticket: Ticket) {
        if let (Some(id), Ok(history)) = (self.recorded.remove(&ticket), &mut self.history) {
            // A game that cannot be taken out stays: it did end once.
            let _ = history.delete(&[id]);
        }
    }

    fn review(&mut self, ticket: Ticket, review: &SavedReview, sides: &[(Player, SideReview)]) {
        let (Some(&id), Ok(history)) = (self.recorded.get(&ticket), &mut self.history) else {
            return;
        };
        let kept = sides
            .iter()
            .try_for_each(|(side, verdicts)| history.set_review(id, *side, verdicts))
            .and_then(|()| history.set_review_positions(id, review));
        if let Err(error) = kept {
            self.tell(Message::error(format!(
                "The review could not be kept in the history: {error}"
            )));
        }
    }

    fn tell(&self, message: Message) {
        let _ = self.notices.send(message);
    }
}
