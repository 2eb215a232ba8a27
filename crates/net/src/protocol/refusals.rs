//! The player-facing reasons for every refusal: why a player was not let into a lobby,
//! and why a request inside one was not carried out. Both travel in the wire's messages
//! and read as sentences wherever they are shown.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Why a player was not let into a lobby.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum EntryRefusal {
    /// The password did not match.
    #[error("wrong password")]
    WrongPassword,
    /// Too many recent failures from this address.
    #[error("too many failed attempts from your address; try again in {retry_after_secs} s")]
    TooManyAttempts {
        /// Seconds until the next attempt is considered.
        retry_after_secs: u32,
    },
    /// The lobby has no room.
    #[error("the lobby is full ({max} players)")]
    LobbyFull {
        /// The lobby's capacity.
        max: u32,
    },
    /// The server hosts as many lobbies as it may.
    #[error("this server already hosts its maximum of {max} lobbies")]
    TooManyLobbies {
        /// The server's lobby limit.
        max: u32,
    },
    /// No lobby has this code.
    #[error("there is no lobby with code {code} on this server")]
    NoSuchLobby {
        /// The code that was asked for.
        code: String,
    },
    /// The server holds several lobbies and no code was given.
    #[error("this server hosts several lobbies: ask the host for the lobby code")]
    NeedCode,
    /// Nobody has opened a lobby yet.
    #[error("nobody has opened a lobby on this server yet")]
    NoLobby,
    /// The name breaks the naming rules.
    #[error("the name '{name}' is not allowed: {reason}")]
    BadName {
        /// The name that was refused.
        name: String,
        /// Which rule it breaks.
        reason: String,
    },
    /// Someone in the lobby already has this name.
    #[error("the name '{name}' is already taken in this lobby")]
    NameTaken {
        /// The name that was refused.
        name: String,
    },
    /// A game is running and only dropped players may come back.
    #[error("a game is already running in this lobby; join when it ends")]
    GameRunning,
    /// The token does not belong to the member with that name.
    #[error("that rejoin token does not belong to '{name}'")]
    BadToken {
        /// The name that was claimed.
        name: String,
    },
    /// The host's game setup cannot be played.
    #[error("this game cannot be set up: {reason}")]
    BadSetup {
        /// What is wrong with it.
        reason: String,
    },
    /// The player took too long to say who they are.
    #[error("the connection took too long to introduce itself")]
    Timeout,
    /// The lobby has a password and its host, who checks it, is not connected.
    #[error("the host is not connected right now; try again in a moment")]
    HostAway,
    /// The host's game checked as many passwords as it does in a minute.
    #[error("the host has checked many passwords in the last minute; try again in a minute")]
    HostBusy,
    /// The player's address already has as many lobbies open as one address may.
    #[error("your address already has {max} lobbies open on this server; close one first")]
    TooManyLobbiesFromAddress {
        /// The per-address limit.
        max: u32,
    },
    /// The player's network (an IPv4 /24, an IPv6 /48) already has as many lobbies
    /// open as one network may.
    #[error("your network already has {max} lobbies open on this server; try again later")]
    TooManyLobbiesFromNetwork {
        /// The per-network limit.
        max: u32,
    },
}

/// Why a request inside a lobby was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum Denied {
    /// Only the host may do this.
    #[error("only the host can do that")]
    NotHost,
    /// Not while a game is being played.
    #[error("a game is already running")]
    GameRunning,
    /// There is no game to do this in.
    #[error("no game is running")]
    NoGame,
    /// The other side is to move.
    #[error("it is not your turn")]
    NotYourTurn,
    /// The sender holds no side in the game.
    #[error("you are not playing in this game")]
    NotPlaying,
    /// The move is malformed or illegal here.
    #[error("{reason}")]
    IllegalMove {
        /// The rules' explanation.
        reason: String,
    },
    /// The game setup cannot be played.
    #[error("this game cannot be set up: {reason}")]
    BadSetup {
        /// What is wrong with it.
        reason: String,
    },
    /// A side has nobody on it.
    #[error("{side} has no player yet")]
    SideOpen {
        /// The side's name in this mode.
        side: String,
    },
    /// A seated player is not connected.
    #[error("{name} is not connected")]
    PlayerAway {
        /// Their name.
        name: String,
    },
    /// No member has this name.
    #[error("nobody called '{name}' is in this lobby")]
    NoSuchPlayer {
        /// The name asked for.
        name: String,
    },
    /// The side is held by a connected player in the running game.
    #[error("{name} is playing {side} in the running game")]
    SeatHeld {
        /// The side's name in this mode.
        side: String,
        /// Who holds it.
        name: String,
    },
    /// The player holding the side dropped out of the running game a moment ago; the
    /// side may go to someone else once the claim countdown runs out.
    #[error("{name} may still come back; their side can be given to someone else in {secs} s")]
    SeatKept {
        /// Who holds the side.
        name: String,
        /// Seconds until it may be given.
        secs: u64,
    },
    /// The player holds a side in the running game.
    #[error("{name} plays {side} in the running game; seat the computer there first")]
    PlayerSeated {
        /// Their name.
        name: String,
        /// The side's name in this mode.
        side: String,
    },
    /// A side cannot be left empty while the game runs.
    #[error("a side cannot be left empty during a game")]
    SideNeeded,
    /// The host cannot remove themselves.
    #[error("the host cannot remove themselves; leave the lobby instead")]
    CannotRemoveHost,
    /// There is no draw offer to answer.
    #[error("there is no draw offer to answer")]
    NoDrawOffer,
    /// The sender's side already offered a draw.
    #[error("your draw offer is still waiting for an answer")]
    OfferPending,
    /// The opponent is connected, so there is nothing to claim.
    #[error("your opponent is still connected")]
    OpponentConnected,
    /// The opponent has not been away long enough to claim anything yet.
    #[error("your opponent may still come back; you can claim in {secs} s")]
    ClaimTooEarly {
        /// Seconds until a claim is allowed.
        secs: u64,
    },
    /// The asker has no move in this game to take back.
    #[error("there is no move of yours to take back")]
    NothingToTakeBack,
    /// The sender's side already asked to take back a move.
    #[error("your request to take back a move is still waiting for an answer")]
    TakebackPending,
    /// There is no request to take back a move to answer.
    #[error("there is no request to take back a move")]
    NoTakeback,
    /// Both sides have moved, so the game can only be resigned or agreed drawn.
    #[error("both sides have moved: the game can no longer be aborted")]
    TooLateToAbort,
    /// No game ended in this lobby since the sides last changed.
    #[error("there is no finished game to play again")]
    NoRematch,
    /// The text is too long.
    #[error("that message is too long (at most {max} characters)")]
    TooLong {
        /// The limit.
        max: u32,
    },
    /// Chat messages came faster than the lobby allows; this one was not sent.
    #[error("you are chatting too fast; wait a moment (at most {per_second} messages a second)")]
    ChatTooFast {
        /// The allowed average rate.
        per_second: u32,
    },
}
