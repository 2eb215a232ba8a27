//! PGN and PDN in and out: games exported with `ply_save::export` come back as the same
//! games (moves, result, players, date, clocks) and are not stored twice; records from
//! elsewhere with comments, NAGs, variations and loose SAN are read; bad input is
//! refused naming the game and the move, and nothing of the file is stored.

mod common;

use common::{MONDAY_NOON, Place, at, computer, ended, person, played, saved};
use ply_core::{Player, TimeControl};
use ply_history::{Circumstances, GameFilter, GameId, History, HistoryError, Origin, Page};
use ply_modes::Level;
use ply_save::{Format, SavedClock};
use std::time::Duration;

/// Records three chess-family games and a checkers game of Ann's; returns the chess
/// family's numbers, then the checkers game's.
fn record_games(history: &mut History) -> (Vec<GameId>, GameId) {
    let mut timed = saved(
        "Blitz",
        vec![person("Ann", Player::First), person("Bob", Player::Second)],
        ended(
            "chess",
            &["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"],
            Some(Player::First),
        ),
        at(MONDAY_NOON),
    );
    timed.clock = Some(SavedClock {
        control: TimeControl::minutes(3, 2),
        left: [Duration::from_secs(175), Duration::from_secs(181)],
        after_moves: [180, 181, 175, 181, 175].map(Duration::from_secs).to_vec(),
    });
    let mate = saved(
        "Mated",
        vec![
            person("Ann", Player::Second),
            computer(Level::at(4), Player::First),
        ],
        played("chess", &["f2f3", "e7e5", "g2g4", "d8h4"]),
        at(MONDAY_NOON + 600),
    );
    let hill = saved(
        "Hill",
        vec![person("Ann", Player::First), person("Bob", Player::Second)],
        ended("koth", &["e2e4", "d7d5"], None),
        at(MONDAY_NOON + 1200),
    );
    let checkers = saved(
        "Draughts",
        vec![person("Ann", Player::First), person("Bob", Player::Second)],
        ended(
            "checkers",
            &["11-15", "23-19", "8-11", "22-17"],
            Some(Player::Second),
        ),
        at(MONDAY_NOON + 1800),
    );
    let chess_family = [timed, mate, hill]
        .iter()
        .map(|game| {
            history
                .record(game, &Circumstances::local())
                .expect("recorded")
                .id()
        })
        .collect();
    let checkers = history
        .record(&checkers, &Circumstances::local())
        .expect("recorded")
        .id();
    (chess_family, checkers)
}

#[test]
fn exported_games_come_back_as_the_same_games_and_are_not_stored_twice() {
    let place = Place::new();
    let mut history = place.history();
    let (chess_family, checkers) = record_games(&mut history);
    let pgn = history.export(&chess_family, Format::Pgn).expect("PGN");
    assert_eq!(pgn.matches("[Event ").count(), 3);
    let pdn = history.export(&[checkers], Format::Pdn).expect("PDN");

    let elsewhere = Place::new();
    let mut other = elsewhere.history();
    let report = other.import_records(&pgn, "chess").expect("imported");
    assert_eq!((report.added, report.already_there), (3, 0));
    assert!(report.skipped.is_empty());
    let report = other.import_records(&pdn, "checkers").expect("imported");
    assert_eq!(report.added, 1);
    let again = other.import_records(&pgn, "chess").expect("imported again");
    assert_eq!((again.added, again.already_there), (0, 3));

    let all = GameFilter::default();
    let originals = history.list(&all, Page::first(10)).expect("listed");
    let copies = other.list(&all, Page::first(10)).expect("listed");
    assert_eq!(copies.len(), 4);
    for original in &originals {
        let copy = copies
            .iter()
            .find(|copy| copy.title == original.title)
            .expect("every game came back");
        assert_eq!(copy.mode, original.mode);
        assert_eq!(copy.outcome, original.outcome);
        assert_eq!(copy.player_result, original.player_result, "{}", copy.title);
        assert_eq!(copy.origin, Origin::Record);
        let (original_game, copy_game) = (
            history.game(original.id).expect("game"),
            other.game(copy.id).expect("game"),
        );
        assert_eq!(copy_game.moves, original_game.moves);
        assert_eq!(copy_game.start, original_game.start);
        // PGN keeps the time to the second, PDN the day.
        let day = |time: std::time::SystemTime| {
            time.duration_since(at(0)).expect("after 1970").as_secs() / 86_400
        };
        assert_eq!(day(copy.created), day(original.created));
        let names = |game: &ply_history::GameSummary| {
            game.players
                .clone()
                .map(|player| player.map(|player| player.name))
        };
        assert_eq!(names(copy), names(original));
        let player = |game: &ply_history::GameSummary| game.player_side;
        assert_eq!(player(copy), player(original));
    }
    let blitz = copies
        .iter()
        .find(|copy| copy.title == "Blitz")
        .expect("blitz");
    let timed = other.game(blitz.id).expect("the blitz game");
    assert_eq!(timed.summary.created, at(MONDAY_NOON));
    assert_eq!(
        timed
            .clock
            .as_ref()
            .map(|clock| (clock.control, clock.left, clock.after_moves.len())),
        Some((
            TimeControl::minutes(3, 2),
            [Duration::from_secs(175), Duration::from_secs(181)],
            5
        ))
    );

    // Back into the history they came from: the same games, though recorded there
    // with the milliseconds PGN does not keep.
    let home = history.import_records(&pgn, "chess").expect("imported");
    assert_eq!((home.added, home.already_there), (0, 3));
    let home = history.import_records(&pdn, "checkers").expect("imported");
    assert_eq!((home.added, home.already_there), (0, 1));
}

#[test]
fn records_from_elsewhere_are_read_through_their_comments_and_loose_san() {
    let place = Place::new();
    let mut history = place.history();
    let pgn = "[Event \"Club night\"]\n[Site \"?\"]\n[Date \"2024.03.09\"]\n\
        [White \"Ann\"]\n[Black \"Zed\"]\n[Result \"0-1\"]\n\n\
        1. e4 {best by test} e5 2. Ngf3 $1 (2. f4 exf4) Nc6 3. Bb5 a6 4. Bxc6 dxc6 \
        5. 0-0 f6 0-1\n\n\
        [Event \"Unfinished\"]\n[White \"Ann\"]\n[Black \"Zed\"]\n[Result \"*\"]\n\n1. d4 d5 *\n";
    let report = history.import_records(pgn, "chess").expect("imported");
    assert_eq!(report.added, 1);
    assert_eq!(report.skipped, ["game 2 (Ann v Zed): not finished"]);
    let games = history
        .list(&GameFilter::default(), Page::first(5))
        .expect("listed");
    let game = history.game(games[0].id).expect("game");
    assert_eq!(game.moves.len(), 10);
    assert_eq!(game.moves[8], "e1g1");
    assert_eq!(games[0].title, "Club night");
    assert_eq!(
        games[0].player_result,
        Some(ply_history::PlayerResult::Loss)
    );
    assert_eq!(games[0].opponent.as_deref(), Some("Zed"));
}

#[test]
fn bad_records_are_refused_naming_the_game_and_the_move_and_nothing_is_stored() {
    let place = Place::new();
    let mut history = place.history();
    let good = "[White \"Ann\"]\n[Black \"Bob\"]\n\n1. e4 e5 2. Nf3 1-0\n\n";
    let bad = format!("{good}[White \"Cid\"]\n[Black \"Dee\"]\n\n1. e4 e5 2. Nf3 Nf9 0-1\n");
    let refused = history.import_records(&bad, "chess");
    let message = match refused {
        Err(HistoryError::Import(error)) => error.to_string(),
        other => panic!("expected a refusal, got {other:?}"),
    };
    assert_eq!(
        message,
        "game 2 (Cid v Dee): move 2... Nf9 is not a legal move here"
    );
    assert_eq!(history.count(&GameFilter::default()).expect("counted"), 0);

    for (record, mode, words) in [
        (
            "[White \"Ann\"]\n[Black \"Bob\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n",
            "chess",
            "game 1 (Ann v Bob): the result 1-0 does not match the moves, which end the game as 0-1 (checkmate)",
        ),
        (
            "[Variant \"Crazyhouse\"]\n\n1. e4 1-0\n",
            "chess",
            "game 1: the variant \"Crazyhouse\" is not a mode of Plyground",
        ),
        (good, "checkers", "game 1 (Ann v Bob): move 1. e4 "),
    ] {
        let refused = history.import_records(record, mode).expect_err("refused");
        assert!(refused.to_string().starts_with(words), "{refused}");
    }
}

#[test]
fn a_format_that_cannot_hold_a_game_is_refused_naming_it() {
    let place = Place::new();
    let mut history = place.history();
    let (_, checkers) = record_games(&mut history);
    let refused = history
        .export(&[checkers], Format::Pgn)
        .expect_err("refused");
    assert!(
        refused
            .to_string()
            .starts_with(&format!("game number {checkers} cannot be exported")),
        "{refused}"
    );
    let text = history
        .export(&[checkers], Format::Text)
        .expect("text fits every mode");
    assert!(text.contains("Result: White wins (resignation)"), "{text}");
}
