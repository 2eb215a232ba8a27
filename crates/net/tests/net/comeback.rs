//! When someone's program dies mid-game, over real loopback TCP: the host comes back
//! within the lobby's wait and the game goes on, or the lobby closes after it; a
//! player who stays away can be claimed against after the countdown; the host hands a
//! dropped seat to the computer and back; rematches swap the sides by consent; and
//! everyone's round trip is shown.

use crate::common::{
    Client, LOOPBACK, PATIENCE, Raw, hand_over_when_allowed, quick_config, seat, serve,
};
use ply_core::{EndReason, Outcome, Player};
use ply_net::protocol::{EntryReply, Token};
use ply_net::{
    ClientMsg, CloseReason, Denied, Entered, EntryRequest, GameSetup, Occupant, ServerConfig,
    ServerMsg,
};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

/// Joins the only lobby as `name` over a raw connection, which the test can drop as a
/// crash would: no goodbye, just a closed socket. Returns it with the seat's token.
fn crashable_join(server: SocketAddr, name: &str) -> (Raw, Token) {
    match Raw::try_join(server, LOOPBACK, None, name, "") {
        (raw, EntryReply::Entered(entered)) => (raw, entered.token),
        (_, other) => panic!("{name} was not let in: {other:?}"),
    }
}

/// A config whose waits are short enough to watch them end.
fn short_waits(host_wait: Duration, claim_wait: Duration) -> ServerConfig {
    ServerConfig {
        host_wait,
        claim_wait,
        ..quick_config()
    }
}

/// Walter (White) and a crashable Bianca (Black) in a started chess game hosted by
/// Hostess, who watches.
fn game_with_crashable_black(server: SocketAddr) -> (Client, Client, Raw, Token) {
    let mut host = Client::host(server, "Hostess", "", GameSetup::new("chess"));
    let white = Client::join(server, "Walter", "");
    let (black, token) = crashable_join(server, "Bianca");
    host.expect_lobby("both players in", |view| view.players.len() == 3);
    host.send(seat(Player::First, Some("Walter")));
    host.send(seat(Player::Second, Some("Bianca")));
    host.send(ClientMsg::Start);
    host.expect_started();
    (host, white, black, token)
}

/// A chess game started by a crashable Hostess (over a raw connection), Walter White
/// and Bianca Black; with what Hostess learnt on entry.
fn game_with_crashable_host(server: SocketAddr) -> (Raw, Entered, Client, Client) {
    let (mut raw_host, entered) = Raw::open_with(Raw::connect(server), "Hostess");
    let mut white = Client::join(server, "Walter", "");
    let mut black = Client::join(server, "Bianca", "");
    for message in [
        seat(Player::First, Some("Walter")),
        seat(Player::Second, Some("Bianca")),
        ClientMsg::Start,
    ] {
        raw_host.send(&message);
    }
    white.expect_started();
    black.expect_started();
    (raw_host, entered, white, black)
}

/// Sends `claim` until the countdown allows it, checking that it was refused only for
/// being early; returns how many times it was refused.
fn claim_when_allowed(client: &mut Client, claim: &ClientMsg) -> usize {
    let deadline = Instant::now() + PATIENCE;
    let mut early = 0;
    loop {
        client.send(claim.clone());
        let answer = client.expect_message("an answer to the claim", |message| match message {
            ServerMsg::GameOver { outcome } => Some(Ok(*outcome)),
            ServerMsg::Denied(reason) => Some(Err(reason.clone())),
            _ => None,
        });
        match answer {
            Ok(_) => return early,
            Err(Denied::ClaimTooEarly { .. }) if Instant::now() < deadline => {
                early += 1;
                std::thread::sleep(Duration::from_millis(50));
            }
            Err(other) => panic!("the claim was refused: {other}"),
        }
    }
}

#[test]
fn a_host_who_crashes_comes_back_with_their_token_and_the_game_goes_on() {
    let server = serve(short_waits(
        Duration::from_secs(30),
        Duration::from_secs(30),
    ));
    let (raw_host, entered, mut white, mut black) = game_with_crashable_host(server.addr());
    white.play("e2e4");
    black.expect_move(1);
    drop(raw_host);
    for client in [&mut white, &mut black] {
        client.expect_message("the host's drop", |message| {
            matches!(message, ServerMsg::PlayerDropped { name } if name == "Hostess").then_some(())
        });
        client.expect_lobby("the host away, the lobby open", |view| {
            view.in_game && view.players[0].away_ms.is_some() && !view.players[0].connected
        });
    }
    // The players go on without the host.
    black.play("e7e5");
    white.expect_move(2);
    let host = Client::try_enter(
        server.addr(),
        EntryRequest::rejoin("Hostess", "", Some(&entered.code), entered.token),
    )
    .expect("the host comes back with their token");
    let back = host.mirror.entered().expect("entered");
    assert!(back.host);
    assert_eq!(
        back.game.as_ref().map(|game| game.moves.clone()),
        Some(vec!["e2e4".to_string(), "e7e5".to_string()])
    );
    white.expect_message("the host back", |message| {
        matches!(message, ServerMsg::PlayerRejoined { name, .. } if name == "Hostess").then_some(())
    });
    white.play("g1f3");
    black.expect_move(3);
}

#[test]
fn a_lobby_whose_host_stays_away_closes_after_the_wait_and_everyone_keeps_the_game() {
    let wait = Duration::from_millis(400);
    let server = serve(short_waits(wait, Duration::from_secs(30)));
    let (raw_host, _, mut white, mut black) = game_with_crashable_host(server.addr());
    white.play("d2d4");
    black.expect_move(1);
    let dropped = Instant::now();
    drop(raw_host);
    for client in [&mut white, &mut black] {
        assert!(matches!(client.expect_closed(), CloseReason::HostLeft));
        assert!(dropped.elapsed() >= wait);
        let kept = client.mirror.game_setup().expect("a copy of the game");
        assert_eq!(kept.moves, ["d2d4"]);
    }
}

#[test]
fn a_player_who_stays_away_can_be_claimed_against_after_the_countdown() {
    let claim_wait = Duration::from_millis(500);
    let server = serve(short_waits(Duration::from_secs(30), claim_wait));
    let (mut host, mut white, black, _) = game_with_crashable_black(server.addr());
    white.expect_started();
    white.send(ClientMsg::ClaimWin);
    assert_eq!(white.expect_denied(), Denied::OpponentConnected);
    drop(black);
    white.expect_lobby("Bianca away, with the countdown's length", |view| {
        view.claim_after_ms == 500
            && view
                .players
                .iter()
                .any(|p| p.name == "Bianca" && p.away_ms.is_some())
    });
    // The host, who does not play, has nothing to claim.
    host.send(ClientMsg::ClaimWin);
    assert_eq!(host.expect_denied(), Denied::NotPlaying);
    let early = claim_when_allowed(&mut white, &ClientMsg::ClaimWin);
    assert!(
        early >= 1,
        "a claim right after the drop is refused as too early"
    );
    let won = Outcome::Win {
        winner: Player::First,
        reason: EndReason::Abandoned,
    };
    assert_eq!(host.expect_game_over(), won);
    assert_eq!(white.mirror.outcome(), Some(won));
}

#[test]
fn a_player_may_call_the_game_a_draw_instead_of_claiming_the_win() {
    let server = serve(short_waits(
        Duration::from_secs(30),
        Duration::from_millis(200),
    ));
    let (mut host, mut white, black, _) = game_with_crashable_black(server.addr());
    white.expect_started();
    drop(black);
    claim_when_allowed(&mut white, &ClientMsg::ClaimDraw);
    let drawn = Outcome::Draw {
        reason: EndReason::Abandoned,
    };
    assert_eq!(host.expect_game_over(), drawn);
}

#[test]
fn the_host_hands_a_dropped_seat_to_the_computer_and_back_when_its_player_returns() {
    let server = serve(short_waits(
        ServerConfig::default().host_wait,
        Duration::from_millis(300),
    ));
    let (mut host, mut white, black, token) = game_with_crashable_black(server.addr());
    white.expect_started();
    white.play("e2e4");
    host.expect_move(1);
    drop(black);
    host.expect_lobby("Bianca away", |view| {
        view.players
            .iter()
            .any(|p| p.name == "Bianca" && !p.connected)
    });
    host.send(seat(Player::Second, None));
    assert_eq!(host.expect_denied(), Denied::SideNeeded);
    let to_the_computer = ClientMsg::SetSide {
        side: Player::Second,
        occupant: Occupant::Computer,
    };
    hand_over_when_allowed(&mut host, &to_the_computer, |view| {
        view.sides[1] == Occupant::Computer
    });
    // The host's machine moves for the computer.
    host.play("e7e5");
    white.expect_move(2);
    let mut bianca = Client::try_enter(
        server.addr(),
        EntryRequest::rejoin("Bianca", "", None, token),
    )
    .expect("Bianca comes back");
    host.expect_lobby("Bianca back", |view| {
        view.players
            .iter()
            .any(|p| p.name == "Bianca" && p.connected)
    });
    host.send(seat(Player::Second, Some("Bianca")));
    host.expect_lobby("Black given back", |view| {
        view.sides[1] == Occupant::Player("Bianca".to_string())
    });
    white.play("g1f3");
    bianca.expect_move(3);
    bianca.play("b8c6");
    white.expect_move(4);
}

#[test]
fn a_rematch_starts_with_the_sides_swapped_once_both_players_ask() {
    let server = serve(quick_config());
    let mut table = crate::common::Table::new(server.addr(), "");
    table.white.send(ClientMsg::Rematch);
    assert_eq!(table.white.expect_denied(), Denied::GameRunning);
    table.play(&["f2f3", "e7e5", "g2g4", "d8h4"]);
    for client in table.all() {
        client.expect_game_over();
    }
    table.host.send(ClientMsg::Rematch);
    assert_eq!(table.host.expect_denied(), Denied::NotPlaying);
    table.white.send(ClientMsg::Rematch);
    table
        .black
        .expect_lobby("Walter asked for a rematch", |view| {
            view.rematch == ["Walter"] && !view.in_game
        });
    table.black.send(ClientMsg::Rematch);
    for client in table.all() {
        let view = client.expect_started();
        assert_eq!(
            view.sides,
            [
                Occupant::Player("Bianca".to_string()),
                Occupant::Player("Walter".to_string())
            ]
        );
        assert!(view.moves.is_empty());
    }
}

#[test]
fn a_rematch_is_refused_once_the_sides_changed() {
    let server = serve(quick_config());
    let mut table = crate::common::Table::new(server.addr(), "");
    table.white.send(ClientMsg::Resign);
    for client in table.all() {
        client.expect_game_over();
    }
    table.host.send(seat(Player::First, Some("Hostess")));
    table.white.expect_lobby("the host on White", |view| {
        view.sides[0] == Occupant::Player("Hostess".to_string())
    });
    table.black.send(ClientMsg::Rematch);
    assert_eq!(table.black.expect_denied(), Denied::NoRematch);
}

#[test]
fn everyone_sees_each_players_round_trip() {
    let server = serve(quick_config());
    let mut table = crate::common::Table::new(server.addr(), "");
    table
        .host
        .expect_lobby("every round trip measured", |view| {
            view.players.iter().all(|player| player.rtt_ms.is_some())
        });
}
