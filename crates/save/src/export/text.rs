//! Plyground's plain text record, for any mode and the only record for hnefatafl and
//! Connect Four: a header of `Name: value` lines (game, title, date, the players by
//! their side names, the start position in the mode's position text when it is not the
//! usual one, the result in words), a blank line, then the moves numbered in pairs in the mode's move-list
//! notation (hnefatafl `d1-d3`, Connect Four's columns `1`..`7`), ending with the
//! result token; a reviewed game's evaluations, from the first side's view, and
//! verdicts come as in PGN.

use super::{Facts, mode_name, movetext, result_token};
use crate::date::{record_date, record_time};
use crate::{GameResult, SavedGame};
use ply_core::{Player, wins};

/// The game as a text record.
pub(super) fn write(saved: &SavedGame, facts: &Facts) -> String {
    let game = &saved.game;
    let outcome = game.outcome();
    let mut text = String::new();
    let mut line = |name: &str, value: &str| text += &format!("{name}: {value}\n");
    line("Game", &mode_name(game.mode_id()));
    line("Mode", game.mode_id());
    line("Title", &saved.title);
    line(
        "Date",
        &format!(
            "{} {} UTC",
            record_date(saved.created),
            record_time(saved.created)
        ),
    );
    for side in Player::BOTH {
        line(game.side_name(side), &Facts::name(saved, side));
    }
    if !facts.usual_start {
        line("Start", &game.start_text());
    }
    let result = match (GameResult::of(outcome), outcome) {
        (GameResult::Won(winner), Some(outcome)) => format!(
            "{} ({})",
            wins(game.side_name(winner)),
            outcome.reason().describe()
        ),
        (GameResult::Drawn, Some(outcome)) => format!("draw ({})", outcome.reason().describe()),
        _ => "in progress".to_string(),
    };
    line("Result", &result);
    text.push('\n');
    let token = result_token(outcome, Player::First);
    text += &movetext(
        &facts.moves,
        facts.first_mover,
        Player::First,
        1,
        token,
        true,
    );
    text
}
