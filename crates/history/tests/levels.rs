//! A history kept before the ladder of levels: its games against Easy, Medium, Hard and
//! Maximum read, after schema step 3, as the rungs that play most like them, and
//! filtering by a rung finds them.

mod common;

use common::{MONDAY_NOON, Place, at, computer, person, played, saved};
use ply_core::Player;
use ply_history::{Circumstances, Computer, GameFilter, History, Page};
use ply_modes::Level;

#[test]
fn games_against_the_four_old_levels_become_their_rungs() {
    let place = Place::new();
    let mut history = place.history();
    // One game against each old level, each played a minute after the one before.
    for minute in 0..4 {
        let game = saved(
            "Chess: Ann v Computer",
            vec![
                person("Ann", Player::First),
                computer(Level::at(1), Player::Second),
            ],
            played("chess", &["f2f3", "e7e5", "g2g4", "d8h4"]),
            at(MONDAY_NOON + minute * 60_000),
        );
        history
            .record(&game, &Circumstances::local())
            .expect("recorded");
    }
    drop(history);
    // What a file of schema step 2 held: the old levels' codes 0 to 3.
    let old = rusqlite::Connection::open(&place.file).expect("opened");
    old.execute_batch(
        "UPDATE games SET second_level = id - (SELECT MIN(id) FROM games),
                          computer_level = id - (SELECT MIN(id) FROM games);
         PRAGMA user_version = 2;",
    )
    .expect("made old");
    drop(old);

    let opened = History::open(&place.file, &place.saves, &[]).expect("opened and migrated");
    assert!(opened.damage.is_none(), "a migration, not a rebuild");
    let history = opened.history;
    let mut listed = history
        .list(&GameFilter::default(), Page::first(10))
        .expect("listed");
    listed.sort_by_key(|game| game.id);
    let levels: Vec<Option<Level>> = listed
        .iter()
        .map(|game| game.players[1].as_ref().and_then(|player| player.computer))
        .collect();
    let expected = [Level::at(4), Level::at(5), Level::at(6), Level::FULL].map(Some);
    assert_eq!(levels, expected);
    let against_six = GameFilter {
        computer: Some(Computer::Level(Level::at(6))),
        ..GameFilter::default()
    };
    assert_eq!(history.count(&against_six).expect("counted"), 1);
}
