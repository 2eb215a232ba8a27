//! The networks on the pieces (standard chess's, atomic chess's, king of the hill's,
//! last piece standing's, checkers's and hnefatafl's): the committed files read and
//! write back the same bytes and value material as the mode does, damaged files are
//! refused with the reason, files of the layout before output buckets still read, each
//! output bucket serves its stage of the game, the integer network computes what its floating-point
//! weights say and rounds back to itself, weights that do not fit are refused, and the
//! evaluation is the same for a position and its colour-swapped mirror.

use ply_core::{Heuristics, Player, Rules, zobrist::splitmix64};
use ply_games::checkers::Checkers;
use ply_games::chess::network::{
    Committed, DEFAULT_HIDDEN, FloatWeights, INPUTS, MOST_BUCKETS, MOST_HIDDEN, NetworkError,
    PieceNetwork, QuantiseError, input, output_bucket,
};
use ply_games::chess::{AtomicRules, Chess, KothRules, LastPieceStanding, Role, Standard, Variant};
use ply_games::hnefatafl::Hnefatafl;

fn evaluate(network: &PieceNetwork, fen: &str) -> i32 {
    let board = Standard::from_text(fen).expect("a legal position");
    network.evaluate(board.piece_list(), board.turn())
}

/// Weights that are zero everywhere, `hidden` units a view, one output bucket.
fn zero_weights(hidden: usize) -> FloatWeights {
    zero_weights_in_buckets(hidden, 1)
}

/// Weights that are zero everywhere, `hidden` units a view, `buckets` output buckets.
fn zero_weights_in_buckets(hidden: usize, buckets: usize) -> FloatWeights {
    FloatWeights {
        input: vec![0.0; INPUTS * hidden],
        hidden_bias: vec![0.0; hidden],
        output: vec![0.0; buckets * 2 * hidden],
        output_bias: vec![0.0; buckets],
    }
}

#[test]
fn the_committed_network_reads_and_writes_back_the_same_bytes() {
    let network = PieceNetwork::committed(Committed::Chess);
    let bytes = network.to_bytes();
    assert_eq!(PieceNetwork::from_bytes(&bytes).as_ref(), Ok(network));
    let start = evaluate(
        network,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    assert!(start.abs() < 100, "the start position is worth {start}");
    let queen_up = evaluate(
        network,
        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    assert!(queen_up > 500, "a queen up is worth {queen_up}");
}

#[test]
fn last_piece_standing_s_network_counts_the_king_as_a_piece() {
    let network = PieceNetwork::committed(Committed::LastPieceStanding);
    let bytes = network.to_bytes();
    assert_eq!(PieceNetwork::from_bytes(&bytes).as_ref(), Ok(network));
    let value = |fen: &str| {
        let board = LastPieceStanding::from_text(fen).expect("a position");
        network.evaluate(board.piece_list(), board.turn())
    };
    let start = value("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(start.abs() < 100, "the start position is worth {start}");
    let queen_up = value("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(queen_up > 500, "a queen up is worth {queen_up}");
    // No check in this mode: a king is a piece like the others, and taking it gains.
    let king_up = value("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1");
    assert!(king_up > 100, "a king up is worth {king_up}");
}

/// The committed network `which`, checked to read back from its own bytes and to be
/// its own (not chess's).
fn own_committed(which: Committed) -> &'static PieceNetwork {
    let network = PieceNetwork::committed(which);
    let bytes = network.to_bytes();
    assert_eq!(PieceNetwork::from_bytes(&bytes).as_ref(), Ok(network));
    assert_ne!(network, PieceNetwork::committed(Committed::Chess));
    network
}

/// What `network` makes of the position `fen` of chess variant `V`, checked to be the
/// evaluation the variant's search uses.
fn searched_value<V: Variant>(network: &PieceNetwork, fen: &str) -> i32 {
    let board = Chess::<V>::from_text(fen).expect("a position");
    let value = network.evaluate(board.piece_list(), board.turn());
    assert_eq!(board.evaluate().0, value, "{fen}: the search's evaluation");
    value
}

/// Checks that a queen up or down is worth more than five pawns either way, and returns
/// the start position's value.
fn assert_a_queen_counts(value: impl Fn(&str) -> i32) -> i32 {
    let queen_up = value("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(queen_up > 500, "a queen up is worth {queen_up}");
    let queen_down = value("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1");
    assert!(queen_down < -500, "a queen down is worth {queen_down}");
    value("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
}

#[test]
fn atomic_chess_s_network_values_material_and_is_the_one_its_search_uses() {
    let network = own_committed(Committed::Atomic);
    let value = |fen: &str| searched_value::<AtomicRules>(network, fen);
    // White moves first and wins most atomic games, but by no more than a pawn's worth.
    let start = assert_a_queen_counts(value);
    assert!(
        (0..200).contains(&start),
        "the start position is worth {start}"
    );
    let knight_up = value("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(
        knight_up > start + 100 && knight_up < start + 500,
        "a knight up is worth {knight_up}"
    );
}

#[test]
fn king_of_the_hill_s_network_values_material_and_the_hill_and_is_the_one_its_search_uses() {
    let network = own_committed(Committed::KingOfTheHill);
    let value = |fen: &str| searched_value::<KothRules>(network, fen);
    let start = assert_a_queen_counts(value);
    assert!(start.abs() < 100, "the start position is worth {start}");
    // The same pawn ending, White's king at home or a step from the hill.
    let at_home = value("4k3/pp3ppp/8/8/8/8/PP3PPP/4K3 w - - 0 1");
    let near_the_hill = value("4k3/pp3ppp/8/8/8/3K4/PP3PPP/8 w - - 0 1");
    assert!(
        near_the_hill > at_home + 200,
        "a king a step from the hill is worth {near_the_hill}, at home {at_home}"
    );
}

#[test]
fn checkers_s_network_values_men_and_kings_and_is_the_one_its_search_uses() {
    let network = own_committed(Committed::Checkers);
    let value = |pdn: &str| {
        let board = Checkers::from_text(pdn).expect("a position");
        let value = network.evaluate(board.network_pieces(), board.to_move());
        assert_eq!(board.evaluate().0, value, "{pdn}: the search's evaluation");
        value
    };
    let start = value("B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
    assert!(start.abs() < 50, "the start position is worth {start}");
    let man_up = value("B:W22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
    assert!(man_up > 100, "a man up is worth {man_up}");
    let man_down = value("B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11");
    assert!(man_down < -100, "a man down is worth {man_down}");
    // Three kings against one are won; three men far from crowning, less clearly.
    let kings = value("B:WK14:BK1,K2,K3");
    let men = value("B:W14:B1,2,3");
    assert!(kings > men && kings > 300, "kings {kings}, men {men}");
}

#[test]
fn hnefatafl_s_network_corrects_its_weight_table_in_the_search_s_evaluation() {
    let network = own_committed(Committed::Hnefatafl);
    // From the attackers' view whatever the side to move: the table's score and the
    // network's correction, checked to be the search's evaluation.
    let value = |text: &str| {
        let board = Hnefatafl::from_text(text).expect("a position");
        let correction = network.evaluate(board.network_pieces(), board.turn());
        let value = board.table_score() + correction;
        assert_eq!(board.evaluate().0, value, "{text}: the search's evaluation");
        (value * board.turn().sign(), correction)
    };
    let (start, correction) =
        value("3aaaaa3/5a5/11/a4d4a/a3ddd3a/aa1ddkdd1aa/a3ddd3a/a4d4a/11/5a5/3aaaaa3 a");
    assert_ne!(
        correction, 0,
        "the network adds nothing to the start position"
    );
    let (attacker_down, _) =
        value("3aa1aa3/5a5/11/a4d4a/a3ddd3a/aa1ddkdd1aa/a3ddd3a/a4d4a/11/5a5/3aaaaa3 a");
    assert!(
        attacker_down < start - 50,
        "an attacker down is worth {attacker_down}, the start {start}"
    );
    let (defender_down, _) =
        value("3aaaaa3/5a5/11/a9a/a3ddd3a/aa1ddkdd1aa/a3ddd3a/a4d4a/11/5a5/3aaaaa3 a");
    assert!(
        defender_down > start + 100,
        "a defender down is worth {defender_down}, the start {start}"
    );
    // The king walled in on the throne by a ring of attackers is theirs to lose.
    let (walled, _) = value("11/11/11/4aaa4/3a3a3/3a1k1a3/3a3a3/4aaa4/11/11/11 d");
    assert!(
        walled > 300,
        "the walled-in king is worth {walled} to the attackers"
    );
}

#[test]
fn a_network_rounds_back_to_itself_through_floating_point() {
    for which in [
        Committed::Chess,
        Committed::Atomic,
        Committed::KingOfTheHill,
        Committed::Checkers,
        Committed::LastPieceStanding,
        Committed::Hnefatafl,
    ] {
        let network = PieceNetwork::committed(which);
        let again =
            PieceNetwork::quantise(&network.to_float_weights(), network.centipawns_per_logit())
                .expect("the weights fit");
        assert_eq!(&again, network, "{which:?}");
    }
}

#[test]
fn damaged_network_files_are_refused_with_the_reason() {
    let bytes = PieceNetwork::committed(Committed::Chess).to_bytes();
    let mut renamed = bytes.clone();
    renamed[0] = b'X';
    assert_eq!(
        PieceNetwork::from_bytes(&renamed),
        Err(NetworkError::NotANetwork)
    );
    assert_eq!(
        PieceNetwork::from_bytes(&bytes[..bytes.len() - 1]),
        Err(NetworkError::Damaged)
    );
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(
        PieceNetwork::from_bytes(&longer),
        Err(NetworkError::Damaged)
    );
    assert_eq!(
        PieceNetwork::from_bytes(&bytes[..10]),
        Err(NetworkError::Damaged)
    );
    let mut wider = bytes.clone();
    wider[8..12].copy_from_slice(&128u32.to_le_bytes());
    assert_eq!(PieceNetwork::from_bytes(&wider), Err(NetworkError::Damaged));
    for hidden in [0u32, 48, 1024] {
        let mut odd = bytes.clone();
        odd[8..12].copy_from_slice(&hidden.to_le_bytes());
        assert_eq!(
            PieceNetwork::from_bytes(&odd),
            Err(NetworkError::OtherShape(hidden))
        );
    }
    for buckets in [0u32, MOST_BUCKETS as u32 + 1] {
        let mut odd = bytes.clone();
        odd[12..16].copy_from_slice(&buckets.to_le_bytes());
        assert_eq!(
            PieceNetwork::from_bytes(&odd),
            Err(NetworkError::OtherBuckets(buckets))
        );
    }
    let committed = PieceNetwork::committed(Committed::Chess).buckets() as u32;
    for buckets in [committed - 1, committed + 1] {
        if !(1..=MOST_BUCKETS as u32).contains(&buckets) {
            continue;
        }
        let mut other_buckets = bytes.clone();
        other_buckets[12..16].copy_from_slice(&buckets.to_le_bytes());
        assert_eq!(
            PieceNetwork::from_bytes(&other_buckets),
            Err(NetworkError::Damaged),
            "{buckets} buckets"
        );
    }
}

#[test]
fn a_network_file_of_the_layout_before_output_buckets_still_reads() {
    // That layout: "PLYNET01", the hidden units and the centipawns per logit (no word
    // for the buckets: there was one), the weights, and one output bias.
    let mut weights = zero_weights(DEFAULT_HIDDEN);
    for (index, weight) in weights.input.iter_mut().enumerate() {
        *weight = (index % 5) as f32 * 0.01 - 0.02;
    }
    weights.output[3] = 0.5;
    weights.output_bias[0] = 0.1;
    let network = PieceNetwork::quantise(&weights, 300).expect("weights in range");
    let bytes = network.to_bytes();
    let mut old = b"PLYNET01".to_vec();
    old.extend(&bytes[8..12]);
    old.extend(&bytes[16..]);
    assert_eq!(PieceNetwork::from_bytes(&old), Ok(network));
}

#[test]
fn output_buckets_spread_the_pieces_of_a_board_evenly() {
    for pieces in [0, 1, 2, 32, 37] {
        assert_eq!(output_bucket(pieces, 1), 0);
    }
    assert_eq!(output_bucket(2, 8), 0);
    assert_eq!(output_bucket(4, 8), 0);
    assert_eq!(output_bucket(5, 8), 1);
    assert_eq!(output_bucket(16, 8), 3);
    assert_eq!(output_bucket(17, 8), 4);
    assert_eq!(output_bucket(32, 8), 7);
    assert_eq!(output_bucket(37, 8), 7);
    assert_eq!(output_bucket(16, 2), 0);
    assert_eq!(output_bucket(17, 2), 1);
}

#[test]
fn each_output_bucket_weighs_the_boards_of_its_stage() {
    // Bucket b's bias is 0.2·b logits, 51·b centipawns at 255 centipawns per logit, and
    // its weight on the side to move's last unit, which a white pawn on e2 lights at
    // half its activation, is b logits more: each board is worth what its bucket says.
    let hidden = DEFAULT_HIDDEN;
    let buckets = MOST_BUCKETS;
    let mut weights = zero_weights_in_buckets(hidden, buckets);
    let pawn = input(Player::First, Player::First, Role::Pawn, 12);
    weights.input[pawn * hidden + hidden - 1] = 0.5;
    for bucket in 0..buckets {
        weights.output_bias[bucket] = 0.2 * bucket as f32;
        weights.output[bucket * 2 * hidden + hidden - 1] = bucket as f32;
    }
    let network = PieceNetwork::quantise(&weights, 255).expect("weights in range");
    assert_eq!(network.buckets(), buckets);
    let bytes = network.to_bytes();
    assert_eq!(
        bytes.len(),
        8 + 12 + (INPUTS + 1 + 2 * buckets) * hidden * 2 + 4 * buckets
    );
    assert_eq!(PieceNetwork::from_bytes(&bytes).as_ref(), Ok(&network));
    let bare_kings = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(evaluate(&network, bare_kings), 0);
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(evaluate(&network, start), 7 * 51 + 7 * 128);
    let eighteen = "rnbqkbnr/pppppppp/8/8/8/8/4P3/4K3 w kq - 0 1";
    assert_eq!(evaluate(&network, eighteen), 4 * 51 + 4 * 128);
    for fen in [bare_kings, start, eighteen] {
        let board = Standard::from_text(fen).expect("a legal position");
        assert_eq!(
            network.evaluate_afresh(board.piece_list(), board.turn()),
            evaluate(&network, fen),
            "{fen}"
        );
    }
}

#[test]
fn networks_of_every_size_write_and_read_back() {
    let mut hidden = 32;
    while hidden <= MOST_HIDDEN {
        let mut weights = zero_weights(hidden);
        for (index, weight) in weights.input.iter_mut().enumerate() {
            *weight = (index % 7) as f32 * 0.01 - 0.03;
        }
        weights.output[hidden - 1] = 0.25;
        let network = PieceNetwork::quantise(&weights, 255).expect("weights in range");
        assert_eq!(network.hidden(), hidden);
        let bytes = network.to_bytes();
        assert_eq!(bytes.len(), 8 + 12 + (INPUTS + 3) * hidden * 2 + 4);
        assert_eq!(PieceNetwork::from_bytes(&bytes), Ok(network));
        hidden *= 2;
    }
}

#[test]
fn the_integer_network_computes_its_weights_sums() {
    // One hidden unit of the side to move's view (the last, in a layer of every size)
    // sees a white pawn on e2 at half its activation; the output takes that unit at
    // weight one. With 255 centipawns per logit, half an activation (rounded to 128 of
    // 255) is 128 centipawns.
    let mut hidden = 32;
    while hidden <= MOST_HIDDEN {
        let unit = hidden - 1;
        let mut weights = zero_weights(hidden);
        let pawn = input(Player::First, Player::First, Role::Pawn, 12);
        weights.input[pawn * hidden + unit] = 0.5;
        weights.output[unit] = 1.0;
        let network = PieceNetwork::quantise(&weights, 255).expect("weights in range");
        let white_to_move = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
        assert_eq!(evaluate(&network, white_to_move), 128, "{hidden} units");
        // Black to move: Black's own view sees the pawn as an enemy's, on another input.
        assert_eq!(evaluate(&network, "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"), 0);
        // The other view's weights count for the side not to move, and the clip stops
        // the unit at one full activation.
        weights.output[hidden + unit] = -2.0;
        weights.input[pawn * hidden + unit] = 3.0;
        let network = PieceNetwork::quantise(&weights, 255).expect("weights in range");
        assert_eq!(evaluate(&network, white_to_move), 255);
        assert_eq!(evaluate(&network, "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"), -510);
        let black_pawn = "4k3/4p3/8/8/8/8/8/4K3 b - - 0 1";
        assert_eq!(evaluate(&network, black_pawn), 255);
        assert_eq!(evaluate(&network, "4k3/4p3/8/8/8/8/8/4K3 w - - 0 1"), -510);
        hidden *= 2;
    }
}

#[test]
fn weights_that_do_not_fit_their_integers_are_refused() {
    let mut too_large = zero_weights(DEFAULT_HIDDEN);
    too_large.input[5] = 1000.0;
    assert_eq!(
        PieceNetwork::quantise(&too_large, 100),
        Err(QuantiseError::OutOfRange("input layer"))
    );
    let mut not_a_number = zero_weights(DEFAULT_HIDDEN);
    not_a_number.output[3] = f32::NAN;
    assert_eq!(
        PieceNetwork::quantise(&not_a_number, 100),
        Err(QuantiseError::OutOfRange("output layer"))
    );
    let mut short = zero_weights(DEFAULT_HIDDEN);
    short.hidden_bias.pop();
    assert_eq!(
        PieceNetwork::quantise(&short, 100),
        Err(QuantiseError::HiddenSize(DEFAULT_HIDDEN - 1))
    );
    let mut short_rows = zero_weights(DEFAULT_HIDDEN);
    short_rows.input.pop();
    assert_eq!(
        PieceNetwork::quantise(&short_rows, 100),
        Err(QuantiseError::WrongShape("input layer"))
    );
    // Each output weight fits its i16, but together, with every unit fully active,
    // they would add up past an i32.
    let mut summed_too_large = zero_weights(MOST_HIDDEN);
    summed_too_large.output.fill(60.0);
    assert_eq!(
        PieceNetwork::quantise(&summed_too_large, 100),
        Err(QuantiseError::OutOfRange("output layer"))
    );
}

/// The position with the colours swapped and the board turned top to bottom.
fn colour_swapped(fen: &str) -> String {
    let fields: Vec<&str> = fen.split(' ').collect();
    let swap_case = |text: &str| -> String {
        text.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let ranks: Vec<&str> = fields[0].split('/').rev().collect();
    let turn = if fields[1] == "w" { "b" } else { "w" };
    format!(
        "{} {turn} - - {} {}",
        swap_case(&ranks.join("/")),
        fields[4],
        fields[5]
    )
}

#[test]
fn a_position_and_its_colour_swapped_mirror_are_worth_the_same() {
    let network = PieceNetwork::committed(Committed::Chess);
    for position in [
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "8/5pk1/6p1/3R4/8/6P1/r4PK1/8 b - - 0 40",
        "r4rk1/1bq1bppp/p2ppn2/1p6/3NPP2/P1N1B3/1PPQB1PP/R4R1K w - - 0 14",
    ] {
        let mirror = colour_swapped(position);
        assert_eq!(
            evaluate(network, position),
            evaluate(network, &mirror),
            "{position} against {mirror}"
        );
    }
}

/// A network of `hidden` units with weights drawn from `seed`, every one in range.
fn random_network(hidden: usize, seed: u64) -> PieceNetwork {
    let mut state = seed;
    let mut draw = |spread: f32| {
        state = splitmix64(state);
        ((state >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * spread
    };
    let mut weights = zero_weights(hidden);
    weights
        .input
        .iter_mut()
        .for_each(|weight| *weight = draw(0.3));
    weights
        .hidden_bias
        .iter_mut()
        .for_each(|weight| *weight = draw(0.5));
    weights
        .output
        .iter_mut()
        .for_each(|weight| *weight = draw(1.0));
    PieceNetwork::quantise(&weights, 300).expect("weights in range")
}

#[test]
fn sums_kept_from_the_last_board_give_what_summing_afresh_gives() {
    // Random games, each board evaluated by networks of several widths in turn (so the
    // kept sums change network every time), on this thread and on another whose sums
    // start from nothing; each must match the sums made afresh.
    let networks = [
        PieceNetwork::committed(Committed::Chess).clone(),
        random_network(32, 7),
        random_network(256, 8),
        random_network(MOST_HIDDEN, 9),
    ];
    let mut state = 99;
    let mut moves = Vec::new();
    for game in 0..6 {
        let mut board = Standard::start();
        for ply in 0..120 {
            for (index, network) in networks.iter().enumerate() {
                let afresh = network.evaluate_afresh(board.piece_list(), board.turn());
                let kept = network.evaluate(board.piece_list(), board.turn());
                assert_eq!(kept, afresh, "game {game}, ply {ply}, network {index}");
                if ply % 40 == 0 {
                    let on_another_thread = std::thread::scope(|scope| {
                        scope
                            .spawn(|| network.evaluate(board.piece_list(), board.turn()))
                            .join()
                            .expect("the thread ran")
                    });
                    assert_eq!(on_another_thread, afresh);
                }
            }
            // The same board again, and its first network once more, from sums just
            // made for another network.
            let first = &networks[0];
            assert_eq!(
                first.evaluate(board.piece_list(), board.turn()),
                first.evaluate_afresh(board.piece_list(), board.turn())
            );
            moves.clear();
            board.gen_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            state = splitmix64(state);
            board.make(moves[(state % moves.len() as u64) as usize]);
        }
    }
}

#[test]
fn a_board_of_more_pieces_than_a_board_holds_saturates_rather_than_overflows() {
    // Forty white queens: past the most pieces a board holds, so summed afresh with
    // saturation; the kept sums are not used.
    let mut weights = zero_weights(DEFAULT_HIDDEN);
    let queens: Vec<(Player, Role, u8)> = (0..40)
        .map(|square| (Player::First, Role::Queen, square))
        .collect();
    for &(owner, role, square) in &queens {
        weights.input[input(Player::First, owner, role, square) * DEFAULT_HIDDEN] = 3.3;
    }
    weights.output[0] = 1.0;
    let network = PieceNetwork::quantise(&weights, 255).expect("weights in range");
    let value = network.evaluate(queens.iter().copied(), Player::First);
    assert_eq!(
        value,
        network.evaluate_afresh(queens.iter().copied(), Player::First)
    );
    assert_eq!(
        value, 255,
        "the unit is fully active, not wrapped round to negative"
    );
}
