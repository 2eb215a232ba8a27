//! The wire protocol: every message a client and the server exchange, the limits that
//! keep them small, and (in `refusals`) the player-facing reasons for every refusal.
//!
//! A connection goes through four phases, each with its own message types:
//! 1. [`Hello`] from the client, [`Welcome`] from the server (never change: any two
//!    versions can read them, which is how a version mismatch is explained);
//! 2. the Noise handshake ([`crate::frame`]), in which the relay proves its static key
//!    ([`crate::keys`]), after which every frame is encrypted;
//! 3. [`Entry`] from the client (open a lobby or join one), [`EntryReply`] from the
//!    server; joining a lobby with a password runs SPAKE2 with its host on the way
//!    ([`crate::auth`]): [`Entry::Join`] carries the joiner's message,
//!    [`EntryReply::Exchange`] the host's, [`Entry::Confirm`] the joiner's confirmation;
//! 4. then [`ClientMsg`] and [`ServerMsg`] until the connection closes.
//!
//! Every type is plain serde data encoded with postcard (no `flatten`, `tag`, `untagged`
//! or `skip`), one message per length-delimited frame.

use ply_core::{Outcome, Player, TimeControl, TimeControlError};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::time::Duration;
use thiserror::Error;

/// The protocol version this build speaks. Bumped whenever any message or the
/// handshake changes; version 4: the relay proves a static key (Noise NX), joins may
/// prove an invite secret, pings carry a nonce, and new refusals and notices; version 6:
/// a game setup may bring back a saved game's clocks and players ([`Resume`]).
pub const PROTOCOL_VERSION: u32 = 7;

/// The TCP port used when an address does not name one.
pub const DEFAULT_PORT: u16 = 7373;

/// The largest frame either side accepts, in bytes (a whole saved game fits easily).
pub const MAX_FRAME_LEN: usize = 256 * 1024;

/// The largest frame accepted before the hello has been read.
pub const MAX_HELLO_FRAME_LEN: usize = 1024;

/// The largest entry frame a server accepts by default (before the player is in): a
/// name, a code, a start position. A saved game's moves are sent after entry.
pub const MAX_ENTRY_FRAME_LEN: usize = 4096;

/// The longest chat message, in characters (the relay's default; a relay may set
/// another).
pub const MAX_CHAT_CHARS: usize = 200;

/// The longest move text, in bytes.
pub const MAX_MOVE_TEXT_LEN: usize = 32;

/// The longest start position text, in bytes.
pub const MAX_POSITION_TEXT_LEN: usize = 2048;

/// The most moves a game setup may replay before the game starts.
pub const MAX_SETUP_MOVES: usize = 10_000;

pub use crate::name::{MAX_NAME_LEN, MIN_NAME_LEN, validate_name};

mod refusals;
pub use refusals::{Denied, EntryRefusal};

/// The welcome's 32 bytes that version 1 used as a password challenge; zeros since
/// version 2 (the field stays, since the welcome's encoding never changes).
pub type Nonce = [u8; 32];

pub use crate::auth::{ChannelBinding, Confirm};

/// A secret the server hands each player on entry; with their name it gets their seat
/// back after a dropped connection. It is good for one use: every entry with it hands
/// out a new one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Token(pub [u8; 16]);

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for byte in self.0 {
            write!(f, "{byte:02x}")?;
        }
        Ok(())
    }
}

/// Text that is not a rejoin token.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("'{text}' is not a rejoin token (32 hexadecimal digits)")]
pub struct BadToken {
    /// The text that was rejected.
    pub text: String,
}

impl std::str::FromStr for Token {
    type Err = BadToken;

    fn from_str(text: &str) -> Result<Token, BadToken> {
        let bad = || BadToken {
            text: text.to_string(),
        };
        if text.len() != 32 || !text.is_ascii() {
            return Err(bad());
        }
        let mut bytes = [0u8; 16];
        for (index, byte) in bytes.iter_mut().enumerate() {
            let pair = &text[index * 2..index * 2 + 2];
            *byte = u8::from_str_radix(pair, 16).map_err(|_| bad())?;
        }
        Ok(Token(bytes))
    }
}

/// The client's first frame. Its encoding never changes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hello {
    /// The client's [`PROTOCOL_VERSION`].
    pub version: u32,
    /// The client program and its version, for the server's information.
    pub software: String,
}

/// The server's answer to [`Hello`]. Its encoding never changes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Welcome {
    /// The server's [`PROTOCOL_VERSION`].
    pub version: u32,
    /// Unused since version 2 (zeros).
    pub nonce: Nonce,
    /// How often the server sends [`ServerMsg::Ping`], in milliseconds.
    pub heartbeat_ms: u32,
    /// Set when the server will not go on (different version, too busy); the
    /// connection closes after this frame.
    pub refused: Option<String>,
}

/// What a game in a lobby starts from: a mode, and optionally a saved game to continue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSetup {
    /// The mode's identifier (see `ply_modes::MODES`).
    pub mode: String,
    /// The start position text; the mode's usual start when `None`.
    pub start: Option<String>,
    /// Moves already played from the start (continuing a saved game), in move text.
    pub moves: Vec<String>,
    /// The time control, when the game is played on a clock the relay keeps.
    pub clock: Option<ClockSetup>,
    /// What a saved game brings back besides its moves: the clocks as they stood and
    /// who played each side (boxed: most setups have none).
    pub resume: Option<Box<Resume>>,
}

/// What a saved online game brings back when it is hosted again, besides its moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resume {
    /// First's, then Second's time left when the game was saved, in milliseconds: the
    /// game starts from these instead of the base time (a timed game).
    pub left_ms: Option<[u64; 2]>,
    /// Who played each side, indexed by `Player::index`: their seats are offered back,
    /// a member of that name (the host included) being seated there while the side is
    /// open and no game runs.
    pub players: [Option<String>; 2],
}

/// A time control as the wire carries it: each side's base time and the increment a
/// move adds, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockSetup {
    /// Each side's time for the game.
    pub base_ms: u64,
    /// What each move adds to its mover's time.
    pub increment_ms: u64,
}

impl ClockSetup {
    /// The wire form of `control`.
    pub fn of(control: TimeControl) -> ClockSetup {
        ClockSetup {
            base_ms: u64::try_from(control.base.as_millis()).unwrap_or(u64::MAX),
            increment_ms: u64::try_from(control.increment.as_millis()).unwrap_or(u64::MAX),
        }
    }

    /// The time control, if it is one a game may have.
    pub fn control(self) -> Result<TimeControl, TimeControlError> {
        TimeControl::new(
            Duration::from_millis(self.base_ms),
            Duration::from_millis(self.increment_ms),
        )
    }
}

/// A running game's clocks as the relay sends them: the time control and each side's
/// time left when the message was sent (the side to move's clock runs on from there,
/// unless the relay holds the clocks still).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockView {
    /// The time control.
    pub setup: ClockSetup,
    /// First's, then Second's time left, in milliseconds.
    pub left_ms: [u64; 2],
    /// Whether the side to move's clock runs: false while the relay holds the clocks
    /// still (after its own restart, until every player of the game is back).
    pub running: bool,
}

impl GameSetup {
    /// A new game of `mode` from its usual start.
    pub fn new(mode: impl Into<String>) -> GameSetup {
        GameSetup {
            mode: mode.into(),
            start: None,
            moves: Vec::new(),
            clock: None,
            resume: None,
        }
    }
}

/// The client's second frame: open a new lobby (becoming its host) or join one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Entry {
    /// Open a lobby and become its host.
    Open {
        /// The host's player name.
        name: String,
        /// Whether the lobby has a password (which the host keeps: joiners prove it to
        /// the host, through the relay, with SPAKE2).
        locked: bool,
        /// The first game the lobby offers (a saved game's moves follow entry).
        setup: GameSetup,
    },
    /// Join a lobby, or rejoin it with the token received on the last entry.
    Join {
        /// The player's name.
        name: String,
        /// The lobby's code; may be left out when the server holds a single lobby.
        code: Option<String>,
        /// The token from the last entry, to take a kept seat back (no password needed).
        token: Option<Token>,
        /// The joiner's SPAKE2 message, for a lobby with a password.
        exchange: Option<Vec<u8>>,
        /// Whether the exchange proves the lobby's invite secret (from an invite code)
        /// rather than its password.
        invite: bool,
    },
    /// The joiner's key confirmation, after [`EntryReply::Exchange`].
    Confirm {
        /// Proves the joiner used the host's password.
        confirm: Confirm,
    },
}

/// The server's answer to [`Entry`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EntryReply {
    /// The player is in.
    Entered(Box<Entered>),
    /// The host's half of the password exchange; answer with [`Entry::Confirm`].
    Exchange {
        /// The host's SPAKE2 message.
        message: Vec<u8>,
        /// The host's key confirmation (proves the host used the same password).
        confirm: Confirm,
    },
    /// The player was not let in; the connection closes.
    Refused(EntryRefusal),
}

/// Everything a player learns on entering a lobby.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entered {
    /// The lobby's code, to share with friends.
    pub code: String,
    /// The player's name, as the lobby knows it.
    pub name: String,
    /// The secret that, with the name, takes the seat back after a drop (a new one
    /// on every entry: the previous one no longer works).
    pub token: Token,
    /// Whether this player is the lobby's host.
    pub host: bool,
    /// The lobby as it is now.
    pub lobby: LobbyView,
    /// The game as it stands, when one is running.
    pub game: Option<GameView>,
}

/// Who holds one side of the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Occupant {
    /// Nobody yet.
    Open,
    /// The lobby member with this name.
    Player(String),
    /// The computer; the host's machine computes and sends its moves.
    Computer,
}

/// One member of a lobby, as everyone sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    /// The member's name.
    pub name: String,
    /// Whether they host the lobby.
    pub host: bool,
    /// Whether they are connected now (a dropped player keeps their seat).
    pub connected: bool,
    /// How long they have been away when the view was sent, in milliseconds, while
    /// they are not connected.
    pub away_ms: Option<u64>,
    /// The last round trip of the relay's ping to them and back, in milliseconds.
    pub rtt_ms: Option<u32>,
}

/// A lobby as every member sees it; sent again whenever anything in it changes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LobbyView {
    /// The lobby's code.
    pub code: String,
    /// The game the host picked.
    pub setup: GameSetup,
    /// Every member, the host first, then in order of arrival.
    pub players: Vec<PlayerView>,
    /// Who holds each side, indexed by `Player::index`; everyone else watches.
    pub sides: [Occupant; 2],
    /// Whether a game is being played.
    pub in_game: bool,
    /// How many members the lobby takes.
    pub max_players: u32,
    /// How long a player must be away from a running game before their opponent may
    /// claim the win or call a draw, in milliseconds.
    pub claim_after_ms: u64,
    /// How long the lobby waits for its host to come back before it closes, in
    /// milliseconds.
    pub host_wait_ms: u64,
    /// Who asked to play the last game again with the sides swapped.
    pub rematch: Vec<String>,
    /// The sides of the running game the computer took over from a player who
    /// dropped.
    pub stand_ins: Vec<StandIn>,
}

/// The computer playing on for a player who dropped out of a running game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandIn {
    /// The side taken over.
    pub side: Player,
    /// The name of the player who held the side before.
    pub player: String,
    /// How many plies of the game had been played when the computer took over.
    pub from_ply: u32,
}

/// A game as it stands, for players who start it or come back to it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameView {
    /// The mode's identifier.
    pub mode: String,
    /// The start position text; the mode's usual start when `None`.
    pub start: Option<String>,
    /// Every move played from the start, in move text.
    pub moves: Vec<String>,
    /// Who holds each side.
    pub sides: [Occupant; 2],
    /// The side whose draw offer is waiting for an answer.
    pub draw_offer: Option<Player>,
    /// The side whose request to take back a move is waiting for an answer.
    pub takeback_offer: Option<Player>,
    /// The clocks, when the game is timed.
    pub clock: Option<ClockView>,
}

/// What a member asks of the server once in a lobby.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClientMsg {
    /// Host: offer a different game (only between games).
    Setup(GameSetup),
    /// Host: put a member, the computer or nobody on a side. A member moved to a side
    /// leaves the other one; a member on no side is a spectator.
    SetSide {
        /// The side to fill.
        side: Player,
        /// Who takes it.
        occupant: Occupant,
    },
    /// Host: remove a member from the lobby.
    Remove {
        /// The member's name.
        name: String,
    },
    /// Host: start the game (refused with the reason when the sides are not valid).
    Start,
    /// Play a move for the side to move (the host also moves for the computer).
    Move {
        /// The move in the mode's move text.
        text: String,
    },
    /// Resign the game for one's side.
    Resign,
    /// Offer a draw (or accept the opponent's waiting offer).
    OfferDraw,
    /// Accept the opponent's draw offer.
    AcceptDraw,
    /// Decline the opponent's draw offer.
    DeclineDraw,
    /// Say something to the whole lobby.
    Chat {
        /// The message.
        text: String,
    },
    /// The answer to [`ServerMsg::Ping`].
    Pong {
        /// The ping's nonce, sent back.
        nonce: u64,
    },
    /// Leave the lobby (a player in a running game keeps their seat).
    Leave,
    /// End the running game as a win for one's side: the opponent has been away for
    /// longer than the lobby's `claim_after_ms`.
    ClaimWin,
    /// End the running game as a draw, for the same reason as [`ClientMsg::ClaimWin`].
    ClaimDraw,
    /// Ask to play the game that just ended again with the sides swapped; it starts
    /// once everyone who played it asked.
    Rematch,
    /// Ask the opponent to take back one's last move (and their reply to it, when they
    /// already answered it).
    AskTakeback,
    /// Answer the opponent's request to take back a move.
    AnswerTakeback {
        /// Whether the moves are taken back.
        accept: bool,
    },
    /// End the game with no result: allowed until each side has made a move in it.
    Abort,
    /// Host: the answer to [`ServerMsg::JoinRequest`].
    JoinAnswer {
        /// The request's ticket.
        ticket: u64,
        /// The host's half of the exchange; `None` to turn the request down.
        answer: Option<ExchangeAnswer>,
    },
}

/// The host's half of a password exchange, as the relay receives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExchangeAnswer {
    /// The host's SPAKE2 message, for the joiner.
    pub message: Vec<u8>,
    /// The host's key confirmation, for the joiner.
    pub confirm: Confirm,
    /// The confirmation the joiner must send back.
    pub expected: Confirm,
}

/// What the server tells lobby members.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ServerMsg {
    /// The lobby changed (members, sides, setup, game running or not).
    Lobby(LobbyView),
    /// A game started.
    GameStarted(GameView),
    /// A move was accepted.
    MovePlayed {
        /// The number of moves played so far, this one included.
        ply: u32,
        /// The side that moved.
        side: Player,
        /// The move in the mode's move text.
        text: String,
        /// In a timed game, First's then Second's time left after the move (its
        /// increment added), in milliseconds, as the relay's clocks stood when it sent
        /// this.
        left_ms: Option<[u64; 2]>,
    },
    /// The sender's move was not accepted; the game goes on.
    MoveRefused {
        /// The move as it was sent.
        text: String,
        /// Why.
        reason: Denied,
    },
    /// The sender's request was not carried out.
    Denied(Denied),
    /// A side offers a draw.
    DrawOffered {
        /// The side that offers.
        by: Player,
    },
    /// A draw offer was declined (explicitly or by moving).
    DrawDeclined {
        /// The side that declined.
        by: Player,
    },
    /// The game ended; everyone is back in the lobby.
    GameOver {
        /// The result and its reason.
        outcome: Outcome,
    },
    /// A side asks to take back its last move.
    TakebackAsked {
        /// The side that asks.
        by: Player,
    },
    /// A request to take back a move was declined (explicitly or by moving).
    TakebackDeclined {
        /// The side that declined.
        by: Player,
    },
    /// Moves were taken back: the game now has this many moves.
    TakenBack {
        /// How many moves remain.
        ply: u32,
        /// In a timed game, First's then Second's time left, in milliseconds.
        left_ms: Option<[u64; 2]>,
    },
    /// The game was aborted with no result; everyone is back in the lobby.
    GameAborted,
    /// A chat message.
    Chat {
        /// Who said it.
        from: String,
        /// What they said.
        text: String,
    },
    /// A player lost their connection; their seat is kept for them.
    PlayerDropped {
        /// Their name.
        name: String,
    },
    /// A dropped player is back.
    PlayerRejoined {
        /// Their name.
        name: String,
        /// The clocks as the relay has them now (a relay's restart holds them still
        /// until every player is back), for a timed game.
        clock: Option<ClockView>,
    },
    /// The host removed you from the lobby; the connection closes.
    Removed,
    /// The host left, or stayed away longer than the lobby waits, and the lobby is
    /// closed; the connection closes. Keep your copy of the game to save it.
    HostLeft,
    /// The server is shutting down; the connection closes.
    ServerClosing,
    /// Are you there? Answer with [`ClientMsg::Pong`] and the same nonce: a round trip
    /// counts only from a ping to the pong that names it, so no member can show the
    /// others a round trip shorter than theirs.
    Ping {
        /// A number the relay chose at random for this ping.
        nonce: u64,
    },
    /// Host: a player wants in with the lobby's password; answer with
    /// [`ClientMsg::JoinAnswer`] (the host's client does it by itself).
    JoinRequest {
        /// Names this request in the answer.
        ticket: u64,
        /// The joiner's name.
        name: String,
        /// The joiner's SPAKE2 message.
        exchange: Vec<u8>,
        /// The hash of the joiner's encrypted channel to the server.
        binding: ChannelBinding,
        /// Whether the joiner proves the lobby's invite secret rather than its password.
        invite: bool,
    },
    /// The lobby was closed after a long time in which nobody entered it or moved for
    /// their own side; the connection closes.
    ClosedIdle,
    /// Someone entered with this player's name and token from another connection,
    /// which now holds the seat; this connection closes.
    JoinedElsewhere,
    /// A connected player entered again from another connection (their token), which
    /// replaced the earlier one.
    PlayerReplaced {
        /// Their name.
        name: String,
    },
    /// The lobby was full and a newcomer from a network with fewer members in it took
    /// this spectator's place; the connection closes.
    Displaced,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_round_trip_through_text() {
        let token = Token([0xab; 16]);
        let text = token.to_string();
        assert_eq!(text.len(), 32);
        assert_eq!(text.parse::<Token>(), Ok(token));
        assert!("abc".parse::<Token>().is_err());
        assert!("zz".repeat(16).parse::<Token>().is_err());
        assert!("é".repeat(16).parse::<Token>().is_err());
    }

    #[test]
    fn hello_and_welcome_encodings_are_stable() {
        // These bytes are a promise to every other version: never change them.
        let hello = Hello {
            version: 1,
            software: "p".into(),
        };
        assert_eq!(postcard::to_allocvec(&hello).ok(), Some(vec![1, 1, b'p']));
        let welcome = Welcome {
            version: 2,
            nonce: [7; 32],
            heartbeat_ms: 300,
            refused: None,
        };
        let bytes = postcard::to_allocvec(&welcome).unwrap_or_default();
        assert_eq!(bytes.len(), 1 + 32 + 2 + 1);
        assert_eq!(&bytes[..2], &[2, 7]);
        assert_eq!(&bytes[33..], &[0xac, 0x02, 0]);
    }
}
