//! Recording finished games: a local game and an online game each appear once with
//! every field, recording again stores nothing, unfinished games are refused, and the
//! finished games of the saves folder are imported on the first start only.

mod common;

use common::{MONDAY_NOON, Place, at, computer, ended, person, played, saved};
use ply_core::{EndReason, Outcome, Player, TimeControl};
use ply_history::{
    Circumstances, GameFilter, HistoryError, Origin, Page, PlayerResult, Recorded, SidePlayer,
    SideReview, Venue,
};
use ply_modes::Level;
use ply_save::SavedClock;
use std::time::Duration;

/// Fool's mate: Black mates on the fourth move.
const FOOLS_MATE: [&str; 4] = ["f2f3", "e7e5", "g2g4", "d8h4"];

#[test]
fn a_local_game_against_the_computer_appears_once_with_every_field() {
    let place = Place::new();
    let mut history = place.history();
    let mut game = saved(
        "Chess: Ann v Computer",
        vec![
            person("Ann", Player::First),
            computer(Level::at(7), Player::Second),
        ],
        played("chess", &FOOLS_MATE),
        at(MONDAY_NOON),
    );
    let control = TimeControl::minutes(5, 3);
    let after_moves: Vec<Duration> = [299, 300, 295, 301].map(Duration::from_secs).to_vec();
    game.clock = Some(SavedClock {
        control,
        left: [Duration::from_secs(295), Duration::from_secs(301)],
        after_moves: after_moves.clone(),
    });
    game.time_used = [Duration::from_millis(8_250), Duration::from_millis(2_125)];
    game.hinted = vec![2];

    let first = history
        .record(&game, &Circumstances::local())
        .expect("recorded");
    let again = history
        .record(&game, &Circumstances::local())
        .expect("recorded again");
    assert!(matches!(first, Recorded::Added(_)));
    assert_eq!(again, Recorded::AlreadyThere(first.id()));
    assert_eq!(history.count(&GameFilter::default()).expect("counted"), 1);

    let listed = history
        .list(&GameFilter::default(), Page::first(10))
        .expect("listed");
    assert_eq!(listed.len(), 1);
    let summary = &listed[0];
    assert_eq!(summary.id, first.id());
    assert_eq!(summary.mode, "chess");
    assert_eq!(summary.title, "Chess: Ann v Computer");
    assert_eq!(
        summary.players,
        [
            Some(SidePlayer {
                name: "Ann".to_string(),
                computer: None
            }),
            Some(SidePlayer {
                name: "Computer".to_string(),
                computer: Some(Level::at(7))
            }),
        ]
    );
    assert_eq!(summary.player_side, Some(Player::First));
    assert_eq!(summary.opponent.as_deref(), Some("Computer"));
    assert_eq!(
        summary.outcome,
        Outcome::Win {
            winner: Player::Second,
            reason: EndReason::Checkmate
        }
    );
    assert_eq!(summary.player_result, Some(PlayerResult::Loss));
    assert_eq!(summary.plies, 4);
    assert_eq!(summary.created, at(MONDAY_NOON));
    assert_eq!(summary.ended, at(MONDAY_NOON + 60));
    assert_eq!(summary.venue, Venue::Local);
    assert_eq!(summary.origin, Origin::Played);
    assert_eq!(summary.time_control, Some(control));
    assert!(
        summary.identity.ends_with(&format!("-{MONDAY_NOON}")),
        "{}",
        summary.identity
    );

    let stored = history.game(first.id()).expect("the whole game");
    assert_eq!(stored.start, played("chess", &[]).start_text());
    assert_eq!(stored.moves, FOOLS_MATE);
    assert_eq!(stored.time_used, game.time_used);
    assert_eq!(stored.clock, game.clock);
    assert_eq!(stored.hinted, [2]);
    assert_eq!(stored.reviews, [None, None]);
    let replayed = stored.saved_game().expect("plays again");
    assert_eq!(replayed.game.outcome(), game.game.outcome());
    assert_eq!(replayed.seats, game.seats);
    assert_eq!(replayed.clock, game.clock);
}

#[test]
fn an_online_game_appears_once_with_its_lobby_relay_and_the_side_played_here() {
    let place = Place::new();
    let mut history = place.history();
    let game = saved(
        "Chess: Ann v Bob",
        vec![person("Ann", Player::First), person("Bob", Player::Second)],
        ended("chess", &["e2e4", "e7e5", "g1f3"], Some(Player::First)),
        at(MONDAY_NOON),
    );
    // Played from Bob's program: Bob is the player here, whatever the names say.
    let online = Circumstances::online("K7QX2M", "relay.example:7373", Player::Second);
    let id = history.record(&game, &online).expect("recorded").id();
    assert_eq!(
        history.record(&game, &online).expect("again"),
        Recorded::AlreadyThere(id)
    );
    let listed = history
        .list(&GameFilter::default(), Page::first(10))
        .expect("listed");
    assert_eq!(listed.len(), 1);
    let summary = &listed[0];
    assert_eq!(
        summary.venue,
        Venue::Online {
            lobby: "K7QX2M".to_string(),
            relay: "relay.example:7373".to_string()
        }
    );
    assert_eq!(summary.player_side, Some(Player::Second));
    assert_eq!(summary.opponent.as_deref(), Some("Ann"));
    assert_eq!(summary.player_result, Some(PlayerResult::Loss));
    assert_eq!(
        summary.outcome,
        Outcome::Win {
            winner: Player::First,
            reason: EndReason::Resignation
        }
    );
    assert_eq!(summary.time_control, None);
    let online_only = GameFilter {
        online: Some(true),
        ..GameFilter::default()
    };
    assert_eq!(history.count(&online_only).expect("counted"), 1);

    let review = SideReview {
        accuracy: Some(87.5),
        classes: Some("best good".to_string()),
    };
    history
        .set_review(id, Player::Second, &review)
        .expect("kept");
    assert_eq!(
        history.game(id).expect("game").reviews,
        [None, Some(review)]
    );
}

#[test]
fn an_unfinished_game_is_refused() {
    let place = Place::new();
    let mut history = place.history();
    let game = saved(
        "Going on",
        vec![],
        played("chess", &["e2e4"]),
        at(MONDAY_NOON),
    );
    let refused = history.record(&game, &Circumstances::local());
    assert!(
        matches!(refused, Err(HistoryError::Unfinished)),
        "{refused:?}"
    );
}

#[test]
fn the_saves_folder_is_imported_on_the_first_start_only() {
    let place = Place::new();
    let finished = |title: &str, moves: &[&str], seconds: u64| {
        saved(
            title,
            vec![
                person("Ann", Player::First),
                computer(Level::at(4), Player::Second),
            ],
            ended("connect4", moves, Some(Player::First)),
            at(seconds),
        )
    };
    place
        .saves
        .save("one", &finished("One", &["4", "3"], MONDAY_NOON))
        .expect("saved");
    place
        .saves
        .save("two", &finished("Two", &["4", "4"], MONDAY_NOON + 10))
        .expect("saved");
    let going_on = saved(
        "Going on",
        vec![],
        played("connect4", &["4"]),
        at(MONDAY_NOON),
    );
    place.saves.save("going-on", &going_on).expect("saved");
    std::fs::write(place.saves.path().join("broken.ply"), b"not a save").expect("written");

    let first = place.open();
    let imported = first.imported.expect("imported on the first start");
    assert_eq!((imported.added, imported.already_there), (2, 0));
    assert_eq!(imported.skipped.len(), 1);
    assert!(
        imported.skipped[0].starts_with("broken"),
        "{:?}",
        imported.skipped
    );
    assert!(first.damage.is_none());
    drop(first.history);

    let second = place.open();
    assert!(second.imported.is_none(), "nothing is imported twice");
    let mut history = second.history;
    let saves_only = GameFilter::default();
    assert_eq!(history.count(&saves_only).expect("counted"), 2);
    let listed = history.list(&saves_only, Page::first(5)).expect("listed");
    assert!(listed.iter().all(|game| game.origin == Origin::SavesFolder));
    assert_eq!(listed[0].title, "Two", "newest first");
    let again = history.import_saves(&place.saves).expect("imported again");
    assert_eq!((again.added, again.already_there), (0, 2));
}

/// A review of the fool's mate as a search would give it: even at first, then White's
/// g4 lets Black mate at once.
fn fools_mate_review() -> ply_save::SavedReview {
    let verdict = |score: i32, depth, best: Option<&str>| ply_save::PositionVerdict {
        score: ply_core::Score(score),
        depth,
        best: best.map(str::to_string),
    };
    ply_save::SavedReview {
        per_position: Duration::from_millis(500),
        positions: vec![
            verdict(30, 14, Some("e2e4")),
            verdict(-20, 14, Some("e7e5")),
            verdict(-40, 13, Some("b1c3")),
            verdict(-999_999, 1, Some("d8h4")),
            verdict(-1_000_000, 0, None),
        ],
    }
}

#[test]
fn a_review_is_kept_whole_and_the_game_comes_back_with_it() {
    let place = Place::new();
    let mut history = place.history();
    let mut game = saved(
        "Reviewed",
        vec![person("Ann", Player::First), person("Bea", Player::Second)],
        played("chess", &FOOLS_MATE),
        at(MONDAY_NOON),
    );
    game.review = Some(fools_mate_review());
    let Recorded::Added(id) = history
        .record(&game, &Circumstances::local())
        .expect("recorded")
    else {
        panic!("a new game");
    };
    let stored = history.game(id).expect("game");
    let white = stored.reviews[0].as_ref().expect("White's verdicts");
    assert_eq!(white.classes.as_deref(), Some("good blunder"));
    let again = stored.saved_game().expect("replays");
    assert_eq!(
        again.review, game.review,
        "every position's verdict comes back"
    );

    let mut shorter = fools_mate_review();
    shorter.per_position = Duration::from_millis(250);
    history
        .set_review_positions(id, &shorter)
        .expect("replaced");
    let replaced = history
        .game(id)
        .expect("game")
        .saved_game()
        .expect("replays");
    assert_eq!(replaced.review.expect("kept").per_position.as_millis(), 250);
    assert!(matches!(
        history.set_review_positions(ply_history::GameId(999), &shorter),
        Err(HistoryError::NoSuchGame { .. })
    ));
}
