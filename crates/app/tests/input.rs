//! Every press counts: a burst of input that arrives between two frames (a click, a
//! short drag, three key presses, five typed characters) reaches the game screen whole
//! and in order through the window's input queue, and each of them takes effect; and a
//! click meant for the board never lands on a button that appeared under it.

use ply_modes::AnyGame;
use ply_play::{Seat, Table};
use plyground::geometry::Point;
use plyground::input::{Button, InputQueue, RawInput};
use plyground::screens::game::{Action, GameScreen};
use plyground::screens::{Context, Key, Screen, Transition};
use plyground::settings::Settings;

fn context() -> Context {
    Context::new(Settings::default(), (1280.0, 800.0))
}

fn two_people(mode: &str, moves: &str) -> GameScreen {
    let game: Box<dyn AnyGame> =
        ply_modes::replay(mode, None, moves.split_whitespace()).expect("a game that replays");
    GameScreen::new(Table::local(game, [Seat::Person; 2]), false)
}

/// Hands the screen one frame: the time since the last, then everything queued.
fn one_frame(screen: &mut GameScreen, context: &mut Context, queue: &mut InputQueue) {
    for event in queue.frame(0.25) {
        screen.update(&event, context);
    }
}

fn click(queue: &mut InputQueue, at: Point) {
    queue.push(RawInput::Pressed(Button::Primary, at));
    queue.push(RawInput::Released(Button::Primary, at));
}

#[test]
fn two_clicks_a_drag_and_three_keys_in_one_frame_all_count_in_order() {
    let mut context = context();
    let mut screen = two_people("chess", "g1f3 g8f6");
    let cell = |screen: &GameScreen, context: &Context, cell| screen.cell_center(context, cell);
    let (e2, e4) = (cell(&screen, &context, 12), cell(&screen, &context, 28));
    let (d7, d5) = (cell(&screen, &context, 51), cell(&screen, &context, 35));
    let mut queue = InputQueue::new();
    // White: e2, then e4, clicked within a frame.
    click(&mut queue, e2);
    click(&mut queue, e4);
    // Black: d7 dragged to d5 in 40 ms, released before the next frame.
    queue.push(RawInput::Pressed(Button::Primary, d7));
    for step in 1..=4 {
        let share = step as f32 / 4.0;
        let between = Point::new(d7.x + (d5.x - d7.x) * share, d7.y + (d5.y - d7.y) * share);
        queue.push(RawInput::Moved(between));
    }
    queue.push(RawInput::Released(Button::Primary, d5));
    // Three steps back through the moves.
    for _ in 0..3 {
        queue.push(RawInput::Key {
            key: Key::Left,
            repeat: false,
        });
    }
    one_frame(&mut screen, &mut context, &mut queue);
    assert_eq!(
        screen.table().game().move_texts(),
        vec!["g1f3", "g8f6", "e2e4", "d7d5"],
        "both moves landed, the click's and the drag's"
    );
    assert_eq!(
        screen.looking_at(),
        Some(1),
        "three steps back from the fourth move"
    );
}

#[test]
fn five_characters_typed_within_a_frame_drop_five_counters_in_order() {
    let mut context = context();
    let mut screen = two_people("connect4", "");
    let mut queue = InputQueue::new();
    for typed in "44354".chars() {
        queue.push(RawInput::Char(typed));
    }
    one_frame(&mut screen, &mut context, &mut queue);
    assert_eq!(
        screen.table().game().move_texts(),
        vec!["4", "4", "3", "5", "4"]
    );
}

#[test]
fn a_held_arrow_keeps_stepping_but_a_held_escape_opens_the_menu_once() {
    let mut context = context();
    let mut screen = two_people("chess", "e2e4 e7e5 g1f3 b8c6");
    let mut queue = InputQueue::new();
    queue.push(RawInput::Key {
        key: Key::Left,
        repeat: false,
    });
    for _ in 0..2 {
        queue.push(RawInput::Key {
            key: Key::Left,
            repeat: true,
        });
    }
    one_frame(&mut screen, &mut context, &mut queue);
    assert_eq!(screen.looking_at(), Some(1), "the held key repeated twice");
    for repeat in [false, true] {
        queue.push(RawInput::Key {
            key: Key::Escape,
            repeat,
        });
    }
    one_frame(&mut screen, &mut context, &mut queue);
    assert_eq!(screen.layers().len(), 1, "one press, one menu");
}

/// Sends a click through the queue as a frame `seconds` after the last one; returns
/// whether the screen moved on to another (a rematch starts a new game screen).
fn click_in_frame(screen: &mut GameScreen, context: &mut Context, at: Point, seconds: f32) -> bool {
    let mut queue = InputQueue::new();
    click(&mut queue, at);
    queue
        .frame(seconds)
        .iter()
        .any(|event| !matches!(screen.update(event, context), Transition::Stay))
}

#[test]
fn the_click_that_wins_and_one_close_behind_it_never_start_a_rematch() {
    let mut context = context();
    let mut screen = two_people("connect4", "1 2 1 2 1 2");
    let column = screen.cell_center(&context, 0);
    assert!(!click_in_frame(&mut screen, &mut context, column, 0.25));
    assert!(
        screen.table().outcome().is_some(),
        "Red's fourth counter wins"
    );
    let rematch = screen
        .layer_buttons(&context)
        .into_iter()
        .find(|(_, action)| *action == Action::Rematch)
        .expect("the banner offers a rematch")
        .0
        .center();
    // A double click, and a third click 0.4 s on: the banner has just appeared.
    assert!(!click_in_frame(&mut screen, &mut context, rematch, 0.0));
    assert!(!click_in_frame(&mut screen, &mut context, rematch, 0.4));
    assert!(
        screen.table().outcome().is_some(),
        "the result is still shown"
    );
    // Once the banner has settled, Rematch does what it says.
    assert!(click_in_frame(&mut screen, &mut context, rematch, 0.6));
}
