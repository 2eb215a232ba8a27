//! The arguments every position-taking subcommand shares (`--mode`, `--position`,
//! `--moves`) and turning them into a game, with one clear message for bad input.

use clap::Args;
use ply_modes::{AnyGame, Mode, find_mode, mode_ids};

/// The registered mode with this identifier, or a one-line reason.
pub fn mode_named(id: &str) -> Result<&'static Mode, String> {
    find_mode(id).ok_or_else(|| format!("unknown mode '{id}' (known modes: {})", mode_ids()))
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
        let mode = find_mode(&self.mode)
            .ok_or_else(|| format!("unknown mode '{}' (known modes: {})", self.mode, mode_ids()))?;
        let mut game = match &self.position {
            None => mode.new_game(),
            Some(text) => mode.from_position(text).map_err(|e| e.to_string())?,
        };
        for (index, text) in self.moves.split_whitespace().enumerate() {
            game.play_text(text)
                .map_err(|e| format!("move {} ({text}): {e}", index + 1))?;
        }
        Ok(game)
    }
}
