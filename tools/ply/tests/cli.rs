//! The `ply` binary as a user runs it: real processes, their output and exit codes.

use std::process::{Command, Output};

fn ply(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .output()
        .expect("the ply binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn perft_prints_leaves_time_and_speed() {
    let output = ply(&["perft", "--mode", "chess", "4"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("perft 4: 197281 leaves"), "{text}");
    assert!(text.contains("time:"), "{text}");
}

#[test]
fn perft_divide_splits_by_move() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let output = ply(&["perft", "--position", kiwipete, "--divide", "2"]);
    let text = stdout(&output);
    assert!(output.status.success());
    assert!(text.contains("e1g1: 43"), "{text}");
    assert_eq!(
        text.lines()
            .filter(|line| line.contains(": ")
                && !line.starts_with("perft")
                && !line.starts_with("time")
                && !line.starts_with("speed"))
            .count(),
        48
    );
    assert!(text.contains("perft 2: 2039 leaves"));
}

#[test]
fn moves_lists_legal_moves_then_the_outcome() {
    let output = ply(&["moves", "--mode", "chess"]);
    assert_eq!(stdout(&output).lines().count(), 20);
    let mate = ply(&["moves", "--moves", "f2f3 e7e5 g2g4 d8h4"]);
    assert!(mate.status.success());
    assert_eq!(stdout(&mate).trim(), "game over: Black wins (checkmate)");
}

#[test]
fn bad_input_gives_one_clear_line_and_fails() {
    for (args, needle) in [
        (
            vec!["perft", "--mode", "shogi", "3"],
            "unknown mode 'shogi'",
        ),
        (vec!["moves", "--position", "not a fen"], "invalid position"),
        (vec!["moves", "--moves", "e2e4 e7e5 e1e3"], "move 3 (e1e3)"),
        (vec!["moves", "--moves", "e2e4 hello"], "not a move"),
        (
            vec![
                "perft",
                "--mode",
                "mega",
                "--position",
                "8/8/8/8/8/8/8/8 w - - 0 1",
                "1",
            ],
            "16 ranks",
        ),
    ] {
        let output = ply(&args);
        let message = stderr(&output);
        assert!(!output.status.success(), "{args:?} succeeded");
        assert_eq!(message.lines().count(), 1, "{args:?}: {message}");
        assert!(message.contains(needle), "{args:?}: {message}");
        assert!(!message.contains("panicked"));
    }
}

#[test]
fn bench_stop_prints_a_row_per_mode_and_the_worst_case() {
    let output = ply(&[
        "bench",
        "stop",
        "--mode",
        "chess",
        "--runs",
        "1",
        "--delay-ms",
        "40",
        "--budget-ms",
        "40",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert_eq!(
        text.lines()
            .filter(|line| line.starts_with("chess "))
            .count(),
        1,
        "{text}"
    );
    assert!(
        text.lines()
            .last()
            .is_some_and(|line| line.starts_with("worst: ")),
        "{text}"
    );
    let unknown = ply(&["bench", "stop", "--mode", "go-fish"]);
    assert!(!unknown.status.success());
    assert!(stderr(&unknown).contains("unknown mode 'go-fish'"));
}

#[test]
fn match_plays_against_another_build_through_the_engine_protocol() {
    let output = ply(&[
        "match",
        "--mode",
        "connect4",
        "--games",
        "2",
        "--millis",
        "20",
        "--b-engine",
        env!("CARGO_BIN_EXE_ply"),
    ]);
    let text = stdout(&output);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(text.contains("result: A scored"), "{text}");
    let failed = ply(&["match", "--games", "2", "--b-engine", "/nonexistent/ply"]);
    assert!(!failed.status.success());
    assert!(stderr(&failed).contains("cannot run"));
}
