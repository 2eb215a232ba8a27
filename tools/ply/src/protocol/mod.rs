//! The engine protocols `ply uci` and `ply engine`: line-based conversations over any
//! reader and writer, so tests drive them in-process and the binary over stdin/stdout.
//! This module holds what both share: reading commands, errors, setting up positions,
//! and the `info` line.

pub mod engine;
mod output;
mod search_thread;
pub mod uci;

use ply_core::Score;
use ply_modes::{AnyGame, ReplayError, Thought};
use std::io::{self, BufRead};
use std::str::FromStr;
use std::time::Duration;
use thiserror::Error;

/// The longest time a command may ask for (a year); longer requests are cut to this so
/// that deadlines stay representable.
const MAX_MILLIS: u64 = 365 * 24 * 60 * 60 * 1000;

/// Why a command line was refused. The engine answers `info string error ...` with
/// this message and keeps running.
#[derive(Debug, Error)]
pub enum CommandError {
    /// The first word is not a command of this protocol.
    #[error("unknown command '{0}'")]
    UnknownCommand(String),
    /// A word the command does not take.
    #[error("'{command}' does not take '{word}'")]
    UnknownWord {
        /// The command being read.
        command: &'static str,
        /// The word it does not know.
        word: String,
    },
    /// A keyword came without the value it needs.
    #[error("'{0}' needs a value after it")]
    MissingValue(String),
    /// A keyword's value is not a number of the right kind.
    #[error("'{keyword}' needs a whole number, not '{given}'")]
    BadNumber {
        /// The keyword.
        keyword: String,
        /// What followed it.
        given: String,
    },
    /// An option's value lies outside the range the engine announced for it.
    #[error("'{name}' takes a whole number from {min} to {max}, not '{given}'")]
    OutOfRange {
        /// The option.
        name: &'static str,
        /// The value given.
        given: String,
        /// The least value allowed.
        min: usize,
        /// The greatest value allowed.
        max: usize,
    },
    /// The command is missing its arguments or has them in the wrong shape.
    #[error("usage: {0}")]
    Usage(&'static str),
    /// No such UCI variant.
    #[error("unknown variant '{given}' (known variants: {known})")]
    UnknownVariant {
        /// The name given.
        given: String,
        /// Every variant there is.
        known: String,
    },
    /// No such mode, a position text the mode refuses, or a move after it that cannot
    /// be played (the error says which, by number and text).
    #[error(transparent)]
    Replay(#[from] ReplayError),
    /// Move text that is not written in the mode's notation.
    #[error(transparent)]
    Move(#[from] ply_core::MoveError),
    /// The answer could not be written (the other side has gone).
    #[error("cannot write the answer: {0}")]
    Output(#[from] io::Error),
}

/// Whether the conversation goes on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

/// Turns the result of one command into the protocol's answer: a refused command
/// becomes an `info string error ...` line and the session carries on; only a failure to
/// write ends it.
fn answer<W: std::io::Write>(
    output: &output::Output<W>,
    result: Result<Flow, CommandError>,
) -> io::Result<Flow> {
    match result {
        Ok(flow) => Ok(flow),
        Err(CommandError::Output(error)) => Err(error),
        Err(error) => {
            output.line(&format!("info string error {error}"))?;
            Ok(Flow::Continue)
        }
    }
}

/// Feeds each line of `input` (trimmed; blank lines skipped) to `handle` until it
/// asks to quit or the input ends. Bytes that are not UTF-8 are replaced, never fatal.
fn converse<R: BufRead>(
    mut input: R,
    mut handle: impl FnMut(&str) -> io::Result<Flow>,
) -> io::Result<()> {
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            return Ok(());
        }
        let line = String::from_utf8_lossy(&bytes);
        let line = line.trim();
        if !line.is_empty() && handle(line)? == Flow::Quit {
            return Ok(());
        }
    }
}

/// Moves on to `next`, the game a `position` command set up, keeping what the search
/// learned in `current` (its table and histories) when the mode is the same: as an
/// engine keeps its tables from one position it is sent to the next.
fn move_on(current: &mut Box<dyn AnyGame>, mut next: Box<dyn AnyGame>) {
    current.share_searcher_with(next.as_mut());
    *current = next;
}

/// Reads the value after `keyword` as a number of type `T`.
fn number<T: FromStr>(keyword: &str, value: Option<&&str>) -> Result<T, CommandError> {
    let value = value.ok_or_else(|| CommandError::MissingValue(keyword.to_string()))?;
    value.parse().map_err(|_| CommandError::BadNumber {
        keyword: keyword.to_string(),
        given: value.to_string(),
    })
}

/// Reads the value after `keyword` as milliseconds; negative values (some GUIs send
/// them for a flag that has fallen) count as zero.
fn millis(keyword: &str, value: Option<&&str>) -> Result<Duration, CommandError> {
    let signed: i64 = number(keyword, value)?;
    Ok(Duration::from_millis(
        u64::try_from(signed).unwrap_or(0).min(MAX_MILLIS),
    ))
}

/// Splits the words after `position` at the word `moves`: what comes before it (the
/// position), and the moves after it.
fn split_at_moves<'a, 'b>(words: &'b [&'a str]) -> (&'b [&'a str], &'b [&'a str]) {
    match words.iter().position(|&word| word == "moves") {
        Some(index) => (&words[..index], &words[index + 1..]),
        None => (words, &[]),
    }
}

/// The `score` field: `cp X` for an ordinary value, `mate N` for a proven result, N
/// counting the side to move's own moves to the end, negative when it loses.
fn score_text(score: Score) -> String {
    match score.plies_to_end() {
        Some(plies) => {
            let moves = plies.div_ceil(2);
            if score > Score::ZERO {
                format!("mate {moves}")
            } else {
                format!("mate -{moves}")
            }
        }
        None => format!("cp {}", score.0),
    }
}

/// The `info` lines for one completed iteration of the search, one for each of its
/// `lines`; when `numbered` (several lines were asked for), each says which it is,
/// from `multipv 1`, the best.
fn info_lines(lines: &[Thought], numbered: bool) -> Vec<String> {
    lines
        .iter()
        .enumerate()
        .map(|(index, thought)| info_line(thought, numbered.then_some(index + 1)))
        .collect()
}

/// The `info` line for one line of play, with its `multipv` number if it has one.
fn info_line(thought: &Thought, multipv: Option<usize>) -> String {
    let micros = thought.elapsed.as_micros().max(1);
    let nps = u128::from(thought.nodes) * 1_000_000 / micros;
    let number = multipv.map_or_else(String::new, |number| format!(" multipv {number}"));
    let mut line = format!(
        "info depth {}{number} score {} nodes {} time {} nps {nps}",
        thought.depth,
        score_text(thought.score),
        thought.nodes,
        thought.elapsed.as_millis(),
    );
    if !thought.line.is_empty() {
        line.push_str(" pv ");
        line.push_str(&thought.line.join(" "));
    }
    line
}

/// An in-process conversation with a protocol over pipes, for the protocols' tests.
#[cfg(test)]
mod conversation {
    use std::io::{self, BufRead, BufReader, PipeReader, PipeWriter, Write};
    use std::thread::{self, JoinHandle};

    /// A protocol running on its own thread, talked to through pipes.
    pub struct Conversation {
        to_engine: Option<PipeWriter>,
        from_engine: BufReader<PipeReader>,
        engine: JoinHandle<io::Result<()>>,
    }

    impl Conversation {
        /// Starts `protocol` on a thread.
        pub fn start(protocol: fn(BufReader<PipeReader>, PipeWriter) -> io::Result<()>) -> Self {
            let (engine_input, to_engine) = io::pipe().expect("a pipe");
            let (from_engine, engine_output) = io::pipe().expect("a pipe");
            let engine =
                thread::spawn(move || protocol(BufReader::new(engine_input), engine_output));
            Conversation {
                to_engine: Some(to_engine),
                from_engine: BufReader::new(from_engine),
                engine,
            }
        }

        /// Sends one command line.
        pub fn send(&mut self, line: &str) {
            let pipe = self.to_engine.as_mut().expect("the input is open");
            writeln!(pipe, "{line}").expect("the engine reads its input");
        }

        /// Reads answer lines up to and including the first that starts with `prefix`.
        pub fn read_until(&mut self, prefix: &str) -> Vec<String> {
            let mut lines = Vec::new();
            loop {
                let mut line = String::new();
                let read = self.from_engine.read_line(&mut line).expect("readable");
                assert!(read > 0, "the engine ended before '{prefix}': {lines:?}");
                let line = line.trim_end().to_string();
                let done = line.starts_with(prefix);
                lines.push(line);
                if done {
                    return lines;
                }
            }
        }

        /// Sends `setup` (the lines that choose the mode or variant, if any), then the
        /// same `position` and `go depth` twice, and returns the nodes each search
        /// reports at its last depth. A single-threaded search to a fixed depth is
        /// deterministic, so the two counts differ only through the tables the first
        /// search left behind; not always downwards, since kept histories also order
        /// and prune the second search differently.
        pub fn nodes_of_the_same_search_twice(&mut self, setup: &[&str]) -> [u64; 2] {
            for line in setup {
                self.send(line);
            }
            [(); 2].map(|()| {
                self.send("position startpos moves e2e4 e7e5");
                self.send("go depth 9");
                let answer = self.read_until("bestmove");
                let deepest = answer
                    .iter()
                    .rfind(|line| line.starts_with("info depth"))
                    .expect("an info line");
                let mut words = deepest.split_whitespace();
                words.find(|&word| word == "nodes");
                words
                    .next()
                    .and_then(|n| n.parse().ok())
                    .expect("a node count")
            })
        }

        /// Closes the engine's input and returns everything it said before ending.
        pub fn close(self) -> Vec<String> {
            let Conversation {
                to_engine,
                from_engine,
                engine,
            } = self;
            drop(to_engine);
            let rest = from_engine
                .lines()
                .map(|line| line.expect("readable"))
                .collect();
            engine
                .join()
                .expect("the engine thread does not panic")
                .expect("the engine ends cleanly");
            rest
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_convert_plies_to_moves() {
        assert_eq!(score_text(Score(35)), "cp 35");
        assert_eq!(score_text(Score(-120)), "cp -120");
        assert_eq!(score_text(Score::win_in(1)), "mate 1");
        assert_eq!(score_text(Score::win_in(3)), "mate 2");
        assert_eq!(score_text(Score::loss_in(2)), "mate -1");
        assert_eq!(score_text(Score::loss_in(4)), "mate -2");
    }

    #[test]
    fn numbers_and_times_are_read_with_clear_errors() {
        assert_eq!(number::<u32>("depth", Some(&"7")).ok(), Some(7));
        let missing = number::<u32>("depth", None).map_err(|e| e.to_string());
        assert_eq!(missing, Err("'depth' needs a value after it".to_string()));
        let bad = number::<u32>("depth", Some(&"deep")).map_err(|e| e.to_string());
        assert_eq!(
            bad,
            Err("'depth' needs a whole number, not 'deep'".to_string())
        );
        assert_eq!(millis("wtime", Some(&"-30")).ok(), Some(Duration::ZERO));
        assert_eq!(
            millis("wtime", Some(&"99999999999999999")).ok(),
            Some(Duration::from_millis(MAX_MILLIS))
        );
    }

    #[test]
    fn position_words_split_at_moves() {
        let words = ["8/8/8/8/8/8/8/8", "w", "-", "-", "moves", "e2e4", "e7e5"];
        let (position, moves) = split_at_moves(&words);
        assert_eq!(position.len(), 4);
        assert_eq!(moves, ["e2e4", "e7e5"]);
        let (position, moves) = split_at_moves(&["startpos"]);
        assert_eq!((position, moves.len()), (&["startpos"][..], 0));
    }
}
