//! The controls overlay: shown during a player's first games, listing the current
//! screen's keys and mouse actions; F1 hides it (and shows it again), the settings
//! choose when it shows, and starting a game counts towards the first games.

use ply_modes::find_mode;
use ply_play::{Seat, Table};
use plyground::display::Frame;
use plyground::screens::game::GameScreen;
use plyground::screens::menu::MainMenu;
use plyground::screens::{App, Context, Event, Key, Screen};
use plyground::settings::{ControlsOverlay, FIRST_GAMES, Settings};

fn app(screen: Box<dyn Screen>, settings: Settings) -> App {
    App::new(screen, Context::new(settings, (1280.0, 800.0)))
}

fn game() -> Box<dyn Screen> {
    let game = find_mode("checkers").expect("a mode").new_game();
    Box::new(GameScreen::new(
        Table::local(game, [Seat::Person; 2]),
        false,
    ))
}

fn overlay(frame: &Frame) -> Option<String> {
    frame
        .texts()
        .into_iter()
        .find(|text| text.contains("F1: hide this"))
        .map(str::to_string)
}

#[test]
fn the_first_games_show_the_keys_and_f1_hides_them() {
    let mut app = app(game(), Settings::default());
    app.update(&Event::Tick(0.01));
    assert_eq!(
        app.context.prefs.settings.games_started, 1,
        "the game is counted"
    );
    let line = overlay(&app.draw()).expect("shown in a first game");
    for part in [
        "Click: pick up, put down",
        "Drag: move",
        "Esc: menu",
        "H: hint",
        "F: flip",
    ] {
        assert!(line.contains(part), "{line}");
    }
    app.update(&Event::Key(Key::F1));
    assert_eq!(overlay(&app.draw()), None, "F1 hides it");
    assert_eq!(app.context.prefs.settings.controls, ControlsOverlay::Never);
    assert!(app.context.prefs.changed, "and the choice is kept");
    app.update(&Event::Key(Key::F1));
    assert!(overlay(&app.draw()).is_some(), "F1 shows it again");
    assert_eq!(app.context.prefs.settings.controls, ControlsOverlay::Always);
}

#[test]
fn after_the_first_games_it_shows_only_when_chosen() {
    let seasoned = Settings {
        games_started: FIRST_GAMES + 1,
        ..Settings::default()
    };
    let menu = app(Box::new(MainMenu), seasoned.clone());
    assert_eq!(overlay(&menu.draw()), None);
    let always = Settings {
        controls: ControlsOverlay::Always,
        ..seasoned
    };
    let menu = app(Box::new(MainMenu), always);
    let line = overlay(&menu.draw()).expect("chosen");
    assert!(line.contains("Click: choose"), "{line}");
}
