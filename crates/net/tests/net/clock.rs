//! Clocks the relay keeps, over real loopback TCP: every player receives the same time
//! left with each move, a player who says nothing loses on time by the relay's own
//! decision, a player who comes back gets the true time left, and (as on lichess) no
//! clock runs before its side's first move.

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
    white.play("e2e4");
    clocks_after(&mut black, 1);
    black.play("e7e5");
    clocks_after(&mut white, 2);
    std::thread::sleep(Duration::from_millis(300));
    white.play("g1f3");
    let seen = [
        clocks_after(&mut host, 3),
        clocks_after(&mut white, 3),
        clocks_after(&mut black, 3),
    ];
    assert!(seen.iter().all(|left| *left == seen[0]), "{seen:?}");
    let [white_left, black_left] = seen[0];
    assert_eq!(
        black_left, 12_000,
        "Black's clock has not run since its move"
    );
    assert!(
        (13_000..13_800).contains(&white_left),
        "White spent about 0.3 s on its second move and gained 2 s: {white_left}"
    );
}

/// As on lichess, a side's clock starts after its own first move: the time before it
/// is nobody's.
#[test]
fn no_clock_runs_before_each_sides_first_move() {
    let (_server, mut host, white, black) = timed_table();
    std::thread::sleep(Duration::from_millis(400));
    white.play("e2e4");
    assert_eq!(
        clocks_after(&mut host, 1),
        [12_000, 10_000],
        "White's first move is free"
    );
    std::thread::sleep(Duration::from_millis(400));
    black.play("e7e5");
    assert_eq!(clocks_after(&mut host, 2), [12_000, 12_000], "and Black's");
}

#[test]
fn the_relay_flags_a_player_who_says_nothing() {
    let (_server, mut host, mut white, mut black) = timed_table();
    white.play("e2e4");
    clocks_after(&mut black, 1);
    black.play("e7e5");
    clocks_after(&mut white, 2);
    let started = Instant::now();
    // Then White says nothing: its twelve seconds (ten and the first move's two) run
    // out by the relay's own decision.
    std::thread::sleep(Duration::from_secs(11));
    let lost = Outcome::Win {
        winner: Player::Second,
        reason: EndReason::OutOfTime,
    };
    for client in [&mut host, &mut black, &mut white] {
        assert_eq!(client.expect_game_over(), lost);
    }
    let waited = started.elapsed();
    assert!(
        waited >= Duration::from_millis(11_500) && waited < Duration::from_secs(15),
        "White's twelve seconds ran out: {waited:?}"
    );
}

#[test]
fn a_player_who_comes_back_is_told_the_true_time_left() {
    let (server, _host, mut white, mut black) = timed_table();
    white.play("e2e4");
    clocks_after(&mut black, 1);
    black.play("e7e5");
    clocks_after(&mut white, 2);
    white.play("g1f3");
    clocks_after(&mut black, 3);
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
        clock.left_ms[1] < 11_000,
        "Black's clock ran while away: {:?}",
        clock.left_ms
    );
    assert!(
        clock.left_ms[0] > 13_000,
        "White's stood still: {:?}",
        clock.left_ms
    );
    let _ = white.mirror.moves();
}
