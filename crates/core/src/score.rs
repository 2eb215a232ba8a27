//! Position scores for the search: centipawn-like numbers plus exact win and loss
//! distances, so that the engine prefers the fastest win and the slowest loss.

use std::fmt;
use std::ops::{Add, Neg, Sub};

/// A score from the point of view of the side to move. Ordinary values lie well inside
/// `±Score::WIN_THRESHOLD`; `Score::win_in(n)` and `Score::loss_in(n)` lie beyond it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(pub i32);

impl Score {
    /// A balanced position.
    pub const ZERO: Score = Score(0);
    /// The score of a win right now (no plies left).
    pub const WIN: Score = Score(1_000_000);
    /// Larger than any real score; the search's initial window bound.
    pub const INFINITE: Score = Score(1_000_001);
    /// Scores at or beyond this (in absolute value) are proven wins or losses.
    pub const WIN_THRESHOLD: i32 = 1_000_000 - 10_000;

    /// A win `plies` plies from now.
    #[inline]
    pub const fn win_in(plies: u32) -> Score {
        Score(Self::WIN.0 - plies as i32)
    }

    /// A loss `plies` plies from now.
    #[inline]
    pub const fn loss_in(plies: u32) -> Score {
        Score(-Self::WIN.0 + plies as i32)
    }

    /// Whether this score is a proven win or loss.
    #[inline]
    pub const fn is_decisive(self) -> bool {
        self.0.abs() >= Self::WIN_THRESHOLD
    }

    /// For a decisive score, the number of plies to the end of the game.
    pub const fn plies_to_end(self) -> Option<u32> {
        if self.is_decisive() {
            Some((Self::WIN.0 - self.0.abs()) as u32)
        } else {
            None
        }
    }
}

impl Neg for Score {
    type Output = Score;
    #[inline]
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl Add<i32> for Score {
    type Output = Score;
    #[inline]
    fn add(self, rhs: i32) -> Score {
        Score(self.0 + rhs)
    }
}

impl Sub<i32> for Score {
    type Output = Score;
    #[inline]
    fn sub(self, rhs: i32) -> Score {
        Score(self.0 - rhs)
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.plies_to_end() {
            Some(plies) if self.0 > 0 => write!(f, "win in {plies} plies"),
            Some(plies) => write!(f, "loss in {plies} plies"),
            None => write!(f, "{}", self.0),
        }
    }
}
