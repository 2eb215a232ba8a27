//! `ply tune branch`: from every position of a positions file, plays one random quiet
//! move (not a capture or the like) and writes the position it leads to, with the
//! game's result and number, for `ply tune label` to score. Self-play makes positions
//! slowly (a search a move) while an engine labels them fast, and a search evaluates
//! far more positions just off the game's line than on it: one move aside multiplies
//! the positions a network learns from at almost no cost.

use super::samples::{Sample, read_samples, write_sample};
use clap::Args;
use ply_core::Heuristics;
use ply_core::zobrist::splitmix64;
use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::path::PathBuf;

/// Arguments of `ply tune branch`.
#[derive(Args, Debug)]
pub struct BranchArgs {
    /// Mode identifier.
    #[arg(long)]
    pub mode: String,
    /// The positions file to branch from.
    #[arg(long)]
    positions: PathBuf,
    /// Seed of the random moves (the n-th position's move uses seed + n).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Where to write the positions one move aside.
    #[arg(long)]
    out: PathBuf,
}

/// The position one random quiet move after `position`, as text: `None` where no
/// quiet move is left, or where that move ends the game or gives check (the labels'
/// engine gives no evaluation in check).
fn one_move_aside<G: Heuristics>(position: &G, seed: u64) -> Option<String> {
    let mut moves = Vec::new();
    position.gen_moves(&mut moves);
    let mut noisy = Vec::new();
    position.noisy_moves(&mut noisy);
    moves.retain(|mv| !noisy.contains(mv));
    if moves.is_empty() {
        return None;
    }
    let pick = moves[(splitmix64(seed) % moves.len() as u64) as usize];
    let mut next = position.clone();
    next.make(pick);
    (!next.in_check() && next.outcome().is_none()).then(|| next.to_text())
}

/// Writes one position aside of each position of the file.
pub fn run<G: Heuristics>(args: &BranchArgs) -> Result<(), String> {
    let input = File::open(&args.positions)
        .map_err(|e| format!("cannot open {}: {e}", args.positions.display()))?;
    let out = File::create(&args.out)
        .map_err(|e| format!("cannot create {}: {e}", args.out.display()))?;
    let mut out = BufWriter::new(out);
    let failed = |e: std::io::Error| format!("cannot write {}: {e}", args.out.display());
    let (mut read, mut written) = (0u64, 0u64);
    read_samples(BufReader::new(input), |sample| {
        let position = G::from_text(sample.position).map_err(|e| e.to_string())?;
        let seed = args.seed.wrapping_add(read);
        read += 1;
        let Some(aside) = one_move_aside(&position, seed) else {
            return Ok(());
        };
        let branched = Sample {
            position: &aside,
            score: None,
            ..sample
        };
        write_sample(&mut out, &branched).map_err(failed)?;
        written += 1;
        Ok(())
    })
    .map_err(|e| format!("{}: {e}", args.positions.display()))?;
    out.flush().map_err(failed)?;
    say!(
        "wrote {written} positions one move aside of {read} in {}",
        args.out.display()
    );
    Ok(())
}
