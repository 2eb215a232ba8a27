//! The help pages' pictures: every `<img>` points to a file that exists, every page has
//! pictures and a link home, and every picture the game renders (`plyground
//! --help-images help/img`, listed in `help_images::PICTURES`) is committed and not blank.
//! CI renders them again under a virtual display and checks those too.

use plyground::help_images::PICTURES;
use plyground::snapshot::distinct_colours;
use std::fs;
use std::path::{Path, PathBuf};

fn help_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../help")
}

/// Every HTML page of the help folder, with its text.
fn pages() -> Vec<(String, String)> {
    let mut pages: Vec<(String, String)> = fs::read_dir(help_dir())
        .expect("the help folder")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "html"))
        .map(|path| {
            let name = path
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into();
            (name, fs::read_to_string(&path).expect("a readable page"))
        })
        .collect();
    pages.sort();
    pages
}

/// The `src` of every `<img>` in `html`.
fn image_sources(html: &str) -> Vec<String> {
    html.split("<img")
        .skip(1)
        .filter_map(|tag| {
            let start = tag.find("src=\"")? + 5;
            let end = tag[start..].find('"')? + start;
            Some(tag[start..end].to_string())
        })
        .collect()
}

#[test]
fn every_image_exists_and_every_page_has_pictures_and_a_link_home() {
    let pages = pages();
    assert!(pages.len() >= 14, "{} pages", pages.len());
    for (name, html) in &pages {
        let sources = image_sources(html);
        assert!(!sources.is_empty(), "{name} has no pictures");
        for source in sources {
            let file = help_dir().join(&source);
            assert!(file.is_file(), "{name}: {source} does not exist");
            assert!(
                distinct_colours(&file, 20).expect("a PNG") >= 20,
                "{name}: {source} is blank"
            );
        }
        assert!(
            html.contains("href=\"index.html\""),
            "{name} has no link home"
        );
        assert!(
            html.contains("href=\"style.css\""),
            "{name} has its own style"
        );
    }
}

#[test]
fn every_rendered_picture_is_committed_and_shown() {
    let all_pages: String = pages().into_iter().map(|(_, html)| html).collect();
    for picture in PICTURES {
        let source = format!("img/{}.png", picture.name);
        let file = help_dir().join(&source);
        assert!(
            file.is_file(),
            "{source} is missing: run plyground --help-images help/img"
        );
        assert!(
            distinct_colours(&file, 20).expect("a PNG") >= 20,
            "{source}"
        );
        assert!(all_pages.contains(&source), "no page shows {source}");
    }
}

#[test]
fn every_mode_page_shows_its_start_position() {
    for (page, start) in [
        ("chess.html", "chess-start"),
        ("atomic.html", "chess-start"),
        ("koth.html", "chess-start"),
        ("hole.html", "hole-start"),
        ("lps.html", "chess-start"),
        ("mega.html", "mega-start"),
        ("checkers.html", "checkers-start"),
        ("hnefatafl.html", "tafl-start"),
        ("connect4.html", "connect4-start"),
    ] {
        let html = fs::read_to_string(help_dir().join(page)).expect("the page");
        assert!(
            image_sources(&html).contains(&format!("img/{start}.png")),
            "{page} lacks {start}"
        );
    }
}

#[test]
fn the_in_game_rules_show_the_same_pictures() {
    use ply_play::{Seat, Table};
    use plyground::display::Frame;
    use plyground::screens::game::{Action, GameScreen};
    use plyground::screens::{Context, Event, Key, Screen};
    use plyground::settings::Settings;
    let mut context = Context::new(Settings::default(), (1280.0, 800.0));
    let game = ply_modes::find_mode("checkers").expect("a mode").new_game();
    let mut screen = GameScreen::new(Table::local(game, [Seat::Person; 2]), false);
    screen.update(&Event::Key(Key::Escape), &mut context);
    let press = |screen: &mut GameScreen, context: &mut Context, action| {
        let (rect, _) = screen
            .layer_buttons(context)
            .into_iter()
            .find(|(_, a)| *a == action)
            .expect("the button");
        screen.update(&Event::PointerDown(rect.center()), context);
        screen.update(&Event::PointerUp(rect.center()), context);
    };
    press(&mut screen, &mut context, Action::Rules);
    let caption = "The starting position, with the square numbers.";
    let mut pages = 0;
    loop {
        let mut frame = Frame::default();
        screen.draw(&context, &mut frame);
        if frame.texts().contains(&caption) {
            break;
        }
        pages += 1;
        assert!(pages < 10, "the picture never shows");
        press(&mut screen, &mut context, Action::RulesNext);
    }
}
