//! The serde types that are encoded in a save file, exactly as written to disk.
//!
//! They are the format: they belong to this crate, not to the rules, so internal changes
//! elsewhere never change a save. Fields are never reordered or removed and enum
//! variants are only ever appended (postcard writes a variant's index), and no
//! `flatten`, `tag`, `untagged` or `skip` attributes are used. A change beyond appending
//! variants means a new format version, with the old types kept for reading old files.

use ply_core::Player;
use ply_modes::Level;
use serde::{Deserialize, Serialize};

/// The small first section: everything a list of saves shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct WireHeader {
    pub title: String,
    pub mode: String,
    pub rules_version: u32,
    pub created_ms: u64,
    pub updated_ms: u64,
    pub move_count: u32,
    pub to_move: WireSide,
    pub result: WireResult,
}

/// The second section of format version 1: the game itself. Frozen: version 1 files
/// are read with it forever.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct WireRecord {
    pub start: String,
    pub moves: Vec<String>,
    pub seats: Vec<WireSeat>,
    pub time_used_ms: [u64; 2],
    pub ending: WireEnding,
}

/// The second section of format version 2: version 1's fields, then the clocks of a
/// timed game. Frozen: version 2 files are read with it forever.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct WireRecordV2 {
    pub start: String,
    pub moves: Vec<String>,
    pub seats: Vec<WireSeat>,
    pub time_used_ms: [u64; 2],
    pub ending: WireEnding,
    pub clock: Option<WireClock>,
}

/// The second section of format version 3: version 2's fields, then the moves played
/// after their mover asked for a hint (by index, 0 for the first move), so that the
/// move list marks them again after loading.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct WireRecordV3 {
    pub start: String,
    pub moves: Vec<String>,
    pub seats: Vec<WireSeat>,
    pub time_used_ms: [u64; 2],
    pub ending: WireEnding,
    pub clock: Option<WireClock>,
    pub hinted: Vec<u32>,
}

/// The second section of format version 4: version 3's fields, then the game's review
/// when it has one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct WireRecordV4 {
    pub start: String,
    pub moves: Vec<String>,
    pub seats: Vec<WireSeat>,
    pub time_used_ms: [u64; 2],
    pub ending: WireEnding,
    pub clock: Option<WireClock>,
    pub hinted: Vec<u32>,
    pub review: Option<WireReview>,
}

/// A game's review: the search time each position had, and what the search said of
/// every position from the start to the end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct WireReview {
    pub per_position_ms: u64,
    pub positions: Vec<WireVerdict>,
}

/// What the search said of one position: its value from the first player's view, how
/// deep it looked, and the move it preferred (none at the end of the game).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct WireVerdict {
    pub score: i32,
    pub depth: u32,
    pub best: Option<String>,
}

/// A timed game's clocks: the time control, each side's time left, and the time the
/// mover had left after each move (for records such as PGN's `%clk`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct WireClock {
    pub base_ms: u64,
    pub increment_ms: u64,
    pub left_ms: [u64; 2],
    pub after_moves_ms: Vec<u64>,
}

impl From<WireRecord> for WireRecordV2 {
    fn from(old: WireRecord) -> Self {
        WireRecordV2 {
            start: old.start,
            moves: old.moves,
            seats: old.seats,
            time_used_ms: old.time_used_ms,
            ending: old.ending,
            clock: None,
        }
    }
}

impl From<WireRecordV2> for WireRecordV3 {
    fn from(old: WireRecordV2) -> Self {
        WireRecordV3 {
            start: old.start,
            moves: old.moves,
            seats: old.seats,
            time_used_ms: old.time_used_ms,
            ending: old.ending,
            clock: old.clock,
            hinted: Vec::new(),
        }
    }
}

impl From<WireRecordV3> for WireRecordV4 {
    fn from(old: WireRecordV3) -> Self {
        WireRecordV4 {
            start: old.start,
            moves: old.moves,
            seats: old.seats,
            time_used_ms: old.time_used_ms,
            ending: old.ending,
            clock: old.clock,
            hinted: old.hinted,
            review: None,
        }
    }
}

/// One side of the board, by move order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum WireSide {
    First,
    Second,
}

/// Where the game stands, for the listing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum WireResult {
    InProgress,
    Won(WireSide),
    Drawn,
}

/// Who sits at a side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct WireSeat {
    pub name: String,
    pub controller: WireController,
    pub side: WireSide,
}

/// A person, or the computer at a strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum WireController {
    Person,
    Computer(WireLevel),
}

/// The computer's strength: the four levels before the ladder, then a rung of the
/// ladder (an addition to format version 4 that older builds refuse as damaged).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum WireLevel {
    Easy,
    Medium,
    Hard,
    /// The whole engine, written for full strength so that older builds still read it.
    Maximum,
    /// A rung of the ladder below full strength, 1 to 8.
    Rung(u8),
}

/// How the game ended when that is not a move: the moves alone tell whether the rules
/// ended it, but not a resignation or an agreed draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum WireEnding {
    /// Unfinished, or ended by the rules (the replay shows which).
    ByTheMoves,
    /// This side resigned after the last move.
    Resigned(WireSide),
    /// Both players agreed to a draw after the last move.
    DrawAgreed,
    /// This side's clock ran out after the last move (format version 2 and later).
    OutOfTime(WireSide),
    /// This side left an online game and stayed away; the opponent claimed the win
    /// (`true`) or called it a draw (`false`).
    Abandoned(WireSide, bool),
}

impl From<Player> for WireSide {
    fn from(player: Player) -> Self {
        match player {
            Player::First => WireSide::First,
            Player::Second => WireSide::Second,
        }
    }
}

impl From<WireSide> for Player {
    fn from(side: WireSide) -> Self {
        match side {
            WireSide::First => Player::First,
            WireSide::Second => Player::Second,
        }
    }
}

impl From<Level> for WireLevel {
    fn from(level: Level) -> Self {
        if level == Level::FULL {
            WireLevel::Maximum
        } else {
            WireLevel::Rung(level.number())
        }
    }
}

impl WireLevel {
    /// The level it stands for (the old names as [`Level::parse`] reads them), or
    /// `None` for a rung the ladder does not have.
    pub(crate) fn level(self) -> Option<Level> {
        match self {
            WireLevel::Easy => Level::parse("easy").ok(),
            WireLevel::Medium => Level::parse("medium").ok(),
            WireLevel::Hard => Level::parse("hard").ok(),
            WireLevel::Maximum => Some(Level::FULL),
            WireLevel::Rung(number) => Level::new(number).filter(|level| *level != Level::FULL),
        }
    }
}
