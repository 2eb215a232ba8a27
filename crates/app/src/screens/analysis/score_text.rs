//! How the analysis board writes a score: in pawns for the chess family, where players
//! read "+0.35" and "#3"; elsewhere as the side to move's chance of winning, since a
//! checkers or hnefatafl score has no unit a player knows; and a proven result in
//! words, Connect Four's as the counter that wins ("Red wins with the 13th counter").

use ply_core::{Player, Score};
use ply_modes::AnyGame;

/// The modes whose scores are centipawns.
const CHESS_FAMILY: [&str; 6] = ["chess", "atomic", "koth", "hole", "lps", "mega"];

/// Whether the mode's scores are written in pawns.
pub fn in_pawns(game: &dyn AnyGame) -> bool {
    CHESS_FAMILY.contains(&game.mode_id())
}

/// A score from the first player's view, short, for the evaluation bar and the lines.
pub fn short(game: &dyn AnyGame, first_view: Score) -> String {
    if let Some(plies) = first_view.plies_to_end() {
        let moves = plies.div_ceil(2);
        let sign = if first_view.0 > 0 { "" } else { "-" };
        return if CHESS_FAMILY.contains(&game.mode_id()) {
            format!("#{sign}{moves}")
        } else {
            let winner = if first_view.0 > 0 {
                Player::First
            } else {
                Player::Second
            };
            format!("{} in {plies}", ply_core::wins(game.side_name(winner)))
        };
    }
    if CHESS_FAMILY.contains(&game.mode_id()) {
        format!("{:+.2}", f64::from(first_view.0) / 100.0)
    } else {
        let chance = game.chance_curve().chance(first_view);
        format!("{} {:.0}%", game.side_name(Player::First), chance * 100.0)
    }
}

/// A proven result in words, for the side to move of `game` whose exact value is
/// `to_move_view`: "Red wins with the 13th counter" in Connect Four, "White mates in 3"
/// or "Draw with best play" elsewhere.
pub fn proven(game: &dyn AnyGame, to_move_view: Score) -> String {
    let mover = game.to_move();
    let Some(plies) = to_move_view.plies_to_end() else {
        return "Draw with best play".to_string();
    };
    let winner = if to_move_view.0 > 0 {
        mover
    } else {
        mover.opponent()
    };
    let name = game.side_name(winner);
    if game.mode_id() == "connect4" {
        // The winner's counters on the board, then its moves still to come.
        let own_before = game
            .view()
            .cells
            .iter()
            .filter(|cell| cell.piece.is_some_and(|(owner, _)| owner == winner))
            .count();
        let counter = own_before + (plies as usize).div_ceil(2);
        return format!(
            "{} with the {} counter",
            ply_core::wins(name),
            ordinal(counter)
        );
    }
    format!(
        "{} in {} with best play",
        ply_core::wins(name),
        plies_text(plies)
    )
}

/// "1 move" or "5 moves", counting the winner's moves.
fn plies_text(plies: u32) -> String {
    let moves = plies.div_ceil(2);
    if moves == 1 {
        "1 move".into()
    } else {
        format!("{moves} moves")
    }
}

/// 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st...
fn ordinal(number: usize) -> String {
    let suffix = match (number % 10, number % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{number}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_modes::find_mode;

    #[test]
    fn connect_four_names_the_winning_counter() {
        let mode = find_mode("connect4").expect("mode");
        // Red has 1, 2, 3 on the bottom row and is to move: it wins with its 4th.
        let game = mode.from_position("112233").expect("position");
        assert_eq!(
            proven(&*game, Score::win_in(1)),
            "Red wins with the 4th counter"
        );
        let chess = find_mode("chess").expect("mode").new_game();
        assert_eq!(short(&*chess, Score(35)), "+0.35");
        assert_eq!(short(&*chess, -Score::win_in(5)), "#-3");
        assert_eq!(proven(&*chess, Score::ZERO), "Draw with best play");
        assert_eq!(ordinal(13), "13th");
        assert_eq!(ordinal(22), "22nd");
    }
}
