//! Hnefatafl's evaluation weights, fitted by `ply tune` (see docs/tuning.md).
/// The weights, in the order of the evaluation's terms.
pub(super) const WEIGHTS: &[i32] = &[
    100, // attacker
    200, // defender
    300, // open_route
    50,  // king_attacker_beside
    30,  // corner_guard
    6,   // king_mobility
    30,  // two_move_route
    10,  // king_edge_reach
    5,   // defender_beside_king
    10,  // king_side_threat
    3,   // attacker_link
    1,   // king_region_edge
    100, // king_enclosed
    160, // king_square_0_0
    152, // king_square_0_1
    144, // king_square_1_1
    144, // king_square_0_2
    136, // king_square_1_2
    128, // king_square_2_2
    136, // king_square_0_3
    128, // king_square_1_3
    120, // king_square_2_3
    112, // king_square_3_3
    128, // king_square_0_4
    120, // king_square_1_4
    112, // king_square_2_4
    104, // king_square_3_4
    96,  // king_square_4_4
    120, // king_square_0_5
    112, // king_square_1_5
    104, // king_square_2_5
    96,  // king_square_3_5
    88,  // king_square_4_5
    80,  // king_square_5_5
];
