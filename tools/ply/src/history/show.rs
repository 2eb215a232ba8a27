//! `ply history list`: a page of the chosen games, newest first, one line each, and
//! where the page stands among them.

use super::filters::FilterArgs;
use clap::Args;
use ply_history::{GameFilter, GameSummary, History, Page, PlayerResult, Venue};
use ply_modes::find_mode;
use ply_save::local_text;

/// Arguments of `ply history list`.
#[derive(Args, Debug)]
pub struct ListArgs {
    #[command(flatten)]
    filters: FilterArgs,
    /// Which page, from 1.
    #[arg(long, default_value_t = 1)]
    page: u64,
    /// Games on a page.
    #[arg(long, default_value_t = 20)]
    page_size: u64,
}

/// Prints the page, then "games A-B of N".
pub fn run(history: &History, args: &ListArgs) -> Result<(), String> {
    let filter: GameFilter = args.filters.filter()?;
    let total = history.count(&filter).map_err(|e| e.to_string())?;
    if total == 0 {
        say!("no games");
        return Ok(());
    }
    let page = Page::number(args.page.max(1) - 1, args.page_size.max(1));
    let games = history.list(&filter, page).map_err(|e| e.to_string())?;
    for game in &games {
        say!("{}", line(game));
    }
    let pages = total.div_ceil(page.limit);
    say!(
        "games {}-{} of {total} (page {} of {pages})",
        (page.offset + 1).min(total),
        page.offset + games.len() as u64,
        args.page.max(1)
    );
    Ok(())
}

/// One game on one line: number, date, mode, the player's result, the players, how it
/// ended, its length, and where it was played.
pub fn line(game: &GameSummary) -> String {
    let mode = find_mode(&game.mode).map_or(game.mode.as_str(), |mode| mode.name);
    let result = match game.player_result {
        Some(PlayerResult::Win) => "won",
        Some(PlayerResult::Draw) => "drew",
        Some(PlayerResult::Loss) => "lost",
        None => "-",
    };
    let players = game
        .players
        .iter()
        .map(|player| match player {
            Some(player) => match player.computer {
                Some(level) => format!("{} ({})", player.name, level.name()),
                None => player.name.clone(),
            },
            None => "?".to_string(),
        })
        .collect::<Vec<_>>()
        .join(" v ");
    let venue = match &game.venue {
        Venue::Local => String::new(),
        Venue::Online { lobby, .. } if lobby.is_empty() => "  online".to_string(),
        Venue::Online { lobby, .. } => format!("  online {lobby}"),
    };
    format!(
        "#{:<6} {}  {:<20} {:<4}  {players}  ({}, {}){venue}",
        game.id,
        local_text(game.ended),
        mode,
        result,
        game.outcome.reason().describe(),
        ply_save::length_text(game.plies),
    )
}
