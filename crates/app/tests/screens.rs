//! The screens driven headless, as a player would: clicks, drags, keys and ticks go in,
//! and the game, the layers and the display list are checked. Each of the game screen's
//! fixes found by playing it as a new player has a test here.

mod later_referee;

use later_referee::{LaterReferee, Replies, Sent};
use ply_core::{Outcome, Player};
use ply_modes::{AnyGame, Level, find_mode};
use ply_play::{MessageKind, Request, Ruling, Seat, Table};
use ply_save::SaveFolder;
use plyground::display::{Frame, Item};
use plyground::geometry::Point;
use plyground::screens::game::{Action, GameScreen, Layer};
use plyground::screens::menu::MainMenu;
use plyground::screens::{App, Context, Event, Key, Screen, Transition};
use plyground::settings::Settings;
use std::rc::Rc;
use std::time::{Duration, Instant};

fn context() -> Context {
    Context::new(Settings::default(), (1280.0, 800.0))
}

fn start(mode: &str, position: Option<&str>, moves: &str) -> Box<dyn AnyGame> {
    ply_modes::replay(mode, position, moves.split_whitespace()).expect("a game that replays")
}

fn game(mode: &str, position: Option<&str>, seats: [Seat; 2]) -> GameScreen {
    GameScreen::new(Table::local(start(mode, position, ""), seats), false)
}

fn click(screen: &mut GameScreen, context: &mut Context, at: Point) -> Transition {
    screen.update(&Event::PointerDown(at), context);
    screen.update(&Event::PointerUp(at), context)
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

fn moves(screen: &GameScreen) -> Vec<String> {
    screen.table().game().move_texts()
}

fn all_targets(screen: &GameScreen) -> Vec<usize> {
    let (quiet, taking) = screen.targets();
    let mut all: Vec<usize> = quiet.into_iter().chain(taking).collect();
    all.sort_unstable();
    all
}

/// Clicks the top layer's button that does `action`.
fn press(screen: &mut GameScreen, context: &mut Context, action: Action) -> Transition {
    let at = screen
        .layer_buttons(context)
        .into_iter()
        .find(|(_, a)| *a == action)
        .unwrap_or_else(|| panic!("no {action:?} button"))
        .0
        .center();
    click(screen, context, at)
}

fn top(screen: &GameScreen) -> Option<&Layer> {
    screen.layers().last()
}

fn label_center(frame: &Frame, label: &str) -> Option<Point> {
    frame.items.iter().find_map(|item| match item {
        Item::Text { text, rect, .. } if text == label => Some(rect.center()),
        _ => None,
    })
}

const PEOPLE: [Seat; 2] = [Seat::Person, Seat::Person];

#[test]
fn selecting_a_piece_shows_its_legal_destinations() {
    let mut context = context();
    let mut screen = game("chess", None, PEOPLE);
    click_cell(&mut screen, &mut context, 12);
    assert_eq!(screen.entry().picked(), Some(12));
    assert_eq!(all_targets(&screen), vec![20, 28]);
    click_cell(&mut screen, &mut context, 6);
    assert_eq!(
        screen.entry().picked(),
        Some(6),
        "clicking another own piece reselects"
    );
    assert_eq!(all_targets(&screen), vec![21, 23]);
    click_cell(&mut screen, &mut context, 36);
    assert_eq!(
        screen.entry().picked(),
        None,
        "an empty square with no move clears it"
    );
    assert!(moves(&screen).is_empty());
}

#[test]
fn click_click_and_drag_and_drop_both_move() {
    let mut context = context();
    let mut screen = game("chess", None, PEOPLE);
    click_cell(&mut screen, &mut context, 12);
    click_cell(&mut screen, &mut context, 28);
    assert_eq!(moves(&screen), vec!["e2e4"]);
    assert_eq!(screen.table().history()[0].path, vec![12, 28]);
    let from = screen.cell_center(&context, 52);
    let to = screen.cell_center(&context, 36);
    screen.update(&Event::PointerDown(from), &mut context);
    screen.update(&Event::PointerMove(to), &mut context);
    screen.update(&Event::PointerUp(to), &mut context);
    assert_eq!(moves(&screen), vec!["e2e4", "e7e5"]);
}

#[test]
fn the_board_turns_to_the_only_person_and_f_flips_it() {
    let mut context = context();
    let mut screen = game("chess", None, [Seat::Computer(Level::at(4)), Seat::Person]);
    let (a1, h8) = (
        screen.cell_center(&context, 0),
        screen.cell_center(&context, 63),
    );
    assert!(
        a1.y < h8.y,
        "Black's side is at the bottom for the Black player"
    );
    screen.update(&Event::Char('f'), &mut context);
    assert!(screen.cell_center(&context, 0).y > screen.cell_center(&context, 63).y);
}

#[test]
fn a_game_against_the_computer_gets_its_move() {
    let mut context = context();
    let mut screen = game("chess", None, [Seat::Person, Seat::Computer(Level::at(4))]);
    click_cell(&mut screen, &mut context, 12);
    click_cell(&mut screen, &mut context, 28);
    screen.table_mut().wait_for_computer();
    screen.update(&Event::Tick(0.01), &mut context);
    assert_eq!(screen.table().game().moves().len(), 2);
    let frame = drawn(&screen, &context);
    assert!(frame.texts().contains(&"e4"), "{:?}", frame.texts());
    screen.update(&Event::Key(Key::Escape), &mut context);
    assert_eq!(top(&screen), Some(&Layer::Menu));
}

#[test]
fn undo_against_the_computer_takes_back_to_the_persons_turn() {
    let mut context = context();
    let mut screen = game(
        "checkers",
        None,
        [Seat::Person, Seat::Computer(Level::at(4))],
    );
    let path = {
        let game = screen.table().game();
        game.move_path(game.legal_moves()[0]).expect("legal")
    };
    click_cell(&mut screen, &mut context, path[0]);
    click_cell(&mut screen, &mut context, *path.last().expect("path"));
    screen.table_mut().wait_for_computer();
    assert_eq!(screen.table().game().moves().len(), 2);
    screen.update(&Event::Key(Key::Escape), &mut context);
    press(&mut screen, &mut context, Action::Undo);
    assert!(screen.table().game().moves().is_empty());
    assert_eq!(screen.table().game().to_move(), Player::First);
}

#[test]
fn promotion_asks_which_piece() {
    let mut context = context();
    let mut screen = game("chess", Some("7k/P7/8/8/8/8/8/K7 w - - 0 1"), PEOPLE);
    click_cell(&mut screen, &mut context, 48);
    click_cell(&mut screen, &mut context, 56);
    let Some(Layer::Choose(choices)) = top(&screen).cloned() else {
        panic!("a choice is asked");
    };
    assert_eq!(choices.len(), 4);
    assert!(
        moves(&screen).is_empty(),
        "nothing is played before the choice"
    );
    assert!(
        drawn(&screen, &context)
            .texts()
            .contains(&"Promote to which piece?"),
        "the question says what is chosen"
    );
    let knight = *choices
        .iter()
        .find(|code| screen.table().game().move_text(**code).as_deref() == Some("a7a8n"))
        .expect("a knight is offered");
    press(&mut screen, &mut context, Action::Choose(knight));
    assert_eq!(moves(&screen), vec!["a7a8n"]);
}

#[test]
fn connect_four_drops_by_click_and_by_keys() {
    let mut context = context();
    let mut screen = game("connect4", None, PEOPLE);
    let top_of_column = screen.cell_center(&context, 5 * 7 + 3);
    click(&mut screen, &mut context, top_of_column);
    assert_eq!(moves(&screen), vec!["4"]);
    screen.update(&Event::Char('7'), &mut context);
    screen.update(&Event::Char('8'), &mut context);
    assert_eq!(moves(&screen), vec!["4", "7"]);
}

/// Fix 1: the click that ends a game does not press the button that appears under it.
#[test]
fn the_click_that_wins_does_not_press_the_banner_beneath_it() {
    let mut context = context();
    let mut screen = game("chess", Some("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1"), PEOPLE);
    click_cell(&mut screen, &mut context, 53);
    let mate = screen.cell_center(&context, 54);
    screen.update(&Event::PointerDown(mate), &mut context);
    assert!(
        screen.table().outcome().is_some(),
        "the move was played as the button went down"
    );
    // The pointer comes up over the banner's Menu button, now on screen.
    let menu = screen
        .layer_buttons(&context)
        .into_iter()
        .find(|(_, action)| *action == Action::Leave)
        .expect("the banner offers Menu")
        .0
        .center();
    let transition = screen.update(&Event::PointerUp(menu), &mut context);
    assert!(
        matches!(transition, Transition::Stay),
        "the release pressed Menu"
    );
    assert_eq!(top(&screen), Some(&Layer::GameOver { collapsed: false }));
    // A fresh click on it works, once the banner has settled.
    screen.update(&Event::Tick(0.6), &mut context);
    assert!(matches!(
        click(&mut screen, &mut context, menu),
        Transition::Pop
    ));
}

/// Fix 2: a promotion that takes a queen leads by 17, not by what counting pieces says.
#[test]
fn a_capturing_promotion_shows_the_right_material_lead() {
    let mut context = context();
    let mut screen = game("chess", Some("3q3k/4P3/8/8/8/8/8/4K3 w - - 0 1"), PEOPLE);
    click_cell(&mut screen, &mut context, 52);
    click_cell(&mut screen, &mut context, 59);
    let queen = match top(&screen) {
        Some(Layer::Choose(codes)) => codes[0],
        other => panic!("promotion asked, not {other:?}"),
    };
    press(&mut screen, &mut context, Action::Choose(queen));
    let texts = drawn(&screen, &context).texts().join("|");
    assert!(texts.contains("+17"), "{texts}");
    assert!(!texts.contains("+9|") && !texts.contains("+8"), "{texts}");
}

/// Fix 3: a draw offered between two people at one computer is answered by the other.
#[test]
fn a_draw_offer_between_people_asks_the_other_player() {
    let mut context = context();
    let mut screen = game("chess", None, PEOPLE);
    screen.update(&Event::Key(Key::Escape), &mut context);
    press(&mut screen, &mut context, Action::OfferDraw);
    assert!(
        screen.table().outcome().is_none(),
        "offering does not end the game"
    );
    assert_eq!(top(&screen), Some(&Layer::DrawAnswer(Player::First)));
    press(&mut screen, &mut context, Action::DeclineDraw);
    assert!(screen.table().outcome().is_none());
    assert_eq!(
        context.output.notice.as_ref().map(|m| m.kind),
        Some(MessageKind::Info)
    );
    screen.update(&Event::Key(Key::Escape), &mut context);
    press(&mut screen, &mut context, Action::OfferDraw);
    press(&mut screen, &mut context, Action::AcceptDraw);
    assert!(matches!(
        screen.table().outcome(),
        Some(Outcome::Draw { .. })
    ));
}

/// Fix 3: resigning asks first, and the confirming button is not under the first click.
#[test]
fn resigning_asks_first_away_from_the_click() {
    let mut context = context();
    let mut screen = game("chess", None, [Seat::Person, Seat::Computer(Level::at(4))]);
    screen.update(&Event::Key(Key::Escape), &mut context);
    let resign_item = screen
        .layer_buttons(&context)
        .into_iter()
        .find(|(_, action)| *action == Action::AskResign)
        .expect("Resign in the menu")
        .0
        .center();
    click(&mut screen, &mut context, resign_item);
    assert!(
        screen.table().outcome().is_none(),
        "nothing happens before confirming"
    );
    let buttons = screen.layer_buttons(&context);
    let confirm = buttons
        .iter()
        .find(|(_, a)| *a == Action::Resign)
        .expect("confirm");
    assert!(
        !confirm.0.contains(resign_item),
        "the confirm button sits under the click"
    );
    click(&mut screen, &mut context, resign_item);
    assert!(
        screen.table().outcome().is_none(),
        "a second click in place does not resign"
    );
    press(&mut screen, &mut context, Action::Resign);
    assert!(matches!(
        screen.table().outcome(),
        Some(Outcome::Win {
            winner: Player::Second,
            ..
        })
    ));
}

/// Fix 4: the banner folds away, the winning line is marked, and it says who won.
#[test]
fn the_banner_folds_and_the_winning_line_shows() {
    let mut context = context();
    let mut screen = GameScreen::new(
        Table::local(start("connect4", None, "1 2 1 3 1 4 1"), PEOPLE),
        false,
    );
    assert!(matches!(
        top(&screen),
        Some(Layer::GameOver { collapsed: false })
    ));
    let mut four = screen.deciding_cells();
    four.sort_unstable();
    assert_eq!(four, vec![0, 7, 14, 21], "column 1's four counters");
    screen.update(&Event::Tick(0.6), &mut context);
    press(&mut screen, &mut context, Action::Collapse);
    assert_eq!(top(&screen), Some(&Layer::GameOver { collapsed: true }));
    assert!(
        drawn(&screen, &context)
            .texts()
            .iter()
            .any(|t| t.contains("Red wins"))
    );
    press(&mut screen, &mut context, Action::Expand);
    assert_eq!(top(&screen), Some(&Layer::GameOver { collapsed: false }));
}

#[test]
fn every_ending_says_whose_it_is() {
    let lps = GameScreen::new(
        Table::local(
            start("lps", Some("8/8/8/8/8/8/8/4K3 b - - 0 30"), ""),
            PEOPLE,
        ),
        false,
    );
    let (headline, reason) = lps.ending_text().expect("over");
    assert_eq!(headline, "White wins");
    assert_eq!(reason, "Black has no pieces left.");
    let mate = GameScreen::new(
        Table::local(
            start("chess", Some("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"), ""),
            PEOPLE,
        ),
        false,
    );
    assert_eq!(mate.ending_text().expect("over").1, "Black is checkmated.");
    assert_eq!(mate.deciding_cells(), vec![63], "the mated king is marked");
    let hill = GameScreen::new(
        Table::local(
            start("koth", Some("7k/8/8/8/8/3K4/8/8 w - - 0 1"), "d3d4"),
            PEOPLE,
        ),
        false,
    );
    assert_eq!(
        hill.ending_text().expect("over").1,
        "White's king reached the hill."
    );
    assert_eq!(
        hill.deciding_cells(),
        vec![27],
        "the hill square d4, not d3"
    );
}

/// Fix 5: a multi-jump is built by clicking each landing square; two paths to the same
/// square are asked about, not guessed.
#[test]
fn a_multi_jump_is_built_landing_by_landing() {
    let mut context = context();
    // A black man on 9 with white men on 14 and 23 in its way: 9x18x27.
    let mut screen = game("checkers", Some("B:W14,23,30:B9"), PEOPLE);
    let jump = screen.table().game().legal_moves()[0];
    let path = screen.table().game().move_path(jump).expect("legal");
    assert_eq!(path.len(), 3, "a double jump");
    click_cell(&mut screen, &mut context, path[0]);
    click_cell(&mut screen, &mut context, path[1]);
    assert_eq!(
        screen.entry().landings(),
        &path[1..2],
        "the first landing is kept"
    );
    assert!(moves(&screen).is_empty());
    assert_eq!(all_targets(&screen), vec![path[2]]);
    click_cell(&mut screen, &mut context, path[2]);
    assert_eq!(screen.table().game().moves(), vec![jump]);
}

#[test]
fn two_jump_paths_to_one_square_are_asked_about() {
    let mut context = context();
    let mode = find_mode("checkers").expect("checkers");
    // Find square numbers by where a lone king stands in the view.
    let cell_of = |square: u32| {
        let other = if square == 32 { 1 } else { 32 };
        let game = mode
            .from_position(&format!("W:WK{square}:BK{other}"))
            .expect("position");
        let view = game.view();
        let index = view
            .cells
            .iter()
            .position(|c| c.piece.is_some_and(|(o, _)| o == Player::Second));
        index.expect("the white king")
    };
    let square_at = |cell: usize| {
        (1..=32)
            .find(|&n| cell_of(n) == cell)
            .expect("a dark square")
    };
    let width = 8;
    let at = |column: usize, row: usize| square_at(row * width + column);
    // A white king below a diamond of black men: it can go round it either way, and
    // both ways end where it started.
    let king = at(3, 1);
    let men = [at(2, 2), at(4, 2), at(2, 4), at(4, 4)];
    let text = format!("W:WK{king}:B{},{},{},{}", men[0], men[1], men[2], men[3]);
    let mut screen = GameScreen::new(
        Table::local(mode.from_position(&text).expect("position"), PEOPLE),
        false,
    );
    let start = width + 3;
    let paths: Vec<Vec<usize>> = screen
        .table()
        .game()
        .legal_moves()
        .into_iter()
        .filter_map(|code| screen.table().game().move_path(code))
        .collect();
    assert!(
        paths.len() == 2 && paths.iter().all(|p| p.first() == p.last()),
        "{paths:?}"
    );
    click_cell(&mut screen, &mut context, start);
    click_cell(&mut screen, &mut context, start);
    match top(&screen) {
        Some(Layer::Choose(codes)) => assert_eq!(codes.len(), 2),
        other => panic!("the paths are asked about, not {other:?}"),
    }
    assert!(moves(&screen).is_empty());
    // Clicking each landing in turn needs no question.
    press(&mut screen, &mut context, Action::Close);
    let path = paths[0].clone();
    for &cell in &path {
        click_cell(&mut screen, &mut context, cell);
    }
    assert_eq!(screen.table().history()[0].path, path);
}

/// Fix 6: the move list counts full moves, and the game can be looked back through
/// without changing it; a click on the board returns to the live position.
#[test]
fn looking_back_through_the_game_changes_nothing() {
    let mut context = context();
    let played = start("chess", None, "e2e4 e7e5 g1f3 b8c6");
    let mut screen = GameScreen::new(Table::local(played, PEOPLE), false);
    let texts = drawn(&screen, &context).texts().join("|");
    assert!(texts.contains("1.|e4|e5|2.|Nf3|Nc6"), "{texts}");
    screen.update(&Event::Key(Key::Left), &mut context);
    assert_eq!(screen.looking_at(), Some(3));
    screen.update(&Event::Key(Key::Home), &mut context);
    assert_eq!(screen.looking_at(), Some(0));
    screen.update(&Event::Key(Key::Right), &mut context);
    assert_eq!(screen.looking_at(), Some(1));
    assert_eq!(moves(&screen).len(), 4, "looking back changes nothing");
    click_cell(&mut screen, &mut context, 11);
    assert_eq!(
        screen.looking_at(),
        None,
        "a click on the board comes back to now"
    );
    assert_eq!(
        screen.entry().picked(),
        None,
        "and does not pick a piece up on the way"
    );
    screen.update(&Event::Key(Key::Left), &mut context);
    screen.update(&Event::Key(Key::End), &mut context);
    assert_eq!(screen.looking_at(), None);
}

/// Fix 7: the clock stands still while the game menu is open in a local game.
#[test]
fn the_clock_stops_while_the_menu_is_open() {
    let mut context = context();
    // After both sides' first moves, when the clocks run.
    let mut screen = GameScreen::new(
        Table::local(start("chess", None, "e2e4 e7e5"), PEOPLE),
        false,
    );
    screen.update(&Event::Tick(1.0), &mut context);
    screen.update(&Event::Key(Key::Escape), &mut context);
    screen.update(&Event::Tick(5.0), &mut context);
    assert_eq!(
        screen.table().clocks().used(Player::First),
        Duration::from_secs(1)
    );
    screen.update(&Event::Key(Key::Escape), &mut context);
    screen.update(&Event::Tick(1.0), &mut context);
    assert_eq!(
        screen.table().clocks().used(Player::First),
        Duration::from_secs(2)
    );
}

/// Fix 8: a message never covers a button.
#[test]
fn messages_never_cover_buttons() {
    let mut context = context();
    let mut screen = game("chess", None, PEOPLE);
    context.output.notice = Some(ply_play::Message::error("Something went wrong somewhere."));
    let mut app_frame = Frame::default();
    screen.update(&Event::Key(Key::Escape), &mut context);
    screen.draw(&context, &mut app_frame);
    plyground::screens::widgets::notice(&context, &mut app_frame);
    let strip = app_frame
        .items
        .iter()
        .rev()
        .find_map(|item| match item {
            Item::Rect { rect, .. } if rect.y == 0.0 && rect.w == context.window.size.0 => {
                Some(*rect)
            }
            _ => None,
        })
        .expect("the message strip");
    for (rect, _) in screen.layer_buttons(&context) {
        assert!(rect.y >= strip.y + strip.h, "{rect:?} under the message");
    }
}

/// Fix 11: the rules can be read inside the game.
#[test]
fn the_rules_are_readable_inside_the_game() {
    let mut context = context();
    let mut screen = game("checkers", None, PEOPLE);
    screen.update(&Event::Key(Key::Escape), &mut context);
    press(&mut screen, &mut context, Action::Rules);
    assert_eq!(top(&screen), Some(&Layer::Rules { first: 0 }));
    let texts = drawn(&screen, &context).texts().join(" ");
    assert!(texts.contains("jump"), "{texts}");
    press(&mut screen, &mut context, Action::RulesNext);
    assert!(matches!(top(&screen), Some(Layer::Rules { first }) if *first > 0));
    press(&mut screen, &mut context, Action::RulesBack);
    assert_eq!(top(&screen), Some(&Layer::Rules { first: 0 }));
}

/// Fix 12: T changes Connect Four's look, and a piece that cannot move says why.
#[test]
fn themes_change_connect_four_and_stuck_pieces_say_why() {
    let mut context = context();
    let mut screen = game("connect4", None, PEOPLE);
    let before = drawn(&screen, &context);
    screen.update(&Event::Char('t'), &mut context);
    assert_ne!(drawn(&screen, &context), before, "T changes the board");
    let mut chess = game("chess", None, PEOPLE);
    click_cell(&mut chess, &mut context, 0);
    assert_eq!(chess.entry().picked(), None);
    let why = chess.why_not().expect("a reason");
    assert_eq!(why.kind, "no-move");
    assert!(
        drawn(&chess, &context)
            .texts()
            .contains(&why.sentence.as_str()),
        "the reason is shown: {}",
        why.sentence
    );
}

#[test]
fn captures_are_marked_apart_from_quiet_moves() {
    let mut context = context();
    let mut screen = game("chess", None, PEOPLE);
    for (from, to) in [(12, 28), (51, 35)] {
        click_cell(&mut screen, &mut context, from);
        click_cell(&mut screen, &mut context, to);
    }
    click_cell(&mut screen, &mut context, 28);
    let (quiet, taking) = screen.targets();
    assert_eq!(quiet, vec![36]);
    assert_eq!(taking, vec![35]);
}

/// The window's per-frame work while the computer searches at full strength (99th
/// percentile; `plyground --measure-frames` measures real frames in a window).
#[test]
fn frames_stay_short_while_the_computer_thinks_at_full_strength() {
    let mut context = context();
    let mut screen = game("chess", None, [Seat::Computer(Level::FULL); 2]);
    let started = Instant::now();
    let mut times = Vec::new();
    while started.elapsed().as_secs_f64() < 1.0 {
        let frame_start = Instant::now();
        screen.update(&Event::Tick(1.0 / 60.0), &mut context);
        let frame = drawn(&screen, &context);
        assert!(!frame.items.is_empty());
        times.push(frame_start.elapsed().as_secs_f64());
    }
    assert!(
        screen.table().thinking().is_some(),
        "the search runs on its thread"
    );
    times.sort_by(f64::total_cmp);
    let percentile_99 = times[times.len() * 99 / 100];
    println!(
        "{} headless frames: 99th percentile {:.2} ms",
        times.len(),
        percentile_99 * 1000.0
    );
    assert!(
        percentile_99 < 0.050,
        "99th percentile {:.1} ms",
        percentile_99 * 1000.0
    );
}

#[test]
fn a_refereed_game_plays_only_what_the_referee_echoes() {
    let mut context = context();
    let sent: Sent = Rc::default();
    let replies: Replies = Rc::default();
    let referee = LaterReferee::new(&sent, &replies);
    let names = [Some("Ada".to_string()), Some("Grace".to_string())];
    let table = Table::new(
        start("chess", None, ""),
        [Seat::Person, Seat::Remote],
        Box::new(referee),
    )
    .with_names(names);
    let mut screen = GameScreen::new(table, true);
    click_cell(&mut screen, &mut context, 12);
    click_cell(&mut screen, &mut context, 28);
    assert!(matches!(&sent.borrow()[..], [Request::Move { text, .. }] if text == "e2e4"));
    assert!(
        moves(&screen).is_empty(),
        "nothing moves before the referee agrees"
    );
    replies
        .borrow_mut()
        .extend([Ruling::Played("e2e4".into()), Ruling::Played("e7e5".into())]);
    screen.update(&Event::Tick(0.01), &mut context);
    assert_eq!(moves(&screen), vec!["e2e4", "e7e5"]);
    click_cell(&mut screen, &mut context, 52);
    assert_eq!(
        screen.entry().picked(),
        None,
        "the other side's pieces are not ours"
    );
    replies.borrow_mut().push_back(Ruling::Ended(Outcome::Win {
        winner: Player::First,
        reason: ply_core::EndReason::Resignation,
    }));
    screen.update(&Event::Tick(0.01), &mut context);
    let texts = drawn(&screen, &context).texts().join("|");
    assert!(
        texts.contains("Ada wins (White)") && texts.contains("Back to lobby"),
        "{texts}"
    );
    assert!(texts.contains("Ada") && texts.contains("Grace"), "{texts}");
}

fn temp_saves(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("plyground-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn click_label(app: &mut App, label: &str) {
    let at = label_center(&app.draw(), label).unwrap_or_else(|| panic!("no button {label}"));
    app.update(&Event::PointerDown(at));
    app.update(&Event::PointerUp(at));
}

#[test]
fn saving_and_loading_from_the_menu_restores_the_game() {
    let dir = temp_saves("save-load");
    let mut context = context();
    context.storage.saves = Some(SaveFolder::at(&dir));
    let mut app = App::new(Box::new(MainMenu), context);
    click_label(&mut app, "Load a saved game");
    assert!(
        app.draw()
            .texts()
            .iter()
            .any(|text| text.starts_with("There are no saved games")),
        "an empty folder says so"
    );
    click_label(&mut app, "Back");
    click_label(&mut app, "Play on this computer");
    click_label(&mut app, "Start");
    let probe = game("chess", None, PEOPLE);
    let e2 = probe.cell_center(&app.context, 12);
    let e4 = probe.cell_center(&app.context, 28);
    for at in [e2, e4] {
        app.update(&Event::PointerDown(at));
        app.update(&Event::PointerUp(at));
    }
    assert!(
        app.draw().texts().contains(&"e4"),
        "the move is on the board"
    );
    app.update(&Event::Key(Key::Escape));
    click_label(&mut app, "Save game");
    assert_eq!(
        app.context.output.notice.as_ref().map(|m| m.kind),
        Some(MessageKind::Success)
    );
    app.update(&Event::Key(Key::Escape));
    click_label(&mut app, "Leave to menu");
    assert_eq!(app.depth(), 1, "a saved game leaves without asking");
    click_label(&mut app, "Load a saved game");
    let listing = app.draw();
    assert!(
        listing
            .texts()
            .iter()
            .any(|text| text.contains("Chess") && text.contains("1 move -")),
        "{:?}",
        listing.texts()
    );
    click_label(&mut app, "Load");
    let resumed = app.draw();
    assert!(resumed.texts().contains(&"e4"), "{:?}", resumed.texts());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn closing_the_window_mid_game_autosaves() {
    let dir = temp_saves("autosave");
    let mut context = context();
    context.storage.saves = Some(SaveFolder::at(&dir));
    let mut screen = game("connect4", None, PEOPLE);
    let column = screen.cell_center(&context, 3);
    click(&mut screen, &mut context, column);
    screen.closing(&mut context);
    let saved = SaveFolder::at(&dir)
        .load_autosave()
        .expect("readable")
        .expect("autosaved");
    assert_eq!(saved.game.move_texts(), vec!["4"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn leaving_an_unsaved_game_asks_first() {
    let mut context = context();
    context.storage.saves = Some(SaveFolder::at(temp_saves("ask")));
    let mut screen = game("chess", None, PEOPLE);
    click_cell(&mut screen, &mut context, 12);
    click_cell(&mut screen, &mut context, 28);
    screen.update(&Event::Key(Key::Escape), &mut context);
    press(&mut screen, &mut context, Action::Leave);
    assert_eq!(top(&screen), Some(&Layer::SaveBeforeLeaving));
    press(&mut screen, &mut context, Action::Close);
    assert_eq!(top(&screen), None);
}

/// Fix 3: deleting a save asks first, with its confirming button away from the click.
#[test]
fn deleting_a_save_asks_first() {
    let dir = temp_saves("delete");
    let folder = SaveFolder::at(&dir);
    let table = Table::local(start("chess", None, "e2e4"), PEOPLE);
    folder.save_new(&table.saved_game("Ada")).expect("saved");
    let mut context = context();
    context.storage.saves = Some(SaveFolder::at(&dir));
    let mut app = App::new(Box::new(MainMenu), context);
    click_label(&mut app, "Load a saved game");
    let delete = label_center(&app.draw(), "Delete").expect("a Delete button");
    app.update(&Event::PointerDown(delete));
    app.update(&Event::PointerUp(delete));
    assert_eq!(
        folder.list().expect("lists").len(),
        1,
        "nothing is deleted before the answer"
    );
    assert!(
        app.draw()
            .texts()
            .iter()
            .any(|t| t.starts_with("Delete \"")),
        "the question shows"
    );
    app.update(&Event::PointerDown(delete));
    app.update(&Event::PointerUp(delete));
    assert_eq!(
        folder.list().expect("lists").len(),
        1,
        "a second click in place deletes nothing"
    );
    let frame = app.draw();
    let confirm = frame
        .items
        .iter()
        .rev()
        .find_map(|item| match item {
            Item::Text { text, rect, .. } if text == "Delete" => Some(rect.center()),
            _ => None,
        })
        .expect("the confirming button");
    assert_ne!(confirm, delete);
    app.update(&Event::PointerDown(confirm));
    app.update(&Event::PointerUp(confirm));
    assert!(
        folder.list().expect("lists").is_empty(),
        "deleted once confirmed"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Fix 5 and the look of each mode: squares are named as the mode's moves name them.
#[test]
fn squares_and_edges_are_labelled_as_each_mode_names_them() {
    let context = context();
    let checkers = game("checkers", None, PEOPLE);
    let frame = drawn(&checkers, &context);
    for (number, cell) in [("1", 7 * 8 + 1), ("4", 7 * 8 + 7), ("29", 0), ("32", 6)] {
        let at = label_center(&frame, number).expect("the square's number is drawn");
        let centre = checkers.cell_center(&context, cell);
        assert!(
            (at.x - centre.x).abs() < 50.0 && (at.y - centre.y).abs() < 50.0,
            "{number} is drawn on its square"
        );
    }
    assert!(label_center(&frame, "a").is_none(), "checkers has no files");
    let connect = drawn(&game("connect4", None, PEOPLE), &context);
    let texts = connect.texts();
    assert!(["1", "7"].iter().all(|column| texts.contains(column)));
    assert!(!texts.contains(&"a"), "Connect Four numbers its columns");
    let tafl = drawn(&game("hnefatafl", None, PEOPLE), &context);
    let texts = tafl.texts();
    assert!(
        ["a", "k", "1", "11"]
            .iter()
            .all(|label| texts.contains(label))
    );
}

/// Fix 10: the choices of who plays are remembered for the next game.
#[test]
fn local_play_remembers_who_played() {
    let mut app = App::new(Box::new(MainMenu), context());
    click_label(&mut app, "Play on this computer");
    click_label(&mut app, "Connect Four");
    let computers = app
        .draw()
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Text { text, rect, .. } if text == "Computer" => Some(rect.center()),
            _ => None,
        })
        .collect::<Vec<_>>();
    app.update(&Event::PointerDown(computers[0]));
    app.update(&Event::PointerUp(computers[0]));
    click_label(&mut app, "Start");
    assert_eq!(app.context.prefs.settings.local_mode, "connect4");
    assert_eq!(
        app.context.prefs.settings.local_seats,
        ["level 5".to_string(), "level 5".to_string()]
    );
    let again = plyground::screens::local::LocalSetup::new(&app.context.prefs.settings);
    assert_eq!(again.mode_id(), "connect4");
    assert_eq!(again.seats(), [Seat::Computer(Level::at(5)); 2]);
}

/// A game's record is written from the game menu and from the load screen, beside the
/// saves, and the message says where.
#[test]
fn game_records_are_exported_from_the_game_menu_and_the_load_screen() {
    let folder = temp_saves("export");
    let mut context = context();
    context.storage.saves = Some(SaveFolder::at(&folder));
    let mut screen = game("chess", None, PEOPLE);
    for text in ["e2e4", "e7e5"] {
        let code = screen.table().game().parse_move(text).expect("legal");
        screen.table_mut().play(code);
    }
    screen.update(&Event::Key(Key::Escape), &mut context);
    press(&mut screen, &mut context, Action::Export);
    let notice = context.output.notice.clone().expect("a message says where");
    assert_eq!(notice.kind, MessageKind::Success, "{}", notice.text);
    let written: Vec<_> = std::fs::read_dir(&folder)
        .expect("the folder exists")
        .map(|entry| entry.expect("an entry").path())
        .collect();
    assert_eq!(written.len(), 1, "{written:?}");
    assert!(notice.text.contains(&written[0].display().to_string()));
    let record = std::fs::read_to_string(&written[0]).expect("readable");
    assert!(record.contains("1. e4 e5 *"), "{record}");

    screen.update(&Event::Key(Key::Escape), &mut context);
    press(&mut screen, &mut context, Action::Save);
    let mut app = App::new(Box::new(MainMenu), context);
    click_label(&mut app, "Load a saved game");
    click_label(&mut app, "Export");
    let notice = app
        .context
        .output
        .notice
        .clone()
        .expect("a message says where");
    assert_eq!(notice.kind, MessageKind::Success, "{}", notice.text);
    let records = std::fs::read_dir(&folder)
        .expect("the folder exists")
        .filter(|entry| {
            entry
                .as_ref()
                .is_ok_and(|entry| entry.path().extension().is_some_and(|e| e == "pgn"))
        })
        .count();
    assert_eq!(records, 2, "a second record, nothing overwritten");
    let _ = std::fs::remove_dir_all(&folder);
}

/// Started on a screen other than the menu (`--screen local`), Back leads to the menu
/// rather than out of the program.
#[test]
fn back_from_the_screen_started_on_goes_to_the_menu() {
    let mut app = App::new(
        Box::new(plyground::screens::local::LocalSetup::new(
            &Settings::default(),
        )),
        context(),
    );
    app.put_below(Box::new(MainMenu));
    assert!(app.update(&Event::Key(Key::Escape)), "the program goes on");
    assert_eq!(app.depth(), 1, "on the menu");
}

/// Looking back shows the past as it was: whose turn it was, what had been taken then,
/// and a clear mark that the board shows the past.
#[test]
fn looking_back_the_panel_shows_the_past_position_and_says_so() {
    let mut context = context();
    let mut screen = GameScreen::new(
        Table::local(start("chess", None, "e2e4 d7d5 e4d5 g8f6"), PEOPLE),
        false,
    );
    let now = drawn(&screen, &context).texts().join("|");
    assert!(
        now.contains("White, to move") && !now.contains("The past"),
        "{now}"
    );
    assert_eq!(
        now.matches("Nothing taken yet").count(),
        1,
        "a pawn was taken: {now}"
    );
    screen.show_plies(&context, 1);
    let then = drawn(&screen, &context).texts().join("|");
    assert!(
        then.contains("Black, to move"),
        "after 1. e4 it was Black's turn: {then}"
    );
    assert!(
        then.contains("The past: the position after 1. e4"),
        "{then}"
    );
    assert_eq!(
        then.matches("Nothing taken yet").count(),
        2,
        "nothing had been taken then: {then}"
    );
    screen.update(&Event::Key(Key::End), &mut context);
    let back = drawn(&screen, &context).texts().join("|");
    assert!(!back.contains("The past"), "{back}");
}

/// A board picture that ends a page of the in-game rules grows into the room under it
/// rather than leaving the page's bottom empty.
#[test]
fn a_rules_picture_at_the_end_of_a_page_fills_the_room_under_it() {
    let mut context = context();
    let mut screen = game("hnefatafl", None, PEOPLE);
    screen.update(&Event::Key(Key::Escape), &mut context);
    press(&mut screen, &mut context, Action::Rules);
    let caption = drawn(&screen, &context)
        .items
        .iter()
        .find_map(|item| match item {
            Item::Text { text, rect, .. } if text.starts_with("The starting position") => {
                Some(*rect)
            }
            _ => None,
        })
        .expect("the first page shows the starting position's picture");
    assert!(
        caption.h > 300.0,
        "the picture is {:.0} px tall, as it was before it grew (210)",
        caption.h
    );
}

/// Clicking a move in the list after a refused move shows the past with its mark: the
/// reason for the refusal goes (it had stayed up and hidden "The past: …").
#[test]
fn looking_back_after_a_refused_move_shows_the_mark_of_the_past() {
    let context = context();
    let mut screen = GameScreen::new(
        Table::local(start("chess", None, "e2e4 e7e5 g1f3"), [Seat::Person; 2]),
        false,
    );
    screen.try_move("e5e3").expect("a move to try");
    assert!(screen.why_not().is_some());
    screen.show_plies(&context, 1);
    assert!(screen.why_not().is_none());
    let texts = drawn(&screen, &context).texts().join("|");
    assert!(
        texts.contains("The past: the position after 1. e4"),
        "{texts}"
    );
}

/// The players' boxes stand as the sides sit at the board: with the board turned to
/// Black (the only person plays Black) or flipped with F, the far side's box is on top.
#[test]
fn the_players_boxes_follow_the_board_when_it_turns() {
    let mut context = context();
    let seats = [Seat::Computer(Level::at(4)), Seat::Person];
    let mut screen = GameScreen::new(Table::local(start("chess", None, ""), seats), false);
    let top_of = |screen: &GameScreen, context: &Context, prefix: &str| {
        drawn(screen, context)
            .items
            .iter()
            .find_map(|item| match item {
                Item::Text { text, rect, .. } if text.starts_with(prefix) => Some(rect.y),
                _ => None,
            })
            .unwrap_or_else(|| panic!("{prefix} is shown"))
    };
    let (computer, person) = (
        top_of(&screen, &context, "Computer"),
        top_of(&screen, &context, "Black"),
    );
    assert!(
        computer < person,
        "White's box on top of a board turned to Black"
    );
    screen.update(&Event::Char('f'), &mut context);
    let (computer, person) = (
        top_of(&screen, &context, "Computer"),
        top_of(&screen, &context, "Black"),
    );
    assert!(person < computer, "flipped back: Black's box on top");
    screen.table_mut().stop_computer();
}
