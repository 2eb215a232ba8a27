//! `ply why` as a user runs it, for every mode: the reason's kind and sentence on one
//! line (exit 0), `legal: ...` for a legal move (exit 0), and a refusal of move text
//! that cannot be read (exit 1).

use std::process::{Command, Output};

fn ply(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ply"))
        .arg("why")
        .args(args)
        .output()
        .expect("the ply binary runs")
}

/// Runs `ply why` and checks that it succeeds with one line starting with `start`.
fn says(args: &[&str], start: &str) {
    let output = ply(args);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(text.lines().count(), 1, "{args:?}: {text}");
    assert!(text.starts_with(start), "{args:?}: {text}");
}

/// Runs `ply why` and checks that it fails, saying the move cannot be read.
fn cannot_read(args: &[&str]) {
    let output = ply(args);
    let error = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{args:?}");
    assert!(error.contains("is not a move"), "{args:?}: {error}");
}

#[test]
fn chess_reasons() {
    says(&["e2e4"], "legal: e2e4");
    says(&["--mode", "chess", "e7e5"], "not-your-turn: ");
    says(
        &["--position", "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "e1f2"],
        "king-would-be-in-check: Your king would be in check from the rook on d2.",
    );
    says(
        &["--position", "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "e2c3"],
        "pinned: The knight on e2 is pinned",
    );
    says(
        &["--position", "4k3/8/8/8/8/8/8/R3K2r w - - 0 1", "a1a2"],
        "must-get-out-of-check: ",
    );
    says(
        &["--position", "5rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1"],
        "castle-through-check: ",
    );
    says(
        &["--position", "4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1"],
        "castle-out-of-check: ",
    );
    says(
        &["--position", "r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1", "e1g1"],
        "castle-king-moved: ",
    );
    says(
        &["--position", "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "e1g1"],
        "castle-rook-moved: ",
    );
    says(&["e2e5"], "pawn-wrong-way: A pawn moves straight forward");
    says(&["--moves", "f2f3 e7e5 g2g4 d8h4", "e1f2"], "game-over: ");
    cannot_read(&["e2e9"]);
}

#[test]
fn chess_variant_reasons() {
    says(
        &[
            "--mode",
            "atomic",
            "--position",
            "4k3/8/8/8/8/8/R2pK3/8 w - - 0 1",
            "a2d2",
        ],
        "explodes-own-king: ",
    );
    says(
        &[
            "--mode",
            "atomic",
            "--position",
            "4k3/8/8/8/8/8/4p3/4K3 w - - 0 1",
            "e1e2",
        ],
        "king-cannot-capture: ",
    );
    says(&["--mode", "hole", "d2d4"], "hole: d4 is a hole");
    says(
        &[
            "--mode",
            "hole",
            "--position",
            "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
            "d1d8",
        ],
        "hole-in-the-way: The hole on d4",
    );
    says(&["--mode", "mega", "i1k1"], "no-castling: ");
    says(&["--mode", "koth", "e2e4"], "legal: e2e4");
    says(&["--mode", "lps", "e1e2"], "own-piece: ");
    cannot_read(&["--mode", "mega", "q1q2"]);
}

#[test]
fn checkers_reasons() {
    says(&["--mode", "checkers", "9-13"], "legal: 9-13");
    says(
        &["--mode", "checkers", "--position", "B:W18:B1,14", "1-5"],
        "jump-compulsory: A jump is compulsory: the piece on 14 must jump. [14]",
    );
    says(
        &["--mode", "checkers", "--position", "B:W30:B14", "14-9"],
        "man-forward-only: ",
    );
    says(
        &["--mode", "checkers", "--position", "B:W18,27:B14", "14x23"],
        "must-finish-jump: ",
    );
    says(&["--mode", "checkers", "22-18"], "not-your-turn: ");
    cannot_read(&["--mode", "checkers", "9-33"]);
}

#[test]
fn hnefatafl_reasons() {
    let lone = "11/11/11/11/11/a10/11/11/2k8/11/11 a";
    says(&["--mode", "hnefatafl", "d1-d3"], "legal: d1-d3");
    says(
        &["--mode", "hnefatafl", "--position", lone, "a6-f6"],
        "king-only-square: Only the king may stop on the throne. [f6]",
    );
    says(
        &["--mode", "hnefatafl", "--position", lone, "a6-a11"],
        "king-only-square: Only the king may stop on a corner.",
    );
    says(&["--mode", "hnefatafl", "d1-e2"], "not-straight: ");
    says(
        &["--mode", "hnefatafl", "f1-f3"],
        "blocked: Pieces do not jump",
    );
    cannot_read(&["--mode", "hnefatafl", "d1d3"]);
}

#[test]
fn connect_four_reasons() {
    says(&["--mode", "connect4", "4"], "legal: 4");
    says(
        &["--mode", "connect4", "--position", "444444", "4"],
        "column-full: Column 4 is full",
    );
    says(
        &["--mode", "connect4", "--position", "1212121", "3"],
        "game-over: ",
    );
    cannot_read(&["--mode", "connect4", "8"]);
}
