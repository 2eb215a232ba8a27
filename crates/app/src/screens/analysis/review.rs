//! The game review on the analysis board: started with a button, run in the background
//! (the live analysis pauses to give it the cores) with a progress bar and Cancel, then
//! shown as each move's class in the move list, each side's accuracy and a graph of the
//! chance of winning over the game, which the player clicks to go to a move. A finished
//! review is kept where the game came from: in its save file, or in the history.

use super::Source;
use crate::screens::Context;
use ply_analysis::{NodeId, ReviewJob, ReviewProgress, ReviewSettings};
use ply_core::{MoveClass, Player};
use ply_history::SideReview;
use ply_modes::AnyGame;
use ply_play::Message;
use ply_save::{ReviewSummary, SavedGame, SavedReview};
use std::collections::HashMap;
use std::time::Duration;

/// Where the review stands.
#[derive(Default)]
pub struct Review {
    state: State,
}

#[derive(Default)]
enum State {
    /// Not reviewed.
    #[default]
    Idle,
    /// Running, for the main line's moves (the nodes it will mark) of the game it
    /// reviews.
    Running(ReviewJob, Vec<NodeId>, Box<dyn AnyGame>),
    /// Done.
    Done(Finished),
    /// It failed, for this reason.
    Failed(String),
}

/// A finished review and what it says of each move on the board.
pub struct Finished {
    /// What the search said of each position.
    pub review: SavedReview,
    /// Each side's accuracy and each move's verdict.
    pub summary: ReviewSummary,
    /// The class of each reviewed move, by its place in the tree.
    pub classes: HashMap<NodeId, MoveClass>,
}

impl Review {
    /// A review already made (kept with a saved game) of `game`, whose moves are the
    /// tree's `nodes`.
    pub fn finished(review: SavedReview, game: &dyn AnyGame, nodes: Vec<NodeId>) -> Review {
        match review.summary(game) {
            Some(summary) => Review {
                state: State::Done(finish(review, summary, &nodes)),
            },
            None => Review::default(),
        }
    }

    /// Starts reviewing `game` (the main line), whose moves are the tree's `nodes`, for
    /// `per_position` a position on every core but one.
    pub fn start(&mut self, game: Box<dyn AnyGame>, nodes: Vec<NodeId>, per_position: Duration) {
        let threads = std::thread::available_parallelism()
            .map_or(1, |cores| cores.get().saturating_sub(1))
            .max(1);
        let settings = ReviewSettings {
            per_position,
            threads,
            depth: None,
        };
        let job = ReviewJob::start(game.clone_box(), settings, Some(crate::wake::poke()));
        self.state = State::Running(job, nodes, game);
    }

    /// Stops a running review.
    pub fn cancel(&mut self) {
        if matches!(self.state, State::Running(..)) {
            self.state = State::Idle;
        }
    }

    /// Whether a review is running.
    pub fn running(&self) -> bool {
        matches!(self.state, State::Running(..))
    }

    /// How far a running review has gone.
    pub fn progress(&self) -> Option<ReviewProgress> {
        match &self.state {
            State::Running(job, ..) => Some(job.progress()),
            _ => None,
        }
    }

    /// The finished review, if there is one.
    pub fn done(&self) -> Option<&Finished> {
        match &self.state {
            State::Done(finished) => Some(finished),
            _ => None,
        }
    }

    /// Why the review failed, if it did.
    pub fn failure(&self) -> Option<&str> {
        match &self.state {
            State::Failed(reason) => Some(reason),
            _ => None,
        }
    }

    /// Takes a running review's result when it comes: the review to keep, with the
    /// game it was made of.
    pub fn poll(&mut self) -> Option<(SavedReview, Box<dyn AnyGame>)> {
        let State::Running(job, nodes, game) = &self.state else {
            return None;
        };
        let result = job.poll()?;
        let (nodes, game) = (nodes.clone(), game.clone_box());
        match result.map(|review| {
            let summary = review.summary(&*game);
            (review, summary)
        }) {
            Ok((review, Some(summary))) => {
                self.state = State::Done(finish(review.clone(), summary, &nodes));
                Some((review, game))
            }
            Ok((_, None)) => {
                self.state = State::Failed("the review does not fit the game".into());
                None
            }
            Err(error) => {
                self.state = State::Failed(error.to_string());
                None
            }
        }
    }
}

/// Pairs each move's class with its place in the tree.
fn finish(review: SavedReview, summary: ReviewSummary, nodes: &[NodeId]) -> Finished {
    let classes = nodes
        .iter()
        .zip(&summary.moves)
        .map(|(&id, verdict)| (id, verdict.class))
        .collect();
    Finished {
        review,
        summary,
        classes,
    }
}

/// Keeps a finished review where the game came from: written into its save file (the
/// save's other contents as they were), or stored with the game in the history (each
/// side's accuracy and classes). Says so, or why not, to the player.
pub fn keep(
    review: SavedReview,
    source: &Source,
    saved: Option<&mut SavedGame>,
    game: &dyn AnyGame,
    context: &mut Context,
) {
    let notice = match (source, saved) {
        (Source::Save(path), Some(saved)) => {
            saved.review = Some(review);
            match ply_save::write_file(path, saved) {
                Ok(()) => Message::success("Review kept with the saved game"),
                Err(error) => Message::error(format!("The review could not be kept: {error}")),
            }
        }
        (Source::History(_) | Source::Recorded(_), _) => {
            let (Some(history), Some(summary)) = (&context.storage.history, review.summary(game))
            else {
                return;
            };
            let sides: Vec<(Player, SideReview)> = [Player::First, Player::Second]
                .into_iter()
                .map(|side| {
                    let kept = SideReview {
                        accuracy: summary.accuracy[side.index()],
                        classes: Some(summary.classes_text(side)),
                    };
                    (side, kept)
                })
                .collect();
            match source {
                Source::Recorded(ticket) => history.review_recorded(*ticket, review, sides),
                Source::History(id) => {
                    let id = *id;
                    // Not awaited: the screen may close first; the history then still
                    // keeps it.
                    let _ = history.ask(move |history| {
                        for (side, kept) in &sides {
                            history.set_review(id, *side, kept)?;
                        }
                        history.set_review_positions(id, &review)
                    });
                }
                _ => {}
            }
            Message::success("Review kept with the game in the history")
        }
        _ => return,
    };
    context.output.notice = Some(notice);
}
