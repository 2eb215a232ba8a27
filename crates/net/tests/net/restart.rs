//! A relay that restarts with its store: every lobby comes back with its members' seats,
//! its game and its clocks, the time it was down charged to nobody; a lobby nobody comes
//! back to still closes; and the store holds no token in the clear.

use crate::common::{Client, kept_in, seat, serve};
use ply_core::Player;
use ply_net::keys::RelayKey;
use ply_net::{ClientMsg, ClockSetup, EntryRequest, GameSetup, HostedServer};
use std::path::Path;
use std::time::Duration;

/// A relay on a free port keeping its lobbies in `path`, with `key`.
fn relay_with_store(path: &Path, key: &RelayKey) -> HostedServer {
    serve(kept_in(path, key))
}

/// Who was in the lobby before the restart: name, code and token.
struct Seat {
    name: String,
    code: String,
    token: ply_net::Token,
}

impl Seat {
    fn of(client: &Client) -> Seat {
        Seat {
            name: client.mirror.name().expect("in").to_string(),
            code: client.mirror.code().expect("in").to_string(),
            token: client.mirror.token().expect("in"),
        }
    }

    fn rejoin(&self, relay: &HostedServer) -> Client {
        let request = EntryRequest::rejoin(&self.name, "", Some(&self.code), self.token);
        Client::try_enter(relay.addr(), request)
            .unwrap_or_else(|reason| panic!("{} did not come back: {reason}", self.name))
    }
}

#[test]
fn a_restarted_relay_has_the_game_back_from_its_last_move_and_charges_its_downtime_to_nobody() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("relay.db");
    let key = RelayKey::generate();
    let relay = relay_with_store(&path, &key);
    let setup = GameSetup {
        clock: Some(ClockSetup {
            base_ms: 300_000,
            increment_ms: 0,
        }),
        ..GameSetup::new("chess")
    };
    let mut host = Client::host(relay.addr(), "Hostess", "", setup);
    let mut white = Client::join(relay.addr(), "Walter", "");
    let mut black = Client::join(relay.addr(), "Bianca", "");
    host.expect_lobby("both players in", |view| view.players.len() == 3);
    host.send(seat(Player::First, Some("Walter")));
    host.send(seat(Player::Second, Some("Bianca")));
    host.send(ClientMsg::Start);
    for client in [&mut host, &mut white, &mut black] {
        client.expect_started();
    }
    for (ply, (mover, text)) in [(0, "e2e4"), (1, "e7e5"), (0, "g1f3")]
        .into_iter()
        .enumerate()
    {
        [&white, &black][mover].play(text);
        white.expect_move(ply as u32 + 1);
    }
    let left_before = white.mirror.clock().expect("timed").left_ms;
    let seats = [&host, &white, &black].map(Seat::of);
    // The relay goes first: a client dropped before it would leave its lobby.
    relay.stop();
    drop((host, white, black));
    std::thread::sleep(Duration::from_millis(1500));

    let relay = relay_with_store(&path, &key);
    let host = seats[0].rejoin(&relay);
    let white = seats[1].rejoin(&relay);
    let mut black = seats[2].rejoin(&relay);
    let game = black
        .mirror
        .entered()
        .and_then(|entered| entered.game.clone());
    let game = game.expect("the game is back");
    assert_eq!(game.moves, ["e2e4", "e7e5", "g1f3"]);
    let left_after = game.clock.expect("the clocks are back").left_ms;
    assert_eq!(left_after[0], left_before[0], "White's clock stood still");
    assert!(
        left_before[1] - left_after[1] < 500,
        "Black was charged for the restart: {left_before:?} then {left_after:?}"
    );
    assert!(host.mirror.is_host());
    black.play("b8c6");
    assert_eq!(black.expect_move(4), "b8c6");
    drop(white);
}

#[test]
fn a_restored_lobby_nobody_comes_back_to_closes_as_any_other() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("relay.db");
    let key = RelayKey::generate();
    let relay = relay_with_store(&path, &key);
    let host = Client::host(relay.addr(), "Hostess", "", GameSetup::new("chess"));
    let seat = Seat::of(&host);
    relay.stop();
    drop(host);
    let relay = relay_with_store(&path, &key);
    std::thread::sleep(Duration::from_millis(1500));
    let request = EntryRequest::rejoin(&seat.name, "", Some(&seat.code), seat.token);
    let refused = Client::try_enter(relay.addr(), request).err();
    assert!(
        refused.is_some_and(|reason| reason.to_string().contains("no lobby")),
        "the lobby outlived its wait"
    );
    relay.stop();
    let store = std::fs::read(&path).expect("the store is there");
    let token = seat.token.0;
    assert!(
        !store.windows(token.len()).any(|bytes| bytes == token),
        "a token in the clear"
    );
}
