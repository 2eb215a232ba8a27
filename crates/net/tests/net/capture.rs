//! The wire, as an eavesdropper or a relay's network sees it (issue 13, item 2): a
//! proxy between a real client and the relay records a password-protected join, a chat
//! and a rejoin; the password, the tokens and the chat appear nowhere in the bytes, and
//! replaying the bytes enters no lobby.

use crate::common::{Client, PATIENCE, quick_config, seat, serve};
use ply_core::Player;
use ply_net::{ClientMsg, EntryRequest, GameSetup, NetEvent, ServerMsg};
use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const PASSWORD: &str = "correct horse battery staple";
const CHAT: &str = "meet me at the usual place at nine";

/// The bytes of one proxied connection, each way.
#[derive(Default)]
struct Recorded {
    from_client: Vec<u8>,
    from_server: Vec<u8>,
}

/// One proxied connection: its record and both of its sockets.
type Proxied = (Arc<Mutex<Recorded>>, TcpStream, TcpStream);

/// A TCP proxy that records everything it forwards and can cut its connections.
struct Proxy {
    addr: SocketAddr,
    connections: Arc<Mutex<Vec<Proxied>>>,
}

fn pipe(mut from: TcpStream, mut to: TcpStream, record: Arc<Mutex<Recorded>>, upstream: bool) {
    std::thread::spawn(move || {
        let mut buffer = [0u8; 16 * 1024];
        while let Ok(read) = from.read(&mut buffer) {
            if read == 0 {
                break;
            }
            {
                let mut record = record.lock().expect("the record");
                let side = if upstream {
                    &mut record.from_client
                } else {
                    &mut record.from_server
                };
                side.extend_from_slice(&buffer[..read]);
            }
            if to.write_all(&buffer[..read]).is_err() {
                break;
            }
        }
        let _ = to.shutdown(Shutdown::Write);
    });
}

impl Proxy {
    fn start(server: SocketAddr) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").expect("the proxy listens");
        let addr = listener.local_addr().expect("an address");
        let connections = Arc::new(Mutex::new(Vec::new()));
        let kept = connections.clone();
        std::thread::spawn(move || {
            for client in listener.incoming() {
                let Ok(client) = client else { break };
                let Ok(upstream) = TcpStream::connect(server) else {
                    break;
                };
                let record = Arc::new(Mutex::new(Recorded::default()));
                let clones = (
                    client.try_clone().expect("a socket clone"),
                    upstream.try_clone().expect("a socket clone"),
                );
                pipe(
                    client.try_clone().expect("a socket clone"),
                    upstream.try_clone().expect("a socket clone"),
                    record.clone(),
                    true,
                );
                pipe(upstream, client, record.clone(), false);
                kept.lock()
                    .expect("the connections")
                    .push((record, clones.0, clones.1));
            }
        });
        Proxy { addr, connections }
    }

    /// Cuts every connection, as a network failure would.
    fn cut_all(&self) {
        for (_, client, upstream) in self.connections.lock().expect("the connections").iter() {
            let _ = client.shutdown(Shutdown::Both);
            let _ = upstream.shutdown(Shutdown::Both);
        }
    }

    /// Everything recorded so far, connection by connection.
    fn recorded(&self) -> Vec<(Vec<u8>, Vec<u8>)> {
        self.connections
            .lock()
            .expect("the connections")
            .iter()
            .map(|(record, _, _)| {
                let record = record.lock().expect("the record");
                (record.from_client.clone(), record.from_server.clone())
            })
            .collect()
    }
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack
        .windows(needle.len())
        .any(|window| window == needle)
}

#[test]
fn the_wire_shows_no_password_token_or_chat_and_replays_enter_nothing() {
    let server = serve(quick_config());
    let addr = server.addr();
    let mut host = Client::host(addr, "Hostess", PASSWORD, GameSetup::new("chess"));
    let code = host.mirror.code().expect("a code").to_string();
    let proxy = Proxy::start(addr);
    let through = proxy.addr;

    // A join through the proxy, with the password, then a chat both ways.
    let mut joiner =
        Client::try_enter(through, EntryRequest::join("Joiner", PASSWORD, Some(&code)))
            .expect("the joiner gets in through the proxy");
    let first_token = joiner.mirror.token().expect("a token");
    joiner.send(ClientMsg::Chat {
        text: CHAT.to_string(),
    });
    host.expect_message("the chat", |message| match message {
        ServerMsg::Chat { text, .. } if text == CHAT => Some(()),
        _ => None,
    });
    // A game, so that the joiner's seat is kept when the line breaks.
    host.send(seat(Player::First, Some("Joiner")));
    host.send(seat(Player::Second, Some("computer")));
    host.send(ClientMsg::Start);
    joiner.expect_started();
    proxy.cut_all();
    host.expect_message("the joiner dropped", |message| match message {
        ServerMsg::PlayerDropped { name } if name == "Joiner" => Some(()),
        _ => None,
    });
    // The rejoin, through the proxy again.
    let rejoined = Client::try_enter(
        through,
        EntryRequest::rejoin("Joiner", PASSWORD, Some(&code), first_token),
    )
    .expect("the joiner rejoins");
    let second_token = rejoined.mirror.token().expect("a new token");
    host.expect_message("the joiner back", |message| match message {
        ServerMsg::PlayerRejoined { name, .. } if name == "Joiner" => Some(()),
        _ => None,
    });
    host.expect_lobby("everyone connected", |view| {
        view.players.iter().all(|player| player.connected)
    });

    let recorded = proxy.recorded();
    assert_eq!(recorded.len(), 2, "a join and a rejoin");
    let secrets: Vec<(&str, Vec<u8>)> = vec![
        ("the password", PASSWORD.as_bytes().to_vec()),
        ("a word of the password", b"battery".to_vec()),
        ("the chat", CHAT.as_bytes().to_vec()),
        ("a word of the chat", b"usual place".to_vec()),
        ("the first token", first_token.0.to_vec()),
        (
            "the first token as text",
            first_token.to_string().into_bytes(),
        ),
        ("the second token", second_token.0.to_vec()),
        (
            "the second token as text",
            second_token.to_string().into_bytes(),
        ),
        ("the lobby code", code.as_bytes().to_vec()),
    ];
    for (index, (from_client, from_server)) in recorded.iter().enumerate() {
        assert!(from_client.len() > 100 && from_server.len() > 100);
        for (what, bytes) in &secrets {
            assert!(
                !contains(from_client, bytes) && !contains(from_server, bytes),
                "{what} appears in connection {index}"
            );
        }
    }

    // Replaying what each client sent, byte for byte, enters nothing: the relay's
    // fresh keys make the old encrypted entry unreadable, and the connection ends.
    for (from_client, _) in &recorded {
        let mut replay = TcpStream::connect(addr).expect("the relay accepts");
        replay
            .set_read_timeout(Some(PATIENCE))
            .expect("a read timeout");
        let _ = replay.write_all(from_client);
        let started = Instant::now();
        let mut answer = Vec::new();
        let _ = replay.read_to_end(&mut answer);
        assert!(
            started.elapsed() < Duration::from_secs(3),
            "the replay was kept open"
        );
        assert!(answer.len() < 200, "the replay got {} bytes", answer.len());
    }
    // Nobody entered, nobody was displaced: the lobby is as it was.
    host.send(ClientMsg::Chat {
        text: "still two of us".to_string(),
    });
    let mut seen = Vec::new();
    host.expect("the host's own chat back", |event| {
        if let NetEvent::Message(message) = event {
            seen.push(message.clone());
        }
        matches!(event, NetEvent::Message(ServerMsg::Chat { text, .. }) if text == "still two of us")
            .then_some(())
    });
    assert!(
        !seen.iter().any(|message| matches!(
            message,
            ServerMsg::PlayerReplaced { .. }
                | ServerMsg::PlayerRejoined { .. }
                | ServerMsg::Lobby(_)
        )),
        "{seen:?}"
    );
    let lobby = host.mirror.lobby().expect("the lobby");
    assert_eq!(lobby.players.len(), 2);
    assert!(lobby.players.iter().all(|player| player.connected));
    drop(rejoined);
}
