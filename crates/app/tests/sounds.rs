//! Sounds without a sound device: scripted games played through the game screen queue the
//! cues a player should hear, in order (moves, captures, castling, drops, explosions,
//! check, the end from the player's side, a refused click), a relayed game sounds the
//! same on the other player's side, and the M key mutes on every screen except while a
//! name is being typed.

use ply_modes::{AnyGame, find_mode};
use ply_play::{Message, NoticeKind, Referee, Request, Ruling, Seat, Table};
use plyground::audio::Cue;
use plyground::screens::game::GameScreen;
use plyground::screens::menu::MainMenu;
use plyground::screens::settings::SettingsScreen;
use plyground::screens::{App, Context, Event, Screen};
use plyground::settings::Settings;
use std::collections::VecDeque;

fn context() -> Context {
    Context::new(Settings::default(), (1280.0, 800.0))
}

fn new_game(mode: &str) -> Box<dyn AnyGame> {
    find_mode(mode).expect("mode is registered").new_game()
}

/// Plays `moves` one by one at a game screen, as the seats at `table` would, and returns
/// the cues the screen queued.
fn cues_of(table: Table, moves: &str) -> Vec<Cue> {
    let mut screen = GameScreen::new(table, false);
    let mut context = context();
    for text in moves.split_whitespace() {
        let code = screen.table().game().parse_move(text).expect("legal move");
        screen.table_mut().play(code);
        screen.update(&Event::Tick(0.0), &mut context);
    }
    context.output.cues
}

const PEOPLE: [Seat; 2] = [Seat::Person, Seat::Person];

#[test]
fn a_scripted_mate_sounds_moves_a_capture_check_and_the_win() {
    let mate = "e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7";
    let cues = cues_of(Table::local(new_game("chess"), PEOPLE), mate);
    let mut expected = vec![Cue::Move; 6];
    expected.extend([Cue::Capture, Cue::Check, Cue::Won]);
    assert_eq!(cues, expected);
}

/// A relay's answers, scripted: everything queued arrives at the next poll.
struct Relay(VecDeque<Ruling>);

impl Referee for Relay {
    fn submit(&mut self, _game: &dyn AnyGame, _request: Request) -> Vec<Ruling> {
        Vec::new()
    }
    fn poll(&mut self) -> Vec<Ruling> {
        self.0.drain(..).collect()
    }
    fn echoes_moves(&self) -> bool {
        true
    }
    fn allows_undo(&self) -> bool {
        false
    }
}

#[test]
fn online_the_mated_player_hears_the_same_moves_then_the_loss_and_chat() {
    let mut relayed: VecDeque<Ruling> = "e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7"
        .split_whitespace()
        .map(|text| Ruling::Played(text.to_string()))
        .collect();
    relayed.push_back(Ruling::Notice(NoticeKind::Chat, Message::info("Ada: gg")));
    relayed.push_back(Ruling::Notice(
        NoticeKind::Left,
        Message::warning("Ada lost the connection; their seat is kept."),
    ));
    let seats = [Seat::Remote, Seat::Person];
    let table = Table::new(new_game("chess"), seats, Box::new(Relay(relayed)));
    let mut screen = GameScreen::new(table, true);
    let mut context = context();
    screen.update(&Event::Tick(0.0), &mut context);
    let mut expected = vec![Cue::Move; 6];
    expected.extend([Cue::Capture, Cue::Check, Cue::Lost, Cue::Chat, Cue::Left]);
    assert_eq!(context.output.cues, expected);
}

#[test]
fn castling_explosions_and_drops_have_their_own_sounds() {
    let castle = "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1";
    let cues = cues_of(Table::local(new_game("chess"), PEOPLE), castle);
    assert_eq!(cues.last(), Some(&Cue::Castle));
    let blast = cues_of(Table::local(new_game("atomic"), PEOPLE), "e2e4 d7d5 e4d5");
    assert_eq!(blast, [Cue::Move, Cue::Move, Cue::Explosion]);
    let four = cues_of(Table::local(new_game("connect4"), PEOPLE), "1 2 1 2 1 2 1");
    let mut expected = vec![Cue::Drop; 7];
    expected.push(Cue::Won);
    assert_eq!(four, expected);
}

#[test]
fn clicking_a_piece_that_cannot_move_sounds_softly() {
    let mut screen = GameScreen::new(Table::local(new_game("chess"), PEOPLE), false);
    let mut context = context();
    let rook = screen.cell_center(&context, 0);
    screen.update(&Event::PointerDown(rook), &mut context);
    screen.update(&Event::PointerUp(rook), &mut context);
    assert_eq!(context.output.cues, [Cue::Illegal]);
}

#[test]
fn the_m_key_mutes_anywhere_but_in_a_name_being_typed() {
    let mut app = App::new(Box::new(MainMenu), context());
    app.update(&Event::Char('m'));
    assert!(app.context.prefs.settings.sound_muted);
    app.update(&Event::Char('M'));
    assert!(!app.context.prefs.settings.sound_muted);

    let mut settings = App::new(Box::new(SettingsScreen::new()), context());
    let name_field = settings
        .draw()
        .items
        .iter()
        .find_map(|item| match item {
            plyground::display::Item::Text { text, rect, .. } if text == "Player" => {
                Some(rect.center())
            }
            _ => None,
        })
        .expect("the name's field shows the name");
    settings.update(&Event::PointerUp(name_field));
    settings.update(&Event::Char('m'));
    assert!(!settings.context.prefs.settings.sound_muted);
    assert_eq!(settings.context.prefs.settings.name, "Playerm");
}
