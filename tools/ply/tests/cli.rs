//! The `ply` binary as a user runs it: real processes, their output and exit codes.

mod live;

use live::Live;
use std::process::{Command, Output, Stdio};

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
fn think_lines_shows_numbered_lines_with_different_first_moves() {
    let output = ply(&[
        "think",
        "--mode",
        "hnefatafl",
        "--depth",
        "3",
        "--lines",
        "3",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let firsts: Vec<&str> = (1..=3)
        .map(|number| {
            let prefix = format!("depth  3  #{number}  score");
            let row = text.lines().find(|row| row.starts_with(&prefix));
            let row = row.unwrap_or_else(|| panic!("no row '{prefix}': {text}"));
            let (_, line) = row.split_once("  line ").expect("a line of play");
            line.split_whitespace().next().expect("a first move")
        })
        .collect();
    assert!(
        firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2],
        "{text}"
    );
    let best = text
        .lines()
        .last()
        .and_then(|row| row.strip_prefix("best "));
    assert!(
        best.is_some_and(|best| best.starts_with(&format!("{} (", firsts[0]))),
        "{text}"
    );
    let one = stdout(&ply(&["think", "--mode", "hnefatafl", "--depth", "3"]));
    assert_eq!(one.lines().count(), 3 + 1, "{one}");
    assert!(!one.contains('#'), "{one}");
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

fn golden(mode: &str) -> String {
    format!(
        "{}/../../tests/golden/saves/{mode}.ply",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn save_inspect_shows_header_players_moves_and_position() {
    let output = ply(&["save", "inspect", &golden("chess")]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    for needle in [
        "title:     Golden Chess",
        "mode:      chess (rules version 1)",
        "player:    White: Ada (person)",
        "player:    Black: Computer (computer, Level 4)",
        "moves:     20 moves (40 plies)",
        "  1. a4 f5",
        "position:  2r1qb1r/p1p1k1np/np1p1N2/1P1Bp1pQ/b2PP3/2P3P1/1B3P2/RN2KR2 w Q - 6 21",
        "to move:   White",
    ] {
        assert!(text.contains(needle), "{needle} missing from:\n{text}");
    }
}

#[test]
fn save_dates_are_shown_in_the_players_time_zone() {
    // A POSIX zone five and a half hours east of UTC; the save was created 10:52 UTC.
    let output = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(["save", "inspect", &golden("chess")])
        .env("TZ", "XST-5:30")
        .output()
        .expect("the ply binary runs");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("created:   2026-11-21 16:22 XST"), "{text}");
    assert!(text.contains("updated:   2026-11-21 17:23 XST"), "{text}");
}

#[test]
fn a_closed_output_pipe_ends_ply_quietly() {
    for args in [vec!["save", "inspect", &golden("chess")], vec!["modes"]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the ply binary runs");
        // The reader leaves before ply writes anything, as `| head -0` would.
        drop(child.stdout.take());
        let output = child.wait_with_output().expect("ply ends");
        assert!(output.status.success(), "{args:?}: {}", stderr(&output));
        assert_eq!(stderr(&output), "", "{args:?}");
    }
}

#[test]
fn save_verify_passes_good_saves_and_fails_on_any_bad_one() {
    let good = ply(&["save", "verify", &golden("chess"), &golden("checkers")]);
    assert!(good.status.success(), "{}", stderr(&good));
    assert_eq!(stdout(&good).lines().count(), 2);

    let dir = std::env::temp_dir().join(format!("ply-cli-verify-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    let mut bytes = std::fs::read(golden("chess")).expect("golden file");
    let last = bytes.len() - 1;
    bytes[last] ^= 0x01;
    let damaged = dir.join("damaged.ply");
    std::fs::write(&damaged, bytes).expect("writes");
    let damaged = damaged.to_string_lossy().into_owned();

    let bad = ply(&["save", "verify", &golden("chess"), &damaged]);
    std::fs::remove_dir_all(&dir).expect("cleans up");
    assert!(!bad.status.success());
    let text = stdout(&bad);
    assert!(
        text.lines()
            .next()
            .is_some_and(|line| line.starts_with("ok")),
        "{text}"
    );
    assert!(text.contains("does not match its checksum"), "{text}");
    assert!(stderr(&bad).contains("1 of 2 saves did not load"));
}

#[test]
fn save_list_reads_the_folder_named_by_the_environment() {
    let folder = format!("{}/../../tests/golden/saves", env!("CARGO_MANIFEST_DIR"));
    let output = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(["save", "list"])
        .env("PLYGROUND_SAVE_DIR", &folder)
        .output()
        .expect("the ply binary runs");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let chess = text
        .lines()
        .find(|line| line.starts_with("chess "))
        .unwrap_or_else(|| panic!("no chess line in:\n{text}"));
    assert!(chess.contains("Golden Chess"), "{chess}");
    // Counted as the load screen counts: a move by each side is one move.
    assert!(chess.contains("20 moves"), "{chess}");
    assert!(chess.contains("White to move"), "{chess}");
    assert_eq!(text.lines().count(), 1 + ply_modes_count(), "{text}");
}

/// Golden saves are one per mode, so the listing has one line per mode.
fn ply_modes_count() -> usize {
    let output = ply(&["modes"]);
    stdout(&output).lines().count()
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
    // Another build is told only how long to think: a node limit for it is refused,
    // not silently dropped.
    let refused = ply(&[
        "match",
        "--games",
        "2",
        "--b",
        "millis=20,nodes=5000",
        "--b-engine",
        env!("CARGO_BIN_EXE_ply"),
    ]);
    assert!(!refused.status.success());
    assert!(
        stderr(&refused).contains("takes only millis=N") && stderr(&refused).contains("nodes"),
        "{}",
        stderr(&refused)
    );
}

#[test]
fn match_plays_the_game_levels_and_refuses_an_unknown_one() {
    let output = ply(&[
        "match",
        "--mode",
        "connect4",
        "--games",
        "2",
        "--millis",
        "20",
        "--a",
        "level=easy",
        "--b",
        "level=hard",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).contains("result: A scored"));
    let unknown = ply(&["match", "--games", "2", "--a", "level=grandmaster"]);
    assert!(!unknown.status.success());
    assert!(stderr(&unknown).contains("unknown level 'grandmaster'"));
}

#[test]
fn ladder_counts_games_played_earlier_with_its_own() {
    let chess_level_1 = |more: &[&str]| {
        let args = ["ladder", "--mode", "chess", "--level", "1"];
        let output = ply(&[&args[..], more].concat());
        assert!(output.status.success(), "{}", stderr(&output));
        let text = stdout(&output);
        text.lines().last().unwrap_or_default().to_string()
    };
    let whole = chess_level_1(&["--games", "0", "--played", "17,34,349"]);
    let halves = chess_level_1(&[
        "--games",
        "0",
        "--played",
        "10,20,170",
        "--played",
        "7,14,179",
    ]);
    assert_eq!(whole, halves);
    assert!(whole.contains("from 400 games against Level 2"), "{whole}");
    assert!(
        whole.contains("A scored 8.5% (17 wins, 34 draws, 349 losses)"),
        "{whole}"
    );
    let more = chess_level_1(&["--games", "2", "--played", "5,0,5"]);
    assert!(more.contains("from 12 games against Level 2"), "{more}");
    let bad = ply(&["ladder", "--level", "1", "--games", "0", "--played", "1,2"]);
    assert!(!bad.status.success());
    assert!(
        stderr(&bad).contains("not WINS,DRAWS,LOSSES"),
        "{}",
        stderr(&bad)
    );
}

#[test]
fn ladder_chains_king_of_the_hills_full_strength_up_and_refuses_a_reference() {
    // Full strength in king of the hill is beyond Fairy-Stockfish's settings: it is
    // measured against level 8 and given level 8's rating plus the match's difference.
    let output = ply(&[
        "ladder", "--mode", "koth", "--level", "full", "--games", "0", "--played", "65,7,8",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let line = stdout(&output);
    // The whole number that follows `label` in the line, its sign included.
    let number_after = |label: &str| -> i32 {
        line.split(label)
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|number| number.trim_start_matches('+').parse().ok())
            .unwrap_or_else(|| panic!("no number after '{label}' in {line}"))
    };
    let level_8 = number_after("against Level 8 (rated ");
    let rating = number_after("Full strength: ");
    let difference = number_after("Elo difference A-B ");
    assert!(difference > 0, "{line}");
    assert!((rating - (level_8 + difference)).abs() <= 1, "{line}");
    // A relative ladder's full strength is its reference, not something measured.
    let reference = ply(&["ladder", "--mode", "hnefatafl", "--level", "full"]);
    assert!(!reference.status.success());
    assert!(
        stderr(&reference).contains("full strength is the reference"),
        "{}",
        stderr(&reference)
    );
}

#[test]
fn match_plays_a_uci_engine_in_its_variant_and_reports_an_elo_margin() {
    // `ply uci` is a real UCI engine: the match must choose king of the hill through
    // UCI_Variant, or the engine's moves would be judged by the wrong rules.
    let uci = format!("{} uci", env!("CARGO_BIN_EXE_ply"));
    let output = ply(&[
        "match", "--mode", "koth", "--games", "2", "--millis", "20", "--b-uci", &uci,
    ]);
    let text = stdout(&output);
    assert!(output.status.success(), "{}", stderr(&output));
    let result = text
        .lines()
        .find(|line| line.starts_with("result: A scored"))
        .unwrap_or_else(|| panic!("no result line in {text}"));
    let counts: Vec<u32> = result
        .split(['(', ',', ')'])
        .filter_map(|part| part.split_whitespace().next()?.parse().ok())
        .collect();
    assert_eq!(counts.iter().sum::<u32>(), 2, "{result}");
    assert!(
        result.contains("(95%: ") || result.contains("beyond measure"),
        "{result}"
    );

    let refused = ply(&[
        "match", "--mode", "checkers", "--games", "2", "--b-uci", &uci,
    ]);
    assert!(!refused.status.success());
    assert!(
        stderr(&refused).contains("plays only chess, atomic and koth"),
        "{}",
        stderr(&refused)
    );
    let missing = ply(&["match", "--games", "2", "--b-uci", "/nonexistent/stockfish"]);
    assert!(!missing.status.success());
    assert!(stderr(&missing).contains("cannot run UCI engine"));
}

/// An engine whose `UCI_Variant` lacks the variant asked for must never play a game:
/// one that silently played chess instead would count as games of the variant.
#[test]
fn a_uci_engine_without_the_variant_is_refused_before_any_game() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("a temporary folder");
    let engine = dir.path().join("no-atomic");
    std::fs::write(
        &engine,
        "#!/bin/sh\nwhile read line; do\n  case \"$line\" in\n    uci) echo 'id name NoAtomic'; \
         echo 'option name UCI_Variant type combo default chess var chess var kingofthehill'; \
         echo uciok ;;\n    isready) echo readyok ;;\n    quit) exit 0 ;;\n  esac\ndone\n",
    )
    .expect("written");
    std::fs::set_permissions(&engine, std::fs::Permissions::from_mode(0o755))
        .expect("made runnable");
    let engine = engine.display().to_string();
    let refused = ply(&[
        "match", "--mode", "atomic", "--games", "2", "--b-uci", &engine,
    ]);
    assert!(!refused.status.success());
    assert!(
        stderr(&refused).contains("does not offer the variant atomic"),
        "{}",
        stderr(&refused)
    );
    assert!(
        !stdout(&refused).contains("after 2 games"),
        "no game was played"
    );
}

#[test]
fn host_and_join_play_online_from_the_command_line() {
    let home = tempfile::tempdir().expect("a temporary folder");
    let mut host = Live::start_in(
        home.path(),
        &[
            "host",
            "--listen",
            "127.0.0.1:0",
            "--name",
            "Alice",
            "--password",
            "pw",
        ],
    );
    let addr = host
        .expect("hosting on ")
        .trim_start_matches("hosting on ")
        .to_string();
    let code = host.expect("entered lobby ");
    assert!(code.contains("as Alice (host) token "), "{code}");

    let mut guest = Live::start_in(
        home.path(),
        &["join", &addr, "--name", "Bobby", "--password", "pw"],
    );
    guest.expect("entered lobby ");
    host.expect("players: Alice (host), Bobby");
    let wrong = ply(&["join", &addr, "--name", "Mallory", "--password", "guess"]);
    assert!(!wrong.status.success());
    assert_eq!(stderr(&wrong).trim(), "error: wrong password");
    assert_eq!(stdout(&wrong), "");
    host.say("seat white Bobby");
    host.say("computer black");
    host.say("start");
    guest.expect("game started: chess, 0 moves already played");
    guest.say("move e2e5");
    guest.expect("move refused (e2e5)");
    guest.say("move e2e4");
    guest.expect("move 1 White: e2e4");
    // The host's machine answers for the computer.
    guest.expect("move 2 Black: ");
    guest.say("chat well played");
    host.expect("chat Bobby: well played");
    guest.say("resign");
    host.expect("game over: Black wins (resignation)");
    guest.expect("game over: Black wins (resignation)");
    host.say("quit");
    guest.expect("closed: the host left; the lobby is closed");
    let host_output = host.finish();
    assert!(host_output.status.success(), "{}", stderr(&host_output));
    let guest_output = guest.finish();
    assert!(guest_output.status.success(), "{}", stderr(&guest_output));
}

#[test]
fn the_relay_logs_each_kind_of_event_once_per_address_and_minute() {
    use std::io::{BufRead, BufReader, Read};
    let mut relay = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args([
            "relay",
            "--listen",
            "127.0.0.1:0",
            "--max-handshakes-per-address",
            "1",
        ])
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the relay starts");
    let mut first = String::new();
    BufReader::new(relay.stdout.take().expect("stdout"))
        .read_line(&mut first)
        .expect("the relay says where it listens");
    let addr = first
        .strip_prefix("relay listening on ")
        .and_then(|rest| rest.split_whitespace().next())
        .expect("an address")
        .to_string();
    // One connection waits in its handshake; the next twenty are turned away.
    let waiting = std::net::TcpStream::connect(&addr).expect("connects");
    for _ in 0..20 {
        let mut turned_away = std::net::TcpStream::connect(&addr).expect("connects");
        let mut answer = Vec::new();
        let _ = turned_away.read_to_end(&mut answer);
        assert!(
            String::from_utf8_lossy(&answer).contains("too many connections from your address")
        );
    }
    drop(waiting);
    relay.kill().expect("the relay stops");
    let mut log = String::new();
    relay
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut log)
        .expect("the log reads");
    let _ = relay.wait();
    assert!(log.contains("relay started"), "{log}");
    assert_eq!(
        log.matches("too many handshakes from this address").count(),
        1,
        "{log}"
    );
    assert!(log.contains("address=127.0.0.1"), "{log}");
    assert!(
        !log.contains('\u{1b}'),
        "no colours in a log that is not a terminal"
    );
}

#[test]
fn bench_wire_times_the_encryption_of_a_round_trip_and_refuses_no_samples() {
    let output = ply(&["bench", "wire", "--samples", "2000"]);
    let text = stdout(&output);
    assert!(output.status.success(), "{}{}", text, stderr(&output));
    assert!(text.contains("2000 samples"), "{text}");
    let p99: f64 = text
        .split("p99 ")
        .nth(1)
        .and_then(|rest| rest.split(" us").next())
        .and_then(|number| number.parse().ok())
        .expect("a p99 figure in microseconds");
    assert!(p99 > 0.0, "{text}");
    let none = ply(&["bench", "wire", "--samples", "0"]);
    assert!(!none.status.success());
    assert!(stderr(&none).contains("--samples must be at least 1"));
}

#[test]
fn bench_relay_reports_round_trips_throughput_and_memory() {
    let output = ply(&[
        "bench",
        "relay",
        "--lobbies",
        "3",
        "--plies",
        "6",
        "--think-ms",
        "1",
    ]);
    let text = stdout(&output);
    assert!(output.status.success(), "{}{}", text, stderr(&output));
    assert!(
        text.contains("setup: 6 connections entered, 3 games started"),
        "{text}"
    );
    assert!(text.contains("moves: 18 in "), "{text}");
    assert!(text.contains("move round trip: p50 "), "{text}");
    assert!(text.contains("relay memory (/proc/"), "{text}");
    // Only Linux has /proc; elsewhere the figures say "unknown".
    if cfg!(target_os = "linux") {
        assert!(
            text.contains("VmRSS idle ") && !text.contains("unknown"),
            "{text}"
        );
    }
}

#[test]
fn save_export_chooses_the_format_by_mode() {
    let chess = ply(&["save", "export", &golden("atomic")]);
    assert!(chess.status.success(), "{}", stderr(&chess));
    let text = stdout(&chess);
    for needle in [
        "[Event \"Golden Atomic chess\"]\n",
        "[Date \"2026.11.21\"]\n",
        "[White \"Ada\"]\n",
        "[Result \"0-1\"]\n",
        "[Variant \"Atomic\"]\n",
        "[Termination \"resignation\"]\n",
        "\n\n1. d3 a5 2. Nc3 e6",
        "20. hxg5 f5 0-1\n",
    ] {
        assert!(text.contains(needle), "{needle:?} missing from:\n{text}");
    }

    let checkers = stdout(&ply(&["save", "export", &golden("checkers")]));
    assert!(checkers.contains("[GameType \"21\"]\n"), "{checkers}");
    assert!(checkers.contains("[Black \"Ada\"]\n"), "{checkers}");
    assert!(
        checkers.contains("1. 10-14 22-18 2. 11-15 18x11"),
        "{checkers}"
    );

    let connect4 = stdout(&ply(&["save", "export", &golden("connect4")]));
    assert!(connect4.starts_with("Game: Connect Four\n"), "{connect4}");
    assert!(
        connect4.contains("Result: Red wins (four in a row)\n"),
        "{connect4}"
    );
}

#[test]
fn save_export_writes_a_file_and_refuses_a_format_that_does_not_fit() {
    let dir = std::env::temp_dir().join(format!("ply-cli-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    let out = dir.join("mega.pgn");
    let written = ply(&[
        "save",
        "export",
        &golden("mega"),
        "--out",
        &out.to_string_lossy(),
    ]);
    let record = std::fs::read_to_string(&out);
    std::fs::remove_dir_all(&dir).expect("cleans up");
    assert!(written.status.success(), "{}", stderr(&written));
    assert_eq!(stdout(&written), "");
    let record = record.expect("the record was written");
    assert!(
        record.contains("[Variant \"Mega chess 16x16\"]\n[SetUp \"1\"]\n"),
        "{record}"
    );

    let refused = ply(&["save", "export", &golden("chess"), "--format", "pdn"]);
    assert!(!refused.status.success());
    assert_eq!(
        stderr(&refused),
        "error: PDN cannot record a game of Chess; use PGN or text\n"
    );
}

/// `ply host --help` and `ply join --help` state the same name rule as the window and
/// the README (they once said "4 to 16 letters, digits or _", which neither enforces).
#[test]
fn host_and_join_help_state_the_name_rule_the_relay_applies() {
    for command in ["host", "join"] {
        let help = stdout(&ply(&[command, "--help"]));
        assert!(
            help.contains("2 to 20 letters or digits in any alphabet"),
            "ply {command} --help: {help}"
        );
        assert!(!help.contains("4 to 16"), "ply {command} --help: {help}");
    }
    assert_eq!(
        (ply_net::name::MIN_NAME_LEN, ply_net::name::MAX_NAME_LEN),
        (2, 20)
    );
}
