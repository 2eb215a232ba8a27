//! PDN for checkers (English draughts, GameType 21): Black moves first and is the
//! first side of the mode; moves in the standard numbering (`11-15`, `22x15x8`, every
//! landing square of a jump written so no reader has to guess the path); a FEN tag only
//! when the game did not start from the usual position; the result White's score first,
//! as chess does and checkers databases write it ("1-0" White won, "0-1" Black won,
//! "1/2-1/2"), not the 2-0/1-1 of international draughts; a timed game's clocks as
//! `%clk` comments, without the repeated move numbers PDN readers trip over; a reviewed
//! game's evaluations as `%eval` comments from White's view, in hundredths of the
//! evaluation's units (a man is worth about 2.3), and the NAGs of its poor moves, as
//! in PGN.

use super::{Facts, movetext, result_token, tag, termination};
use crate::SavedGame;
use crate::date::record_date;
use ply_core::Player;

/// The game as one PDN game.
pub(super) fn write(saved: &SavedGame, facts: &Facts) -> String {
    let game = &saved.game;
    let outcome = game.outcome();
    let result = result_token(outcome, Player::Second);
    let mut text = String::new();
    text += &tag("Event", &saved.title);
    text += &tag("Site", "Plyground");
    text += &tag("Date", &record_date(saved.created));
    text += &tag("Round", "-");
    text += &tag("White", &Facts::name(saved, Player::Second));
    text += &tag("Black", &Facts::name(saved, Player::First));
    text += &tag("Result", result);
    text += &tag("GameType", "21");
    if !facts.usual_start {
        text += &tag("SetUp", "1");
        text += &tag("FEN", &game.start_text());
    }
    text += &tag("Termination", termination(outcome));
    text.push('\n');
    text += &movetext(
        &facts.moves,
        facts.first_mover,
        Player::Second,
        1,
        result,
        false,
    );
    text
}
