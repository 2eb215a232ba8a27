//! "Your games at this position": the moves played from a position with their counts
//! and results, transpositions found as one position, variants sharing a board kept
//! apart, and a deleted game's positions gone with it.

mod common;

use common::{MONDAY_NOON, Place, at, ended, person, played, saved};
use ply_core::Player;
use ply_history::{Circumstances, GameFilter, History, Page, PositionKey, Tally};

/// Records Ann's game of `mode` (White) against Bob, with `moves`, won by `winner`.
fn record(history: &mut History, mode: &str, moves: &[&str], winner: Option<Player>, minute: u64) {
    let game = saved(
        &format!("{mode} {}", moves.join(" ")),
        vec![person("Ann", Player::First), person("Bob", Player::Second)],
        ended(mode, moves, winner),
        at(MONDAY_NOON + minute * 60),
    );
    history
        .record(&game, &Circumstances::local())
        .expect("recorded");
}

/// The tally as (wins, draws, losses).
fn figures(tally: Tally) -> (u32, u32, u32) {
    (tally.wins, tally.draws, tally.losses)
}

#[test]
fn moves_from_a_position_are_counted_with_their_results() {
    let place = Place::new();
    let mut history = place.history();
    record(
        &mut history,
        "chess",
        &["e2e4", "e7e5"],
        Some(Player::First),
        0,
    );
    record(&mut history, "chess", &["e2e4", "c7c5"], None, 1);
    record(
        &mut history,
        "chess",
        &["d2d4", "d7d5"],
        Some(Player::Second),
        2,
    );
    record(
        &mut history,
        "chess",
        &["g1f3", "g8f6", "b1c3"],
        Some(Player::First),
        3,
    );
    record(
        &mut history,
        "chess",
        &["b1c3", "g8f6", "g1f3"],
        Some(Player::Second),
        4,
    );
    record(&mut history, "atomic", &["e2e4"], Some(Player::First), 5);

    let start = history
        .explore(played("chess", &[]).as_ref())
        .expect("explored");
    assert_eq!(start.games, 5, "the atomic game is not a chess game");
    let moves: Vec<(&str, &str, (u32, u32, u32))> = start
        .moves
        .iter()
        .map(|next| {
            (
                next.text.as_str(),
                next.display.as_str(),
                figures(next.tally),
            )
        })
        .collect();
    // Most played first, then in the order of their move-list text.
    assert_eq!(
        moves,
        [
            ("e2e4", "e4", (1, 1, 0)),
            ("b1c3", "Nc3", (0, 0, 1)),
            ("g1f3", "Nf3", (1, 0, 0)),
            ("d2d4", "d4", (0, 0, 1)),
        ]
    );

    let after_e4 = history
        .explore(played("chess", &["e2e4"]).as_ref())
        .expect("explored");
    assert_eq!(after_e4.games, 2);
    let replies: Vec<(&str, (u32, u32, u32))> = after_e4
        .moves
        .iter()
        .map(|next| (next.display.as_str(), figures(next.tally)))
        .collect();
    // From Black's view, who is to move.
    assert_eq!(replies, [("c5", (0, 1, 0)), ("e5", (0, 0, 1))]);

    let transposed = played("chess", &["g1f3", "g8f6", "b1c3"]);
    let there = history.explore(transposed.as_ref()).expect("explored");
    assert_eq!(there.games, 2, "reached by both move orders");
    assert_eq!(
        figures(there.ended_here),
        (1, 0, 1),
        "Black resigned once, White once"
    );
    let reached = GameFilter {
        position: Some(PositionKey::of(transposed.as_ref())),
        ..GameFilter::default()
    };
    let titles: Vec<String> = history
        .list(&reached, Page::first(10))
        .expect("listed")
        .into_iter()
        .map(|game| game.title)
        .collect();
    assert_eq!(titles, ["chess b1c3 g8f6 g1f3", "chess g1f3 g8f6 b1c3"]);

    let atomic = history
        .explore(played("atomic", &[]).as_ref())
        .expect("explored");
    assert_eq!(atomic.games, 1);

    let deleted = history.ids(&reached).expect("numbers");
    assert_eq!(history.delete(&deleted[..1]).expect("deleted"), 1);
    assert_eq!(
        history
            .explore(transposed.as_ref())
            .expect("explored")
            .games,
        1
    );
    let start = history
        .explore(played("chess", &[]).as_ref())
        .expect("explored");
    assert_eq!(start.games, 4);
    assert_eq!(history.count(&GameFilter::default()).expect("counted"), 5);
    assert_eq!(history.delete(&deleted[..1]).expect("nothing left"), 0);
}
