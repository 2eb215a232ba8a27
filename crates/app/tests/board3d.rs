//! The 3D board driven headless: picking squares and columns with a ray from a known
//! camera on every board size, the camera as a player drives it, Tab between the views,
//! and moves entered on the 3D board exactly as on the flat one.

use ply_core::BoardView;
use ply_modes::{AnyGame, find_mode};
use ply_play::{Seat, Table};
use plyground::board::solid::SolidBoard;
use plyground::board::{Board, Hit, Placement};
use plyground::display::{Frame, Item};
use plyground::geometry::{Point, Rect};
use plyground::screens::game::{Action, GameScreen, Layer};
use plyground::screens::{Context, Event, Key, Screen};
use plyground::settings::Settings;

const PEOPLE: [Seat; 2] = [Seat::Person, Seat::Person];
const AREA: Rect = Rect::new(36.0, 80.0, 820.0, 680.0);

fn view_of(mode: &str) -> BoardView {
    find_mode(mode).expect("a mode").new_game().view()
}

fn solid_context() -> Context {
    let settings = Settings {
        view_3d: true,
        ..Settings::default()
    };
    Context::new(settings, (1280.0, 800.0))
}

fn start(mode: &str, position: Option<&str>) -> Box<dyn AnyGame> {
    ply_modes::replay(mode, position, std::iter::empty::<&str>()).expect("a game that replays")
}

fn game(mode: &str, position: Option<&str>) -> GameScreen {
    GameScreen::new(Table::local(start(mode, position), PEOPLE), false)
}

fn click(screen: &mut GameScreen, context: &mut Context, at: Point) {
    screen.update(&Event::PointerDown(at), context);
    screen.update(&Event::PointerUp(at), context);
}

fn click_cell(screen: &mut GameScreen, context: &mut Context, cell: usize) {
    let at = screen.cell_center(context, cell);
    click(screen, context, at);
}

fn moves(screen: &GameScreen) -> Vec<String> {
    screen.table().game().move_texts()
}

fn scenes(screen: &GameScreen, context: &Context) -> usize {
    let mut frame = Frame::default();
    screen.draw(context, &mut frame);
    frame
        .items
        .iter()
        .filter(|item| matches!(item, Item::Solids(_)))
        .count()
}

/// What picking the point over `cell` should give on `view`.
fn expected(view: &BoardView, cell: usize) -> Hit {
    if view.input == ply_core::InputStyle::DropInColumn {
        Hit::Column(cell % view.width)
    } else {
        Hit::Cell(cell)
    }
}

#[test]
fn picking_finds_the_corners_and_the_centre_of_every_board_size() {
    for (mode, width, height) in [
        ("connect4", 7, 6),
        ("chess", 8, 8),
        ("hnefatafl", 11, 11),
        ("mega", 16, 16),
    ] {
        let view = view_of(mode);
        assert_eq!((view.width, view.height), (width, height), "{mode}");
        let board = SolidBoard::new();
        let middle = AREA.center();
        for rotated in [false, true] {
            let placement = Placement {
                area: AREA,
                rotated,
            };
            let turned = rotated && view.may_rotate;
            let first = 0;
            let last = width * height - 1;
            let corners = [first, width - 1, width * (height - 1), last];
            let centre = (height / 2) * width + width / 2;
            for cell in corners.into_iter().chain([centre]) {
                let at = board.cell_center(placement, &view, cell);
                assert!(AREA.contains(at), "{mode} cell {cell} at {at:?}");
                assert_eq!(
                    board.hit(placement, &view, at),
                    Some(expected(&view, cell)),
                    "{mode} cell {cell}, turned {turned}"
                );
            }
            // The first corner (a1, the bottom left) is nearest the camera on the left,
            // unless the camera sits behind the other side.
            let a1 = board.cell_center(placement, &view, first);
            let far = board.cell_center(placement, &view, last);
            assert_eq!(a1.x < middle.x, !turned, "{mode}");
            assert_eq!(a1.y > middle.y, !turned, "{mode}");
            assert_eq!(far.x > middle.x, !turned, "{mode}");
            assert_eq!(far.y < middle.y, !turned, "{mode}");
            let off = Point::new(AREA.x + 2.0, AREA.y + 2.0);
            if view.input != ply_core::InputStyle::DropInColumn {
                assert_eq!(board.hit(placement, &view, off), None, "{mode}");
            }
            assert_eq!(board.hit(placement, &view, Point::new(5.0, 5.0)), None);
        }
    }
}

#[test]
fn every_cell_is_picked_after_orbiting_and_zooming() {
    for mode in ["connect4", "chess", "hnefatafl", "mega"] {
        let view = view_of(mode);
        let mut board = SolidBoard::new();
        board.orbit(&view, 140.0, -60.0);
        board.zoom(2.0);
        let placement = Placement {
            area: AREA,
            rotated: false,
        };
        for cell in 0..view.cells.len() {
            let at = board.cell_center(placement, &view, cell);
            if AREA.contains(at) {
                assert_eq!(
                    board.hit(placement, &view, at),
                    Some(expected(&view, cell)),
                    "{mode} {cell}"
                );
            }
        }
    }
}

#[test]
fn a_standing_grid_is_picked_above_its_columns_too() {
    let view = view_of("connect4");
    let board = SolidBoard::new();
    let placement = Placement {
        area: AREA,
        rotated: false,
    };
    let top = board.cell_center(placement, &view, 5 * 7 + 2);
    let bottom = board.cell_center(placement, &view, 2);
    let above = Point::new(top.x, top.y - (bottom.y - top.y) / 5.0);
    assert_eq!(board.hit(placement, &view, above), Some(Hit::Column(2)));
    assert!(board.bounds(placement, &view).contains(top));
}

#[test]
fn tab_switches_between_the_views_and_the_settings_remember_it() {
    let mut context = Context::new(Settings::default(), (1280.0, 800.0));
    let mut screen = game("chess", None);
    assert_eq!(scenes(&screen, &context), 0);
    screen.update(&Event::Key(Key::Tab), &mut context);
    assert!(context.prefs.settings.view_3d && context.prefs.changed);
    assert_eq!(scenes(&screen, &context), 1);
    screen.update(&Event::Key(Key::Tab), &mut context);
    assert!(!context.prefs.settings.view_3d);
    assert_eq!(scenes(&screen, &context), 0);
}

#[test]
fn moves_are_entered_on_the_3d_board_by_click_click_and_by_drag() {
    let mut context = solid_context();
    let mut screen = game("chess", None);
    click_cell(&mut screen, &mut context, 12);
    let mut quiet = screen.targets().0;
    quiet.sort_unstable();
    assert_eq!(quiet, vec![20, 28]);
    click_cell(&mut screen, &mut context, 28);
    assert_eq!(moves(&screen), vec!["e2e4"]);
    let (from, to) = (
        screen.cell_center(&context, 52),
        screen.cell_center(&context, 36),
    );
    screen.update(&Event::PointerDown(from), &mut context);
    screen.update(&Event::PointerMove(to), &mut context);
    screen.update(&Event::PointerUp(to), &mut context);
    assert_eq!(moves(&screen), vec!["e2e4", "e7e5"]);
}

#[test]
fn the_promotion_picker_and_multi_jumps_work_in_3d() {
    let mut context = solid_context();
    let mut screen = game("chess", Some("7k/P7/8/8/8/8/8/K7 w - - 0 1"));
    click_cell(&mut screen, &mut context, 48);
    click_cell(&mut screen, &mut context, 56);
    let Some(Layer::Choose(choices)) = screen.layers().last().cloned() else {
        panic!("a choice is asked");
    };
    let queen = *choices
        .iter()
        .find(|code| screen.table().game().move_text(**code).as_deref() == Some("a7a8q"))
        .expect("a queen is offered");
    let button = screen
        .layer_buttons(&context)
        .into_iter()
        .find(|(_, action)| *action == Action::Choose(queen))
        .expect("a button for it")
        .0;
    click(&mut screen, &mut context, button.center());
    assert_eq!(moves(&screen), vec!["a7a8q"]);

    let mut screen = game("checkers", Some("B:W14,23,30:B9"));
    let jump = screen.table().game().legal_moves()[0];
    let path = screen.table().game().move_path(jump).expect("legal");
    for &cell in &path {
        click_cell(&mut screen, &mut context, cell);
    }
    assert_eq!(screen.table().game().moves(), vec![jump]);
}

#[test]
fn connect_four_drops_by_clicking_a_column_in_3d() {
    let mut context = solid_context();
    let mut screen = game("connect4", None);
    let top_of_column = screen.cell_center(&context, 5 * 7 + 3);
    click(&mut screen, &mut context, top_of_column);
    assert_eq!(moves(&screen), vec!["4"]);
    click_cell(&mut screen, &mut context, 6);
    assert_eq!(moves(&screen), vec!["4", "7"]);
}

#[test]
fn right_drag_orbits_and_picking_follows_the_camera() {
    let mut context = solid_context();
    let mut screen = game("chess", None);
    let before = screen.cell_center(&context, 12);
    for x in [100.0, 400.0, 700.0] {
        screen.update(&Event::PointerMove(Point::new(x, x / 2.0)), &mut context);
    }
    assert_eq!(
        screen.cell_center(&context, 12),
        before,
        "moving without the right button leaves the camera"
    );
    // Beside the board: a right-drag on it draws an arrow instead.
    screen.orbit_drag(
        &mut context,
        Point::new(8.0, 400.0),
        Point::new(128.0, 360.0),
    );
    let after = screen.cell_center(&context, 12);
    assert!((after.x - before.x).abs() + (after.y - before.y).abs() > 5.0);
    click_cell(&mut screen, &mut context, 12);
    click_cell(&mut screen, &mut context, 28);
    assert_eq!(moves(&screen), vec!["e2e4"]);
    screen.update(&Event::Char('r'), &mut context);
    assert_eq!(
        screen.cell_center(&context, 12),
        before,
        "R puts the camera back"
    );
}

#[test]
fn a_capture_in_3d_lifts_squares_in_a_ripple_and_then_settles() {
    let mut context = solid_context();
    let mut screen = game("chess", None);
    for (from, to) in [(12, 28), (51, 35), (28, 35)] {
        click_cell(&mut screen, &mut context, from);
        click_cell(&mut screen, &mut context, to);
    }
    assert_eq!(moves(&screen), vec!["e2e4", "d7d5", "e4d5"]);
    let heights = |screen: &GameScreen, context: &Context| -> Vec<f32> {
        let mut frame = Frame::default();
        screen.draw(context, &mut frame);
        frame
            .items
            .iter()
            .filter_map(|item| match item {
                Item::Solids(scene) => Some(scene),
                _ => None,
            })
            .flat_map(|scene| scene.solids.iter())
            .filter(|solid| solid.shape == plyground::display3d::Shape::Block)
            .map(|solid| solid.at.y)
            .collect()
    };
    let flat = heights(&screen, &context);
    screen.update(&Event::Tick(0.3), &mut context);
    let animating = Some(std::time::Duration::ZERO);
    assert_eq!(
        screen.next_frame(&context),
        animating,
        "frames while it ripples"
    );
    let rippled = heights(&screen, &context);
    let risen = flat
        .iter()
        .zip(&rippled)
        .filter(|(a, b)| (*a - *b).abs() > 0.01)
        .count();
    assert!(risen > 4, "{risen} squares rose");
    for _ in 0..40 {
        screen.update(&Event::Tick(0.1), &mut context);
    }
    assert_ne!(screen.next_frame(&context), animating, "the ripple is over");
}

#[test]
fn a_move_made_during_an_animation_finishes_it_at_once_on_both_boards() {
    use ply_core::{PieceKind, Player};
    use ply_play::{MoveEffects, TableEvent};
    use plyground::board::flat::FlatBoard;
    let view = view_of("chess");
    let moved = |path: Vec<usize>, captured: Vec<(usize, (Player, PieceKind))>| {
        TableEvent::Moved(MoveEffects {
            side: Player::First,
            display: String::new(),
            path,
            piece: Some((Player::First, PieceKind(0))),
            captured,
            companions: Vec::new(),
            exploded: false,
            promoted: None,
            check: false,
        })
    };
    let boards: [Box<dyn Board>; 2] = [Box::new(FlatBoard::new()), Box::new(SolidBoard::new())];
    for mut board in boards {
        board.show(
            &moved(vec![28, 35], vec![(35, (Player::Second, PieceKind(0)))]),
            &view,
        );
        board.tick(0.1);
        assert!(board.animating());
        // The capture's ripple would run for a second; the next move replaces it.
        board.show(&moved(vec![8, 16], Vec::new()), &view);
        board.tick(0.25);
        assert!(
            !board.animating(),
            "only the quiet move's short glide was left"
        );
    }
}

/// The table's event for each of `moves` played in order in `mode`.
fn events_of(mode: &str, moves: &[&str]) -> Vec<ply_play::MoveEffects> {
    let mut table = Table::local(start(mode, None), PEOPLE);
    let mut played = Vec::new();
    for text in moves {
        let code = table.game().parse_move(text).expect("a legal move");
        table.play(code);
        for event in table.take_events() {
            if let ply_play::TableEvent::Moved(effects) = event {
                played.push(effects);
            }
        }
    }
    assert_eq!(played.len(), moves.len());
    played
}

#[test]
fn timelines_from_the_tables_events_ripple_explode_and_arc() {
    use plyground::board::animation::{LEG_SECONDS, Timeline};
    let chess = events_of("chess", &["g1f3", "d7d5", "e2e4", "d5e4"]);
    let knight = Timeline::of(&chess[0], 8);
    assert_eq!(knight.glides[0].arcs, [true], "a knight leaps");
    assert_eq!(knight.ripple, None, "nothing taken, no ripple");
    let capture = Timeline::of(&chess[3], 8);
    assert_eq!(
        capture.ripple,
        Some((28, LEG_SECONDS)),
        "the ripple starts on e4"
    );
    assert!(capture.blast().is_none() && !capture.exploded);

    let atomic = events_of("atomic", &["g1f3", "b8c6", "f3g5", "a7a6", "g5f7"]);
    let mut blast = Timeline::of(&atomic[4], 8);
    assert!(blast.exploded && blast.glides[0].arcs == [true]);
    blast.tick(LEG_SECONDS + 0.01);
    assert_eq!(
        blast.blast().map(|(center, _)| center),
        Some(53),
        "f7 blows up"
    );
    // The king, the queen's neighbour squares and the knight itself all fly.
    assert!(blast.fades.len() >= 4, "{:?}", blast.fades);
    assert!(blast.fades.iter().any(|fade| fade.push != (0.0, 0.0)));

    let checkers = events_of(
        "checkers",
        &["11-15", "23-19", "8-11", "22-17", "9-13", "17-14", "10x17"],
    );
    let jump = Timeline::of(&checkers[6], 8);
    assert_eq!(
        jump.glides[0].arcs,
        [true],
        "a jump arcs over the man it takes"
    );
    assert!(jump.ripple.is_some());
}

/// In 3D as in 2D, checkers' empty squares show their numbers and Connect Four's
/// columns theirs.
#[test]
fn the_3d_board_names_squares_and_columns_as_the_flat_one_does() {
    let context = solid_context();
    let texts = |screen: &GameScreen| {
        let mut frame = Frame::default();
        screen.draw(&context, &mut frame);
        frame
            .texts()
            .iter()
            .map(|text| text.to_string())
            .collect::<Vec<_>>()
    };
    let checkers = texts(&game("checkers", None));
    for empty in ["13", "16", "17", "20"] {
        assert!(
            checkers.iter().any(|t| t == empty),
            "square {empty}: {checkers:?}"
        );
    }
    let connect4 = texts(&game("connect4", None));
    for column in ["1", "4", "7"] {
        assert!(
            connect4.iter().any(|t| t == column),
            "column {column}: {connect4:?}"
        );
    }
}

/// A large board is seen from higher up, so that its far rank is not foreshortened into
/// a blur: on mega chess's 16x16, a far square is drawn at least 70% as wide as a near
/// one.
#[test]
fn a_large_boards_far_rank_is_not_a_blur() {
    let view = view_of("mega");
    let board = SolidBoard::new();
    let placement = Placement {
        area: AREA,
        rotated: false,
    };
    let width_at = |row: usize| {
        let a = board.cell_center(placement, &view, view.index(7, row));
        let b = board.cell_center(placement, &view, view.index(8, row));
        (b.x - a.x).hypot(b.y - a.y)
    };
    let (near, far) = (width_at(0), width_at(15));
    assert!(far >= 0.7 * near, "far {far:.1} px, near {near:.1} px");
}
