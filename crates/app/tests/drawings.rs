//! Arrows and circles drawn with the right button, during a game and on the analysis
//! board, flat and in 3D: a right-drag draws an arrow, a right-click a circle, Shift
//! makes it red, the same shape again takes it away, a left click on the board clears
//! them.

use ply_play::{Seat, Table};
use plyground::board::drawings::Brush;
use plyground::display::{Frame, Item};
use plyground::geometry::Point;
use plyground::screens::analysis::AnalysisScreen;
use plyground::screens::game::GameScreen;
use plyground::screens::{Context, Event, Modifiers, Screen};
use plyground::settings::Settings;

fn context(view_3d: bool) -> Context {
    let settings = Settings {
        view_3d,
        ..Settings::default()
    };
    Context::new(settings, (1280.0, 800.0))
}

fn right_drag(screen: &mut dyn Screen, context: &mut Context, from: Point, to: Point, shift: bool) {
    let held = Modifiers {
        shift,
        ..Modifiers::default()
    };
    context.window.pointer = from;
    screen.update(&Event::SecondaryDown(from, held), context);
    context.window.pointer = to;
    screen.update(&Event::PointerMove(to), context);
    screen.update(&Event::SecondaryUp(to), context);
}

/// How many arrow heads and rings of `brush`'s colour the screen draws.
fn shapes(screen: &dyn Screen, context: &Context, brush: Brush) -> (usize, usize) {
    let mut frame = Frame::default();
    screen.draw(context, &mut frame);
    let color = brush.color();
    let heads = frame
        .items
        .iter()
        .filter(|item| matches!(item, Item::Triangles { color: c, .. } if *c == color))
        .count();
    let rings = frame
        .items
        .iter()
        .filter(|item| matches!(item, Item::Ring { color: c, .. } if *c == color))
        .count();
    (heads, rings)
}

#[test]
fn arrows_and_circles_during_a_game_flat_and_in_3d() {
    for view_3d in [false, true] {
        let mut context = context(view_3d);
        let game = ply_modes::replay("chess", None, std::iter::empty::<&str>()).expect("game");
        let mut screen = GameScreen::new(Table::local(game, [Seat::Person; 2]), false);
        let (e2, e4, e5) = (
            screen.cell_center(&context, 12),
            screen.cell_center(&context, 28),
            screen.cell_center(&context, 36),
        );
        right_drag(&mut screen, &mut context, e2, e4, false);
        assert_eq!(
            shapes(&screen, &context, Brush::Green),
            (1, 0),
            "3D: {view_3d}"
        );
        right_drag(&mut screen, &mut context, e5, e5, true);
        assert_eq!(
            shapes(&screen, &context, Brush::Red),
            (0, 1),
            "3D: {view_3d}"
        );
        right_drag(&mut screen, &mut context, e2, e4, false);
        assert_eq!(
            shapes(&screen, &context, Brush::Green),
            (0, 0),
            "drawn again: gone"
        );
        context.window.pointer = e2;
        screen.update(&Event::PointerDown(e2), &mut context);
        assert_eq!(
            shapes(&screen, &context, Brush::Red),
            (0, 0),
            "a left click clears"
        );
    }
}

#[test]
fn arrows_on_the_analysis_board() {
    let mut context = context(false);
    let game = ply_modes::replay("chess", None, ["e2e4"]).expect("game");
    let mut screen = AnalysisScreen::new(&*game, 1, "Analysis").expect("a board");
    let (d7, d5) = (
        screen.cell_center(&context, 51),
        screen.cell_center(&context, 35),
    );
    right_drag(&mut screen, &mut context, d7, d5, false);
    assert_eq!(shapes(&screen, &context, Brush::Green).0, 1);
}
