//! What the history keeps about a game and says about it: its number, where it was
//! played, how it came in, the players, the result for the player, and, for one game
//! opened in full, its moves, clocks and review.

use ply_core::{Outcome, Player, TimeControl};
use ply_modes::Level;
use ply_save::SavedClock;
use std::fmt;
use std::time::{Duration, SystemTime};

/// A game's number in the history: given when the game is stored, never reused for
/// another game while the file lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(pub i64);

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Where a game was played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Venue {
    /// On this computer (against the computer, or people taking turns).
    Local,
    /// Online, through a relay.
    Online {
        /// The lobby's code on the relay (empty for a host's own lobby without one).
        lobby: String,
        /// The relay's address as the player reached it.
        relay: String,
    },
}

/// What a save does not know about a finished game, given when it is recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Circumstances {
    /// Where the game was played.
    pub venue: Venue,
    /// The side played from this program, when the caller knows it: the window's own
    /// seat online, the person's side against the computer. `None` leaves the choice to
    /// the seats and the player's names (see [`crate::History::open`]).
    pub you: Option<Player>,
}

impl Circumstances {
    /// A game on this computer, the player's side decided from the seats.
    pub fn local() -> Circumstances {
        Circumstances {
            venue: Venue::Local,
            you: None,
        }
    }

    /// An online game in `lobby` on `relay`, played from this program as `you`.
    pub fn online(
        lobby: impl Into<String>,
        relay: impl Into<String>,
        you: Player,
    ) -> Circumstances {
        Circumstances {
            venue: Venue::Online {
                lobby: lobby.into(),
                relay: relay.into(),
            },
            you: Some(you),
        }
    }
}

/// How a game came into the history.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// Recorded by a Plyground program when the game ended.
    Played,
    /// Imported from a finished game in the saves folder.
    SavesFolder,
    /// Imported from a PGN or PDN file.
    Record,
}

impl Origin {
    /// The number the database keeps.
    pub(crate) fn code(self) -> i64 {
        match self {
            Origin::Played => 0,
            Origin::SavesFolder => 1,
            Origin::Record => 2,
        }
    }

    /// The origin a stored number stands for.
    pub(crate) fn from_code(code: i64) -> Origin {
        match code {
            0 => Origin::Played,
            1 => Origin::SavesFolder,
            _ => Origin::Record,
        }
    }
}

/// How a game went for the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayerResult {
    /// The player won.
    Win,
    /// Nobody won.
    Draw,
    /// The player lost.
    Loss,
}

impl PlayerResult {
    /// The result for `side` of a game that ended with `outcome`.
    pub fn of(outcome: Outcome, side: Player) -> PlayerResult {
        match outcome.winner() {
            None => PlayerResult::Draw,
            Some(winner) if winner == side => PlayerResult::Win,
            Some(_) => PlayerResult::Loss,
        }
    }

    /// The number the database keeps: 1, 0 or -1.
    pub(crate) fn code(self) -> i64 {
        match self {
            PlayerResult::Win => 1,
            PlayerResult::Draw => 0,
            PlayerResult::Loss => -1,
        }
    }

    /// The result a stored number stands for.
    pub(crate) fn from_code(code: i64) -> PlayerResult {
        match code {
            1 => PlayerResult::Win,
            0 => PlayerResult::Draw,
            _ => PlayerResult::Loss,
        }
    }
}

/// The player of one side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SidePlayer {
    /// The name shown for them.
    pub name: String,
    /// The computer's level when the computer played the side; `None` for a person.
    pub computer: Option<Level>,
}

/// A game as the list of games shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSummary {
    /// The game's number.
    pub id: GameId,
    /// The game's identity: a hash of its mode, start, moves and players, then the
    /// second it was first saved (see docs/history.md).
    pub identity: String,
    /// The mode identifier.
    pub mode: String,
    /// The title the game was saved under.
    pub title: String,
    /// Who played each side, indexed by `Player::index` (`None`: nobody seated).
    pub players: [Option<SidePlayer>; 2],
    /// The player's side, when the history could tell (see [`crate::History::open`]).
    pub player_side: Option<Player>,
    /// The player's opponent's name, when the player's side is known.
    pub opponent: Option<String>,
    /// How the game ended.
    pub outcome: Outcome,
    /// How it went for the player, when the player's side is known.
    pub player_result: Option<PlayerResult>,
    /// Moves played by both sides together.
    pub plies: usize,
    /// When the game was first saved (for an imported record, its date and time).
    pub created: SystemTime,
    /// When the game ended (last saved).
    pub ended: SystemTime,
    /// Where it was played.
    pub venue: Venue,
    /// How it came into the history.
    pub origin: Origin,
    /// The time control of a timed game.
    pub time_control: Option<TimeControl>,
}

/// The review of one side's moves, kept with the game once the game has been reviewed
/// (written by the review, issue 40, through [`crate::History::set_review`]).
#[derive(Clone, Debug, PartialEq)]
pub struct SideReview {
    /// The side's accuracy, from 0 to 100.
    pub accuracy: Option<f64>,
    /// The class of each of the side's moves, in order, as the review names them
    /// (words separated by spaces: the review owns their meaning).
    pub classes: Option<String>,
}

/// Everything the history keeps about one game.
pub struct StoredGame {
    /// What the list shows.
    pub summary: GameSummary,
    /// The mode's rules version when the game was played.
    pub rules_version: u32,
    /// The start position in the mode's position text.
    pub start: String,
    /// Every move in the mode's move text.
    pub moves: Vec<String>,
    /// Thinking time used by each side, indexed by `Player::index`.
    pub time_used: [Duration; 2],
    /// A timed game's clocks.
    pub clock: Option<SavedClock>,
    /// The moves played after a hint, by index.
    pub hinted: Vec<usize>,
    /// Each side's review, when the game was reviewed.
    pub reviews: [Option<SideReview>; 2],
    /// What the review's search said of every position, when it was kept.
    pub review: Option<ply_save::SavedReview>,
}

/// The number the database keeps for a computer level: its rung, 1 to 9.
pub(crate) fn level_code(level: Level) -> i64 {
    i64::from(level.number())
}

/// The level a stored number stands for.
pub(crate) fn level_of(code: i64) -> Option<Level> {
    u8::try_from(code).ok().and_then(Level::new)
}
