//! Clocks the relay keeps, over real loopback TCP: every player receives the same time
//! left with each move, a player who says nothing loses on time by the relay's own
//! decision, and a player who comes back gets the true time left.

use crate::common::{Client, quick_config, seat, serve};
use ply_core::{EndReason, Outcome, Player, TimeControl};
use ply_net::{ClientMsg, ClockSetup, EntryRequest, GameSetup, ServerMsg};
use std::time::{Duration, Instant};

/// The shortest game a clock allows: ten seconds each, two more a move.
fn blitz() -> GameSetup {
    GameSetup {
        clock: Some(ClockSetup::of(
            TimeControl::new(Duration::from_secs(10), Duration::from_secs(2)).expect("allowed"),
        )),
        ..GameSetup::new("chess")
    }
}

/// A host with White and Black seated and a timed chess game started.
fn timed_table() -> (ply_net::HostedServer, Client, Client, Client) {
    let server = serve(quick_config());
    let mut host = Client::host(server.addr(), "Hostess", "pw", blitz());
    let mut white = Client::join(server.addr(), "Walter", "pw");
    let mut black = Client::join(server.addr(), "Bianca", "pw");
    host.expect_lobby("both players in", |view| view.players.len() == 3);
    host.send(seat(Player::First, Some("Walter")));
    host.send(seat(Player::Second, Some("Bianca")));
    host.send(ClientMsg::Start);
    for client in [&mut host, &mut white, &mut black] {
        let view = client.expect_started();
        let clock = view.clock.expect("the game is timed");
        assert_eq!(clock.setup.base_ms, 10_000);
    }
    (server, host, white, black)
}

/// The time left both sides have after move `ply`, as `client` is told.
fn clocks_after(client: &mut Client, ply: u32) -> [u64; 2] {
    client.expect_message("a move with its clocks", |message| match message {
        ServerMsg::MovePlayed {
            ply: p,
            left_ms: Some(left),
            ..
        } if *p == ply => Some(*left),
        _ => None,
    })
}

#[test]
fn every_player_is_told_the_same_time_left_with_each_move() {
    let (_server, mut host, mut white, mut black) = timed_table();
    std::thread::sleep(Duration::from_millis(300));
    white.play("e2e4");
    let seen = [
        clocks_after(&mut host, 1),
        clocks_after(&mut white, 1),
        clocks_after(&mut black, 1),
    ];
    assert!(seen.iter().all(|left| *left == seen[0]), "{seen:?}");
    let [white_left, black_left] = seen[0];
    assert_eq!(black_left, 10_000, "Black's clock has not run");
    assert!(
        (11_000..11_800).contains(&white_left),
        "White spent about 0.3 s and gained 2 s: {white_left}"
    );
}

#[test]
fn the_relay_flags_a_player_who_says_nothing() {
    let (_server, mut host, mut white, mut black) = timed_table();
    let started = Instant::now();
    // Nothing is said for nine seconds: the wait for the end needs no longer patience.
    std::thread::sleep(Duration::from_secs(9));
    let lost = Outcome::Win {
        winner: Player::Second,
        reason: EndReason::OutOfTime,
    };
    for client in [&mut host, &mut black, &mut white] {
        assert_eq!(client.expect_game_over(), lost);
    }
    let waited = started.elapsed();
    assert!(
        waited >= Duration::from_millis(9_500) && waited < Duration::from_secs(13),
        "White's ten seconds ran out: {waited:?}"
    );
}

#[test]
fn a_player_who_comes_back_is_told_the_true_time_left() {
    let (server, _host, white, mut black) = timed_table();
    white.play("e2e4");
    clocks_after(&mut black, 1);
    let token = black.mirror.token().expect("Black has a token");
    drop(black);
    std::thread::sleep(Duration::from_millis(1_200));
    let back = Client::try_enter(
        server.addr(),
        EntryRequest::rejoin("Bianca", "pw", None, token),
    )
    .unwrap_or_else(|reason| panic!("Bianca could not come back: {reason}"));
    let game = back
        .mirror
        .entered()
        .and_then(|entered| entered.game.clone())
        .expect("the game as it stands");
    let clock = game.clock.expect("with its clocks");
    assert!(
        clock.left_ms[1] < 9_000,
        "Black's clock ran while away: {:?}",
        clock.left_ms
    );
    assert!(
        clock.left_ms[0] > 11_000,
        "White's stood still: {:?}",
        clock.left_ms
    );
    let _ = white.mirror.moves();
}
