//! `ply uci` and `ply engine` as a GUI or match tool meets them: the real binary,
//! talked to over pipes, one command line at a time.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// A running `ply` engine and the two ends of its pipes.
struct Engine {
    child: Child,
    input: Option<ChildStdin>,
    output: BufReader<ChildStdout>,
}

impl Engine {
    /// Starts `ply SUBCOMMAND`.
    fn start(subcommand: &str) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
            .arg(subcommand)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the ply binary starts");
        let input = child.stdin.take();
        let output = BufReader::new(child.stdout.take().expect("piped stdout"));
        Engine {
            child,
            input,
            output,
        }
    }

    fn send(&mut self, line: &str) {
        let input = self.input.as_mut().expect("stdin is open");
        writeln!(input, "{line}").expect("the engine reads its input");
    }

    /// Reads lines up to and including the first that starts with `prefix`.
    fn read_until(&mut self, prefix: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            let read = self.output.read_line(&mut line).expect("readable output");
            assert!(read > 0, "the engine ended before '{prefix}': {lines:?}");
            let line = line.trim_end().to_string();
            let done = line.starts_with(prefix);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    /// The move of the `bestmove` line that ends `answer`.
    fn best_move(answer: &[String]) -> String {
        answer
            .last()
            .and_then(|line| line.strip_prefix("bestmove "))
            .expect("a bestmove line")
            .to_string()
    }

    /// Sends `quit` and checks that the process ends successfully.
    fn quit(mut self) {
        self.send("quit");
        self.input = None;
        let status = self.child.wait().expect("the engine ends");
        assert!(status.success(), "{status}");
    }
}

/// Whether `mv` is legal in `mode` after `moves` from `position` (the start if `None`).
fn legal(mode: &str, position: Option<&str>, moves: &[&str], mv: &str) -> bool {
    let mut game = ply_modes::replay(mode, position, moves).expect("a valid game");
    game.play_text(mv).is_ok()
}

#[test]
fn uci_handshake_and_a_depth_four_search() {
    let mut engine = Engine::start("uci");
    engine.send("uci");
    let hello = engine.read_until("uciok");
    assert!(hello[0].starts_with("id name Plyground"), "{hello:?}");
    assert!(
        hello
            .iter()
            .any(|line| line.starts_with("option name UCI_Variant type combo")),
        "{hello:?}"
    );
    engine.send("isready");
    engine.read_until("readyok");
    engine.send("ucinewgame");
    engine.send("position startpos");
    engine.send("go depth 4");
    let answer = engine.read_until("bestmove");
    assert!(
        answer.iter().any(|line| line.starts_with("info depth 4 ")),
        "{answer:?}"
    );
    assert!(legal("chess", None, &[], &Engine::best_move(&answer)));
    engine.quit();
}

#[test]
fn uci_plays_a_reply_after_moves() {
    let mut engine = Engine::start("uci");
    engine.send("position startpos moves e2e4");
    engine.send("go wtime 10000 btime 10000 winc 100 binc 100");
    let answer = engine.read_until("bestmove");
    let best = Engine::best_move(&answer);
    assert!(legal("chess", None, &["e2e4"], &best), "{best}");
    engine.quit();
}

#[test]
fn uci_reports_mate_in_one() {
    let mut engine = Engine::start("uci");
    engine.send("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    engine.send("go depth 3");
    let answer = engine.read_until("bestmove");
    assert!(
        answer.iter().any(|line| line.contains(" score mate 1 ")),
        "{answer:?}"
    );
    assert_eq!(answer.last().map(String::as_str), Some("bestmove a1a8"));
    engine.quit();
}

#[test]
fn uci_atomic_explodes_the_king() {
    // In standard chess Rxe7+ only wins a pawn; in atomic the blast takes the king.
    let fen = "4k3/4p3/8/8/8/8/5PPP/4R1K1 w - - 0 1";
    let mut engine = Engine::start("uci");
    engine.send("setoption name UCI_Variant value atomic");
    engine.send(&format!("position fen {fen}"));
    engine.send("go depth 3");
    let answer = engine.read_until("bestmove");
    assert_eq!(
        answer.last().map(String::as_str),
        Some("bestmove e1e7"),
        "{answer:?}"
    );
    assert!(
        answer.iter().any(|line| line.contains(" score mate 1 ")),
        "{answer:?}"
    );
    engine.quit();
}

/// The `score` (`cp X` or `mate N`, as a number of centipawns or of moves) and the
/// moves of an `info ... score ... pv ...` line.
fn scored_line(info: &str) -> (i64, Vec<String>) {
    let words: Vec<&str> = info.split_whitespace().collect();
    let at = words
        .iter()
        .position(|&word| word == "score")
        .expect("a score");
    let value: i64 = words[at + 2].parse().expect("a number");
    let score = match words[at + 1] {
        // A mate in fewer moves is better for the winner, worse for the loser.
        "mate" => (1_000_000 - value.abs()) * value.signum(),
        _ => value,
    };
    let pv = words.iter().position(|&word| word == "pv").expect("a pv");
    (
        score,
        words[pv + 1..].iter().map(|&word| word.into()).collect(),
    )
}

#[test]
fn uci_multipv_gives_three_distinct_legal_lines_best_first() {
    let moves = ["e2e4", "e7e5", "g1f3"];
    let mut engine = Engine::start("uci");
    engine.send("setoption name MultiPV value 3");
    engine.send(&format!("position startpos moves {}", moves.join(" ")));
    engine.send("go depth 6");
    let answer = engine.read_until("bestmove");
    let deepest: Vec<(i64, Vec<String>)> = (1..=3)
        .map(|number| {
            let prefix = format!("info depth 6 multipv {number} ");
            let info = answer.iter().find(|line| line.starts_with(&prefix));
            scored_line(info.unwrap_or_else(|| panic!("no {prefix}: {answer:?}")))
        })
        .collect();
    for (index, (_, pv)) in deepest.iter().enumerate() {
        let mut game = ply_modes::replay("chess", None, moves).expect("a valid game");
        for mv in pv {
            assert!(game.play_text(mv).is_ok(), "{mv} in {pv:?}");
        }
        assert!(
            deepest[..index]
                .iter()
                .all(|(_, earlier)| earlier[0] != pv[0]),
            "{deepest:?}"
        );
    }
    assert!(
        deepest.windows(2).all(|pair| pair[0].0 >= pair[1].0),
        "{deepest:?}"
    );
    assert_eq!(Engine::best_move(&answer), deepest[0].1[0]);
    engine.quit();
}

#[test]
fn uci_infinite_search_answers_stop() {
    let mut engine = Engine::start("uci");
    engine.send("position startpos");
    engine.send("go infinite");
    engine.read_until("info depth 2 ");
    engine.send("stop");
    let answer = engine.read_until("bestmove");
    assert!(legal("chess", None, &[], &Engine::best_move(&answer)));
    engine.quit();
}

#[test]
fn uci_garbage_gets_an_error_and_the_engine_stays_ready() {
    let mut engine = Engine::start("uci");
    for garbage in [
        "hello there",
        "go depth lots",
        "position fen",
        "position startpos moves e7e5",
        "setoption name UCI_Variant value shogi",
    ] {
        engine.send(garbage);
        engine.send("isready");
        let answer = engine.read_until("readyok");
        assert!(
            answer[0].starts_with("info string error "),
            "{garbage}: {answer:?}"
        );
    }
    engine.quit();
}

#[test]
fn uci_ends_at_the_end_of_its_input() {
    let mut engine = Engine::start("uci");
    engine.send("go infinite");
    engine.read_until("info depth 1 ");
    engine.input = None;
    let answer = engine.read_until("bestmove");
    assert!(legal("chess", None, &[], &Engine::best_move(&answer)));
    let status = engine.child.wait().expect("the engine ends");
    assert!(status.success(), "{status}");
}

#[test]
fn engine_protocol_plays_every_mode() {
    let mut engine = Engine::start("engine");
    for mode in ply_modes::MODES {
        engine.send(&format!("mode {}", mode.id));
        engine.send("position startpos");
        engine.send("go depth 2");
        let answer = engine.read_until("bestmove");
        let best = Engine::best_move(&answer);
        assert!(legal(mode.id, None, &[], &best), "{}: {answer:?}", mode.id);
    }
    engine.send("mode nine-mens-morris");
    engine.send("isready");
    let answer = engine.read_until("readyok");
    assert!(answer[0].starts_with("info string error unknown mode"));
    engine.quit();
}
