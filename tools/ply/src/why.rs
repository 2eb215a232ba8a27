//! `ply why`: why a move is not legal in a position, in one line, as the game would say
//! it (also the engine protocol's `why MOVE`).

use crate::game_args::GameArgs;
use clap::Args;
use ply_core::MoveError;
use ply_modes::AnyGame;

/// Arguments of `ply why`.
#[derive(Args, Debug)]
pub struct WhyArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The move to explain, in the mode's move text.
    #[arg(allow_hyphen_values = true)]
    r#move: String,
}

/// Prints why the move is not legal, or that it is; fails only when the move text
/// cannot be read.
pub fn run(args: &WhyArgs) -> Result<(), String> {
    let game = args.game.game()?;
    let line = explain(game.as_ref(), &args.r#move).map_err(|error| error.to_string())?;
    say!("{line}");
    Ok(())
}

/// One line about the move given as `text`: `legal: MOVE ...` with every legal move that
/// fits it, or `KIND: SENTENCE` with the squares the reason marks in brackets.
pub fn explain(game: &dyn AnyGame, text: &str) -> Result<String, MoveError> {
    let attempt = game.read_attempt(text)?;
    match game.judge(&attempt) {
        Ok(codes) => {
            let texts: Vec<String> = codes
                .into_iter()
                .filter_map(|code| game.move_text(code))
                .collect();
            Ok(format!("legal: {}", texts.join(" ")))
        }
        Err(why) => {
            let width = game.view().width.max(1);
            let marks: Vec<String> = why
                .marks
                .iter()
                .map(|&cell| {
                    game.cell_label(cell).unwrap_or_else(|| {
                        let column = game.column_label(cell % width).unwrap_or_default();
                        let row = game.row_label(cell / width).unwrap_or_default();
                        column + &row
                    })
                })
                .collect();
            let marked = if marks.is_empty() {
                String::new()
            } else {
                format!(" [{}]", marks.join(" "))
            };
            Ok(format!("{}: {}{marked}", why.kind, why.sentence))
        }
    }
}
