//! Hnefatafl's evaluation weights, fitted to self-play results by `ply tune fit`
//! (Texel's method; see docs/tuning.md).
//! Fitted to 46660 positions (12014 more held out), K = 0.0206, rate 1, pull 0.000001,
//! the weights of epoch 10 of 400 (least held-out error).
//! Mean squared error 0.082860 -> 0.082766 (held out 0.082060 -> 0.082034),
//! with a side bias of -18733 for the first player fitted beside the table.
//! `corner_seal` and `corner_sealed` were added afterwards and set by hand (the
//! one-sided self-play games cannot fit them; see docs/tuning.md).

/// The weights, in the order of the evaluation's terms.
pub(crate) const WEIGHTS: &[i32] = &[
    100, // attacker
    201, // defender
    301, // open_route
    51,  // king_attacker_beside
    31,  // corner_guard
    7,   // king_mobility
    31,  // two_move_route
    10,  // king_edge_reach
    6,   // defender_beside_king
    9,   // king_side_threat
    4,   // attacker_link
    8,   // king_region_edge
    101, // king_enclosed
    30,  // corner_seal
    120, // corner_sealed
    160, // king_square_0_0
    152, // king_square_0_1
    145, // king_square_1_1
    143, // king_square_0_2
    137, // king_square_1_2
    129, // king_square_2_2
    135, // king_square_0_3
    129, // king_square_1_3
    121, // king_square_2_3
    113, // king_square_3_3
    127, // king_square_0_4
    121, // king_square_1_4
    113, // king_square_2_4
    103, // king_square_3_4
    97,  // king_square_4_4
    119, // king_square_0_5
    113, // king_square_1_5
    105, // king_square_2_5
    97,  // king_square_3_5
    89,  // king_square_4_5
    81,  // king_square_5_5
];
