//! Hints on the game screen, driven headless: H (or the panel's button) asks the
//! computer for a move in a local game and shows it as an arrow without playing it; the
//! move played after a hint is marked in the move list and counted for its side; online
//! games and the computer's turn have no hints.

use ply_core::{Attempt, Player};
use ply_modes::{AnyGame, Level};
use ply_play::{Seat, Table};
use plyground::display::{Frame, Item};
use plyground::geometry::Point;
use plyground::screens::game::GameScreen;
use plyground::screens::{Context, Event, Screen};
use plyground::settings::Settings;
use plyground::theme;

fn context() -> Context {
    Context::new(Settings::default(), (1280.0, 800.0))
}

fn screen(mode: &str, seats: [Seat; 2], online: bool) -> GameScreen {
    let game: Box<dyn AnyGame> = ply_modes::find_mode(mode).expect("a mode").new_game();
    GameScreen::new(Table::local(game, seats), online)
}

fn drawn(screen: &GameScreen, context: &Context) -> Frame {
    let mut frame = Frame::default();
    screen.draw(context, &mut frame);
    frame
}

fn arrow_heads(frame: &Frame) -> usize {
    frame
        .items
        .iter()
        .filter(|item| matches!(item, Item::Triangles { color, .. } if *color == theme::HINT))
        .count()
}

fn click_cell(screen: &mut GameScreen, context: &mut Context, cell: usize) {
    let at: Point = screen.cell_center(context, cell);
    screen.update(&Event::PointerDown(at), context);
    screen.update(&Event::PointerUp(at), context);
}

#[test]
fn h_shows_the_computers_move_as_an_arrow_and_counts_the_hint() {
    for mode in ["chess", "checkers", "hnefatafl", "connect4"] {
        let mut context = context();
        let mut screen = screen(mode, [Seat::Person; 2], false);
        assert_eq!(arrow_heads(&drawn(&screen, &context)), 0);
        screen.update(&Event::Char('h'), &mut context);
        assert!(
            screen.table().hinting(),
            "{mode}: the computer looks for a hint"
        );
        screen.table_mut().wait_for_hint();
        screen.update(&Event::Tick(0.01), &mut context);
        let hint = screen.table().hint().cloned().expect("a hint");
        assert_eq!(hint.side, Player::First);
        assert_eq!(
            arrow_heads(&drawn(&screen, &context)),
            1,
            "{mode}: an arrow"
        );
        let game = screen.table().game();
        assert!(game.moves().is_empty(), "{mode}: the hint is not played");
        assert!(
            game.judge(&Attempt::cells(hint.path.clone())).is_ok(),
            "{mode}: the hint is a legal move"
        );
        for &cell in &hint.path {
            click_cell(&mut screen, &mut context, cell);
        }
        screen.update(&Event::Tick(0.01), &mut context);
        assert_eq!(
            screen.table().game().moves().len(),
            1,
            "{mode}: played by hand"
        );
        assert_eq!(screen.table().hint(), None, "{mode}: the arrow goes");
        assert_eq!(screen.table().hints_used(Player::First), 1);
        assert_eq!(screen.table().hints_used(Player::Second), 0);
        let texts = drawn(&screen, &context).texts().join(" | ");
        assert!(
            texts.contains(&format!("{} (hint)", hint.display)),
            "{mode}: the move list marks it: {texts}"
        );
    }
}

#[test]
fn no_hints_online_or_on_the_computers_turn() {
    let mut context = context();
    let mut online = screen("chess", [Seat::Person; 2], true);
    online.update(&Event::Char('h'), &mut context);
    assert!(!online.table().hinting());
    let notice = context.output.notice.take().expect("a message");
    assert!(notice.text.contains("online"), "{}", notice.text);
    let mut waiting = screen("chess", [Seat::Computer(Level::at(4)), Seat::Person], false);
    waiting.update(&Event::Char('h'), &mut context);
    assert!(!waiting.table().hinting());
    assert!(!drawn(&waiting, &context).texts().contains(&"Hint (H)"));
}

#[test]
fn the_hint_button_asks_for_a_hint() {
    let mut context = context();
    let mut screen = screen("chess", [Seat::Person; 2], false);
    let frame = drawn(&screen, &context);
    let button = frame
        .items
        .iter()
        .find_map(|item| match item {
            Item::Text { text, rect, .. } if text == "Hint (H)" => Some(rect.center()),
            _ => None,
        })
        .expect("a hint button");
    screen.update(&Event::PointerDown(button), &mut context);
    screen.update(&Event::PointerUp(button), &mut context);
    assert!(screen.table().hinting());
}
