//! Taking moves back and aborting over real loopback TCP: asked, answered, declined by
//! a move, the computer's side accepting at once, the clocks after it, and aborting
//! only until each side has moved.

use crate::common::{Client, Table, quick_config, seat, serve};
use ply_core::Player;
use ply_net::{ClientMsg, ClockSetup, Denied, GameSetup, Occupant, ServerMsg};

fn taken_back(client: &mut Client) -> (u32, Option<[u64; 2]>) {
    client.expect_message("moves taken back", |message| match message {
        ServerMsg::TakenBack { ply, left_ms } => Some((*ply, *left_ms)),
        _ => None,
    })
}

fn asked(client: &mut Client) -> Player {
    client.expect_message("a request to take back", |message| match message {
        ServerMsg::TakebackAsked { by } => Some(*by),
        _ => None,
    })
}

#[test]
fn a_move_taken_back_by_consent_is_gone_for_everyone() {
    let server = serve(quick_config());
    let mut table = Table::new(server.addr(), "");
    table.white.send(ClientMsg::AskTakeback);
    assert_eq!(table.white.expect_denied(), Denied::NothingToTakeBack);
    table.play(&["e2e4"]);
    table.black.send(ClientMsg::AnswerTakeback { accept: true });
    assert_eq!(table.black.expect_denied(), Denied::NoTakeback);
    table.white.send(ClientMsg::AskTakeback);
    assert_eq!(asked(&mut table.black), Player::First);
    table.white.send(ClientMsg::AskTakeback);
    assert_eq!(table.white.expect_denied(), Denied::TakebackPending);
    // Only the asked side answers.
    table.host.send(ClientMsg::AnswerTakeback { accept: true });
    assert_eq!(table.host.expect_denied(), Denied::NoTakeback);
    table.black.send(ClientMsg::AnswerTakeback { accept: true });
    for client in table.all() {
        assert_eq!(taken_back(client), (0, None));
        assert!(client.mirror.moves().is_empty());
        assert_eq!(
            client.mirror.game().map(|game| game.to_move()),
            Some(Player::First)
        );
    }
    table.play(&["d2d4"]);
}

#[test]
fn after_the_reply_both_moves_go_and_a_move_declines_the_request() {
    let server = serve(quick_config());
    let mut table = Table::new(server.addr(), "");
    table.play(&["e2e4", "e7e5"]);
    table.white.send(ClientMsg::AskTakeback);
    asked(&mut table.black);
    table
        .black
        .send(ClientMsg::AnswerTakeback { accept: false });
    let declined = table
        .white
        .expect_message("declined", |message| match message {
            ServerMsg::TakebackDeclined { by } => Some(*by),
            _ => None,
        });
    assert_eq!(declined, Player::Second);
    table.play(&["g1f3", "b8c6"]);
    // Black asks; White moving instead is an answer too.
    table.black.send(ClientMsg::AskTakeback);
    asked(&mut table.white);
    table.play(&["d2d4"]);
    let declined = table
        .black
        .expect_message("declined by moving", |message| match message {
            ServerMsg::TakebackDeclined { by } => Some(*by),
            _ => None,
        });
    assert_eq!(declined, Player::First);
    // Black has not answered d4 yet: one move goes.
    table.white.send(ClientMsg::AskTakeback);
    asked(&mut table.black);
    table.black.send(ClientMsg::AnswerTakeback { accept: true });
    assert_eq!(taken_back(&mut table.white).0, 4);
    // Now Black's Nc6 answered White's Nf3: White's request takes both back.
    table.white.send(ClientMsg::AskTakeback);
    asked(&mut table.black);
    table.black.send(ClientMsg::AnswerTakeback { accept: true });
    assert_eq!(taken_back(&mut table.white).0, 2);
    assert_eq!(taken_back(&mut table.black).0, 2);
    assert_eq!(table.black.mirror.moves(), ["e2e4", "e7e5"]);
    assert_eq!(table.white.mirror.moves(), ["e2e4", "e7e5"]);
}

/// A chess game on a clock of a minute and `increment_ms`, Walter (White) against the
/// computer, which its host moves for; the server is returned to keep it running.
fn against_the_computer(increment_ms: u64) -> (ply_net::HostedServer, Client, Client) {
    let server = serve(quick_config());
    let mut setup = GameSetup::new("chess");
    setup.clock = Some(ClockSetup {
        base_ms: 60_000,
        increment_ms,
    });
    let mut host = Client::host(server.addr(), "Hostess", "", setup);
    let mut white = Client::join(server.addr(), "Walter", "");
    host.expect_lobby("Walter in", |view| view.players.len() == 2);
    host.send(seat(Player::First, Some("Walter")));
    host.send(ClientMsg::SetSide {
        side: Player::Second,
        occupant: Occupant::Computer,
    });
    host.send(ClientMsg::Start);
    white.expect_started();
    (server, host, white)
}

/// White plays 1. e4, the computer (its host) answers 1... e5, and White asks for both
/// back: the ply the game is back to and the clocks, as White is told.
fn move_and_take_back(host: &mut Client, white: &mut Client) -> (u32, Option<[u64; 2]>) {
    white.play("e2e4");
    host.expect_move(1);
    host.play("e7e5");
    white.expect_move(2);
    white.send(ClientMsg::AskTakeback);
    taken_back(white)
}

#[test]
fn the_computer_accepts_at_once_and_the_clocks_follow() {
    let (_server, mut host, mut white) = against_the_computer(1_000);
    let (ply, left) = move_and_take_back(&mut host, &mut white);
    assert_eq!(ply, 0);
    let [first, second] = left.expect("the clocks of a timed game");
    assert!(first <= 61_000 && first > 50_000, "{first}");
    assert!(second <= 61_000 && second > 50_000, "{second}");
}

#[test]
fn a_game_can_be_aborted_until_each_side_has_moved() {
    let server = serve(quick_config());
    let mut table = Table::new(server.addr(), "");
    table.play(&["e2e4"]);
    table.host.send(ClientMsg::Abort);
    assert_eq!(table.host.expect_denied(), Denied::NotPlaying);
    table.black.send(ClientMsg::Abort);
    for client in table.all() {
        client.expect_message("the abort", |message| {
            matches!(message, ServerMsg::GameAborted).then_some(())
        });
        client.expect_lobby("back in the lobby", |view| !view.in_game);
        assert!(!client.mirror.in_game());
    }
    table.start();
    table.play(&["e2e4", "e7e5"]);
    table.white.send(ClientMsg::Abort);
    assert_eq!(table.white.expect_denied(), Denied::TooLateToAbort);
}

/// A move and its takeback gain nobody time: the increment the move earned goes with it.
#[test]
fn a_takeback_takes_back_the_increment_its_moves_earned() {
    let (_server, mut host, mut white) = against_the_computer(5_000);
    for round in 0..3 {
        let (ply, left) = move_and_take_back(&mut host, &mut white);
        assert_eq!(ply, 0);
        let [first, second] = left.expect("the clocks of a timed game");
        assert!(
            first <= 60_000 && second <= 60_000,
            "round {round}: no side gained time: {first} and {second}"
        );
    }
}
