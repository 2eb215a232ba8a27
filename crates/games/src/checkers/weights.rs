//! Checkers' evaluation weights, fitted by `ply tune` (see docs/tuning.md).
/// The weights, in the order of the evaluation's terms.
pub(super) const WEIGHTS: &[i32] = &[
    100, // man
    150, // king
    3,   // advance
    1,   // advance_endgame
    8,   // back_guard_1
    8,   // back_guard_2
    8,   // back_guard_3
    8,   // back_guard_4
    0,   // man_edge
    2,   // man_mobility
    40,  // runaway
    10,  // king_centre
    -3,  // king_edge
    0,   // king_double_corner
    2,   // king_mobility
    -10, // king_trapped
    1,   // trade_down
];
