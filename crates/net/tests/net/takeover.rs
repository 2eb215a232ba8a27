//! Rejoin credentials (issue 13, item 3): each is good for one entry, and taking a
//! connected player's seat from elsewhere tells them why and tells everyone.

use crate::common::{Client, Table, quick_config, serve};
use ply_net::{ClientError, CloseReason, EntryRefusal, EntryRequest, ServerConfig, ServerMsg};

fn refused_token(result: Result<Client, CloseReason>) -> bool {
    matches!(
        result,
        Err(CloseReason::Failed(ClientError::Refused(
            EntryRefusal::BadToken { .. }
        )))
    )
}

#[test]
fn a_used_token_opens_nothing_and_a_takeover_is_announced() {
    let server = serve(ServerConfig {
        // A forged token locks its address out: keep the lock short, the test is about
        // the token, not the lock-out.
        auth_failure_delay: std::time::Duration::from_millis(1),
        auth_failure_max_delay: std::time::Duration::from_millis(1),
        ..quick_config()
    });
    let addr = server.addr();
    let mut table = Table::new(addr, "pw");
    table.play(&["e2e4", "e7e5"]);
    let stolen = table.black.mirror.token().expect("Bianca's token");

    // Someone with Bianca's token enters while she is connected: the seat goes to the
    // new connection, Bianca hears why, and everyone else is told.
    let mut thief = Client::try_enter(addr, EntryRequest::rejoin("Bianca", "pw", None, stolen))
        .expect("the token works once");
    let fresh = thief.mirror.token().expect("a new token");
    assert_ne!(fresh, stolen);
    match table.black.expect_closed() {
        CloseReason::JoinedElsewhere => {}
        other => panic!("Bianca was told {other}"),
    }
    assert_eq!(
        CloseReason::JoinedElsewhere.to_string(),
        "you joined from another place; this connection was closed"
    );
    for client in [&mut table.host, &mut table.white] {
        client.expect_message("the takeover notice", |message| match message {
            ServerMsg::PlayerReplaced { name } if name == "Bianca" => Some(()),
            _ => None,
        });
    }
    // The spent token opens nothing, for anyone, even while its seat is held.
    std::thread::sleep(std::time::Duration::from_millis(5));
    assert!(refused_token(Client::try_enter(
        addr,
        EntryRequest::rejoin("Bianca", "pw", None, stolen),
    )));
    // The game goes on with whoever holds the seat now.
    table.white.play("g1f3");
    thief.expect_move(3);
    thief.play("b8c6");
    table.white.expect_move(4);
}

#[test]
fn the_host_token_rotates_too() {
    let server = serve(ServerConfig {
        auth_failure_delay: std::time::Duration::from_millis(1),
        auth_failure_max_delay: std::time::Duration::from_millis(1),
        ..quick_config()
    });
    let addr = server.addr();
    let mut table = Table::new(addr, "");
    let old = table.host.mirror.token().expect("the host's token");
    // The host comes back from another connection: a new token, the old one is dead.
    let mut again = Client::try_enter(addr, EntryRequest::rejoin("Hostess", "", None, old))
        .expect("the host re-enters");
    assert!(again.mirror.entered().is_some_and(|entered| entered.host));
    assert!(matches!(
        table.host.expect_closed(),
        CloseReason::JoinedElsewhere
    ));
    std::thread::sleep(std::time::Duration::from_millis(5));
    assert!(refused_token(Client::try_enter(
        addr,
        EntryRequest::rejoin("Hostess", "", None, old),
    )));
    // The new connection hosts: a host-only request is carried out, not refused as
    // coming from someone who is not the host.
    again.send(ply_net::ClientMsg::Remove {
        name: "Nobody".to_string(),
    });
    assert_eq!(
        again.expect_denied(),
        ply_net::Denied::NoSuchPlayer {
            name: "Nobody".to_string()
        }
    );
}

#[test]
fn a_made_up_token_does_not_get_past_a_password() {
    let server = serve(ServerConfig {
        auth_failure_delay: std::time::Duration::from_millis(1),
        auth_failure_max_delay: std::time::Duration::from_millis(1),
        ..quick_config()
    });
    let addr = server.addr();
    let mut host = Client::host(addr, "Hostess", "secret", ply_net::GameSetup::new("chess"));
    let forged = ply_net::Token([0x5a; 16]);
    // For a member, a wrong token; for anyone else, the password is asked instead.
    let attempt = Client::try_enter(addr, EntryRequest::rejoin("Hostess", "", None, forged));
    assert!(
        refused_token(attempt),
        "a made-up token took the host's seat"
    );
    std::thread::sleep(std::time::Duration::from_millis(5));
    let attempt = Client::try_enter(addr, EntryRequest::rejoin("Stranger", "", None, forged));
    assert!(
        matches!(
            attempt,
            Err(CloseReason::Failed(ClientError::Refused(
                EntryRefusal::WrongPassword
            )))
        ),
        "a made-up token let a stranger past the password"
    );
    // The lobby is as it was, and a player with the password still gets in.
    let friend =
        crate::common::Raw::try_join(addr, [127, 0, 0, 30].into(), None, "Friend", "secret");
    assert!(matches!(
        friend.1,
        ply_net::protocol::EntryReply::Entered(_)
    ));
    host.expect_lobby("the friend in", |view| {
        view.players.len() == 2 && view.players.iter().any(|p| p.name == "Friend")
    });
}
