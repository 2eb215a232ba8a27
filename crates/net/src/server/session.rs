//! One task per connection: the way in ([`super::entry`]), then a loop that reads
//! requests, writes whatever the lobby queued for this member, pings, and cuts the connection on silence, flooding or anything malformed.

use super::address::AddressKey;
use super::admission::Admitted;
use super::entry::{FAREWELL_TIMEOUT, Membership, handshake};
use super::lobby::Link;
use super::rate::RateLimit;
use super::{Shared, lock};
use crate::frame::{Connection, decode, encode};
use crate::protocol::{ClientMsg, EntryReply, ServerMsg};
use crate::text::Escaped;
use bytes::Bytes;
use rand::Rng;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use tokio::net::TcpStream;
use tokio::sync::{mpsc, watch};
use tokio::time::{MissedTickBehavior, interval_at, timeout};

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
    admitted: Admitted,
    mut stop: watch::Receiver<()>,
) {
    let Admitted {
        connection: _connection,
        handshake: mut place,
    } = admitted;
    let address = AddressKey::of(peer.ip());
    let mut conn = Connection::with_budget(stream, shared.memory.for_connection(address));
    let conn_id = shared.next_conn.fetch_add(1, Ordering::Relaxed);
    let (tx, outbox) = mpsc::channel(shared.config.outbox_capacity.max(1));
    let link = Link {
        conn: conn_id,
        address,
        tx,
    };
    let entered = tokio::select! {
        entered = timeout(
            shared.config.handshake_timeout,
            handshake(&shared, &mut conn, address, link),
        ) => entered,
        // A newcomer from a less crowded network took this handshake's place.
        _ = &mut place.evicted => return,
        _ = stop.changed() => return,
    };
    drop(place);
    match entered {
        Ok(Ok(membership)) => {
            conn.set_limit(shared.config.max_member_frame_len);
            let member = Member {
                conn_id,
                address,
                membership,
            };
            session(&shared, conn, member, outbox, stop).await;
        }
        Ok(Err(Some(refusal))) => {
            if shared.may_log("entry refused", address) {
                let reason = refusal.to_string();
                tracing::info!(address = %address, reason = %Escaped(&reason), "entry refused");
            }
            if conn.queue_message(&EntryReply::Refused(refusal)).is_ok() {
                let _ = timeout(FAREWELL_TIMEOUT, conn.finish()).await;
            }
        }
        Ok(Err(None)) | Err(_) => {}
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
    // When the unanswered ping went out, and the nonce its answer must name.
    let mut ping_sent: Option<(Instant, u64)> = None;
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
                let round_trip = match message {
                    ClientMsg::Pong { nonce } => match ping_sent {
                        Some((sent, expected)) if nonce == expected => {
                            ping_sent = None;
                            Some(sent.elapsed())
                        }
                        _ => None,
                    },
                    _ => None,
                };
                let (to_check, mut closed) = {
                    let mut lobby = lock(&membership.lobby);
                    if let Some(round_trip) = round_trip {
                        let rtt_ms = u32::try_from(round_trip.as_millis()).unwrap_or(u32::MAX);
                        lobby.record_round_trip(membership.member, conn_id, rtt_ms);
                    }
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
                // An unanswered ping is sent again with its nonce, and its time kept.
                let (_, nonce) = *ping_sent.get_or_insert_with(|| (Instant::now(), rand::rng().random()));
                let ping = encode(&ServerMsg::Ping { nonce }).map_err(|_| ());
                if last_heard.elapsed() > config.idle_timeout
                    || ping.and_then(|ping| conn.queue(ping).map_err(|_| ())).is_err()
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
        tracing::warn!(
            address = %address,
            code = membership.code,
            reason = %Escaped(&reason),
            "member cut off"
        );
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
