//! Online screens against a real relay server in this process, over loopback: hosting,
//! joining (by address or invite code), what the lobby says about who can join for
//! each answer of the router, the lobby's Start rule and the start of a game. The
//! router is never asked here (the setting is off, or its answer is given): the real
//! gateway is tested by .ci/upnp-gateway-test.

use ply_net::invite::Invite;
use ply_net::portmap::Reach;
use plyground::display::Frame;
use plyground::screens::online::{HostScreen, JoinScreen, LobbyScreen};
use plyground::screens::{Context, Event, Screen, Transition};
use std::net::SocketAddr;
use std::time::Duration;

mod online_common;

use online_common::*;

#[test]
fn the_host_picks_who_plays_each_side_from_a_list() {
    let (mut host, mut host_context) = hosted_lobby();
    let (mut guest, mut guest_context) = guest_joins(&mut host, &mut host_context);
    let seen = host_context.clone();

    click(&mut host, &mut host_context, "White:");
    let offered = texts(&host, &host_context);
    for choice in [
        "Who plays White?",
        "Nobody",
        "The computer",
        "Hosty",
        "Guesty",
        "Cancel",
    ] {
        assert!(
            offered.iter().any(|t| t == choice),
            "{choice} in {offered:?}"
        );
    }
    choose(&mut host, &mut host_context, "Guesty");
    settle(&mut host, &mut host_context, |lobby| {
        texts(lobby, &seen).iter().any(|t| t == "White: Guesty")
    });
    seat(&mut host, &mut host_context, "Black:", "The computer");
    settle(&mut host, &mut host_context, |lobby| {
        texts(lobby, &seen)
            .iter()
            .any(|t| t == "Black: the computer")
    });

    click(&mut host, &mut host_context, "White:");
    choose(&mut host, &mut host_context, "Nobody");
    settle(&mut host, &mut host_context, |lobby| {
        texts(lobby, &seen).iter().any(|t| t == "White: nobody yet")
    });
    assert!(
        texts(&host, &host_context)
            .iter()
            .any(|t| t == "Black: the computer"),
        "emptying White leaves Black as it was"
    );

    seat(&mut host, &mut host_context, "White:", "Guesty");
    settle(&mut host, &mut host_context, |lobby| {
        texts(lobby, &seen).iter().any(|t| t == "White: Guesty")
    });
    click(&mut host, &mut host_context, "Black:");
    assert!(
        texts(&host, &host_context)
            .iter()
            .any(|t| t == "Guesty (moves from White)"),
        "seating a player who holds the other side says so"
    );
    choose(&mut host, &mut host_context, "Cancel");
    assert!(
        !texts(&host, &host_context).iter().any(|t| t == "Cancel"),
        "Cancel closes the choice"
    );
    let guest_sees = guest_context.clone();
    settle(&mut guest, &mut guest_context, |lobby| {
        let shown = texts(lobby, &guest_sees);
        shown.iter().any(|t| t == "White: Guesty")
            && shown.iter().any(|t| t == "Black: the computer")
    });
    click(&mut guest, &mut guest_context, "White:");
    assert!(
        !texts(&guest, &guest_context).iter().any(|t| t == "Nobody"),
        "a guest cannot open the choice"
    );
}

#[test]
fn the_lobby_starts_only_when_both_sides_are_filled() {
    let (mut host, mut host_context) = hosted_lobby();
    let blocked = host.start_blocked().expect("nobody is seated yet");
    assert!(blocked.contains("White"), "{blocked}");

    let address = host.share_address().expect("the host knows its address");
    let mut guest_context = context("Guesty");
    let mut join = JoinScreen::new(&guest_context);
    join.fill(&address, "Guesty", "");
    let mut guest = join
        .connect(&mut guest_context)
        .expect("the address is typed");
    settle(&mut guest, &mut guest_context, LobbyScreen::entered);

    let shows = |lobby: &LobbyScreen, context: &Context, text: &str| {
        let mut frame = Frame::default();
        lobby.draw(context, &mut frame);
        frame.texts().contains(&text)
    };
    let seen = host_context.clone();
    settle(&mut host, &mut host_context, |lobby| {
        texts(lobby, &seen).iter().any(|t| t.starts_with("Guesty"))
    });
    seat(&mut host, &mut host_context, "White:", "The computer");
    settle(&mut host, &mut host_context, |lobby| {
        shows(lobby, &seen, "White: the computer")
    });
    seat(&mut host, &mut host_context, "White:", "Hosty");
    settle(&mut host, &mut host_context, |lobby| {
        shows(lobby, &seen, "White: Hosty")
    });
    assert!(
        host.start_blocked()
            .is_some_and(|reason| reason.contains("Black"))
    );
    seat(&mut host, &mut host_context, "Black:", "Guesty");
    settle(&mut host, &mut host_context, |lobby| {
        lobby.start_blocked().is_none()
    });

    let started = click(&mut host, &mut host_context, "Start");
    assert!(matches!(started, Transition::Stay));
    let opened = settle(&mut host, &mut host_context, |_| false);
    assert!(
        matches!(opened, Some(Transition::Push(_))),
        "the game opens for the host"
    );
}

/// Presses Join on `join` and takes news in until the connection ends one way or the
/// other: what the screen did, and the notice it left.
#[test]
fn joining_where_nobody_hosts_says_so_and_keeps_the_form() {
    let mut guest_context = context("Guesty");
    let mut join = JoinScreen::new(&guest_context);
    join.fill("127.0.0.1:1", "Guesty", "secret");
    let (transition, reason) = press_join(&mut join, &mut guest_context);
    assert!(
        matches!(transition, Transition::Stay),
        "the player stays on the Join screen"
    );
    assert!(
        reason.contains("Could not join") && reason.contains("nothing answered"),
        "{reason}"
    );
    assert!(
        !reason.contains("forward"),
        "no port-forwarding hint for this computer's own address: {reason}"
    );
    assert!(!reason.contains("os error"), "the system's words: {reason}");
    let fields = shown(&join, &guest_context);
    for kept in ["127.0.0.1:1", "Guesty", "******"] {
        assert!(fields.iter().any(|t| t == kept), "{kept} kept: {fields:?}");
    }
}

#[test]
fn a_refusal_does_not_blame_the_router_and_a_corrected_name_gets_in() {
    let (host, _host_context) = hosted_lobby();
    let address = host.share_address().expect("hosting");
    let mut guest_context = context("Hosty");
    let mut join = JoinScreen::new(&guest_context);
    join.fill(&address, "Hosty", "secret");
    let (transition, reason) = press_join(&mut join, &mut guest_context);
    assert!(matches!(transition, Transition::Stay), "still on Join");
    assert!(reason.contains("taken"), "{reason}");
    assert!(
        !reason.contains("forward"),
        "a taken name is not the router's fault: {reason}"
    );
    let fields = shown(&join, &guest_context);
    for kept in [address.as_str(), "Hosty", "******"] {
        assert!(fields.iter().any(|t| t == kept), "{kept} kept: {fields:?}");
    }

    join.fill(&address, "Guesty", "secret");
    let (transition, _) = press_join(&mut join, &mut guest_context);
    let Transition::Replace(lobby) = transition else {
        panic!("with a free name the lobby opens");
    };
    assert!(
        shown(lobby.as_ref(), &guest_context)
            .iter()
            .any(|t| t.starts_with("Guesty")),
        "the lobby lists the joiner"
    );
}

/// Ticks a screen until its picture shows `text` (bounded by a deadline).
#[test]
fn two_players_on_one_machine_host_join_and_play() {
    let (mut host, mut host_context) = hosted_lobby();
    let (mut guest, mut guest_context) = guest_joins(&mut host, &mut host_context);

    let (mut host_game, mut guest_game) =
        seat_and_start(&mut host, &mut host_context, &mut guest, &mut guest_context);

    play_e2_e4(host_game.as_mut(), &mut host_context);
    assert!(
        tick_until(
            host_game.as_mut(),
            &mut host_context,
            &["e4", "Black, to move"]
        ),
        "the host sees the move once the server accepts it"
    );
    assert!(
        tick_until(
            guest_game.as_mut(),
            &mut guest_context,
            &["e4", "Black, to move"]
        ),
        "the guest sees it too"
    );

    let theme = guest_context.prefs.settings.theme;
    guest_game.update(
        &Event::Key(plyground::screens::Key::Enter),
        &mut guest_context,
    );
    assert!(
        guest_game.typing(),
        "Enter opens the chat line in an online game"
    );
    for c in "tf 12 good luck".chars() {
        guest_game.update(&Event::Char(c), &mut guest_context);
    }
    assert_eq!(
        guest_context.prefs.settings.theme, theme,
        "T typed into the chat does not change the board's theme"
    );
    assert!(
        shown(guest_game.as_ref(), &guest_context)
            .iter()
            .any(|t| t == "Say: tf 12 good luck_"),
        "the line shows what is typed"
    );
    guest_game.update(
        &Event::Key(plyground::screens::Key::Enter),
        &mut guest_context,
    );
    assert!(!guest_game.typing(), "Enter sends and closes the line");
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    let heard = loop {
        host_game.update(&Event::Tick(0.01), &mut host_context);
        let notice = host_context.output.notice.as_ref().map(|m| m.text.clone());
        if notice.as_deref() == Some("Guesty: tf 12 good luck")
            || std::time::Instant::now() > deadline
        {
            break notice;
        }
        std::thread::yield_now();
    };
    assert_eq!(
        heard.as_deref(),
        Some("Guesty: tf 12 good luck"),
        "the host hears it in the game"
    );
}

#[test]
fn the_hosts_computer_plays_its_seat_through_the_server() {
    let (mut host, mut host_context) = hosted_lobby();
    let seen = host_context.clone();
    let shows = |lobby: &LobbyScreen, text: &str| {
        let mut frame = Frame::default();
        lobby.draw(&seen, &mut frame);
        frame.texts().contains(&text)
    };
    seat(&mut host, &mut host_context, "Black:", "The computer");
    settle(&mut host, &mut host_context, |lobby| {
        shows(lobby, "Black: the computer")
    });
    seat(&mut host, &mut host_context, "White:", "Hosty");
    settle(&mut host, &mut host_context, |lobby| {
        shows(lobby, "White: Hosty")
    });
    click(&mut host, &mut host_context, "Start");
    let Some(Transition::Push(mut game)) = settle(&mut host, &mut host_context, |_| false) else {
        panic!("the host's game opens");
    };
    play_e2_e4(game.as_mut(), &mut host_context);
    assert!(
        tick_until(game.as_mut(), &mut host_context, &["e4", "White, to move"]),
        "the computer answers through the server"
    );
}

#[test]
fn leaving_a_hosted_lobby_asks_first() {
    let (mut host, mut context) = hosted_lobby();
    let leave = button(&host, &context, "Leave");
    host.update(&Event::PointerDown(leave), &mut context);
    let transition = host.update(&Event::PointerUp(leave), &mut context);
    assert!(
        matches!(transition, Transition::Stay),
        "the host is asked before the lobby closes"
    );
    let close = button(&host, &context, "Close lobby");
    assert_ne!(close, leave);
    host.update(&Event::PointerDown(close), &mut context);
    let transition = host.update(&Event::PointerUp(close), &mut context);
    assert!(matches!(transition, Transition::Pop));
}

fn addr(text: &str) -> SocketAddr {
    text.parse().expect("an address")
}

/// A hosted lobby shown with `reach` as the router's answer, once entered.
fn lobby_with(reach: Reach, context: &mut Context) -> LobbyScreen {
    let mut host = HostScreen::new(context)
        .with_answer(reach, Some(addr("192.168.1.20:7373")))
        .open_lobby(context)
        .expect("a lobby opens on this computer");
    settle(&mut host, context, LobbyScreen::entered);
    host
}

#[test]
fn the_lobby_says_who_can_join_for_each_answer_of_the_router() {
    let mut context = context("Hosty");
    let opened = lobby_with(
        Reach::Open {
            local: addr("192.168.1.20:7373"),
            public: addr("203.0.113.7:7373"),
        },
        &mut context,
    );
    let texts = opened.reach_texts();
    assert_eq!(
        texts[..2],
        [
            "Friends on your network: 192.168.1.20:7373".to_string(),
            "Friends anywhere: 203.0.113.7:7373 (your router opened the port)".to_string(),
        ]
    );
    // The invite code leads to the outside address (and names the relay's key).
    let code = texts[2]
        .strip_prefix("Invite code: ")
        .unwrap_or_else(|| panic!("an invite code: {texts:?}"));
    let invite = Invite::decode(code).expect("it reads");
    assert_eq!(invite.addr, addr("203.0.113.7:7373"));
    assert!(invite.relay.is_some());
    assert_eq!(texts.len(), 3, "{texts:?}");
    drop(opened);

    let refused = lobby_with(
        Reach::Refused {
            reason: "no router answered".into(),
        },
        &mut context,
    );
    let texts = refused.reach_texts();
    assert_eq!(texts[0], "Friends on your network: 192.168.1.20:7373");
    assert_eq!(
        texts[1],
        "Your router did not open the port: friends outside your network cannot join; see Help"
    );
    assert!(texts[2].ends_with("(friends on your network)"), "{texts:?}");
    drop(refused);

    let private = lobby_with(
        Reach::PrivateOutside {
            local: addr("192.168.1.20:7373"),
            outside: addr("100.64.12.34:7373"),
        },
        &mut context,
    );
    assert_eq!(
        private.reach_texts()[1],
        "Your router's outside address 100.64.12.34 is itself private: friends outside \
         cannot join; use a relay"
    );
}

#[test]
fn copy_puts_the_address_on_the_clipboard_and_help_stands_beside_a_refusal() {
    let mut context = context("Hosty");
    let mut host = lobby_with(
        Reach::Refused {
            reason: "no router answered".into(),
        },
        &mut context,
    );
    click(&mut host, &mut context, "Copy");
    assert_eq!(
        context.output.clipboard.as_deref(),
        Some("192.168.1.20:7373")
    );
    let mut frame = Frame::default();
    host.draw(&context, &mut frame);
    assert!(frame.texts().contains(&"Help"), "{:?}", frame.texts());
}

#[test]
fn with_the_setting_off_the_router_is_not_asked_and_the_lobby_says_so() {
    let (host, _context) = hosted_lobby();
    let texts = host.reach_texts();
    assert_eq!(
        texts[1],
        "The router is not asked to open the port (Settings): friends outside your network \
         cannot join; see Help"
    );
}

#[test]
fn an_invite_code_joins_in_place_of_an_address_and_a_typo_is_refused() {
    let (mut host, mut host_context) = hosted_lobby();
    let address = addr(&host.share_address().expect("the host knows its address"));
    let code = Invite::new(address, None).encode().expect("encodable");

    let mut guest_context = context("Guesty");
    let mut join = JoinScreen::new(&guest_context);
    let mut typo: Vec<char> = code.chars().collect();
    typo[2] = if typo[2] == 'K' { 'M' } else { 'K' };
    let typo: String = typo.into_iter().collect();
    join.fill(&typo, "Guesty", "");
    let refused = join
        .connect(&mut guest_context)
        .err()
        .map(|error| error.to_string())
        .unwrap_or_default();
    assert!(refused.contains("typo"), "{refused}");

    join.fill(&code.to_lowercase(), "Guesty", "");
    let mut guest = join
        .connect(&mut guest_context)
        .expect("the invite code reads");
    settle(&mut guest, &mut guest_context, LobbyScreen::entered);
    let seen = host_context.clone();
    settle(&mut host, &mut host_context, |lobby| {
        let mut frame = Frame::default();
        lobby.draw(&seen, &mut frame);
        frame.texts().contains(&"Guesty")
    });
}

/// The name rule is shown where names are typed and checked before anything is sent.
#[test]
fn a_name_that_breaks_the_rule_is_caught_on_the_form() {
    let mut context = context("A");
    let mut join = JoinScreen::new(&context);
    join.fill("127.0.0.1", "A", "");
    let mut frame = Frame::default();
    join.draw(&context, &mut frame);
    assert!(
        frame
            .texts()
            .iter()
            .any(|text| text.starts_with("Not allowed: it needs at least 2")),
        "{:?}",
        frame.texts()
    );
    let refused = join
        .connect(&mut context)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(
        refused.starts_with("Your name cannot be used online"),
        "{refused}"
    );
    join.fill("127.0.0.1", "Zoé Ann", "");
    let mut frame = Frame::default();
    join.draw(&context, &mut frame);
    assert!(
        frame.texts().contains(&ply_net::name::NAME_RULE),
        "{:?}",
        frame.texts()
    );
}

/// Issue 18: the relay keeps the clocks of an online game; both windows show the time
/// it says each side has left.
#[test]
fn an_online_game_on_a_clock_shows_the_relays_times_in_both_windows() {
    let mut host_context = context("Hosty");
    let mut form = HostScreen::new(&host_context);
    let clock = button(&form, &host_context, "Clock: none");
    form.update(&Event::PointerDown(clock), &mut host_context);
    form.update(&Event::PointerUp(clock), &mut host_context);
    let mut host = form
        .open_lobby(&mut host_context)
        .expect("a lobby opens on this computer");
    settle(&mut host, &mut host_context, LobbyScreen::entered);
    let mut frame = Frame::default();
    host.draw(&host_context, &mut frame);
    assert!(
        frame.texts().contains(&"Game: Chess, 3+2"),
        "{:?}",
        frame.texts()
    );
    let (mut guest, mut guest_context) = guest_joins(&mut host, &mut host_context);
    let (mut host_game, mut guest_game) =
        seat_and_start(&mut host, &mut host_context, &mut guest, &mut guest_context);
    play_e2_e4(host_game.as_mut(), &mut host_context);
    // White's first move cost nothing (a clock starts after its side's first move) and
    // gained two seconds.
    for (game, context) in [
        (host_game.as_mut(), &mut host_context),
        (guest_game.as_mut(), &mut guest_context),
    ] {
        assert!(
            tick_until(game, context, &["Chess  3+2", "e4", "3:02"]),
            "the relay's time for White after its move shows"
        );
    }
}

/// Types `text` into the chat line of `lobby` (focusing it first) and presses Enter.
fn say(lobby: &mut LobbyScreen, context: &mut Context, text: &str) {
    if !lobby.typing() {
        let at = button(lobby, context, "Click here to chat");
        lobby.update(&Event::PointerUp(at), context);
        assert!(lobby.typing(), "a click on the chat line focuses it");
    }
    for c in text.chars() {
        lobby.update(&Event::Char(c), context);
    }
    lobby.update(&Event::Key(plyground::screens::Key::Enter), context);
}

#[test]
fn chat_in_the_lobby_shows_names_newest_last_and_a_mute_hides_a_player() {
    let (mut host, mut host_context) = hosted_lobby();
    let (mut guest, mut guest_context) = guest_joins(&mut host, &mut host_context);
    let seen = host_context.clone();

    say(&mut guest, &mut guest_context, "hello, mate");
    settle(&mut host, &mut host_context, |lobby| {
        texts(lobby, &seen)
            .iter()
            .any(|t| t == "Guesty: hello, mate")
    });
    say(
        &mut host,
        &mut host_context,
        "Ready? Escape and m are text here",
    );
    assert!(host.typing(), "the chat line keeps the focus after sending");
    host.update(
        &Event::Key(plyground::screens::Key::Escape),
        &mut host_context,
    );
    assert!(!host.typing(), "Escape lets go of the chat line");
    assert!(
        !texts(&host, &host_context)
            .iter()
            .any(|t| t.starts_with("Close the lobby?")),
        "Escape while typing does not ask to close the lobby"
    );
    let guest_sees = guest_context.clone();
    settle(&mut guest, &mut guest_context, |lobby| {
        let shown = texts(lobby, &guest_sees);
        let hello = shown.iter().position(|t| t == "Guesty: hello, mate");
        let ready = shown
            .iter()
            .position(|t| t == "Hosty: Ready? Escape and m are text here");
        matches!((hello, ready), (Some(h), Some(r)) if h < r)
    });

    let long: String = "y".repeat(260);
    say(&mut guest, &mut guest_context, &long);
    settle(&mut host, &mut host_context, |lobby| {
        texts(lobby, &seen)
            .iter()
            .any(|t| t.starts_with("Guesty: yyy") && t.chars().count() == "Guesty: ".len() + 200)
    });

    click(&mut host, &mut host_context, "Mute");
    assert!(
        !texts(&host, &host_context)
            .iter()
            .any(|t| t.starts_with("Guesty: ")),
        "muting hides what the player said"
    );
    say(&mut guest, &mut guest_context, "can you hear me");
    settle(&mut guest, &mut guest_context, |lobby| {
        texts(lobby, &guest_sees)
            .iter()
            .any(|t| t == "Guesty: can you hear me")
    });
    for _ in 0..5 {
        host.wait_for_news(Duration::from_millis(50), &mut host_context);
    }
    assert!(
        !texts(&host, &host_context)
            .iter()
            .any(|t| t.starts_with("Guesty: ")),
        "a muted player's new lines are not shown"
    );
    click(&mut host, &mut host_context, "Unmute");
    say(&mut guest, &mut guest_context, "and now");
    settle(&mut host, &mut host_context, |lobby| {
        texts(lobby, &seen).iter().any(|t| t == "Guesty: and now")
    });
}

#[test]
fn a_second_host_on_one_computer_gets_a_free_port_and_says_so() {
    let usual = std::net::TcpListener::bind("0.0.0.0:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port to call usual")
        .port();
    let open = |name: &str| {
        let mut context = context(name);
        let mut lobby = HostScreen::new(&context)
            .with_usual_port(usual)
            .open_lobby(&mut context)
            .expect("a lobby opens on this computer");
        settle(&mut lobby, &mut context, LobbyScreen::entered);
        (lobby, context)
    };
    let (first, _first_context) = open("Firsty");
    let first_port = first.share_address().expect("hosting");
    assert!(first_port.ends_with(&format!(":{usual}")), "{first_port}");
    assert!(
        !first.reach_texts().iter().any(|t| t.contains("was in use")),
        "the first host has the usual port: {:?}",
        first.reach_texts()
    );

    let (second, _second_context) = open("Secondy");
    let address = second.share_address().expect("hosting");
    let port: u16 = address
        .rsplit_once(':')
        .and_then(|(_, port)| port.parse().ok())
        .expect("a port");
    assert_ne!(port, usual, "the second host moves to a free port");
    let said = format!("port {usual} was in use, friends use port {port}");
    assert!(
        second.reach_texts()[0].contains(&said),
        "{:?}",
        second.reach_texts()
    );

    let mut guest_context = context("Guesty");
    let mut join = JoinScreen::new(&guest_context);
    join.fill(&address, "Guesty", "");
    let (transition, _) = press_join(&mut join, &mut guest_context);
    let Transition::Replace(lobby) = transition else {
        panic!("a friend joins the second lobby at its port");
    };
    assert!(
        shown(lobby.as_ref(), &guest_context)
            .iter()
            .any(|t| t.starts_with("Secondy")),
        "it is the second host's lobby"
    );
}

#[test]
fn a_port_typed_in_the_form_is_where_the_lobby_listens_and_a_wrong_one_is_refused() {
    let chosen = std::net::TcpListener::bind("0.0.0.0:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port to choose")
        .port();
    let mut context = context("Porty");
    for typed in ["port", "0", "70000"] {
        let refused = HostScreen::new(&context)
            .on_port(typed)
            .open_lobby(&mut context)
            .err()
            .expect("not a port");
        assert!(
            refused.to_string().contains("is not a port"),
            "{typed}: {refused}"
        );
    }
    let mut lobby = HostScreen::new(&context)
        .on_port(&chosen.to_string())
        .open_lobby(&mut context)
        .expect("a lobby on the port chosen");
    settle(&mut lobby, &mut context, LobbyScreen::entered);
    let address = lobby.share_address().expect("hosting");
    assert!(address.ends_with(&format!(":{chosen}")), "{address}");
    assert!(
        !lobby.reach_texts().iter().any(|t| t.contains("was in use")),
        "{:?}",
        lobby.reach_texts()
    );
    // The port is taken now: a second host asking for it is told, not moved elsewhere.
    let mut other = context.clone();
    let taken = HostScreen::new(&other)
        .on_port(&chosen.to_string())
        .open_lobby(&mut other)
        .err()
        .expect("the port is taken");
    assert!(
        taken
            .to_string()
            .starts_with(&format!("Port {chosen} cannot be used on this computer")),
        "{taken}"
    );
}

#[test]
fn a_lobby_opened_on_a_relay_says_where_to_join_and_its_invite_code_brings_a_guest() {
    let relay =
        ply_net::host_in_process(([127, 0, 0, 1], 0).into(), Default::default()).expect("a relay");
    let address = relay.local_addr().to_string();
    let mut host_context = context("Hosty");
    let mut host = HostScreen::new(&host_context)
        .on_relay(&address)
        .open_lobby(&mut host_context)
        .expect("a lobby opens on the relay");
    settle(&mut host, &mut host_context, LobbyScreen::entered);
    let code = host.code().expect("the relay named the lobby");
    let lines = host.reach_texts();
    assert_eq!(
        lines[0],
        format!("Friends join at {address} with the lobby code {code}")
    );
    let invite = lines[1]
        .strip_prefix("Invite code: ")
        .expect("an invite code for a relay given by address")
        .to_string();
    assert_eq!(
        Invite::decode(&invite).map(|invite| invite.code),
        Ok(Some(code.clone()))
    );
    let mut guest_context = context("Guesty");
    let mut join = JoinScreen::new(&guest_context);
    join.fill(&invite, "Guesty", "");
    let (transition, _) = press_join(&mut join, &mut guest_context);
    assert!(
        matches!(transition, Transition::Replace(_)),
        "the guest gets in"
    );
    let seen = host_context.clone();
    settle(&mut host, &mut host_context, |lobby| {
        texts(lobby, &seen).iter().any(|t| t.starts_with("Guesty"))
    });
}

/// Issue 43: the window's invite code carries the lobby's invite secret and the relay's
/// fingerprint, so a friend with the code gets in without the password.
#[test]
fn a_friend_with_the_windows_invite_code_needs_no_password() {
    let mut host_context = context("Hosty");
    let mut host = HostScreen::new(&host_context)
        .with_password("a long secret")
        .open_lobby(&mut host_context)
        .expect("a lobby opens on this computer");
    settle(&mut host, &mut host_context, LobbyScreen::entered);
    let line = host
        .reach_texts()
        .into_iter()
        .find(|line| line.starts_with("Invite code: "))
        .expect("the lobby shows an invite code");
    let code = line
        .trim_start_matches("Invite code: ")
        .split_whitespace()
        .next()
        .expect("a code")
        .to_string();
    let invite = Invite::decode(&code).expect("it reads");
    assert!(invite.secret.is_some(), "it carries the invite secret");
    assert!(invite.relay.is_some(), "and the relay's fingerprint");

    let mut guest_context = context("Guesty");
    let mut join = JoinScreen::new(&guest_context);
    join.fill(&code, "Guesty", "");
    let mut guest = join
        .connect(&mut guest_context)
        .expect("the invite code reads");
    settle(&mut guest, &mut guest_context, LobbyScreen::entered);
    assert!(guest.entered(), "in without the password");
}
