//! `ply moves`: the legal moves of a position in move text, one per line, then the
//! outcome if the game is over.

use crate::game_args::GameArgs;
use clap::Args;

/// Arguments of `ply moves`.
#[derive(Args, Debug)]
pub struct MovesArgs {
    #[command(flatten)]
    game: GameArgs,
}

/// Prints the legal moves and, for a finished game, its result.
pub fn run(args: &MovesArgs) -> Result<(), String> {
    let game = args.game.game()?;
    for code in game.legal_moves() {
        if let Some(text) = game.move_text(code) {
            say!("{text}");
        }
    }
    if let Some(outcome) = game.outcome() {
        let result = match outcome.winner() {
            Some(winner) => ply_core::wins(game.side_name(winner)),
            None => "draw".to_string(),
        };
        say!("game over: {result} ({})", outcome.reason().describe());
    }
    Ok(())
}
