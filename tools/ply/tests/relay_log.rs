//! `ply relay`'s log against hostile peers: what a peer sends reaches the operator's log
//! escaped, never as raw line breaks or terminal escapes, while real players play on.

use ply_net::frame::Connection;
use ply_net::protocol::{Entry, EntryRefusal, EntryReply, Hello, PROTOCOL_VERSION, Welcome};
use ply_net::{ClientSession, EntryRequest, GameSetup, Occupant, ServerMsg};
use std::io::{BufRead, BufReader, Read};
use std::net::{IpAddr, SocketAddr};
use std::process::{Command, Stdio};
use std::time::Duration;

/// How long any step may take before the test fails (only reached on failure).
const PATIENCE: Duration = Duration::from_secs(20);

/// Tries to join the relay's only lobby as `name` from `source`; returns the refusal.
async fn refused_name(relay: SocketAddr, source: IpAddr, name: &str) -> EntryRefusal {
    let socket = tokio::net::TcpSocket::new_v4().expect("a socket");
    socket
        .bind(SocketAddr::new(source, 0))
        .expect("a loopback source address");
    let stream = socket.connect(relay).await.expect("the relay accepts");
    let mut conn = Connection::new(stream);
    conn.send(&Hello {
        version: PROTOCOL_VERSION,
        software: "hostile".to_string(),
    })
    .await
    .expect("hello");
    let welcome: Welcome = conn.read_message().await.expect("welcome");
    assert!(welcome.refused.is_none(), "{welcome:?}");
    conn.secure_as_client()
        .await
        .expect("the encrypted channel");
    conn.send(&Entry::Join {
        name: name.to_string(),
        code: None,
        token: None,
        exchange: None,
        invite: false,
    })
    .await
    .expect("the entry");
    match conn.read_message::<EntryReply>().await.expect("a reply") {
        EntryReply::Refused(refusal) => refusal,
        other => panic!("{name:?} was not refused: {other:?}"),
    }
}

/// Waits for the next message `pick` accepts, answering pings on the way.
async fn expect<T>(
    session: &mut ClientSession,
    mut pick: impl FnMut(&ServerMsg) -> Option<T>,
) -> T {
    loop {
        let message = session.recv().await.expect("the connection holds");
        if let ServerMsg::Ping { nonce } = message {
            session
                .send(&ply_net::ClientMsg::Pong { nonce })
                .await
                .expect("pong");
        } else if let Some(found) = pick(&message) {
            return found;
        }
    }
}

#[test]
fn names_that_forge_log_lines_reach_the_log_escaped_while_players_play() {
    let mut relay = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(["relay", "--listen", "127.0.0.1:0", "--threads", "1"])
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the relay starts");
    let mut first = String::new();
    BufReader::new(relay.stdout.take().expect("stdout"))
        .read_line(&mut first)
        .expect("the relay says where it listens");
    let addr: SocketAddr = first
        .strip_prefix("relay listening on ")
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|text| text.parse().ok())
        .expect("an address");
    let forgeries = [
        // A whole forged line, after CR/LF, as the log's own format writes one.
        "x\r\n2026-01-01T00:00:00.000000Z ERROR pwn",
        // Terminal escapes, a line separator and a direction override.
        "y\u{1b}[2K\u{1b}[31m ERROR\u{2028}\u{202E}nwp",
    ];
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        tokio::time::timeout(PATIENCE, async {
            let (mut host, _) = ClientSession::connect(
                &addr.to_string(),
                &EntryRequest::open("Hostess", "", GameSetup::new("chess")),
                PATIENCE,
            )
            .await
            .expect("the host opens a lobby");
            let (mut guest, _) = ClientSession::connect(
                &addr.to_string(),
                &EntryRequest::join("Guest", "", None),
                PATIENCE,
            )
            .await
            .expect("the guest joins");
            for (index, name) in forgeries.iter().enumerate() {
                let source: IpAddr = [127, 0, 0, 66 + index as u8].into();
                let refusal = refused_name(addr, source, name).await;
                assert!(
                    matches!(refusal, EntryRefusal::BadName { .. }),
                    "{refusal:?}"
                );
            }
            // The players were served all along.
            for (side, name) in [
                (ply_core::Player::First, "Guest"),
                (ply_core::Player::Second, "Hostess"),
            ] {
                host.send(&ply_net::ClientMsg::SetSide {
                    side,
                    occupant: Occupant::Player(name.to_string()),
                })
                .await
                .expect("a seat");
            }
            host.send(&ply_net::ClientMsg::Start).await.expect("start");
            expect(&mut guest, |m| {
                matches!(m, ServerMsg::GameStarted(_)).then_some(())
            })
            .await;
            guest
                .send(&ply_net::ClientMsg::Move {
                    text: "e2e4".to_string(),
                })
                .await
                .expect("a move");
            let text = expect(&mut host, |message| match message {
                ServerMsg::MovePlayed { text, .. } => Some(text.clone()),
                _ => None,
            })
            .await;
            assert_eq!(text, "e2e4");
        })
        .await
        .expect("the players were served in time");
    });
    relay.kill().expect("the relay stops");
    let mut log = String::new();
    relay
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut log)
        .expect("the log reads");
    let _ = relay.wait();
    // Each refusal is one line of the log, with the name spelt out.
    let refusals: Vec<&str> = log
        .lines()
        .filter(|line| line.contains("entry refused"))
        .collect();
    assert_eq!(refusals.len(), 2, "{log}");
    assert!(
        refusals[0].contains("x\\u{d}\\u{a}2026-01-01T00:00:00.000000Z ERROR pwn"),
        "{log}"
    );
    assert!(
        refusals[1].contains("y\\u{1b}[2K\\u{1b}[31m ERROR\\u{2028}\\u{202e}nwp"),
        "{log}"
    );
    // Nothing a peer sent starts a line, breaks one or reaches the terminal raw.
    assert!(
        !log.lines().any(|line| line.starts_with("2026-01-01")),
        "{log}"
    );
    for hidden in ['\u{1b}', '\r', '\u{2028}', '\u{202E}'] {
        assert!(!log.contains(hidden), "{hidden:?} in the log: {log}");
    }
    assert!(!log.contains("pwn\n"), "{log}");
}
