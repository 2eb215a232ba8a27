//! The position editor driven headless, as a player would: pieces chosen from the
//! palette and clicked or dragged onto the board, squares cleared with the right button,
//! a refused position showing its reason, and a game started from the position.

use ply_core::{PieceKind, Player};
use ply_modes::find_mode;
use plyground::display::Frame;
use plyground::geometry::Point;
use plyground::screens::editor::{Action, Brush, EditorScreen};
use plyground::screens::{Context, Event, Key, Screen, Transition};
use plyground::settings::Settings;

fn context() -> Context {
    Context::new(Settings::default(), (1280.0, 800.0))
}

/// The kind of the mode's piece called `name`.
fn kind(mode: &str, name: &str) -> PieceKind {
    let pieces = find_mode(mode).expect("a mode").new_game().pieces();
    let index = pieces
        .iter()
        .position(|look| look.name == name)
        .expect("a piece");
    PieceKind(index as u8)
}

fn click(editor: &mut EditorScreen, context: &mut Context, at: Point) -> Transition {
    editor.update(&Event::PointerDown(at), context);
    editor.update(&Event::PointerUp(at), context)
}

fn press(editor: &mut EditorScreen, context: &mut Context, action: Action) -> Transition {
    let at = editor
        .button_center(context, action)
        .unwrap_or_else(|| panic!("no {action:?} button"));
    click(editor, context, at)
}

fn choose(editor: &mut EditorScreen, context: &mut Context, brush: Brush) {
    let at = editor.tile_center(context, brush).expect("a palette tile");
    click(editor, context, at);
    assert_eq!(editor.brush(), brush);
}

fn click_cell(editor: &mut EditorScreen, context: &mut Context, cell: usize) {
    let at = editor.cell_center(context, cell);
    click(editor, context, at);
}

fn texts(editor: &EditorScreen, context: &Context) -> Vec<String> {
    let mut frame = Frame::default();
    editor.draw(context, &mut frame);
    frame.texts().into_iter().map(str::to_string).collect()
}

const E1: usize = 4;
const E8: usize = 60;

#[test]
fn pieces_go_on_by_click_and_by_drag_and_come_off_with_the_right_button() {
    let mut context = context();
    let mut editor = EditorScreen::new("chess");
    press(&mut editor, &mut context, Action::Clear);
    assert_eq!(editor.setup().pieces().count(), 0);
    let white_king = Brush::Piece(Player::First, kind("chess", "king"));
    choose(&mut editor, &mut context, white_king);
    click_cell(&mut editor, &mut context, E1);
    assert_eq!(
        editor.setup().cells[E1],
        Some((Player::First, kind("chess", "king")))
    );

    let black_king = Brush::Piece(Player::Second, kind("chess", "king"));
    let from = editor.tile_center(&context, black_king).expect("a tile");
    let to = editor.cell_center(&context, E8);
    editor.update(&Event::PointerDown(from), &mut context);
    editor.update(&Event::PointerMove(to), &mut context);
    editor.update(&Event::PointerUp(to), &mut context);
    assert_eq!(
        editor.setup().cells[E8],
        Some((Player::Second, kind("chess", "king")))
    );
    assert_eq!(editor.refusal(), None);
    assert_eq!(
        editor.position_text(),
        Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    );
    assert!(
        texts(&editor, &context).contains(&"Position: 4k3/8/8/8/8/8/8/4K3 w - - 0 1".to_string())
    );

    let at = editor.cell_center(&context, E8);
    editor.update(&Event::SecondaryDown(at, Default::default()), &mut context);
    assert_eq!(editor.setup().cells[E8], None);
}

#[test]
fn a_refused_position_says_why_as_it_is_edited() {
    let mut context = context();
    let mut editor = EditorScreen::new("chess");
    press(&mut editor, &mut context, Action::Clear);
    assert_eq!(
        editor.refusal(),
        Some("White must have exactly one king, not 0")
    );
    assert!(
        texts(&editor, &context)
            .contains(&"Refused: White must have exactly one king, not 0.".to_string())
    );
    let play = editor.button_center(&context, Action::Play).expect("Play");
    assert!(matches!(
        click(&mut editor, &mut context, play),
        Transition::Stay
    ));

    let white_pawn = Brush::Piece(Player::First, kind("chess", "pawn"));
    press(&mut editor, &mut context, Action::Start);
    choose(&mut editor, &mut context, white_pawn);
    click_cell(&mut editor, &mut context, E8 + 1);
    click_cell(&mut editor, &mut context, E8 + 1);
    assert_eq!(
        editor.setup().cells[E8 + 1],
        None,
        "the same piece again takes it off"
    );
    click_cell(&mut editor, &mut context, 7 * 8 + 1);
    assert_eq!(
        editor.refusal(),
        Some("a pawn stands on the first or last rank")
    );
    let shown = texts(&editor, &context);
    assert!(shown.contains(&"Refused: a pawn stands on the first or last rank.".to_string()));
}

#[test]
fn taking_a_king_off_takes_its_castling_rights_along() {
    let mut context = context();
    let mut editor = EditorScreen::new("chess");
    let at = editor.cell_center(&context, E1);
    editor.update(&Event::SecondaryDown(at, Default::default()), &mut context);
    assert_eq!(
        editor.refusal(),
        Some("White must have exactly one king, not 0")
    );
    assert!(
        editor
            .position_text()
            .expect("written")
            .contains(" w kq - ")
    );
}

#[test]
fn connect_four_refuses_a_floating_counter_in_words() {
    let mut context = context();
    let mut editor = EditorScreen::new("connect4");
    choose(
        &mut editor,
        &mut context,
        Brush::Piece(Player::First, PieceKind(0)),
    );
    click_cell(&mut editor, &mut context, 7 + 3);
    assert_eq!(editor.position_text(), None);
    assert!(
        texts(&editor, &context).contains(
            &"Refused: the counter in column 4, row 2 floats: a counter falls to the lowest free \
          place of its column."
                .to_string()
        )
    );
}

#[test]
fn side_to_move_castling_and_en_passant_change_the_position_text() {
    let mut context = context();
    let mut editor = EditorScreen::new("chess");
    press(
        &mut editor,
        &mut context,
        Action::Castling(Player::First, ply_core::Wing::QueenSide),
    );
    assert_eq!(
        editor.position_text(),
        Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1")
    );
    let black_pawn = Brush::Piece(Player::Second, kind("chess", "pawn"));
    let white_pawn = Brush::Piece(Player::First, kind("chess", "pawn"));
    choose(&mut editor, &mut context, black_pawn);
    click_cell(&mut editor, &mut context, 6 * 8 + 3);
    click_cell(&mut editor, &mut context, 4 * 8 + 3);
    choose(&mut editor, &mut context, white_pawn);
    click_cell(&mut editor, &mut context, 8 + 4);
    click_cell(&mut editor, &mut context, 4 * 8 + 4);
    press(&mut editor, &mut context, Action::EnPassant);
    assert_eq!(
        editor.position_text(),
        Some("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w Kkq d6 0 1")
    );
    press(&mut editor, &mut context, Action::ToMove);
    assert_eq!(
        editor.setup().en_passant,
        None,
        "no longer behind the last mover's pawn"
    );
    assert!(
        editor
            .position_text()
            .expect("written")
            .contains(" b Kkq - ")
    );
    assert!(texts(&editor, &context).contains(&"To move: Black".to_string()));
}

#[test]
fn play_from_here_starts_a_local_game_from_the_position() {
    let mut context = context();
    let mut editor = EditorScreen::new("checkers");
    let square_12 = editor
        .setup()
        .pieces()
        .map(|(cell, _)| cell)
        .find(|&cell| cell / 8 == 5)
        .expect("a black man on the third row from the top");
    let at = editor.cell_center(&context, square_12);
    editor.update(&Event::SecondaryDown(at, Default::default()), &mut context);
    let text = editor.position_text().expect("written").to_string();
    assert!(matches!(
        press(&mut editor, &mut context, Action::Play),
        Transition::Push(_)
    ));
    let local = editor
        .play_from_here(&context)
        .expect("a playable position");
    let game = local.start_game(&mut context);
    assert_eq!(game.table().game().start_text(), text);
    assert_eq!(game.table().game().moves().len(), 0);
}

#[test]
fn analyse_opens_the_analysis_board_once_the_position_is_accepted() {
    let mut context = context();
    let mut editor = EditorScreen::new("hnefatafl");
    press(&mut editor, &mut context, Action::Clear);
    assert!(editor.analyse().is_none());
    assert!(matches!(
        press(&mut editor, &mut context, Action::Analyse),
        Transition::Stay
    ));
    press(&mut editor, &mut context, Action::Start);
    assert!(matches!(
        press(&mut editor, &mut context, Action::Analyse),
        Transition::Push(_)
    ));
}

#[test]
fn the_mode_button_moves_to_the_next_mode_and_escape_goes_back() {
    let mut context = context();
    let mut editor = EditorScreen::new("connect4");
    press(&mut editor, &mut context, Action::Mode);
    assert_eq!(editor.mode().id, "chess");
    assert_eq!(
        editor.setup(),
        &find_mode("chess").expect("chess").start_setup()
    );
    assert!(editor.button_center(&context, Action::EnPassant).is_some());
    assert!(matches!(
        editor.update(&Event::Key(Key::Escape), &mut context),
        Transition::Pop
    ));
}

#[test]
fn an_existing_game_can_be_edited_from_where_it_stands() {
    let game = ply_modes::replay("chess", None, ["e2e4", "c7c5"]).expect("a game");
    let editor = EditorScreen::editing(game.as_ref()).expect("an editor");
    // A position set up by hand starts its move counters afresh.
    let fields = |text: &str| text.split(' ').take(4).collect::<Vec<_>>().join(" ");
    let text = editor.position_text().expect("written");
    assert_eq!(fields(text), fields(&game.position_text()));
    assert_eq!(
        fields(text),
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -"
    );
    assert_eq!(editor.refusal(), None);
}

#[test]
fn large_text_keeps_every_button_inside_the_window() {
    let settings = Settings {
        text_size: 150,
        ..Settings::default()
    };
    let context = Context::new(settings, (1024.0, 640.0));
    for mode in ["chess", "mega", "hnefatafl", "connect4"] {
        let editor = EditorScreen::new(mode);
        for action in [
            Action::Mode,
            Action::ToMove,
            Action::Clear,
            Action::Analyse,
            Action::Back,
            Action::Play,
        ] {
            let at = editor.button_center(&context, action).expect("a button");
            assert!(
                at.x > 0.0 && at.x < 1024.0 && at.y > 0.0 && at.y < 640.0,
                "{mode} {action:?}"
            );
        }
    }
}
