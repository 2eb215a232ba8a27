//! The window's history of finished games, driven headless with real files in temporary
//! folders: a game that ends in the window (local or online) is recorded once with its
//! fields, and the History and Statistics screens list, filter, delete and count them.

mod online_common;

use online_common::{shown, started_game, text_at};
use ply_core::Player;
use ply_history::{Circumstances, GameFilter, GameSummary, Page, PlayerResult, Tally, Venue};
use ply_modes::{Level, find_mode};
use ply_play::{Seat, Table};
use ply_save::{Controller, SaveFolder, SavedGame};
use plyground::history::{HistoryHandle, example_games};
use plyground::screens::game::GameScreen;
use plyground::screens::history::{
    BEYOND_MEASURE, Filters, HistoryScreen, NO_RATINGS, StatsScreen, Which,
};
use plyground::screens::{Context, Event, Key, Screen, Transition};
use plyground::settings::Settings;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};

/// A history in `dir` for the player Ann, with the saves beside it.
fn history_in(dir: &Path) -> HistoryHandle {
    HistoryHandle::start(
        Some(dir.join("history.sqlite3")),
        Some(SaveFolder::at(dir.join("saves"))),
        vec!["Ann".to_string()],
        Arc::new(|| {}),
    )
}

/// Ann's window, keeping its history in `dir`.
fn context_in(dir: &Path) -> Context {
    let settings = Settings {
        name: "Ann".to_string(),
        ..Settings::default()
    };
    let mut context = Context::new(settings, (1280.0, 800.0));
    context.storage.saves = Some(SaveFolder::at(dir.join("saves")));
    context.storage.history = Some(history_in(dir));
    context
}

/// Every game of the history, newest first (waits for the jobs sent before).
fn games(history: &HistoryHandle) -> Vec<GameSummary> {
    history
        .ask(|history| history.list(&GameFilter::default(), Page::first(100)))
        .wait()
        .expect("the history answers")
}

fn press(screen: &mut dyn Screen, context: &mut Context, label: &str) -> Transition {
    let at = text_at(screen, context, label, true);
    screen.update(&Event::PointerDown(at), context);
    screen.update(&Event::PointerUp(at), context)
}

fn resign(screen: &mut dyn Screen, context: &mut Context) {
    screen.update(&Event::Key(Key::Escape), context);
    press(screen, context, "Resign");
    press(screen, context, "Resign");
}

/// A chess game against the computer at `level` that the person resigned at once, in
/// the window, through the game menu.
fn resigned_against(level: Level, context: &mut Context) -> GameScreen {
    let chess = find_mode("chess").expect("chess");
    let table = Table::local(chess.new_game(), [Seat::Person, Seat::Computer(level)]);
    let mut screen = GameScreen::new(table, false);
    resign(&mut screen, context);
    screen
}

fn tick_until_prefix(screen: &mut dyn Screen, context: &mut Context, prefix: &str) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while Instant::now() < deadline {
        screen.update(&Event::Tick(0.01), context);
        if shown(screen, context)
            .iter()
            .any(|text| text.starts_with(prefix))
        {
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("no {prefix:?}: {:?}", shown(screen, context));
}

#[test]
fn a_game_against_the_computer_is_recorded_once_with_its_fields() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut context = context_in(dir.path());
    let mut screen = resigned_against(Level::at(7), &mut context);
    for _ in 0..3 {
        screen.update(&Event::Tick(0.01), &mut context);
    }
    let history = context.storage.history.clone().expect("a history");
    let listed = games(&history);
    assert_eq!(listed.len(), 1, "{listed:?}");
    let game = &listed[0];
    assert_eq!(game.mode, "chess");
    assert_eq!(game.player_side, Some(Player::First));
    assert_eq!(game.player_result, Some(PlayerResult::Loss));
    assert_eq!(game.opponent.as_deref(), Some("Computer (Level 7)"));
    let computer = game.players[1].as_ref().expect("the computer's side");
    assert_eq!(computer.computer, Some(Level::at(7)));
    assert_eq!(
        game.players[0].as_ref().map(|p| p.name.as_str()),
        Some("Ann")
    );
    assert_eq!(game.venue, Venue::Local);
    assert_eq!(game.plies, 0);

    // Opened again from a save, the finished game is not recorded a second time.
    let saved = screen.table().saved_game("Ann");
    let mut again = GameScreen::new(Table::from_saved(saved, None), false);
    for _ in 0..3 {
        again.update(&Event::Tick(0.01), &mut context);
    }
    assert_eq!(games(&history).len(), 1);
}

#[test]
fn an_ending_taken_back_leaves_the_history_and_the_game_that_ends_instead_is_kept() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut context = context_in(dir.path());
    let four = find_mode("connect4").expect("connect four");
    let mut screen = GameScreen::new(Table::local(four.new_game(), [Seat::Person; 2]), false);
    for column in ['1', '2', '1', '2', '1', '2', '1'] {
        screen.update(&Event::Char(column), &mut context);
    }
    let history = context.storage.history.clone().expect("a history");
    let first = games(&history);
    assert_eq!(first.len(), 1);
    assert_eq!(first[0].plies, 7);
    assert_eq!(first[0].player_side, None, "two people at one computer");

    screen.table_mut().undo();
    screen.update(&Event::Tick(0.01), &mut context);
    assert!(games(&history).is_empty(), "the end was taken back");
    screen.update(&Event::Char('3'), &mut context);
    screen.table_mut().resign(Player::First);
    screen.update(&Event::Tick(0.01), &mut context);
    let after = games(&history);
    assert_eq!(after.len(), 1, "{after:?}");
    assert_eq!(after[0].plies, screen.table().game().moves().len());
    assert_eq!(
        after[0].outcome.winner(),
        Some(Player::Second),
        "as it ended again"
    );
}

#[test]
fn an_online_game_is_recorded_once_by_each_window_from_its_own_seat() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut started = started_game();
    started.host_context.storage.history = Some(history_in(&dir.path().join("host")));
    started.guest_context.storage.history = Some(history_in(&dir.path().join("guest")));
    resign(started.guest_game.as_mut(), &mut started.guest_context);
    tick_until_prefix(
        started.host_game.as_mut(),
        &mut started.host_context,
        "Hosty wins (White)",
    );
    tick_until_prefix(
        started.guest_game.as_mut(),
        &mut started.guest_context,
        "Hosty wins (White)",
    );
    for _ in 0..3 {
        started
            .host_game
            .update(&Event::Tick(0.01), &mut started.host_context);
    }
    for (context, side, result, opponent) in [
        (
            &started.host_context,
            Player::First,
            PlayerResult::Win,
            "Guesty",
        ),
        (
            &started.guest_context,
            Player::Second,
            PlayerResult::Loss,
            "Hosty",
        ),
    ] {
        let listed = games(context.storage.history.as_ref().expect("a history"));
        assert_eq!(listed.len(), 1, "{listed:?}");
        assert_eq!(listed[0].player_side, Some(side));
        assert_eq!(listed[0].player_result, Some(result));
        assert_eq!(listed[0].opponent.as_deref(), Some(opponent));
        assert!(matches!(listed[0].venue, Venue::Online { .. }));
    }
}

#[test]
fn a_game_the_history_cannot_take_is_saved_and_the_player_told_once() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::create_dir_all(dir.path().join("history.sqlite3")).expect("a folder in the way");
    let mut context = context_in(dir.path());
    let history = context.storage.history.clone().expect("a history");
    for level in [Level::at(4), Level::at(7)] {
        resigned_against(level, &mut context);
    }
    assert!(
        history
            .ask(|history| history.count(&GameFilter::default()))
            .wait()
            .is_err()
    );
    let saves = SaveFolder::at(dir.path().join("saves"))
        .list()
        .expect("the saves");
    assert_eq!(saves.len(), 2, "both games are in the saves folder");
    let told = history.take_notice().expect("the player is told");
    assert!(told.text.contains("saved games"), "{}", told.text);
    assert_eq!(history.take_notice(), None, "and told once");

    // Once the history can be opened, the games kept aside come in, each once.
    std::fs::remove_dir(dir.path().join("history.sqlite3")).expect("the folder goes");
    resigned_against(Level::at(5), &mut context);
    let listed = games(&history);
    assert_eq!(listed.len(), 3, "{listed:?}");
    assert_eq!(
        SaveFolder::at(dir.path().join("saves"))
            .list()
            .expect("the saves")
            .len(),
        2,
        "the game recorded now went straight into the history"
    );
}

/// Ticks `screen` until the history answered everything it asked.
fn tick_until_answered(screen: &mut HistoryScreen, context: &mut Context) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while screen.waiting() {
        assert!(Instant::now() < deadline, "the history did not answer");
        screen.update(&Event::Tick(0.01), context);
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// A context whose history holds `count` example games (Ann's).
fn with_examples(dir: &Path, count: usize) -> Context {
    let context = context_in(dir);
    let history = context.storage.history.as_ref().expect("a history");
    let games = example_games(count, SystemTime::now());
    history
        .ask(move |history| history.record_many(&games))
        .wait()
        .expect("the examples are stored");
    context
}

#[test]
fn the_history_screen_lists_the_games_newest_first_and_filters_narrow_them() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut context = with_examples(dir.path(), 20);
    let mut screen = HistoryScreen::new(&context);
    tick_until_answered(&mut screen, &mut context);
    let all = screen.shown().to_vec();
    assert!(all.len() > 3, "a page of games: {}", all.len());
    assert!(
        all.windows(2).all(|pair| pair[0].ended >= pair[1].ended),
        "newest first"
    );
    let status = shown(&screen, &context);
    assert!(
        status
            .iter()
            .any(|text| text.starts_with("20 games · page 1 of")),
        "{status:?}"
    );

    press(&mut screen, &mut context, "Mode: all");
    tick_until_answered(&mut screen, &mut context);
    assert_eq!(screen.filters().label(Which::Mode), "Mode: Chess");
    assert!(!screen.shown().is_empty());
    assert!(screen.shown().iter().all(|game| game.mode == "chess"));
    assert!(screen.shown().len() < all.len().max(9));

    press(&mut screen, &mut context, "Search by name");
    assert!(screen.typing(), "the search box takes the letters");
    for letter in "bea".chars() {
        screen.update(&Event::Char(letter), &mut context);
    }
    tick_until_answered(&mut screen, &mut context);
    assert!(!screen.shown().is_empty());
    assert!(
        screen
            .shown()
            .iter()
            .all(|game| game.mode == "chess" && game.opponent.as_deref() == Some("Bea")),
        "{:?}",
        screen.shown()
    );
}

#[test]
fn deleting_games_from_the_history_asks_first() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut context = with_examples(dir.path(), 6);
    let history = context.storage.history.clone().expect("a history");
    let mut screen = HistoryScreen::new(&context);
    tick_until_answered(&mut screen, &mut context);
    screen.update(&Event::Key(Key::Down), &mut context);
    screen.update(&Event::Char(' '), &mut context);
    screen.update(&Event::Key(Key::Down), &mut context);
    screen.update(&Event::Char(' '), &mut context);
    let doomed: Vec<_> = screen.shown()[1..3].iter().map(|game| game.id).collect();
    screen.update(&Event::Key(Key::Delete), &mut context);
    assert!(
        shown(&screen, &context)
            .iter()
            .any(|text| text.starts_with("Delete these 2 games from the history?")),
        "{:?}",
        shown(&screen, &context)
    );
    assert_eq!(
        games(&history).len(),
        6,
        "nothing is deleted before the answer"
    );
    press(&mut screen, &mut context, "Cancel");
    assert_eq!(games(&history).len(), 6);
    screen.update(&Event::Key(Key::Delete), &mut context);
    press(&mut screen, &mut context, "Delete");
    tick_until_answered(&mut screen, &mut context);
    let left = games(&history);
    assert_eq!(left.len(), 4);
    assert!(left.iter().all(|game| !doomed.contains(&game.id)));
    assert_eq!(screen.shown().len(), 4);
}

/// A finished game of `mode` between Ann (first) and `opponent` (the computer at
/// `level`, or a person), ended `days_ago` by a resignation or an agreed draw.
fn finished(
    mode: &str,
    opponent: &str,
    level: Option<Level>,
    result: PlayerResult,
    days_ago: u64,
) -> (SavedGame, Circumstances) {
    let mut game = find_mode(mode).expect("a mode").new_game();
    match result {
        PlayerResult::Win => game.resign(Player::Second),
        PlayerResult::Draw => game.agree_draw(),
        PlayerResult::Loss => game.resign(Player::First),
    }
    .expect("the game ends");
    let seats = vec![
        ply_save::Seat {
            name: "Ann".to_string(),
            controller: Controller::Person,
            side: Player::First,
        },
        ply_save::Seat {
            name: opponent.to_string(),
            controller: level.map_or(Controller::Person, Controller::Computer),
            side: Player::Second,
        },
    ];
    let mut saved = SavedGame::new(format!("Ann v {opponent}"), seats, game);
    saved.created = SystemTime::now() - Duration::from_secs(days_ago * 24 * 3600);
    saved.updated = saved.created;
    (saved, Circumstances::local())
}

/// The statistics screen, settled, over `games` stored in `context`'s history.
fn stats_of(context: &Context, games: Vec<(SavedGame, Circumstances)>) -> StatsScreen {
    let history = context.storage.history.clone().expect("a history");
    history
        .ask(move |history| history.record_many(&games))
        .wait()
        .expect("the games are stored");
    let mut stats = StatsScreen::new(context, &Filters::default());
    stats.settle();
    stats
}

#[test]
fn the_statistics_of_a_known_set_of_games() {
    use PlayerResult::{Draw, Loss, Win};
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut context = context_in(dir.path());
    let known = vec![
        finished(
            "checkers",
            "Computer (Level 4)",
            Some(Level::at(4)),
            Win,
            20,
        ),
        finished(
            "checkers",
            "Computer (Level 4)",
            Some(Level::at(4)),
            Loss,
            15,
        ),
        finished("checkers", "Bea", None, Draw, 10),
        finished("chess", "Bea", None, Win, 5),
        finished("connect4", "Bea", None, Win, 1),
    ];
    let mut stats = stats_of(&context, known);
    let figures = stats.statistics().expect("the statistics").clone();
    assert_eq!(figures.overall.tally, Tally::new(3, 1, 1));
    assert_eq!(figures.overall.streaks.current, Some((Win, 2)));
    assert_eq!(figures.overall.streaks.longest_unbeaten, 3);
    let checkers = &figures.modes[0];
    assert_eq!(
        (checkers.name.as_str(), checkers.tally),
        ("checkers", Tally::new(1, 1, 1))
    );
    let bea = &figures.opponents[0];
    assert_eq!((bea.name.as_str(), bea.tally), ("Bea", Tally::new(2, 1, 0)));
    assert_eq!(figures.levels.len(), 1);
    assert_eq!(figures.levels[0].level, Level::at(4));
    assert_eq!(figures.levels[0].tally, Tally::new(1, 0, 1));
    assert_eq!(
        figures.levels[0].performance, None,
        "checkers' levels have no rating on an outside scale"
    );
    let modes = shown(&stats, &context);
    for expected in [
        "5 games: 3 won, 1 drawn, 1 lost, score 70%",
        "Now: 2 wins in a row. Longest: 2 wins, 1 loss, 3 games without a loss.",
        "Checkers",
        "50%",
    ] {
        assert!(
            modes.iter().any(|text| text == expected),
            "{expected:?} in {modes:?}"
        );
    }
    stats.update(&Event::Key(Key::Right), &mut context);
    stats.update(&Event::Key(Key::Right), &mut context);
    let computer = shown(&stats, &context);
    for expected in ["Checkers, Level 4", "50%", NO_RATINGS] {
        assert!(
            computer.iter().any(|text| text == expected),
            "{expected:?} in {computer:?}"
        );
    }
    stats.update(&Event::Key(Key::Right), &mut context);
    let charts = shown(&stats, &context);
    assert!(
        charts.contains(&"Results per mode".to_string()),
        "{charts:?}"
    );
    assert!(
        charts
            .iter()
            .any(|text| text.starts_with("Results per week")),
        "{charts:?}"
    );
}

#[test]
fn a_damaged_history_is_set_aside_and_the_player_told_once() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::write(dir.path().join("history.sqlite3"), b"not a database at all")
        .expect("a damaged file");
    let history = history_in(dir.path());
    let count = history.ask(|history| history.count(&GameFilter::default()));
    assert_eq!(count.wait(), Ok(0), "a new history takes its place");
    let told = history.take_notice().expect("the player is told");
    assert!(told.text.contains("damaged"), "{}", told.text);
    assert_eq!(history.take_notice(), None, "once");
}

/// The statistics screen over games with `results` (the player's) against the first
/// level rated on an outside scale, settled, with the level and its rating, and the
/// texts of its table against the computer.
fn against_a_rated_level(
    dir: &std::path::Path,
    results: &[PlayerResult],
) -> (
    StatsScreen,
    Level,
    ply_modes::LevelRating,
    &'static str,
    Vec<String>,
) {
    let (mode, level, rating) = ply_modes::anchored_ratings()
        .next()
        .expect("a level rated on an outside scale");
    let mut context = context_in(dir);
    let name = format!("Computer ({})", level.name());
    let known: Vec<_> = results
        .iter()
        .zip(1..)
        .map(|(&result, days_ago)| finished(mode, &name, Some(level), result, days_ago))
        .collect();
    let mut stats = stats_of(&context, known);
    stats.update(&Event::Key(Key::Right), &mut context);
    stats.update(&Event::Key(Key::Right), &mut context);
    let computer = shown(&stats, &context);
    (stats, level, rating, mode, computer)
}

#[test]
fn a_rating_is_estimated_from_the_games_against_a_rated_level() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (stats, level, rating, mode, computer) =
        against_a_rated_level(dir.path(), &[PlayerResult::Win, PlayerResult::Loss]);
    let figures = stats.statistics().expect("the statistics");
    // One win and one loss against a level: a performance of exactly its rating.
    let performance = figures.levels[0].performance.expect("a performance");
    assert!(
        (performance.elo - f64::from(rating.elo)).abs() < 0.5,
        "{performance:?}"
    );
    assert_eq!(figures.rating, Some(performance));
    let mode_name = find_mode(mode).expect("a mode").name;
    for expected in [
        format!("{mode_name}, {}", level.name()),
        rating.elo.to_string(),
        "50%".to_string(),
    ] {
        assert!(computer.contains(&expected), "{expected:?} in {computer:?}");
    }
    let note = format!(
        "Your rating from your games against the rated levels: {}",
        rating.elo
    );
    assert!(
        computer.iter().any(|text| text.starts_with(&note)),
        "{note:?} in {computer:?}"
    );
}

#[test]
fn a_rated_level_only_lost_to_says_the_rating_is_not_known_yet() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (_, _, rating, _, computer) = against_a_rated_level(dir.path(), &[PlayerResult::Loss]);
    for expected in [BEYOND_MEASURE, "not yet", &rating.elo.to_string()] {
        assert!(
            computer.iter().any(|text| text == expected),
            "{expected:?} in {computer:?}"
        );
    }
    assert!(!computer.iter().any(|text| text == NO_RATINGS));
}
