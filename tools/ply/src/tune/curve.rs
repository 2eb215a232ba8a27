//! `ply tune curve`: fits the scale of a mode's chance-of-winning curve (the review's
//! and the evaluation bar's `ChanceCurve`) to the search scores and results in
//! positions files from `ply tune play`: the scale whose curve
//! `1 / (1 + 10^(-scale · score / 400))` best predicts each position's result (least
//! squared error), found by a golden-section search over its logarithm.

use super::samples::read_sample_files;
use clap::Args;
use ply_modes::find_mode;
use std::path::PathBuf;

/// Arguments of `ply tune curve`.
#[derive(Args, Debug)]
pub struct CurveArgs {
    /// Mode identifier (to compare with the curve the mode has now).
    #[arg(long)]
    pub mode: String,
    /// A positions file from `ply tune play` (repeatable); every line needs a score.
    #[arg(long = "positions", required = true)]
    positions: Vec<PathBuf>,
}

/// One position's search score (first player's view) and its game's result for the
/// first player (1, 0.5 or 0).
struct Point {
    score: f64,
    result: f64,
}

/// Mean squared error of the curve with `scale` over `points`.
fn error(points: &[Point], scale: f64) -> f64 {
    let sum: f64 = points
        .iter()
        .map(|point| {
            let predicted = 1.0 / (1.0 + 10f64.powf(-scale * point.score / 400.0));
            (predicted - point.result).powi(2)
        })
        .sum();
    sum / points.len() as f64
}

/// The scale with the least error, searched between 0.0001 and 10.
fn best_scale(points: &[Point]) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut low, mut high) = (1e-4f64.ln(), 10f64.ln());
    for _ in 0..80 {
        let left = high - ratio * (high - low);
        let right = low + ratio * (high - low);
        if error(points, left.exp()) < error(points, right.exp()) {
            high = right;
        } else {
            low = left;
        }
    }
    ((low + high) / 2.0).exp()
}

/// Reads the positions, fits the scale and prints it beside the mode's current one.
pub fn run(args: &CurveArgs) -> Result<(), String> {
    let mode = find_mode(&args.mode).ok_or_else(|| {
        format!(
            "unknown mode '{}' (modes: {})",
            args.mode,
            ply_modes::mode_ids()
        )
    })?;
    let mut points = Vec::new();
    read_sample_files(&args.positions, |sample| {
        let score = sample
            .score
            .ok_or("a position has no score: `ply tune play` writes one on every line")?;
        points.push(Point {
            score: f64::from(score),
            result: sample.result.score(),
        });
        Ok(())
    })?;
    if points.is_empty() {
        return Err("no positions to fit".into());
    }
    let scale = best_scale(&points);
    let now = mode.new_game().chance_curve().scale;
    say!(
        "{}: {} positions; fitted scale {scale:.4} (error {:.5}); the mode's curve now has \
         scale {now:.4} (error {:.5})",
        mode.id,
        points.len(),
        error(&points, scale),
        error(&points, now)
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fit_finds_the_scale_the_results_were_drawn_from() {
        let truth = 0.8;
        let mut points = Vec::new();
        for step in -40..=40 {
            let score = f64::from(step) * 25.0;
            let chance = 1.0 / (1.0 + 10f64.powf(-truth * score / 400.0));
            let wins = (chance * 1000.0).round() as usize;
            for game in 0..1000 {
                let result = if game < wins { 1.0 } else { 0.0 };
                points.push(Point { score, result });
            }
        }
        let fitted = best_scale(&points);
        assert!((fitted - truth).abs() < 0.01, "fitted {fitted}");
    }
}
