//! PGN for the chess modes: the Seven Tag Roster, a Variant tag for the variants
//! (python-chess, lichess and most GUIs know "Atomic" and "King of the Hill"; hole
//! chess, last piece standing and mega chess have no standard name, so they get ours
//! and always a SetUp/FEN tag), SetUp/FEN when the game did not start from the usual
//! position, the TimeControl of a timed game, the Termination, and numbered SAN with
//! each move's clock and, in a reviewed game, its evaluation (`[%eval 0.17]`, White's
//! view in pawns, `[%eval #-2]` for a proven result) and the NAG of an inaccuracy,
//! mistake or blunder (`$6`, `$2`, `$4`).

use super::{Facts, movetext, result_token, tag, termination};
use crate::SavedGame;
use crate::date::{record_date, record_time};
use ply_core::Player;

/// The PGN Variant tag of a chess mode, and whether other programs know the variant
/// by that name (if not, the record always carries the start position).
fn variant(mode_id: &str) -> Option<(&'static str, bool)> {
    match mode_id {
        "atomic" => Some(("Atomic", true)),
        "koth" => Some(("King of the Hill", true)),
        "hole" => Some(("Hole chess", false)),
        "lps" => Some(("Last piece standing", false)),
        "mega" => Some(("Mega chess 16x16", false)),
        _ => None,
    }
}

/// The full-move number a FEN gives its position (its sixth field; 1 when missing).
fn fullmove_number(fen: &str) -> u32 {
    fen.split_whitespace()
        .nth(5)
        .and_then(|field| field.parse().ok())
        .filter(|&number| number > 0)
        .unwrap_or(1)
}

/// The game as one PGN game, White being the side that moves first in the mode.
pub(super) fn write(saved: &SavedGame, facts: &Facts) -> String {
    let game = &saved.game;
    let outcome = game.outcome();
    let result = result_token(outcome, Player::First);
    let start = game.start_text();
    let mut text = String::new();
    text += &tag("Event", &saved.title);
    text += &tag("Site", "Plyground");
    text += &tag("Date", &record_date(saved.created));
    text += &tag("Round", "-");
    text += &tag("White", &Facts::name(saved, Player::First));
    text += &tag("Black", &Facts::name(saved, Player::Second));
    text += &tag("Result", result);
    text += &tag("UTCTime", &record_time(saved.created));
    let known = match variant(game.mode_id()) {
        Some((name, known)) => {
            text += &tag("Variant", name);
            known
        }
        None => true,
    };
    let from_start = facts.usual_start && known;
    if !from_start {
        text += &tag("SetUp", "1");
        text += &tag("FEN", &start);
    }
    if let Some(clock) = &saved.clock {
        let control = clock.control;
        let seconds = format!("{}+{}", control.base.as_secs(), control.increment.as_secs());
        text += &tag("TimeControl", &seconds);
    }
    text += &tag("Termination", termination(outcome));
    text.push('\n');
    let first_number = if from_start {
        1
    } else {
        fullmove_number(&start)
    };
    text += &movetext(
        &facts.moves,
        facts.first_mover,
        Player::First,
        first_number,
        result,
        true,
    );
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_move_number_comes_from_the_fen() {
        assert_eq!(fullmove_number("8/8/8/8/8/8/8/K6k b - - 3 42"), 42);
        assert_eq!(fullmove_number("8/8/8/8/8/8/8/K6k b - -"), 1);
        assert_eq!(fullmove_number("8/8/8/8/8/8/8/K6k b - - 0 0"), 1);
    }
}
