//! A saved game as the rest of the program sees it, turned into save bytes and back.
//! Loading replays every move through the mode's rules, so a save can never put a game
//! in a state the rules do not allow.

use crate::format::{self, FORMAT_VERSION};
use crate::wire::{
    WireClock, WireController, WireEnding, WireHeader, WireRecordV4, WireResult, WireReview,
    WireSeat, WireSide, WireVerdict,
};
use crate::{PositionVerdict, SaveError, SavedReview};
use ply_core::{EndReason, Outcome, Player, Score, TimeControl};
use ply_modes::{AnyGame, Level, find_mode};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Who plays a side: a person, or the computer at a strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Controller {
    /// Someone at the keyboard (or across the network).
    Person,
    /// The computer, playing at this level.
    Computer(Level),
}

/// A player of a saved game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    /// The player's name as shown in the side panel.
    pub name: String,
    /// A person or the computer.
    pub controller: Controller,
    /// The side they play.
    pub side: Player,
}

/// Where a saved game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// Moves remain to be played.
    InProgress,
    /// This side won.
    Won(Player),
    /// Nobody won.
    Drawn,
}

impl GameResult {
    /// The result of a game with this outcome.
    pub fn of(outcome: Option<Outcome>) -> GameResult {
        match outcome {
            None => GameResult::InProgress,
            Some(Outcome::Win { winner, .. }) => GameResult::Won(winner),
            Some(Outcome::Draw { .. }) => GameResult::Drawn,
        }
    }
}

/// What the list of saves shows about one save, read from the small header alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveSummary {
    /// The save format version of the file.
    pub format_version: u16,
    /// The title the player gave (or the one made up for them).
    pub title: String,
    /// The mode identifier.
    pub mode_id: String,
    /// The mode's rules version when the game was saved.
    pub rules_version: u32,
    /// When the game was first saved.
    pub created: SystemTime,
    /// When the game was last saved.
    pub updated: SystemTime,
    /// Moves played by both sides together.
    pub move_count: usize,
    /// Whose turn it is.
    pub to_move: Player,
    /// Whether the game is over, and how.
    pub result: GameResult,
}

/// A timed game's clocks as saved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedClock {
    /// The time control the game is played under.
    pub control: TimeControl,
    /// Each side's time left, indexed by `Player::index`.
    pub left: [Duration; 2],
    /// The time the mover had left after each move, in order (one per move).
    pub after_moves: Vec<Duration>,
}

/// A game with everything a save keeps about it.
pub struct SavedGame {
    /// The title shown in the list of saves.
    pub title: String,
    /// The players.
    pub seats: Vec<Seat>,
    /// Thinking time used so far by each side, indexed by `Player::index`.
    pub time_used: [Duration; 2],
    /// The clocks, when the game is timed.
    pub clock: Option<SavedClock>,
    /// When the game was first saved.
    pub created: SystemTime,
    /// When the game was last saved (see [`SavedGame::touch`]).
    pub updated: SystemTime,
    /// The game itself: start position, moves, and how it ended.
    pub game: Box<dyn AnyGame>,
    /// The moves played after their mover asked for a hint, by index (0 for the first
    /// move), in order.
    pub hinted: Vec<usize>,
    /// The game's review, when it has been reviewed.
    pub review: Option<SavedReview>,
}

impl SavedGame {
    /// A save of `game` made now (to the millisecond a file keeps), with no time used yet.
    pub fn new(title: impl Into<String>, seats: Vec<Seat>, game: Box<dyn AnyGame>) -> Self {
        let now = whole_millis(SystemTime::now());
        SavedGame {
            title: title.into(),
            seats,
            time_used: [Duration::ZERO; 2],
            clock: None,
            created: now,
            updated: now,
            game,
            hinted: Vec::new(),
            review: None,
        }
    }

    /// Marks the game as saved now: call before saving it again, so the list shows
    /// it as the newest.
    pub fn touch(&mut self) {
        self.updated = whole_millis(SystemTime::now());
    }

    /// What the list of saves would show for this game.
    pub fn summary(&self) -> SaveSummary {
        SaveSummary {
            format_version: FORMAT_VERSION,
            title: self.title.clone(),
            mode_id: self.game.mode_id().to_string(),
            rules_version: self.game.rules_version(),
            created: self.created,
            updated: self.updated,
            move_count: self.game.moves().len(),
            to_move: self.game.to_move(),
            result: GameResult::of(self.game.outcome()),
        }
    }

    /// The save file's bytes.
    pub fn to_bytes(&self) -> Result<Vec<u8>, SaveError> {
        let moves = self.game.move_texts();
        let header = WireHeader {
            title: self.title.clone(),
            mode: self.game.mode_id().to_string(),
            rules_version: self.game.rules_version(),
            created_ms: millis_since_epoch(self.created),
            updated_ms: millis_since_epoch(self.updated),
            move_count: u32::try_from(moves.len()).map_err(|_| SaveError::TooLarge {
                reason: "the game has too many moves".to_string(),
            })?,
            to_move: self.game.to_move().into(),
            result: match GameResult::of(self.game.outcome()) {
                GameResult::InProgress => WireResult::InProgress,
                GameResult::Won(winner) => WireResult::Won(winner.into()),
                GameResult::Drawn => WireResult::Drawn,
            },
        };
        let ending = match self.game.outcome() {
            Some(Outcome::Win {
                winner,
                reason: EndReason::Resignation,
            }) => WireEnding::Resigned(winner.opponent().into()),
            Some(Outcome::Draw {
                reason: EndReason::DrawAgreed,
            }) => WireEnding::DrawAgreed,
            Some(Outcome::Win {
                winner,
                reason: EndReason::OutOfTime,
            }) => WireEnding::OutOfTime(winner.opponent().into()),
            Some(Outcome::Draw {
                reason: EndReason::OutOfTimeNoMaterial,
            }) => WireEnding::OutOfTime(self.game.to_move().into()),
            Some(Outcome::Win {
                winner,
                reason: EndReason::Abandoned,
            }) => WireEnding::Abandoned(winner.opponent().into(), true),
            Some(Outcome::Draw {
                reason: EndReason::Abandoned,
            }) => WireEnding::Abandoned(self.game.to_move().into(), false),
            _ => WireEnding::ByTheMoves,
        };
        let clock = self.clock.as_ref().map(|clock| WireClock {
            base_ms: saturating_millis(clock.control.base),
            increment_ms: saturating_millis(clock.control.increment),
            left_ms: clock.left.map(saturating_millis),
            after_moves_ms: clock
                .after_moves
                .iter()
                .copied()
                .map(saturating_millis)
                .collect(),
        });
        let hinted = self
            .hinted
            .iter()
            .filter_map(|&index| u32::try_from(index).ok())
            .collect();
        let review = self.review.as_ref().map(|review| WireReview {
            per_position_ms: saturating_millis(review.per_position),
            positions: review
                .positions
                .iter()
                .map(|verdict| WireVerdict {
                    score: verdict.score.0,
                    depth: verdict.depth,
                    best: verdict.best.clone(),
                })
                .collect(),
        });
        let record = WireRecordV4 {
            start: self.game.start_text(),
            moves,
            seats: self.seats.iter().map(wire_seat).collect(),
            time_used_ms: self.time_used.map(saturating_millis),
            ending,
            clock,
            hinted,
            review,
        };
        format::encode(&header, &record)
    }

    /// Reads a save file's bytes, replaying every move through the rules.
    pub fn from_bytes(bytes: &[u8]) -> Result<SavedGame, SaveError> {
        let (header, record) = format::decode(bytes)?;
        let game = replay(&header, &record)?;
        let summary = summary_of(FORMAT_VERSION, header)?;
        if summary.move_count != game.moves().len()
            || summary.to_move != game.to_move()
            || summary.result != GameResult::of(game.outcome())
        {
            return Err(SaveError::damaged(
                "the header does not agree with the game's moves",
            ));
        }
        let clock = record.clock.map(saved_clock).transpose()?;
        let plies = game.moves().len();
        let hinted: Vec<usize> = record.hinted.iter().map(|&index| index as usize).collect();
        if hinted.windows(2).any(|pair| pair[0] >= pair[1])
            || hinted.last().is_some_and(|&last| last >= plies)
        {
            return Err(SaveError::damaged(
                "the moves marked as played after a hint are not moves of the game",
            ));
        }
        let review = record.review.map(|review| SavedReview {
            per_position: Duration::from_millis(review.per_position_ms),
            positions: review
                .positions
                .into_iter()
                .map(|verdict| PositionVerdict {
                    score: Score(verdict.score),
                    depth: verdict.depth,
                    best: verdict.best,
                })
                .collect(),
        });
        if review.as_ref().is_some_and(|review| !review.fits(&*game)) {
            return Err(SaveError::damaged(
                "the review does not fit the game's moves",
            ));
        }
        Ok(SavedGame {
            title: summary.title,
            seats: record
                .seats
                .into_iter()
                .map(seat)
                .collect::<Result<_, _>>()?,
            time_used: record.time_used_ms.map(Duration::from_millis),
            clock,
            created: summary.created,
            updated: summary.updated,
            game,
            hinted,
            review,
        })
    }
}

/// The game a header and record describe: the start position, then every move played
/// through the rules, then a resignation or agreed draw if the save records one.
fn replay(header: &WireHeader, record: &WireRecordV4) -> Result<Box<dyn AnyGame>, SaveError> {
    let mode = find_mode(&header.mode).ok_or_else(|| SaveError::UnknownMode {
        mode: header.mode.clone(),
    })?;
    if header.rules_version > mode.rules_version {
        return Err(SaveError::NewerRules {
            mode: header.mode.clone(),
            found: header.rules_version,
            supported: mode.rules_version,
        });
    }
    let mut game = mode.replay(Some(&record.start), &record.moves)?;
    let declared = match record.ending {
        WireEnding::ByTheMoves => Ok(()),
        WireEnding::Resigned(side) => game.resign(side.into()),
        WireEnding::DrawAgreed => game.agree_draw(),
        WireEnding::OutOfTime(side) => game.run_out_of_time(side.into()).map(drop),
        WireEnding::Abandoned(side, claim_win) => game.abandon(side.into(), claim_win).map(drop),
    };
    declared.map_err(|e| {
        SaveError::damaged(format!("the recorded end of the game cannot happen: {e}"))
    })?;
    Ok(game)
}

/// The public summary of a decoded header.
pub(crate) fn summary_of(
    format_version: u16,
    header: WireHeader,
) -> Result<SaveSummary, SaveError> {
    Ok(SaveSummary {
        format_version,
        title: header.title,
        mode_id: header.mode,
        rules_version: header.rules_version,
        created: time_from_millis(header.created_ms)?,
        updated: time_from_millis(header.updated_ms)?,
        move_count: header.move_count as usize,
        to_move: header.to_move.into(),
        result: match header.result {
            WireResult::InProgress => GameResult::InProgress,
            WireResult::Won(winner) => GameResult::Won(winner.into()),
            WireResult::Drawn => GameResult::Drawn,
        },
    })
}

/// A saved clock read back, refused when its time control could not have been chosen.
fn saved_clock(clock: WireClock) -> Result<SavedClock, SaveError> {
    let control = TimeControl::new(
        Duration::from_millis(clock.base_ms),
        Duration::from_millis(clock.increment_ms),
    )
    .map_err(|e| SaveError::damaged(format!("the saved time control is impossible: {e}")))?;
    Ok(SavedClock {
        control,
        left: clock.left_ms.map(Duration::from_millis),
        after_moves: clock
            .after_moves_ms
            .into_iter()
            .map(Duration::from_millis)
            .collect(),
    })
}

fn wire_seat(seat: &Seat) -> WireSeat {
    WireSeat {
        name: seat.name.clone(),
        controller: match seat.controller {
            Controller::Person => WireController::Person,
            Controller::Computer(level) => WireController::Computer(level.into()),
        },
        side: WireSide::from(seat.side),
    }
}

fn seat(seat: WireSeat) -> Result<Seat, SaveError> {
    Ok(Seat {
        name: seat.name,
        controller: match seat.controller {
            WireController::Person => Controller::Person,
            WireController::Computer(level) => {
                Controller::Computer(level.level().ok_or_else(|| {
                    SaveError::damaged("a seat names a level the computer does not have")
                })?)
            }
        },
        side: seat.side.into(),
    })
}

fn saturating_millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

/// Milliseconds since 1970 (0 for a clock set before then).
fn millis_since_epoch(time: SystemTime) -> u64 {
    time.duration_since(UNIX_EPOCH)
        .map(saturating_millis)
        .unwrap_or(0)
}

/// `time` without the part below a millisecond, as a file keeps it.
pub fn whole_millis(time: SystemTime) -> SystemTime {
    time_from_millis(millis_since_epoch(time)).unwrap_or(time)
}

fn time_from_millis(millis: u64) -> Result<SystemTime, SaveError> {
    UNIX_EPOCH
        .checked_add(Duration::from_millis(millis))
        .ok_or_else(|| SaveError::damaged("a date is out of range"))
}

/// A game's length as every list of games says it: in full moves (one move by each
/// side, as chess numbers them), from its number of plies (single moves).
pub fn length_text(plies: usize) -> String {
    match plies.div_ceil(2) {
        0 => "no moves yet".to_string(),
        1 => "1 move".to_string(),
        moves => format!("{moves} moves"),
    }
}
