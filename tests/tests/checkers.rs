//! English draughts against the published perft counts (`tests/data/perft/checkers.perft`)
//! and its rules on small constructed positions: compulsory capture, multi-jumps,
//! crowning, circular king captures, both automatic draws, and rejected text.

use ply_core::{EndReason, MoveError, Outcome, Player, Rules};
use ply_games::checkers::{Checkers, Piece};
use ply_modes::find_mode;
use ply_tests::{check_perft_file, perft_cases};

/// Counts above this many leaves run only as ignored tests.
const QUICK: u64 = 5_000_000;

#[test]
fn perft_counts_up_to_five_million_leaves() {
    let expected = perft_cases("checkers")
        .iter()
        .flat_map(|case| &case.counts)
        .filter(|&&(_, leaves)| leaves <= QUICK)
        .count();
    assert_eq!(check_perft_file("checkers", "checkers", QUICK), expected);
}

#[test]
#[ignore = "18 million leaves from the start: run with --ignored in release"]
fn perft_counts_to_depth_ten() {
    let expected = perft_cases("checkers")
        .iter()
        .map(|case| case.counts.len())
        .sum::<usize>();
    assert_eq!(check_perft_file("checkers", "checkers", u64::MAX), expected);
}

fn position(text: &str) -> Checkers {
    Checkers::from_text(text).unwrap_or_else(|e| panic!("{e}"))
}

/// Every legal move's text, sorted.
fn move_texts(position: &Checkers) -> Vec<String> {
    let mut moves = Vec::new();
    position.gen_moves(&mut moves);
    let mut texts: Vec<String> = moves.iter().map(|&mv| position.move_text(mv)).collect();
    texts.sort();
    texts
}

/// Plays move texts in order, checking that each is legal.
fn play(position: &mut Checkers, texts: &[&str]) {
    for text in texts {
        let mv = position
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        position.make(mv);
    }
}

#[test]
fn a_capture_is_compulsory() {
    let forced = position("B:W15:B11,1");
    assert_eq!(move_texts(&forced), ["11x18"]);
    for quiet in ["1-5", "1-6", "11-16"] {
        assert_eq!(
            forced.parse_move(quiet),
            Err(MoveError::illegal(quiet)),
            "{quiet} while a jump exists"
        );
    }
}

#[test]
fn a_multi_jump_continues_and_may_change_direction() {
    let mut board = position("B:W14,22:B10");
    // Down-left over 14 to 17, then down-right over 22 to 26.
    assert_eq!(move_texts(&board), ["10x17x26"]);
    assert_eq!(
        board.parse_move("10x17"),
        Err(MoveError::illegal("10x17")),
        "a sequence must be completed"
    );
    let short = board
        .parse_move("10x26")
        .expect("start and end name one sequence");
    assert_eq!(board.move_text(short), "10x17x26");
    assert_eq!(short.captures(), 2);
    play(&mut board, &["10x17x26"]);
    assert_eq!(board.to_text(), "W:W:B26");
    assert_eq!(
        board.outcome(),
        Some(Outcome::Win {
            winner: Player::First,
            reason: EndReason::NoPiecesLeft
        })
    );
}

#[test]
fn a_crowned_man_stops_even_if_a_king_could_jump_on() {
    // From 31 a king could jump 27 and land on 24, but the man is crowned on 31.
    let mut board = position("B:W26,27:B22");
    assert_eq!(move_texts(&board), ["22x31"]);
    play(&mut board, &["22x31"]);
    assert_eq!(board.piece_at(31), Some((Player::First, Piece::King)));
    assert_eq!(board.piece_at(27), Some((Player::Second, Piece::Man)));
    assert_eq!(board.to_move(), Player::Second);
    assert_eq!(board.to_text(), "W:W27:BK31");

    let mut white = position("W:W5:BK30");
    play(&mut white, &["5-1"]);
    assert_eq!(white.piece_at(1), Some((Player::Second, Piece::King)));
}

#[test]
fn a_king_may_end_a_circular_capture_where_it_began() {
    let board = position("B:W18,19,26,27:BK15");
    assert_eq!(move_texts(&board), ["15x22x31x24x15", "15x24x31x22x15"]);
    let mut after = board;
    play(&mut after, &["15x24x31x22x15"]);
    assert_eq!(after.to_text(), "W:W:BK15");
    assert_eq!(
        after.outcome(),
        Some(Outcome::Win {
            winner: Player::First,
            reason: EndReason::NoPiecesLeft
        })
    );
}

#[test]
fn paths_taking_the_same_pieces_are_distinct_moves() {
    let board = position("B:W10,18,19,26,27:BK6");
    let mut moves = Vec::new();
    board.gen_moves(&mut moves);
    assert_eq!(moves.len(), 2);
    let (clockwise, anticlockwise) = (moves[0], moves[1]);
    assert_ne!(clockwise, anticlockwise);
    assert_ne!(
        Checkers::move_code(clockwise),
        Checkers::move_code(anticlockwise)
    );
    assert_ne!(board.move_text(clockwise), board.move_text(anticlockwise));
    for mv in [clockwise, anticlockwise] {
        assert_eq!(
            (mv.from_square(), mv.to_square(), mv.captures()),
            (6, 15, 5)
        );
    }
    let (mut one, mut other) = (board, board);
    one.make(clockwise);
    other.make(anticlockwise);
    assert_eq!(one, other, "both routes leave the same position");
    assert_eq!(move_texts(&board), ["6x15x22x31x24x15", "6x15x24x31x22x15"]);
    assert!(
        matches!(board.parse_move("6x15"), Err(MoveError::Malformed { .. })),
        "start and end alone are ambiguous here"
    );
}

#[test]
fn the_third_occurrence_of_a_position_is_a_draw() {
    let mode = find_mode("checkers").expect("registered");
    let mut game = mode.from_position("B:WK32:BK1").expect("position");
    let shuffle = ["1-5", "32-27", "5-1", "27-32"];
    for (ply, text) in shuffle.iter().chain(&shuffle).enumerate() {
        assert_eq!(game.outcome(), None, "before ply {ply}");
        game.play_text(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::Repetition
        })
    );
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.play_text("1-5"), Err(MoveError::GameOver));
}

#[test]
fn eighty_quiet_plies_are_a_draw() {
    let mut board = position("B:WK32:BK1");
    let shuffle = ["1-5", "32-27", "5-1", "27-32"];
    for ply in 0..80 {
        assert_eq!(board.outcome(), None, "after {ply} plies");
        assert_eq!(board.quiet_plies(), ply);
        play(&mut board, &[shuffle[ply as usize % 4]]);
    }
    assert_eq!(board.quiet_plies(), 80);
    assert_eq!(
        board.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::NoProgress
        })
    );
    assert!(
        !move_texts(&board).is_empty(),
        "a counter draw keeps its moves"
    );
    let reread = position(&board.to_text());
    assert_eq!(reread.quiet_plies(), 0, "position text has no counter");
    assert_eq!(reread.outcome(), None);
}

#[test]
fn a_man_move_or_a_capture_restarts_the_no_progress_count() {
    let mut man = position("B:WK32:BK1,12");
    play(&mut man, &["1-5", "32-27"]);
    assert_eq!(man.quiet_plies(), 2);
    play(&mut man, &["12-16"]);
    assert_eq!(man.quiet_plies(), 0);

    let mut capture = position("W:WK32,22:BK1,K25");
    play(&mut capture, &["32-27"]);
    assert_eq!(capture.quiet_plies(), 1);
    assert_eq!(move_texts(&capture), ["25x18"]);
    play(&mut capture, &["25x18"]);
    assert_eq!(capture.quiet_plies(), 0);
}

#[test]
fn malformed_move_text_is_rejected() {
    let start = Checkers::start();
    for text in [
        "", "11", "11-", "-15", "11--15", "11-15-19", "0-4", "33-29", "11x15-19", "a1-b2", "11_15",
        "+11-15", "x", "11x",
    ] {
        assert!(
            matches!(start.parse_move(text), Err(MoveError::Malformed { .. })),
            "'{text}' read as {:?}",
            start.parse_move(text)
        );
    }
}

#[test]
fn illegal_move_text_is_rejected() {
    let start = Checkers::start();
    for text in ["1-5", "9-5", "11-18", "11x18", "21-17", "12-15", "22x15x8"] {
        assert_eq!(start.parse_move(text), Err(MoveError::illegal(text)));
    }
    let mode = find_mode("checkers").expect("registered");
    let mut game = mode.new_game();
    assert!(game.play_text("21-17").is_err());
    assert_eq!(game.position_text(), Checkers::start().to_text());
    assert!(game.play_text(" 11-15 ").is_ok());
}

#[test]
fn malformed_positions_are_rejected_with_a_reason() {
    for (text, reason) in [
        ("", "three fields"),
        ("B:W1", "three fields"),
        ("B:W1:B2:W3", "three fields"),
        ("X:W5:B9", "side to move"),
        ("BW:W5:B9", "side to move"),
        ("B:W5:B5", "given twice"),
        ("B:B5:B9", "given twice"),
        ("B:X5:B9", "start with 'W' or 'B'"),
        ("B:W33:B9", "off the board"),
        ("B:W0:B9", "off the board"),
        ("B:W5,,6:B9", "not a square number"),
        ("B:WKK5:B9", "not a square number"),
        ("B:W5:B30", "crowning row"),
        ("B:W2:B9", "crowning row"),
        ("B:W5-17:B", "at most 12"),
        ("B:W12-5:B1", "runs backwards"),
    ] {
        match Checkers::from_text(text) {
            Ok(read) => panic!("'{text}' was accepted as {}", read.to_text()),
            Err(error) => assert!(
                error.reason.contains(reason),
                "'{text}': expected a reason about '{reason}', got '{}'",
                error.reason
            ),
        }
    }
}

#[test]
fn position_text_is_read_leniently_and_written_sorted() {
    let ranged = position("B:W21-32:B1-12");
    assert_eq!(ranged, Checkers::start());
    let shuffled = position("W:W28,K3,15:B11,5,K9");
    assert_eq!(shuffled.to_text(), "W:WK3,15,28:B5,K9,11");
    assert_eq!(shuffled.piece_at(9), Some((Player::First, Piece::King)));
}
