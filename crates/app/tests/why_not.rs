//! The "why not" message on the game screen, driven headless as a player would: a move
//! the rules refuse is explained next to the board in the mode's words, what the reason
//! refers to is marked, and the message goes away with the next try or move.

use ply_core::Attempt;
use ply_modes::{AnyGame, Level};
use ply_play::{Seat, Table};
use plyground::display::{Frame, Item};
use plyground::geometry::Point;
use plyground::screens::game::GameScreen;
use plyground::screens::{Context, Event, Screen};
use plyground::settings::Settings;
use plyground::theme;

const PEOPLE: [Seat; 2] = [Seat::Person, Seat::Person];

fn context() -> Context {
    Context::new(Settings::default(), (1280.0, 800.0))
}

fn game(mode: &str, position: Option<&str>, seats: [Seat; 2]) -> GameScreen {
    let game: Box<dyn AnyGame> =
        ply_modes::replay(mode, position, std::iter::empty::<&str>()).expect("a game");
    GameScreen::new(Table::local(game, seats), false)
}

fn click(screen: &mut GameScreen, context: &mut Context, at: Point) {
    screen.update(&Event::PointerDown(at), context);
    screen.update(&Event::PointerUp(at), context);
}

fn click_cell(screen: &mut GameScreen, context: &mut Context, cell: usize) {
    let at = screen.cell_center(context, cell);
    click(screen, context, at);
}

fn drawn(screen: &GameScreen, context: &Context) -> Frame {
    let mut frame = Frame::default();
    screen.draw(context, &mut frame);
    frame
}

/// How many squares are framed in the "why not" colour.
fn marked(frame: &Frame) -> usize {
    frame
        .items
        .iter()
        .filter(|item| matches!(item, Item::Frame { color, .. } if *color == theme::WHY_MARK))
        .count()
}

/// Checks the reason shown: its kind, that its sentence is drawn, and how many squares
/// are marked.
fn shows(screen: &GameScreen, context: &Context, kind: &str, marks: usize) {
    let why = screen.why_not().expect("a reason is shown");
    assert_eq!(why.kind, kind, "{}", why.sentence);
    let frame = drawn(screen, context);
    assert!(
        frame.texts().contains(&why.sentence.as_str()),
        "drawn: {}",
        why.sentence
    );
    assert_eq!(marked(&frame), marks, "{}", why.sentence);
}

#[test]
fn a_pinned_piece_shows_the_pinned_line() {
    let mut context = context();
    let mut screen = game("chess", Some("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1"), PEOPLE);
    click_cell(&mut screen, &mut context, 12);
    shows(&screen, &context, "pinned", 7);
    assert!(
        screen
            .why_not()
            .is_some_and(|why| why.sentence.contains("pinned"))
    );
}

#[test]
fn a_piece_put_where_it_cannot_go_says_why_by_click_and_by_drag() {
    let mut context = context();
    let mut screen = game("chess", None, PEOPLE);
    click_cell(&mut screen, &mut context, 12);
    click_cell(&mut screen, &mut context, 36);
    shows(&screen, &context, "pawn-wrong-way", 1);
    let (from, to) = (
        screen.cell_center(&context, 6),
        screen.cell_center(&context, 22),
    );
    screen.update(&Event::PointerDown(from), &mut context);
    screen.update(&Event::PointerMove(to), &mut context);
    screen.update(&Event::PointerUp(to), &mut context);
    shows(&screen, &context, "not-how-it-moves", 1);
    assert_eq!(screen.entry().picked(), None);
    click_cell(&mut screen, &mut context, 12);
    assert!(screen.why_not().is_none(), "the next try clears it");
}

#[test]
fn checkers_names_the_pieces_that_must_jump() {
    let mut context = context();
    // Black's men on 1 and 14; White's on 18: 14 must jump, so 1 may not step.
    let mut screen = game("checkers", Some("B:W18:B1,14"), PEOPLE);
    let square = |number: usize| {
        let index = number - 1;
        let row = index / 4;
        (7 - row) * 8 + 2 * (index % 4) + usize::from(row.is_multiple_of(2))
    };
    click_cell(&mut screen, &mut context, square(1));
    shows(&screen, &context, "jump-compulsory", 1);
    let why = screen.why_not().expect("a reason");
    assert_eq!(why.marks, vec![square(14)]);
}

#[test]
fn hnefatafl_keeps_the_throne_for_the_king() {
    let mut context = context();
    let mut screen = game(
        "hnefatafl",
        Some("11/11/11/11/11/a10/11/11/2k8/11/11 a"),
        PEOPLE,
    );
    click_cell(&mut screen, &mut context, 55);
    click_cell(&mut screen, &mut context, 60);
    shows(&screen, &context, "king-only-square", 1);
}

#[test]
fn a_full_column_says_so() {
    let mut context = context();
    let mut screen = game("connect4", Some("444444"), PEOPLE);
    let column = screen.cell_center(&context, 3);
    click(&mut screen, &mut context, column);
    shows(&screen, &context, "column-full", 6);
    assert_eq!(screen.table().game().moves().len(), 0);
}

#[test]
fn the_other_sides_turn_and_the_end_of_the_game_are_explained() {
    let mut context = context();
    let mut screen = game("chess", None, PEOPLE);
    click_cell(&mut screen, &mut context, 52);
    shows(&screen, &context, "not-your-turn", 1);
    // With premoves on, a click on one's own piece in the computer's turn enters a
    // move in advance (tests/premove.rs); with them off, it is explained.
    context.prefs.settings.premoves = false;
    let mut waiting = game("chess", None, [Seat::Computer(Level::at(4)), Seat::Person]);
    click_cell(&mut waiting, &mut context, 52);
    shows(&waiting, &context, "not-your-turn", 0);
    context.prefs.settings.premoves = true;
    let mut over = game("chess", Some("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1"), PEOPLE);
    click_cell(&mut over, &mut context, 53);
    click_cell(&mut over, &mut context, 54);
    assert!(over.table().outcome().is_some());
    over.collapse_banner();
    click_cell(&mut over, &mut context, 62);
    shows(&over, &context, "game-over", 0);
}

#[test]
fn a_move_played_clears_the_reason() {
    let mut context = context();
    let mut screen = game("chess", None, PEOPLE);
    click_cell(&mut screen, &mut context, 52);
    assert!(screen.why_not().is_some());
    click_cell(&mut screen, &mut context, 12);
    click_cell(&mut screen, &mut context, 28);
    screen.update(&Event::Tick(0.01), &mut context);
    assert!(screen.why_not().is_none());
    let game = screen.table().game();
    assert!(game.judge(&Attempt::cells(vec![52, 36])).is_ok());
}

/// A piece that cannot move, then the square it was meant to go to: the reason is the
/// move's (the capture would blow up one's own king), not the square's.
#[test]
fn a_stuck_piece_then_its_target_explains_the_move_meant() {
    let mut context = context();
    let mut screen = game("atomic", Some("4k3/8/8/8/8/8/3pP3/2Q1K3 w - - 0 1"), PEOPLE);
    click_cell(&mut screen, &mut context, 2);
    assert_eq!(screen.entry().picked(), None, "the queen has no move");
    click_cell(&mut screen, &mut context, 11);
    let why = screen.why_not().expect("a reason");
    assert_eq!(why.kind, "explodes-own-king", "{}", why.sentence);
}

/// A full Connect Four column is explained for its digit key as for a click, and the
/// reason stays while the player clicks where nothing happens.
#[test]
fn a_full_column_by_key_is_explained_and_the_reason_stays() {
    let mut context = context();
    let mut screen = game("connect4", None, PEOPLE);
    for _ in 0..6 {
        screen.update(&Event::Char('1'), &mut context);
    }
    assert!(screen.why_not().is_none());
    screen.update(&Event::Char('1'), &mut context);
    let why = screen
        .why_not()
        .expect("the full column is explained")
        .clone();
    click(&mut screen, &mut context, Point::new(5.0, 5.0));
    assert_eq!(screen.why_not(), Some(&why), "a click on nothing keeps it");
}
