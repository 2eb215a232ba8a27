//! How the computer spends its time and varies its play: the share of its clock it may
//! take for one move, and the seed that decides a level's deliberate slips. The table,
//! `ply uci`, `ply match`, `ply host` and the game panel all follow these, so the
//! computer thinks the same way wherever it plays.

use ply_core::zobrist::splitmix64;
use ply_modes::AnyGame;
use std::time::Duration;

/// Time kept back from every budget for setting up the search (its tables take tens of
/// milliseconds to allocate on a busy machine) and sending the move.
pub const MOVE_OVERHEAD: Duration = Duration::from_millis(50);
/// How many more moves the clock is assumed to cover when nobody says.
const DEFAULT_MOVES_TO_GO: u32 = 30;
/// Never plan to spend more than this share of the remaining time on one move.
const MOST_OF_CLOCK_PERCENT: u32 = 80;

/// The time to spend on one move with `left` on the clock, `increment` added per move,
/// and `moves_to_go` moves until the next time control (if known): an even share of
/// the clock over the moves to go plus most of the increment, never most of the clock,
/// less the [`MOVE_OVERHEAD`].
pub fn clock_budget(left: Duration, increment: Duration, moves_to_go: Option<u32>) -> Duration {
    let moves_left = moves_to_go.unwrap_or(DEFAULT_MOVES_TO_GO).max(1);
    let share = left / moves_left + increment * 3 / 4;
    let most = left * MOST_OF_CLOCK_PERCENT / 100;
    share
        .min(most)
        .saturating_sub(MOVE_OVERHEAD)
        .max(Duration::from_millis(1))
}

/// The seed for the computer's move in `game`'s current position, in a game whose own
/// seed is `game_seed`: it follows from every move played, so mistakes differ from move
/// to move and game to game, yet the same game with the same seed replays exactly.
pub fn move_seed(game_seed: u64, game: &dyn AnyGame) -> u64 {
    let moves = game.moves();
    moves
        .iter()
        .fold(game_seed ^ moves.len() as u64, |seed, code| {
            splitmix64(seed ^ code.0)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_budget_is_a_share_of_the_clock_plus_most_of_the_increment() {
        let second = Duration::from_secs(1);
        assert_eq!(
            clock_budget(60 * second, Duration::ZERO, None),
            2 * second - MOVE_OVERHEAD
        );
        assert_eq!(
            clock_budget(60 * second, 4 * second, Some(20)),
            6 * second - MOVE_OVERHEAD
        );
        // One move to the time control: most of the clock, never all of it.
        assert_eq!(
            clock_budget(10 * second, Duration::ZERO, Some(1)),
            8 * second - MOVE_OVERHEAD
        );
        assert_eq!(
            clock_budget(Duration::from_millis(5), Duration::ZERO, None),
            Duration::from_millis(1)
        );
    }

    #[test]
    fn a_move_seed_follows_the_game_and_its_seed() {
        let game = |moves: &str| ply_modes::replay("chess", None, moves.split_whitespace());
        let (one, other) = (
            game("e2e4 e7e5").expect("legal"),
            game("d2d4 e7e5").expect("legal"),
        );
        assert_eq!(move_seed(7, one.as_ref()), move_seed(7, one.as_ref()));
        assert_ne!(move_seed(7, one.as_ref()), move_seed(7, other.as_ref()));
        assert_ne!(move_seed(7, one.as_ref()), move_seed(8, one.as_ref()));
    }
}
