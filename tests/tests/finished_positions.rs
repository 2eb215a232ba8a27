//! A finished game's position is a position: its text reads back as finished, with the
//! same winner and reason and no legal moves, in every mode; texts that no game can
//! reach (or that go on past the end) are still refused, with the kind of fault.

use ply_core::{EndReason, Outcome, Player, PositionFault, zobrist::splitmix64};
use ply_modes::{AnyGame, MODES, find_mode};

fn read(mode: &str, text: &str) -> Box<dyn AnyGame> {
    find_mode(mode)
        .expect("registered mode")
        .from_position(text)
        .unwrap_or_else(|e| panic!("{mode}: {e}"))
}

fn win(winner: Player, reason: EndReason) -> Outcome {
    Outcome::Win { winner, reason }
}

fn draw(reason: EndReason) -> Outcome {
    Outcome::Draw { reason }
}

/// Asserts that `text` reads in `mode` as a game over with `outcome` and no moves.
fn assert_finished(mode: &str, text: &str, outcome: Outcome) {
    let game = read(mode, text);
    assert_eq!(game.outcome(), Some(outcome), "{mode}: {text}");
    assert!(game.legal_moves().is_empty(), "{mode}: {text} lists moves");
    assert_eq!(game.position_text(), text, "{mode}: text round trip");
}

/// Asserts that `text` is refused in `mode` with `fault`, and a reason naming `phrase`.
fn assert_refused(mode: &str, text: &str, fault: PositionFault, phrase: &str) {
    match find_mode(mode)
        .expect("registered mode")
        .from_position(text)
    {
        Ok(game) => panic!("{mode}: '{text}' was accepted as {}", game.position_text()),
        Err(error) => {
            assert_eq!(error.fault, fault, "{mode}: '{text}': {error}");
            assert!(error.reason.contains(phrase), "{mode}: '{text}': {error}");
        }
    }
}

#[test]
fn an_atomic_position_with_an_exploded_king_is_won_by_the_exploder() {
    // Black's king is gone, and White's own king stands in the queen's line: the game
    // ended with the explosion, so that check no longer matters.
    assert_finished(
        "atomic",
        "8/4q3/5p2/2p2P1p/8/6P1/2P5/4K1B1 b - - 0 52",
        win(Player::First, EndReason::KingExploded),
    );
}

#[test]
fn every_chess_rule_set_reads_its_endings() {
    let white = |reason| win(Player::First, reason);
    let black = |reason| win(Player::Second, reason);
    let cases = [
        (
            "chess",
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
            black(EndReason::Checkmate),
        ),
        (
            "chess",
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 60",
            draw(EndReason::Stalemate),
        ),
        (
            "chess",
            "8/8/4k3/8/8/3K4/8/8 w - - 0 40",
            draw(EndReason::InsufficientMaterial),
        ),
        (
            "chess",
            "8/8/4k3/8/8/3K4/R7/8 w - - 100 80",
            draw(EndReason::NoProgress),
        ),
        (
            "koth",
            "rnbq1bnr/pppppppp/8/8/4k3/8/PPPPPPPP/RNBQKBNR w KQ - 0 5",
            black(EndReason::KingOnHill),
        ),
        (
            // The side to move's king on the hill cannot arise in play, but the position
            // still reads as that side's win, as python-chess and lichess read it.
            "koth",
            "rnbqkbnr/pppppppp/8/8/4K3/8/PPPPPPPP/RNBQ1BNR w kq - 0 5",
            white(EndReason::KingOnHill),
        ),
        (
            "hole",
            "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 30",
            white(EndReason::Checkmate),
        ),
        (
            "lps",
            "8/8/8/8/8/8/8/4K3 b - - 0 30",
            white(EndReason::NoPiecesLeft),
        ),
        (
            "lps",
            "8/8/8/8/8/p7/P7/K7 b - - 0 30",
            white(EndReason::NoLegalMoves),
        ),
        (
            "mega",
            "R14k/14pp/16/16/16/16/16/16/16/16/16/16/16/16/16/8K7 b - - 0 1",
            white(EndReason::Checkmate),
        ),
    ];
    for (mode, text, outcome) in cases {
        assert_finished(mode, text, outcome);
    }
}

#[test]
fn a_captured_king_does_not_end_last_piece_standing() {
    let game = read("lps", "8/8/8/8/8/8/p7/4Q3 b - - 0 30");
    assert_eq!(game.outcome(), None);
    assert!(!game.legal_moves().is_empty());
}

#[test]
fn checkers_hnefatafl_and_connect_four_read_their_endings() {
    let cases = [
        (
            "checkers",
            "W:W:B1,2",
            win(Player::First, EndReason::NoPiecesLeft),
        ),
        (
            "checkers",
            "W:W29:B22,25",
            win(Player::First, EndReason::NoLegalMoves),
        ),
        (
            "hnefatafl",
            "5a5/11/11/11/11/11/11/11/11/11/k10 a",
            win(Player::Second, EndReason::KingEscaped),
        ),
        (
            "hnefatafl",
            "5a5/11/11/11/11/11/11/11/11/11/4d6 d",
            win(Player::First, EndReason::KingCaptured),
        ),
        (
            "hnefatafl",
            "11/9d1/11/11/11/11/3a7/2aka6/3a7/11/11 d",
            win(Player::First, EndReason::KingCaptured),
        ),
        (
            "hnefatafl",
            "11/11/11/5a5/4a1a4/3a1k1a3/4a1a4/5a5/11/11/11 d",
            win(Player::First, EndReason::Encircled),
        ),
        (
            "connect4",
            "1212121",
            win(Player::First, EndReason::FourInARow),
        ),
    ];
    for (mode, text, outcome) in cases {
        assert_finished(mode, text, outcome);
    }
}

#[test]
fn impossible_and_overrun_texts_are_still_refused() {
    use PositionFault::{Impossible, Notation, PastTheEnd};
    let cases = [
        ("atomic", "8/8/8/8/8/8/8/8 w - - 0 1", Impossible, "king"),
        (
            "atomic",
            "8/8/8/8/8/8/8/4K3 w - - 0 1",
            Impossible,
            "exploded",
        ),
        (
            "chess",
            "4k3/8/8/8/8/8/8/4K2P w - - 0 1",
            Impossible,
            "pawn",
        ),
        (
            "chess",
            "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1",
            Impossible,
            "in check",
        ),
        (
            "lps",
            "8/8/8/8/8/8/8/4k3 b - - 0 30",
            Impossible,
            "no pieces",
        ),
        ("lps", "8/8/8/8/8/8/8/8 w - - 0 30", Impossible, "no pieces"),
        ("checkers", "B:W:B1", Impossible, "no pieces"),
        ("checkers", "B:W:B", Impossible, "no pieces"),
        (
            "chess",
            "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
            Notation,
            "side to move",
        ),
        (
            "hnefatafl",
            "11/9d1/11/11/11/11/3a7/2aka6/3a7/11/11 a",
            PastTheEnd,
            "all four sides",
        ),
        (
            "hnefatafl",
            "5a5/11/11/11/11/11/11/11/11/11/4d6 a",
            Impossible,
            "king is missing",
        ),
        ("connect4", "12121212", PastTheEnd, "Red already won"),
        ("connect4", "1111111", Impossible, "already full"),
    ];
    for (mode, text, fault, phrase) in cases {
        assert_refused(mode, text, fault, phrase);
    }
}

/// Random games per mode (fewer on the big mega board).
fn playouts(mode: &str) -> u64 {
    match mode {
        "mega" => 4,
        _ => 40,
    }
}

/// Whether `reason` ended a game of `mode` through something its position text does
/// not hold: repetition needs the game's history, and the checkers no-progress counter
/// and the hnefatafl move limit count plies that the text leaves out (chess's halfmove
/// clock is in the FEN, so its fifty-move draw must come back).
fn decided_by_history(mode: &str, reason: EndReason) -> bool {
    matches!(
        (mode, reason),
        (_, EndReason::Repetition)
            | ("checkers", EndReason::NoProgress)
            | ("hnefatafl", EndReason::MoveLimit)
    )
}

#[test]
fn every_mode_reads_back_the_end_of_random_games() {
    for mode in MODES {
        for seed in 0..playouts(mode.id) {
            let mut game = mode.new_game();
            let mut roll = seed << 32;
            while game.outcome().is_none() {
                let moves = game.legal_moves();
                roll = splitmix64(roll);
                let code = moves[(roll % moves.len() as u64) as usize];
                game.play(code)
                    .unwrap_or_else(|e| panic!("{}: {e}", mode.id));
            }
            let ended = game.outcome().expect("the loop ran to the end");
            let text = game.position_text();
            let again = mode
                .from_position(&text)
                .unwrap_or_else(|e| panic!("{}: the end of a game was refused: {e}", mode.id));
            let here = format!("{} game {seed} ended {ended} at '{text}'", mode.id);
            if decided_by_history(mode.id, ended.reason()) {
                // Not recoverable from the text: it must read as a legal game going on.
                assert_eq!(again.outcome(), None, "{here}");
                assert!(!again.legal_moves().is_empty(), "{here}");
            } else {
                assert_eq!(again.outcome(), Some(ended), "{here}");
                assert!(again.legal_moves().is_empty(), "{here}");
            }
        }
    }
}
