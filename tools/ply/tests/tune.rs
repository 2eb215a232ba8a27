//! `ply tune` as a user runs it: self-play writes positions with results, the fit reads
//! them back, lowers the prediction error and writes a weight table; bad input is
//! refused with a message that says what is wrong.

use std::process::{Command, Output};

fn ply(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .output()
        .expect("the ply binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The number after `label` in `report`, such as the error before or after the fit.
fn figure(report: &str, label: &str) -> f64 {
    let rest = &report[report.find(label).expect(label) + label.len()..];
    let number: String = rest
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    number.parse().expect("a number")
}

#[test]
fn self_play_then_fit_writes_a_table_that_predicts_better() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let positions = folder.path().join("chess.txt");
    let positions = positions.to_str().expect("a path");
    let played = ply(&[
        "tune", "play", "--mode", "chess", "--games", "6", "--nodes", "800", "--out", positions,
    ]);
    assert!(played.status.success(), "{}", text(&played.stderr));
    let lines = std::fs::read_to_string(positions).expect("positions written");
    assert!(lines.lines().count() > 100, "{lines}");
    for line in lines.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 4, "{line}");
        assert!(fields[3].parse::<i32>().is_ok(), "{line}");
        assert!(["1-0", "1/2", "0-1"].contains(&fields[0]), "{line}");
        assert!(fields[1].parse::<u64>().is_ok(), "{line}");
    }
    let table = folder.path().join("weights.rs");
    let fitted = ply(&[
        "tune",
        "fit",
        "--mode",
        "chess",
        "--positions",
        positions,
        "--epochs",
        "60",
        "--holdout-percent",
        "0",
        "--out",
        table.to_str().expect("a path"),
    ]);
    let report = text(&fitted.stdout);
    assert!(fitted.status.success(), "{}", text(&fitted.stderr));
    assert!(
        figure(&report, "error after:") < figure(&report, "error before:"),
        "{report}"
    );
    let written = std::fs::read_to_string(&table).expect("table written");
    assert!(
        written.starts_with("//! Chess's evaluation weights"),
        "{written}"
    );
    assert!(written.contains(", // material.pawn.middle\n"), "{written}");
    assert!(written.contains(", // square.knight.d4.end\n"), "{written}");
}

#[test]
fn bad_positions_files_and_modes_are_refused() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let broken = folder.path().join("broken.txt");
    std::fs::write(
        &broken,
        "1-0\t1\trnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n1-0\t1\tnot a position\n",
    )
    .expect("written");
    let broken = broken.to_str().expect("a path");
    let refused = ply(&["tune", "fit", "--mode", "chess", "--positions", broken]);
    assert!(!refused.status.success());
    assert!(
        text(&refused.stderr).contains("line 2:"),
        "{}",
        text(&refused.stderr)
    );
    let unscored = ply(&[
        "tune",
        "fit",
        "--mode",
        "chess",
        "--positions",
        broken,
        "--score-share",
        "0.3",
    ]);
    assert!(
        text(&unscored.stderr).contains("line 1: no score to blend with the result"),
        "{}",
        text(&unscored.stderr)
    );
    let beyond = ply(&[
        "tune",
        "fit",
        "--mode",
        "chess",
        "--positions",
        broken,
        "--score-share",
        "1.5",
    ]);
    assert!(text(&beyond.stderr).contains("--score-share 1.5 is not between 0 and 1"));
    let missing = ply(&[
        "tune",
        "fit",
        "--mode",
        "chess",
        "--positions",
        "/nonexistent/x.txt",
    ]);
    assert!(!missing.status.success());
    assert!(text(&missing.stderr).contains("cannot open /nonexistent/x.txt"));
    let connect4 = ply(&["tune", "play", "--mode", "connect4", "--out", broken]);
    assert!(!connect4.status.success());
    assert!(
        text(&connect4.stderr).contains("mode 'connect4' has no weight table to tune"),
        "{}",
        text(&connect4.stderr)
    );
}

#[test]
fn a_uci_engine_can_play_the_games_instead() {
    // `ply uci` stands in for Stockfish: a real UCI engine in its own process.
    let folder = tempfile::tempdir().expect("a temporary folder");
    let positions = folder.path().join("uci.txt");
    let positions = positions.to_str().expect("a path");
    let uci = format!("{} uci", env!("CARGO_BIN_EXE_ply"));
    let played = ply(&[
        "tune", "play", "--mode", "chess", "--games", "2", "--nodes", "400", "--uci", &uci,
        "--out", positions,
    ]);
    assert!(played.status.success(), "{}", text(&played.stderr));
    let lines = std::fs::read_to_string(positions).expect("positions written");
    let mut games: Vec<&str> = lines
        .lines()
        .map(|line| line.split('\t').nth(1).expect("a game number"))
        .collect();
    games.sort_unstable();
    games.dedup();
    assert_eq!(games, ["1", "2"], "{lines}");
    assert!(lines.lines().count() > 20, "{lines}");
    for line in lines.lines() {
        let score = line.split('\t').nth(3).expect("the engine's score");
        assert!(score.parse::<i32>().is_ok(), "{line}");
    }
    let blended = ply(&[
        "tune",
        "fit",
        "--mode",
        "chess",
        "--positions",
        positions,
        "--epochs",
        "20",
        "--holdout-percent",
        "0",
        "--score-share",
        "0.5",
    ]);
    assert!(blended.status.success(), "{}", text(&blended.stderr));
    let report = text(&blended.stdout);
    assert!(
        figure(&report, "error after:") < figure(&report, "error before:"),
        "{report}"
    );

    let checkers = ply(&[
        "tune", "play", "--mode", "checkers", "--uci", &uci, "--out", positions,
    ]);
    assert!(!checkers.status.success());
    assert!(
        text(&checkers.stderr).contains("plays only chess, atomic and koth"),
        "{}",
        text(&checkers.stderr)
    );
    let stray = ply(&[
        "tune",
        "play",
        "--mode",
        "chess",
        "--uci-option",
        "Threads=1",
        "--out",
        positions,
    ]);
    assert!(!stray.status.success());
    assert!(text(&stray.stderr).contains("UCI options need a UCI engine"));
}
