//! The registry of game modes (one line per mode) and `AnyGame`, the object-safe face
//! of a game in progress that screens, saves, the network and the command line use
//! without knowing which mode they hold, and the one replay that rebuilds a game from
//! its text.

mod any_game;
pub mod conformance;
mod ratings;
mod registry;
mod replay;

pub use any_game::{AnyGame, Game, LegalMove, Thought};
pub use ply_ai::level::{Ladder, Level, Request, Rungs, UnknownLevel, limits};
pub use ply_ai::search::Limits;
pub use ratings::{LevelRating, anchored_ratings, level_rating};
pub use registry::{MODES, Mode, find_mode, mode_ids};
pub use replay::{ReplayError, replay};
