//! Every screen fits its window at every text size a player can choose: drawn headless at
//! the smallest window (1024x640), the usual one and a large one, at 100%, 125% and 150%
//! text, no text leaves the window and no two texts of the layer on top overlap (a
//! button's label over another's, a title under a button, a list under the hints).

use ply_modes::Level;
use ply_net::portmap::Reach;
use ply_play::{Seat, Table};
use ply_save::SaveFolder;
use plyground::display::{Align, Frame, Item};
use plyground::geometry::{Point, Rect};
use plyground::history::{HistoryHandle, fill_example};
use plyground::screens::game::{Action, GameScreen};
use plyground::screens::history::{Filters, HistoryScreen, StatsScreen};
use plyground::screens::load::LoadScreen;
use plyground::screens::local::LocalSetup;
use plyground::screens::menu::MainMenu;
use plyground::screens::online::{HostScreen, JoinScreen, LobbyScreen};
use plyground::screens::play_settings::PlaySettingsScreen;
use plyground::screens::settings::SettingsScreen;
use plyground::screens::sound::SoundScreen;
use plyground::screens::widgets::wrapped_lines;
use plyground::screens::{Context, Event, Key, Screen};
use plyground::settings::Settings;
use std::net::SocketAddr;
use std::time::Duration;

/// The window sizes and text sizes every screen must fit: the smallest window at normal
/// text, the usual window at every text size, and larger and oddly shaped windows.
const CASES: [((f32, f32), u32); 7] = [
    ((1024.0, 640.0), 100),
    ((1280.0, 800.0), 100),
    ((1280.0, 800.0), 125),
    ((1280.0, 800.0), 150),
    ((1920.0, 1200.0), 150),
    ((1600.0, 800.0), 150),
    ((1024.0, 768.0), 125),
];

/// About where a text's letters are, from its box, size and alignment (an average
/// letter is about half as wide as the font size; the painter cuts a line too long for
/// its box with an ellipsis, so a line is never wider than its box).
fn ink(text: &str, rect: Rect, size: f32, align: Align) -> Rect {
    if align == Align::Wrap {
        let lines = wrapped_lines(text, rect.w, size) as f32;
        let height = (lines * size * 1.2).min(rect.h.max(size));
        return Rect::new(rect.x, rect.y, rect.w, height);
    }
    let width = (text.chars().count() as f32 * size * 0.5).min(rect.w);
    let height = size * 0.75;
    let x = match align {
        Align::Left | Align::Wrap => rect.x,
        Align::Center => rect.x + (rect.w - width) / 2.0,
        Align::Right => rect.x + rect.w - width,
    };
    Rect::new(x, rect.y + (rect.h - height) / 2.0, width, height)
}

fn overlap(a: Rect, b: Rect) -> bool {
    let margin = 1.0;
    a.x + margin < b.x + b.w
        && b.x + margin < a.x + a.w
        && a.y + margin < b.y + b.h
        && b.y + margin < a.y + a.h
}

/// What does not fit in `frame` drawn for a window of `size`: texts outside the window,
/// and overlapping texts among those drawn after the last backdrop covering the window.
fn misfits(frame: &Frame, size: (f32, f32)) -> Vec<String> {
    let covers_window =
        |rect: &Rect| rect.x <= 0.0 && rect.y <= 0.0 && rect.w >= size.0 && rect.h >= size.1;
    let top_from = frame
        .items
        .iter()
        .rposition(|item| matches!(item, Item::Rect { rect, .. } if covers_window(rect)))
        .unwrap_or(0);
    let mut problems = Vec::new();
    let mut inks: Vec<(&str, Rect)> = Vec::new();
    let outside =
        |r: Rect| r.x < -1.0 || r.y < -1.0 || r.x + r.w > size.0 + 1.0 || r.y + r.h > size.1 + 1.0;
    for (index, item) in frame.items.iter().enumerate() {
        if let Item::Rect { rect, .. } = item
            && outside(*rect)
        {
            problems.push(format!("a box leaves the window at {rect:?}"));
        }
        let Item::Text {
            text,
            rect,
            size: font,
            align,
            color,
        } = item
        else {
            continue;
        };
        if text.trim().is_empty() || color.3 < 0.5 {
            continue;
        }
        let ink = ink(text, *rect, *font, *align);
        if ink.x < -1.0
            || ink.y < -1.0
            || ink.x + ink.w > size.0 + 1.0
            || ink.y + ink.h > size.1 + 1.0
        {
            problems.push(format!("{text:?} leaves the window at {ink:?}"));
        }
        if index > top_from {
            if let Some((other, _)) = inks.iter().find(|(_, seen)| overlap(*seen, ink)) {
                problems.push(format!("{text:?} overlaps {other:?}"));
            }
            inks.push((text, ink));
        }
    }
    problems
}

fn context(size: (f32, f32), text_size: u32) -> Context {
    let settings = Settings {
        name: "Bartholomew Longname".to_string(),
        upnp: false,
        text_size,
        ..Settings::default()
    };
    let mut context = Context::new(settings, size);
    context.window.pointer = Point::new(-1.0, -1.0);
    context
}

fn drawn(screen: &dyn Screen, context: &Context) -> Frame {
    let mut frame = Frame::default();
    screen.draw(context, &mut frame);
    frame
}

fn click(screen: &mut dyn Screen, context: &mut Context, at: Point) {
    screen.update(&Event::PointerDown(at), context);
    screen.update(&Event::PointerUp(at), context);
}

fn game(mode: &str, moves: &str, seats: [Seat; 2]) -> GameScreen {
    game_at(mode, None, moves, seats)
}

fn game_at(mode: &str, position: Option<&str>, moves: &str, seats: [Seat; 2]) -> GameScreen {
    let game =
        ply_modes::replay(mode, position, moves.split_whitespace()).expect("a game that replays");
    GameScreen::new(Table::local(game, seats), false)
}

/// Presses the top layer's button for `action`.
fn press(screen: &mut GameScreen, context: &mut Context, action: Action) {
    let at = screen
        .layer_buttons(context)
        .into_iter()
        .find(|(_, a)| *a == action)
        .unwrap_or_else(|| panic!("no {action:?} button"))
        .0
        .center();
    click(screen, context, at);
}

/// The centre of the first text of `screen` starting with `starts_with`.
fn text_center(screen: &dyn Screen, context: &Context, starts_with: &str) -> Point {
    drawn(screen, context)
        .items
        .iter()
        .find_map(|item| match item {
            Item::Text { text, rect, .. } if text.starts_with(starts_with) => Some(rect.center()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no text starting with {starts_with:?}"))
}

/// A lobby hosted on this computer, entered, as the router opened the port (the longest
/// of the router's answers to show).
fn hosted_lobby(context: &mut Context) -> LobbyScreen {
    let local: SocketAddr = "192.168.1.20:7373".parse().expect("an address");
    let public: SocketAddr = "203.0.113.7:7373".parse().expect("an address");
    let mut lobby = HostScreen::new(context)
        .with_answer(Reach::Open { local, public }, Some(local))
        .open_lobby(context)
        .expect("a lobby opens on this computer");
    for _ in 0..50 {
        if lobby.entered() {
            break;
        }
        lobby.wait_for_news(Duration::from_millis(200), context);
    }
    assert!(lobby.entered(), "the lobby was entered");
    lobby
}

/// Closes whatever is open over the board, then opens the game menu.
fn open_menu(screen: &mut GameScreen, context: &mut Context) {
    for _ in 0..5 {
        if screen.layers().is_empty() {
            break;
        }
        screen.update(&Event::Key(Key::Escape), context);
    }
    assert!(screen.layers().is_empty(), "Escape closes every layer");
    screen.update(&Event::Key(Key::Escape), context);
}

const PEOPLE: [Seat; 2] = [Seat::Person, Seat::Person];
const AGAINST_COMPUTER: [Seat; 2] = [Seat::Person, Seat::Computer(Level::FULL)];

/// Every screen and overlay worth checking, named, as drawn in `context`.
fn every_screen(context: &mut Context, saves: &SaveFolder) -> Vec<(String, Frame)> {
    let mut shown: Vec<(String, Frame)> = Vec::new();
    let mut show = |name: &str, screen: &dyn Screen, context: &Context| {
        shown.push((name.to_string(), drawn(screen, context)));
    };
    context.storage.saves = Some(saves.clone());
    show("menu", &MainMenu, context);
    show(
        "local setup",
        &LocalSetup::new(&context.prefs.settings),
        context,
    );
    show("settings", &SettingsScreen::new(), context);
    show("sound", &SoundScreen, context);
    show("playing", &PlaySettingsScreen, context);
    for (mode, title) in [
        (
            "hnefatafl",
            "A very long title for a tafl game played on a long winter evening",
        ),
        ("chess", "Short"),
    ] {
        let game = ply_modes::replay(mode, None, std::iter::empty::<&str>()).expect("a game");
        let save = ply_save::SavedGame::new(title, Vec::new(), game);
        saves
            .save_new(&save)
            .expect("the temporary folder takes saves");
    }
    show("load", &LoadScreen::new(context), context);
    let mut history = HistoryScreen::new(context);
    history.settle();
    show("history", &history, context);
    history.update(&Event::Char(' '), context);
    let search = text_center(&history, context, "Search by name");
    click(&mut history, context, search);
    for letter in "a long name searched for".chars() {
        history.update(&Event::Char(letter), context);
    }
    history.settle();
    show("history, searching", &history, context);
    history.update(&Event::Key(Key::Enter), context);
    history.update(&Event::Key(Key::Delete), context);
    show("history, deleting", &history, context);
    let mut stats = StatsScreen::new(context, &Filters::default());
    stats.settle();
    show("statistics per mode", &stats, context);
    stats.update(&Event::Key(Key::Right), context);
    show("statistics per opponent", &stats, context);
    stats.update(&Event::Key(Key::Right), context);
    show("statistics against the computer", &stats, context);
    stats.show_charts(true);
    show("statistics' charts", &stats, context);
    show("host", &HostScreen::new(context), context);
    show("join", &JoinScreen::new(context), context);
    let mut lobby = hosted_lobby(context);
    show("lobby", &lobby, context);
    let chat_line = text_center(&lobby, context, "Click here to chat");
    click(&mut lobby, context, chat_line);
    for line in [
        "Hello everyone, a long line to see that the chat panel cuts what does not fit",
        "short",
    ] {
        for c in line.chars() {
            lobby.update(&Event::Char(c), context);
        }
        lobby.update(&Event::Key(Key::Enter), context);
        // Until the relay's echo of the line shows (a busy machine may take a while).
        let said = format!("Bartholomew Longname: {line}");
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        while !drawn(&lobby, context).texts().contains(&said.as_str())
            && std::time::Instant::now() < deadline
        {
            lobby.wait_for_news(Duration::from_millis(100), context);
        }
    }
    lobby.update(&Event::Key(Key::Escape), context);
    assert!(
        drawn(&lobby, context)
            .texts()
            .contains(&"Bartholomew Longname: short"),
        "the chat shows what was said"
    );
    show("lobby with chat", &lobby, context);
    let white = text_center(&lobby, context, "White:");
    click(&mut lobby, context, white);
    show("lobby, choosing who plays White", &lobby, context);
    for mode in ply_modes::MODES {
        show(
            &format!("{} game", mode.id),
            &game(mode.id, "", AGAINST_COMPUTER),
            context,
        );
    }
    let opening = "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6";
    let mut chess = game("chess", opening, PEOPLE);
    show("chess with moves", &chess, context);
    chess.show_plies(context, 5);
    show("chess looking back", &chess, context);
    chess.update(&Event::Key(Key::End), context);
    open_menu(&mut chess, context);
    show("game menu", &chess, context);
    press(&mut chess, context, Action::Rules);
    show("rules", &chess, context);
    open_menu(&mut chess, context);
    press(&mut chess, context, Action::AskResign);
    show("resign question", &chess, context);
    open_menu(&mut chess, context);
    press(&mut chess, context, Action::OfferDraw);
    show("draw offer", &chess, context);
    let mut mate = game("chess", "f2f3 e7e5 g2g4", PEOPLE);
    let (from, to) = (mate.cell_center(context, 59), mate.cell_center(context, 31));
    click(&mut mate, context, from);
    click(&mut mate, context, to);
    assert!(
        mate.table().outcome().is_some(),
        "fool's mate ends the game"
    );
    show("game over", &mate, context);
    mate.collapse_banner();
    show("game over, folded", &mate, context);
    let mut promoting = game_at("chess", Some("7k/P7/8/8/8/8/8/K7 w - - 0 1"), "", PEOPLE);
    let (from, to) = (
        promoting.cell_center(context, 48),
        promoting.cell_center(context, 56),
    );
    click(&mut promoting, context, from);
    click(&mut promoting, context, to);
    show("promotion", &promoting, context);
    shown
}

#[test]
fn every_screen_fits_every_window_at_every_text_size() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let saves = SaveFolder::at(folder.path());
    let file = folder.path().join("history.sqlite3");
    fill_example(&file, 60).expect("an example history");
    let history = HistoryHandle::start(
        Some(file),
        Some(saves.clone()),
        Vec::new(),
        std::sync::Arc::new(|| {}),
    );
    let mut problems = Vec::new();
    for (size, text_size) in CASES {
        let mut context = context(size, text_size);
        context.storage.history = Some(history.clone());
        for (name, frame) in every_screen(&mut context, &saves) {
            for problem in misfits(&frame, size) {
                problems.push(format!(
                    "{}x{} at {text_size}%, {name}: {problem}",
                    size.0, size.1
                ));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} misfits:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// What the settings row labelled `label` shows, and where its button's text is.
fn setting(frame: &Frame, label: &str) -> (String, Rect) {
    let row = frame
        .items
        .iter()
        .find_map(|item| match item {
            Item::Text { text, rect, .. } if text == label => Some(*rect),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no setting {label:?}: {:?}", frame.texts()));
    frame
        .items
        .iter()
        .find_map(|item| match item {
            Item::Text { text, rect, .. }
                if rect.x >= row.x + row.w - 1.0
                    && rect.contains(Point::new(rect.x + 1.0, row.center().y)) =>
            {
                Some((text.clone(), *rect))
            }
            _ => None,
        })
        .expect("the row shows a value")
}

/// Clicks the settings row labelled `label` and returns what it shows then.
fn click_setting(screen: &mut SettingsScreen, context: &mut Context, label: &str) -> String {
    let (_, button) = setting(&drawn(screen, context), label);
    click(screen, context, button.center());
    setting(&drawn(screen, context), label).0
}

#[test]
fn settings_offer_only_window_sizes_that_fit_the_screen() {
    let mut context = context((1024.0, 640.0), 100);
    context.prefs.settings.window_width = 1024;
    context.prefs.settings.window_height = 640;
    context.window.screen = Some((1366, 768));
    let mut screen = SettingsScreen::new();
    assert_eq!(
        click_setting(&mut screen, &mut context, "Window size"),
        "1024 x 640",
        "a 1366x768 screen has room for no larger size"
    );
    context.window.screen = Some((1920, 1080));
    let seen: Vec<String> = (0..4)
        .map(|_| click_setting(&mut screen, &mut context, "Window size"))
        .collect();
    assert_eq!(
        seen,
        ["1280 x 800", "1600 x 1000", "1024 x 640", "1280 x 800"],
        "1920x1200 does not fit a 1920x1080 screen"
    );
}

#[test]
fn the_text_size_setting_cycles_through_every_size_and_grows_the_buttons() {
    let mut context = context((1280.0, 800.0), 100);
    let mut screen = SettingsScreen::new();
    let back_text_size = |context: &Context| {
        let frame = drawn(&SettingsScreen::new(), context);
        frame
            .items
            .iter()
            .find_map(|item| match item {
                Item::Text { text, size, .. } if text == "Back" => Some(*size),
                _ => None,
            })
            .expect("a Back button")
    };
    let normal = back_text_size(&context);
    assert_eq!(setting(&drawn(&screen, &context), "Text size").0, "100%");
    let mut seen = Vec::new();
    for _ in 0..3 {
        let shown = click_setting(&mut screen, &mut context, "Text size");
        seen.push(shown.clone());
        if shown == "150%" {
            assert!(
                back_text_size(&context) >= normal * 1.4,
                "buttons' text grows"
            );
        }
    }
    assert_eq!(seen, ["125%", "150%", "100%"]);
}

/// The smallest text a screen draws.
fn smallest_text(screen: &dyn Screen, context: &Context) -> f32 {
    drawn(screen, context)
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Text { size, .. } => Some(*size),
            _ => None,
        })
        .fold(f32::INFINITY, f32::min)
}

#[test]
fn larger_text_makes_no_text_smaller_on_the_setting_pages() {
    let local = LocalSetup::new(&Settings::default());
    let pages: [(&str, &dyn Screen); 4] = [
        ("settings", &SettingsScreen::new()),
        ("sound", &SoundScreen),
        ("playing", &PlaySettingsScreen),
        ("local setup", &local),
    ];
    for (name, page) in pages {
        let normal = smallest_text(page, &context((1280.0, 800.0), 100));
        for percent in [125, 150] {
            let larger = smallest_text(page, &context((1280.0, 800.0), percent));
            assert!(
                larger >= normal,
                "{name} at {percent}%: the smallest text is {larger:.1}, at 100% {normal:.1}"
            );
        }
    }
}

/// The rank numbers of boards of ten rows or more (hnefatafl's 11, mega chess's 16) fit
/// the frame beside the board in the help pictures, rather than being cut to "...".
#[test]
fn two_digit_rank_numbers_fit_beside_the_help_pictures_boards() {
    for name in ["mega-start", "tafl-start"] {
        let picture = plyground::help_images::find(name).expect("a picture");
        let size = plyground::help_images::SIZE;
        let mut frame = Frame::default();
        picture
            .draw(Rect::new(0.0, 0.0, size, size), &mut frame)
            .expect("it draws");
        let ranks: Vec<(String, Rect, f32)> = frame
            .items
            .iter()
            .filter_map(|item| match item {
                Item::Text {
                    text, rect, size, ..
                } if text.parse::<u32>().is_ok_and(|n| n >= 10) => {
                    Some((text.clone(), *rect, *size))
                }
                _ => None,
            })
            .collect();
        assert!(!ranks.is_empty(), "{name} numbers its ranks");
        for (text, rect, size) in ranks {
            let needed = text.chars().count() as f32 * size * 0.6;
            assert!(
                needed <= rect.w,
                "{name}: \"{text}\" needs {needed:.1} px, has {:.1}",
                rect.w
            );
        }
    }
}

/// A save's details line (mode, date, length, whose turn) is never cut: at large text
/// or in a small window the row puts its buttons below it.
#[test]
fn a_saves_details_are_never_cut_short() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let saves = SaveFolder::at(folder.path());
    let game = ply_modes::replay("chess", None, "e2e4 e7e5".split_whitespace()).expect("a game");
    saves
        .save_new(&ply_save::SavedGame::new("Chess game", Vec::new(), game))
        .expect("the folder takes it");
    for (window, percent) in CASES {
        let mut context = context(window, percent);
        context.storage.saves = Some(saves.clone());
        let frame = drawn(&LoadScreen::new(&context), &context);
        let (text, rect, size) = frame
            .items
            .iter()
            .find_map(|item| match item {
                Item::Text {
                    text, rect, size, ..
                } if text.starts_with("Chess - ") => Some((text.clone(), *rect, *size)),
                _ => None,
            })
            .expect("the details line");
        let needed = text.chars().count() as f32 * size * 0.55;
        assert!(
            needed <= rect.w,
            "{window:?} at {percent}%: \"{text}\" needs about {needed:.0} px, has {:.0}",
            rect.w
        );
    }
}

/// The move list's rows drawn in `frame`: their numbers ("12.").
fn move_rows(frame: &Frame) -> usize {
    frame
        .items
        .iter()
        .filter(|item| match item {
            Item::Text { text, .. } => text.strip_suffix('.').is_some_and(|number| {
                !number.is_empty() && number.chars().all(|c| c.is_ascii_digit())
            }),
            _ => false,
        })
        .count()
}

/// Large text in the usual window still leaves a useful move list in a game against the
/// computer (it had room for three rows when the players' boxes kept their full height
/// and the computer's progress its own line).
#[test]
fn large_text_leaves_room_for_seven_rows_of_moves() {
    let moves = "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 \
                 c2c3 e8g8 h2h3 c6b8 d2d4 b8d7 c3c4 c7c6";
    for text_size in [100, 125, 150] {
        let context = context((1280.0, 800.0), text_size);
        let screen = game("chess", moves, AGAINST_COMPUTER);
        let rows = move_rows(&drawn(&screen, &context));
        assert!(rows >= 7, "{rows} rows of moves at {text_size}%");
    }
}

/// The size of each text of `screen`, by its words.
fn text_sizes(screen: &dyn Screen, context: &Context) -> Vec<(String, f32)> {
    drawn(screen, context)
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Text { text, size, .. } => Some((text.clone(), *size)),
            _ => None,
        })
        .collect()
}

/// Every text of these pages (labels, values, the mode list) is clearly larger at 150%
/// than at 100%, also where buttons are squeezed to fit the window (the values in
/// Settings and the mode list had stayed as small as at 100%).
#[test]
fn at_150_percent_every_text_of_the_choosing_pages_is_larger() {
    let local = LocalSetup::new(&Settings::default());
    let pages: [(&str, &dyn Screen); 5] = [
        ("menu", &MainMenu),
        ("settings", &SettingsScreen::new()),
        ("sound", &SoundScreen),
        ("playing", &PlaySettingsScreen),
        ("local setup", &local),
    ];
    for (name, page) in pages {
        let normal = text_sizes(page, &context((1280.0, 800.0), 100));
        let larger = text_sizes(page, &context((1280.0, 800.0), 150));
        for (index, (text, size)) in normal.iter().enumerate() {
            // The same words drawn twice (a mode in the list and as the title) are
            // matched in the order they are drawn.
            let occurrence = normal[..index].iter().filter(|(t, _)| t == text).count();
            let Some((_, grown)) = larger
                .iter()
                .filter(|(other, _)| other == text)
                .nth(occurrence)
            else {
                continue;
            };
            assert!(
                *grown >= size * 1.1,
                "{name}: \"{text}\" is {grown:.1} px at 150%, {size:.1} px at 100%"
            );
        }
    }
}

/// Checks that the first text of `frame` starting with `starts_with` gets the lines it
/// needs in its box (on one line, a box at least as tall as its size), in the window
/// `case`; returns how it is aligned.
fn assert_whole(frame: &Frame, starts_with: &str, case: ((f32, f32), u32)) -> Align {
    let ((width, height), text_size) = case;
    let (text, rect, size, align) = frame
        .items
        .iter()
        .find_map(|item| match item {
            Item::Text {
                text,
                rect,
                size,
                align,
                ..
            } if text.starts_with(starts_with) => Some((text.clone(), *rect, *size, *align)),
            _ => None,
        })
        .unwrap_or_else(|| panic!("{starts_with}… is shown"));
    let lines = wrapped_lines(&text, rect.w, size);
    assert!(
        lines as f32 * size * 1.25 <= rect.h + 0.5 || (lines == 1 && size <= rect.h),
        "{width}x{height} at {text_size}%: {lines} lines of {size} px in {} px",
        rect.h
    );
    align
}

/// A long notice (a help page's path when no browser opens, a sound driver's own
/// words) grows its strip to hold every line instead of being cut, at every text size.
#[test]
fn a_long_notice_gets_the_lines_it_needs() {
    let sentence = "No web browser could be opened; the help page is \
                    /home/someone/.local/share/plyground/help/0.1.0/chess.html, open it \
                    in any browser to read the rules of chess with their pictures.";
    for case in CASES {
        let mut context = context(case.0, case.1);
        context.output.notice = Some(ply_play::Message::warning(sentence));
        let mut frame = Frame::default();
        plyground::screens::widgets::notice(&context, &mut frame);
        assert_eq!(
            assert_whole(&frame, sentence, case),
            Align::Wrap,
            "{case:?}"
        );
    }
}

/// Why a move is not legal is said whole: a sentence too long for one line above the
/// board gets a second (at 150% it had been cut to "two squares only on its…").
#[test]
fn why_a_move_is_not_legal_is_never_cut() {
    for case in CASES {
        let context = context(case.0, case.1);
        let mut screen = game("chess", "e2e4 e7e5", [Seat::Person, Seat::Person]);
        screen.try_move("e4e6").expect("a move to try");
        assert_whole(&drawn(&screen, &context), "A pawn moves", case);
    }
}

/// A question that names a long save (Delete "…"? It cannot be brought back.) is asked
/// whole, on two lines when one is not enough, at every window and text size.
#[test]
fn a_long_question_is_asked_whole() {
    let question = "Delete \"Chess: Bartholomew Longname v Computer (Maximum)\"? \
                    It cannot be brought back.";
    for case in CASES {
        let context = context(case.0, case.1);
        let mut frame = Frame::default();
        plyground::screens::confirm::dim(&context, &mut frame, question);
        assert_whole(&frame, question, case);
    }
}

/// The clock's last choice is typing one; Enter with nothing typed goes back to no
/// clock (it had said 'Write a time control … not ""' and kept the box open).
#[test]
fn the_local_clock_comes_back_to_none_after_the_typed_one() {
    let mut context = context((1280.0, 800.0), 150);
    let mut local = LocalSetup::new(&context.prefs.settings);
    let clock_button = |local: &LocalSetup, context: &Context| {
        drawn(local, context)
            .items
            .iter()
            .find_map(|item| match item {
                Item::Text { text, rect, .. } if text.starts_with("Clock: ") => {
                    Some((text.clone(), rect.center()))
                }
                _ => None,
            })
            .expect("the clock's button")
    };
    let mut seen = Vec::new();
    for _ in 0..12 {
        let (label, at) = clock_button(&local, &context);
        seen.push(label.clone());
        if label == "Clock: _" {
            local.update(&Event::Key(Key::Enter), &mut context);
            break;
        }
        click(&mut local, &mut context, at);
    }
    assert!(seen.contains(&"Clock: _".to_string()), "{seen:?}");
    assert_eq!(local.clock(), None, "{seen:?}");
    assert_eq!(clock_button(&local, &context).0, "Clock: none");
    assert_eq!(context.output.notice, None);
}

/// The choices of Play on this computer are kept when the player leaves with Back or
/// Esc, not only on Start (the tour lost its sides and clock to Back).
#[test]
fn the_local_setup_remembers_its_choices_when_left() {
    for by_key in [true, false] {
        let mut context = context((1280.0, 800.0), 100);
        let mut local = LocalSetup::new(&context.prefs.settings);
        for choice in ["Connect Four", "Computer", "Clock: "] {
            let at = text_center(&local, &context, choice);
            click(&mut local, &mut context, at);
        }
        let chosen = (local.mode_id(), local.seats(), local.clock());
        let left = if by_key {
            local.update(&Event::Key(Key::Escape), &mut context)
        } else {
            let back = text_center(&local, &context, "Back");
            local.update(&Event::PointerDown(back), &mut context);
            local.update(&Event::PointerUp(back), &mut context)
        };
        assert!(matches!(left, plyground::screens::Transition::Pop));
        let again = LocalSetup::new(&context.prefs.settings);
        assert_eq!((again.mode_id(), again.seats(), again.clock()), chosen);
        assert_eq!(chosen.0, "connect4", "a mode was chosen");
        assert!(chosen.2.is_some(), "a clock was chosen");
    }
}
