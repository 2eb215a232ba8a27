//! `ply save inspect FILE`: everything a save holds, for people: the header, the
//! players, the moves in the mode's notation and the position they lead to.

use clap::Args;
use ply_core::Player;
use ply_modes::find_mode;
use ply_save::{Controller, GameResult, SavedGame, load_file, local_text, read_summary};
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `ply save inspect`.
#[derive(Args, Debug)]
pub struct InspectArgs {
    /// The save file.
    file: PathBuf,
}

/// Prints the header (even when the game itself cannot be loaded), then the game.
pub fn run(args: &InspectArgs) -> Result<(), String> {
    let summary = read_summary(&args.file).map_err(|e| e.to_string())?;
    say!("format:    version {}", summary.format_version);
    say!("title:     {}", summary.title);
    say!(
        "mode:      {} (rules version {})",
        summary.mode_id,
        summary.rules_version
    );
    say!("created:   {}", local_text(summary.created));
    say!("updated:   {}", local_text(summary.updated));
    let saved = load_file(&args.file).map_err(|e| e.to_string())?;
    print_game(&saved);
    Ok(())
}

fn print_game(saved: &SavedGame) {
    let game = &saved.game;
    for seat in &saved.seats {
        let controller = match seat.controller {
            Controller::Person => "person".to_string(),
            Controller::Computer(level) => format!("computer, {}", level.name()),
        };
        say!(
            "player:    {}: {} ({controller})",
            game.side_name(seat.side),
            seat.name
        );
    }
    say!(
        "time used: {} {}, {} {}",
        game.side_name(Player::First),
        clock(saved.time_used[Player::First.index()]),
        game.side_name(Player::Second),
        clock(saved.time_used[Player::Second.index()]),
    );
    say!("start:     {}", game.start_text());
    let moves = game.display_moves();
    say!(
        "moves:     {} ({} plies)",
        ply_save::length_text(moves.len()),
        moves.len()
    );
    let first_mover = find_mode(game.mode_id())
        .and_then(|mode| mode.from_position(&game.start_text()).ok())
        .map_or(Player::First, |start| start.to_move());
    for line in numbered_moves(&moves, first_mover) {
        say!("  {line}");
    }
    say!("position:  {}", game.position_text());
    match game.outcome() {
        None => say!("to move:   {}", game.side_name(game.to_move())),
        Some(outcome) => {
            let result = match GameResult::of(Some(outcome)) {
                GameResult::Won(winner) => ply_core::wins(game.side_name(winner)),
                GameResult::Drawn | GameResult::InProgress => "draw".to_string(),
            };
            say!("result:    {result} ({})", outcome.reason().describe());
        }
    }
}

/// Moves as numbered pairs ("1. e4 e5"); a game whose start has the second side to
/// move begins with "1. ... e5".
fn numbered_moves(moves: &[String], first_mover: Player) -> Vec<String> {
    let mut texts: Vec<&str> = Vec::with_capacity(moves.len() + 1);
    if first_mover == Player::Second {
        texts.push("...");
    }
    texts.extend(moves.iter().map(String::as_str));
    texts
        .chunks(2)
        .enumerate()
        .map(|(index, pair)| format!("{}. {}", index + 1, pair.join(" ")))
        .collect()
}

/// A duration as minutes and seconds ("83:05").
fn clock(time: Duration) -> String {
    let seconds = time.as_secs();
    format!("{}:{:02}", seconds / 60, seconds % 60)
}
