//! How a game of the history reads in the list: when it ended, the mode, the opponent,
//! the result from the player's view, its length and where it was played.

use ply_history::{GameSummary, PlayerResult, Venue};
use ply_modes::find_mode;

/// The list's columns: their headings and their shares of the row's width.
pub const COLUMNS: [(&str, f32); 6] = [
    ("Ended", 0.22),
    ("Mode", 0.17),
    ("Opponent", 0.24),
    ("Result", 0.11),
    ("Moves", 0.09),
    ("Where", 0.17),
];

/// The mode's name for its identifier.
pub fn mode_name(mode_id: &str) -> &str {
    find_mode(mode_id).map_or(mode_id, |mode| mode.name)
}

/// The result as the player reads it ("won"), or, when the player's side is not
/// known, who won ("Bea won").
pub fn result_text(game: &GameSummary) -> String {
    match game.player_result {
        Some(PlayerResult::Win) => "won".to_string(),
        Some(PlayerResult::Draw) => "drawn".to_string(),
        Some(PlayerResult::Loss) => "lost".to_string(),
        None => match game.outcome.winner() {
            None => "drawn".to_string(),
            Some(winner) => match &game.players[winner.index()] {
                Some(player) => format!("{} won", player.name),
                None => "won".to_string(),
            },
        },
    }
}

/// The opponent, or, when the player's side is not known, both players.
pub fn opponent_text(game: &GameSummary) -> String {
    match &game.opponent {
        Some(opponent) => opponent.clone(),
        None => {
            let name = |index: usize| {
                game.players[index]
                    .as_ref()
                    .map_or("nobody", |player| player.name.as_str())
            };
            format!("{} v {}", name(0), name(1))
        }
    }
}

/// When a game ended, in this computer's time zone, without the zone's name (the same
/// on every row).
fn when(time: std::time::SystemTime) -> String {
    let text = ply_save::local_text(time);
    match text.rsplit_once(' ') {
        Some((date_and_time, _zone)) => date_and_time.to_string(),
        None => text,
    }
}

/// The texts of a game's row, one per column of [`COLUMNS`].
pub fn cells(game: &GameSummary) -> [String; 6] {
    [
        when(game.ended),
        mode_name(&game.mode).to_string(),
        opponent_text(game),
        result_text(game),
        game.plies.div_ceil(2).to_string(),
        match game.venue {
            Venue::Local => "this computer".to_string(),
            Venue::Online { .. } => "online".to_string(),
        },
    ]
}
