//! A man in the middle (issue 43, item 1): a proxy that relays a real client to the
//! relay, posing as the relay with a key of its own. A client holding the relay's
//! fingerprint (from an invite code) leaves before saying a word; one without it says
//! who it is, but its password exchange fails, since each end binds it to the relay key
//! it saw in its own handshake. Neither gets the proxy into the lobby. A relay met
//! before is known by its key: a proxy in its place is refused before a word is said.

use crate::common::{Client, quick_config, serve};
use bytes::Bytes;
use ply_net::frame::Connection;
use ply_net::keys::RelayKey;
use ply_net::protocol::{Entry, EntryRefusal};
use ply_net::{
    ClientError, ClientSession, CloseReason, EntryRequest, GameSetup, KnownRelays, Pinned, Pinning,
};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use tokio::net::{TcpListener, TcpStream};

/// What the proxy read from the clients it relayed, once decrypted.
type Seen = Arc<Mutex<Vec<Vec<u8>>>>;

/// Relays one client to `relay`, reading everything the client says.
async fn relay_one(client: TcpStream, relay: SocketAddr, key: RelayKey, seen: Seen) {
    let Ok(upstream) = TcpStream::connect(relay).await else {
        return;
    };
    let (mut down, mut up) = (Connection::new(client), Connection::new(upstream));
    // The hello and welcome are plain; the proxy passes them on.
    let Ok(Some(hello)) = down.read_frame().await else {
        return;
    };
    if up.queue(hello.freeze()).is_err() || up.flush().await.is_err() {
        return;
    }
    let Ok(Some(welcome)) = up.read_frame().await else {
        return;
    };
    if down.queue(welcome.freeze()).is_err() || down.flush().await.is_err() {
        return;
    }
    // Posing as the relay to the client, and as a client to the relay.
    if down.secure_as_server(&key).await.is_err() || up.secure_as_client().await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            frame = down.read_frame() => {
                let Ok(Some(frame)) = frame else { return };
                lock_seen(&seen).push(frame.to_vec());
                if up.queue(Bytes::from(frame.to_vec())).is_err() || up.flush().await.is_err() {
                    return;
                }
            }
            frame = up.read_frame() => {
                let Ok(Some(frame)) = frame else { return };
                if down.queue(frame.freeze()).is_err() || down.flush().await.is_err() {
                    return;
                }
            }
        }
    }
}

fn lock_seen(seen: &Seen) -> std::sync::MutexGuard<'_, Vec<Vec<u8>>> {
    seen.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A proxy on a free loopback port in front of `relay`; returns its address and what
/// it read.
fn start_proxy(relay: SocketAddr) -> (SocketAddr, Seen) {
    let seen: Seen = Arc::default();
    let (ready_tx, ready) = std::sync::mpsc::channel();
    let record = seen.clone();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        runtime.block_on(async move {
            let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
            let _ = ready_tx.send(listener.local_addr().expect("an address"));
            let key = RelayKey::generate();
            while let Ok((client, _)) = listener.accept().await {
                tokio::spawn(relay_one(client, relay, key.clone(), record.clone()));
            }
        });
    });
    let addr = ready.recv().expect("the proxy listens");
    (addr, seen)
}

#[test]
fn a_proxy_posing_as_the_relay_reads_nothing_and_enters_nothing() {
    let server = serve(quick_config());
    let addr = server.addr();
    let mut host = Client::host(addr, "Hostess", "secret", GameSetup::new("chess"));
    let code = host.mirror.code().expect("a code").to_string();
    let fingerprint = host
        .handle
        .relay_fingerprint()
        .expect("the relay's fingerprint");
    let (proxy, seen) = start_proxy(addr);
    // With the fingerprint of an invite code, the client leaves before saying a word.
    let request = EntryRequest::join("Friend", "secret", Some(&code)).with_relay(Some(fingerprint));
    match Client::try_enter(proxy, request).err() {
        Some(CloseReason::Failed(ClientError::WrongRelay { expected, shown })) => {
            assert_eq!(expected, fingerprint);
            assert_ne!(shown, fingerprint);
        }
        other => panic!("the client went on through the proxy: {other:?}"),
    }
    assert!(lock_seen(&seen).is_empty(), "the proxy read a frame");
    // Without it (an address typed by hand), the proxy reads the entry, but the
    // password exchange it relays fails: the client and the host saw different keys.
    let request = EntryRequest::join("Friend", "secret", Some(&code));
    match Client::try_enter(proxy, request).err() {
        Some(CloseReason::Failed(ClientError::Refused(EntryRefusal::WrongPassword))) => {}
        other => panic!("the exchange went through the proxy: {other:?}"),
    }
    let read = lock_seen(&seen).clone();
    assert!(
        read.iter().any(|frame| matches!(
            ply_net::frame::decode::<Entry>(frame),
            Ok(Entry::Join { .. })
        )),
        "the proxy read the entry"
    );
    // The lobby has its host alone, and the friend, going straight to the relay, gets in.
    assert_eq!(
        host.mirror.lobby().map(|lobby| lobby.players.len()),
        Some(1)
    );
    std::thread::sleep(std::time::Duration::from_millis(400));
    let request = EntryRequest::join("Friend", "secret", Some(&code)).with_relay(Some(fingerprint));
    let friend = Client::try_enter(addr, request);
    assert!(friend.is_ok(), "{:?}", friend.err());
    host.expect_lobby("the friend in", |view| view.players.len() == 2);
}

#[test]
fn a_relay_met_before_is_known_by_its_key_and_a_proxy_in_its_place_is_refused() {
    let server = serve(quick_config());
    let addr = server.addr();
    let host = Client::host(addr, "Hostess", "", GameSetup::new("chess"));
    let fingerprint = host
        .handle
        .relay_fingerprint()
        .expect("the relay's fingerprint");
    let (proxy, seen) = start_proxy(addr);
    let dir = tempfile::tempdir().expect("a temporary folder");
    let known = KnownRelays::at(dir.path().join("known-relays.toml"));
    let pinning = Pinning {
        known: Some(known.clone()),
        home_too: true,
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let enter = |at: SocketAddr, name: &str| {
        let request = EntryRequest::join(name, "", None);
        let limit = std::time::Duration::from_secs(10);
        runtime.block_on(ClientSession::connect_pinned(
            &at.to_string(),
            &request,
            limit,
            &pinning,
        ))
    };
    // The first time, the relay's key is remembered; the next time it is the same.
    assert!(enter(addr, "First").is_ok());
    assert_eq!(
        known.check(&addr.to_string(), fingerprint).ok(),
        Some(Pinned::Same)
    );
    assert!(enter(addr, "Second").is_ok());
    // The proxy's address stands for one whose relay was met before (as when someone
    // gets in the middle of a known address): the client leaves before saying a word.
    assert_eq!(
        known.check(&proxy.to_string(), fingerprint).ok(),
        Some(Pinned::New)
    );
    match enter(proxy, "Third").err() {
        Some(ClientError::RelayKeyChanged { pinned, shown, .. }) => {
            assert_eq!(pinned, fingerprint);
            assert_ne!(shown, fingerprint);
        }
        other => panic!("the client went on through the proxy: {other:?}"),
    }
    assert!(lock_seen(&seen).is_empty(), "the proxy read a frame");
    // Meanwhile a player going straight to the relay gets in as before.
    assert!(enter(addr, "Fourth").is_ok());
}
