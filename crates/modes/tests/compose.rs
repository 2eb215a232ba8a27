//! Positions set up by hand through the registry, as the position editor sets them up:
//! every mode's start goes there and back, and each impossible position is refused with
//! its reason in words.

use ply_core::{PieceKind, Player, PositionFault, Setup};
use ply_modes::{MODES, Mode, find_mode};

fn mode(id: &str) -> &'static Mode {
    find_mode(id).expect("a mode")
}

/// The kind of the mode's piece called `name`.
fn kind(mode: &Mode, name: &str) -> PieceKind {
    let pieces = mode.new_game().pieces();
    let index = pieces
        .iter()
        .position(|look| look.name == name)
        .unwrap_or_else(|| panic!("{} has no {name}", mode.id));
    PieceKind(index as u8)
}

/// An empty board of the mode with `pieces` placed (side, piece name, column, row).
fn board(mode: &Mode, to_move: Player, pieces: &[(Player, &str, usize, usize)]) -> Setup {
    let mut setup = mode.start_setup().cleared();
    setup.to_move = to_move;
    for &(side, name, column, row) in pieces {
        let cell = setup.index(column, row).expect("on the board");
        setup.cells[cell] = Some((side, kind(mode, name)));
    }
    setup
}

/// Why the mode refuses `setup`, checking that it calls the position impossible.
fn refusal(mode: &Mode, setup: &Setup) -> String {
    match mode.compose(setup) {
        Ok(game) => panic!("{} accepted {}", mode.id, game.position_text()),
        Err(error) => {
            assert_eq!(error.fault, PositionFault::Impossible, "{}", error.reason);
            error.reason
        }
    }
}

const WHITE: Player = Player::First;
const BLACK: Player = Player::Second;

#[test]
fn every_start_goes_to_a_setup_and_back_and_is_accepted() {
    for mode in MODES {
        let setup = mode.start_setup();
        let game = mode
            .compose(&setup)
            .unwrap_or_else(|error| panic!("{}: {}", mode.id, error.reason));
        assert_eq!(
            game.position_text(),
            mode.new_game().position_text(),
            "{}",
            mode.id
        );
        assert_eq!(mode.setup_of(game.as_ref()), Some(setup), "{}", mode.id);
        for (side, kind) in mode.palette {
            assert!(
                game.piece(*kind).is_some(),
                "{}'s palette offers {side:?} a piece it has not",
                mode.id
            );
        }
    }
}

#[test]
fn a_game_of_another_mode_has_no_setup_here() {
    let checkers = mode("checkers").new_game();
    assert_eq!(mode("chess").setup_of(checkers.as_ref()), None);
}

#[test]
fn an_empty_board_is_refused_where_the_game_needs_pieces() {
    for mode in MODES {
        let empty = mode.start_setup().cleared();
        let reason = match mode.compose(&empty) {
            Ok(_) => {
                assert_eq!(mode.id, "connect4", "{} accepted an empty board", mode.id);
                continue;
            }
            Err(error) => error.reason,
        };
        let expected = match mode.id {
            "chess" | "koth" | "hole" | "mega" => "White must have exactly one king, not 0",
            "atomic" => {
                "Black's king is missing, but only the king of the side to move can have exploded"
            }
            "lps" => "Black has no pieces left, so it cannot have made the last move",
            "checkers" => "White has no pieces, so it cannot have made the last move",
            "hnefatafl" => {
                "the king is missing: every game has one king, and the game ends when he is captured"
            }
            other => panic!("no expectation for {other}"),
        };
        assert_eq!(reason, expected, "{}", mode.id);
    }
}

#[test]
fn chess_refuses_two_kings_a_pawn_on_an_end_rank_and_the_side_not_to_move_in_check() {
    let chess = mode("chess");
    let two_kings = board(
        chess,
        WHITE,
        &[
            (WHITE, "king", 4, 0),
            (WHITE, "king", 0, 0),
            (BLACK, "king", 4, 7),
        ],
    );
    assert_eq!(
        refusal(chess, &two_kings),
        "White must have exactly one king, not 2"
    );
    for row in [0, 7] {
        let pawn = board(
            chess,
            WHITE,
            &[
                (WHITE, "king", 4, 0),
                (BLACK, "king", 4, 7),
                (BLACK, "pawn", 0, row),
            ],
        );
        assert_eq!(
            refusal(chess, &pawn),
            "a pawn stands on the first or last rank"
        );
    }
    let black_in_check_white_to_move = board(
        chess,
        WHITE,
        &[
            (WHITE, "king", 4, 0),
            (WHITE, "rook", 4, 3),
            (BLACK, "king", 4, 7),
        ],
    );
    assert_eq!(
        refusal(chess, &black_in_check_white_to_move),
        "the side that just moved is in check"
    );
    let mut black_to_move = black_in_check_white_to_move;
    black_to_move.to_move = BLACK;
    assert!(chess.compose(&black_to_move).is_ok());
}

#[test]
fn chess_refuses_more_pieces_than_a_side_can_have() {
    let chess = mode("chess");
    let mut kings = vec![(WHITE, "king", 4, 0), (BLACK, "king", 4, 7)];
    let mut seventeen = kings.clone();
    seventeen.extend((0..8).map(|column| (WHITE, "pawn", column, 1)));
    seventeen.extend((0..8).map(|column| (WHITE, "knight", column, 3)));
    assert_eq!(
        refusal(chess, &board(chess, WHITE, &seventeen)),
        "White has 17 pieces; a side has at most 16"
    );
    kings.extend((0..8).map(|column| (BLACK, "pawn", column, 6)));
    kings.push((BLACK, "pawn", 0, 5));
    assert_eq!(
        refusal(chess, &board(chess, WHITE, &kings)),
        "Black has 9 pawns; a side has at most 8"
    );
}

#[test]
fn checkers_refuses_a_thirteenth_piece_and_a_man_on_its_crowning_row() {
    let checkers = mode("checkers");
    let mut crowded = checkers.start_setup();
    let free = crowded
        .cells
        .iter()
        .enumerate()
        .position(|(cell, piece)| piece.is_none() && (cell % 8 + cell / 8) % 2 == 0)
        .expect("a free dark square");
    crowded.cells[free] = Some((WHITE, kind(checkers, "man")));
    assert_eq!(
        refusal(checkers, &crowded),
        "Black has 13 pieces; a side has at most 12"
    );
    let crowned_row = board(
        checkers,
        WHITE,
        &[(WHITE, "man", 6, 0), (BLACK, "man", 2, 4)],
    );
    assert_eq!(
        refusal(checkers, &crowned_row),
        "Black has a man on square 32, its crowning row; write it as a king (K32)"
    );
}

#[test]
fn hnefatafl_refuses_a_second_king_and_too_many_attackers() {
    let tafl = mode("hnefatafl");
    let two_kings = board(
        tafl,
        WHITE,
        &[
            (BLACK, "king", 5, 5),
            (BLACK, "king", 2, 2),
            (WHITE, "attacker", 0, 3),
        ],
    );
    assert_eq!(refusal(tafl, &two_kings), "there is more than one king");
    let mut crowded = tafl.start_setup();
    let b2 = crowded.index(1, 1).expect("b2");
    crowded.cells[b2] = Some((WHITE, kind(tafl, "attacker")));
    assert_eq!(
        refusal(tafl, &crowded),
        "the attackers have 25 pieces; they start with 24"
    );
}

#[test]
fn connect_four_refuses_a_floating_counter_and_impossible_counts() {
    let four = mode("connect4");
    let floating = board(
        four,
        WHITE,
        &[(WHITE, "counter", 3, 1), (BLACK, "counter", 2, 0)],
    );
    assert_eq!(
        refusal(four, &floating),
        "the counter in column 4, row 2 floats: a counter falls to the lowest free place of \
         its column"
    );
    let two_reds = board(
        four,
        BLACK,
        &[(WHITE, "counter", 3, 0), (WHITE, "counter", 3, 1)],
    );
    assert_eq!(
        refusal(four, &two_reds),
        "with Yellow to move, Red has dropped one counter more, but Red has 2 and Yellow 0"
    );
    let built = board(
        four,
        WHITE,
        &[(WHITE, "counter", 3, 0), (BLACK, "counter", 3, 1)],
    );
    let game = four.compose(&built).expect("a reachable grid");
    assert_eq!(game.position_text(), "44");
}
