//! `ply tune label`: gives every position of a positions file a UCI engine's static
//! evaluation as its score (Stockfish's `eval` command, no search), for `ply tune net`
//! to learn. The results and game numbers are kept; positions the engine gives no
//! evaluation (Stockfish, in check) are left out. Each thread runs its own engine on its
//! share of the positions, and the file is written in the input's order.

use super::parallel::on_shares;
use super::samples::{GameResult, Sample, read_samples, write_sample};
use crate::uci_opponent::{UciBudget, UciOpponent};
use clap::Args;
use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `ply tune label`.
#[derive(Args, Debug)]
pub struct LabelArgs {
    /// Mode identifier (a mode a UCI engine plays).
    #[arg(long)]
    pub mode: String,
    /// The positions file to label.
    #[arg(long)]
    positions: PathBuf,
    /// The UCI engine's command (`/usr/games/stockfish`).
    #[arg(long)]
    uci: String,
    /// A UCI option for the engine, `NAME=VALUE` (repeatable).
    #[arg(long = "uci-option")]
    uci_options: Vec<String>,
    /// Engines running at once, each on its share of the positions.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Where to write the labelled positions.
    #[arg(long)]
    out: PathBuf,
}

/// A position of the file, owned: its game's result and number, and its text.
type Line = (GameResult, u64, String);

/// Labels `lines` with one engine: each line's evaluation, if the engine gives one.
fn label_share(args: &LabelArgs, lines: &[Line]) -> Result<Vec<Option<i32>>, String> {
    let mut engine = UciOpponent::start(
        &args.uci,
        &args.uci_options,
        &args.mode,
        UciBudget::Nodes(1),
    )?;
    lines
        .iter()
        .map(|(_, _, position)| engine.static_evaluation(position))
        .collect()
}

/// Labels the positions and writes them.
pub fn run(args: &LabelArgs) -> Result<(), String> {
    let started = Instant::now();
    let file = File::open(&args.positions)
        .map_err(|e| format!("cannot open {}: {e}", args.positions.display()))?;
    let mut lines: Vec<Line> = Vec::new();
    read_samples(BufReader::new(file), |sample| {
        lines.push((sample.result, sample.game, sample.position.to_string()));
        Ok(())
    })
    .map_err(|e| format!("{}: {e}", args.positions.display()))?;
    let shares = on_shares(&lines, args.threads, |part| label_share(args, part));
    let mut values = Vec::with_capacity(lines.len());
    for share in shares {
        values.extend(share?);
    }
    let out = File::create(&args.out)
        .map_err(|e| format!("cannot create {}: {e}", args.out.display()))?;
    let mut out = BufWriter::new(out);
    let failed = |e: std::io::Error| format!("cannot write {}: {e}", args.out.display());
    let mut kept = 0;
    for ((result, game, position), value) in lines.iter().zip(values) {
        let Some(value) = value else { continue };
        let sample = Sample {
            result: *result,
            game: *game,
            position,
            score: Some(value),
        };
        write_sample(&mut out, &sample).map_err(failed)?;
        kept += 1;
    }
    out.flush().map_err(failed)?;
    say!(
        "labelled {kept} of {} positions ({} without an evaluation) in {:.0} s; wrote {}",
        lines.len(),
        lines.len() - kept,
        started.elapsed().as_secs_f64(),
        args.out.display()
    );
    Ok(())
}
