//! Hostile and broken input: each kind must close only the offending connection,
//! quickly, while the server and every lobby carry on.

use crate::common::{Client, Raw, Table, quick_config, serve};
use ply_net::protocol::{Entry, EntryReply, MAX_FRAME_LEN};
use ply_net::{ClientMsg, Denied, GameSetup, ServerConfig, ServerMsg};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::net::{Shutdown, SocketAddr};
use std::time::Duration;

/// How soon a broken connection must be closed when nothing needs to time out.
const PROMPTLY: Duration = Duration::from_secs(2);

/// Checks the game at `table` still goes on, with everyone still connected.
fn still_playing(table: &mut Table) {
    let game = table.white.mirror.game().expect("the game runs");
    let code = game.legal_moves()[0];
    let text = game.move_text(code).expect("a legal move has a text");
    table.play(&[text.as_str()]);
    let lobby = table.host.mirror.lobby().expect("the lobby");
    assert!(lobby.in_game);
    assert!(lobby.players.iter().all(|player| player.connected));
}

/// A second lobby beside the game, for members who misbehave; returns it and its code.
fn side_lobby(server: SocketAddr) -> (Client, String) {
    let side = Client::host(server, "Sideline", "", GameSetup::new("chess"));
    let code = side.mirror.code().expect("a lobby code").to_string();
    (side, code)
}

/// Checks a new lobby can still be opened beside the game.
fn still_open(server: SocketAddr, name: &str) {
    let other = Client::host(server, name, "", GameSetup::new("koth"));
    assert_eq!(other.mirror.lobby().map(|l| l.players.len()), Some(1));
}

fn frame(payload: &[u8]) -> Vec<u8> {
    let mut bytes = (payload.len() as u32).to_be_bytes().to_vec();
    bytes.extend_from_slice(payload);
    bytes
}

#[test]
fn random_bytes_close_only_their_connection() {
    let server = serve(quick_config());
    let mut table = Table::new(server.addr(), "");
    let (_side, code) = side_lobby(server.addr());
    let mut rng = StdRng::seed_from_u64(6);
    for _ in 0..4 {
        let mut noise = vec![0u8; 4096];
        rng.fill(&mut noise[..]);
        let mut raw = Raw::connect(server.addr());
        raw.write(&noise);
        assert!(raw.time_until_closed() < PROMPTLY);
        // The same noise from a member who already entered.
        let mut member = Raw::enter(server.addr(), Some(&code), "Noisy");
        member.write(&noise);
        assert!(member.time_until_closed() < PROMPTLY);
    }
    still_playing(&mut table);
    still_open(server.addr(), "Afterwards");
}

#[test]
fn a_length_prefix_beyond_the_limit_closes_at_once() {
    let server = serve(quick_config());
    let mut table = Table::new(server.addr(), "");
    let (_side, code) = side_lobby(server.addr());
    let mut raw = Raw::connect(server.addr());
    raw.write(&u32::MAX.to_be_bytes());
    assert!(raw.time_until_closed() < PROMPTLY);
    // Above the small hello limit, though below the general one.
    let mut raw = Raw::connect(server.addr());
    raw.write(&(4096u32).to_be_bytes());
    assert!(raw.time_until_closed() < PROMPTLY);
    // From a member, just past the general limit.
    let mut member = Raw::enter(server.addr(), Some(&code), "Greedy");
    member.write(&(MAX_FRAME_LEN as u32 + 1).to_be_bytes());
    assert!(member.time_until_closed() < PROMPTLY);
    still_playing(&mut table);
}

#[test]
fn a_truncated_frame_closes_its_connection() {
    let config = quick_config();
    let handshake = config.handshake_timeout;
    let server = serve(config);
    let mut table = Table::new(server.addr(), "");
    let (_side, code) = side_lobby(server.addr());
    // Cut off mid-frame.
    let mut raw = Raw::connect(server.addr());
    raw.write(&[0, 0, 0, 100, 1, 2, 3]);
    raw.stream.shutdown(Shutdown::Write).expect("half close");
    assert!(raw.time_until_closed() < PROMPTLY);
    // Stalled mid-frame: the handshake timeout ends it.
    let mut raw = Raw::connect(server.addr());
    raw.write(&[0, 0, 0, 100, 1, 2, 3]);
    let waited = raw.time_until_closed();
    assert!(waited >= handshake.mul_f64(0.8) && waited < handshake + PROMPTLY);
    // A member cut off mid-frame.
    let mut member = Raw::enter(server.addr(), Some(&code), "Halfway");
    member.write(&[0, 0, 0, 50, 9]);
    member.stream.shutdown(Shutdown::Write).expect("half close");
    assert!(member.time_until_closed() < PROMPTLY);
    still_playing(&mut table);
}

#[test]
fn a_valid_frame_with_garbage_inside_closes_its_connection() {
    let server = serve(quick_config());
    let mut table = Table::new(server.addr(), "");
    let (_side, code) = side_lobby(server.addr());
    let mut raw = Raw::connect(server.addr());
    raw.write(&frame(&[0xff; 12]));
    assert!(raw.time_until_closed() < PROMPTLY);
    // A good hello, then an entry that is not one.
    let mut raw = Raw::connect(server.addr());
    raw.hello();
    raw.write(&frame(&[9, 9, 9, 9]));
    assert!(raw.time_until_closed() < PROMPTLY);
    // A good hello and entry, then a request that is not one, or has bytes left over.
    for garbage in [vec![250u8, 1, 2], vec![11, 0]] {
        let mut member = Raw::enter(server.addr(), Some(&code), "Garbler");
        member.write(&frame(&garbage));
        assert!(member.time_until_closed() < PROMPTLY);
    }
    // A well-formed request that makes no sense is refused, not a reason to close.
    let mut member = Raw::enter(server.addr(), Some(&code), "Watcher");
    member.send(&ClientMsg::Move {
        text: "e2e4".to_string(),
    });
    loop {
        match member.read::<ServerMsg>() {
            ServerMsg::MoveRefused { reason, .. } => {
                assert_eq!(reason, Denied::NoGame);
                break;
            }
            ServerMsg::Lobby(_) | ServerMsg::Ping { .. } => {}
            other => panic!("unexpected {other:?}"),
        }
    }
    still_playing(&mut table);
}

#[test]
fn a_silent_client_is_closed_after_the_handshake_timeout() {
    let config = ServerConfig {
        idle_timeout: Duration::from_secs(1),
        ..quick_config()
    };
    let handshake = config.handshake_timeout;
    let idle = config.idle_timeout;
    let server = serve(config);
    let mut raw = Raw::connect(server.addr());
    let waited = raw.time_until_closed();
    assert!(waited >= handshake.mul_f64(0.8), "{waited:?}");
    assert!(waited < handshake + PROMPTLY, "{waited:?}");
    // Silent after the hello.
    let mut raw = Raw::connect(server.addr());
    raw.hello();
    let waited = raw.time_until_closed();
    assert!(waited < handshake + PROMPTLY, "{waited:?}");

    // A member who stops answering pings is cut after the idle timeout; the host, whose
    // client answers them, stays.
    let mut host = Client::host(server.addr(), "Hostess", "", GameSetup::new("chess"));
    let mut member = Raw::enter(server.addr(), None, "Sleeper");
    host.expect_lobby("the sleeper in", |view| view.players.len() == 2);
    let waited = member.time_until_closed();
    assert!(
        waited >= idle.mul_f64(0.5) && waited < idle + PROMPTLY,
        "{waited:?}"
    );
    host.expect_lobby("the sleeper gone", |view| view.players.len() == 1);
}

#[test]
fn a_flood_of_connections_leaves_the_game_and_the_server_running() {
    let server = serve(ServerConfig {
        max_pending_handshakes: 16,
        ..quick_config()
    });
    let mut table = Table::new(server.addr(), "");
    let mut flood: Vec<Raw> = (0..200).map(|_| Raw::connect(server.addr())).collect();
    still_playing(&mut table);
    for raw in &mut flood {
        let waited = raw.time_until_closed();
        assert!(
            waited < quick_config().handshake_timeout + PROMPTLY,
            "{waited:?}"
        );
    }
    drop(flood);
    still_playing(&mut table);
    still_open(server.addr(), "Survivor");
    // Entry through the raw protocol still works too.
    let mut raw = Raw::connect(server.addr());
    let welcome = raw.hello();
    raw.secure();
    raw.send(&Entry::Open {
        name: "Rawhost".to_string(),
        locked: false,
        setup: GameSetup::new("chess"),
    });
    assert!(welcome.refused.is_none());
    assert!(matches!(raw.read::<EntryReply>(), EntryReply::Entered(_)));
}

#[test]
fn a_slow_reader_is_cut_off_without_holding_up_the_lobby() {
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
    let mut host = Client::host(addr, "Hostess", "", GameSetup::new("chess"));
    let mut reader = Client::join(addr, "Reader", "");
    // Enters, then never reads another byte.
    let _sluggish = Raw::enter(addr, None, "Sluggish");
    host.expect_lobby("three members", |view| view.players.len() == 3);
    let text = "x".repeat(500);
    let mut sent = 0;
    while host
        .mirror
        .lobby()
        .is_some_and(|view| view.players.iter().any(|p| p.name == "Sluggish"))
    {
        assert!(sent < 20_000, "the slow reader was never cut off");
        for _ in 0..50 {
            host.send(ClientMsg::Chat { text: text.clone() });
        }
        sent += 50;
        let mut echoed = 0;
        host.expect("a burst of chat to come back", |event| {
            if let ply_net::NetEvent::Message(ServerMsg::Chat { .. }) = event {
                echoed += 1;
            }
            (echoed == 50).then_some(())
        });
        // A spectator's departure reaches the others within a second; meanwhile the
        // chat goes on at a pace the reader can check.
        std::thread::sleep(Duration::from_millis(20));
    }
    // Everyone else got every message and carries on.
    let mut heard = 0;
    reader.expect("every chat message", |event| {
        if let ply_net::NetEvent::Message(ServerMsg::Chat { .. }) = event {
            heard += 1;
        }
        (heard == sent).then_some(())
    });
    reader.send(ClientMsg::Chat {
        text: "still here".to_string(),
    });
    host.expect_message("the reader's message", |message| {
        matches!(message, ServerMsg::Chat { text, .. } if text == "still here").then_some(())
    });
}
