//! `ply tune label`: gives every position of a positions file a UCI engine's static
//! evaluation as its score (Stockfish's `eval` command, no search), for `ply tune net`
//! to learn. The results and game numbers are kept; positions the engine gives no
//! evaluation (Stockfish, in check) are left out. Each thread runs its own engine on its
//! share of the positions, and the file is written in the input's order.

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

/// Labels `lines` with one engine; returns each kept line with its evaluation.
fn label_share(args: &LabelArgs, lines: &[Line]) -> Result<Vec<(usize, i32)>, String> {
    let mut engine = UciOpponent::start(
        &args.uci,
        &args.uci_options,
        &args.mode,
        UciBudget::Nodes(1),
    )?;
    let mut labelled = Vec::with_capacity(lines.len());
    for (index, (_, _, position)) in lines.iter().enumerate() {
        if let Some(value) = engine.static_evaluation(position)? {
            labelled.push((index, value));
        }
    }
    Ok(labelled)
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
    let share = lines.len().div_ceil(args.threads.max(1)).max(1);
    let shares: Vec<Result<Vec<(usize, i32)>, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = lines
            .chunks(share)
            .map(|part| scope.spawn(move || label_share(args, part)))
            .collect();
        handles
            .into_iter()
            .map(|handle| {
                handle
                    .join()
                    .unwrap_or_else(|_| Err("a labelling thread failed".into()))
            })
            .collect()
    });
    let out = File::create(&args.out)
        .map_err(|e| format!("cannot create {}: {e}", args.out.display()))?;
    let mut out = BufWriter::new(out);
    let failed = |e: std::io::Error| format!("cannot write {}: {e}", args.out.display());
    let mut kept = 0;
    for (part, labelled) in shares.into_iter().enumerate() {
        for (index, value) in labelled? {
            let (result, game, position) = &lines[part * share + index];
            let sample = Sample {
                result: *result,
                game: *game,
                position,
                score: Some(value),
            };
            write_sample(&mut out, &sample).map_err(failed)?;
            kept += 1;
        }
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
