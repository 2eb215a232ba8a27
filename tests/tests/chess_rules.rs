//! Each special rule of the chess family pinned on a small constructed position: hole
//! chess, last piece standing, mega chess, atomic, king of the hill, every draw rule of
//! standard chess, and SAN in the move list.

use ply_core::{EndReason, Outcome, Player};
use ply_modes::{AnyGame, find_mode};

fn game(mode: &str, position: &str) -> Box<dyn AnyGame> {
    find_mode(mode)
        .expect("registered mode")
        .from_position(position)
        .unwrap_or_else(|e| panic!("{e}"))
}

fn start(mode: &str) -> Box<dyn AnyGame> {
    find_mode(mode).expect("registered mode").new_game()
}

/// Legal moves starting on `from`, as move text, sorted.
fn moves_from(game: &dyn AnyGame, from: &str) -> Vec<String> {
    let mut moves: Vec<String> = game
        .legal_moves()
        .into_iter()
        .filter_map(|code| game.move_text(code))
        .filter(|text| text.starts_with(from) && !text[from.len()..].starts_with(char::is_numeric))
        .collect();
    moves.sort();
    moves
}

fn play(game: &mut dyn AnyGame, moves: &str) {
    for text in moves.split_whitespace() {
        game.play_text(text)
            .unwrap_or_else(|e| panic!("{text} in {}: {e}", game.position_text()));
    }
}

fn win(winner: Player, reason: EndReason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

fn draw(reason: EndReason) -> Option<Outcome> {
    Some(Outcome::Draw { reason })
}

// ---- hole chess ----

#[test]
fn hole_chess_sliders_stop_at_holes() {
    let g = game("hole", "4k3/8/8/8/R7/2B5/8/3RK3 w - - 0 1");
    assert_eq!(
        moves_from(&*g, "d1"),
        ["d1a1", "d1b1", "d1c1", "d1d2", "d1d3"]
    );
    // The rook on a4 runs along rank 4 until the hole on d4.
    let rook: Vec<String> = moves_from(&*g, "a4")
        .into_iter()
        .filter(|m| m.ends_with('4'))
        .collect();
    assert_eq!(rook, ["a4b4", "a4c4"]);
    // The bishop on c3 cannot go to d4 (a hole) nor beyond it to e5.
    let bishop = moves_from(&*g, "c3");
    assert!(!bishop.iter().any(|m| m == "c3d4" || m == "c3e5"));
    assert!(bishop.contains(&"c3b4".to_string()));
}

#[test]
fn hole_chess_pawns_cannot_step_onto_or_across_holes() {
    let g = game("hole", "4k3/8/8/8/8/4P3/3P4/4K3 w - - 0 1");
    assert_eq!(moves_from(&*g, "d2"), ["d2d3"]);
    assert!(moves_from(&*g, "e3").is_empty());
}

#[test]
fn hole_chess_holes_block_checks_but_knights_jump_them() {
    let g = game("hole", "3k4/8/8/8/8/8/8/3RK3 b - - 0 1");
    assert!(
        g.view().in_check.is_empty(),
        "the holes on d4 and d5 shield the king"
    );
    assert!(moves_from(&*g, "d8").contains(&"d8d7".to_string()));
    let standard = game("chess", "3k4/8/8/8/8/8/8/3RK3 b - - 0 1");
    assert!(!standard.view().in_check.is_empty());

    let knight = game("hole", "4k3/p7/8/8/8/3N4/8/4K3 w - - 0 1");
    assert_eq!(
        moves_from(&*knight, "d3"),
        ["d3b2", "d3b4", "d3c1", "d3c5", "d3f2", "d3f4"],
        "the knight jumps past the holes but never lands on e5"
    );
}

#[test]
fn hole_chess_rejects_pieces_on_holes() {
    let mode = find_mode("hole").unwrap();
    let error = mode
        .from_position("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1")
        .err()
        .expect("a knight on d4 stands on a hole");
    assert!(error.reason.contains("hole"), "{error}");
}

// ---- last piece standing ----

#[test]
fn last_piece_standing_kings_can_be_captured_and_walk_into_attack() {
    let g = game("lps", "4k3/8/8/8/8/8/5r2/4K3 w - - 0 1");
    let king = moves_from(&*g, "e1");
    assert!(king.contains(&"e1f2".to_string()), "the king may capture");
    assert!(
        king.contains(&"e1f1".to_string()),
        "the king may stand on an attacked square"
    );

    let mut capture = game("lps", "k7/8/8/8/8/8/8/Q3K3 w - - 0 1");
    play(&mut *capture, "a1a8");
    assert_eq!(
        capture.outcome(),
        win(Player::First, EndReason::NoPiecesLeft)
    );
}

#[test]
fn last_piece_standing_no_moves_loses() {
    let g = game("lps", "8/8/8/8/8/p7/P7/8 w - - 0 1");
    assert_eq!(g.outcome(), win(Player::Second, EndReason::NoLegalMoves));
}

#[test]
fn last_piece_standing_castles_through_attack() {
    let g = game("lps", "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1");
    let king = moves_from(&*g, "e1");
    assert!(king.contains(&"e1g1".to_string()) && king.contains(&"e1c1".to_string()));
    let chess = game("chess", "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1");
    assert!(!moves_from(&*chess, "e1").contains(&"e1g1".to_string()));
}

// ---- mega chess ----

#[test]
fn mega_chess_setup() {
    let g = start("mega");
    assert_eq!(
        g.position_text(),
        "2bbbbqqkqbbbb2/rnnnnnnrrnnnnnnr/pppppppppppppppp/16/16/16/16/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/RNNNNNNRRNNNNNNR/2BBBBQQKQBBBB2 w - - 0 1"
    );
    let view = g.view();
    assert_eq!((view.width, view.height), (16, 16));
    // 32 pawn moves, 24 knight jumps forward and 4 back to rank 1, 2 rook moves.
    assert_eq!(g.legal_moves().len(), 62);
}

#[test]
fn mega_chess_double_steps_only_from_the_third_rank() {
    let mut g = start("mega");
    assert!(moves_from(&*g, "a3").contains(&"a3a5".to_string()));
    play(&mut *g, "a3a4 p14p13");
    assert_eq!(moves_from(&*g, "a4"), ["a4a5"]);
    assert!(moves_from(&*g, "b3").contains(&"b3b5".to_string()));
}

#[test]
fn mega_chess_promotes_on_the_last_rank() {
    let g = game(
        "mega",
        "8k7/P15/16/16/16/16/16/16/16/16/16/16/16/16/p15/8K7 w - - 0 1",
    );
    assert_eq!(
        moves_from(&*g, "a15"),
        ["a15a16b", "a15a16n", "a15a16q", "a15a16r"]
    );
    let black = game(
        "mega",
        "8k7/16/16/16/16/16/16/16/16/16/16/16/16/16/p15/8K7 b - - 0 1",
    );
    assert_eq!(
        moves_from(&*black, "a2"),
        ["a2a1b", "a2a1n", "a2a1q", "a2a1r"]
    );
}

#[test]
fn mega_chess_has_no_castling() {
    let mode = find_mode("mega").unwrap();
    assert!(
        mode.from_position("16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/R3K2R8 w K - 0 1")
            .is_err()
    );
    let g = game(
        "mega",
        "4k11/16/16/16/16/16/16/16/16/16/16/16/16/16/16/R3K2R8 w - - 0 1",
    );
    let king = moves_from(&*g, "e1");
    assert!(!king.contains(&"e1g1".to_string()) && !king.contains(&"e1c1".to_string()));
}

#[test]
fn mega_chess_en_passant() {
    let mut g = game(
        "mega",
        "8k7/16/3p12/16/4P11/16/16/16/16/16/16/16/16/16/16/8K7 b - - 0 1",
    );
    play(&mut *g, "d14d12");
    assert!(moves_from(&*g, "e12").contains(&"e12d13".to_string()));
    play(&mut *g, "e12d13");
    assert_eq!(
        g.position_text(),
        "8k7/16/16/3P12/16/16/16/16/16/16/16/16/16/16/16/8K7 b - - 0 2"
    );
}

// ---- atomic and king of the hill ----

#[test]
fn atomic_capture_explodes_the_king() {
    let mut g = game("atomic", "4k3/4q3/8/8/8/8/8/4RK2 w - - 0 1");
    play(&mut *g, "e1e7");
    assert_eq!(g.outcome(), win(Player::First, EndReason::KingExploded));
    assert_eq!(g.display_moves(), ["Rxe7#"]);
}

#[test]
fn atomic_connected_kings_are_not_in_check_and_kings_never_capture() {
    let g = game("atomic", "8/8/8/8/3kK3/8/8/4R3 b - - 0 1");
    assert!(g.view().in_check.is_empty());
    let h = game("atomic", "8/8/8/8/8/4k3/4p3/4K3 w - - 0 1");
    assert!(!moves_from(&*h, "e1").contains(&"e1e2".to_string()));
}

#[test]
fn atomic_move_exploding_own_king_is_illegal() {
    // Rxd2 would explode the white king on c2 along with the black queen.
    let capture = game("atomic", "4k3/8/8/8/8/8/2Kq4/3R4 w - - 0 1");
    assert!(!moves_from(&*capture, "d1").contains(&"d1d2".to_string()));
}

#[test]
fn king_of_the_hill_wins_on_a_centre_square() {
    let mut g = game("koth", "4k3/8/8/8/8/4K3/8/8 w - - 0 1");
    play(&mut *g, "e3d4");
    assert_eq!(g.outcome(), win(Player::First, EndReason::KingOnHill));
    assert!(g.legal_moves().is_empty());
    let bare = game("koth", "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        bare.outcome(),
        None,
        "bare kings can still race to the hill"
    );
}

// ---- standard chess: ends of the game ----

#[test]
fn checkmate_and_stalemate() {
    let mut g = start("chess");
    play(&mut *g, "f2f3 e7e5 g2g4 d8h4");
    assert_eq!(g.outcome(), win(Player::Second, EndReason::Checkmate));
    assert_eq!(g.display_moves(), ["f3", "e5", "g4", "Qh4#"]);
    let stalemate = game("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(stalemate.outcome(), draw(EndReason::Stalemate));
}

#[test]
fn threefold_repetition_draws() {
    let mut g = start("chess");
    play(&mut *g, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
    assert_eq!(g.outcome(), None);
    play(&mut *g, "f6g8");
    assert_eq!(g.outcome(), draw(EndReason::Repetition));
    assert!(g.legal_moves().is_empty());
}

#[test]
fn repetition_counts_castling_rights() {
    let mut g = game("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    // After eight plies the kings stand where they started for the third time, but the
    // first time they still had their castling rights: not yet a repetition. Two plies
    // later the position with both kings on f1 and f8 occurs for the third time.
    play(&mut *g, "e1f1 e8f8 f1e1 f8e8 e1f1 e8f8 f1e1 f8e8");
    assert_eq!(g.outcome(), None);
    play(&mut *g, "e1f1 e8f8");
    assert_eq!(g.outcome(), draw(EndReason::Repetition));
}

#[test]
fn fifty_move_rule_but_mate_comes_first() {
    let mut quiet = game("chess", "7k/8/6K1/8/8/8/8/R7 w - - 99 80");
    play(&mut *quiet, "a1a2");
    assert_eq!(quiet.outcome(), draw(EndReason::NoProgress));
    let mut mate = game("chess", "7k/8/6K1/8/8/8/8/R7 w - - 99 80");
    play(&mut *mate, "a1a8");
    assert_eq!(mate.outcome(), win(Player::First, EndReason::Checkmate));
    let mut capture = game("chess", "7k/8/6K1/8/8/8/r7/R7 w - - 99 80");
    play(&mut *capture, "a1a2");
    assert_eq!(capture.outcome(), None, "a capture resets the count");
}

#[test]
fn insufficient_material() {
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4KB2 w - - 0 1",
        "4k3/8/8/8/8/8/8/4KN2 w - - 0 1",
        "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1",
    ] {
        assert_eq!(
            game("chess", fen).outcome(),
            draw(EndReason::InsufficientMaterial),
            "{fen}"
        );
    }
    for fen in [
        "4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "4kn2/8/8/8/8/8/8/4KN2 w - - 0 1",
        "4k3/8/8/8/8/8/8/4KR2 w - - 0 1",
        "4k3/8/8/8/8/8/P7/4K3 w - - 0 1",
    ] {
        assert_eq!(game("chess", fen).outcome(), None, "{fen}");
    }
}

#[test]
fn resignation_and_agreed_draw() {
    let mut g = start("chess");
    g.resign(Player::First).unwrap();
    assert_eq!(g.outcome(), win(Player::Second, EndReason::Resignation));
    assert!(g.play_text("e2e4").is_err());
    g.undo();
    assert_eq!(g.outcome(), None);
    g.agree_draw().unwrap();
    assert_eq!(g.outcome(), draw(EndReason::DrawAgreed));
}

#[test]
fn castling_rules() {
    // Not out of, through or into check.
    let through = game("chess", "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1");
    assert_eq!(
        moves_from(&*through, "e1")
            .iter()
            .filter(|m| *m == "e1g1" || *m == "e1c1")
            .count(),
        1
    );
    let checked = game("chess", "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1");
    assert!(
        !moves_from(&*checked, "e1")
            .iter()
            .any(|m| m == "e1g1" || m == "e1c1")
    );
    // Long castling only needs b1 empty, not safe.
    let b1 = game("chess", "1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert!(moves_from(&*b1, "e1").contains(&"e1c1".to_string()));
    let mut castled = game("chess", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    play(&mut *castled, "e1g1");
    assert_eq!(castled.position_text(), "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1");
    assert_eq!(castled.display_moves(), ["O-O"]);
}

#[test]
fn en_passant_only_right_after_the_double_step() {
    let mut g = start("chess");
    play(&mut *g, "e2e4 a7a6 e4e5 d7d5");
    assert!(moves_from(&*g, "e5").contains(&"e5d6".to_string()));
    play(&mut *g, "h2h3 a6a5");
    assert!(!moves_from(&*g, "e5").contains(&"e5d6".to_string()));
}

#[test]
fn standard_algebraic_notation() {
    let san = |fen: &str, text: &str| {
        let g = game("chess", fen);
        let code = g.parse_move(text).unwrap();
        g.display_move(code).unwrap()
    };
    assert_eq!(san("4k3/p7/8/8/8/8/8/1N2KN2 w - - 0 1", "b1d2"), "Nbd2");
    assert_eq!(san("4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "a1d1"), "Rad1");
    assert_eq!(san("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3"), "R1a3");
    assert_eq!(san("4k3/p7/8/8/8/8/8/N3K3 w - - 0 1", "a1b3"), "Nb3");
    let mut g = game("chess", "4k3/1P6/8/8/8/8/8/4K2R w - - 0 1");
    assert_eq!(san("4k3/1P6/8/8/8/8/8/4K2R w - - 0 1", "b7b8q"), "b8=Q+");
    assert_eq!(san("4k3/1P6/8/8/8/8/8/4K2R w - - 0 1", "h1h8"), "Rh8+");
    assert_eq!(san("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), "exd5");
    play(&mut *g, "b7b8n");
    assert_eq!(g.display_moves(), ["b8=N"]);
}

#[test]
fn bad_text_is_refused_with_reasons() {
    let mode = find_mode("chess").unwrap();
    for (fen, needle) in [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "ranks"),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "too many",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "side to move",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
            "en passant",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
            "castling",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            "halfmove",
        ),
        (
            "rnbqkbnz/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "piece letter",
        ),
        ("4k3/8/8/8/8/8/8/4Kq2 b - - 0 1", "in check"),
    ] {
        let error = mode
            .from_position(fen)
            .err()
            .unwrap_or_else(|| panic!("{fen} accepted"));
        assert!(error.reason.contains(needle), "{fen}: {error}");
    }
    let g = start("chess");
    assert!(g.parse_move("e2e5").is_err());
    assert!(g.parse_move("e2").is_err());
    assert!(g.parse_move("e7e8x").is_err());
    assert!(g.parse_move("").is_err());
}

/// Who can still win when the other side's clock runs out (FIDE's insufficient mating
/// material, judged as lichess and shakmaty judge it), and what running out gives.
#[test]
fn a_flag_fall_loses_unless_the_opponent_could_never_win() {
    let can_win = |mode: &str, fen: &str, side: Player| game(mode, fen).can_still_win(side);
    let white = Player::First;
    // A lone king, a king and knight against a bare king or queens, same-colour
    // bishops against no blocker: no mate is possible.
    assert!(!can_win("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", white));
    assert!(!can_win("chess", "4k3/8/8/8/8/8/8/4KN2 w - - 0 1", white));
    assert!(!can_win("chess", "3qk3/8/8/8/8/8/8/4KN2 w - - 0 1", white));
    assert!(!can_win(
        "chess",
        "4k3/8/8/8/8/4B3/8/2B1K3 w - - 0 1",
        white
    ));
    // A pawn, a rook, two knights, opposite bishops, or a blocker for the knight: it can.
    assert!(can_win("chess", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", white));
    assert!(can_win("chess", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", white));
    assert!(can_win("chess", "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", white));
    assert!(can_win("chess", "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", white));
    assert!(can_win("chess", "4k3/4p3/8/8/8/8/8/4KN2 w - - 0 1", white));
    // Atomic: anything but the king can explode the enemy king; the hill and last
    // piece standing can always be won.
    assert!(!can_win("atomic", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", white));
    assert!(can_win("atomic", "4k3/8/8/8/8/8/8/4KN2 w - - 0 1", white));
    assert!(can_win("koth", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", white));
    assert!(can_win("lps", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", white));

    let mut lost = game("chess", "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1");
    assert_eq!(
        lost.run_out_of_time(Player::Second),
        Ok(Outcome::Win {
            winner: white,
            reason: EndReason::OutOfTime
        })
    );
    assert_eq!(lost.outcome(), win(white, EndReason::OutOfTime));
    assert!(
        lost.run_out_of_time(white).is_err(),
        "the game is already over"
    );
    let mut drawn = game("chess", "3qk3/8/8/8/8/8/8/4KN2 b - - 0 1");
    assert_eq!(
        drawn.run_out_of_time(Player::Second),
        Ok(Outcome::Draw {
            reason: EndReason::OutOfTimeNoMaterial
        })
    );
}
