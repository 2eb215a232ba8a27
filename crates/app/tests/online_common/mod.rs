//! Helpers the online screen tests share: contexts, clicking what a screen shows,
//! waiting for a relay's news, seating and starting a game through the lobby.

#![allow(dead_code)]

use ply_modes::find_mode;
use ply_play::{Seat, Table};
use plyground::display::{Frame, Item};
use plyground::geometry::Point;
use plyground::screens::game::GameScreen;
use plyground::screens::online::{HostScreen, JoinScreen, LobbyScreen};
use plyground::screens::{Context, Event, Screen, Transition};
use plyground::settings::Settings;
use plyground::theme;
use std::time::Duration;

pub fn context(name: &str) -> Context {
    let settings = Settings {
        name: name.to_string(),
        upnp: false,
        ..Settings::default()
    };
    Context::new(settings, (1280.0, 800.0))
}

/// The centre of the first text starting with `starts_with`, or of the topmost one (a
/// layer drawn over the screen comes last) when `topmost`.
pub fn text_at(screen: &dyn Screen, context: &Context, starts_with: &str, topmost: bool) -> Point {
    let mut frame = Frame::default();
    screen.draw(context, &mut frame);
    let mut items: Vec<&Item> = frame.items.iter().collect();
    if topmost {
        items.reverse();
    }
    items
        .into_iter()
        .find_map(|item| match item {
            Item::Text { text, rect, .. } if text.starts_with(starts_with) => Some(rect.center()),
            _ => None,
        })
        .unwrap_or_else(|| {
            panic!(
                "no button starting with {starts_with:?}: {:?}",
                frame.texts()
            )
        })
}

/// A lobby hosted on this computer by "Hosty", entered, with its context.
pub fn hosted_lobby() -> (LobbyScreen, Context) {
    let mut context = context("Hosty");
    let mut host = HostScreen::new(&context)
        .open_lobby(&mut context)
        .expect("a lobby opens on this computer");
    settle(&mut host, &mut context, LobbyScreen::entered);
    (host, context)
}

/// Takes news in until `done` holds (each wait is bounded; the loop gives up after 50).
pub fn settle(
    lobby: &mut LobbyScreen,
    context: &mut Context,
    done: impl Fn(&LobbyScreen) -> bool,
) -> Option<Transition> {
    for _ in 0..50 {
        if done(lobby) {
            return None;
        }
        let transition = lobby.wait_for_news(Duration::from_millis(200), context);
        if !matches!(transition, Transition::Stay) {
            return Some(transition);
        }
    }
    let mut frame = Frame::default();
    lobby.draw(context, &mut frame);
    assert!(
        done(lobby),
        "the server did not answer in time: {:?}",
        frame.texts()
    );
    None
}

pub fn button(screen: &dyn Screen, context: &Context, starts_with: &str) -> Point {
    text_at(screen, context, starts_with, false)
}

pub fn click(screen: &mut LobbyScreen, context: &mut Context, label: &str) -> Transition {
    let at = button(screen, context, label);
    screen.update(&Event::PointerUp(at), context)
}

/// Clicks the topmost text starting with `label`: a choice in the layer on top.
pub fn choose(screen: &mut LobbyScreen, context: &mut Context, label: &str) {
    let at = text_at(screen, context, label, true);
    screen.update(&Event::PointerUp(at), context);
}

/// Opens the host's choice for the side whose button starts with `side` and picks the
/// choice starting with `choice`.
pub fn seat(screen: &mut LobbyScreen, context: &mut Context, side: &str, choice: &str) {
    click(screen, context, side);
    choose(screen, context, choice);
}

/// "Guesty" joins the lobby `host` shares, by address, is let in, and the host sees them.
pub fn guest_joins(host: &mut LobbyScreen, host_context: &mut Context) -> (LobbyScreen, Context) {
    guest_joins_with(host, host_context, "")
}

/// [`guest_joins`], typing `password`.
pub fn guest_joins_with(
    host: &mut LobbyScreen,
    host_context: &mut Context,
    password: &str,
) -> (LobbyScreen, Context) {
    let mut guest_context = context("Guesty");
    let mut join = JoinScreen::new(&guest_context);
    join.fill(&host.share_address().expect("address"), "Guesty", password);
    let mut guest = join
        .connect(&mut guest_context)
        .expect("the address is typed");
    settle(&mut guest, &mut guest_context, LobbyScreen::entered);
    let seen = host_context.clone();
    settle(host, host_context, |lobby| {
        texts(lobby, &seen).iter().any(|t| t.starts_with("Guesty"))
    });
    (guest, guest_context)
}

/// The texts `lobby` shows now.
pub fn texts(lobby: &LobbyScreen, context: &Context) -> Vec<String> {
    let mut frame = Frame::default();
    lobby.draw(context, &mut frame);
    frame.texts().into_iter().map(str::to_string).collect()
}

pub fn press_join(join: &mut JoinScreen, context: &mut Context) -> (Transition, String) {
    let at = text_at(join, context, "Join", true);
    join.update(&Event::PointerUp(at), context);
    assert!(join.connecting(), "Join starts connecting");
    for _ in 0..50 {
        let transition = join.wait_for_news(Duration::from_millis(200), context);
        if !join.connecting() {
            let notice = context
                .output
                .notice
                .as_ref()
                .map(|message| message.text.clone())
                .unwrap_or_default();
            return (transition, notice);
        }
    }
    panic!("the connection neither failed nor entered in time");
}

/// The texts `screen` shows now.
pub fn shown(screen: &dyn Screen, context: &Context) -> Vec<String> {
    let mut frame = Frame::default();
    screen.draw(context, &mut frame);
    frame.texts().into_iter().map(str::to_string).collect()
}

pub fn tick_until(screen: &mut dyn Screen, context: &mut Context, texts: &[&str]) -> bool {
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while std::time::Instant::now() < deadline {
        screen.update(&Event::Tick(0.01), context);
        let mut frame = Frame::default();
        screen.draw(context, &mut frame);
        let shown = frame.texts();
        if texts.iter().all(|text| shown.contains(text)) {
            return true;
        }
        std::thread::yield_now();
    }
    false
}

/// Clicks `cells` in turn on the chess board of `game`, seen from White, or from Black
/// when `turned`.
pub fn click_cells(game: &mut dyn Screen, context: &mut Context, cells: &[usize], turned: bool) {
    let layout = GameScreen::new(
        Table::local(
            find_mode("chess").expect("chess").new_game(),
            [Seat::Person; 2],
        ),
        false,
    );
    for &cell in cells {
        let at = layout.cell_center(context, if turned { 63 - cell } else { cell });
        game.update(&Event::PointerDown(at), context);
        game.update(&Event::PointerUp(at), context);
    }
}

/// Plays e2-e4 by clicking its two squares on the board of `game` (chess, White's
/// turn, the board seen from White).
pub fn play_e2_e4(game: &mut dyn Screen, context: &mut Context) {
    click_cells(game, context, &[12, 28], false);
}

/// A lobby hosted by Hosty, Guesty in it, and their game started (Hosty White).
pub struct Started {
    pub host: LobbyScreen,
    pub host_context: Context,
    pub guest: LobbyScreen,
    pub guest_context: Context,
    pub host_game: Box<dyn Screen>,
    pub guest_game: Box<dyn Screen>,
}

/// Hosts, joins, seats and starts, through the screens.
pub fn started_game() -> Started {
    let (mut host, mut host_context) = hosted_lobby();
    let (mut guest, mut guest_context) = guest_joins(&mut host, &mut host_context);
    let (host_game, guest_game) =
        seat_and_start(&mut host, &mut host_context, &mut guest, &mut guest_context);
    Started {
        host,
        host_context,
        guest,
        guest_context,
        host_game,
        guest_game,
    }
}

/// The host seats itself on White and the guest on Black, through the lobby's buttons,
/// and starts: both game screens, the host's first.
pub fn seat_and_start(
    host: &mut LobbyScreen,
    host_context: &mut Context,
    guest: &mut LobbyScreen,
    guest_context: &mut Context,
) -> (Box<dyn Screen>, Box<dyn Screen>) {
    let seen = (*host_context).clone();
    let shows = |lobby: &LobbyScreen, text: &str| {
        let mut frame = Frame::default();
        lobby.draw(&seen, &mut frame);
        frame.texts().contains(&text)
    };
    seat(host, host_context, "Black:", "Guesty");
    settle(host, host_context, |lobby| shows(lobby, "Black: Guesty"));
    seat(host, host_context, "White:", "Hosty");
    settle(host, host_context, |lobby| shows(lobby, "White: Hosty"));
    click(host, host_context, "Start");
    let Some(Transition::Push(host_game)) = settle(host, host_context, |_| false) else {
        panic!("the host's game opens");
    };
    let Some(Transition::Push(guest_game)) = settle(guest, guest_context, |_| false) else {
        panic!("the guest's game opens");
    };
    (host_game, guest_game)
}

/// Whether the button labelled `label` is drawn greyed out (its label dimmed).
pub fn greyed(screen: &dyn Screen, context: &Context, label: &str) -> bool {
    let mut frame = Frame::default();
    screen.draw(context, &mut frame);
    let color = frame
        .items
        .iter()
        .rev()
        .find_map(|item| match item {
            Item::Text { text, color, .. } if text == label => Some(*color),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no {label:?} in {:?}", frame.texts()));
    // The menu may still be fading in: the colour, not its opacity.
    (color.0, color.1, color.2) == (theme::TEXT_DIM.0, theme::TEXT_DIM.1, theme::TEXT_DIM.2)
}
