//! "Learn from your mistakes": after a review, the board goes to each position where a
//! person at the table made a mistake or a blunder and asks for a better move. A move
//! is checked by a short search in the background (the computer's lines are hidden
//! meanwhile): it is right when it gives away less than an inaccuracy would. Hint marks
//! the piece to move, Show plays the best move, Next goes on.

use ply_analysis::{LiveAnalysis, NodeId};
use ply_core::{MoveClass, Player};
use ply_modes::AnyGame;
use std::time::{Duration, Instant};

/// The depth a checked move's search must reach before it is judged (or the time below
/// runs out).
const CHECK_DEPTH: u32 = 9;
/// The longest a move is checked.
const CHECK_TIME: Duration = Duration::from_millis(1500);

/// One mistake to learn from.
#[derive(Clone, Debug, PartialEq)]
pub struct Mistake {
    /// The position before the mistake.
    pub before: NodeId,
    /// Who made it.
    pub mover: Player,
    /// The move made, as players read it.
    pub played: String,
    /// Its class.
    pub class: MoveClass,
    /// The mover's expected result before it, with best play.
    pub chance: f64,
    /// The move the review preferred, in move text.
    pub best: Option<String>,
}

/// Where the player is in the current question.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// Waiting for a move.
    Asking,
    /// The move is being checked.
    Checking,
    /// The move was good.
    Right,
    /// The move was not good enough; the reason.
    Wrong(String),
    /// The best move was shown.
    Shown,
    /// Every mistake has been seen.
    Done,
}

/// A lesson through a reviewed game's mistakes.
pub struct Lesson {
    mistakes: Vec<Mistake>,
    at: usize,
    step: Step,
    /// Whether the hint (the piece to move) shows.
    pub hinted: bool,
    checking: Option<(LiveAnalysis, Instant)>,
}

impl Lesson {
    /// A lesson through `mistakes` (none means there is nothing to learn).
    pub fn new(mistakes: Vec<Mistake>) -> Lesson {
        let step = if mistakes.is_empty() {
            Step::Done
        } else {
            Step::Asking
        };
        Lesson {
            mistakes,
            at: 0,
            step,
            hinted: false,
            checking: None,
        }
    }

    /// The mistake asked about now.
    pub fn current(&self) -> Option<&Mistake> {
        (self.step != Step::Done)
            .then(|| self.mistakes.get(self.at))
            .flatten()
    }

    /// Which mistake this is, from 1, and how many there are.
    pub fn place(&self) -> (usize, usize) {
        (self.at + 1, self.mistakes.len())
    }

    /// Where the question stands.
    pub fn step(&self) -> &Step {
        &self.step
    }

    /// The player tried a move: `after` is the position it leads to. Judged at once
    /// when it is the review's best move, else checked in the background.
    pub fn tried(&mut self, after: &dyn AnyGame, text: &str) {
        let Some(mistake) = self.current() else {
            return;
        };
        if mistake.best.as_deref() == Some(text) {
            self.step = Step::Right;
            return;
        }
        if let Some(outcome) = after.outcome() {
            let won = outcome.winner() == Some(mistake.mover);
            self.step = if won || outcome.winner().is_none() && mistake.chance <= 0.5 {
                Step::Right
            } else {
                Step::Wrong("That loses.".into())
            };
            return;
        }
        let live = LiveAnalysis::start(after, 1, 1, Some(crate::wake::poke()));
        self.checking = Some((live, Instant::now()));
        self.step = Step::Checking;
    }

    /// Looks at a check in progress; `curve_chance` turns the checking search's score
    /// (from the side to move after the try: the opponent) into that side's chance.
    /// Returns whether the step changed.
    pub fn tick(&mut self, curve_chance: impl Fn(ply_core::Score) -> f64) -> bool {
        let Some((live, started)) = &self.checking else {
            return false;
        };
        let view = live.view();
        let best = view.exact.as_ref().or(view.lines.first());
        let deep = best.is_some_and(|line| line.depth >= CHECK_DEPTH) || view.exact.is_some();
        let late = started.elapsed() > CHECK_TIME && best.is_some();
        if !(deep || late || !view.searching) {
            return false;
        }
        let Some(mistake) = self.current() else {
            return false;
        };
        let after = best.map_or(0.5, |line| 1.0 - curve_chance(line.score));
        let lost = mistake.chance - after;
        self.step = if lost < MoveClass::INACCURACY {
            Step::Right
        } else {
            Step::Wrong(format!(
                "That gives away {:.0} points in a hundred. Try again, or ask for a hint.",
                lost * 100.0
            ))
        };
        self.checking = None;
        true
    }

    /// The player tries again after a wrong move.
    pub fn retry(&mut self) {
        self.step = Step::Asking;
        self.checking = None;
    }

    /// The best move was played for the player.
    pub fn shown(&mut self) {
        self.step = Step::Shown;
        self.checking = None;
    }

    /// On to the next mistake.
    pub fn next(&mut self) {
        self.checking = None;
        self.hinted = false;
        self.at += 1;
        self.step = if self.at < self.mistakes.len() {
            Step::Asking
        } else {
            Step::Done
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_analysis::MoveTree;

    #[test]
    fn the_best_move_is_right_at_once_and_the_lesson_goes_through_every_mistake() {
        let mistake = Mistake {
            before: MoveTree::ROOT,
            mover: Player::First,
            played: "f3".into(),
            class: MoveClass::Mistake,
            chance: 0.55,
            best: Some("e2e4".into()),
        };
        let mut lesson = Lesson::new(vec![mistake.clone(), mistake]);
        assert_eq!(lesson.place(), (1, 2));
        let after = ply_modes::replay("chess", None, ["e2e4"]).expect("game");
        lesson.tried(&*after, "e2e4");
        assert_eq!(lesson.step(), &Step::Right);
        lesson.next();
        assert_eq!(lesson.place(), (2, 2));
        lesson.next();
        assert_eq!(lesson.step(), &Step::Done);
        assert!(lesson.current().is_none());
        assert_eq!(Lesson::new(Vec::new()).step(), &Step::Done);
    }
}
