//! Wins, draws and losses counted from one side's view, and the score they make.

use crate::PlayerResult;

/// Wins, draws and losses from one side's view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Tally {
    /// A tally of these counts.
    pub const fn new(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally {
            wins,
            draws,
            losses,
        }
    }

    /// Counts one more game.
    pub fn add(&mut self, result: PlayerResult) {
        match result {
            PlayerResult::Win => self.wins += 1,
            PlayerResult::Draw => self.draws += 1,
            PlayerResult::Loss => self.losses += 1,
        }
    }

    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The share of the points won, from 0 to 1 (a draw is half a point); `None`
    /// before any game.
    pub fn score(&self) -> Option<f64> {
        let games = f64::from(self.games());
        (games > 0.0).then(|| (f64::from(self.wins) + f64::from(self.draws) / 2.0) / games)
    }
}
