//! Saved games against the server (issue 13, item 7): their length is capped before
//! anything is replayed, limits are checked first, and a flood of long saved games
//! neither queues server-wide nor delays a plain new lobby.

use crate::common::{Client, Raw, quick_config, serve};
use ply_net::bench::scripted_game;
use ply_net::protocol::{Entry, EntryReply};
use ply_net::{EntryRefusal, GameSetup, ServerConfig};
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

fn saved(moves: &[String]) -> GameSetup {
    GameSetup {
        mode: "chess".to_string(),
        start: None,
        moves: moves.to_vec(),
        clock: None,
        resume: None,
    }
}

fn open(server: SocketAddr, source: IpAddr, name: &str, setup: GameSetup) -> (Raw, EntryReply) {
    let mut raw = Raw::connect_from(server, source);
    raw.hello();
    raw.secure();
    raw.send(&Entry::Open {
        name: name.to_string(),
        locked: false,
        setup,
    });
    let reply = raw.read::<EntryReply>();
    (raw, reply)
}

#[test]
fn long_saved_games_are_refused_before_any_replay() {
    let server = serve(ServerConfig {
        max_setup_plies: 300,
        max_lobbies_per_address: 1,
        ..quick_config()
    });
    let addr = server.addr();
    let source: IpAddr = [127, 0, 0, 20].into();
    // 301 moves that could never be replayed: refused for their number, not their moves.
    let too_long = vec!["e2e4".to_string(); 301];
    match open(addr, source, "Longest", saved(&too_long)).1 {
        EntryReply::Refused(EntryRefusal::BadSetup { reason }) => {
            assert!(reason.contains("more than 300 moves"), "{reason}")
        }
        other => panic!("unexpected {other:?}"),
    }
    // An address at its lobby limit is refused before its saved game is looked at.
    let (_held, reply) = open(addr, source, "Holder", GameSetup::new("chess"));
    assert!(matches!(reply, EntryReply::Entered(_)));
    let garbage = vec!["zz".to_string(); 200];
    assert_eq!(
        open(addr, source, "Second", saved(&garbage)).1,
        EntryReply::Refused(EntryRefusal::TooManyLobbiesFromAddress { max: 1 })
    );
    // A saved game within the limits still opens a lobby.
    let game = scripted_game(120, 3).expect("a game of 120 moves");
    let host = Client::host(addr, "Resumer", "", saved(&game));
    assert_eq!(
        host.mirror.lobby().map(|lobby| lobby.setup.moves.len()),
        Some(120)
    );
}

#[test]
fn a_flood_of_saved_games_does_not_hold_up_a_plain_new_lobby() {
    let server = serve(ServerConfig {
        max_lobbies: 1_000,
        max_lobbies_per_address: 1_000,
        max_lobbies_per_network: 1_000,
        max_connections: 1_000,
        max_pending_handshakes: 1_000,
        max_handshakes_per_network: 1_000,
        max_replays_per_address: 2,
        handshake_timeout: Duration::from_secs(20),
        ..quick_config()
    });
    let addr = server.addr();
    let game = Arc::new(scripted_game(300, 5).expect("a game of 300 moves"));
    let addresses = 6u8;
    let per_address = 8;
    let ready = Arc::new(Barrier::new(usize::from(addresses) * per_address + 1));
    let flood: Vec<_> = (0..addresses)
        .flat_map(|address| (0..per_address).map(move |index| (address, index)))
        .map(|(address, index)| {
            let (game, ready) = (game.clone(), ready.clone());
            std::thread::spawn(move || {
                let source: IpAddr = [127, 0, 1, address + 1].into();
                ready.wait();
                open(
                    addr,
                    source,
                    &format!("Flood{address}x{index}"),
                    saved(&game),
                )
                .1
            })
        })
        .collect();
    ready.wait();
    let started = Instant::now();
    let plain = Client::host(addr, "Plain", "", GameSetup::new("chess"));
    let waited = started.elapsed();
    assert!(plain.mirror.code().is_some());
    let replies: Vec<EntryReply> = flood
        .into_iter()
        .map(|thread| thread.join().expect("a flood thread"))
        .collect();
    let busy = replies
        .iter()
        .filter(|reply| {
            matches!(reply, EntryReply::Refused(EntryRefusal::BadSetup { reason }) if reason.contains("busy"))
        })
        .count();
    let entered = replies
        .iter()
        .filter(|reply| matches!(reply, EntryReply::Entered(_)))
        .count();
    assert_eq!(busy + entered, replies.len(), "{replies:?}");
    assert!(entered >= usize::from(addresses) * 2, "{entered} entered");
    assert!(
        waited < Duration::from_millis(500),
        "a plain lobby took {waited:?} during the flood"
    );
}
