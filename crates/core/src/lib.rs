//! The game-mode core: the traits every mode implements and the small shared types
//! (players, outcomes, scores, move codes, board views, how a mode looks, time controls,
//! hashing keys, errors, positions set up by hand), and `copy_make!`, the undo of modes
//! that copy their position.
//!
//! Nothing here does I/O or spawns threads; every other crate builds on it.

mod clock;
mod copy_make;
mod error;
mod ladder;
mod look;
mod outcome;
mod player;
mod review;
mod rules;
mod score;
mod setup;
mod tuning;
mod view;
mod why;
pub mod zobrist;

pub use clock::{
    CHESS_PRESETS, GENERAL_PRESETS, LARGEST_INCREMENT, LONGEST_BASE, SHORTEST_BASE, TimeControl,
    TimeControlError,
};
pub use error::{MoveError, PositionError, PositionFault};
pub use ladder::{Ladder, Rungs, STANDARD_RUNGS};
pub use look::{Form, Paint, PieceKind, PieceLook, Rgb, SideColors, Stroke};
pub use outcome::{EndReason, Outcome, wins};
pub use player::Player;
pub use review::{ChanceCurve, MoveClass, move_accuracy, side_accuracy};
pub use rules::{CORRECTION_KEYS, Heuristics, MoveCode, Present, Rules};
pub use score::Score;
pub use setup::{CastlingRights, Compose, Setup, SetupFields, Wing};
pub use tuning::{TermUse, Tunable};
pub use view::{BoardView, Cell, CellMark, InputStyle};
pub use why::{Attempt, Explain, Reason, WhyNot};
