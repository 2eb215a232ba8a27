//! An independent UCI engine (Stockfish, Fairy-Stockfish, or any other) as a `ply match`
//! contender for the chess modes, so that strength is measured on a known scale.

use crate::game_args::mode_named;
use ply_core::MoveCode;
use ply_modes::AnyGame;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// The `UCI_Variant` name of each mode a UCI engine can play, by mode id.
const VARIANTS: [(&str, &str); 3] = [
    ("chess", "chess"),
    ("atomic", "atomic"),
    ("koth", "kingofthehill"),
];

/// How long a UCI engine thinks over each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UciBudget {
    /// This many milliseconds (`go movetime`).
    Millis(u64),
    /// This many positions searched (`go nodes`), the same however busy the machine is.
    Nodes(u64),
}

/// A running UCI engine, told the position and asked for a move each turn.
pub struct UciOpponent {
    process: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    budget: UciBudget,
    /// The score the engine last reported.
    last_score: Option<UciScore>,
    /// The game the engine was last asked about, to send `ucinewgame` between games.
    last_game: Option<(String, Vec<MoveCode>)>,
}

impl UciOpponent {
    /// Starts `command` (a program and its arguments, split at spaces), shakes hands,
    /// chooses the variant for `mode` and sets `options` (`NAME=VALUE`).
    pub fn start(
        command: &str,
        options: &[String],
        mode: &str,
        budget: UciBudget,
    ) -> Result<UciOpponent, String> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("the UCI engine's command is empty")?;
        let failed = |e: std::io::Error| format!("cannot run UCI engine '{command}': {e}");
        let mut process = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(failed)?;
        let (Some(input), Some(output)) = (process.stdin.take(), process.stdout.take()) else {
            return Err(format!("UCI engine '{command}' has no pipes"));
        };
        let mut engine = UciOpponent {
            process,
            input,
            output: BufReader::new(output),
            budget,
            last_score: None,
            last_game: None,
        };
        engine.send("uci")?;
        let offered = engine.read_until("uciok")?;
        let variant = VARIANTS
            .iter()
            .find(|(id, _)| *id == mode)
            .map(|&(_, name)| name)
            .ok_or_else(|| {
                format!("a UCI engine plays only chess, atomic and koth, not '{mode}'")
            })?;
        let variants = offered
            .iter()
            .find(|line| line.starts_with("option name UCI_Variant "));
        if let Some(variants) = variants {
            // An engine without the variant may play chess instead, silently (Debian's
            // Fairy-Stockfish does for atomic): refused before any game, so that such
            // games never count.
            let offers = variants
                .split_whitespace()
                .collect::<Vec<_>>()
                .windows(2)
                .any(|pair| pair[0] == "var" && pair[1] == variant);
            if !offers {
                return Err(format!(
                    "UCI engine '{command}' does not offer the variant {variant}, so it cannot play {mode}"
                ));
            }
            engine.send(&format!("setoption name UCI_Variant value {variant}"))?;
        } else if variant != "chess" {
            return Err(format!(
                "UCI engine '{command}' offers no UCI_Variant option, so it cannot play {mode}"
            ));
        }
        for option in options {
            let (name, value) = option
                .split_once('=')
                .ok_or_else(|| format!("UCI option '{option}' needs the form NAME=VALUE"))?;
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.send("isready")?;
        engine.read_until("readyok")?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("the UCI engine stopped listening: {e}"))
    }

    /// Reads lines up to one starting with `word`; returns the lines before it.
    fn read_until(&mut self, word: &str) -> Result<Vec<String>, String> {
        let mut seen = Vec::new();
        loop {
            let mut line = String::new();
            let read = self
                .output
                .read_line(&mut line)
                .map_err(|e| format!("the UCI engine's answer was unreadable: {e}"))?;
            if read == 0 {
                return Err(format!("the UCI engine quit before saying '{word}'"));
            }
            let line = line.trim();
            if line.split_whitespace().next() == Some(word) {
                seen.push(line.to_string());
                return Ok(seen);
            }
            seen.push(line.to_string());
        }
    }

    /// The engine's move in `game`, thought over for its budget.
    pub fn choose(&mut self, game: &dyn AnyGame) -> Result<MoveCode, String> {
        let start = game.start_text();
        let moves = game.moves();
        let continues = self.last_game.as_ref().is_some_and(|(text, earlier)| {
            *text == start && moves.starts_with(earlier) && moves.len() > earlier.len()
        });
        if !continues {
            self.send("ucinewgame")?;
            self.send("isready")?;
            self.read_until("readyok")?;
        }
        let start_is_usual =
            mode_named(game.mode_id()).is_ok_and(|mode| mode.new_game().position_text() == start);
        let mut position = if start_is_usual || start.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position fen {start}")
        };
        let texts = game.move_texts();
        if !texts.is_empty() {
            position = format!("{position} moves {}", texts.join(" "));
        }
        self.send(&position)?;
        self.send(&match self.budget {
            UciBudget::Millis(millis) => format!("go movetime {millis}"),
            UciBudget::Nodes(nodes) => format!("go nodes {nodes}"),
        })?;
        let answer = self.read_until("bestmove")?;
        self.last_score = last_score(&answer);
        let last = answer.last().map(String::as_str).unwrap_or_default();
        let text = last.split_whitespace().nth(1).unwrap_or_default();
        let code = game
            .parse_move(text)
            .map_err(|e| format!("the UCI engine played '{text}': {e}"))?;
        self.last_game = Some((start, moves));
        Ok(code)
    }

    /// The engine's static evaluation of the chess position `fen` (Stockfish's `eval`
    /// command, no search), in hundredths of a pawn from White's view; `None` where the
    /// engine gives none (Stockfish, in check).
    pub fn static_evaluation(&mut self, fen: &str) -> Result<Option<i32>, String> {
        self.send(&format!("position fen {fen}"))?;
        self.send("eval")?;
        self.send("isready")?;
        let answer = self.read_until("readyok")?;
        static_value(&answer)
    }

    /// The last score the engine reported while choosing its last move, if any.
    pub fn last_score(&self) -> Option<UciScore> {
        self.last_score
    }
}

/// A score a UCI engine reports, from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UciScore {
    /// An ordinary value in hundredths of a pawn (`score cp`).
    Centipawns(i32),
    /// A forced mate in this many moves, negative when the side to move is mated
    /// (`score mate`).
    Mate(i32),
}

/// The last readable `score` among a search's `info` lines.
fn last_score(lines: &[String]) -> Option<UciScore> {
    lines.iter().rev().find_map(|line| {
        let mut words = line.split_whitespace().skip_while(|&word| word != "score");
        words.next()?;
        let kind = words.next()?;
        let value = words.next()?.parse().ok()?;
        match kind {
            "cp" => Some(UciScore::Centipawns(value)),
            "mate" => Some(UciScore::Mate(value)),
            _ => None,
        }
    })
}

/// The value in an `eval` answer: the network's where the engine prints one (Stockfish's
/// `NNUE evaluation` line, before its blend with other terms), else the `Final
/// evaluation`, each in pawns from White's view.
fn static_value(lines: &[String]) -> Result<Option<i32>, String> {
    let value_after = |label: &str| {
        lines.iter().find_map(|line| {
            let rest = line.strip_prefix(label)?;
            let word = rest.trim_start_matches(':').split_whitespace().next()?;
            Some(word.parse::<f64>().ok())
        })
    };
    match value_after("NNUE evaluation").or_else(|| value_after("Final evaluation")) {
        Some(pawns) => Ok(pawns.map(|pawns| (pawns * 100.0).round() as i32)),
        None => Err("the UCI engine gave no static evaluation (no 'eval' command?)".into()),
    }
}

impl Drop for UciOpponent {
    fn drop(&mut self) {
        // The engine may already have exited; there is nothing more to do then.
        let _ = self.send("quit");
        let _ = self.process.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::{UciScore, last_score, static_value};

    fn lines(texts: &[&str]) -> Vec<String> {
        texts.iter().map(|text| text.to_string()).collect()
    }

    #[test]
    fn the_static_evaluation_is_read_from_an_eval_answer() {
        let stockfish = lines(&[
            "     Term    |    White    |    Black    |    Total",
            "NNUE evaluation        +0.25 (white side)",
            "Final evaluation       +0.31 (white side) [with scaled NNUE, hybrid, ...]",
            "readyok",
        ]);
        assert_eq!(static_value(&stockfish), Ok(Some(25)));
        let final_only = lines(&["Final evaluation -1.07 (white side)", "readyok"]);
        assert_eq!(static_value(&final_only), Ok(Some(-107)));
        let in_check = lines(&["Final evaluation: none (in check)", "readyok"]);
        assert_eq!(static_value(&in_check), Ok(None));
        let unknown = lines(&[
            "Unknown command: 'eval'. Type help for more information.",
            "readyok",
        ]);
        assert!(static_value(&unknown).is_err());
    }

    #[test]
    fn the_last_reported_score_is_read() {
        let found = lines(&[
            "info depth 9 score cp 35 nodes 900 pv e2e4",
            "info depth 10 score mate -3 nodes 2000 pv e2e4",
            "bestmove e2e4",
        ]);
        assert_eq!(last_score(&found), Some(UciScore::Mate(-3)));
        let lost_again = lines(&[
            "info depth 9 score mate 4 nodes 900",
            "info depth 10 seldepth 14 score cp 120 upperbound nodes 2000",
            "info string done",
            "bestmove e2e4",
        ]);
        assert_eq!(last_score(&lost_again), Some(UciScore::Centipawns(120)));
        assert_eq!(last_score(&lines(&["bestmove e2e4"])), None);
    }
}
