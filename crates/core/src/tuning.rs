//! What a mode offers the evaluation tuner: the names and values of its evaluation's
//! weights and, for any position, how much each weight counts there. With that the
//! tuner fits the weights to game results (Texel's method) without knowing the mode.

use crate::Heuristics;

/// One weight's share in a position's evaluation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TermUse {
    /// The weight's place in [`Tunable::weights`].
    pub index: u16,
    /// How many times the weight counts, from the first player's view (a fraction where
    /// the evaluation blends middlegame and endgame weights).
    pub amount: f32,
}

/// A mode whose evaluation is a weighted sum of terms the tuner can fit.
pub trait Tunable: Heuristics {
    /// The name of every weight, in the order of [`Tunable::weights`].
    fn weight_names() -> Vec<String>;
    /// The weights the evaluation uses now.
    fn weights() -> &'static [i32];
    /// Which weights count in this position and how much, written to `out` (cleared
    /// first), from the first player's view. Returns the part of the evaluation no
    /// weight governs. The evaluation from the first player's view is, up to rounding,
    /// that part plus the sum of weight times amount.
    fn trace(&self, out: &mut Vec<TermUse>) -> f32;
}
