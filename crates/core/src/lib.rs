//! The game-mode core: the traits every mode implements and the small shared types
//! (players, outcomes, scores, move codes, board views, how a mode looks, hashing keys,
//! errors).
//!
//! Nothing here does I/O or spawns threads; every other crate builds on it.

mod error;
mod look;
mod outcome;
mod player;
mod rules;
mod score;
mod view;
pub mod zobrist;

pub use error::{MoveError, PositionError, PositionFault};
pub use look::{Form, Paint, PieceKind, PieceLook, Rgb, SideColors, Stroke};
pub use outcome::{EndReason, Outcome, wins};
pub use player::Player;
pub use rules::{Heuristics, MoveCode, Present, Rules};
pub use score::Score;
pub use view::{BoardView, Cell, CellMark, InputStyle};
