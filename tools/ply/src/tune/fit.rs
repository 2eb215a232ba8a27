//! `ply tune fit`: Texel's method. Each position's evaluation `e` (from the first
//! player's view) predicts the first player's score as `1 / (1 + 10^(-K e / 400))`; the
//! fit first picks the `K` that best matches the starting weights, then moves every
//! weight (Adam, full-batch gradient descent) to minimise the mean squared error
//! between predictions and the games' results (or results blended with the scores the
//! players' searches gave the positions), optionally pulled towards the starting
//! weights. Beside the table's weights the fit has one more free value, a constant
//! added to every evaluation: the side bias of the self-play games (in hnefatafl the
//! defenders win most of them), which would otherwise bend the real weights to mimic
//! a constant; it starts at the bias the games' mean result implies (before `K` is
//! fitted again), and it is reported, not written. Whole games are held out of the fit (by a hash of their number) to check it
//! on positions it never saw: the weights kept are those of the epoch where the error
//! on them was least, so the fit stops before it learns its own games by heart.

use super::parallel::sum_on_threads;
use super::samples::{Sample as PositionLine, read_sample_files};
use super::table_file::write_table;
use clap::Args;
use ply_core::{Present, TermUse, Tunable, zobrist::splitmix64};
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `ply tune fit`.
#[derive(Args, Debug)]
pub struct FitArgs {
    /// Mode identifier.
    #[arg(long)]
    pub mode: String,
    /// A positions file from `ply tune play` (repeatable).
    #[arg(long = "positions", required = true)]
    positions: Vec<PathBuf>,
    /// Passes of gradient descent over all positions.
    #[arg(long, default_value_t = 500)]
    epochs: u32,
    /// Adam's step size, in the evaluation's units.
    #[arg(long, default_value_t = 1.0)]
    rate: f64,
    /// Pull towards the starting weights: this times the squared distance from them is
    /// added to the error, so weights the positions say little about stay near where
    /// they were.
    #[arg(long, default_value_t = 0.0)]
    pull: f64,
    /// How much of each position's target is its score in the positions file rather
    /// than its game's result, from 0 (the result alone) to 1 (the score alone). A score
    /// `s` counts as the expected result `1 / (1 + 10^(-s / 400))`.
    #[arg(long, default_value_t = 0.0)]
    score_share: f64,
    /// Percent of positions held out of the fit to check it.
    #[arg(long, default_value_t = 10)]
    holdout_percent: u64,
    /// Threads computing the gradient.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Where to write the fitted weight table (the mode's `weights` source file);
    /// without it the fit only reports.
    #[arg(long)]
    out: Option<PathBuf>,
}

/// A position's terms and what the fit should predict for it.
struct Sample {
    /// The first player's expected score: the game's result (1, 0.5 or 0), blended
    /// with the position's score when `--score-share` asks for it.
    target: f64,
    /// The part of the evaluation no weight governs.
    fixed: f64,
    /// Where its terms sit in the shared list.
    terms: std::ops::Range<usize>,
}

/// Every position, with their terms in one list.
#[derive(Default)]
struct Samples {
    samples: Vec<Sample>,
    terms: Vec<(usize, f64)>,
}

impl Samples {
    /// The evaluation of `sample` with `weights`.
    fn evaluate(&self, sample: &Sample, weights: &[f64]) -> f64 {
        sample.fixed
            + self.terms[sample.terms.clone()]
                .iter()
                .map(|&(index, amount)| weights[index] * amount)
                .sum::<f64>()
    }

    /// Mean squared error of the predictions against the results.
    fn error(&self, weights: &[f64], k: f64) -> f64 {
        let total: f64 = self
            .samples
            .iter()
            .map(|sample| {
                let predicted = expected_score(self.evaluate(sample, weights), k);
                (sample.target - predicted).powi(2)
            })
            .sum();
        total / self.samples.len().max(1) as f64
    }

    /// The gradient of the error on `sample`, added into `gradient`.
    fn add_gradient(&self, sample: &Sample, weights: &[f64], k: f64, gradient: &mut [f64]) {
        let slope = k * std::f64::consts::LN_10 / 400.0;
        let predicted = expected_score(self.evaluate(sample, weights), k);
        let factor = 2.0 * (predicted - sample.target) * predicted * (1.0 - predicted) * slope;
        for &(index, amount) in &self.terms[sample.terms.clone()] {
            gradient[index] += factor * amount;
        }
    }

    /// The gradient of the mean error, computed on `threads` threads.
    fn gradient(&self, weights: &[f64], k: f64, threads: usize) -> Vec<f64> {
        let count = self.samples.len().max(1) as f64;
        let mut gradient = sum_on_threads(&self.samples, threads, weights.len(), |sample, part| {
            self.add_gradient(sample, weights, k, part)
        });
        for value in &mut gradient {
            *value /= count;
        }
        gradient
    }
}

/// The first player's expected score for an evaluation `e`.
pub(super) fn expected_score(e: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

/// Reads the positions files into a training set and a held-out set.
fn load<G: Tunable>(args: &FitArgs) -> Result<(Samples, Samples), String> {
    if !(0.0..=1.0).contains(&args.score_share) {
        return Err(format!(
            "--score-share {} is not between 0 and 1",
            args.score_share
        ));
    }
    let mut training = Samples::default();
    let mut held_out = Samples::default();
    let mut uses: Vec<TermUse> = Vec::new();
    let bias = G::weights().len();
    read_sample_files(&args.positions, |sample| {
        let target = target(&sample, args.score_share)?;
        let position = G::from_text(sample.position).map_err(|e| e.to_string())?;
        let fixed = f64::from(position.trace(&mut uses));
        uses.sort_by_key(|term| term.index);
        let set = if splitmix64(sample.game) % 100 < args.holdout_percent {
            &mut held_out
        } else {
            &mut training
        };
        let first = set.terms.len();
        for term in &uses {
            let index = usize::from(term.index);
            let amount = f64::from(term.amount);
            let repeated =
                set.terms.len() > first && set.terms.last().is_some_and(|last| last.0 == index);
            match set.terms.last_mut() {
                Some(last) if repeated => last.1 += amount,
                _ => set.terms.push((index, amount)),
            }
        }
        set.terms.push((bias, 1.0));
        set.samples.push(Sample {
            target,
            fixed,
            terms: first..set.terms.len(),
        });
        Ok(())
    })?;
    if training.samples.is_empty() {
        return Err("no positions to fit".into());
    }
    Ok((training, held_out))
}

/// What the fit predicts for a position: its game's result, blended with its score
/// (`score_share` of it) when asked to.
fn target(sample: &PositionLine, score_share: f64) -> Result<f64, String> {
    if score_share == 0.0 {
        return Ok(sample.result.score());
    }
    let score = sample
        .score
        .ok_or("no score to blend with the result (--score-share needs one on every line)")?;
    let expected = expected_score(f64::from(score), 1.0);
    Ok((1.0 - score_share) * sample.result.score() + score_share * expected)
}

/// The `K` that makes the starting weights' predictions best: a golden-section search
/// over its logarithm, from 0.0001 to 10, since modes score on very different scales.
fn fit_k(samples: &Samples, weights: &[f64]) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let error = |log_k: f64| samples.error(weights, log_k.exp());
    let (mut low, mut high) = (1e-4f64.ln(), 10f64.ln());
    for _ in 0..60 {
        let left = high - ratio * (high - low);
        let right = low + ratio * (high - low);
        if error(left) < error(right) {
            high = right;
        } else {
            low = left;
        }
    }
    ((low + high) / 2.0).exp()
}

/// Fits the weights and reports (and writes) them.
pub fn run<G: Tunable + Present>(args: &FitArgs) -> Result<(), String> {
    let started = Instant::now();
    let (training, held_out) = load::<G>(args)?;
    let names = G::weight_names();
    let table = G::weights().len();
    let mut start: Vec<f64> = G::weights()
        .iter()
        .map(|&w| f64::from(w))
        .chain(std::iter::once(0.0))
        .collect();
    say!(
        "{} positions to fit, {} held out, {} weights; read in {:.1} s",
        training.samples.len(),
        held_out.samples.len(),
        table,
        started.elapsed().as_secs_f64()
    );
    let mut k = fit_k(&training, &start);
    let mean =
        training.samples.iter().map(|s| s.target).sum::<f64>() / training.samples.len() as f64;
    let odds = (mean / (1.0 - mean)).clamp(1e-3, 1e3);
    for _ in 0..2 {
        start[table] = 400.0 / k * odds.log10();
        k = fit_k(&training, &start);
    }
    let before = (training.error(&start, k), held_out.error(&start, k));
    say!(
        "K = {k:.4}; side bias {:+.0}; error before: {:.6} (held out {:.6})",
        start[table],
        before.0,
        before.1
    );
    let mut weights = start.clone();
    let (mut first_moment, mut second_moment) = (vec![0.0; start.len()], vec![0.0; start.len()]);
    let (beta1, beta2) = (0.9f64, 0.999f64);
    let mut best = (before.1, 0, start.clone());
    for epoch in 1..=args.epochs {
        let gradient = training.gradient(&weights, k, args.threads);
        for index in 0..weights.len() {
            let g = gradient[index] + 2.0 * args.pull * (weights[index] - start[index]);
            first_moment[index] = beta1 * first_moment[index] + (1.0 - beta1) * g;
            second_moment[index] = beta2 * second_moment[index] + (1.0 - beta2) * g * g;
            let m = first_moment[index] / (1.0 - beta1.powi(epoch as i32));
            let v = second_moment[index] / (1.0 - beta2.powi(epoch as i32));
            weights[index] -= args.rate * m / (v.sqrt() + 1e-12);
        }
        if epoch.is_multiple_of(10) || epoch == args.epochs {
            let checked = held_out.error(&weights, k);
            if checked < best.0 {
                best = (checked, epoch, weights.clone());
            }
            if epoch.is_multiple_of(50) || epoch == args.epochs {
                say!(
                    "epoch {epoch}: error {:.6} (held out {checked:.6}), {:.0} s",
                    training.error(&weights, k),
                    started.elapsed().as_secs_f64()
                );
            }
        }
    }
    if !held_out.samples.is_empty() {
        say!(
            "keeping the weights of epoch {}, where the held-out error was least",
            best.1
        );
        weights = best.2;
    }
    let rounded: Vec<i32> = weights.iter().map(|w| w.round() as i32).collect();
    let as_float: Vec<f64> = rounded.iter().map(|&w| f64::from(w)).collect();
    let after = (training.error(&as_float, k), held_out.error(&as_float, k));
    say!("error after: {:.6} (held out {:.6})", after.0, after.1);
    say!(
        "side bias (fitted, not in the table): {:+} for the first player",
        rounded[table]
    );
    let mut changes: Vec<(usize, f64)> = (0..table)
        .map(|index| (index, as_float[index] - start[index]))
        .collect();
    changes.sort_by(|a, b| b.1.abs().total_cmp(&a.1.abs()));
    for &(index, change) in changes.iter().take(12) {
        say!(
            "  {:<32} {:>6} -> {:>6} ({change:+.0})",
            names[index],
            start[index],
            rounded[index]
        );
    }
    if let Some(out) = &args.out {
        let held = !held_out.samples.is_empty();
        let mut summary = vec![
            format!(
                "Fitted to {} positions ({} more held out), K = {k:.4}, rate {}, pull {},",
                training.samples.len(),
                held_out.samples.len(),
                args.rate,
                args.pull
            ),
            if held {
                format!(
                    "the weights of epoch {} of {} (least held-out error).",
                    best.1, args.epochs
                )
            } else {
                format!("the weights after {} epochs.", args.epochs)
            },
            if held {
                format!(
                    "Mean squared error {:.6} -> {:.6} (held out {:.6} -> {:.6}),",
                    before.0, after.0, before.1, after.1
                )
            } else {
                format!("Mean squared error {:.6} -> {:.6},", before.0, after.0)
            },
            format!(
                "with a side bias of {:+} for the first player fitted beside the table.",
                rounded[table]
            ),
        ];
        if args.score_share > 0.0 {
            summary.push(format!(
                "Each target was the game's result blended with the position's score \
                 (score share {}).",
                args.score_share
            ));
        }
        write_table(out, G::NAME, &names, &rounded[..table], &summary)?;
        say!("wrote {}", out.display());
    }
    Ok(())
}
