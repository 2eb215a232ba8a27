//! One address against everyone (issue 13, item 4): it may hold only a few handshakes
//! and a few lobbies, and lobbies with no game and no activity close by themselves.

use crate::common::{Client, OPENING, Raw, Table, quick_config, serve};
use ply_net::protocol::{EntryReply, Welcome};
use ply_net::{EntryRefusal, GameSetup, ServerConfig, ServerMsg};
use std::net::IpAddr;
use std::time::{Duration, Instant};

const ATTACKER: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(127, 0, 0, 9));

#[test]
fn idle_sockets_from_one_address_leave_room_for_everyone_else() {
    let server = serve(ServerConfig {
        max_pending_handshakes: 16,
        max_handshakes_per_address: 4,
        handshake_timeout: Duration::from_secs(5),
        ..quick_config()
    });
    let addr = server.addr();
    // Sockets that never say hello: only the first four are let in to wait.
    let mut idle: Vec<Raw> = (0..30).map(|_| Raw::connect_from(addr, ATTACKER)).collect();
    let mut turned_away = 0;
    for raw in &mut idle[4..] {
        let welcome: Welcome = raw.read();
        let reason = welcome.refused.expect("turned away");
        assert!(reason.contains("your address"), "{reason}");
        turned_away += 1;
    }
    assert_eq!(turned_away, 26);
    // Honest players, from another address, get in while the four still wait.
    let mut table = Table::new(addr, "pw");
    table.play(&["e2e4", "e7e5"]);
    drop(idle);
}

#[test]
fn one_address_holds_few_lobbies_and_idle_lobbies_close() {
    let idle_limit = Duration::from_secs(1);
    let server = serve(ServerConfig {
        max_lobbies: 4,
        max_lobbies_per_address: 2,
        lobby_idle_timeout: idle_limit,
        idle_timeout: Duration::from_secs(30),
        ..quick_config()
    });
    let addr = server.addr();
    // An honest table, with its game running.
    let mut table = Table::new(addr, "");
    let opened = Instant::now();
    let mut held: Vec<Raw> = (0..2)
        .map(|index| Raw::open_from(addr, ATTACKER, &format!("Squatter{index}")).0)
        .collect();
    let mut third = Raw::connect_from(addr, ATTACKER);
    third.hello();
    third.secure();
    third.send(&ply_net::protocol::Entry::Open {
        name: "Squatter".to_string(),
        locked: false,
        setup: GameSetup::new("chess"),
    });
    assert_eq!(
        third.read::<EntryReply>(),
        EntryReply::Refused(EntryRefusal::TooManyLobbiesFromAddress { max: 2 })
    );
    // An honest host still opens a lobby beside them.
    let honest = Client::host(addr, "Honest", "", GameSetup::new("checkers"));
    assert!(honest.mirror.code().is_some());
    // The squatters' lobbies, where nobody moves, close after the limit; the game,
    // whose players move all along, is left alone.
    let mut moves = OPENING.iter();
    let mut last_move = Instant::now();
    for raw in &mut held {
        loop {
            match raw.read::<ServerMsg>() {
                ServerMsg::ClosedIdle => break,
                ServerMsg::Lobby(_) | ServerMsg::Ping { .. } => {}
                other => panic!("unexpected {other:?}"),
            }
            if last_move.elapsed() >= idle_limit / 4 {
                table.play(&[moves.next().expect("moves enough to outlast the wait")]);
                last_move = Instant::now();
            }
        }
        assert!(raw.time_until_closed() < Duration::from_secs(2));
    }
    assert!(opened.elapsed() >= idle_limit);
    while opened.elapsed() < idle_limit * 3 {
        std::thread::sleep(idle_limit / 4);
        table.play(&[moves.next().expect("moves enough to outlast the wait")]);
    }
    // The address may open again.
    let again = Raw::open_from(addr, ATTACKER, "Returning").1;
    assert_eq!(again.len(), 6);
}
