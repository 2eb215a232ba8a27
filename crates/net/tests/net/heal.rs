//! Connections that heal themselves: players whose relay went away and came back at the
//! same address get back in by themselves with their seats' tokens, saying
//! "reconnecting" meanwhile; a relay that stays away is reported lost after the time
//! allowed; and a server proving another key is never entered on the way back.

use crate::common::{Client, PATIENCE, Table, kept_in, quick_config, serve, serve_at};
use ply_net::keys::RelayKey;
use ply_net::{ClientError, ClientOptions, CloseReason, NetEvent, Reconnect};
use std::time::{Duration, Instant};

/// Waits for `client`'s way back in, checking it said it was reconnecting before;
/// returns how long that took.
fn expect_back(client: &mut Client) -> Duration {
    let since = client.expect("reconnecting", |event| match event {
        NetEvent::Reconnecting { since, .. } => Some(*since),
        _ => None,
    });
    assert!(client.mirror.reconnecting().is_some());
    client.expect("back in", |event| {
        matches!(event, NetEvent::Reconnected(_)).then_some(())
    });
    assert_eq!(client.mirror.reconnecting(), None);
    since.elapsed()
}

#[test]
fn players_get_back_in_by_themselves_when_their_relay_comes_back_with_its_store() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("relay.db");
    let key = RelayKey::generate();
    let relay = serve(kept_in(&path, &key));
    let addr = relay.addr();
    let mut table = Table::new(addr, "pw");
    table.play(&["e2e4", "e7e5"]);
    relay.stop();
    let _relay = serve_at(addr, kept_in(&path, &key));
    for client in table.all() {
        assert!(expect_back(client) < PATIENCE);
    }
    table.play(&["g1f3", "b8c6"]);
    assert!(table.host.mirror.is_host());
}

#[test]
fn a_relay_that_stays_away_is_reported_lost_once_the_time_allowed_is_over() {
    let relay = serve(quick_config());
    let addr = relay.addr();
    let options = ClientOptions {
        reconnect: Reconnect {
            first_wait: Duration::from_millis(50),
            longest_wait: Duration::from_millis(200),
            give_up_after: Duration::from_secs(2),
        },
        ..ClientOptions::default()
    };
    let request = ply_net::EntryRequest::open("Hostess", "", ply_net::GameSetup::new("chess"));
    let mut host = Client::try_enter_with(addr, request, options).expect("in");
    relay.stop();
    let started = Instant::now();
    let mut tries = 0;
    let reason = loop {
        match host.next() {
            NetEvent::Reconnecting { failed_tries, .. } => tries = failed_tries,
            NetEvent::Closed(reason) => break reason,
            _ => {}
        }
    };
    assert!(matches!(reason, CloseReason::ServerClosing), "{reason}");
    assert!(tries >= 2, "only {tries} tries failed");
    assert!(started.elapsed() < PATIENCE);
}

#[test]
fn the_way_back_in_never_enters_a_server_proving_another_key() {
    let relay = serve(quick_config());
    let addr = relay.addr();
    let mut host = Client::host(addr, "Hostess", "", ply_net::GameSetup::new("chess"));
    relay.stop();
    let _impostor = serve_at(addr, quick_config());
    match host.expect_closed() {
        CloseReason::Lost(ClientError::WrongRelay { .. }) => {}
        other => panic!("closed otherwise: {other}"),
    }
}
