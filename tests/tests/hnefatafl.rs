//! Copenhagen hnefatafl: the perft counts of `tests/data/perft/hnefatafl.perft`, every
//! recorded game of `tests/data/hnefatafl` replayed with its captures, and each special
//! rule pinned on a small constructed position.

use ply_core::{CellMark, EndReason, MoveError, Outcome, Player, Rules};
use ply_games::hnefatafl::{Hnefatafl, parse_square, square_name};
use ply_modes::find_mode;
use ply_tests::{check_perft_file, test_data};

#[test]
fn perft_counts_to_depth_3() {
    assert_eq!(check_perft_file("hnefatafl", "hnefatafl", 1_000_000), 3);
}

#[test]
#[ignore = "fifty million leaves: run with --ignored in release"]
fn perft_count_depth_4() {
    assert_eq!(check_perft_file("hnefatafl", "hnefatafl", u64::MAX), 4);
}

/// Replays one recorded game; returns the final position or what went wrong.
fn replay(moves: &str) -> Result<Hnefatafl, String> {
    let mut position = Hnefatafl::start();
    for (ply, token) in moves.split_whitespace().enumerate() {
        if token == "timeout" {
            continue;
        }
        let mut parts = token.split('x');
        let move_text = parts.next().unwrap_or_default();
        let mut recorded: Vec<u8> = parts
            .map(|name| parse_square(name).ok_or_else(|| format!("ply {ply}: bad square {name}")))
            .collect::<Result<_, _>>()?;
        recorded.sort_unstable();
        recorded.dedup();
        let mv = position
            .parse_move(move_text)
            .map_err(|e| format!("ply {ply}: {e} in {}", position.to_text()))?;
        // The records mark the pieces taken, not the king's capture that ends a game.
        let mut captured = position.captured_by(mv);
        captured.retain(|&square| Some(square) != position.king());
        captured.sort_unstable();
        if captured != recorded {
            return Err(format!(
                "ply {ply}: {token} captured {:?} in {}",
                captured.iter().map(|&s| square_name(s)).collect::<Vec<_>>(),
                position.to_text()
            ));
        }
        position.make(mv);
    }
    Ok(position)
}

#[test]
fn every_recorded_game_replays_with_its_captures() {
    let path = test_data().join("hnefatafl/copenhagen-games.csv");
    let text = std::fs::read_to_string(&path).expect("game records");
    let mut failures = Vec::new();
    let mut games = 0;
    let mut decided = 0;
    for (line_number, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.split(',').collect();
        assert_eq!(fields.len(), 4, "line {}", line_number + 1);
        games += 1;
        match replay(fields[0]) {
            Ok(last) => {
                if let Some(winner) = last.outcome().and_then(|outcome| outcome.winner()) {
                    decided += 1;
                    let expected = match fields[3] {
                        "White" => Some(Player::Second),
                        "Black" => Some(Player::First),
                        _ => None,
                    };
                    if expected != Some(winner) {
                        failures.push(format!(
                            "line {}: {:?} but recorded {}",
                            line_number + 1,
                            last.outcome(),
                            fields[3]
                        ));
                    }
                }
            }
            Err(problem) => failures.push(format!("line {}: {problem}", line_number + 1)),
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!(games, 1752);
    assert!(decided > 0, "no recorded game ended on the board");
}

/// Position text from a list of pieces such as `"ad2 de3 kf6"` (letter, then square).
fn setup(pieces: &str, side: &str) -> String {
    let mut grid = [[None; 11]; 11];
    for token in pieces.split_whitespace() {
        let (letter, name) = token.split_at(1);
        let square = parse_square(name).unwrap_or_else(|| panic!("bad square in {token}"));
        grid[usize::from(square / 11)][usize::from(square % 11)] = letter.chars().next();
    }
    let ranks: Vec<String> = grid
        .iter()
        .rev()
        .map(|rank| {
            let mut text = String::new();
            let mut empty = 0;
            for cell in rank {
                match cell {
                    None => empty += 1,
                    Some(letter) => {
                        if empty > 0 {
                            text += &empty.to_string();
                            empty = 0;
                        }
                        text.push(*letter);
                    }
                }
            }
            if empty > 0 {
                text += &empty.to_string();
            }
            text
        })
        .collect();
    format!("{} {side}", ranks.join("/"))
}

/// The position after playing `moves` (move text) from the pieces and side given.
fn after(pieces: &str, side: &str, moves: &[&str]) -> Hnefatafl {
    let mut position = Hnefatafl::from_text(&setup(pieces, side)).expect("constructed position");
    for text in moves {
        let mv = position
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{e} in {}", position.to_text()));
        position.make(mv);
    }
    position
}

/// Asserts that playing `mv` leaves exactly the pieces `expected` with `next` to move.
fn assert_result(pieces: &str, side: &str, mv: &str, expected: &str, next: &str) {
    assert_eq!(
        after(pieces, side, &[mv]).to_text(),
        setup(expected, next),
        "{mv} from {}",
        setup(pieces, side)
    );
}

fn win(winner: Player, reason: EndReason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

#[test]
fn a_corner_is_hostile_to_both_sides() {
    assert_result("db1 ac4 kf6", "a", "c4-c1", "ac1 kf6", "d");
    assert_result("aa2 dd3 kf6", "d", "d3-a3", "da3 kf6", "a");
}

#[test]
fn the_empty_throne_is_hostile_to_defenders() {
    assert_result("df7 ac8 kb2", "a", "c8-f8", "af8 kb2", "d");
}

#[test]
fn the_throne_is_hostile_to_attackers() {
    assert_result("af5 dc4 kb2", "d", "c4-f4", "df4 kb2", "a");
    assert_result("ae6 dd9 kf6", "d", "d9-d6", "dd6 kf6", "a");
}

#[test]
fn the_occupied_throne_is_not_hostile_to_defenders() {
    assert_result("df7 ac8 kf6", "a", "c8-f8", "df7 af8 kf6", "d");
}

#[test]
fn moving_between_two_enemies_is_safe() {
    assert_result("dc4 de4 ad9 kf6", "a", "d9-d4", "dc4 ad4 de4 kf6", "d");
    assert_result("ac4 ae4 dd9 kf6", "d", "d9-d4", "ac4 dd4 ae4 kf6", "a");
}

#[test]
fn the_king_is_armed() {
    assert_result("kc5 ad4 dd3 ab1", "d", "c5-d5", "ab1 dd3 kd5", "a");
    assert_result("kd3 ad4 dc5 ab1", "d", "c5-d5", "ab1 kd3 dd5", "a");
}

#[test]
fn one_move_may_capture_several_pieces() {
    assert_result(
        "dd4 df4 de5 ac4 ag4 ae6 ae1 kj9",
        "a",
        "e1-e4",
        "ac4 ae4 ag4 ae6 kj9",
        "d",
    );
}

#[test]
fn a_shieldwall_is_captured_together() {
    assert_result(
        "dc1 dd1 de1 ac2 ad2 ae2 af1 ab5 kf6",
        "a",
        "b5-b1",
        "ab1 ac2 ad2 ae2 af1 kf6",
        "d",
    );
}

#[test]
fn a_shieldwall_needs_an_enemy_in_front_of_every_piece() {
    assert_result(
        "dc1 dd1 de1 ac2 ad2 af1 ab5 kf6",
        "a",
        "b5-b1",
        "ab1 dc1 dd1 de1 ac2 ad2 af1 kf6",
        "d",
    );
}

#[test]
fn the_king_in_a_shieldwall_survives() {
    assert_result(
        "dc1 kd1 de1 ac2 ad2 ae2 af1 ab5",
        "a",
        "b5-b1",
        "ab1 kd1 ac2 ad2 ae2 af1",
        "d",
    );
}

#[test]
fn a_corner_closes_one_end_of_a_shieldwall() {
    assert_result(
        "db1 dc1 ab2 ac2 ad5 kf6",
        "a",
        "d5-d1",
        "ad1 ab2 ac2 kf6",
        "d",
    );
}

#[test]
fn the_king_closes_one_end_of_a_shieldwall() {
    assert_result(
        "ac1 ad1 dc2 dd2 ke1 db5 af9",
        "d",
        "b5-b1",
        "db1 ke1 dc2 dd2 af9",
        "a",
    );
}

#[test]
fn the_king_is_captured_on_four_sides() {
    let position = after("kd4 ac4 ae4 ad5 ag3 dj9", "a", &["g3-d3"]);
    assert_eq!(position.to_text(), setup("ac4 ae4 ad5 ad3 dj9", "d"));
    assert_eq!(
        position.outcome(),
        win(Player::First, EndReason::KingCaptured)
    );
    let mut moves = Vec::new();
    position.gen_moves(&mut moves);
    assert!(moves.is_empty());
}

#[test]
fn the_king_is_captured_on_three_sides_against_the_throne() {
    let position = after("kf7 ae7 ag7 ac8 dj9", "a", &["c8-f8"]);
    assert_eq!(position.king(), None);
    assert_eq!(
        position.outcome(),
        win(Player::First, EndReason::KingCaptured)
    );
}

#[test]
fn three_attackers_away_from_the_throne_do_not_capture_the_king() {
    let position = after("kd4 ac4 ae4 ag5 dj9", "a", &["g5-d5"]);
    assert_eq!(position.king(), parse_square("d4"));
    assert_eq!(position.outcome(), None);
}

#[test]
fn the_king_cannot_be_captured_on_the_edge() {
    let position = after("ka5 aa4 aa6 ae5 dj9", "a", &["e5-b5"]);
    assert_eq!(position.king(), parse_square("a5"));
    assert_eq!(position.outcome(), None);
}

#[test]
fn the_king_escapes_to_a_corner() {
    let position = after("ka5 dj9 ac9", "d", &["a5-a1"]);
    assert_eq!(
        position.outcome(),
        win(Player::Second, EndReason::KingEscaped)
    );
    let mut moves = Vec::new();
    position.gen_moves(&mut moves);
    assert!(moves.is_empty());
}

#[test]
fn an_unbreakable_exit_fort_wins_for_the_defenders() {
    let before = after("kf1 dd1 dg1 dd2 dg2 df3 de7 ac9", "d", &[]);
    assert_eq!(before.outcome(), None);
    let position = after("kf1 dd1 dg1 dd2 dg2 df3 de7 ac9", "d", &["e7-e3"]);
    assert_eq!(position.outcome(), win(Player::Second, EndReason::ExitFort));
    let mut moves = Vec::new();
    position.gen_moves(&mut moves);
    assert!(moves.is_empty());
}

#[test]
fn a_fort_with_a_capturable_wall_piece_is_no_exit_fort() {
    let position = after("kf1 de1 dg1 de2 dg2 df7 ac9", "d", &["f7-f3"]);
    assert_eq!(position.outcome(), None);
}

#[test]
fn closing_a_ring_around_every_defender_wins_for_the_attackers() {
    let ring = "kf6 df5 ae5 ag5 ad6 ah6 ae7 ag7 af8 af1";
    let open = after(ring, "a", &["f1-f3"]);
    assert_eq!(open.outcome(), None);
    let closed = after(ring, "a", &["f1-f4"]);
    assert_eq!(
        closed.to_text(),
        setup("kf6 df5 ae5 ag5 ad6 ah6 ae7 ag7 af8 af4", "d")
    );
    assert_eq!(closed.outcome(), win(Player::First, EndReason::Encircled));
}

#[test]
fn a_player_who_cannot_move_loses() {
    let position = after("aa2 da3 db5 kf6", "d", &["b5-b2"]);
    assert_eq!(position.to_text(), setup("aa2 da3 db2 kf6", "a"));
    let mut moves = Vec::new();
    position.gen_moves(&mut moves);
    assert!(moves.is_empty());
    assert_eq!(
        position.outcome(),
        win(Player::Second, EndReason::NoLegalMoves)
    );
}

#[test]
fn a_third_repetition_loses_for_the_defenders() {
    let mode = find_mode("hnefatafl").expect("registered");
    let mut game = mode
        .from_position(&setup("ab2 kf6 dj9", "a"))
        .expect("constructed position");
    let cycle = ["b2-b3", "j9-j8", "b3-b2", "j8-j9"];
    for (ply, text) in cycle.iter().cycle().take(8).enumerate() {
        assert_eq!(game.outcome(), None, "before ply {ply}");
        game.play_text(text).expect("legal shuffle");
    }
    assert_eq!(game.outcome(), win(Player::First, EndReason::Repetition));
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.play_text("b2-b3"), Err(MoveError::GameOver));
}

#[test]
fn the_game_is_drawn_at_five_hundred_plies() {
    let mut position = after("ab2 kf6 dj9", "a", &[]);
    assert_eq!(position.plies(), 0);
    let cycle = ["b2-b3", "j9-j8", "b3-b2", "j8-j9"];
    for text in cycle.iter().cycle().take(499) {
        let mv = position.parse_move(text).expect("legal shuffle");
        position.make(mv);
    }
    assert_eq!(position.plies(), 499);
    assert_eq!(position.outcome(), None);
    let mv = position.parse_move("j8-j9").expect("legal shuffle");
    position.make(mv);
    assert_eq!(
        position.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::MoveLimit
        })
    );
    let mut moves = Vec::new();
    position.gen_moves(&mut moves);
    assert!(
        !moves.is_empty(),
        "a move-counter draw leaves the moves listed"
    );
}

#[test]
fn malformed_position_text_is_rejected_with_a_reason() {
    let empty_board = ["11"; 11].join("/");
    let cases = [
        (String::new(), "expected two fields"),
        (format!("{empty_board} a extra"), "expected two fields"),
        ("11/11 a".to_string(), "needs 11 ranks, found 2"),
        (format!("{empty_board} w"), "side to move"),
        (
            setup("kf6", "a").replacen("5k5", "5x5", 1),
            "'x' is not a piece letter",
        ),
        (
            setup("kf6", "a").replacen("11", "12", 1),
            "more than 11 squares",
        ),
        (
            setup("kf6", "a").replacen("11", "10", 1),
            "10 squares instead of 11",
        ),
        (
            setup("kf6", "a").replacen("11", "011", 1),
            "starting with 0",
        ),
        (setup("kf6 ka1", "a"), "more than one king"),
        (
            setup("kd4 af6", "a"),
            "only the king may stand on the throne",
        ),
        (
            setup("kd4 dk11", "a"),
            "only the king may stand on the throne or a corner",
        ),
        (format!("{empty_board} a"), "the king is missing"),
        (setup("ka1", "d"), "the attackers must be to move"),
    ];
    for (text, reason) in cases {
        match Hnefatafl::from_text(&text) {
            Err(error) => assert!(
                error.reason.contains(reason),
                "'{text}': expected '{reason}', got '{}'",
                error.reason
            ),
            Ok(_) => panic!("'{text}' was accepted"),
        }
    }
}

#[test]
fn malformed_and_illegal_moves_are_rejected() {
    let start = Hnefatafl::start();
    for text in [
        "", "d1d3", "d1-", "-d3", "d1-l3", "d1-d12", "d0-d3", "d1-d3-d5", "D1-D3",
    ] {
        assert!(
            matches!(start.parse_move(text), Err(MoveError::Malformed { .. })),
            "'{text}' should be malformed"
        );
    }
    for text in [
        "a4-a1", "d1-e2", "f4-f3", "f6-f3", "c1-c2", "d1-d1", "f2-f4", "d1-d11",
    ] {
        assert_eq!(
            start.parse_move(text),
            Err(MoveError::illegal(text)),
            "'{text}' should be illegal"
        );
    }
    assert!(start.parse_move(" d1-d3 ").is_ok());
}

#[test]
fn the_board_view_and_move_list_show_the_game() {
    let mode = find_mode("hnefatafl").expect("registered");
    let mut game = mode.new_game();
    let view = game.view();
    let piece = |cell: usize| {
        view.cells[cell]
            .piece
            .map(|(owner, kind)| (owner, game.piece(kind).expect("a known kind").name))
    };
    assert_eq!((view.width, view.height), (11, 11));
    assert!(view.may_rotate);
    let throne = view.index(5, 5);
    assert_eq!(view.cells[throne].mark, CellMark::Special);
    assert_eq!(piece(throne), Some((Player::Second, "king")));
    for corner in [
        view.index(0, 0),
        view.index(10, 0),
        view.index(0, 10),
        view.index(10, 10),
    ] {
        assert_eq!(view.cells[corner].mark, CellMark::Special);
    }
    assert_eq!(piece(view.index(3, 0)), Some((Player::First, "attacker")));
    assert_eq!(piece(view.index(5, 3)), Some((Player::Second, "defender")));
    assert_eq!(game.side_name(Player::First), "Attackers");
    assert_eq!(game.side_name(Player::Second), "Defenders");
    for text in ["d1-d3", "e5-e2", "g1-g3", "f4-c4", "g3-e3"] {
        game.play_text(text).expect("recorded opening");
    }
    assert_eq!(
        game.display_moves(),
        ["d1-d3", "e5-e2", "g1-g3", "f4-c4", "g3-e3xe2"]
    );
    let code = game.moves()[0];
    assert_eq!(code.0, 3 | (3 + 2 * 11) << 8);
}
