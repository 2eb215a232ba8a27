//! `ply tune`: fits a mode's evaluation weights to game results by Texel's method. `ply
//! tune play` has the computer play itself and keeps the quiet positions with each
//! game's result; `ply tune fit` finds the weights whose evaluation, turned into an
//! expected score, best predicts those results, and writes them as the mode's weight
//! table. `ply tune label` scores the positions with a UCI engine's static evaluation,
//! and `ply tune net` trains the network on the pieces of standard chess or last piece
//! standing to the positions' scores; `ply tune branch` adds positions one random quiet
//! move aside of the games' for it to learn from. docs/tuning.md describes the methods
//! and the runs behind the committed tables and networks.

mod branch;
mod curve;
mod fit;
mod label;
mod net;
mod parallel;
mod play;
mod samples;
mod table_file;

use clap::{Args, Subcommand};
use ply_core::{Explain, Present, Tunable};
use ply_games::checkers::Checkers;
use ply_games::chess::{Atomic, HoleChess, KingOfTheHill, LastPieceStanding, MegaChess, Standard};
use ply_games::connect4::ConnectFour;
use ply_games::hnefatafl::Hnefatafl;

/// Arguments of `ply tune`.
#[derive(Args, Debug)]
pub struct TuneArgs {
    #[command(subcommand)]
    command: TuneCommand,
}

#[derive(Subcommand, Debug)]
enum TuneCommand {
    /// Self-play games, keeping quiet positions with each game's result.
    Play(play::PlayArgs),
    /// Fit the weights to positions and results, and write the weight table.
    Fit(fit::FitArgs),
    /// Write the position one random quiet move after each position, for `label`.
    Branch(branch::BranchArgs),
    /// Score every position with a UCI engine's static evaluation, for `net`.
    Label(label::LabelArgs),
    /// Train the network on the pieces (chess, lps) to the positions' scores, and write it.
    Net(net::NetArgs),
    /// Fit the scale of the mode's chance-of-winning curve to positions' scores and results.
    Curve(curve::CurveArgs),
}

/// The modes whose evaluation has a weight table of its own. Last piece standing, whose
/// network learns from its own games, may play them too.
const TUNABLE: &str = "chess, koth, atomic, checkers, hnefatafl (every mode can `play`)";

/// Runs a `ply tune` subcommand for the mode it names.
pub fn run(args: &TuneArgs) -> Result<(), String> {
    let mode = match &args.command {
        TuneCommand::Play(play) => play.mode.as_str(),
        TuneCommand::Fit(fit) => fit.mode.as_str(),
        TuneCommand::Branch(branch) => branch.mode.as_str(),
        TuneCommand::Net(net) => return net::run(net),
        TuneCommand::Label(label) => return label::run(label),
        TuneCommand::Curve(curve) => return curve::run(curve),
    };
    match mode {
        "chess" => run_for::<Standard>(args),
        "koth" => run_for::<KingOfTheHill>(args),
        "atomic" => run_for::<Atomic>(args),
        "checkers" => run_for::<Checkers>(args),
        "hnefatafl" => run_for::<Hnefatafl>(args),
        "lps" | "hole" | "mega" | "connect4" if matches!(args.command, TuneCommand::Play(_)) => {
            play_any(args)
        }
        other => Err(format!(
            "mode '{other}' has no weight table to tune (tunable: {TUNABLE})"
        )),
    }
}

fn run_for<G: Tunable + Present + Explain>(args: &TuneArgs) -> Result<(), String> {
    match &args.command {
        TuneCommand::Play(play) => play::run::<G>(play),
        TuneCommand::Fit(fit) => fit::run::<G>(fit),
        TuneCommand::Branch(branch) => branch::run::<G>(branch),
        TuneCommand::Net(net) => net::run(net),
        TuneCommand::Label(label) => label::run(label),
        TuneCommand::Curve(curve) => curve::run(curve),
    }
}

/// `ply tune play` for the modes without a weight table of their own: their games
/// still teach the chance-of-winning curve (`ply tune curve`), and last piece
/// standing's its network.
fn play_any(args: &TuneArgs) -> Result<(), String> {
    let TuneCommand::Play(play) = &args.command else {
        return Err("only `ply tune play` plays every mode".into());
    };
    match play.mode.as_str() {
        "lps" => play::run::<LastPieceStanding>(play),
        "hole" => play::run::<HoleChess>(play),
        "mega" => play::run::<MegaChess>(play),
        "connect4" => play::run::<ConnectFour>(play),
        other => Err(format!("mode '{other}' cannot play here")),
    }
}
