//! Checkers's evaluation weights, fitted to self-play results by `ply tune fit`
//! (Texel's method; see docs/tuning.md).
//! Fitted to 226734 positions (55825 more held out), K = 0.8540, rate 1, pull 0,
//! the weights of epoch 330 of 1000 (least held-out error).
//! Mean squared error 0.055885 -> 0.051921 (held out 0.058895 -> 0.054965).
//! Three weights are then set by matches, not by the fit: the fit valued a king like a
//! man, a runaway man below an ordinary one and trading down when ahead as a loss,
//! which the self-play games (most of their endings drawn) could not teach otherwise.
//! King 320, runaway +30 and trade down +2 scored 66.7% (+120 ± 68) against the fitted
//! values (`ply match --mode checkers --games 60 --millis 100 --seed 71`).

/// The weights, in the order of the evaluation's terms.
pub(crate) const WEIGHTS: &[i32] = &[
    230, // man
    320, // king
    -5,  // advance
    1,   // advance_endgame
    35,  // back_guard_1
    60,  // back_guard_2
    38,  // back_guard_3
    -20, // back_guard_4
    2,   // man_edge
    0,   // man_mobility
    30,  // runaway
    -3,  // king_centre
    8,   // king_edge
    8,   // king_double_corner
    2,   // king_mobility
    7,   // king_trapped
    2,   // trade_down
];
