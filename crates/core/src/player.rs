//! The two sides of every game, named by move order rather than by colour.

use serde::{Deserialize, Serialize};

/// One of the two sides. `First` moves first: White in chess, Black in checkers,
/// the attackers in hnefatafl, Red in Connect Four.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Player {
    /// The side that makes the first move of the game.
    First,
    /// The side that replies.
    Second,
}

impl Player {
    /// Both players in move order.
    pub const BOTH: [Player; 2] = [Player::First, Player::Second];

    /// The other side.
    #[inline]
    pub const fn opponent(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// 1 for `First`, -1 for `Second`: a score from this player's view times this is the
    /// score from the first player's view, and the other way round.
    #[inline]
    pub const fn sign(self) -> i32 {
        match self {
            Player::First => 1,
            Player::Second => -1,
        }
    }

    /// 0 for `First`, 1 for `Second`: handy for indexing per-side arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The player with the given index (0 or 1; anything else is `Second`).
    #[inline]
    pub const fn from_index(index: usize) -> Player {
        if index == 0 {
            Player::First
        } else {
            Player::Second
        }
    }
}

impl std::ops::Not for Player {
    type Output = Player;
    #[inline]
    fn not(self) -> Player {
        self.opponent()
    }
}
