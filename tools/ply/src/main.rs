//! `ply`: Plyground's command-line tool for everything that needs no window.
//! Each subcommand lives in its own module; this file only parses and dispatches.

mod bench;
mod game_args;
mod moves;
mod online;
mod perft;
mod relay;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Plyground's command-line tool.
#[derive(Parser)]
#[command(name = "ply", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the legal move tree to a depth, with time and speed.
    Perft(perft::PerftArgs),
    /// List the legal moves of a position, then the outcome if the game is over.
    Moves(moves::MovesArgs),
    /// List the game modes and their identifiers.
    Modes,
    /// Run the relay server that hosts online lobbies.
    Relay(relay::RelayArgs),
    /// Host an online lobby (headless: events out, requests in, one per line).
    Host(online::HostArgs),
    /// Join an online lobby (headless: events out, requests in, one per line).
    Join(online::JoinArgs),
    /// Measure performance.
    #[command(subcommand)]
    Bench(bench::BenchCommand),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Perft(args) => perft::run(&args),
        Command::Moves(args) => moves::run(&args),
        Command::Relay(args) => relay::run(&args),
        Command::Host(args) => online::host(&args),
        Command::Join(args) => online::join(&args),
        Command::Bench(command) => bench::run(&command),
        Command::Modes => {
            for mode in ply_modes::MODES {
                println!("{:<10} {}: {}", mode.id, mode.name, mode.summary);
            }
            Ok(())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
