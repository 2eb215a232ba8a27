//! Round trips a member cannot fake (issue 43, item 7): a pong counts only when it
//! names the nonce of the relay's ping, so a member who answers before it is asked, or
//! with a number of its own, shows the others no round trip at all.

use crate::common::{Client, Raw, quick_config, serve};
use ply_net::{ClientMsg, GameSetup, ServerMsg};

/// Reads until the next ping and returns its nonce.
fn next_ping(raw: &mut Raw) -> u64 {
    loop {
        if let ServerMsg::Ping { nonce } = raw.read::<ServerMsg>() {
            return nonce;
        }
    }
}

/// The round trip the host's view shows for `name`.
fn shown(host: &Client, name: &str) -> Option<u32> {
    let lobby = host.mirror.lobby().expect("the lobby");
    let player = lobby.players.iter().find(|player| player.name == name);
    player.and_then(|player| player.rtt_ms)
}

#[test]
fn a_pong_that_names_no_ping_shows_no_round_trip() {
    let server = serve(quick_config());
    let addr = server.addr();
    let mut host = Client::host(addr, "Hostess", "", GameSetup::new("chess"));
    let mut faker = Raw::enter(addr, None, "Faker");
    // The faker answers every ping at once, but with a nonce of its own, and sends
    // pongs nobody asked for besides.
    for _ in 0..6 {
        let nonce = next_ping(&mut faker);
        faker.send(&ClientMsg::Pong { nonce: !nonce });
        faker.send(&ClientMsg::Pong { nonce: 0 });
    }
    // The host, whose client answers its pings, is shown its round trip; the faker
    // none.
    host.expect_lobby("the host's round trip", |view| {
        let hostess = view.players.iter().find(|player| player.name == "Hostess");
        hostess.is_some_and(|player| player.rtt_ms.is_some())
    });
    assert_eq!(shown(&host, "Faker"), None);
    // Answering a ping with its own nonce shows a round trip.
    let nonce = next_ping(&mut faker);
    faker.send(&ClientMsg::Pong { nonce });
    host.expect_lobby("the faker's true round trip", |view| {
        let faker = view.players.iter().find(|player| player.name == "Faker");
        faker.is_some_and(|player| player.rtt_ms.is_some())
    });
}
