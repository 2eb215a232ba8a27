//! Lobbies and games over real loopback TCP: entry and its refusals, seating and
//! starting, the referee, drops and rejoins, the host leaving, and rematches.

use crate::common::{Client, Raw, Table, hand_over_when_allowed, quick_config, seat, serve};
use ply_core::{EndReason, Outcome, Player};
use ply_net::protocol::{Hello, MAX_CHAT_CHARS, Welcome};
use ply_net::{
    ClientError, ClientMsg, ClientSession, CloseReason, Denied, EntryRefusal, EntryRequest,
    GameSetup, NetEvent, Occupant, PROTOCOL_VERSION, ServerConfig, ServerMsg,
};
use std::time::{Duration, Instant};

/// The pause between retries while an address is locked out.
const POLL: Duration = Duration::from_millis(25);

const FOOLS_MATE: [&str; 4] = ["f2f3", "e7e5", "g2g4", "d8h4"];

fn refusal(result: Result<Client, CloseReason>) -> EntryRefusal {
    match result {
        Err(CloseReason::Failed(ClientError::Refused(refusal))) => refusal,
        Err(other) => panic!("expected a refusal, got: {other}"),
        Ok(_) => panic!("expected a refusal, but the client got in"),
    }
}

#[test]
fn host_and_two_players_play_a_game_to_its_end() {
    let server = serve(quick_config());
    let mut table = Table::new(server.addr(), "secret");
    table.play(&FOOLS_MATE);
    let mate = Outcome::Win {
        winner: Player::Second,
        reason: EndReason::Checkmate,
    };
    for client in table.all() {
        assert_eq!(client.expect_game_over(), mate);
        client.expect_lobby("the lobby after the game", |view| !view.in_game);
        assert_eq!(client.mirror.moves(), FOOLS_MATE);
        let game = client.mirror.game().expect("a local copy of the game");
        assert_eq!(game.outcome(), Some(mate));
        assert_eq!(client.mirror.desync(), None);
    }
    assert!(table.host.mirror.is_host());
    assert_eq!(table.white.mirror.my_side(), Some(Player::First));
    assert_eq!(table.black.mirror.my_side(), Some(Player::Second));
    assert_eq!(table.host.mirror.my_side(), None);
}

#[test]
fn wrong_password_is_refused_and_retries_are_slowed_down() {
    let server = serve(quick_config());
    let _host = Client::host(server.addr(), "Hostess", "secret", GameSetup::new("chess"));
    let wrong = Client::try_enter(server.addr(), EntryRequest::join("Mallory", "guess", None));
    assert_eq!(refusal(wrong), EntryRefusal::WrongPassword);
    let failed_at = Instant::now();
    // Right after a failure even the right password waits its turn.
    let locked = Client::try_enter(server.addr(), EntryRequest::join("Mallory", "secret", None));
    assert!(matches!(
        refusal(locked),
        EntryRefusal::TooManyAttempts { .. }
    ));
    // Once the lock-out (300 ms here) is over, the right password gets in.
    let admitted = loop {
        match Client::try_enter(server.addr(), EntryRequest::join("Mallory", "secret", None)) {
            Ok(client) => break client,
            Err(CloseReason::Failed(ClientError::Refused(EntryRefusal::TooManyAttempts {
                ..
            }))) => std::thread::sleep(POLL),
            Err(other) => panic!("unexpected refusal: {other}"),
        }
    };
    assert!(failed_at.elapsed() >= Duration::from_millis(250));
    assert_eq!(admitted.mirror.name(), Some("Mallory"));
}

#[test]
fn a_different_protocol_version_is_refused_naming_both_versions() {
    let server = serve(quick_config());
    let mut raw = Raw::connect(server.addr());
    raw.send(&Hello {
        version: PROTOCOL_VERSION + 41,
        software: "a future Plyground".to_string(),
    });
    let welcome: Welcome = raw.read();
    assert_eq!(welcome.version, PROTOCOL_VERSION);
    let message = welcome.refused.expect("the server refuses");
    assert!(
        message.contains(&format!("version {PROTOCOL_VERSION}")),
        "{message}"
    );
    assert!(
        message.contains(&format!("version {}", PROTOCOL_VERSION + 41)),
        "{message}"
    );
    assert!(raw.time_until_closed() < Duration::from_secs(2));

    // And the client explains a server of another version in its own words.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let error = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a port");
        let addr = listener.local_addr().expect("an address").to_string();
        let fake = tokio::spawn(async move {
            let (stream, _) = listener.accept().await.expect("the client connects");
            let mut conn = ply_net::frame::Connection::new(stream);
            let _: Hello = conn.read_message().await.expect("a hello");
            let welcome = Welcome {
                version: 99,
                nonce: [0; 32],
                heartbeat_ms: 1000,
                refused: Some("other version".to_string()),
            };
            conn.send(&welcome).await.expect("the welcome is sent");
        });
        let request = EntryRequest::join("Walter", "", None);
        let result = ClientSession::connect(&addr, &request, Duration::from_secs(5)).await;
        fake.await.expect("the fake server ends");
        result.expect_err("the client refuses")
    });
    assert!(matches!(
        error,
        ClientError::VersionMismatch {
            ours: PROTOCOL_VERSION,
            theirs: 99
        }
    ));
    let text = error.to_string();
    assert!(text.contains("version 99") && text.contains(&format!("version {PROTOCOL_VERSION}")));
}

#[test]
fn full_lobbies_and_servers_refuse_entry() {
    let server = serve(ServerConfig {
        max_lobbies: 1,
        max_players_per_lobby: 2,
        ..quick_config()
    });
    let _host = Client::host(server.addr(), "Hostess", "", GameSetup::new("chess"));
    let _guest = Client::join(server.addr(), "Walter", "");
    let third = Client::try_enter(server.addr(), EntryRequest::join("Bianca", "", None));
    assert_eq!(refusal(third), EntryRefusal::LobbyFull { max: 2 });
    let second_lobby = Client::try_enter(
        server.addr(),
        EntryRequest::open("Other", "", GameSetup::new("chess")),
    );
    assert_eq!(
        refusal(second_lobby),
        EntryRefusal::TooManyLobbies { max: 1 }
    );
    let unknown = Client::try_enter(
        server.addr(),
        EntryRequest::join("Bianca", "", Some("ZZZZZZ")),
    );
    assert_eq!(
        refusal(unknown),
        EntryRefusal::NoSuchLobby {
            code: "ZZZZZZ".to_string()
        }
    );
}

#[test]
fn bad_names_and_bad_games_are_refused() {
    let server = serve(quick_config());
    let _host = Client::host(server.addr(), "Hostess", "", GameSetup::new("chess"));
    let _walter = Client::join(server.addr(), "Walter", "");
    // Names people use are welcome, in any alphabet, with spaces inside.
    let _zoe = Client::join(server.addr(), "Zoé Ann", "");
    let _bo = Client::join(server.addr(), "Bo", "");
    // Too short, too long, an invisible character, a Cyrillic 'а' among Latin letters.
    for bad in [
        "A",
        "a name that is far too long",
        "Ad\u{200B}a",
        "P\u{0430}ul",
    ] {
        let result = Client::try_enter(server.addr(), EntryRequest::join(bad, "", None));
        assert!(
            matches!(refusal(result), EntryRefusal::BadName { .. }),
            "{bad}"
        );
    }
    let taken = Client::try_enter(server.addr(), EntryRequest::join("WALTER", "", None));
    assert_eq!(
        refusal(taken),
        EntryRefusal::NameTaken {
            name: "Walter".to_string()
        }
    );
    let bad_host = Client::try_enter(
        server.addr(),
        EntryRequest::open("no!", "", GameSetup::new("chess")),
    );
    assert!(matches!(refusal(bad_host), EntryRefusal::BadName { .. }));
    let bad_save = GameSetup {
        mode: "chess".to_string(),
        start: Some("8/8/8/8/8/8/8/8 w - - 0 1".to_string()),
        moves: Vec::new(),
        clock: None,
        resume: None,
    };
    let bad_setup = Client::try_enter(server.addr(), EntryRequest::open("Saver", "", bad_save));
    assert!(matches!(refusal(bad_setup), EntryRefusal::BadSetup { .. }));
}

#[test]
fn start_is_refused_with_the_reason_until_the_sides_are_valid() {
    let server = serve(quick_config());
    let addr = server.addr();
    let mut host = Client::host(addr, "Hostess", "", GameSetup::new("chess"));
    let mut walter = Client::join(addr, "Walter", "");
    let mut bianca = Client::join(addr, "Bianca", "");
    host.expect_lobby("three members", |view| view.players.len() == 3);

    host.send(ClientMsg::Start);
    assert_eq!(
        host.expect_denied(),
        Denied::SideOpen {
            side: "White".to_string()
        }
    );
    walter.send(ClientMsg::Start);
    assert_eq!(walter.expect_denied(), Denied::NotHost);
    walter.send(seat(Player::First, Some("Walter")));
    assert_eq!(walter.expect_denied(), Denied::NotHost);

    // Moving a player to the other side frees the first one.
    host.send(seat(Player::First, Some("Walter")));
    host.send(seat(Player::Second, Some("Walter")));
    host.expect_lobby("Walter on Black only", |view| {
        view.sides == [Occupant::Open, Occupant::Player("Walter".to_string())]
    });
    host.send(ClientMsg::Start);
    assert_eq!(
        host.expect_denied(),
        Denied::SideOpen {
            side: "White".to_string()
        }
    );
    host.send(seat(Player::First, Some("Nobody")));
    assert_eq!(
        host.expect_denied(),
        Denied::NoSuchPlayer {
            name: "Nobody".to_string()
        }
    );
    host.send(ClientMsg::Setup(GameSetup {
        mode: "chess".to_string(),
        start: None,
        moves: vec!["e2e4".to_string(), "e2e4".to_string()],
        clock: None,
        resume: None,
    }));
    assert!(matches!(host.expect_denied(), Denied::BadSetup { .. }));
    host.send(ClientMsg::Setup(GameSetup::new("checkers-of-mars")));
    assert!(matches!(host.expect_denied(), Denied::BadSetup { .. }));

    host.send(seat(Player::First, Some("bianca")));
    host.send(ClientMsg::Start);
    let view = host.expect_started();
    assert_eq!(
        view.sides,
        [
            Occupant::Player("Bianca".to_string()),
            Occupant::Player("Walter".to_string())
        ]
    );
    host.send(ClientMsg::Start);
    assert_eq!(host.expect_denied(), Denied::GameRunning);
    // Someone who arrives during the game watches it, from its start to the move now.
    bianca.play("e2e4");
    bianca.expect_move(1);
    let late = Client::try_enter(addr, EntryRequest::join("Latecomer", "", None))
        .expect("a spectator gets into a running game");
    let entered = late.mirror.entered().expect("entered");
    let game = entered.game.as_ref().expect("the running game");
    assert_eq!(game.moves, ["e2e4"]);
    assert_eq!(late.mirror.my_side(), None);
    // A spectator who drops comes back during the game, with the game as it stands.
    late.handle.close();
    host.expect_lobby("the spectator gone", |view| view.players.len() == 3);
    let back = Client::try_enter(addr, EntryRequest::join("Latecomer", "", None))
        .expect("the spectator comes back");
    let entered = back.mirror.entered().expect("entered");
    assert_eq!(
        entered.game.as_ref().map(|game| game.moves.clone()),
        Some(vec!["e2e4".to_string()])
    );
}

#[test]
fn out_of_turn_and_illegal_moves_are_refused_while_the_game_goes_on() {
    let server = serve(quick_config());
    let mut table = Table::new(server.addr(), "");
    table.black.play("e7e5");
    assert_eq!(table.black.expect_move_refused(), Denied::NotYourTurn);
    table.host.play("e2e4");
    assert_eq!(table.host.expect_move_refused(), Denied::NotPlaying);
    for bad in [
        "e2e5",
        "zz",
        "",
        "e2e4e2e4e2e4e2e4e2e4e2e4e2e4e2e4e2e4",
        "\u{0}\u{7f}",
    ] {
        table.white.play(bad);
        assert!(
            matches!(
                table.white.expect_move_refused(),
                Denied::IllegalMove { .. }
            ),
            "{bad:?}"
        );
    }
    table.white.send(ClientMsg::AcceptDraw);
    assert_eq!(table.white.expect_denied(), Denied::NoDrawOffer);
    table.play(&["e2e4", "e7e5", "g1f3"]);
    for client in table.all() {
        let game = client.mirror.game().expect("the game runs");
        assert_eq!(game.to_move(), Player::Second);
        assert_eq!(client.mirror.moves(), ["e2e4", "e7e5", "g1f3"]);
    }
}

#[test]
fn a_dropped_player_rejoins_the_game_as_it_stands() {
    let server = serve(quick_config());
    let addr = server.addr();
    let mut host = Client::host(addr, "Hostess", "pw", GameSetup::new("chess"));
    let mut white = Client::join(addr, "Walter", "pw");

    // Black plays from a session that will vanish without saying goodbye.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let request = EntryRequest::join("Bianca", "pw", None);
    let (mut black, entered) = runtime
        .block_on(ClientSession::connect(
            &addr.to_string(),
            &request,
            Duration::from_secs(10),
        ))
        .expect("Bianca gets in");
    host.send(seat(Player::First, Some("Walter")));
    host.send(seat(Player::Second, Some("Bianca")));
    host.send(ClientMsg::Start);
    white.expect_started();
    white.play("d2d4");
    white.expect_move(1);
    runtime.block_on(async {
        black
            .send(&ClientMsg::Move {
                text: "d7d5".to_string(),
            })
            .await
            .expect("the move is sent");
        loop {
            if let ServerMsg::MovePlayed { ply: 2, .. } = black.recv().await.expect("a message") {
                break;
            }
        }
    });
    white.expect_move(2);
    drop(black);
    drop(runtime);
    white.expect_message("Bianca's drop", |message| {
        matches!(message, ServerMsg::PlayerDropped { name } if name == "Bianca").then_some(())
    });
    host.expect_lobby("Bianca away", |view| {
        view.players
            .iter()
            .any(|p| p.name == "Bianca" && !p.connected)
    });
    white.play("c2c4");
    white.expect_move(3);

    // Without the token the name stays hers; with it she is back where she was.
    let thief = Client::try_enter(addr, EntryRequest::join("Bianca", "pw", None));
    assert_eq!(
        refusal(thief),
        EntryRefusal::NameTaken {
            name: "Bianca".to_string()
        }
    );
    let forged = ply_net::Token([0; 16]);
    let forger = Client::try_enter(addr, EntryRequest::rejoin("Bianca", "pw", None, forged));
    assert_eq!(
        refusal(forger),
        EntryRefusal::BadToken {
            name: "Bianca".to_string()
        }
    );
    // The forged token locked the address out briefly; wait for the lock to pass.
    let mut back = loop {
        match Client::try_enter(
            addr,
            EntryRequest::rejoin("Bianca", "pw", None, entered.token),
        ) {
            Ok(client) => break client,
            Err(CloseReason::Failed(ClientError::Refused(EntryRefusal::TooManyAttempts {
                ..
            }))) => std::thread::sleep(POLL),
            Err(other) => panic!("Bianca could not rejoin: {other}"),
        }
    };
    let game = back
        .mirror
        .entered()
        .and_then(|e| e.game.clone())
        .expect("the game");
    assert_eq!(game.moves, ["d2d4", "d7d5", "c2c4"]);
    assert_eq!(back.mirror.my_side(), Some(Player::Second));
    let theirs = white.mirror.game().expect("White's copy").position_text();
    let mine = back.mirror.game().expect("Black's copy").position_text();
    assert_eq!(mine, theirs);
    white.expect_message("Bianca's return", |message| {
        matches!(message, ServerMsg::PlayerRejoined { name, .. } if name == "Bianca").then_some(())
    });
    back.play("e7e6");
    assert_eq!(white.expect_move(4), "e7e6");
    assert_eq!(back.expect_move(4), "e7e6");
}

#[test]
fn the_host_seats_the_computer_for_a_dropped_player_and_moves_for_it() {
    let server = serve(ServerConfig {
        claim_wait: Duration::from_millis(300),
        ..quick_config()
    });
    let mut table = Table::new(server.addr(), "");
    table.play(&["e2e4", "c7c5"]);
    let Table {
        mut host,
        mut white,
        black,
    } = table;
    black.handle.close();
    host.expect_message("Bianca's drop", |message| {
        matches!(message, ServerMsg::PlayerDropped { .. }).then_some(())
    });
    // The computer may not replace a connected player, but may replace a dropped one
    // once the claim countdown has run out.
    host.send(seat(Player::First, Some("computer")));
    assert!(matches!(host.expect_denied(), Denied::SeatHeld { .. }));
    hand_over_when_allowed(&mut host, &seat(Player::Second, Some("computer")), |view| {
        view.sides[1] == Occupant::Computer
    });
    white.expect_lobby("the computer on Black", |view| {
        view.sides[1] == Occupant::Computer
    });
    white.play("g1f3");
    host.expect_move(3);
    assert!(host.mirror.computer_to_move());
    assert!(!white.mirror.computer_to_move());
    white.play("d7d6");
    assert_eq!(white.expect_move_refused(), Denied::NotYourTurn);
    host.play("d7d6");
    assert_eq!(white.expect_move(4), "d7d6");
    host.send(ClientMsg::OfferDraw);
    white.expect_message("the computer's draw offer", |message| {
        matches!(message, ServerMsg::DrawOffered { by: Player::Second }).then_some(())
    });
    white.send(ClientMsg::AcceptDraw);
    let draw = Outcome::Draw {
        reason: EndReason::DrawAgreed,
    };
    assert_eq!(white.expect_game_over(), draw);
    assert_eq!(host.expect_game_over(), draw);
    // Bianca dropped out of the game, so she is gone from the lobby afterwards.
    host.expect_lobby("the lobby without Bianca", |view| {
        !view.in_game && view.players.len() == 2
    });
}

#[test]
fn when_the_host_leaves_everyone_is_told_and_keeps_the_game() {
    let server = serve(quick_config());
    let mut table = Table::new(server.addr(), "");
    table.play(&["e2e4", "e7e5", "d1h5"]);
    let Table {
        host,
        mut white,
        mut black,
    } = table;
    host.handle.close();
    for client in [&mut white, &mut black] {
        assert!(matches!(client.expect_closed(), CloseReason::HostLeft));
        let saved = client.mirror.game_setup().expect("a copy of the game");
        assert_eq!(saved.mode, "chess");
        assert_eq!(saved.moves, ["e2e4", "e7e5", "d1h5"]);
        assert!(client.mirror.game().is_some());
    }
    // The saved game can be hosted again and continued.
    let setup = white.mirror.game_setup().expect("a copy of the game");
    let mut again = Client::host(server.addr(), "Walter", "", setup);
    let _bianca = Client::join(server.addr(), "Bianca", "");
    again.send(seat(Player::First, Some("Walter")));
    again.send(seat(Player::Second, Some("Bianca")));
    again.send(ClientMsg::Start);
    let view = again.expect_started();
    assert_eq!(view.moves, ["e2e4", "e7e5", "d1h5"]);
    assert_eq!(
        again.mirror.game().map(|g| g.to_move()),
        Some(Player::Second)
    );
}

#[test]
fn after_a_game_everyone_is_back_in_the_lobby_for_another() {
    let server = serve(quick_config());
    let mut table = Table::new(server.addr(), "");
    table.play(&["e2e4"]);
    table.black.send(ClientMsg::OfferDraw);
    table.white.expect_message("the draw offer", |message| {
        matches!(message, ServerMsg::DrawOffered { by: Player::Second }).then_some(())
    });
    table.white.send(ClientMsg::DeclineDraw);
    table.black.expect_message("the refusal", |message| {
        matches!(message, ServerMsg::DrawDeclined { by: Player::First }).then_some(())
    });
    table.white.send(ClientMsg::Chat {
        text: "good luck".to_string(),
    });
    for client in table.all() {
        let (from, text) = client.expect_message("the chat", |message| match message {
            ServerMsg::Chat { from, text } => Some((from.clone(), text.clone())),
            _ => None,
        });
        assert_eq!((from.as_str(), text.as_str()), ("Walter", "good luck"));
    }
    table.white.send(ClientMsg::Chat {
        text: "x".repeat(MAX_CHAT_CHARS + 1),
    });
    assert_eq!(
        table.white.expect_denied(),
        Denied::TooLong {
            max: MAX_CHAT_CHARS as u32
        }
    );
    table.black.send(ClientMsg::Resign);
    let resigned = Outcome::Win {
        winner: Player::First,
        reason: EndReason::Resignation,
    };
    for client in table.all() {
        assert_eq!(client.expect_game_over(), resigned);
        client.expect_lobby("the lobby again", |view| {
            !view.in_game && view.players.len() == 3
        });
    }
    table.white.play("e7e5");
    assert_eq!(table.white.expect_move_refused(), Denied::NoGame);

    // The host swaps the sides, picks another mode, and starts again in the same lobby.
    table.host.send(seat(Player::First, Some("Bianca")));
    table.host.send(seat(Player::Second, Some("Walter")));
    table.host.send(ClientMsg::Setup(GameSetup::new("koth")));
    table
        .white
        .expect_lobby("the new mode", |view| view.setup.mode == "koth");
    table.host.send(ClientMsg::Start);
    for client in table.all() {
        assert_eq!(client.expect_started().mode, "koth");
    }
    assert_eq!(table.black.mirror.my_side(), Some(Player::First));
    assert!(table.host.mirror.in_game());
    table.black.play("d2d4");
    for client in table.all() {
        assert_eq!(client.expect_move(1), "d2d4");
    }
    table.white.send(ClientMsg::OfferDraw);
    table.black.send(ClientMsg::OfferDraw);
    let agreed = Outcome::Draw {
        reason: EndReason::DrawAgreed,
    };
    for client in table.all() {
        assert_eq!(client.expect_game_over(), agreed);
    }
}

#[test]
fn the_host_removes_a_player_who_is_told_so() {
    let server = serve(quick_config());
    let addr = server.addr();
    let mut host = Client::host(addr, "Hostess", "", GameSetup::new("chess"));
    let mut walter = Client::join(addr, "Walter", "");
    let mut bianca = Client::join(addr, "Bianca", "");
    host.expect_lobby("three members", |view| view.players.len() == 3);
    host.send(seat(Player::First, Some("Walter")));
    host.send(ClientMsg::Remove {
        name: "Hostess".to_string(),
    });
    assert_eq!(host.expect_denied(), Denied::CannotRemoveHost);
    bianca.send(ClientMsg::Remove {
        name: "Walter".to_string(),
    });
    assert_eq!(bianca.expect_denied(), Denied::NotHost);
    host.send(ClientMsg::Remove {
        name: "walter".to_string(),
    });
    assert!(matches!(walter.expect_closed(), CloseReason::Removed));
    bianca.expect_lobby("Walter gone and White free", |view| {
        view.players.len() == 2 && view.sides[0] == Occupant::Open
    });
    bianca.handle.close();
    host.expect_lobby("Bianca gone", |view| view.players.len() == 1);
}

#[test]
fn a_relay_finds_each_lobby_by_its_code() {
    let server = serve(quick_config());
    let addr = server.addr();
    let first = Client::host(addr, "FirstHost", "one", GameSetup::new("chess"));
    let second = Client::host(addr, "SecondHost", "two", GameSetup::new("atomic"));
    let codes = [first.mirror.code(), second.mirror.code()]
        .map(|code| code.expect("a lobby code").to_string());
    assert_ne!(codes[0], codes[1]);
    assert!(codes.iter().all(|code| code.len() == 6));
    let unaddressed = Client::try_enter(addr, EntryRequest::join("Walter", "two", None));
    assert_eq!(refusal(unaddressed), EntryRefusal::NeedCode);
    // Codes are case-insensitive; each lobby has its own password.
    let lower = codes[1].to_lowercase();
    let walter = Client::try_enter(addr, EntryRequest::join("Walter", "two", Some(&lower)))
        .unwrap_or_else(|reason| panic!("Walter could not join: {reason}"));
    let lobby = walter.mirror.lobby().expect("the lobby");
    assert_eq!(lobby.setup.mode, "atomic");
    assert_eq!(lobby.code, codes[1]);
    assert_eq!(walter.mirror.code(), Some(codes[1].as_str()));
}

#[test]
fn stopping_the_server_tells_everyone() {
    let server = serve(quick_config());
    // Told the server shut down, each tries to get back in for a moment, then closes.
    let options = ply_net::ClientOptions {
        reconnect: ply_net::Reconnect {
            give_up_after: Duration::from_millis(500),
            ..ply_net::Reconnect::default()
        },
        ..ply_net::ClientOptions::default()
    };
    let open = EntryRequest::open("Hostess", "", GameSetup::new("chess"));
    let join = EntryRequest::join("Walter", "", None);
    let mut host = Client::try_enter_with(server.addr(), open, options.clone()).expect("in");
    let mut guest = Client::try_enter_with(server.addr(), join, options).expect("in");
    server.stop();
    for client in [&mut host, &mut guest] {
        let reason = client.expect("the news", |event| match event {
            NetEvent::Reconnecting { reason, .. } => Some(reason.clone()),
            _ => None,
        });
        assert_eq!(reason, "the server shut down");
        assert!(matches!(client.expect_closed(), CloseReason::ServerClosing));
    }
}
