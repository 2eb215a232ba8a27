//! The registry of game modes (one line per mode) and `AnyGame`, the object-safe face
//! of a game in progress that screens, saves, the network and the command line use
//! without knowing which mode they hold.

mod any_game;
pub mod conformance;
mod registry;

pub use any_game::{AnyGame, Game, Thought};
pub use ply_ai::level::{Level, Request};
pub use ply_ai::search::Limits;
pub use registry::{MODES, Mode, find_mode, mode_ids};
