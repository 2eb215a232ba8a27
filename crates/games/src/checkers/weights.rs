//! Checkers's evaluation weights, fitted to self-play results by `ply tune fit`
//! (Texel's method; see docs/tuning.md).
//! Fitted to 226734 positions (55825 more held out), K = 0.8540, rate 1, pull 0,
//! the weights of epoch 330 of 1000 (least held-out error).
//! Mean squared error 0.055885 -> 0.051921 (held out 0.058895 -> 0.054965).

/// The weights, in the order of the evaluation's terms.
pub(crate) const WEIGHTS: &[i32] = &[
    230, // man
    228, // king
    -5,  // advance
    1,   // advance_endgame
    35,  // back_guard_1
    60,  // back_guard_2
    38,  // back_guard_3
    -20, // back_guard_4
    2,   // man_edge
    0,   // man_mobility
    -11, // runaway
    -3,  // king_centre
    8,   // king_edge
    8,   // king_double_corner
    2,   // king_mobility
    7,   // king_trapped
    -3,  // trade_down
];
