//! Password guessing (issue 13, item 1): failures count per address and per lobby, a
//! success elsewhere does not wipe them, and a full failure table keeps recording.

use crate::common::{Client, LOOPBACK, Raw, quick_config, serve};
use ply_net::protocol::EntryReply;
use ply_net::{EntryRefusal, GameSetup, ServerConfig};
use std::net::IpAddr;
use std::time::Duration;

fn refusal(reply: EntryReply) -> Option<EntryRefusal> {
    match reply {
        EntryReply::Entered(_) => None,
        EntryReply::Refused(refusal) => Some(refusal),
        EntryReply::Exchange { .. } => panic!("an exchange where an answer was due"),
    }
}

/// A long first lock-out, so that a locked pair stays locked for the whole test.
fn patient_config() -> ServerConfig {
    ServerConfig {
        auth_failure_delay: Duration::from_secs(30),
        auth_failure_max_delay: Duration::from_secs(60),
        ..quick_config()
    }
}

#[test]
fn joining_a_lobby_of_ones_own_does_not_reset_the_lock_out() {
    let server = serve(patient_config());
    let addr = server.addr();
    let mut host = Client::host(addr, "Hostess", "secret", GameSetup::new("chess"));
    let victim = host.mirror.code().expect("a code").to_string();
    let attacker: IpAddr = [127, 0, 0, 7].into();
    let (_own, own_code) = Raw::open_from(addr, attacker, "Decoy");

    let guess = |password: &str| {
        refusal(Raw::try_join(addr, attacker, Some(&victim), "Guesser", password).1)
    };
    assert_eq!(guess("secret1"), Some(EntryRefusal::WrongPassword));
    for round in 0..3 {
        // A successful join into the attacker's own lobby...
        let (_member, reply) = Raw::try_join(addr, attacker, Some(&own_code), "Sock", "");
        assert_eq!(refusal(reply), None, "round {round}");
        // ...leaves the attacker locked out of the victim's lobby, even with the right
        // password: the lock-out is not a hint.
        assert!(matches!(
            guess(&format!("guess{round}")),
            Some(EntryRefusal::TooManyAttempts { .. })
        ));
        assert!(matches!(
            guess("secret"),
            Some(EntryRefusal::TooManyAttempts { .. })
        ));
    }
    // Meanwhile an honest player on another address gets in at once.
    let friend = Client::try_enter(
        addr,
        ply_net::EntryRequest::join("Friend", "secret", Some(&victim)),
    );
    assert!(friend.is_ok(), "{:?}", friend.err());
    host.expect_lobby("the friend in", |view| {
        view.players.iter().any(|p| p.name == "Friend")
    });
}

#[test]
fn scanning_codes_is_locked_out_like_guessing_passwords() {
    let server = serve(patient_config());
    let addr = server.addr();
    let host = Client::host(addr, "Hostess", "", GameSetup::new("chess"));
    let code = host.mirror.code().expect("a code").to_string();
    let scanner: IpAddr = [127, 0, 0, 8].into();
    let try_code = |code: &str| refusal(Raw::try_join(addr, scanner, Some(code), "Scan", "").1);
    assert!(matches!(
        try_code("AAAAAA"),
        Some(EntryRefusal::NoSuchLobby { .. })
    ));
    assert!(matches!(
        try_code("BBBBBB"),
        Some(EntryRefusal::TooManyAttempts { .. })
    ));
    // Scanning does not lock the scanner out of a lobby it knows the code of, nor
    // anyone else out of anything.
    assert_eq!(try_code(&code), None);
    let (_raw, reply) = Raw::try_join(addr, LOOPBACK, Some("CCCCCC"), "Lost", "");
    assert!(matches!(
        refusal(reply),
        Some(EntryRefusal::NoSuchLobby { .. })
    ));
}

#[test]
fn a_full_failure_table_still_locks_out_newcomers() {
    let server = serve(ServerConfig {
        max_failure_records: 3,
        ..patient_config()
    });
    let addr = server.addr();
    let mut host = Client::host(addr, "Hostess", "secret", GameSetup::new("chess"));
    let code = host.mirror.code().expect("a code").to_string();
    // Many more guessing addresses than the table holds: each one is still locked out
    // right after its first wrong guess.
    for last in 10..30u8 {
        let attacker: IpAddr = [127, 0, last, 1].into();
        let first = Raw::try_join(addr, attacker, Some(&code), "Guesser", "nope").1;
        assert_eq!(refusal(first), Some(EntryRefusal::WrongPassword));
        let second = Raw::try_join(addr, attacker, Some(&code), "Guesser", "nope2").1;
        assert!(
            matches!(refusal(second), Some(EntryRefusal::TooManyAttempts { .. })),
            "127.0.{last}.1 got a second guess"
        );
    }
    let friend = Client::try_enter(
        addr,
        ply_net::EntryRequest::join("Friend", "secret", Some(&code)),
    );
    assert!(friend.is_ok(), "{:?}", friend.err());
    host.expect_lobby("the friend in", |view| view.players.len() == 2);
}

#[test]
fn the_host_checks_only_so_many_passwords_a_minute() {
    let server = serve(patient_config());
    let addr = server.addr();
    let host = Client::host(addr, "Hostess", "secret", GameSetup::new("chess"));
    let code = host.mirror.code().expect("a code").to_string();
    // Guessers from many networks, each within the relay's lock-outs: the host's game
    // answers a limited number, whoever relays them, then turns the rest down.
    let per_minute = ply_net::HOST_EXCHANGES_PER_MINUTE as u8;
    for last in 0..per_minute {
        let guesser: IpAddr = [127, 0, 100 + last, 1].into();
        let reply = Raw::try_join(addr, guesser, Some(&code), "Guesser", "wrong").1;
        assert_eq!(refusal(reply), Some(EntryRefusal::WrongPassword));
    }
    let guesser: IpAddr = [127, 0, 100 + per_minute, 1].into();
    let reply = Raw::try_join(addr, guesser, Some(&code), "Guesser", "wrong").1;
    assert_eq!(refusal(reply), Some(EntryRefusal::HostBusy));
    assert_eq!(
        EntryRefusal::HostBusy.to_string(),
        "the host has checked many passwords in the last minute; try again in a minute"
    );
    // No guesser got in.
    let lobby = host.mirror.lobby().expect("the lobby");
    assert_eq!(lobby.players.len(), 1);
}

#[test]
fn a_flood_of_failures_cannot_flush_a_guessers_lock_out() {
    let server = serve(ServerConfig {
        auth_failure_delay: Duration::from_millis(500),
        auth_failure_max_delay: Duration::from_secs(60),
        max_failure_records: 64,
        ..quick_config()
    });
    let addr = server.addr();
    let mut host = Client::host(addr, "Hostess", "secret", GameSetup::new("chess"));
    let code = host.mirror.code().expect("a code").to_string();
    let guesser: IpAddr = [127, 0, 7, 7].into();
    let guess =
        |password: &str| refusal(Raw::try_join(addr, guesser, Some(&code), "Guesser", password).1);
    assert_eq!(guess("one"), Some(EntryRefusal::WrongPassword));
    std::thread::sleep(Duration::from_millis(600));
    assert_eq!(guess("two"), Some(EntryRefusal::WrongPassword));
    // A hundred addresses of a hundred networks fail once each: many more records than
    // the table holds.
    for index in 0..100u8 {
        let flooder: IpAddr = [127, 1, index, 1].into();
        let (_raw, reply) = Raw::try_join(addr, flooder, Some("ZZZZZZ"), "Flood", "");
        assert!(matches!(
            refusal(reply),
            Some(EntryRefusal::NoSuchLobby { .. })
        ));
    }
    // The guesser's record is still there: still locked out, or, once the lock ran
    // out, locked out for longer after the next failure than a fresh record would be.
    match guess("three") {
        Some(EntryRefusal::TooManyAttempts { .. }) => {}
        Some(EntryRefusal::WrongPassword) => match guess("four") {
            Some(EntryRefusal::TooManyAttempts { retry_after_secs }) => {
                assert!(
                    retry_after_secs >= 2,
                    "a fresh record: {retry_after_secs} s"
                );
            }
            other => panic!("not locked out after a failure: {other:?}"),
        },
        other => panic!("unexpected {other:?}"),
    }
    // The friend gets in meanwhile.
    let friend = Client::try_enter(
        addr,
        ply_net::EntryRequest::join("Friend", "secret", Some(&code)),
    );
    assert!(friend.is_ok(), "{:?}", friend.err());
    host.expect_lobby("the friend in", |view| view.players.len() == 2);
}
