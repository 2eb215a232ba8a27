//! `ply history explore`: "your games at this position" from the command line: how
//! many games reached a position, each move played from it with its results for the
//! side to move, and the latest of those games.

use super::show::line;
use crate::game_args::GameArgs;
use clap::Args;
use ply_history::{GameFilter, History, Page, PositionKey, Tally};

/// Arguments of `ply history explore`.
#[derive(Args, Debug)]
pub struct ExploreArgs {
    #[command(flatten)]
    game: GameArgs,
    /// How many of the latest games that reached the position to list.
    #[arg(long, default_value_t = 5)]
    games: u64,
}

/// Prints the moves played from the position and the latest games that reached it.
pub fn run(history: &History, args: &ExploreArgs) -> Result<(), String> {
    let game = args.game.game()?;
    let explored = history.explore(game.as_ref()).map_err(|e| e.to_string())?;
    say!(
        "{} games reached this position ({} to move)",
        explored.games,
        game.side_name(game.to_move())
    );
    for next in &explored.moves {
        say!(
            "  {:<10} {:<8} {}",
            next.display,
            next.text,
            results(next.tally)
        );
    }
    if explored.ended_here.games() > 0 {
        say!("  ended here          {}", results(explored.ended_here));
    }
    let reached = GameFilter {
        position: Some(PositionKey::of(game.as_ref())),
        ..GameFilter::default()
    };
    for summary in history
        .list(&reached, Page::first(args.games))
        .map_err(|e| e.to_string())?
    {
        say!("{}", line(&summary));
    }
    Ok(())
}

/// "12 games: 5 won, 3 drawn, 4 lost" for the side to move.
fn results(tally: Tally) -> String {
    format!(
        "{} games: {} won, {} drawn, {} lost",
        tally.games(),
        tally.wins,
        tally.draws,
        tally.losses
    )
}
