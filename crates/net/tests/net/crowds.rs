//! A few dozen addresses against the relay (issue 43, item 5): stalled handshakes,
//! squatted lobbies, half-sent frames, a lobby full of spectators and join/leave churn
//! each leave room for real players, who play on meanwhile.

use crate::common::{Client, OPENING, PATIENCE, Raw, Table, quick_config, seat, serve};
use ply_core::Player;
use ply_net::protocol::{Entry, EntryReply, Hello, PROTOCOL_VERSION};
use ply_net::{
    ClientMsg, CloseReason, EntryRefusal, EntryRequest, GameSetup, NetEvent, ServerConfig,
    ServerMsg,
};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How soon something that needs no timeout must happen.
const PROMPTLY: Duration = Duration::from_secs(2);

/// A loopback address: 127.0.`network`.`host`, so that each `network` is a /24.
fn source(network: u8, host: u8) -> IpAddr {
    [127, 0, network, host].into()
}

/// Opens a lobby from `source`; `None` when the connection was turned away before
/// entry.
fn try_open(server: SocketAddr, source: IpAddr, name: &str) -> Option<(Raw, EntryReply)> {
    let mut raw = Raw::connect_from(server, source);
    if raw.hello_or_refusal().is_some() {
        return None;
    }
    raw.secure();
    raw.send(&Entry::Open {
        name: name.to_string(),
        locked: false,
        setup: GameSetup::new("chess"),
    });
    let reply = raw.read::<EntryReply>();
    Some((raw, reply))
}

/// Joins the lobby `code` from `source` (no password); `None` when the connection
/// was turned away before entry or refused.
fn try_member(server: SocketAddr, source: IpAddr, code: &str, name: &str) -> Option<Raw> {
    let mut raw = Raw::connect_from(server, source);
    if raw.hello_or_refusal().is_some() {
        return None;
    }
    raw.secure();
    raw.send(&Entry::Join {
        name: name.to_string(),
        code: Some(code.to_string()),
        token: None,
        exchange: None,
        invite: false,
    });
    let frame = raw.read_frame()?;
    match ply_net::frame::decode::<EntryReply>(&frame).ok()? {
        EntryReply::Entered(_) => Some(raw),
        _ => None,
    }
}

/// The events that arrived for `client` so far, without waiting.
fn arrived(client: &mut Client) -> Vec<NetEvent> {
    let mut events = Vec::new();
    while let Ok(event) = client.handle.events().try_recv() {
        client.mirror.apply(&event);
        events.push(event);
    }
    events
}

#[test]
fn stalled_handshakes_from_forty_networks_leave_room_for_players() {
    let handshake = ServerConfig::default().handshake_timeout;
    assert!(
        handshake <= Duration::from_secs(5),
        "a handshake may take {handshake:?}"
    );
    let server = serve(ServerConfig {
        max_pending_handshakes: 64,
        handshake_timeout: handshake,
        ..quick_config()
    });
    let addr = server.addr();
    // Forty addresses, each in a network of its own, keep opening handshakes that
    // stall after the hello, for as long as the test runs, so that any place freed
    // is taken again at once.
    let stop = Arc::new(AtomicBool::new(false));
    let attack = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            let mut held = std::collections::VecDeque::new();
            let mut opened = 0usize;
            while !stop.load(Ordering::Relaxed) && opened < 200_000 {
                let network = (opened % 40) as u8;
                let mut raw = Raw::connect_from(addr, source(100 + network, 1));
                raw.send(&Hello {
                    version: PROTOCOL_VERSION,
                    software: "staller".to_string(),
                });
                held.push_back(raw);
                if held.len() > 1_000 {
                    held.pop_front();
                }
                opened += 1;
                if opened.is_multiple_of(40) {
                    std::thread::sleep(Duration::from_millis(2));
                }
            }
            opened
        })
    };
    std::thread::sleep(Duration::from_millis(500));
    // Meanwhile, players get in and play, and one more watches.
    let mut table = Table::new(addr, "pw");
    table.play(&["e2e4", "e7e5"]);
    let watcher = Client::try_enter(addr, EntryRequest::join("Watcher", "pw", None));
    assert!(watcher.is_ok(), "{:?}", watcher.err());
    table.play(&["g1f3", "b8c6"]);
    stop.store(true, Ordering::Relaxed);
    let opened = attack.join().expect("the attack ran");
    assert!(opened >= 1_000, "the attack opened {opened} connections");
    // A stalled handshake is dropped within a few seconds.
    let mut stalled = Raw::connect_from(addr, source(99, 1));
    stalled.hello();
    let waited = stalled.time_until_closed();
    assert!(waited >= handshake.mul_f64(0.8), "{waited:?}");
    assert!(waited < handshake + PROMPTLY, "{waited:?}");
}

#[test]
fn a_few_dozen_addresses_of_one_network_hold_few_lobbies_and_none_once_gone() {
    let empty_wait = Duration::from_secs(1);
    let server = serve(ServerConfig {
        max_lobbies: 30,
        empty_lobby_wait: empty_wait,
        ..quick_config()
    });
    let addr = server.addr();
    let mut table = Table::new(addr, "");
    // Twenty-six addresses of one network try to open four lobbies each.
    let mut held = Vec::new();
    for host in 1..=26u8 {
        for index in 0..4 {
            let name = format!("Squat{host}x{index}");
            match try_open(addr, source(60, host), &name) {
                Some((raw, EntryReply::Entered(_))) => held.push(raw),
                Some((_, EntryReply::Refused(refusal))) => assert!(
                    matches!(refusal, EntryRefusal::TooManyLobbiesFromNetwork { max: 8 }),
                    "{refusal:?}"
                ),
                other => panic!("{name}: {:?}", other.map(|(_, reply)| reply)),
            }
        }
    }
    assert_eq!(held.len(), ServerConfig::default().max_lobbies_per_network);
    // A host from elsewhere still opens a lobby, a friend joins it, the game goes on.
    let honest = Client::host(addr, "Honest", "", GameSetup::new("checkers"));
    let code = honest.mirror.code().expect("a code").to_string();
    let friend = Client::try_enter(addr, EntryRequest::join("Friend", "", Some(&code)));
    assert!(friend.is_ok(), "{:?}", friend.err());
    table.play(&["e2e4", "e7e5"]);
    // The squatters leave: their lobbies close once nobody is connected to them, and
    // their network may open lobbies again.
    drop(held);
    let left = Instant::now();
    loop {
        match try_open(addr, source(60, 200), "Returning") {
            Some((_, EntryReply::Entered(_))) => break,
            Some((_, EntryReply::Refused(EntryRefusal::TooManyLobbiesFromNetwork { .. }))) => {}
            other => panic!("{:?}", other.map(|(_, reply)| reply)),
        }
        assert!(
            left.elapsed() < empty_wait + PROMPTLY,
            "the squatters' lobbies outlived them"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    table.play(&["g1f3", "b8c6"]);
}

#[test]
fn lobbies_kept_busy_by_the_computer_or_by_chat_close_when_nobody_plays() {
    let idle = Duration::from_secs(1);
    let server = serve(ServerConfig {
        lobby_idle_timeout: idle,
        ..quick_config()
    });
    let addr = server.addr();
    let mut table = Table::new(addr, "");
    // The computer against itself, its host sending its moves; and a host alone who
    // chats.
    let mut robots = Client::host(addr, "Robots", "", GameSetup::new("chess"));
    robots.send(seat(Player::First, Some("computer")));
    robots.send(seat(Player::Second, Some("computer")));
    robots.send(ClientMsg::Start);
    robots.expect_started();
    let mut chatter = Client::host(addr, "Chatter", "", GameSetup::new("chess"));
    let started = Instant::now();
    let (mut robot_moves, mut table_moves) = (OPENING.iter(), OPENING.iter());
    let mut last_table_move = Instant::now();
    let mut closed: [Option<CloseReason>; 2] = [None, None];
    while closed.iter().any(Option::is_none) {
        assert!(
            started.elapsed() < idle * 2 + PROMPTLY,
            "still open after {:?}: {closed:?}",
            started.elapsed()
        );
        for (client, closed) in [&mut robots, &mut chatter].into_iter().zip(&mut closed) {
            for event in arrived(client) {
                if let NetEvent::Closed(reason) = event {
                    *closed = Some(reason);
                }
            }
        }
        if closed[0].is_none() {
            robots.play(robot_moves.next().expect("moves enough"));
        }
        if closed[1].is_none() {
            chatter.send(ClientMsg::Chat {
                text: "anyone?".to_string(),
            });
        }
        // The real players move all along.
        if last_table_move.elapsed() >= idle / 4 {
            table.play(&[table_moves.next().expect("moves enough")]);
            last_table_move = Instant::now();
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(
        closed
            .iter()
            .all(|reason| matches!(reason, Some(CloseReason::ClosedIdle))),
        "{closed:?}"
    );
    assert!(started.elapsed() >= idle.mul_f64(0.9));
    table.play(&[table_moves.next().expect("moves enough")]);
}

#[test]
fn half_sent_frames_from_fourteen_addresses_leave_room_for_newcomers() {
    let server = serve(ServerConfig {
        max_lobbies: 20,
        max_buffered_bytes: 8 << 20,
        max_buffered_bytes_per_address: 256 << 10,
        max_buffered_bytes_per_network: 1 << 20,
        handshake_timeout: Duration::from_secs(8),
        idle_timeout: Duration::from_secs(30),
        ..quick_config()
    });
    let addr = server.addr();
    let mut table = Table::new(addr, "");
    // Fourteen addresses open a lobby each and fill it with members, each of whom
    // announces a frame of almost the largest size a member may send, and sends most
    // of it.
    let mut hoard = Vec::new();
    for address in 0..14u8 {
        let from = source(70 + address, 1);
        let Some((host, EntryReply::Entered(entered))) =
            try_open(addr, from, &format!("Hoarder{address}"))
        else {
            panic!("hoarder {address} could not open a lobby");
        };
        hoard.push(host);
        for index in 0..15 {
            let name = format!("Holder{index}");
            if let Some(mut member) = try_member(addr, from, &entered.code, &name) {
                member.write(&(60u32 * 1024).to_be_bytes());
                member.write(&[0u8; 48 * 1024]);
                hoard.push(member);
            }
        }
    }
    assert!(hoard.len() >= 14 * 2, "only {} connections", hoard.len());
    // Newcomers from elsewhere get in, and the game goes on.
    let newcomer = Client::host(addr, "Newcomer", "", GameSetup::new("koth"));
    let code = newcomer.mirror.code().expect("a code").to_string();
    let friend = Client::try_enter(addr, EntryRequest::join("Friend", "", Some(&code)));
    assert!(friend.is_ok(), "{:?}", friend.err());
    table.play(&["e2e4", "e7e5"]);
    drop(hoard);
}

#[test]
fn a_lobby_full_of_one_addresss_spectators_keeps_no_friend_out() {
    let server = serve(quick_config());
    let addr = server.addr();
    let mut host = Client::host(addr, "Hostess", "", GameSetup::new("chess"));
    let code = host.mirror.code().expect("a code").to_string();
    let max = ServerConfig::default().max_players_per_lobby;
    let mut spectators: Vec<Raw> = (1..max)
        .map(|index| {
            try_member(addr, source(80, 1), &code, &format!("Watcher{index}"))
                .unwrap_or_else(|| panic!("spectator {index} was not let in"))
        })
        .collect();
    host.expect_lobby("a full lobby", |view| view.players.len() == max);
    // The friend gets in: the latest spectator makes room and is told why.
    let mut friend = Client::try_enter(addr, EntryRequest::join("Friend", "", Some(&code)))
        .unwrap_or_else(|reason| panic!("the friend was refused: {reason}"));
    let latest = spectators.last_mut().expect("spectators");
    loop {
        match latest.read::<ServerMsg>() {
            ServerMsg::Displaced => break,
            ServerMsg::Lobby(_) | ServerMsg::Ping { .. } => {}
            other => panic!("unexpected {other:?}"),
        }
    }
    assert!(latest.time_until_closed() < PROMPTLY);
    assert_eq!(
        CloseReason::Displaced.to_string(),
        "the lobby was full and your place went to a player from another network"
    );
    // Another spectator from the same address finds the lobby full.
    assert!(try_member(addr, source(80, 1), &code, "Watcher99").is_none());
    // The friend plays.
    host.send(seat(Player::First, Some("Friend")));
    host.send(seat(Player::Second, Some("Hostess")));
    host.send(ClientMsg::Start);
    friend.expect_started();
    friend.play("e2e4");
    assert_eq!(host.expect_move(1), "e2e4");
}

#[test]
fn join_and_leave_churn_reaches_players_at_most_once_a_second_after_a_burst() {
    let server = serve(quick_config());
    let addr = server.addr();
    let mut host = Client::host(addr, "Hostess", "", GameSetup::new("chess"));
    let code = host.mirror.code().expect("a code").to_string();
    let mut friend = Client::join(addr, "Friend", "");
    host.expect_lobby("the friend in", |view| view.players.len() == 2);
    friend.expect_lobby("the friend in", |view| view.players.len() == 2);
    arrived(&mut friend);
    // One address joins and leaves, again and again.
    let started = Instant::now();
    for round in 0..40 {
        let mut raw = try_member(addr, source(81, 1), &code, "Churner")
            .unwrap_or_else(|| panic!("round {round}: not let in"));
        raw.send(&ClientMsg::Leave);
        assert!(raw.time_until_closed() < PROMPTLY);
    }
    // The last change reaches everyone once its gap is over.
    std::thread::sleep(Duration::from_millis(1500));
    let views = arrived(&mut friend)
        .iter()
        .filter(|event| matches!(event, NetEvent::Message(ServerMsg::Lobby(_))))
        .count();
    let elapsed = started.elapsed();
    let players = friend.mirror.lobby().map(|view| view.players.len());
    assert_eq!(players, Some(2), "the last view shows the churner gone");
    // A burst of four at once, then one a second (and the last one, once its turn
    // came).
    let allowed = 4 + elapsed.as_secs() as usize + 1;
    assert!(
        views <= allowed,
        "{views} lobby views in {elapsed:?} (at most {allowed})"
    );
    // The players were served all along.
    friend.send(ClientMsg::Chat {
        text: "still here".to_string(),
    });
    host.expect_message("the friend's chat", |message| {
        matches!(message, ServerMsg::Chat { text, .. } if text == "still here").then_some(())
    });
    assert!(started.elapsed() < PATIENCE * 2);
}
