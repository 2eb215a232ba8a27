//! `ply match`: two search settings play each other over many games with alternating
//! colours from seeded random openings, and the score shows which plays better. Every
//! change to the search or an evaluation is judged this way.

use crate::game_args::mode_named;
use clap::Args;
use ply_core::{Player, zobrist::splitmix64};
use ply_modes::{AnyGame, Limits};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Arguments of `ply match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// Mode identifier.
    #[arg(long, default_value = "chess")]
    mode: String,
    /// Number of games (rounded up to an even number: each opening is played twice).
    #[arg(long, default_value_t = 20)]
    games: u32,
    /// Settings of player A: comma-separated `millis=N`, `depth=N`, `nodes=N`,
    /// `without=TECHNIQUE[+TECHNIQUE...]` (table, killers, history, reductions,
    /// quiescence, check-extension).
    #[arg(long, default_value = "")]
    a: String,
    /// Settings of player B, as for A.
    #[arg(long, default_value = "")]
    b: String,
    /// Thinking time per move unless a side's settings say otherwise.
    #[arg(long, default_value_t = 100)]
    millis: u64,
    /// Random plies played before each pair of games, for varied openings.
    #[arg(long, default_value_t = 4)]
    opening_plies: u32,
    /// Games still running after this many plies are scored as draws.
    #[arg(long, default_value_t = 400)]
    max_plies: usize,
    /// Seed for the openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Reads a side's settings into search limits.
fn parse_settings(text: &str, millis: u64) -> Result<Limits, String> {
    let mut limits = Limits {
        time: Some(Duration::from_millis(millis)),
        ..Limits::default()
    };
    for item in text
        .split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
    {
        let (key, value) = item
            .split_once('=')
            .ok_or_else(|| format!("setting '{item}' needs the form key=value"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("setting '{key}' needs a whole number, not '{value}'"))
        };
        match key {
            "millis" => limits.time = Some(Duration::from_millis(number()?)),
            "depth" => limits.depth = Some(number()? as u32),
            "nodes" => limits.nodes = Some(number()?),
            "without" => {
                for name in value.split('+') {
                    if !limits.without.leave_out(name) {
                        return Err(format!(
                            "unknown technique '{name}' (known: {})",
                            ply_ai::search::Techniques::NAMES.join(", ")
                        ));
                    }
                }
            }
            _ => {
                return Err(format!(
                    "unknown setting '{key}' (use millis, depth, nodes, without)"
                ));
            }
        }
    }
    Ok(limits)
}

/// Plays one game; returns the winner, if any.
fn play_game(
    mut game: Box<dyn AnyGame>,
    first: &Limits,
    second: &Limits,
    max_plies: usize,
) -> Option<Player> {
    let stop = AtomicBool::new(false);
    for _ in 0..max_plies {
        if let Some(outcome) = game.outcome() {
            return outcome.winner();
        }
        let limits = if game.to_move() == Player::First {
            first
        } else {
            second
        };
        let best = game.analyse(limits, &stop, &mut |_| {}).best?;
        game.play(best).ok()?;
    }
    game.outcome().and_then(|outcome| outcome.winner())
}

/// A game after `plies` seeded random moves that did not end it.
fn opening(mode: &ply_modes::Mode, plies: u32, seed: u64) -> Box<dyn AnyGame> {
    let mut game = mode.new_game();
    for ply in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let pick = moves
            [(splitmix64(seed.wrapping_mul(1000) + u64::from(ply)) % moves.len() as u64) as usize];
        let mut next = game.clone_box();
        if next.play(pick).is_ok() && next.outcome().is_none() {
            game = next;
        }
    }
    game
}

/// Plays the match and prints the running and final score from A's point of view.
pub fn run(args: &MatchArgs) -> Result<(), String> {
    let mode = mode_named(&args.mode)?;
    let a = parse_settings(&args.a, args.millis)?;
    let b = parse_settings(&args.b, args.millis)?;
    let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
    for pair in 0..args.games.div_ceil(2) {
        let start = opening(mode, args.opening_plies, args.seed + u64::from(pair));
        for a_plays in [Player::First, Player::Second] {
            let (first, second) = if a_plays == Player::First {
                (&a, &b)
            } else {
                (&b, &a)
            };
            match play_game(start.clone_box(), first, second, args.max_plies) {
                Some(winner) if winner == a_plays => wins += 1,
                Some(_) => losses += 1,
                None => draws += 1,
            }
        }
        println!(
            "after {} games: A {wins} wins, {draws} draws, {losses} losses",
            2 * (pair + 1)
        );
    }
    let games = f64::from(wins + draws + losses);
    let score = (f64::from(wins) + f64::from(draws) / 2.0) / games;
    let elo = if score <= 0.0 || score >= 1.0 {
        "beyond measure".to_string()
    } else {
        format!("{:+.0}", -400.0 * (1.0 / score - 1.0).log10())
    };
    println!(
        "result: A scored {:.1}% ({wins} wins, {draws} draws, {losses} losses); Elo difference A-B {elo}",
        100.0 * score
    );
    Ok(())
}
