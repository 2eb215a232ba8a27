//! `ply think`: let the computer search a position and show each iteration, for
//! checking the search by hand and measuring depth reached in a given time; with
//! `--lines N`, its best N lines, as an analysis board shows them.

use crate::game_args::GameArgs;
use clap::Args;
use ply_modes::{Limits, Thought};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Arguments of `ply think`.
#[derive(Args, Debug)]
pub struct ThinkArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Time to think, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    millis: u64,
    /// Deepest iteration, in plies.
    #[arg(long)]
    depth: Option<u32>,
    /// Techniques to leave out, e.g. `reductions+history` (see `ply match --help`).
    #[arg(long, default_value = "")]
    without: String,
    /// How many lines to show, each starting with a different move (multi-PV).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..))]
    lines: u16,
}

/// Searches and prints one row per completed iteration (one per line of play with
/// `--lines`, numbered from `#1`, the best), then the best move.
pub fn run(args: &ThinkArgs) -> Result<(), String> {
    let game = args.game.game()?;
    if game.outcome().is_some() {
        return Err("the game is already over".into());
    }
    let limits = Limits {
        time: Some(Duration::from_millis(args.millis)),
        depth: args.depth,
        without: crate::matches::techniques_left_out(&args.without)?,
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let wanted = usize::from(args.lines);
    let lines = game.analyse_lines(&limits, wanted, &stop, &mut |lines| {
        for (index, thought) in lines.iter().enumerate() {
            let number = (wanted > 1).then_some(index + 1);
            say!("{}", row(thought, number));
        }
    });
    let thought = &lines[0];
    let best = thought.line.first().cloned().unwrap_or_default();
    say!(
        "best {best} (depth {}, {} nodes in {} ms, {:.0} thousand nodes per second)",
        thought.depth,
        thought.nodes,
        thought.elapsed.as_millis(),
        thought.nodes as f64 / thought.elapsed.as_secs_f64().max(1e-9) / 1e3
    );
    Ok(())
}

/// One line of play as a row: its depth, its number among several lines if it has
/// one, its score, the nodes and time so far, and its moves in move text.
fn row(thought: &Thought, number: Option<usize>) -> String {
    let number = number.map_or_else(String::new, |number| format!("  #{number}"));
    format!(
        "depth {:>2}{number}  score {:>8}  nodes {:>10}  time {:>6} ms  line {}",
        thought.depth,
        thought.score.to_string(),
        thought.nodes,
        thought.elapsed.as_millis(),
        thought.line.join(" ")
    )
}
