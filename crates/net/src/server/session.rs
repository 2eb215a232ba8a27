//! One task per connection: the handshake (hello, password proof, entry into a lobby),
//! then a loop that reads requests, writes whatever the lobby queued for this member,
//! pings, and cuts the connection on silence, flooding or anything malformed.

use super::address::AddressKey;
use super::lobby::{Link, Lobby, MemberId};
use super::lockout::Target;
use super::rate::RateLimit;
use super::setup::Prepared;
use super::{HandshakeSlot, Lobbies, Shared, lock};
use crate::auth::{random_bytes, verify};
use crate::frame::{Connection, decode};
use crate::protocol::{
    ClientMsg, Entry, EntryRefusal, EntryReply, Hello, LobbyKey, MAX_HELLO_FRAME_LEN, Nonce,
    PROTOCOL_VERSION, Proof, Token, Welcome, validate_name,
};
use bytes::Bytes;
use rand::Rng;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::net::TcpStream;
use tokio::sync::{OwnedSemaphorePermit, mpsc, watch};
use tokio::time::{MissedTickBehavior, interval_at, timeout};

/// Letters of lobby codes: no 0/O or 1/I to misread.
const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const CODE_LEN: usize = 6;

/// How long a refusal or goodbye may take to write before the connection is dropped.
const FAREWELL_TIMEOUT: Duration = Duration::from_secs(1);

/// A connection's place in a lobby.
struct Membership {
    code: String,
    lobby: Arc<Mutex<Lobby>>,
    member: MemberId,
}

/// An entered connection: its number, where it comes from and its place.
struct Member {
    conn_id: u64,
    address: AddressKey,
    membership: Membership,
}

/// Serves one connection from accept to close.
pub(super) async fn serve(
    shared: Arc<Shared>,
    stream: TcpStream,
    peer: SocketAddr,
    handshake_permit: (OwnedSemaphorePermit, HandshakeSlot),
    mut stop: watch::Receiver<()>,
) {
    let mut conn = Connection::with_budget(stream, shared.budget.clone());
    let conn_id = shared.next_conn.fetch_add(1, Ordering::Relaxed);
    let (tx, outbox) = mpsc::channel(shared.config.outbox_capacity.max(1));
    let link = Link { conn: conn_id, tx };
    let entered = tokio::select! {
        entered = timeout(
            shared.config.handshake_timeout,
            handshake(&shared, &mut conn, peer.ip(), link),
        ) => entered,
        _ = stop.changed() => return,
    };
    drop(handshake_permit);
    match entered {
        Ok(Ok(membership)) => {
            conn.set_limit(shared.config.max_member_frame_len);
            let member = Member {
                conn_id,
                address: AddressKey::of(peer.ip()),
                membership,
            };
            session(&shared, conn, member, outbox, stop).await;
        }
        Ok(Err(Some(refusal))) => {
            let address = AddressKey::of(peer.ip());
            if shared.may_log("entry refused", address) {
                tracing::info!(address = %address, reason = %refusal, "entry refused");
            }
            if conn.queue_message(&EntryReply::Refused(refusal)).is_ok() {
                let _ = timeout(FAREWELL_TIMEOUT, conn.finish()).await;
            }
        }
        Ok(Err(None)) | Err(_) => {}
    }
}

/// Hello, welcome with a nonce, then entry. `Err(None)` closes without a word (the
/// other side broke the protocol or went away).
async fn handshake(
    shared: &Shared,
    conn: &mut Connection,
    ip: IpAddr,
    link: Link,
) -> Result<Membership, Option<EntryRefusal>> {
    conn.set_limit(MAX_HELLO_FRAME_LEN);
    let hello: Hello = conn.read_message().await.map_err(|_| None)?;
    let nonce: Nonce = random_bytes();
    let mismatch = hello.version != PROTOCOL_VERSION;
    let welcome = Welcome {
        version: PROTOCOL_VERSION,
        nonce,
        heartbeat_ms: u32::try_from(shared.config.heartbeat_interval.as_millis())
            .unwrap_or(u32::MAX),
        refused: mismatch.then(|| {
            format!(
                "this server speaks protocol version {PROTOCOL_VERSION}, your game speaks \
                 version {}; both sides need the same Plyground version",
                hello.version
            )
        }),
    };
    if mismatch {
        if conn.queue_message(&welcome).is_ok() {
            let _ = timeout(FAREWELL_TIMEOUT, conn.finish()).await;
        }
        return Err(None);
    }
    conn.send(&welcome).await.map_err(|_| None)?;
    conn.set_limit(shared.config.max_entry_frame_len);
    let entry = match conn.read_message().await.map_err(|_| None)? {
        Entry::Open { name, key, setup } => {
            validate_name(&name).map_err(Some)?;
            // The limits first: a saved game is replayed only for someone who may open.
            may_open(shared, &lock(&shared.lobbies), AddressKey::of(ip)).map_err(Some)?;
            let prepared = shared
                .prepare(setup, AddressKey::of(ip))
                .await
                .map_err(|error| {
                    Some(EntryRefusal::BadSetup {
                        reason: error.to_string(),
                    })
                })?;
            Entering::Open {
                name,
                key,
                prepared,
            }
        }
        Entry::Join {
            name,
            code,
            proof,
            token,
        } => Entering::Join {
            name,
            code,
            proof,
            token,
        },
    };
    enter(shared, entry, AddressKey::of(ip), &nonce, link).map_err(Some)
}

/// An [`Entry`] whose game setup, if it brings one, has been checked.
enum Entering {
    Open {
        name: String,
        key: LobbyKey,
        prepared: Prepared,
    },
    Join {
        name: String,
        code: Option<String>,
        proof: Proof,
        token: Option<Token>,
    },
}

fn new_code() -> String {
    let mut rng = rand::rng();
    (0..CODE_LEN)
        .map(|_| char::from(CODE_ALPHABET[rng.random_range(0..CODE_ALPHABET.len())]))
        .collect()
}

/// Whether `address` may open one more lobby on this server.
fn may_open(shared: &Shared, lobbies: &Lobbies, address: AddressKey) -> Result<(), EntryRefusal> {
    let config = &shared.config;
    if lobbies.len() >= config.max_lobbies {
        return Err(EntryRefusal::TooManyLobbies {
            max: u32::try_from(config.max_lobbies).unwrap_or(u32::MAX),
        });
    }
    if lobbies.opened_by(address) >= config.max_lobbies_per_address {
        return Err(EntryRefusal::TooManyLobbiesFromAddress {
            max: u32::try_from(config.max_lobbies_per_address).unwrap_or(u32::MAX),
        });
    }
    Ok(())
}

/// Opens or joins a lobby, counting failures against the address and the lobby.
fn enter(
    shared: &Shared,
    entry: Entering,
    address: AddressKey,
    nonce: &Nonce,
    link: Link,
) -> Result<Membership, EntryRefusal> {
    let now = Instant::now();
    let locked_out = |target: &Target| {
        lock(&shared.failures)
            .check(address, target, now)
            .map_err(|wait| EntryRefusal::TooManyAttempts {
                retry_after_secs: u32::try_from(wait.as_secs() + 1).unwrap_or(u32::MAX),
            })
    };
    let fail = |target: Target, refusal: EntryRefusal| {
        let wait = lock(&shared.failures).record(address, target.clone(), now);
        if shared.may_log("locked out", address) {
            tracing::warn!(
                address = %address,
                target = ?target,
                reason = %refusal,
                lock_secs = wait.as_secs_f32(),
                "failed entry: address locked out of that lobby"
            );
        }
        refusal
    };
    match entry {
        Entering::Open {
            name,
            key,
            prepared,
        } => {
            let mut lobby = Lobby::new(key, prepared, shared.config.lobby_limits());
            let mut lobbies = lock(&shared.lobbies);
            may_open(shared, &lobbies, address)?;
            let code = std::iter::repeat_with(new_code)
                .find(|code| !lobbies.by_code.contains_key(code))
                .unwrap_or_default();
            lobby.set_code(code.clone());
            let member = lobby.admit(&name, None, link)?;
            let lobby = Arc::new(Mutex::new(lobby));
            lobbies.insert(code.clone(), lobby.clone(), address);
            if shared.may_log("lobby opened", address) {
                tracing::info!(code, address = %address, lobbies = lobbies.len(), "lobby opened");
            }
            Ok(Membership {
                code,
                lobby,
                member,
            })
        }
        Entering::Join {
            name,
            code,
            proof,
            token,
        } => {
            validate_name(&name)?;
            let (code, lobby) = {
                let lobbies = lock(&shared.lobbies);
                match code {
                    Some(code) => {
                        let code: String = code.trim().to_ascii_uppercase();
                        match lobbies.by_code.get(&code) {
                            Some(listed) => (code, listed.lobby.clone()),
                            None => {
                                drop(lobbies);
                                locked_out(&Target::UnknownCode)?;
                                let code = code.chars().take(CODE_LEN * 2).collect();
                                return Err(fail(
                                    Target::UnknownCode,
                                    EntryRefusal::NoSuchLobby { code },
                                ));
                            }
                        }
                    }
                    None => {
                        let mut all = lobbies.by_code.iter();
                        match (all.next(), all.next()) {
                            (None, _) => return Err(EntryRefusal::NoLobby),
                            (Some((code, listed)), None) => (code.clone(), listed.lobby.clone()),
                            (Some(_), Some(_)) => return Err(EntryRefusal::NeedCode),
                        }
                    }
                }
            };
            let target = Target::Lobby(code.clone());
            locked_out(&target)?;
            let mut guard = lock(&lobby);
            if !verify(guard.key(), nonce, &proof) {
                return Err(fail(target, EntryRefusal::WrongPassword));
            }
            let member = guard.admit(&name, token, link).map_err(|refusal| {
                if matches!(refusal, EntryRefusal::BadToken { .. }) {
                    fail(target.clone(), refusal)
                } else {
                    refusal
                }
            })?;
            drop(guard);
            lock(&shared.failures).succeeded(address, &code);
            if shared.may_log("joined", address) {
                tracing::info!(code, address = %address, rejoin = token.is_some(), "player joined");
            }
            Ok(Membership {
                code,
                lobby,
                member,
            })
        }
    }
}

/// Writes whatever is queued, within the write timeout.
async fn flush(conn: &mut Connection, limit: Duration) -> bool {
    matches!(timeout(limit, conn.flush()).await, Ok(Ok(())))
}

/// The member's loop: requests in, outbox out, pings, until either side ends it.
async fn session(
    shared: &Shared,
    mut conn: Connection,
    member: Member,
    mut outbox: mpsc::Receiver<Bytes>,
    mut stop: watch::Receiver<()>,
) {
    let Member {
        conn_id,
        address,
        membership,
    } = member;
    let config = &shared.config;
    let beat = config.heartbeat_interval.max(Duration::from_millis(1));
    // A random phase, so that members who arrived together are not all pinged at once.
    let phase = beat.mul_f64(rand::rng().random_range(0.5..1.5));
    let mut heartbeat = interval_at(tokio::time::Instant::now() + phase, beat);
    heartbeat.set_missed_tick_behavior(MissedTickBehavior::Delay);
    let mut last_heard = Instant::now();
    let mut budget = RateLimit::new(
        config.max_messages_per_second,
        config.max_messages_per_second.saturating_mul(2),
    );
    // Whether the connection ends on the server's initiative, with frames to deliver.
    let mut farewell = false;
    // Why the server cut the member off, for the log.
    let mut cut_for: Option<String> = None;
    loop {
        tokio::select! {
            frame = conn.read_frame() => {
                let frame = match frame {
                    Ok(Some(frame)) => frame,
                    Ok(None) => break,
                    Err(error) => {
                        cut_for = Some(error.to_string());
                        break;
                    }
                };
                last_heard = Instant::now();
                if !budget.allow(last_heard) {
                    cut_for = Some("too many messages a second".to_string());
                    break;
                }
                let message = match decode::<ClientMsg>(&frame) {
                    Ok(message) => message,
                    Err(error) => {
                        cut_for = Some(error.to_string());
                        break;
                    }
                };
                let (to_check, mut closed) = {
                    let mut lobby = lock(&membership.lobby);
                    let to_check = lobby.handle(membership.member, conn_id, message);
                    (to_check, lobby.is_closed())
                };
                if let Some(setup) = to_check {
                    let checked = shared.prepare(setup, address).await;
                    let mut lobby = lock(&membership.lobby);
                    lobby.change_setup(membership.member, conn_id, checked);
                    closed = lobby.is_closed();
                }
                if closed {
                    shared.forget_lobby(&membership.code, &membership.lobby, "the host left");
                }
                // Frames already buffered are decoded without touching the socket, so
                // let other connections run between them.
                tokio::task::consume_budget().await;
            }
            queued = outbox.recv() => {
                // `None`: the lobby let go of this member (removed, replaced by a
                // rejoin, too slow to read, or the lobby closed).
                let Some(frame) = queued else {
                    farewell = true;
                    break;
                };
                // Everything waiting goes out in one write. A frame beyond the size
                // limit cannot be delivered, and a member who misses one would be out of
                // step: the connection ends instead.
                let mut queued = conn.queue(frame).is_ok();
                while queued && let Ok(frame) = outbox.try_recv() {
                    queued = conn.queue(frame).is_ok();
                }
                if !queued || !flush(&mut conn, config.write_timeout).await {
                    break;
                }
            }
            _ = heartbeat.tick() => {
                if last_heard.elapsed() > config.idle_timeout
                    || conn.queue(shared.ping.clone()).is_err()
                    || !flush(&mut conn, config.write_timeout).await
                {
                    break;
                }
            }
            _ = stop.changed() => {
                farewell = conn.queue(shared.closing.clone()).is_ok();
                break;
            }
        }
    }
    if let Some(reason) = cut_for
        && shared.may_log("member cut", address)
    {
        tracing::warn!(address = %address, code = membership.code, reason, "member cut off");
    }
    if farewell {
        let _ = timeout(FAREWELL_TIMEOUT, conn.finish()).await;
    }
    let closed = {
        let mut lobby = lock(&membership.lobby);
        lobby.connection_closed(membership.member, conn_id);
        lobby.is_closed()
    };
    if closed {
        shared.forget_lobby(&membership.code, &membership.lobby, "the host left");
    }
}
