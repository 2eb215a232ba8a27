//! Seat grabs (issue 43, item 3): a dropped player's side is theirs until the claim
//! countdown runs out; the host can neither give it away nor move for it before then,
//! and a side the computer took over is named as such in every record of the game.

use crate::common::{Client, Raw, hand_over_when_allowed, quick_config, seat, serve};
use ply_core::Player;
use ply_net::protocol::EntryReply;
use ply_net::{
    ClientMsg, Denied, GameSetup, HostedServer, Occupant, ServerConfig, ServerMsg, StandIn,
};
use std::time::{Duration, Instant};

/// A game on a relay whose claim countdown is `claim_wait`: Walter (White) has played
/// e2-e4, and Bianca's program (Black) has just died; the host has heard of the drop.
/// Returns the server, the host and Walter, and when Bianca dropped.
fn black_drops_after_e4(claim_wait: Duration) -> (HostedServer, Client, Client, Instant) {
    let server = serve(ServerConfig {
        claim_wait,
        ..quick_config()
    });
    let addr = server.addr();
    let mut host = Client::host(addr, "Hostess", "", GameSetup::new("chess"));
    let mut white = Client::join(addr, "Walter", "");
    let (black, reply) = Raw::try_join(addr, [127, 0, 0, 1].into(), None, "Bianca", "");
    assert!(matches!(reply, EntryReply::Entered(_)), "{reply:?}");
    host.expect_lobby("both players in", |view| view.players.len() == 3);
    host.send(seat(Player::First, Some("Walter")));
    host.send(seat(Player::Second, Some("Bianca")));
    host.send(ClientMsg::Start);
    white.expect_started();
    white.play("e2e4");
    host.expect_move(1);
    drop(black);
    let dropped = Instant::now();
    host.expect_message("Bianca's drop", |message| {
        matches!(message, ServerMsg::PlayerDropped { .. }).then_some(())
    });
    (server, host, white, dropped)
}

#[test]
fn a_dropped_players_side_is_kept_until_the_countdown_runs_out() {
    let claim_wait = Duration::from_secs(2);
    // Black's program dies; at once, the host tries to give the side to the computer
    // or to itself, and to move for it.
    let (_server, mut host, mut white, dropped) = black_drops_after_e4(claim_wait);
    host.send(seat(Player::Second, Some("computer")));
    match host.expect_denied() {
        Denied::SeatKept { name, secs } => {
            assert_eq!(name, "Bianca");
            assert!((1..=2).contains(&secs), "{secs} s");
        }
        other => panic!("the side changed hands: {other}"),
    }
    host.send(seat(Player::Second, Some("Hostess")));
    assert!(matches!(host.expect_denied(), Denied::SeatKept { .. }));
    host.play("e7e5");
    assert_eq!(host.expect_move_refused(), Denied::NotPlaying);
    // Once the countdown has run out, the side may go to the computer, which moves.
    let early =
        hand_over_when_allowed(&mut host, &seat(Player::Second, Some("computer")), |view| {
            view.sides[1] == Occupant::Computer
        });
    assert!(early > 0);
    assert!(
        dropped.elapsed() >= claim_wait.mul_f64(0.9),
        "{:?}",
        dropped.elapsed()
    );
    host.play("e7e5");
    assert_eq!(white.expect_move(2), "e7e5");
}

#[test]
fn a_side_the_computer_took_over_is_recorded_as_played_for_the_dropped_player() {
    let (server, mut host, mut white, _) = black_drops_after_e4(Duration::from_millis(300));
    let addr = server.addr();
    hand_over_when_allowed(&mut host, &seat(Player::Second, Some("computer")), |view| {
        view.sides[1] == Occupant::Computer
    });
    let taken_over = vec![StandIn {
        side: Player::Second,
        player: "Bianca".to_string(),
        from_ply: 1,
    }];
    white.expect_lobby("the computer on Bianca's side", |view| {
        view.stand_ins == taken_over
    });
    // Someone who comes in afterwards hears it on entry.
    let late = Client::join(addr, "Lena", "");
    assert_eq!(
        late.mirror
            .entered()
            .map(|entered| entered.lobby.stand_ins.clone()),
        Some(taken_over)
    );
    host.play("e7e5");
    white.expect_move(2);
    white.send(ClientMsg::Resign);
    white.expect_game_over();
    // After the game, the records still say who played Black, and how.
    assert_eq!(
        white.mirror.side_label(Player::Second).as_deref(),
        Some("Computer for Bianca from move 1")
    );
    assert_eq!(
        white.mirror.side_label(Player::First).as_deref(),
        Some("Walter")
    );
    // A new game forgets it.
    host.send(ClientMsg::Start);
    white.expect_started();
    assert_eq!(white.mirror.stand_in(Player::Second), None);
}
