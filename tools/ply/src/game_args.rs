//! The arguments every position-taking subcommand shares (`--mode`, `--position`,
//! `--moves`) and turning them into a game, with one clear message for bad input.

use clap::Args;
use ply_modes::{AnyGame, Mode, ReplayError, find_mode, replay};

/// The registered mode with this identifier, or a one-line reason.
pub fn mode_named(id: &str) -> Result<&'static Mode, String> {
    find_mode(id).ok_or_else(|| ReplayError::unknown_mode(id).to_string())
}

/// Which game and position a subcommand works on.
#[derive(Args, Debug)]
pub struct GameArgs {
    /// Mode identifier (see `ply modes`).
    #[arg(long, default_value = "chess")]
    pub mode: String,
    /// Position text in the mode's notation (FEN for chess); the start if omitted.
    #[arg(long)]
    pub position: Option<String>,
    /// Moves to play first, in the mode's move text, separated by spaces.
    #[arg(long, default_value = "")]
    pub moves: String,
}

impl GameArgs {
    /// The game these arguments describe, or a one-line reason why there is none.
    pub fn game(&self) -> Result<Box<dyn AnyGame>, String> {
        replay(
            &self.mode,
            self.position.as_deref(),
            self.moves.split_whitespace(),
        )
        .map_err(|error| error.to_string())
    }
}
