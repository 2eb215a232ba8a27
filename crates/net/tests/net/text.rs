//! Text that deceives (issue 13, item 8; issue 43, item 7): chat and names reach other
//! players without ANSI escapes, CR/LF, NUL, line or paragraph separators, zero-width
//! characters or direction marks, and names that look alike cannot sit side by side.

use crate::common::{Client, LOOPBACK, Raw, quick_config, serve};
use ply_net::protocol::EntryReply;
use ply_net::{ClientMsg, EntryRefusal, GameSetup, ServerMsg};

#[test]
fn chat_arrives_without_control_characters() {
    let server = serve(quick_config());
    let addr = server.addr();
    let mut host = Client::host(addr, "Hostess", "", GameSetup::new("chess"));
    let mut guest = Client::join(addr, "Guest", "");
    host.expect_lobby("the guest in", |view| view.players.len() == 2);
    guest.send(ClientMsg::Chat {
        text: "hi\u{1b}[2J\u{1b}[31m\r\nHostess: resign now\0\u{202E}olleh\u{7}".to_string(),
    });
    let heard = host.expect_message("the chat message", |message| match message {
        ServerMsg::Chat { from, text } => Some((from.clone(), text.clone())),
        _ => None,
    });
    assert_eq!(heard.0, "Guest");
    assert_eq!(heard.1, "hi[2J[31mHostess: resign nowolleh");
    assert!(!heard.1.chars().any(char::is_control));
    // Plain chat is untouched.
    host.send(ClientMsg::Chat {
        text: "bonne chance, ça va ♞".to_string(),
    });
    guest.expect_message("the host's chat", |message| match message {
        ServerMsg::Chat { text, .. } if text == "bonne chance, ça va ♞" => Some(()),
        _ => None,
    });
}

#[test]
fn names_with_control_characters_are_refused_and_never_echoed_raw() {
    let server = serve(quick_config());
    let addr = server.addr();
    let mut host = Client::host(addr, "Hostess", "", GameSetup::new("chess"));
    for name in [
        "Bad\u{1b}[2JName",
        "Line\r\nBreak",
        "Nul\0l",
        "Over\u{202E}ride",
    ] {
        let (_raw, reply) = Raw::try_join(addr, LOOPBACK, None, name, "");
        assert!(
            matches!(reply, EntryReply::Refused(EntryRefusal::BadName { .. })),
            "{name:?}: {reply:?}"
        );
    }
    // A host asking for a member by a name full of escapes gets a clean echo.
    host.send(ClientMsg::Remove {
        name: "Gh\u{1b}[0most\r\n".to_string(),
    });
    match host.expect_denied() {
        ply_net::Denied::NoSuchPlayer { name } => assert_eq!(name, "Gh[0most"),
        other => panic!("unexpected {other:?}"),
    }
    let guest = Client::join(addr, "Honest", "");
    host.expect_lobby("the honest player in", |view| view.players.len() == 2);
    drop(guest);
}

#[test]
fn chat_arrives_without_separators_zero_widths_or_direction_marks() {
    let server = serve(quick_config());
    let addr = server.addr();
    let mut host = Client::host(addr, "Hostess", "", GameSetup::new("chess"));
    let guest = Client::join(addr, "Guest", "");
    host.expect_lobby("the guest in", |view| view.players.len() == 2);
    guest.send(ClientMsg::Chat {
        text: "a\u{2028}b\u{2029}c\u{200B}d\u{200E}e\u{2066}f\u{FEFF}g\u{200D}h".to_string(),
    });
    let heard = host.expect_message("the chat message", |message| match message {
        ServerMsg::Chat { text, .. } => Some(text.clone()),
        _ => None,
    });
    assert_eq!(heard, "abcdefgh");
}

#[test]
fn names_that_look_alike_cannot_sit_side_by_side() {
    let server = serve(quick_config());
    let addr = server.addr();
    let mut host = Client::host(addr, "Pace", "", GameSetup::new("chess"));
    let _bob = Client::join(addr, "Bob1", "");
    host.expect_lobby("Bob in", |view| view.players.len() == 2);
    let impostor: std::net::IpAddr = [127, 0, 44, 1].into();
    for (name, taken) in [
        ("\u{420}\u{430}\u{441}\u{435}", "Pace"),
        ("\u{FF30}\u{FF41}\u{FF43}\u{FF45}", "Pace"),
        ("PACE", "Pace"),
        ("Bob\u{FF11}", "Bob1"),
    ] {
        let (_raw, reply) = Raw::try_join(addr, impostor, None, name, "");
        assert_eq!(
            reply,
            EntryReply::Refused(EntryRefusal::NameTaken {
                name: taken.to_string()
            }),
            "{name}"
        );
    }
    // A name of its own gets in.
    let _paul = Client::join(addr, "Paul", "");
    host.expect_lobby("Paul in", |view| view.players.len() == 3);
}
