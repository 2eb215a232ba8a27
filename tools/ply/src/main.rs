//! `ply`: Plyground's command-line tool for everything that needs no window.
//! Each subcommand lives in its own module; this file only parses and dispatches.

#[macro_use]
mod say;

mod bench;
mod book;
mod elo;
mod game_args;
mod history;
mod ladder;
mod matches;
mod moves;
mod online;
mod online_save;
mod online_table;
mod perft;
mod protocol;
mod random_games;
mod relay;
mod relay_bench;
mod review;
mod save_export;
mod save_inspect;
mod save_list;
mod save_verify;
mod stop_bench;
mod think;
mod tune;
mod uci_opponent;
mod why;
mod wire_bench;

use clap::{Parser, Subcommand};
use std::io;
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
    /// Say why a move is not legal in a position (or that it is), in one line.
    Why(why::WhyArgs),
    /// Let the computer search a position, showing each iteration.
    Think(think::ThinkArgs),
    /// Review a game: each move classed by how much of the mover's chance it gave
    /// away, and each side's accuracy.
    Review(review::ReviewArgs),
    /// Two search settings play a match against each other.
    Match(matches::MatchArgs),
    /// Measure one level of the computer's ladder against its anchor and print its
    /// rating (docs/levels.md).
    Ladder(ladder::LadderArgs),
    /// Speak UCI on standard input and output (chess, atomic, king of the hill), for
    /// chess GUIs and match tools.
    Uci,
    /// Speak Plyground's line protocol on standard input and output, for every mode.
    Engine,
    /// Performance measurements: the search's depth and speed, and how quickly it
    /// obeys `stop` and its time budget.
    Bench(bench::BenchArgs),
    /// Regenerate Connect Four's opening book with its own solver.
    Book(book::BookArgs),
    /// Fit an evaluation's weights to self-play results (Texel's method).
    Tune(tune::TuneArgs),
    /// Run the relay server that hosts online lobbies.
    Relay(relay::RelayArgs),
    /// Host an online lobby (headless: events out, requests in, one per line).
    Host(online::HostArgs),
    /// Join an online lobby (headless: events out, requests in, one per line).
    Join(online::JoinArgs),
    /// The history of finished games: list, statistics, import and export of PGN and
    /// PDN, deletion, rebuilding from the saves, the games at a position.
    History(history::HistoryArgs),
    /// Inspect, verify, list and export save files.
    Save {
        #[command(subcommand)]
        command: SaveCommand,
    },
}

#[derive(Subcommand)]
enum SaveCommand {
    /// Show a save: header, players, moves in notation, final position.
    Inspect(save_inspect::InspectArgs),
    /// Load each save as the game would; fail if any does not load.
    Verify(save_verify::VerifyArgs),
    /// List the saves in the save folder, newest first.
    List,
    /// Write a save as a game record: PGN (chess modes), PDN (checkers) or text.
    Export(save_export::ExportArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Perft(args) => perft::run(&args),
        Command::Moves(args) => moves::run(&args),
        Command::Think(args) => think::run(&args),
        Command::Why(args) => why::run(&args),
        Command::Match(args) => matches::run(&args),
        Command::Ladder(args) => ladder::run(&args),
        Command::Review(args) => review::run(&args),
        Command::Uci => conversation(protocol::uci::run(io::stdin().lock(), io::stdout())),
        Command::Engine => conversation(protocol::engine::run(io::stdin().lock(), io::stdout())),
        Command::Bench(args) => bench::run(&args),
        Command::Book(args) => book::run(&args),
        Command::Save { command } => match command {
            SaveCommand::Inspect(args) => save_inspect::run(&args),
            SaveCommand::Verify(args) => save_verify::run(&args),
            SaveCommand::List => save_list::run(),
            SaveCommand::Export(args) => save_export::run(&args),
        },
        Command::History(args) => history::run(&args),
        Command::Tune(args) => tune::run(&args),
        Command::Relay(args) => relay::run(&args),
        Command::Host(args) => online::host(&args),
        Command::Join(args) => online::join(&args),
        Command::Modes => {
            for mode in ply_modes::MODES {
                say!("{:<10} {}: {}", mode.id, mode.name, mode.summary);
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

/// The end of an engine conversation: a GUI that closed our output simply left.
fn conversation(ended: io::Result<()>) -> Result<(), String> {
    match ended {
        Err(error) if !say::reader_gone(&error) => Err(format!("the conversation ended: {error}")),
        _ => Ok(()),
    }
}
