//! A connection's way in: hello and welcome, the encrypted channel, then opening a
//! lobby or joining one. A password is checked by the lobby's host, not the relay: the
//! joiner and the host run SPAKE2 through the relay ([`crate::auth`]), and the relay
//! admits the joiner only when the joiner's key confirmation matches the one the host
//! expects. Every failed guess is counted against the address, its network and the
//! lobby, and only so many guesses may be under way at once ([`super::lockout`]).

use super::address::AddressKey;
use super::lobby::{Link, Lobby, MemberId};
use super::lockout::Target;
use super::quota::Crowded;
use super::setup::Prepared;
use super::{Lobbies, Shared, lock};
use crate::auth::{ChannelBinding, MAX_PAKE_MESSAGE_LEN, confirms_match};
use crate::frame::Connection;
use crate::protocol::{
    Entry, EntryRefusal, EntryReply, Hello, MAX_HELLO_FRAME_LEN, PROTOCOL_VERSION, Token, Welcome,
    validate_name,
};
use rand::Rng;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::time::timeout;

/// Letters of lobby codes: no 0/O or 1/I to misread.
const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const CODE_LEN: usize = 6;

/// How long a refusal or goodbye may take to write before the connection is dropped.
pub(super) const FAREWELL_TIMEOUT: Duration = Duration::from_secs(1);

/// A connection's place in a lobby.
pub(super) struct Membership {
    pub code: String,
    pub lobby: Arc<Mutex<Lobby>>,
    pub member: MemberId,
}

/// Hello, welcome, the encrypted channel, then entry. `Err(None)` closes without a
/// word (the other side broke the protocol or went away).
pub(super) async fn handshake(
    shared: &Shared,
    conn: &mut Connection,
    address: AddressKey,
    link: Link,
) -> Result<Membership, Option<EntryRefusal>> {
    conn.set_limit(MAX_HELLO_FRAME_LEN);
    let hello: Hello = conn.read_message().await.map_err(|_| None)?;
    let mismatch = hello.version != PROTOCOL_VERSION;
    let welcome = Welcome {
        version: PROTOCOL_VERSION,
        nonce: [0; 32],
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
    let binding = conn
        .secure_as_server(&shared.config.key)
        .await
        .map_err(|_| None)?;
    conn.set_limit(shared.config.max_entry_frame_len);
    match conn.read_message().await.map_err(|_| None)? {
        Entry::Open {
            name,
            locked,
            setup,
        } => {
            validate_name(&name)?;
            // The limits first: a saved game is replayed only for someone who may open.
            may_open(shared, &lock(&shared.lobbies), address)?;
            let prepared =
                shared
                    .prepare(setup, address)
                    .await
                    .map_err(|error| EntryRefusal::BadSetup {
                        reason: error.to_string(),
                    })?;
            Ok(open(shared, &name, locked, prepared, address, link)?)
        }
        Entry::Join {
            name,
            code,
            token,
            exchange,
            invite,
        } => {
            let joining = Joining {
                name,
                code,
                token,
                exchange,
                invite,
                binding,
            };
            join(shared, conn, joining, address, link).await
        }
        Entry::Confirm { .. } => Err(None),
    }
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
    lobbies
        .opened
        .check(address)
        .map_err(|crowded| too_many(lobbies, crowded))
}

/// The refusal of a lobby to an address or network that has as many as it may.
fn too_many(lobbies: &Lobbies, crowded: Crowded) -> EntryRefusal {
    let max = |limit: usize| u32::try_from(limit).unwrap_or(u32::MAX);
    match crowded {
        Crowded::Address => EntryRefusal::TooManyLobbiesFromAddress {
            max: max(lobbies.opened.per_address()),
        },
        Crowded::Network => EntryRefusal::TooManyLobbiesFromNetwork {
            max: max(lobbies.opened.per_network()),
        },
    }
}

/// Opens a lobby with its host in it.
fn open(
    shared: &Shared,
    name: &str,
    locked: bool,
    prepared: Prepared,
    address: AddressKey,
    link: Link,
) -> Result<Membership, EntryRefusal> {
    let mut lobby = Lobby::new(locked, prepared, shared.config.lobby_limits());
    let mut lobbies = lock(&shared.lobbies);
    may_open(shared, &lobbies, address)?;
    let place = lobbies
        .opened
        .take(address)
        .map_err(|crowded| too_many(&lobbies, crowded))?;
    let code = std::iter::repeat_with(new_code)
        .find(|code| !lobbies.by_code.contains_key(code))
        .unwrap_or_default();
    lobby.set_code(code.clone(), address);
    if let Some(store) = &shared.config.store {
        lobby.keep_in(store.clone());
    }
    let member = lobby.admit(name, None, link)?;
    let lobby = Arc::new(Mutex::new(lobby));
    lobbies.insert(code.clone(), lobby.clone(), address, place);
    if shared.may_log("lobby opened", address) {
        tracing::info!(code, address = %address, locked, lobbies = lobbies.len(), "lobby opened");
    }
    Ok(Membership {
        code,
        lobby,
        member,
    })
}

/// An [`Entry::Join`] and the channel it came over.
struct Joining {
    name: String,
    code: Option<String>,
    token: Option<Token>,
    exchange: Option<Vec<u8>>,
    invite: bool,
    binding: ChannelBinding,
}

/// `Err` with the refusal while `address` is locked out of `target`.
fn check_lock_out(
    shared: &Shared,
    address: AddressKey,
    target: &Target,
) -> Result<(), EntryRefusal> {
    lock(&shared.failures)
        .check(address, target, Instant::now())
        .map_err(|wait| EntryRefusal::TooManyAttempts {
            retry_after_secs: u32::try_from(wait.as_secs() + 1).unwrap_or(u32::MAX),
        })
}

/// Counts a failure of `address` (and its network) against `target`, and logs the
/// lock-out.
fn record_failure(shared: &Shared, address: AddressKey, target: Target, why: &str) {
    let wait = lock(&shared.failures).record(address, target.clone(), Instant::now());
    if shared.may_log("locked out", address) {
        tracing::warn!(
            address = %address,
            target = ?target,
            why,
            lock_secs = wait.as_secs_f32(),
            "failed entry: address locked out of that lobby"
        );
    }
}

/// The lobby a join is for (scanning for codes counts as failures).
fn find_lobby(
    shared: &Shared,
    code: Option<String>,
    address: AddressKey,
) -> Result<(String, Arc<Mutex<Lobby>>), EntryRefusal> {
    let lobbies = lock(&shared.lobbies);
    match code {
        Some(code) => {
            let code: String = code.trim().to_ascii_uppercase();
            if let Some(listed) = lobbies.by_code.get(&code) {
                return Ok((code, listed.lobby.clone()));
            }
            drop(lobbies);
            check_lock_out(shared, address, &Target::UnknownCode)?;
            record_failure(shared, address, Target::UnknownCode, "no such lobby");
            let code = code.chars().take(CODE_LEN * 2).collect();
            Err(EntryRefusal::NoSuchLobby { code })
        }
        None => {
            let mut all = lobbies.by_code.iter();
            match (all.next(), all.next()) {
                (None, _) => Err(EntryRefusal::NoLobby),
                (Some((code, listed)), None) => Ok((code.clone(), listed.lobby.clone())),
                (Some(_), Some(_)) => Err(EntryRefusal::NeedCode),
            }
        }
    }
}

/// A password exchange under way, counted against the guesser's address and network
/// from the moment it is handed to the host, so that guesses sent at once do not all
/// reach it. Once the joiner has seen the host's answer (and so could tell whether its
/// guess was right), anything but a success counts as a failure, even a connection
/// that goes away or runs out of time.
struct Guess<'a> {
    shared: &'a Shared,
    address: AddressKey,
    target: Target,
    answered: bool,
    succeeded: bool,
}

impl<'a> Guess<'a> {
    /// Starts an exchange, unless the address or its network has as many under way
    /// with this lobby as it may.
    fn begin(
        shared: &'a Shared,
        address: AddressKey,
        target: Target,
    ) -> Result<Self, EntryRefusal> {
        if !lock(&shared.failures).begin_exchange(address, &target) {
            return Err(EntryRefusal::TooManyAttempts {
                retry_after_secs: 1,
            });
        }
        Ok(Guess {
            shared,
            address,
            target,
            answered: false,
            succeeded: false,
        })
    }
}

impl Drop for Guess<'_> {
    fn drop(&mut self) {
        if self.answered && !self.succeeded {
            let target = self.target.clone();
            record_failure(self.shared, self.address, target, "wrong password");
        }
        lock(&self.shared.failures).end_exchange(self.address, &self.target);
    }
}

/// Joins a lobby: with a token, or with the password proven to its host.
async fn join(
    shared: &Shared,
    conn: &mut Connection,
    joining: Joining,
    address: AddressKey,
    link: Link,
) -> Result<Membership, Option<EntryRefusal>> {
    validate_name(&joining.name)?;
    let (code, lobby) = find_lobby(shared, joining.code, address)?;
    // Guesses at the invite secret are counted apart from guesses at the password,
    // so that nobody's password guessing keeps out a friend with an invite code.
    let target = if joining.invite {
        Target::Invite(code.clone())
    } else {
        Target::Lobby(code.clone())
    };
    check_lock_out(shared, address, &target)?;
    // A token takes back a seat someone holds; for anyone else (a member who left or
    // was let go meanwhile) it stands for nothing, and the password is asked instead.
    let (locked, member) = {
        let lobby = lock(&lobby);
        (lobby.is_locked(), lobby.has_member(&joining.name))
    };
    let token = joining.token.filter(|_| member);
    if locked && token.is_none() {
        let Some(message) = joining
            .exchange
            .filter(|message| message.len() <= MAX_PAKE_MESSAGE_LEN)
        else {
            record_failure(shared, address, target, "no password");
            return Err(Some(EntryRefusal::WrongPassword));
        };
        let mut guess = Guess::begin(shared, address, target.clone())?;
        let answer = lock(&lobby).request_exchange(
            &joining.name,
            message,
            joining.binding,
            joining.invite,
        )?;
        let answer = match answer.await {
            Ok(Some(answer)) => answer,
            Ok(None) => return Err(Some(EntryRefusal::HostBusy)),
            Err(_) => return Err(Some(EntryRefusal::HostAway)),
        };
        guess.answered = true;
        let reply = EntryReply::Exchange {
            message: answer.message,
            confirm: answer.confirm,
        };
        conn.send(&reply).await.map_err(|_| None)?;
        let Entry::Confirm { confirm } = conn.read_message().await.map_err(|_| None)? else {
            return Err(None);
        };
        if !confirms_match(&confirm, &answer.expected) {
            return Err(Some(EntryRefusal::WrongPassword));
        }
        guess.succeeded = true;
    }
    let admitted = lock(&lobby).admit(&joining.name, token, link);
    let member = admitted.map_err(|refusal| {
        if matches!(refusal, EntryRefusal::BadToken { .. }) {
            record_failure(shared, address, target.clone(), "wrong token");
        }
        refusal
    })?;
    lock(&shared.failures).succeeded(address, &target);
    if shared.may_log("joined", address) {
        let rejoin = token.is_some();
        tracing::info!(code, address = %address, rejoin, "player joined");
    }
    Ok(Membership {
        code,
        lobby,
        member,
    })
}
