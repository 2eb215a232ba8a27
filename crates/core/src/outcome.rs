//! How a game ended: who won (if anyone) and why, in words a player understands.

use crate::Player;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The reason a game ended. One list for every mode, so that screens, saves and the
/// network can show any result without knowing the mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EndReason {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// The same position occurred for the third time.
    Repetition,
    /// Too many moves passed without progress (chess: 50 moves; checkers: 40 moves).
    NoProgress,
    /// Neither side has the material to win.
    InsufficientMaterial,
    /// Atomic chess: a king was caught in an explosion.
    KingExploded,
    /// King of the hill: a king reached a centre square.
    KingOnHill,
    /// The losing side has no pieces left.
    NoPiecesLeft,
    /// The losing side has no legal move.
    NoLegalMoves,
    /// Hnefatafl: the king reached a corner.
    KingEscaped,
    /// Hnefatafl: the king is safe in an unbreakable fort on the edge.
    ExitFort,
    /// Hnefatafl: the king was surrounded and captured.
    KingCaptured,
    /// Hnefatafl: the attackers closed a ring around every defender.
    Encircled,
    /// The game reached its move limit.
    MoveLimit,
    /// Connect Four: four counters in a line.
    FourInARow,
    /// Connect Four: the board filled with no line of four.
    BoardFull,
    /// A player resigned.
    Resignation,
    /// Both players agreed to a draw.
    DrawAgreed,
    /// The losing side's clock ran out.
    OutOfTime,
    /// A clock ran out, but its opponent could not possibly win (chess: too little
    /// material to checkmate), so the game is drawn.
    OutOfTimeNoMaterial,
    /// A player lost the connection to an online game and stayed away: the opponent
    /// claimed the win, or called the game a draw.
    Abandoned,
}

impl EndReason {
    /// A short phrase for banners and logs.
    pub const fn describe(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::Repetition => "repetition",
            EndReason::NoProgress => "no progress (move limit without captures or pawn moves)",
            EndReason::InsufficientMaterial => "insufficient material",
            EndReason::KingExploded => "king exploded",
            EndReason::KingOnHill => "king reached the hill",
            EndReason::NoPiecesLeft => "no pieces left",
            EndReason::NoLegalMoves => "no legal moves",
            EndReason::KingEscaped => "king escaped",
            EndReason::ExitFort => "exit fort",
            EndReason::KingCaptured => "king captured",
            EndReason::Encircled => "encirclement",
            EndReason::MoveLimit => "move limit reached",
            EndReason::FourInARow => "four in a row",
            EndReason::BoardFull => "board full",
            EndReason::Resignation => "resignation",
            EndReason::DrawAgreed => "draw agreed",
            EndReason::OutOfTime => "out of time",
            EndReason::OutOfTimeNoMaterial => "out of time, but the opponent could not win",
            EndReason::Abandoned => "abandoned",
        }
    }
}

impl Outcome {
    /// The end of a game whose `flagged` side ran out of time: its opponent wins, unless
    /// `opponent_can_win` is false (it could not possibly win), when it is a draw.
    pub const fn out_of_time(flagged: Player, opponent_can_win: bool) -> Outcome {
        if opponent_can_win {
            Outcome::Win {
                winner: flagged.opponent(),
                reason: EndReason::OutOfTime,
            }
        } else {
            Outcome::Draw {
                reason: EndReason::OutOfTimeNoMaterial,
            }
        }
    }
}

/// "White wins", "Attackers win": the winner's side name with its verb agreeing (side
/// names that are plural, like the hnefatafl sides, take "win").
pub fn wins(side_name: &str) -> String {
    if side_name.ends_with('s') {
        format!("{side_name} win")
    } else {
        format!("{side_name} wins")
    }
}

/// The end of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// One side won.
    Win {
        /// The side that won.
        winner: Player,
        /// Why the game ended.
        reason: EndReason,
    },
    /// Nobody won.
    Draw {
        /// Why the game ended.
        reason: EndReason,
    },
}

impl Outcome {
    /// The winner, if the game was not drawn.
    pub const fn winner(self) -> Option<Player> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// Why the game ended.
    pub const fn reason(self) -> EndReason {
        match self {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win {
                winner: Player::First,
                reason,
            } => write!(f, "1-0 ({})", reason.describe()),
            Outcome::Win {
                winner: Player::Second,
                reason,
            } => write!(f, "0-1 ({})", reason.describe()),
            Outcome::Draw { reason } => write!(f, "1/2-1/2 ({})", reason.describe()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_verb_agrees_with_the_side() {
        assert_eq!(wins("White"), "White wins");
        assert_eq!(wins("Attackers"), "Attackers win");
    }
}
