//! Online games when things go wrong, through the screens against a real relay over
//! loopback: a player who drops (the countdown, then the claim, with the game kept on
//! disk meanwhile), a player who restarts and joins again (the seat kept on disk takes
//! them back to the same position), draw offers answered with buttons, and rematches
//! by consent.

use ply_core::Player;
use ply_net::{
    ClientMsg, EntryRequest, GameSetup, NetEvent, NetHandle, Occupant, RejoinStore, ServerConfig,
    host_in_process,
};
use plyground::screens::online::{HostScreen, JoinScreen, LobbyScreen};
use plyground::screens::{Context, Event, Key, Screen, Transition};
use std::time::{Duration, Instant};

mod online_common;

use online_common::*;

/// Ticks `screen` until it shows a text starting with `prefix`; returns that text.
fn tick_until_prefix(screen: &mut dyn Screen, context: &mut Context, prefix: &str) -> String {
    tick_until_found(
        screen,
        context,
        &format!("starting with {prefix:?}"),
        |text| text.starts_with(prefix),
    )
}

/// Ticks `screen` until it shows a text that `wanted` accepts (described as `what` if it
/// never does), and returns that text.
fn tick_until_found(
    screen: &mut dyn Screen,
    context: &mut Context,
    what: &str,
    wanted: impl Fn(&str) -> bool,
) -> String {
    let deadline = Instant::now() + Duration::from_secs(10);
    while Instant::now() < deadline {
        screen.update(&Event::Tick(0.01), context);
        if let Some(text) = shown(screen, context).into_iter().find(|text| wanted(text)) {
            return text;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("no text {what}: {:?}", shown(screen, context));
}

/// Presses the topmost text starting with `label` as a click does.
fn press(screen: &mut dyn Screen, context: &mut Context, label: &str) -> Transition {
    let at = text_at(screen, context, label, true);
    screen.update(&Event::PointerDown(at), context);
    screen.update(&Event::PointerUp(at), context)
}

/// Lets a result banner settle as a player reading it would (it takes no press in its
/// first half second).
fn read_the_result(screen: &mut dyn Screen, context: &mut Context) {
    screen.update(&Event::Tick(0.6), context);
}

/// Opens the game menu of `game` and presses `label` in it.
fn from_menu(game: &mut dyn Screen, context: &mut Context, label: &str) {
    game.update(&Event::Key(plyground::screens::Key::Escape), context);
    press(game, context, label);
}

/// Ticks `screen` until it hands over to another screen; returns it.
fn tick_until_replaced(screen: &mut dyn Screen, context: &mut Context) -> Box<dyn Screen> {
    let deadline = Instant::now() + Duration::from_secs(10);
    while Instant::now() < deadline {
        if let Transition::Replace(next) = screen.update(&Event::Tick(0.01), context) {
            return next;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("the screen was not replaced: {:?}", shown(screen, context));
}

/// A client's connection through its handle, waited on until `done` picks an event.
fn wait_for<T>(net: &NetHandle, mut done: impl FnMut(&NetEvent) -> Option<T>) -> T {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let event = net.events().recv_timeout(left).expect("the relay answers");
        if let Some(found) = done(&event) {
            return found;
        }
    }
}

/// The save titles in `dir`.
fn save_titles(dir: &std::path::Path) -> Vec<String> {
    let folder = ply_save::SaveFolder::at(dir);
    folder
        .list()
        .unwrap_or_default()
        .iter()
        .filter_map(|save| folder.load(&save.name).ok().map(|saved| saved.title))
        .collect()
}

#[test]
fn a_dropped_opponent_shows_a_countdown_and_then_the_win_can_be_claimed() {
    let config = ServerConfig {
        claim_wait: Duration::from_millis(600),
        ..ServerConfig::default()
    };
    let relay = host_in_process(([127, 0, 0, 1], 0).into(), config).expect("a relay");
    let address = relay.local_addr().to_string();
    let host = NetHandle::connect(
        &address,
        EntryRequest::open("Hostess", "", GameSetup::new("chess")),
    );
    wait_for(&host, |event| {
        matches!(event, NetEvent::Entered(_)).then_some(())
    });

    let saves = tempfile::tempdir().expect("a temporary folder");
    let mut guest_context = context("Guesty");
    guest_context.storage.saves = Some(ply_save::SaveFolder::at(saves.path()));
    let mut join = JoinScreen::new(&guest_context);
    join.fill(&address, "Guesty", "");
    let mut guest = join.connect(&mut guest_context).expect("typed");
    settle(&mut guest, &mut guest_context, LobbyScreen::entered);
    let crashy = NetHandle::connect(&address, EntryRequest::join("Crashy", "", None));
    wait_for(&crashy, |event| {
        matches!(event, NetEvent::Entered(_)).then_some(())
    });
    for (side, name) in [(Player::First, "Guesty"), (Player::Second, "Crashy")] {
        host.send(ClientMsg::SetSide {
            side,
            occupant: Occupant::Player(name.to_string()),
        })
        .expect("sent");
    }
    host.send(ClientMsg::Start).expect("sent");
    let Some(Transition::Push(mut game)) = settle(&mut guest, &mut guest_context, |_| false) else {
        panic!("the guest's game opens");
    };
    play_e2_e4(game.as_mut(), &mut guest_context);
    tick_until_prefix(game.as_mut(), &mut guest_context, "Black, to move");
    crashy
        .send(ClientMsg::Move {
            text: "e7e5".into(),
        })
        .expect("sent");
    tick_until_prefix(game.as_mut(), &mut guest_context, "White, to move");
    assert_eq!(
        save_titles(saves.path()),
        ["Chess: Guesty v Crashy"],
        "the game is kept on disk as it goes"
    );

    crashy.close();
    let countdown = tick_until_prefix(
        game.as_mut(),
        &mut guest_context,
        "Crashy lost the connection",
    );
    assert!(
        countdown.contains("you may claim the game in"),
        "{countdown}"
    );
    assert!(
        shown(game.as_ref(), &guest_context)
            .iter()
            .any(|t| t == "connection lost"),
        "Black's box says the connection is lost"
    );
    assert_eq!(
        save_titles(saves.path()),
        ["Chess: Guesty v Crashy (connection lost)"],
        "the game is kept as lost the moment the opponent drops"
    );
    tick_until_prefix(
        game.as_mut(),
        &mut guest_context,
        "Crashy has been away for",
    );
    for offered in ["Claim win", "Draw", "Wait"] {
        assert!(
            shown(game.as_ref(), &guest_context)
                .iter()
                .any(|t| t == offered),
            "{offered} is offered once the countdown is over"
        );
    }
    press(game.as_mut(), &mut guest_context, "Claim win");
    tick_until_prefix(game.as_mut(), &mut guest_context, "Guesty wins (White)");
    assert!(
        shown(game.as_ref(), &guest_context)
            .iter()
            .any(|t| t == "Black left the game and stayed away; White claimed the win."),
        "the banner says why"
    );
    for offered in ["Save", "Lobby", "Menu"] {
        assert!(
            shown(game.as_ref(), &guest_context)
                .iter()
                .any(|t| t == offered),
            "the banner offers {offered}"
        );
    }
    host.close();
}

#[test]
fn a_player_who_restarts_joins_again_and_takes_the_seat_back() {
    let (mut host, mut host_context) = hosted_lobby();
    let address = host.share_address().expect("address");
    let seats = tempfile::tempdir().expect("a temporary folder");
    let mut guest_context = context("Guesty");
    guest_context.storage.seats = Some(RejoinStore::at(seats.path()));
    let mut join = JoinScreen::new(&guest_context);
    join.fill(&address, "Guesty", "");
    let mut guest = join.connect(&mut guest_context).expect("typed");
    settle(&mut guest, &mut guest_context, |lobby| lobby.entered());
    let seen = host_context.clone();
    settle(&mut host, &mut host_context, |lobby| {
        texts(lobby, &seen).iter().any(|t| t.starts_with("Guesty"))
    });
    let (mut host_game, guest_game) =
        seat_and_start(&mut host, &mut host_context, &mut guest, &mut guest_context);
    play_e2_e4(host_game.as_mut(), &mut host_context);
    tick_until_prefix(host_game.as_mut(), &mut host_context, "Black, to move");

    // The guest's program goes away mid-game; their seat waits.
    drop(guest_game);
    drop(guest);
    tick_until_prefix(
        host_game.as_mut(),
        &mut host_context,
        "Guesty lost the connection",
    );

    // Another computer cannot take the name; the restarted one takes the seat back.
    let mut stranger_context = context("Guesty");
    let mut stranger = JoinScreen::new(&stranger_context);
    stranger.fill(&address, "Guesty", "");
    let (_, refused) = press_join(&mut stranger, &mut stranger_context);
    assert!(refused.contains("already taken"), "{refused}");

    let mut join = JoinScreen::new(&guest_context);
    join.fill(&address, "Guesty", "");
    let (transition, _) = press_join(&mut join, &mut guest_context);
    let Transition::Replace(mut lobby) = transition else {
        panic!("the lobby opens");
    };
    let Transition::Push(mut game) = lobby.update(&Event::Tick(0.01), &mut guest_context) else {
        panic!("the game in progress opens at once");
    };
    let shows = shown(game.as_ref(), &guest_context);
    assert!(shows.iter().any(|t| t == "e4"), "{shows:?}");
    assert!(
        shows.iter().any(|t| t.starts_with("Black, to move")),
        "{shows:?}"
    );
    // The host's strip goes once Guesty is back, and the game goes on.
    let deadline = Instant::now() + Duration::from_secs(10);
    while shown(host_game.as_ref(), &host_context)
        .iter()
        .any(|t| t.starts_with("Guesty lost"))
    {
        assert!(
            Instant::now() < deadline,
            "the strip stays after the return"
        );
        host_game.update(&Event::Tick(0.01), &mut host_context);
        std::thread::sleep(Duration::from_millis(5));
    }
    // Black's view is turned: e7-e5 from Black's side.
    click_cells(game.as_mut(), &mut guest_context, &[52, 36], true);
    tick_until_prefix(host_game.as_mut(), &mut host_context, "White, to move");
}

#[test]
fn a_draw_offered_online_is_answered_with_buttons() {
    let Started {
        mut host_context,
        mut guest_context,
        mut host_game,
        mut guest_game,
        ..
    } = started_game();
    from_menu(guest_game.as_mut(), &mut guest_context, "Offer draw");
    tick_until_prefix(host_game.as_mut(), &mut host_context, "Accept draw");
    // The question names who offers, by name.
    tick_until_prefix(
        host_game.as_mut(),
        &mut host_context,
        "Guesty (Black) offers a draw. Do you accept?",
    );
    press(host_game.as_mut(), &mut host_context, "Accept draw");
    tick_until_prefix(host_game.as_mut(), &mut host_context, "Both players agreed");
    tick_until_prefix(
        guest_game.as_mut(),
        &mut guest_context,
        "Both players agreed",
    );
}

#[test]
fn a_rematch_asked_by_one_player_starts_with_the_sides_swapped_when_the_other_accepts() {
    let Started {
        mut host_context,
        mut guest_context,
        mut host_game,
        mut guest_game,
        ..
    } = started_game();
    from_menu(guest_game.as_mut(), &mut guest_context, "Resign");
    press(guest_game.as_mut(), &mut guest_context, "Resign");
    tick_until_prefix(host_game.as_mut(), &mut host_context, "Hosty wins (White)");
    tick_until_prefix(
        guest_game.as_mut(),
        &mut guest_context,
        "Hosty wins (White)",
    );

    read_the_result(host_game.as_mut(), &mut host_context);
    press(host_game.as_mut(), &mut host_context, "Rematch");
    tick_until_prefix(host_game.as_mut(), &mut host_context, "Rematch asked");
    tick_until_prefix(guest_game.as_mut(), &mut guest_context, "Accept rematch");
    read_the_result(guest_game.as_mut(), &mut guest_context);
    press(guest_game.as_mut(), &mut guest_context, "Accept rematch");
    let mut guest_next = tick_until_replaced(guest_game.as_mut(), &mut guest_context);
    let mut host_next = tick_until_replaced(host_game.as_mut(), &mut host_context);
    // Guesty played Black; now White, and their first move goes through.
    play_e2_e4(guest_next.as_mut(), &mut guest_context);
    tick_until_prefix(guest_next.as_mut(), &mut guest_context, "Black, to move");
    tick_until_prefix(host_next.as_mut(), &mut host_context, "Black, to move");
}

/// Ticks `screen` until it closes itself.
fn tick_until_closed(screen: &mut dyn Screen, context: &mut Context) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while Instant::now() < deadline {
        if matches!(screen.update(&Event::Tick(0.01), context), Transition::Pop) {
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("the screen stayed: {:?}", shown(screen, context));
}

#[test]
fn a_move_is_taken_back_by_consent_and_a_fresh_game_can_be_aborted() {
    let Started {
        mut host_context,
        mut guest_context,
        mut host_game,
        mut guest_game,
        ..
    } = started_game();
    play_e2_e4(host_game.as_mut(), &mut host_context);
    tick_until_prefix(host_game.as_mut(), &mut host_context, "Black, to move");
    tick_until_prefix(guest_game.as_mut(), &mut guest_context, "Black, to move");
    tick_until_prefix(host_game.as_mut(), &mut host_context, "Black, to move");
    from_menu(host_game.as_mut(), &mut host_context, "Ask to take back");
    tick_until_prefix(
        guest_game.as_mut(),
        &mut guest_context,
        "Hosty (White) asks to take back their last move. Do you agree?",
    );
    press(guest_game.as_mut(), &mut guest_context, "Take it back");
    for (game, context) in [
        (&mut host_game, &mut host_context),
        (&mut guest_game, &mut guest_context),
    ] {
        tick_until_prefix(game.as_mut(), context, "White, to move");
        assert!(
            !shown(game.as_ref(), context).iter().any(|t| t == "e4"),
            "the move is gone from the list"
        );
    }
    from_menu(host_game.as_mut(), &mut host_context, "Abort game");
    tick_until_closed(host_game.as_mut(), &mut host_context);
    tick_until_closed(guest_game.as_mut(), &mut guest_context);
    let said = guest_context.output.notice.as_ref().map(|m| m.text.clone());
    assert_eq!(
        said.as_deref(),
        Some("The game was aborted before both sides had moved: no result.")
    );
}

#[test]
fn a_spectator_joins_a_running_game_and_sees_it_from_the_start() {
    let Started {
        mut host,
        mut host_context,
        mut guest_context,
        mut host_game,
        mut guest_game,
        ..
    } = started_game();
    play_e2_e4(host_game.as_mut(), &mut host_context);
    tick_until_prefix(guest_game.as_mut(), &mut guest_context, "Black, to move");

    let mut watcher_context = context("Watcher");
    let mut join = JoinScreen::new(&watcher_context);
    join.fill(&host.share_address().expect("address"), "Watcher", "");
    let (transition, _) = press_join(&mut join, &mut watcher_context);
    let Transition::Replace(mut lobby) = transition else {
        panic!("the lobby opens");
    };
    let Transition::Push(watching) = lobby.update(&Event::Tick(0.01), &mut watcher_context) else {
        panic!("the running game opens for the spectator");
    };
    let shows = shown(watching.as_ref(), &watcher_context);
    assert!(shows.iter().any(|t| t == "e4"), "{shows:?}");
    // The players see who came to watch, in the lobby and beside the board.
    let seen = host_context.clone();
    settle(&mut host, &mut host_context, |lobby| {
        texts(lobby, &seen).iter().any(|t| t.starts_with("Watcher"))
    });
    assert!(
        tick_until(
            guest_game.as_mut(),
            &mut guest_context,
            &["Watching: Watcher"]
        ),
        "{:?}",
        shown(guest_game.as_ref(), &guest_context)
    );
    assert!(tick_until(
        host_game.as_mut(),
        &mut host_context,
        &["Watching: Watcher"]
    ));
}

#[test]
fn the_lobby_shows_each_players_round_trip() {
    let (mut host, mut host_context) = hosted_lobby();
    let (_guest, _) = guest_joins(&mut host, &mut host_context);
    let seen = host_context.clone();
    // The relay pings every 5 s; the first round trips arrive within two pings.
    for _ in 0..3 {
        settle(&mut host, &mut host_context, |lobby| {
            texts(lobby, &seen)
                .iter()
                .any(|t| t.starts_with("Guesty ·") && t.ends_with(" ms"))
        });
    }
    assert!(
        texts(&host, &host_context)
            .iter()
            .any(|t| t.starts_with("Guesty ·") && t.ends_with(" ms"))
    );
}

#[test]
fn the_host_lets_the_computer_play_the_seat_of_a_player_who_dropped() {
    // A short countdown: the side is the player's until it ends.
    let mut host_context = context("Hosty");
    let server = ServerConfig {
        claim_wait: Duration::from_secs(1),
        ..ServerConfig::default()
    };
    let mut host = HostScreen::new(&host_context)
        .with_server(server)
        .open_lobby(&mut host_context)
        .expect("a lobby opens on this computer");
    settle(&mut host, &mut host_context, LobbyScreen::entered);
    let address = host.share_address().expect("address");
    let crashy = NetHandle::connect(&address, EntryRequest::join("Crashy", "", None));
    wait_for(&crashy, |event| {
        matches!(event, NetEvent::Entered(_)).then_some(())
    });
    let seen = host_context.clone();
    settle(&mut host, &mut host_context, |lobby| {
        texts(lobby, &seen).iter().any(|t| t.starts_with("Crashy"))
    });
    seat(&mut host, &mut host_context, "White:", "Hosty");
    seat(&mut host, &mut host_context, "Black:", "Crashy");
    settle(&mut host, &mut host_context, |lobby| {
        texts(lobby, &seen).iter().any(|t| t == "Black: Crashy")
    });
    click(&mut host, &mut host_context, "Start");
    let Some(Transition::Push(mut game)) = settle(&mut host, &mut host_context, |_| false) else {
        panic!("the host's game opens");
    };
    crashy.close();
    tick_until_prefix(
        game.as_mut(),
        &mut host_context,
        "Crashy lost the connection",
    );
    assert!(
        !shown(game.as_ref(), &host_context)
            .iter()
            .any(|text| text == "Computer plays it"),
        "the side is offered to the computer before the countdown ends"
    );
    tick_until_prefix(game.as_mut(), &mut host_context, "Computer plays it");
    press(game.as_mut(), &mut host_context, "Computer plays it");
    let mut next = tick_until_replaced(game.as_mut(), &mut host_context);
    assert!(
        shown(next.as_ref(), &host_context)
            .iter()
            .any(|t| t.starts_with("Computer for Crashy from move ")),
        "the panel names the computer on Black, playing for the player who dropped"
    );
    play_e2_e4(next.as_mut(), &mut host_context);
    // The host's machine answers for Black.
    tick_until_prefix(next.as_mut(), &mut host_context, "White, to move");
}

#[test]
fn a_granted_takeback_ends_the_wait_the_asker_was_told_of() {
    let Started {
        mut host_context,
        mut guest_context,
        mut host_game,
        mut guest_game,
        ..
    } = started_game();
    play_e2_e4(host_game.as_mut(), &mut host_context);
    tick_until_prefix(guest_game.as_mut(), &mut guest_context, "Black, to move");
    tick_until_prefix(host_game.as_mut(), &mut host_context, "Black, to move");
    from_menu(host_game.as_mut(), &mut host_context, "Ask to take back");
    let waiting = |context: &Context| {
        context
            .output
            .notice
            .as_ref()
            .is_some_and(|notice| notice.text.contains("waiting for the answer"))
    };
    let deadline = Instant::now() + Duration::from_secs(10);
    while !waiting(&host_context) && Instant::now() < deadline {
        host_game.update(&Event::Tick(0.01), &mut host_context);
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(waiting(&host_context), "the asker is told it waits");
    tick_until_prefix(guest_game.as_mut(), &mut guest_context, "Take it back");
    press(guest_game.as_mut(), &mut guest_context, "Take it back");
    tick_until_prefix(host_game.as_mut(), &mut host_context, "White, to move");
    assert!(!waiting(&host_context), "the wait is over once granted");
}

/// Types `text` into the game's chat line (Enter opens it, Enter sends it).
fn say_in_game(game: &mut dyn Screen, context: &mut Context, text: &str) {
    game.update(&Event::Key(Key::Enter), context);
    for c in text.chars() {
        game.update(&Event::Char(c), context);
    }
    game.update(&Event::Key(Key::Enter), context);
}

/// The lines said by Guesty and Hosty that the game's chat line shows once opened (then closed again),
/// after waiting for news until the line `until` is among them.
fn said_until(game: &mut dyn Screen, context: &mut Context, until: &str) -> Vec<String> {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        game.update(&Event::Tick(0.01), context);
        game.update(&Event::Key(Key::Enter), context);
        let seen = shown(game, context);
        game.update(&Event::Key(Key::Escape), context);
        let said: Vec<String> = seen
            .into_iter()
            .filter(|text| text.starts_with("Guesty: ") || text.starts_with("Hosty: "))
            .collect();
        if said.iter().any(|text| text == until) {
            return said;
        }
        assert!(Instant::now() < deadline, "{until:?} never shown: {said:?}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn the_games_chat_line_shows_what_was_said_before_newest_last() {
    let Started {
        mut host_context,
        mut guest_context,
        mut host_game,
        mut guest_game,
        ..
    } = started_game();
    guest_game.update(&Event::Key(Key::Enter), &mut guest_context);
    assert!(shown(guest_game.as_ref(), &guest_context).contains(&"Nothing said yet.".to_string()));
    // The line typed in stands clear of the keys strip along the window's foot.
    let typed = text_at(guest_game.as_ref(), &guest_context, "Say: ", true);
    let keys = plyground::screens::controls::area(&guest_context, guest_context.window.area());
    assert!(typed.y < keys.y - 10.0, "{typed:?} behind {keys:?}");
    guest_game.update(&Event::Key(Key::Escape), &mut guest_context);
    say_in_game(guest_game.as_mut(), &mut guest_context, "good luck");
    said_until(host_game.as_mut(), &mut host_context, "Guesty: good luck");
    say_in_game(host_game.as_mut(), &mut host_context, "you too");
    let said = said_until(guest_game.as_mut(), &mut guest_context, "Hosty: you too");
    assert_eq!(said, ["Guesty: good luck", "Hosty: you too"], "newest last");
}

#[test]
fn once_the_connection_has_ended_the_boxes_show_no_round_trips_and_nothing_is_offered() {
    let Started {
        mut host,
        mut host_context,
        mut guest_context,
        mut guest_game,
        ..
    } = started_game();
    // A round trip shows first, however long it took on a busy machine.
    tick_until_found(
        guest_game.as_mut(),
        &mut guest_context,
        "ending in \" ms\"",
        |text| text.ends_with(" ms"),
    );
    let leave = button(&host, &host_context, "Leave");
    host.update(&Event::PointerUp(leave), &mut host_context);
    let close = button(&host, &host_context, "Close lobby");
    host.update(&Event::PointerUp(close), &mut host_context);
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        guest_game.update(&Event::Tick(0.01), &mut guest_context);
        let seen = shown(guest_game.as_ref(), &guest_context);
        let lost = seen
            .iter()
            .filter(|text| *text == "connection lost")
            .count();
        if lost == 2 {
            assert!(!seen.iter().any(|text| text.ends_with(" ms")), "{seen:?}");
            break;
        }
        assert!(Instant::now() < deadline, "{seen:?}");
        std::thread::sleep(Duration::from_millis(5));
    }
    // Nothing in the game menu pretends a request could still reach anyone.
    guest_game.update(&Event::Key(Key::Escape), &mut guest_context);
    for label in ["Offer draw", "Resign", "Ask to take back"] {
        assert!(
            greyed(guest_game.as_ref(), &guest_context, label),
            "{label}"
        );
    }
}
