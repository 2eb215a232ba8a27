//! `ply perft`: leaf counts of the legal move tree, the standard correctness and speed
//! check for move generators.

use crate::game_args::GameArgs;
use clap::Args;
use std::time::Instant;

/// Arguments of `ply perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Print the count below each legal move as well.
    #[arg(long)]
    divide: bool,
    /// How many plies deep to count.
    depth: u32,
}

/// Runs the count and prints it with its time and speed.
pub fn run(args: &PerftArgs) -> Result<(), String> {
    let game = args.game.game()?;
    let started = Instant::now();
    let leaves = if args.divide {
        let split = game.divide(args.depth);
        for (mv, count) in &split {
            say!("{mv}: {count}");
        }
        split.iter().map(|(_, count)| count).sum()
    } else {
        game.perft(args.depth)
    };
    let seconds = started.elapsed().as_secs_f64();
    say!("perft {}: {leaves} leaves", args.depth);
    say!("time: {seconds:.3} s");
    if seconds > 0.0 {
        say!(
            "speed: {:.1} million leaves per second",
            leaves as f64 / seconds / 1e6
        );
    }
    Ok(())
}
