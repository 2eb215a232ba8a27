//! Coming back to an online game, seen in the window: the relay of a game goes away
//! (stopped) and comes back at the same address with its store; meanwhile the board
//! says it is reconnecting and counts the seconds, and once back the note goes and the
//! game goes on where it was. And a player whose window went away finds the game under
//! "Return to your game" and takes the seat back.

mod online_common;

use online_common::{
    Started, context, greyed, play_e2_e4, seat_and_start, settle, shown, tick_until,
};
use ply_net::{ServerConfig, host_in_process};
use plyground::screens::online::{ComebackScreen, HostScreen, JoinScreen, LobbyScreen};
use plyground::screens::{Context, Event, Key, Screen, Transition};
use std::time::{Duration, Instant};

const LOST: &str = "The connection was lost: reconnecting";

/// Whether "Offer draw" is greyed in the game menu, which is opened and closed again.
fn greyed_offer(screen: &mut dyn Screen, context: &mut Context) -> bool {
    screen.update(&Event::Tick(0.05), context);
    screen.update(&Event::Key(Key::Escape), context);
    let greyed = greyed(screen, context, "Offer draw");
    screen.update(&Event::Key(Key::Escape), context);
    greyed
}

fn note_shown(screen: &dyn Screen, context: &plyground::screens::Context) -> bool {
    shown(screen, context)
        .iter()
        .any(|text| text.starts_with(LOST))
}

/// A game started through the windows on the relay at `addr`: Hosty hosts a lobby
/// there (on a 3+2 clock when `timed`), the guest (with `guest_context`) joins it by
/// its code, and Hosty seats both and starts.
fn game_on_relay(addr: std::net::SocketAddr, mut guest_context: Context, timed: bool) -> Started {
    let mut host_context = context("Hosty");
    let mut form = HostScreen::new(&host_context).on_relay(&addr.to_string());
    if timed {
        let clock = online_common::button(&form, &host_context, "Clock: none");
        form.update(&Event::PointerUp(clock), &mut host_context);
    }
    let mut host = form
        .open_lobby(&mut host_context)
        .expect("a lobby on the relay");
    settle(&mut host, &mut host_context, LobbyScreen::entered);
    let code = host.code().expect("the lobby's code");
    let mut join = JoinScreen::new(&guest_context);
    join.fill(&addr.to_string(), "Guesty", "");
    join.fill_code(&code);
    let mut guest = join.connect(&mut guest_context).expect("typed");
    settle(&mut guest, &mut guest_context, LobbyScreen::entered);
    let seen = host_context.clone();
    settle(&mut host, &mut host_context, |lobby| {
        online_common::texts(lobby, &seen)
            .iter()
            .any(|text| text.starts_with("Guesty"))
    });
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

#[test]
fn the_board_says_it_is_reconnecting_and_the_game_goes_on_once_back() {
    let dir = tempfile::tempdir().expect("a folder");
    // Its key and store kept in one folder: the same relay each time it starts.
    let config = || ServerConfig::default().kept_in(dir.path()).expect("kept");
    let relay = host_in_process(([127, 0, 0, 1], 0).into(), config()).expect("a relay");
    let addr = relay.addr();
    let game = game_on_relay(addr, context("Guesty"), false);
    let (mut host_game, mut host_context) = (game.host_game, game.host_context);
    assert!(!note_shown(&*host_game, &host_context));

    relay.stop();
    let started = Instant::now();
    while !note_shown(&*host_game, &host_context) {
        assert!(started.elapsed() < Duration::from_secs(10), "no note");
        host_game.update(&Event::Tick(0.05), &mut host_context);
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(
        host_game.next_frame(&host_context) <= Some(Duration::from_secs(1)),
        "the seconds are counted"
    );
    // Nothing pretends to work meanwhile: no round trip, no offer, no request.
    let seen = shown(&*host_game, &host_context);
    assert!(!seen.iter().any(|text| text.ends_with(" ms")), "{seen:?}");
    assert!(seen.contains(&"reconnecting".to_string()), "{seen:?}");
    host_game.update(&Event::Key(Key::Escape), &mut host_context);
    for label in ["Offer draw", "Resign", "Ask to take back", "Abort game"] {
        assert!(greyed(&*host_game, &host_context, label), "{label}");
    }
    assert!(!greyed(&*host_game, &host_context, "Rules of this game"));
    host_game.update(&Event::Key(Key::Escape), &mut host_context);

    let _back = host_in_process(addr, config()).expect("the relay starts again");
    let started = Instant::now();
    while note_shown(&*host_game, &host_context) {
        assert!(started.elapsed() < Duration::from_secs(20), "never back");
        host_game.update(&Event::Tick(0.05), &mut host_context);
        std::thread::sleep(Duration::from_millis(20));
    }
    // Guesty's window comes back too; then offers can be made again.
    let (mut guest_game, mut guest_context) = (game.guest_game, game.guest_context);
    let started = Instant::now();
    while note_shown(&*guest_game, &guest_context)
        || greyed_offer(&mut *host_game, &mut host_context)
    {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "never back together"
        );
        guest_game.update(&Event::Tick(0.05), &mut guest_context);
        std::thread::sleep(Duration::from_millis(20));
    }
    play_e2_e4(&mut *host_game, &mut host_context);
    assert!(
        tick_until(&mut *host_game, &mut host_context, &["e4"]),
        "the game goes on: {:?}",
        shown(&*host_game, &host_context)
    );
}

#[test]
fn return_to_your_game_lists_the_game_and_takes_the_seat_back() {
    let dir = tempfile::tempdir().expect("a folder");
    let relay =
        host_in_process(([127, 0, 0, 1], 0).into(), ServerConfig::default()).expect("a relay");
    let addr = relay.addr();
    let mut guest_context = context("Guesty");
    guest_context.storage.seats = Some(ply_net::RejoinStore::at(dir.path()));
    let game = game_on_relay(addr, guest_context, false);
    let (mut guest_game, mut guest_context) = (game.guest_game, game.guest_context);
    assert!(tick_until(&mut *guest_game, &mut guest_context, &["Hosty"]));
    // The guest's window goes away (its connection with it).
    drop(guest_game);
    drop(game.guest);

    let mut comeback = ComebackScreen::new(&guest_context);
    let listed = shown(&comeback, &guest_context);
    assert!(
        listed.iter().any(|text| text == "Chess against Hosty"),
        "{listed:?}"
    );
    let menu = plyground::screens::menu::MainMenu;
    assert!(shown(&menu, &guest_context).contains(&"Return to your game".to_string()));
    let at = online_common::text_at(&comeback, &guest_context, "Return", true);
    guest_context.window.pointer = at;
    comeback.update(&Event::PointerDown(at), &mut guest_context);
    let Transition::Replace(back) = comeback.update(&Event::PointerUp(at), &mut guest_context)
    else {
        panic!("Return goes back into the lobby");
    };
    let mut back: Box<dyn Screen> = back;
    assert!(
        tick_until(&mut *back, &mut guest_context, &["Guesty"]),
        "back in the lobby: {:?}",
        shown(&*back, &guest_context)
    );
}

/// A port nothing listens on now.
fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind(("127.0.0.1", 0)).expect("a free port");
    listener.local_addr().expect("its address").port()
}

/// A game whose host's window went away: the host's context (its kept seats) and the
/// guest's window, still in the game.
struct HostGone {
    host_context: Context,
    /// Kept so that the guest's connection lives on.
    _guest_lobby: LobbyScreen,
    guest_context: Context,
    guest_game: Box<dyn Screen>,
}

/// A game Hosty hosts in its window (kept beside the seats in `home`) on `port` with
/// `password`, Guesty joined and seated, White's e4 seen by both; then Hosty's window
/// goes away mid-game, its server with it, without leaving.
fn own_host_game_then_host_gone(home: &std::path::Path, port: u16, password: &str) -> HostGone {
    let mut host_context = context("Hosty");
    host_context.storage.seats = Some(ply_net::RejoinStore::at(home));
    let mut host = HostScreen::new(&host_context)
        .with_usual_port(port)
        .with_password(password)
        .open_lobby(&mut host_context)
        .expect("a lobby here");
    settle(&mut host, &mut host_context, LobbyScreen::entered);
    let (mut guest, mut guest_context) =
        online_common::guest_joins_with(&mut host, &mut host_context, password);
    let (mut host_game, mut guest_game) =
        seat_and_start(&mut host, &mut host_context, &mut guest, &mut guest_context);
    play_e2_e4(&mut *host_game, &mut host_context);
    assert!(tick_until(&mut *guest_game, &mut guest_context, &["e4"]));
    drop(host_game);
    drop(host);
    HostGone {
        host_context,
        _guest_lobby: guest,
        guest_context,
        guest_game,
    }
}

/// Once the host is back in its game: the guest's window comes back by itself (the
/// host sees it connected again), and the game goes on as Black answers e5.
fn guest_comes_back_and_answers(
    host_game: &mut dyn Screen,
    host_context: &mut Context,
    guest_game: &mut dyn Screen,
    guest_context: &mut Context,
) {
    let started = Instant::now();
    while note_shown(guest_game, guest_context)
        || shown(host_game, host_context).contains(&"connection lost".to_string())
    {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the guest never came back"
        );
        guest_game.update(&Event::Tick(0.05), guest_context);
        host_game.update(&Event::Tick(0.05), host_context);
        std::thread::sleep(Duration::from_millis(20));
    }
    online_common::click_cells(guest_game, guest_context, &[52, 36], true);
    assert!(
        tick_until(host_game, host_context, &["e5"]),
        "the game goes on: {:?}",
        shown(host_game, host_context)
    );
}

#[test]
fn a_windows_own_host_closed_mid_game_hosts_again_into_its_game_and_its_guest_comes_back() {
    let home = tempfile::tempdir().expect("a folder");
    let port = free_port();
    let HostGone {
        mut host_context,
        _guest_lobby,
        mut guest_context,
        mut guest_game,
    } = own_host_game_then_host_gone(home.path(), port, "");
    let started = Instant::now();
    while !note_shown(&*guest_game, &guest_context) {
        assert!(started.elapsed() < Duration::from_secs(10), "no note");
        guest_game.update(&Event::Tick(0.05), &mut guest_context);
        std::thread::sleep(Duration::from_millis(20));
    }

    // Host again, as a player would: the form offers the way back, and takes it.
    let mut form = HostScreen::new(&host_context).with_usual_port(free_port());
    let offered = shown(&form, &host_context);
    assert!(
        offered.contains(&"Back to your game".to_string()),
        "{offered:?}"
    );
    let mut host = form.open_lobby(&mut host_context).expect("hosted again");
    let Some(Transition::Push(mut host_game)) = settle(&mut host, &mut host_context, |_| false)
    else {
        panic!(
            "the game in progress opens: {:?}",
            shown(&host, &host_context)
        );
    };
    assert_eq!(
        host.share_address()
            .map(|address| address.ends_with(&format!(":{port}"))),
        Some(true),
        "the same port"
    );
    assert!(tick_until(&mut *host_game, &mut host_context, &["e4"]));
    guest_comes_back_and_answers(
        &mut *host_game,
        &mut host_context,
        &mut *guest_game,
        &mut guest_context,
    );
}

#[test]
fn return_to_your_game_starts_the_windows_own_server_again_with_its_game() {
    let home = tempfile::tempdir().expect("a folder");
    let port = free_port();
    let HostGone {
        mut host_context,
        _guest_lobby,
        mut guest_context,
        mut guest_game,
    } = own_host_game_then_host_gone(home.path(), port, "pw");

    let mut comeback = ComebackScreen::new(&host_context);
    let listed = shown(&comeback, &host_context);
    assert!(
        listed.iter().any(|text| text == "Chess against Guesty"),
        "{listed:?}"
    );
    let at = online_common::text_at(&comeback, &host_context, "Return", true);
    comeback.update(&Event::PointerDown(at), &mut host_context);
    let Transition::Replace(mut back) = comeback.update(&Event::PointerUp(at), &mut host_context)
    else {
        panic!("Return goes back in: {:?}", host_context.output.notice);
    };
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut host_game = loop {
        assert!(
            Instant::now() < deadline,
            "{:?}",
            shown(&*back, &host_context)
        );
        if let Transition::Push(game) = back.update(&Event::Tick(0.05), &mut host_context) {
            break game;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(tick_until(&mut *host_game, &mut host_context, &["e4"]));
    guest_comes_back_and_answers(
        &mut *host_game,
        &mut host_context,
        &mut *guest_game,
        &mut guest_context,
    );
    // The host back answers newcomers with the lobby's password, as before.
    let mut friend_context = context("Carol");
    let mut join = JoinScreen::new(&friend_context);
    join.fill(&format!("127.0.0.1:{port}"), "Carol", "pw");
    let mut friend = join.connect(&mut friend_context).expect("typed");
    let deadline = Instant::now() + Duration::from_secs(10);
    while !friend.entered() {
        assert!(
            Instant::now() < deadline && friend.closed().is_none(),
            "Carol is not let in: {:?}",
            friend.closed()
        );
        friend.wait_for_news(Duration::from_millis(20), &mut friend_context);
        host_game.update(&Event::Tick(0.02), &mut host_context);
    }
}

/// The clock readings `screen` shows ("2:58"), in seconds, smallest first.
fn clock_readings(screen: &dyn Screen, context: &Context) -> Vec<u64> {
    let mut readings: Vec<u64> = shown(screen, context)
        .iter()
        .filter_map(|text| {
            let (minutes, seconds) = text.split_once(':')?;
            (seconds.len() == 2).then_some(())?;
            Some(minutes.parse::<u64>().ok()? * 60 + seconds.parse::<u64>().ok()?)
        })
        .collect();
    readings.sort_unstable();
    readings
}

#[test]
fn after_a_relay_restart_the_clocks_stand_still_until_everyone_is_back_then_both_windows_agree() {
    let dir = tempfile::tempdir().expect("a folder");
    // Its key and store kept in one folder: the same relay each time it starts.
    let config = || ServerConfig::default().kept_in(dir.path()).expect("kept");
    let relay = host_in_process(([127, 0, 0, 1], 0).into(), config()).expect("a relay");
    let addr = relay.addr();
    let seats = tempfile::tempdir().expect("a folder");
    let mut guest_context = context("Guesty");
    guest_context.storage.seats = Some(ply_net::RejoinStore::at(seats.path()));
    let game = game_on_relay(addr, guest_context, true);
    let (mut host_game, mut host_context) = (game.host_game, game.host_context);
    let (mut guest_game, mut guest_context) = (game.guest_game, game.guest_context);
    play_e2_e4(&mut *host_game, &mut host_context);
    assert!(tick_until(&mut *guest_game, &mut guest_context, &["e4"]));
    online_common::click_cells(&mut *guest_game, &mut guest_context, &[52, 36], true);
    assert!(tick_until(&mut *host_game, &mut host_context, &["e5"]));

    // The relay goes down, and the guest's window with it; the relay comes back.
    relay.stop();
    drop(guest_game);
    drop(game.guest);
    let _back = host_in_process(addr, config()).expect("the relay starts again");
    let started = Instant::now();
    while note_shown(&*host_game, &host_context)
        || !shown(&*host_game, &host_context).contains(&"connection lost".to_string())
    {
        assert!(started.elapsed() < Duration::from_secs(20), "never back");
        host_game.update(&Event::Tick(0.05), &mut host_context);
        std::thread::sleep(Duration::from_millis(20));
    }
    // The guest is away: the relay holds the clocks, and so does the host's window.
    let held = clock_readings(&*host_game, &host_context);
    for _ in 0..30 {
        host_game.update(&Event::Tick(0.05), &mut host_context);
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(
        clock_readings(&*host_game, &host_context),
        held,
        "the clocks ran"
    );

    // The guest's window comes back with its kept seat; both windows show the same time.
    let mut join = JoinScreen::new(&guest_context);
    join.fill(&addr.to_string(), "Guesty", "");
    let mut lobby = join.connect(&mut guest_context).expect("typed");
    let Some(Transition::Push(mut guest_game)) = settle(&mut lobby, &mut guest_context, |_| false)
    else {
        panic!("the game opens again");
    };
    let started = Instant::now();
    while shown(&*host_game, &host_context).contains(&"connection lost".to_string()) {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the guest never showed"
        );
        host_game.update(&Event::Tick(0.05), &mut host_context);
        std::thread::sleep(Duration::from_millis(20));
    }
    guest_game.update(&Event::Tick(0.05), &mut guest_context);
    let (host_sees, guest_sees) = (
        clock_readings(&*host_game, &host_context),
        clock_readings(&*guest_game, &guest_context),
    );
    assert_eq!(host_sees.len(), 2, "{host_sees:?}");
    for (host_reading, guest_reading) in host_sees.iter().zip(&guest_sees) {
        assert!(
            host_reading.abs_diff(*guest_reading) <= 1,
            "the windows disagree: {host_sees:?} and {guest_sees:?}"
        );
    }
    assert!(
        host_sees.iter().all(|reading| *reading + 2 >= held[0]),
        "{host_sees:?}"
    );
}
