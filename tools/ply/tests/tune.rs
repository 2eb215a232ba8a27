//! `ply tune` as a user runs it: self-play writes positions with results, the fit reads
//! them back, lowers the prediction error and writes a weight table; bad input is
//! refused with a message that says what is wrong.

use ply_games::chess::network::{Committed, PieceNetwork};
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

/// Runs `ply` with `args` and checks that it fails, saying `message`.
fn refused(args: &[&str], message: &str) {
    let output = ply(args);
    let said = text(&output.stderr);
    assert!(!output.status.success(), "{args:?} succeeded");
    assert!(said.contains(message), "{args:?} said: {said}");
}

/// Checks that a fit succeeded and lowered the error.
fn fit_lowered_the_error(fitted: &Output) {
    assert!(fitted.status.success(), "{}", text(&fitted.stderr));
    let report = text(&fitted.stdout);
    assert!(
        figure(&report, "error after:") < figure(&report, "error before:"),
        "{report}"
    );
}

/// Plays six short games of `mode` into a positions file in `folder`; returns its path.
fn self_play_positions(folder: &std::path::Path, mode: &str) -> String {
    let positions = folder.join(format!("{mode}.txt"));
    let positions = positions.to_str().expect("a path").to_string();
    let played = ply(&[
        "tune", "play", "--mode", mode, "--games", "6", "--nodes", "800", "--out", &positions,
    ]);
    assert!(played.status.success(), "{}", text(&played.stderr));
    positions
}

/// Runs `ply tune net` with `args`, writing to `network`; checks that it succeeded and
/// returns its report and the bytes of the network it wrote.
fn train_network(args: &[&str], network: &str) -> (String, Vec<u8>) {
    let mut args = [&["tune", "net"], args].concat();
    args.extend(["--out", network]);
    let trained = ply(&args);
    assert!(
        trained.status.success(),
        "{args:?}: {}",
        text(&trained.stderr)
    );
    let bytes = std::fs::read(network).expect("the network written");
    (text(&trained.stdout), bytes)
}

/// Writes the committed chess network into `folder`; returns its path.
fn committed_chess_network_in(folder: &std::path::Path) -> String {
    let chess = folder.join("chess-network.bin");
    std::fs::write(&chess, PieceNetwork::committed(Committed::Chess).to_bytes()).expect("written");
    chess.to_str().expect("a path").to_string()
}

/// Checks that `network` evaluates each position of the positions file text `lines`
/// as the committed chess network does.
fn evaluates_as_the_committed_chess_network(network: &PieceNetwork, lines: &str) {
    evaluates_as(network, PieceNetwork::committed(Committed::Chess), lines);
}

/// Checks that `network` evaluates each position of the positions file text `lines`
/// as `reference` does.
fn evaluates_as(network: &PieceNetwork, reference: &PieceNetwork, lines: &str) {
    use ply_core::Rules;
    use ply_games::chess::{Chess, StandardRules};
    for line in lines.lines() {
        let fen = line.split('\t').nth(2).expect("a position");
        let board = Chess::<StandardRules>::from_text(fen).expect("a position");
        assert_eq!(
            network.evaluate(board.piece_list(), board.turn()),
            reference.evaluate(board.piece_list(), board.turn()),
            "{fen}"
        );
    }
}

#[test]
fn self_play_then_fit_writes_a_table_that_predicts_better() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let positions = self_play_positions(folder.path(), "chess");
    let positions = positions.as_str();
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
    fit_lowered_the_error(&fitted);
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
    let fit = |extra: &[&str], message: &str| {
        let mut args = vec!["tune", "fit", "--mode", "chess", "--positions", broken];
        args.extend_from_slice(extra);
        refused(&args, message);
    };
    fit(&[], "line 2:");
    fit(
        &["--score-share", "0.3"],
        "line 1: no score to blend with the result",
    );
    fit(
        &["--score-share", "1.5"],
        "--score-share 1.5 is not between 0 and 1",
    );
    refused(
        &[
            "tune",
            "fit",
            "--mode",
            "chess",
            "--positions",
            "/nonexistent/x.txt",
        ],
        "cannot open /nonexistent/x.txt",
    );
    refused(
        &["tune", "fit", "--mode", "connect4", "--positions", broken],
        "mode 'connect4' has no weight table to tune",
    );
    refused(
        &["tune", "curve", "--mode", "go", "--positions", broken],
        "unknown mode 'go'",
    );
    refused(
        &["tune", "fit", "--mode", "lps", "--positions", broken],
        "mode 'lps' has no weight table to tune",
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
    fit_lowered_the_error(&blended);

    refused(
        &[
            "tune", "play", "--mode", "checkers", "--uci", &uci, "--out", positions,
        ],
        "plays only chess, atomic and koth",
    );
    refused(
        &[
            "tune",
            "play",
            "--mode",
            "chess",
            "--uci-option",
            "Threads=1",
            "--out",
            positions,
        ],
        "UCI options need a UCI engine",
    );
}

#[test]
fn positions_labelled_by_a_uci_engine_train_a_network_the_evaluation_reads() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let positions = self_play_positions(folder.path(), "chess");
    let positions = positions.as_str();
    let labelled = folder.path().join("labelled.txt");
    let labelled = labelled.to_str().expect("a path");
    let engine = format!("{} uci", env!("CARGO_BIN_EXE_ply"));
    let label = ply(&[
        "tune",
        "label",
        "--mode",
        "chess",
        "--positions",
        positions,
        "--uci",
        &engine,
        "--out",
        labelled,
    ]);
    assert!(label.status.success(), "{}", text(&label.stderr));
    let before = std::fs::read_to_string(positions).expect("positions written");
    let after = std::fs::read_to_string(labelled).expect("labels written");
    assert_eq!(before.lines().count(), after.lines().count());
    for (line, labelled_line) in before.lines().zip(after.lines()) {
        let kept: Vec<&str> = line.split('\t').take(3).collect();
        let fields: Vec<&str> = labelled_line.split('\t').collect();
        assert_eq!(fields[..3], kept[..], "{labelled_line}");
        fields[3].parse::<i32>().expect("a score in centipawns");
    }
    // The default width, 64 units, and a wider network from the same labels.
    for (width, epochs, hidden) in [("", "30", 64), ("256", "10", 256)] {
        let network = folder.path().join(format!("chess-network{width}.bin"));
        let mut args = vec!["--mode", "chess", "--positions", labelled];
        if !width.is_empty() {
            args.extend(["--hidden", width]);
        }
        args.extend([
            "--epochs",
            epochs,
            "--batch",
            "64",
            "--eval-per-score",
            "1.5",
        ]);
        args.extend(["--holdout-percent", "0"]);
        let (report, bytes) = train_network(&args, network.to_str().expect("a path"));
        assert!(
            figure(&report, "error after, in integers:") < figure(&report, "error before:") / 2.0,
            "{report}"
        );
        let read = PieceNetwork::from_bytes(&bytes).expect("the network reads");
        assert_eq!(read.to_bytes(), bytes);
        assert_eq!(read.hidden(), hidden);
    }
}

#[test]
fn modes_with_networks_of_their_own_train_them_from_their_own_games() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let chess = committed_chess_network_in(folder.path());
    let chess = chess.as_str();
    // The chess variants start from chess's network; checkers and hnefatafl from small
    // random weights.
    for (mode, from) in [
        ("atomic", Some(chess)),
        ("koth", Some(chess)),
        ("lps", Some(chess)),
        ("checkers", None),
        ("hnefatafl", None),
    ] {
        let positions = self_play_positions(folder.path(), mode);
        let network = folder.path().join(format!("{mode}-network.bin"));
        let mut args = vec!["--mode", mode, "--positions", &positions];
        args.extend(from.map(|from| ["--from", from]).into_iter().flatten());
        args.extend(["--epochs", "10", "--batch", "64", "--holdout-percent", "0"]);
        let (report, bytes) = train_network(&args, network.to_str().expect("a path"));
        assert!(
            figure(&report, "error after, in integers:") < figure(&report, "error before:"),
            "{mode}: {report}"
        );
        assert_ne!(bytes, PieceNetwork::committed(Committed::Chess).to_bytes());
        PieceNetwork::from_bytes(&bytes).expect("the network reads");
    }
}

#[test]
fn positions_without_scores_and_other_modes_are_refused_by_the_network_trainer() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let unscored = folder.path().join("unscored.txt");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    std::fs::write(&unscored, format!("1/2\t1\t{start}\n")).expect("written");
    let unscored = unscored.to_str().expect("a path");
    let net = |mode: &str, file: &str, extra: &[&str]| {
        let mut args = vec!["tune", "net", "--mode", mode, "--positions", file];
        args.extend(extra);
        args.into_iter().map(String::from).collect::<Vec<String>>()
    };
    let refused_with = |args: Vec<String>, message: &str| {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        refused(&args, message);
    };
    refused_with(net("chess", unscored, &[]), "line 1: no score on the line");
    refused_with(
        net("connect4", unscored, &[]),
        "mode 'connect4' has no network to train",
    );
    refused_with(
        net("chess", unscored, &["--from", "/no/such/network.bin"]),
        "cannot read /no/such/network.bin",
    );
    refused_with(
        net("chess", unscored, &["--from", unscored]),
        "not a network on the pieces",
    );
    refused_with(
        net("chess", unscored, &["--eval-per-score", "0"]),
        "is not a positive number",
    );
    refused_with(
        net("chess", unscored, &["--score-scale", "0"]),
        "--score-scale 0 is not a positive number",
    );
    refused_with(
        net("chess", unscored, &["--result-share", "1.5"]),
        "--result-share 1.5 is not between 0 and 1",
    );
    refused_with(net("chess", unscored, &["--batch", "0"]), "--batch");
    refused_with(
        net("chess", unscored, &["--hidden", "48"]),
        "--hidden 48: a network has a power of two from 32 to 512 hidden units",
    );
    for buckets in ["0", "9"] {
        refused_with(
            net("chess", unscored, &["--output-buckets", buckets]),
            &format!("--output-buckets {buckets}: a network has 1 to 8 output buckets"),
        );
    }
    let chess = committed_chess_network_in(folder.path());
    let chess = chess.as_str();
    let width = PieceNetwork::committed(Committed::Chess).hidden();
    refused_with(
        net("chess", unscored, &["--hidden", "32", "--from", chess]),
        &format!("--hidden 32 is narrower than the {width} units of"),
    );
    let label = |engine: &str| {
        let mut args = vec!["tune", "label", "--mode", "chess", "--positions", unscored];
        args.extend(["--uci", engine, "--out", unscored]);
        args.into_iter().map(String::from).collect::<Vec<String>>()
    };
    refused_with(label("/no/such/engine"), "cannot run UCI engine");
}

#[test]
fn the_result_share_teaches_how_the_games_ended_where_the_scores_said_nothing() {
    use ply_core::{Player, Rules};
    use ply_games::chess::{Chess, StandardRules};
    let folder = tempfile::tempdir().expect("a temporary folder");
    let positions = folder.path().join("won.txt");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    // Every game was won by White, though each search scored the start level.
    let lines: String = (1..=64)
        .map(|game| format!("1-0\t{game}\t{start}\t0\n"))
        .collect();
    std::fs::write(&positions, lines).expect("written");
    let board = Chess::<StandardRules>::from_text(start).expect("the start position");
    let white_after = |share: &str| {
        let network = folder.path().join(format!("share-{share}.bin"));
        let network = network.to_str().expect("a path");
        let positions = positions.to_str().expect("a path");
        let (_, bytes) = train_network(
            &[
                "--mode",
                "chess",
                "--positions",
                positions,
                "--epochs",
                "20",
                "--batch",
                "16",
                "--holdout-percent",
                "0",
                "--result-share",
                share,
            ],
            network,
        );
        let read = PieceNetwork::from_bytes(&bytes).expect("the network reads");
        read.evaluate(board.piece_list(), Player::First)
    };
    let from_scores = white_after("0");
    let from_results = white_after("1");
    assert!(from_scores.abs() < 30, "scores alone: {from_scores}");
    assert!(from_results > 100, "results alone: {from_results}");
}

#[test]
fn turned_positions_teach_the_other_wing_where_no_side_may_castle() {
    use ply_core::{Player, Rules};
    use ply_games::chess::{Chess, StandardRules};
    let folder = tempfile::tempdir().expect("a temporary folder");
    let positions = folder.path().join("rook.txt");
    // A rook on a1 is worth 400; the kings alone nothing. Where castling is still
    // allowed (the last 32 games) the position is not turned.
    let rook = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    let kings = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let castling = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let mut lines: String = (1..=64)
        .map(|game| format!("1/2\t{game}\t{rook}\t400\n1/2\t{game}\t{kings}\t0\n"))
        .collect();
    lines.extend((65..=96).map(|game| format!("1/2\t{game}\t{castling}\t0\n")));
    std::fs::write(&positions, lines).expect("written");
    let positions_file = positions.to_str().expect("a path");
    let value = |network: &PieceNetwork, fen: &str| {
        let board = Chess::<StandardRules>::from_text(fen).expect("a position");
        network.evaluate(board.piece_list(), Player::First)
    };
    // The rook on h1 and the kings on d1 and d8: the first position turned.
    let turned_rook = "3k4/8/8/8/8/8/8/3K3R w - - 0 1";
    let turned_kings = "3k4/8/8/8/8/8/8/3K4 w - - 0 1";
    // What the rook on h1 is worth to a network trained with or without `--mirror`,
    // whose report must say it trained on `trained_count` positions.
    let rook_on_h1 = |mirror: bool, trained_count: &str| {
        let network = folder.path().join(format!("mirror-{mirror}.bin"));
        let mut args = vec!["--mode", "chess", "--positions"];
        args.push(positions_file);
        args.extend(["--epochs", "30", "--batch", "16", "--holdout-percent", "0"]);
        if mirror {
            args.push("--mirror");
        }
        let (report, bytes) = train_network(&args, network.to_str().expect("a path"));
        assert!(
            report.contains(&format!("{trained_count} positions to train on")),
            "{report}"
        );
        let network = PieceNetwork::from_bytes(&bytes).expect("the network reads");
        value(&network, turned_rook) - value(&network, turned_kings)
    };
    let plain_rook = rook_on_h1(false, "160");
    assert!(
        plain_rook.abs() < 100,
        "unturned: the rook on h1 is worth {plain_rook}"
    );
    let mirrored_rook = rook_on_h1(true, "288");
    assert!(
        mirrored_rook > 200,
        "turned: the rook on h1 is worth {mirrored_rook}"
    );
}

#[test]
fn a_widened_network_starts_out_evaluating_as_the_one_it_came_from() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let committed = PieceNetwork::committed(Committed::Chess);
    let chess = committed_chess_network_in(folder.path());
    let positions = self_play_positions(folder.path(), "chess");
    let scored: String = std::fs::read_to_string(&positions)
        .expect("positions written")
        .lines()
        .take(200)
        .map(|line| format!("{line}\n"))
        .collect();
    let scored_file = folder.path().join("scored.txt");
    std::fs::write(&scored_file, &scored).expect("written");
    let wide = folder.path().join("wide.bin");
    let width = (2 * committed.hidden()).to_string();
    let args = [
        "--mode",
        "chess",
        "--positions",
        scored_file.to_str().expect("a path"),
        "--from",
        &chess,
        "--hidden",
        &width,
        "--epochs",
        "0",
        "--eval-per-score",
        "1.818",
    ];
    let (_, bytes) = train_network(&args, wide.to_str().expect("a path"));
    let wide = PieceNetwork::from_bytes(&bytes).expect("the network reads");
    assert_eq!(wide.hidden(), 2 * committed.hidden());
    evaluates_as_the_committed_chess_network(&wide, &scored);
}

#[test]
fn a_network_given_output_buckets_starts_out_evaluating_as_the_one_it_came_from() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let positions = self_play_positions(folder.path(), "chess");
    // A network of one bucket (the committed one has several), learnt from these games.
    let one = folder.path().join("one.bin");
    let one = one.to_str().expect("a path");
    let learnt = [
        "--mode",
        "chess",
        "--positions",
        positions.as_str(),
        "--hidden",
        "32",
        "--epochs",
        "1",
        "--eval-per-score",
        "1.818",
    ];
    let (_, bytes) = train_network(&learnt, one);
    let one_bucket = PieceNetwork::from_bytes(&bytes).expect("the network reads");
    assert_eq!(one_bucket.buckets(), 1);
    let bucketed = folder.path().join("bucketed.bin");
    let args = [
        "--mode",
        "chess",
        "--positions",
        positions.as_str(),
        "--from",
        one,
        "--output-buckets",
        "8",
        "--epochs",
        "0",
        "--eval-per-score",
        "1.818",
    ];
    let (_, bytes) = train_network(&args, bucketed.to_str().expect("a path"));
    let bucketed = PieceNetwork::from_bytes(&bytes).expect("the network reads");
    assert_eq!(bucketed.buckets(), 8);
    let lines = std::fs::read_to_string(&positions).expect("positions written");
    evaluates_as(&bucketed, &one_bucket, &lines);
    // Trained, the buckets learn apart and the held-out error falls.
    let trained = folder.path().join("trained.bin");
    let more = [
        "--epochs",
        "2",
        "--eval-per-score",
        "1.818",
        "--holdout-percent",
        "0",
    ];
    let args = [&args[..8], &more].concat();
    let (report, bytes) = train_network(&args, trained.to_str().expect("a path"));
    assert!(
        figure(&report, "error after, in integers:") < figure(&report, "error before:"),
        "{report}"
    );
    let trained = PieceNetwork::from_bytes(&bytes).expect("the network reads");
    let weights = trained.to_float_weights();
    let per_bucket = 2 * trained.hidden();
    assert_ne!(
        weights.output[..per_bucket],
        weights.output[7 * per_bucket..],
        "the first and last buckets learnt the same"
    );
    // A network with buckets cannot be given another number of them.
    let eight = folder.path().join("eight.bin");
    std::fs::write(&eight, trained.to_bytes()).expect("written");
    let refused = ply(&[
        "tune",
        "net",
        "--mode",
        "chess",
        "--positions",
        positions.as_str(),
        "--from",
        eight.to_str().expect("a path"),
        "--output-buckets",
        "4",
    ]);
    assert!(!refused.status.success());
    assert!(
        text(&refused.stderr).contains("only a network of one bucket can be given more"),
        "{}",
        text(&refused.stderr)
    );
}

#[test]
fn shared_piece_rows_teach_a_pieces_worth_on_squares_it_was_never_seen_on() {
    use ply_core::{Player, Rules};
    use ply_games::chess::{Chess, StandardRules};
    let folder = tempfile::tempdir().expect("a temporary folder");
    let positions = folder.path().join("rook.txt");
    // A rook on the a-file's first two squares is worth 400; the kings alone nothing.
    let rooks = [
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "4k3/8/8/8/8/8/R7/4K3 w - - 0 1",
    ];
    let kings = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let lines: String = (1..=64)
        .map(|game| {
            let rook = rooks[game % 2];
            format!("1/2\t{game}\t{rook}\t400\n1/2\t{game}\t{kings}\t0\n")
        })
        .collect();
    std::fs::write(&positions, lines).expect("written");
    let positions_file = positions.to_str().expect("a path");
    let value = |network: &PieceNetwork, fen: &str| {
        let board = Chess::<StandardRules>::from_text(fen).expect("a position");
        network.evaluate(board.piece_list(), Player::First)
    };
    // What a rook on d5, where no position had one, is worth to a network trained with
    // or without shared piece rows. The shared row and the squares' rows learn from
    // the same errors, so each holds about half of the rook's worth.
    let rook_on_d5 = |piece_rows: bool| {
        let network = folder.path().join(format!("rows-{piece_rows}.bin"));
        let mut args = vec!["--mode", "chess", "--positions", positions_file];
        args.extend(["--epochs", "30", "--batch", "16", "--holdout-percent", "0"]);
        if piece_rows {
            args.push("--piece-rows");
        }
        let (_, bytes) = train_network(&args, network.to_str().expect("a path"));
        let network = PieceNetwork::from_bytes(&bytes).expect("the network reads");
        assert!(value(&network, rooks[0]) > 300, "the rook on a1 is learnt");
        value(&network, "4k3/8/8/3R4/8/8/8/4K3 w - - 0 1") - value(&network, kings)
    };
    let alone = rook_on_d5(false);
    assert!(
        alone.abs() < 100,
        "square rows alone: a rook on d5 is worth {alone}"
    );
    let shared = rook_on_d5(true);
    assert!(
        shared > 150,
        "with shared rows: a rook on d5 is worth {shared}"
    );
}

#[test]
fn positions_one_quiet_move_aside_come_from_their_games_and_the_seed() {
    use ply_core::{Heuristics, Rules};
    use ply_games::chess::Standard;
    let folder = tempfile::tempdir().expect("a temporary folder");
    let positions = self_play_positions(folder.path(), "chess");
    let branch = |seed: &str, out: &str| {
        let out = folder.path().join(out);
        let out = out.to_str().expect("a path").to_string();
        let branched = ply(&[
            "tune",
            "branch",
            "--mode",
            "chess",
            "--positions",
            &positions,
            "--seed",
            seed,
            "--out",
            &out,
        ]);
        assert!(branched.status.success(), "{}", text(&branched.stderr));
        std::fs::read_to_string(out).expect("written")
    };
    let aside = branch("3", "aside.txt");
    assert_eq!(
        aside,
        branch("3", "again.txt"),
        "the same seed, the same moves"
    );
    assert_ne!(aside, branch("4", "other.txt"), "another seed, other moves");
    let games = std::fs::read_to_string(&positions).expect("played");
    let parents: Vec<(&str, &str, Standard)> = games
        .lines()
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let board = Standard::from_text(fields[2]).expect("a position");
            (fields[0], fields[1], board)
        })
        .collect();
    let children: Vec<&str> = aside.lines().collect();
    assert!(
        children.len() * 10 >= parents.len() * 8,
        "{} of {}",
        children.len(),
        parents.len()
    );
    for child in children {
        let fields: Vec<&str> = child.split('\t').collect();
        assert_eq!(fields.len(), 3, "no score until labelled: {child}");
        let board = Standard::from_text(fields[2]).expect("a position");
        assert!(!Heuristics::in_check(&board), "{child}");
        let from_its_game = parents
            .iter()
            .filter(|(result, game, _)| (*result, *game) == (fields[0], fields[1]))
            .any(|(_, _, parent)| {
                let (mut moves, mut noisy) = (Vec::new(), Vec::new());
                parent.gen_moves(&mut moves);
                parent.noisy_moves(&mut noisy);
                moves.iter().any(|&mv| {
                    let mut next = *parent;
                    next.make(mv);
                    !noisy.contains(&mv) && next == board
                })
            });
        assert!(from_its_game, "not one quiet move from its game: {child}");
    }
    let broken = folder.path().join("broken.txt");
    std::fs::write(&broken, "1-0\t1\tnot a position\n").expect("written");
    let out = folder.path().join("out.txt");
    for (out, message) in [
        ("/nonexistent/out.txt", "cannot create /nonexistent/out.txt"),
        (out.to_str().expect("a path"), "line 1:"),
    ] {
        let positions = broken.to_str().expect("a path");
        refused(
            &[
                "tune",
                "branch",
                "--mode",
                "chess",
                "--positions",
                positions,
                "--out",
                out,
            ],
            message,
        );
    }
}
