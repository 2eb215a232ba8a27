//! Slow readers and chat floods (issue 13, item 6): chat is limited per member, a host
//! on a slow line is never cut by chat within the limits, and a host who stops reading
//! is dropped like any player while the lobby lives on.

use crate::common::{Client, LOOPBACK, Raw, quick_config, serve};
use ply_net::{ClientMsg, Denied, EntryRequest, NetEvent, ServerConfig, ServerMsg};
use std::io::Read;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Reads `raw` at about 10 kB/s and answers pings now and then, until `stop`.
fn read_slowly(mut raw: Raw, stop: Arc<AtomicBool>) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let mut chunk = [0u8; 1000];
        raw.stream
            .set_read_timeout(Some(Duration::from_millis(100)))
            .expect("a read timeout");
        let mut last_pong = Instant::now();
        while !stop.load(Ordering::Relaxed) {
            let started = Instant::now();
            if matches!(raw.stream.read(&mut chunk), Ok(0)) {
                return;
            }
            if last_pong.elapsed() > Duration::from_secs(1) {
                // Any message keeps the member from being cut as silent; this reader
                // reads too slowly to answer pings by their nonce.
                raw.send(&ClientMsg::Pong { nonce: 0 });
                last_pong = Instant::now();
            }
            std::thread::sleep(Duration::from_millis(100).saturating_sub(started.elapsed()));
        }
    })
}

#[test]
fn chat_flood_within_the_old_limits_does_not_cut_a_slow_host() {
    let server = serve(ServerConfig {
        outbox_capacity: 64,
        ..quick_config()
    });
    let addr = server.addr();
    let slow = Raw::connect_with(addr, LOOPBACK, Some(4096));
    let (host, entered) = Raw::open_with(slow, "Hostess");
    let code = entered.code.clone();
    let stop = Arc::new(AtomicBool::new(false));
    let reader = read_slowly(host, stop.clone());
    let mut spammer = Client::try_enter(addr, EntryRequest::join("Spammer", "", Some(&code)))
        .expect("the spammer joins");
    let listener = Client::try_enter(addr, EntryRequest::join("Listener", "", Some(&code)))
        .expect("the listener joins");

    // What the old relay allowed: 50 messages a second of up to 2,000 bytes.
    let (mut too_long, mut too_fast) = (0, 0);
    for second in 0..3 {
        for index in 0..50 {
            // 490 four-byte characters: 1,960 bytes.
            let text = if index % 2 == 0 {
                "\u{1D11E}".repeat(490)
            } else {
                format!("{second}:{index}").repeat(30)
            };
            spammer.send(ClientMsg::Chat { text });
        }
        let deadline = Instant::now() + Duration::from_secs(1);
        while let Ok(event) = spammer
            .handle
            .events()
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            match event {
                NetEvent::Message(ServerMsg::Denied(Denied::TooLong { .. })) => too_long += 1,
                NetEvent::Message(ServerMsg::Denied(Denied::ChatTooFast { .. })) => too_fast += 1,
                NetEvent::Closed(reason) => panic!("the spammer was cut: {reason}"),
                _ => {}
            }
        }
    }
    assert_eq!(too_long, 75, "every long message refused");
    assert!(
        too_fast >= 60,
        "most short ones refused as too fast: {too_fast}"
    );

    // The host is still in, and a player joining now is served at once.
    let late = Client::try_enter(addr, EntryRequest::join("Late", "", Some(&code)))
        .expect("a late player joins");
    let lobby = late.mirror.lobby().expect("the lobby");
    assert!(
        lobby.players.iter().all(|player| player.connected),
        "{:?}",
        lobby.players
    );
    listener.send(ClientMsg::Chat {
        text: "anyone there?".to_string(),
    });
    spammer.expect_message("the listener's chat", |message| match message {
        ServerMsg::Chat { text, .. } if text == "anyone there?" => Some(()),
        _ => None,
    });
    let dropped = std::iter::from_fn(|| listener.handle.events().try_recv().ok()).any(|event| {
        matches!(event, NetEvent::Message(ServerMsg::PlayerDropped { ref name }) if name == "Hostess")
    });
    assert!(!dropped, "the slow host was cut");
    stop.store(true, Ordering::Relaxed);
    reader.join().expect("the reader ends");
}

#[test]
fn a_host_who_stops_reading_is_dropped_and_the_lobby_lives_on() {
    let server = serve(ServerConfig {
        outbox_capacity: 64,
        max_messages_per_second: 1_000_000,
        chat_per_second: 1_000_000,
        chat_burst: 1_000_000,
        max_chat_chars: 500,
        write_timeout: Duration::from_secs(1),
        ..quick_config()
    });
    let addr = server.addr();
    let stalled = Raw::connect_with(addr, LOOPBACK, Some(4096));
    let (_host, entered) = Raw::open_with(stalled, "Hostess");
    let code = entered.code.clone();
    let mut talker = Client::try_enter(addr, EntryRequest::join("Talker", "", Some(&code)))
        .expect("the talker joins");
    let other = Client::try_enter(addr, EntryRequest::join("Other", "", Some(&code)))
        .expect("the other player joins");
    let text = "x".repeat(500);
    let mut dropped = false;
    for _ in 0..400 {
        for _ in 0..50 {
            talker.send(ClientMsg::Chat { text: text.clone() });
        }
        let mut echoed = 0;
        talker.expect("a burst of chat to come back", |event| {
            match event {
                NetEvent::Message(ServerMsg::Chat { .. }) => echoed += 1,
                NetEvent::Message(ServerMsg::PlayerDropped { name }) if name == "Hostess" => {
                    dropped = true
                }
                _ => {}
            }
            (echoed == 50).then_some(())
        });
        if dropped {
            break;
        }
    }
    assert!(dropped, "the stalled host was never dropped");
    // The lobby lives: its members talk, a newcomer gets in, and the host comes back.
    other.send(ClientMsg::Chat {
        text: "still open?".to_string(),
    });
    talker.expect_message("the other's chat", |message| match message {
        ServerMsg::Chat { text, .. } if text == "still open?" => Some(()),
        _ => None,
    });
    let newcomer = Client::try_enter(addr, EntryRequest::join("Newcomer", "", Some(&code)));
    assert!(newcomer.is_ok(), "{:?}", newcomer.err());
    let back = Client::try_enter(
        addr,
        EntryRequest::rejoin("Hostess", "", Some(&code), entered.token),
    )
    .expect("the host comes back");
    assert!(back.mirror.entered().is_some_and(|entered| entered.host));
    talker.expect_message("the host back", |message| match message {
        ServerMsg::PlayerRejoined { name, .. } if name == "Hostess" => Some(()),
        _ => None,
    });
}

#[test]
fn a_locked_lobby_whose_host_dropped_says_the_host_is_away() {
    let server = serve(ServerConfig {
        max_messages_per_second: 1_000_000,
        chat_per_second: 1_000_000,
        chat_burst: 1_000_000,
        max_chat_chars: 500,
        write_timeout: Duration::from_secs(1),
        ..quick_config()
    });
    let addr = server.addr();
    let stalled = Raw::connect_with(addr, LOOPBACK, Some(4096));
    let (mut host, entered) = Raw::open_locked(stalled, "Hostess", true);
    let code = entered.code.clone();
    // The host checks one player's password, then stops reading.
    let joining = {
        let code = code.clone();
        std::thread::spawn(move || {
            Client::try_enter(addr, EntryRequest::join("Talker", "pw", Some(&code)))
        })
    };
    loop {
        if let ServerMsg::JoinRequest {
            ticket,
            name,
            exchange,
            binding,
            invite: false,
        } = host.read::<ServerMsg>()
        {
            let answer = ply_net::auth::host_answer("pw", &name, &binding, &host.relay, &exchange)
                .map(|answer| ply_net::protocol::ExchangeAnswer {
                    message: answer.message,
                    confirm: answer.confirm,
                    expected: answer.expected,
                });
            host.send(&ClientMsg::JoinAnswer { ticket, answer });
            break;
        }
    }
    let mut talker = joining
        .join()
        .expect("the joining thread")
        .expect("the host let the talker in");
    let text = "x".repeat(500);
    let mut dropped = false;
    for _ in 0..400 {
        for _ in 0..50 {
            talker.send(ClientMsg::Chat { text: text.clone() });
        }
        let mut echoed = 0;
        talker.expect("a burst of chat to come back", |event| {
            match event {
                NetEvent::Message(ServerMsg::Chat { .. }) => echoed += 1,
                NetEvent::Message(ServerMsg::PlayerDropped { name }) if name == "Hostess" => {
                    dropped = true
                }
                _ => {}
            }
            (echoed == 50).then_some(())
        });
        if dropped {
            break;
        }
    }
    assert!(dropped, "the stalled host was never dropped");
    // Nobody can check a password now: a newcomer hears why, and nothing is counted
    // against them; the player inside carries on.
    for _ in 0..2 {
        let refused = Client::try_enter(addr, EntryRequest::join("Newcomer", "pw", Some(&code)));
        assert!(
            matches!(
                refused,
                Err(ply_net::CloseReason::Failed(ply_net::ClientError::Refused(
                    ply_net::EntryRefusal::HostAway
                )))
            ),
            "{:?}",
            refused.err()
        );
    }
    talker.send(ClientMsg::Chat {
        text: "still here".to_string(),
    });
    talker.expect_message("the talker's own chat", |message| match message {
        ServerMsg::Chat { text, .. } if text == "still here" => Some(()),
        _ => None,
    });
}
