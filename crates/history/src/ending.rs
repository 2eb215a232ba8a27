//! How a game ended, as the database keeps it (a result number and a stable word for
//! the reason), and declaring an ending the moves alone do not show (a resignation, an
//! agreed draw, a clock that ran out, an abandoned game) on a game played again.

use ply_core::{EndReason, MoveError, Outcome, Player};
use ply_modes::AnyGame;

/// The stored result: 0 the first side won, 1 the second side won, 2 drawn.
pub(crate) fn result_code(outcome: Outcome) -> i64 {
    match outcome.winner() {
        Some(Player::First) => 0,
        Some(Player::Second) => 1,
        None => 2,
    }
}

/// The stored word for an ending; these words never change meaning once written.
pub(crate) fn reason_word(reason: EndReason) -> &'static str {
    match reason {
        EndReason::Checkmate => "checkmate",
        EndReason::Stalemate => "stalemate",
        EndReason::Repetition => "repetition",
        EndReason::NoProgress => "no-progress",
        EndReason::InsufficientMaterial => "insufficient-material",
        EndReason::KingExploded => "king-exploded",
        EndReason::KingOnHill => "king-on-hill",
        EndReason::NoPiecesLeft => "no-pieces-left",
        EndReason::NoLegalMoves => "no-legal-moves",
        EndReason::KingEscaped => "king-escaped",
        EndReason::ExitFort => "exit-fort",
        EndReason::KingCaptured => "king-captured",
        EndReason::Encircled => "encircled",
        EndReason::MoveLimit => "move-limit",
        EndReason::FourInARow => "four-in-a-row",
        EndReason::BoardFull => "board-full",
        EndReason::Resignation => "resignation",
        EndReason::DrawAgreed => "draw-agreed",
        EndReason::OutOfTime => "out-of-time",
        EndReason::OutOfTimeNoMaterial => "out-of-time-no-material",
        EndReason::Abandoned => "abandoned",
    }
}

/// Every reason, to read a stored word back.
const REASONS: [EndReason; 21] = [
    EndReason::Checkmate,
    EndReason::Stalemate,
    EndReason::Repetition,
    EndReason::NoProgress,
    EndReason::InsufficientMaterial,
    EndReason::KingExploded,
    EndReason::KingOnHill,
    EndReason::NoPiecesLeft,
    EndReason::NoLegalMoves,
    EndReason::KingEscaped,
    EndReason::ExitFort,
    EndReason::KingCaptured,
    EndReason::Encircled,
    EndReason::MoveLimit,
    EndReason::FourInARow,
    EndReason::BoardFull,
    EndReason::Resignation,
    EndReason::DrawAgreed,
    EndReason::OutOfTime,
    EndReason::OutOfTimeNoMaterial,
    EndReason::Abandoned,
];

/// The outcome a stored result and reason word stand for (`None` for a word this
/// build does not know).
pub(crate) fn stored_outcome(result: i64, word: &str) -> Option<Outcome> {
    let reason = REASONS
        .into_iter()
        .find(|&reason| reason_word(reason) == word)?;
    Some(match result {
        0 => Outcome::Win {
            winner: Player::First,
            reason,
        },
        1 => Outcome::Win {
            winner: Player::Second,
            reason,
        },
        _ => Outcome::Draw { reason },
    })
}

/// Ends `game` with `outcome` when its moves have not ended it already: a resignation,
/// an agreed draw, a clock that ran out or an abandoned game is declared as a save
/// records it; any other ending must come from the moves. Refused when the game ends
/// differently.
pub(crate) fn declare(game: &mut dyn AnyGame, outcome: Outcome) -> Result<(), String> {
    if game.outcome().is_none() {
        let loser = outcome.winner().map(Player::opponent);
        let declared = match (outcome.reason(), loser) {
            (EndReason::Resignation, Some(loser)) => game.resign(loser),
            (EndReason::DrawAgreed, None) => game.agree_draw(),
            (EndReason::OutOfTime, Some(loser)) => game.run_out_of_time(loser).map(drop),
            (EndReason::OutOfTimeNoMaterial, None) => {
                game.run_out_of_time(game.to_move()).map(drop)
            }
            (EndReason::Abandoned, Some(loser)) => game.abandon(loser, true).map(drop),
            (EndReason::Abandoned, None) => game.abandon(game.to_move(), false).map(drop),
            _ => Err(MoveError::illegal(outcome.reason().describe())),
        };
        declared.map_err(|_| {
            format!(
                "the game is not over after its moves, and it cannot end by {}",
                outcome.reason().describe()
            )
        })?;
    }
    match game.outcome() {
        Some(ended) if ended == outcome => Ok(()),
        Some(ended) => Err(format!(
            "the moves end the game as {ended}, not as {outcome}"
        )),
        None => Err("the game is not over after its moves".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reason_has_its_own_word_and_reads_back() {
        for reason in REASONS {
            let others = REASONS
                .iter()
                .filter(|&&other| reason_word(other) == reason_word(reason))
                .count();
            assert_eq!(others, 1, "{reason:?}");
            let draw = Outcome::Draw { reason };
            assert_eq!(stored_outcome(2, reason_word(reason)), Some(draw));
        }
        assert_eq!(stored_outcome(0, "no such ending"), None);
    }

    #[test]
    fn a_resignation_is_declared_and_a_false_checkmate_refused() {
        let mut game = ply_modes::replay("chess", None, ["e2e4", "e7e5"]).expect("legal");
        let resigned = Outcome::Win {
            winner: Player::Second,
            reason: EndReason::Resignation,
        };
        declare(game.as_mut(), resigned).expect("White may resign");
        assert_eq!(game.outcome(), Some(resigned));

        let mut game = ply_modes::replay("chess", None, ["e2e4"]).expect("legal");
        let mate = Outcome::Win {
            winner: Player::First,
            reason: EndReason::Checkmate,
        };
        let refused = declare(game.as_mut(), mate).expect_err("no mate after 1. e4");
        assert!(refused.contains("cannot end by checkmate"), "{refused}");
    }
}
