//! Premoves: a move entered while the other side thinks is played the moment the turn
//! comes if it is still legal, dropped quietly if not, and cancelled by a right click or
//! Esc; against the computer and online (a referee that answers later, like the relay).

mod later_referee;

use later_referee::{LaterReferee, Replies, Sent};
use ply_core::Player;
use ply_modes::{AnyGame, Level};
use ply_play::{Request, Ruling, Seat, Table};
use plyground::geometry::Point;
use plyground::screens::game::{GameScreen, Premove};
use plyground::screens::{Context, Event, Key, Screen};
use plyground::settings::Settings;
use std::rc::Rc;
use std::time::{Duration, Instant};

fn context() -> Context {
    Context::new(Settings::default(), (1280.0, 800.0))
}

fn start() -> Box<dyn AnyGame> {
    ply_modes::replay("chess", None, std::iter::empty::<&str>()).expect("the start position")
}

fn click_cell(screen: &mut GameScreen, context: &mut Context, cell: usize) {
    let at = screen.cell_center(context, cell);
    screen.update(&Event::PointerDown(at), context);
    screen.update(&Event::PointerUp(at), context);
}

fn drag(screen: &mut GameScreen, context: &mut Context, from: usize, to: usize) {
    let (a, b) = (
        screen.cell_center(context, from),
        screen.cell_center(context, to),
    );
    screen.update(&Event::PointerDown(a), context);
    screen.update(
        &Event::PointerMove(Point::new((a.x + b.x) / 2.0, a.y)),
        context,
    );
    screen.update(&Event::PointerMove(b), context);
    screen.update(&Event::PointerUp(b), context);
}

fn moves(screen: &GameScreen) -> Vec<String> {
    screen.table().game().move_texts()
}

/// White at this computer against a player online, after 1. e4 (echoed).
fn online_after_e4(context: &mut Context) -> (GameScreen, Sent, Replies) {
    let sent: Sent = Rc::default();
    let replies: Replies = Rc::default();
    let referee = LaterReferee::new(&sent, &replies);
    let table = Table::new(start(), [Seat::Person, Seat::Remote], Box::new(referee));
    let mut screen = GameScreen::new(table, true);
    click_cell(&mut screen, context, 12);
    click_cell(&mut screen, context, 28);
    replies
        .borrow_mut()
        .push_back(Ruling::Played("e2e4".into()));
    screen.update(&Event::Tick(0.01), context);
    assert_eq!(moves(&screen), vec!["e2e4"]);
    sent.borrow_mut().clear();
    (screen, sent, replies)
}

fn sent_moves(sent: &Sent) -> Vec<String> {
    sent.borrow()
        .iter()
        .filter_map(|request| match request {
            Request::Move { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn online_a_premove_waits_for_the_opponent_and_goes_at_once() {
    let mut context = context();
    let (mut screen, sent, replies) = online_after_e4(&mut context);
    click_cell(&mut screen, &mut context, 6);
    click_cell(&mut screen, &mut context, 21);
    assert_eq!(screen.premoves().waiting(), Some(&Premove::Cells(6, 21)));
    assert!(
        screen.why_not().is_none(),
        "no 'not your turn' for a premove"
    );
    assert!(sent_moves(&sent).is_empty(), "nothing sent before the turn");
    replies
        .borrow_mut()
        .push_back(Ruling::Played("e7e5".into()));
    screen.update(&Event::Tick(0.01), &mut context);
    assert_eq!(
        sent_moves(&sent),
        vec!["g1f3"],
        "sent the moment the turn came"
    );
    assert!(!screen.premoves().any());
}

#[test]
fn a_premove_the_reply_makes_illegal_is_dropped_quietly() {
    let mut context = context();
    let (mut screen, sent, replies) = online_after_e4(&mut context);
    drag(&mut screen, &mut context, 28, 36);
    assert_eq!(screen.premoves().waiting(), Some(&Premove::Cells(28, 36)));
    replies
        .borrow_mut()
        .push_back(Ruling::Played("e7e5".into()));
    screen.update(&Event::Tick(0.01), &mut context);
    assert!(sent_moves(&sent).is_empty(), "e4-e5 is blocked now");
    assert!(!screen.premoves().any(), "and forgotten");
    assert!(screen.why_not().is_none(), "without a word");
    assert!(screen.table().person_to_move(), "the player moves as usual");
}

#[test]
fn a_right_click_or_esc_cancels_a_premove() {
    let mut context = context();
    let (mut screen, sent, replies) = online_after_e4(&mut context);
    click_cell(&mut screen, &mut context, 6);
    click_cell(&mut screen, &mut context, 21);
    let anywhere = Point::new(20.0, 20.0);
    screen.update(
        &Event::SecondaryDown(anywhere, Default::default()),
        &mut context,
    );
    screen.update(&Event::SecondaryUp(anywhere), &mut context);
    assert!(!screen.premoves().any(), "a right click cancels");
    click_cell(&mut screen, &mut context, 6);
    click_cell(&mut screen, &mut context, 21);
    screen.update(&Event::Key(Key::Escape), &mut context);
    assert!(!screen.premoves().any(), "Esc cancels");
    assert!(screen.layers().is_empty(), "without opening the menu");
    replies
        .borrow_mut()
        .push_back(Ruling::Played("e7e5".into()));
    screen.update(&Event::Tick(0.01), &mut context);
    assert!(sent_moves(&sent).is_empty(), "nothing is played");
}

#[test]
fn against_the_computer_the_premove_answers_its_move() {
    let mut context = context();
    let table = Table::local(start(), [Seat::Person, Seat::Computer(Level::at(4))]);
    let mut screen = GameScreen::new(table, false);
    click_cell(&mut screen, &mut context, 12);
    click_cell(&mut screen, &mut context, 28);
    assert_eq!(moves(&screen), vec!["e2e4"]);
    drag(&mut screen, &mut context, 6, 21);
    assert_eq!(screen.premoves().waiting(), Some(&Premove::Cells(6, 21)));
    let deadline = Instant::now() + Duration::from_secs(60);
    while moves(&screen).len() < 3 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
        screen.update(&Event::Tick(0.02), &mut context);
    }
    let played = moves(&screen);
    assert_eq!(played.len(), 3, "the computer answered: {played:?}");
    assert_eq!(played[2], "g1f3", "and the premove followed at once");
    assert_eq!(screen.table().game().to_move(), Player::Second);
}

#[test]
fn a_piece_picked_up_in_the_other_turn_stays_in_hand_when_the_turn_comes() {
    let mut context = context();
    let (mut screen, sent, replies) = online_after_e4(&mut context);
    click_cell(&mut screen, &mut context, 6);
    replies
        .borrow_mut()
        .push_back(Ruling::Played("e7e5".into()));
    screen.update(&Event::Tick(0.01), &mut context);
    assert_eq!(
        screen.entry().picked(),
        Some(6),
        "the knight is still in hand"
    );
    click_cell(&mut screen, &mut context, 21);
    assert_eq!(sent_moves(&sent), vec!["g1f3"], "and goes where it is put");
}

#[test]
fn with_premoves_off_a_click_in_the_other_turn_is_refused_as_before() {
    let mut context = context();
    context.prefs.settings.premoves = false;
    let (mut screen, _sent, _replies) = online_after_e4(&mut context);
    click_cell(&mut screen, &mut context, 6);
    assert!(!screen.premoves().any());
    assert!(screen.why_not().is_some(), "not your turn");
}
