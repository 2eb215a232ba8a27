//! Memory before authentication (issue 13, item 5): a connection that has not entered
//! may announce only a small frame, and all connections together buffer within a
//! budget, past which new ones are told the server is busy.

use crate::common::{Client, Raw, Table, quick_config, serve};
use ply_net::protocol::MAX_ENTRY_FRAME_LEN;
use ply_net::{GameSetup, ServerConfig};
use std::net::IpAddr;
use std::time::Duration;

/// How soon a connection breaking a limit must be closed.
const PROMPTLY: Duration = Duration::from_secs(2);

#[test]
fn an_entry_larger_than_a_few_kilobytes_closes_at_once() {
    let server = serve(ServerConfig {
        handshake_timeout: Duration::from_secs(8),
        ..quick_config()
    });
    let addr = server.addr();
    let mut table = Table::new(addr, "");
    // After the hello, an entry frame of 200 KiB is announced and begun.
    let mut raw = Raw::connect(addr);
    raw.hello();
    raw.secure();
    raw.write(&(200u32 * 1024).to_be_bytes());
    raw.write(&[0u8; 2048]);
    assert!(raw.time_until_closed() < PROMPTLY);
    // Just past the entry limit is refused just the same.
    let mut raw = Raw::connect(addr);
    raw.hello();
    raw.secure();
    raw.write(&(MAX_ENTRY_FRAME_LEN as u32 + 1).to_be_bytes());
    assert!(raw.time_until_closed() < PROMPTLY);
    table.play(&["e2e4", "e7e5"]);
}

#[test]
fn past_the_memory_budget_new_connections_hear_the_server_is_busy() {
    let server = serve(ServerConfig {
        handshake_timeout: Duration::from_secs(8),
        max_pending_handshakes: 2_000,
        max_buffered_bytes: 1024 * 1024,
        ..quick_config()
    });
    let addr = server.addr();
    let mut table = Table::new(addr, "");
    // Hundreds of connections from many addresses (eight each, four addresses to a
    // network), each stalled inside an entry frame of almost the largest size allowed
    // before entry.
    let mut stalled = Vec::new();
    let mut busy = 0;
    for index in 0..400u32 {
        let source: IpAddr = [127, 0, 3 + (index / 32) as u8, (index / 8 % 4 + 1) as u8].into();
        let mut raw = Raw::connect_from(addr, source);
        raw.hello_or_refusal()
            .map(|welcome| {
                let reason = welcome.refused.unwrap_or_default();
                assert!(reason.contains("too busy"), "{reason}");
                busy += 1;
            })
            .unwrap_or_else(|| {
                raw.secure();
                raw.write(&(MAX_ENTRY_FRAME_LEN as u32 - 8).to_be_bytes());
                raw.write(&[0u8; 64]);
                stalled.push(raw);
            });
    }
    assert!(busy > 0, "the budget never filled");
    assert!(
        stalled.len() >= 100,
        "only {} connections let in",
        stalled.len()
    );
    // Members already in play on; once the stalled connections are gone, newcomers
    // get in again.
    table.play(&["e2e4", "e7e5"]);
    drop(stalled);
    std::thread::sleep(Duration::from_millis(300));
    let newcomer = Client::host(addr, "Newcomer", "", GameSetup::new("koth"));
    assert!(newcomer.mirror.code().is_some());
}
