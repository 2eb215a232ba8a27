//! The analysis board as a player uses it, headless: a move played on the board
//! becomes a side line and leaves the game alone; a click on the computer's line plays
//! it; Review the game runs in the background with its progress shown, then marks the
//! hung queen a blunder and keeps the review in the save it came from.

use ply_modes::AnyGame;
use plyground::display::{Frame, Item};
use plyground::geometry::{Point, Rect};
use plyground::screens::analysis::{AnalysisScreen, Source};
use plyground::screens::{Context, Event, Key, Screen};
use plyground::settings::Settings;
use std::time::{Duration, Instant};

fn context() -> Context {
    Context::new(Settings::default(), (1280.0, 800.0))
}

fn chess(moves: &str) -> Box<dyn AnyGame> {
    ply_modes::replay("chess", None, moves.split_whitespace()).expect("a game")
}

fn click(screen: &mut AnalysisScreen, context: &mut Context, at: Point) {
    context.window.pointer = at;
    screen.update(&Event::PointerDown(at), context);
    screen.update(&Event::PointerUp(at), context);
}

fn drawn(screen: &AnalysisScreen, context: &Context) -> Frame {
    let mut frame = Frame::default();
    screen.draw(context, &mut frame);
    frame
}

/// Where the text starting with `words` is drawn.
fn text_box(frame: &Frame, words: &str) -> Option<Rect> {
    frame.items.iter().find_map(|item| match item {
        Item::Text { text, rect, .. } if text.starts_with(words) => Some(*rect),
        _ => None,
    })
}

/// Ticks the screen until `done` says so, at most `longest`.
fn tick_until(
    screen: &mut AnalysisScreen,
    context: &mut Context,
    longest: Duration,
    done: impl Fn(&AnalysisScreen, &Context) -> bool,
) {
    let started = Instant::now();
    while !done(screen, context) {
        assert!(started.elapsed() < longest, "gave up waiting");
        screen.update(&Event::Tick(0.05), context);
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_move_on_the_board_is_a_side_line_and_the_game_stays() {
    let mut context = context();
    let game = chess("e2e4 e7e5 g1f3");
    let mut screen = AnalysisScreen::new(&*game, 3, "Analysis").expect("a board");
    screen.update(&Event::Key(Key::Left), &mut context);
    screen.update(&Event::Key(Key::Left), &mut context);
    assert_eq!(screen.position().moves().len(), 1, "after 1. e4");
    // Black plays c7-c5 instead of e5, by two clicks.
    let (c7, c5) = (
        screen.cell_center(&context, 50),
        screen.cell_center(&context, 34),
    );
    click(&mut screen, &mut context, c7);
    click(&mut screen, &mut context, c5);
    assert_eq!(screen.position().move_texts(), ["e2e4", "c7c5"]);
    let listing = screen.tree().listing();
    assert_eq!(
        listing.len(),
        3,
        "main line, side line, rest of the main line"
    );
    assert_eq!(listing[1].depth, 1);
    let main: Vec<String> = screen
        .tree()
        .main_line()
        .iter()
        .map(|&id| screen.tree().shown(id).to_string())
        .collect();
    assert_eq!(main, ["e4", "e5", "Nf3"], "the game is untouched");
    let frame = drawn(&screen, &context);
    assert!(text_box(&frame, "c5").is_some(), "{:?}", frame.texts());
}

#[test]
fn clicking_the_computers_line_plays_it() {
    let mut context = context();
    let game = chess("e2e4");
    let mut screen = AnalysisScreen::new(&*game, 1, "Analysis").expect("a board");
    screen.wait_for_analysis(4, Duration::from_secs(20));
    let frame = drawn(&screen, &context);
    let line = text_box(&frame, "1… ").expect("the computer's lines are shown");
    click(&mut screen, &mut context, line.center());
    assert!(
        screen.position().moves().len() == 2,
        "the line's first move is on the board: {:?}",
        screen.position().move_texts()
    );
}

#[test]
fn the_review_runs_in_the_background_and_is_kept_in_the_save() {
    let folder = tempfile::tempdir().expect("a folder");
    let path = folder.path().join("game.ply");
    let game = chess("e2e4 e7e5 g1f3 d8g5");
    let saved = ply_save::SavedGame::new("Queen lost", Vec::new(), game);
    ply_save::write_file(&path, &saved).expect("saved");
    let mut context = context();
    let mut screen = AnalysisScreen::of_saved(saved, Source::Save(path.clone())).expect("a board");
    let frame = drawn(&screen, &context);
    let button = text_box(&frame, "Review the game").expect("the review's button");
    click(&mut screen, &mut context, button.center());
    assert!(screen.reviewing());
    let frame = drawn(&screen, &context);
    assert!(
        text_box(&frame, "Reviewing:").is_some(),
        "progress is shown: {:?}",
        frame.texts()
    );
    tick_until(
        &mut screen,
        &mut context,
        Duration::from_secs(30),
        |screen, _| !screen.reviewing(),
    );
    let frame = drawn(&screen, &context);
    assert!(text_box(&frame, "White ").is_some(), "{:?}", frame.texts());
    assert!(
        frame.texts().contains(&"Qg5??"),
        "the hung queen is marked: {:?}",
        frame.texts()
    );
    let kept = ply_save::load_file(&path).expect("the save still loads");
    let review = kept.review.expect("the review is in the save");
    let summary = review.summary(&*kept.game).expect("fits");
    assert_eq!(summary.moves[3].class, ply_core::MoveClass::Blunder);
}

#[test]
fn learning_from_a_blunder_refuses_the_blunder_again_and_shows_the_best_move() {
    let mut context = context();
    let game = chess("e2e4 e7e5 g1f3 d8g5 f3g5");
    let mut screen = AnalysisScreen::new(&*game, 5, "Analysis").expect("a board");
    screen.review_now(6).expect("reviewed");
    let frame = drawn(&screen, &context);
    let learn = text_box(&frame, "Learn").expect("the lesson's button");
    click(&mut screen, &mut context, learn.center());
    let frame = drawn(&screen, &context);
    assert!(
        text_box(&frame, "Learn from your mistakes: 1 of 1").is_some(),
        "{:?}",
        frame.texts()
    );
    assert_eq!(screen.position().moves().len(), 3, "before the blunder");
    // The blunder again: d8-g5.
    let (d8, g5) = (
        screen.cell_center(&context, 59),
        screen.cell_center(&context, 38),
    );
    click(&mut screen, &mut context, d8);
    click(&mut screen, &mut context, g5);
    tick_until(
        &mut screen,
        &mut context,
        Duration::from_secs(20),
        |screen, context| text_box(&drawn(screen, context), "Try again").is_some(),
    );
    let frame = drawn(&screen, &context);
    let show = text_box(&frame, "Show").expect("Show");
    click(&mut screen, &mut context, show.center());
    assert_eq!(screen.position().moves().len(), 4);
    assert_ne!(screen.position().move_texts()[3], "d8g5");
    let frame = drawn(&screen, &context);
    assert!(text_box(&frame, "This was the best move.").is_some());
}

#[test]
fn the_analysis_board_says_how_your_games_went_on_from_the_position() {
    let dir = tempfile::tempdir().expect("a folder");
    let settings = Settings {
        name: "Ann".to_string(),
        ..Settings::default()
    };
    let mut context = Context::new(settings, (1280.0, 800.0));
    let history = plyground::history::HistoryHandle::start(
        Some(dir.path().join("history.sqlite3")),
        Some(ply_save::SaveFolder::at(dir.path().join("saves"))),
        vec!["Ann".to_string()],
        std::sync::Arc::new(|| {}),
    );
    let played = chess("f2f3 e7e5 g2g4 d8h4");
    let mut saved = ply_save::SavedGame::new("Fool's mate", Vec::new(), played);
    saved.seats = vec![
        ply_save::Seat {
            name: "Ann".into(),
            controller: ply_save::Controller::Person,
            side: ply_core::Player::First,
        },
        ply_save::Seat {
            name: "Bea".into(),
            controller: ply_save::Controller::Person,
            side: ply_core::Player::Second,
        },
    ];
    let circumstances = ply_history::Circumstances::local();
    history
        .ask(move |history| history.record(&saved, &circumstances).map(drop))
        .wait()
        .expect("recorded");
    context.storage.history = Some(history);
    let mut screen = AnalysisScreen::new(&*chess(""), 0, "Analysis").expect("a board");
    tick_until(
        &mut screen,
        &mut context,
        Duration::from_secs(10),
        |screen, context| text_box(&drawn(screen, context), "Your games here").is_some(),
    );
    let frame = drawn(&screen, &context);
    let said = frame
        .texts()
        .into_iter()
        .find(|text| text.starts_with("Your games here"));
    assert_eq!(
        said,
        Some("Your games here: 1 game"),
        "one game reached the start"
    );
    assert!(
        frame.texts().contains(&"f3 ×1 (0%)"),
        "White lost the one game that began 1. f3: {:?}",
        frame.texts()
    );
}

#[test]
fn a_finished_game_opens_on_the_analysis_board_with_a_key() {
    let mut context = context();
    let game = chess("f2f3 e7e5 g2g4 d8h4");
    let table = ply_play::Table::local(game, [ply_play::Seat::Person; 2]);
    let mut screen = plyground::screens::game::GameScreen::new(table, false);
    screen.update(&Event::Key(Key::Left), &mut context);
    match screen.update(&Event::Char('a'), &mut context) {
        plyground::screens::Transition::Push(board) => {
            let frame = drawn_any(&*board, &context);
            assert!(
                frame.texts().contains(&"Review the game"),
                "{:?}",
                frame.texts()
            );
        }
        _ => panic!("A opens the analysis board"),
    }
}

fn drawn_any(screen: &dyn Screen, context: &Context) -> Frame {
    let mut frame = Frame::default();
    screen.draw(context, &mut frame);
    frame
}

#[test]
fn a_review_made_from_the_history_goes_back_into_it_whole() {
    let dir = tempfile::tempdir().expect("a folder");
    let mut context = context();
    let history = plyground::history::HistoryHandle::start(
        Some(dir.path().join("history.sqlite3")),
        Some(ply_save::SaveFolder::at(dir.path().join("saves"))),
        vec!["Ann".to_string()],
        std::sync::Arc::new(|| {}),
    );
    let saved = ply_save::SavedGame::new("Fool's mate", Vec::new(), chess("f2f3 e7e5 g2g4 d8h4"));
    let id = history
        .ask(
            move |history| match history.record(&saved, &ply_history::Circumstances::local())? {
                ply_history::Recorded::Added(id) | ply_history::Recorded::AlreadyThere(id) => {
                    Ok(id)
                }
            },
        )
        .wait()
        .expect("recorded");
    let opened = history
        .ask(move |history| history.game(id)?.saved_game())
        .wait()
        .expect("opened");
    context.storage.history = Some(history);
    let mut screen = AnalysisScreen::of_saved(opened, Source::History(id)).expect("a board");
    context.prefs.settings.review_ms = 200;
    let frame = drawn(&screen, &context);
    let button = text_box(&frame, "Review the game").expect("the review's button");
    click(&mut screen, &mut context, button.center());
    tick_until(
        &mut screen,
        &mut context,
        Duration::from_secs(30),
        |screen, _| !screen.reviewing(),
    );
    let history = context.storage.history.as_ref().expect("history");
    let stored = history
        .ask(move |history| history.game(id))
        .wait()
        .expect("read back");
    let review = stored
        .review
        .as_ref()
        .expect("every position's verdict is kept");
    assert_eq!(review.positions.len(), 5);
    assert_eq!(review.per_position.as_millis(), 200);
    let white = stored.reviews[0].as_ref().expect("White's verdicts");
    assert!(
        white
            .classes
            .as_deref()
            .is_some_and(|c| c.ends_with("blunder")),
        "{white:?}"
    );
}
