//! `ply engine`: a small line protocol that plays every mode, for scripts and match
//! tools beyond chess. Commands: `mode ID`, `position TEXT|startpos [moves ...]`,
//! `go [movetime MS] [depth N] [nodes N]`, `stop`, `moves`, `why MOVE`, `perft N`,
//! `isready`, `quit`.

use super::output::Output;
use super::search_thread::{Job, SearchThread};
use super::{CommandError, Flow, answer, converse, millis, move_on, number, split_at_moves};
use ply_modes::{AnyGame, Limits, MODES, Mode, ReplayError, find_mode};
use std::io::{self, BufRead, Write};

/// The deepest `perft` the protocol runs: it cannot be stopped once started.
const MAX_PERFT_DEPTH: u32 = 8;
const MODE_USAGE: &str = "mode ID";
const POSITION_USAGE: &str = "position startpos|TEXT [moves MOVE ...]";
const GO_USAGE: &str = "go movetime MS | go depth N (nodes N may be added)";
const PERFT_USAGE: &str = "perft N, with N from 0 to 8";
const WHY_USAGE: &str = "why MOVE";

/// Speaks the line protocol on `input` and `output` until `quit` or the end of the
/// input.
pub fn run<R: BufRead, W: Write + Send + 'static>(input: R, output: W) -> io::Result<()> {
    let mut session = Session::new(Output::new(output));
    converse(input, |line| session.handle(line))?;
    session.search.finish()
}

/// The mode, the position, and the search.
struct Session<W: Write + Send + 'static> {
    mode: &'static Mode,
    game: Box<dyn AnyGame>,
    search: SearchThread<W>,
    output: Output<W>,
}

impl<W: Write + Send + 'static> Session<W> {
    fn new(output: Output<W>) -> Self {
        let mode = &MODES[0];
        Session {
            mode,
            game: mode.new_game(),
            search: SearchThread::new(output.clone()),
            output,
        }
    }

    /// Answers one command line; refusals become `info string error ...`.
    fn handle(&mut self, line: &str) -> io::Result<Flow> {
        let result = self.execute(line);
        answer(&self.output, result)
    }

    fn execute(&mut self, line: &str) -> Result<Flow, CommandError> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = words.split_first() else {
            return Ok(Flow::Continue);
        };
        match command {
            "mode" => self.choose_mode(args)?,
            "position" => {
                let next = self.position(args)?;
                move_on(&mut self.game, next);
            }
            "go" => {
                let limits = read_go(args)?;
                self.search.start(Job {
                    game: self.game.clone_box(),
                    limits,
                    lines: 1,
                    until_stopped: false,
                })?;
            }
            "stop" => self.search.finish()?,
            "moves" => self.list_moves(args)?,
            "perft" => self.perft(args)?,
            "why" => self.why(args)?,
            "isready" => self.output.line("readyok")?,
            "quit" => return Ok(Flow::Quit),
            _ => return Err(CommandError::UnknownCommand(command.to_string())),
        }
        Ok(Flow::Continue)
    }

    fn choose_mode(&mut self, args: &[&str]) -> Result<(), CommandError> {
        let [id] = args else {
            return Err(CommandError::Usage(MODE_USAGE));
        };
        let mode = find_mode(id).ok_or_else(|| ReplayError::unknown_mode(id))?;
        self.mode = mode;
        self.game = mode.new_game();
        Ok(())
    }

    fn position(&self, args: &[&str]) -> Result<Box<dyn AnyGame>, CommandError> {
        match split_at_moves(args) {
            ([], _) => Err(CommandError::Usage(POSITION_USAGE)),
            (["startpos"], moves) => Ok(self.mode.replay(None, moves)?),
            (text, moves) => Ok(self.mode.replay(Some(&text.join(" ")), moves)?),
        }
    }

    /// Answers `moves` followed by every legal move, on one line.
    fn list_moves(&self, args: &[&str]) -> Result<(), CommandError> {
        if let Some(word) = args.first() {
            return Err(CommandError::UnknownWord {
                command: "moves",
                word: word.to_string(),
            });
        }
        let mut line = String::from("moves");
        for code in self.game.legal_moves() {
            if let Some(text) = self.game.move_text(code) {
                line.push(' ');
                line.push_str(&text);
            }
        }
        Ok(self.output.line(&line)?)
    }

    /// Answers `why legal: MOVE ...` or `why KIND: SENTENCE [SQUARES]`.
    fn why(&self, args: &[&str]) -> Result<(), CommandError> {
        let [text] = args else {
            return Err(CommandError::Usage(WHY_USAGE));
        };
        let line = crate::why::explain(self.game.as_ref(), text)?;
        Ok(self.output.line(&format!("why {line}"))?)
    }

    /// Answers `perft N LEAVES`.
    fn perft(&self, args: &[&str]) -> Result<(), CommandError> {
        let [_] = args else {
            return Err(CommandError::Usage(PERFT_USAGE));
        };
        let depth: u32 = number("perft", args.first())?;
        if depth > MAX_PERFT_DEPTH {
            return Err(CommandError::Usage(PERFT_USAGE));
        }
        let leaves = self.game.perft(depth);
        Ok(self.output.line(&format!("perft {depth} {leaves}"))?)
    }
}

/// The limits of `go`: at least one of a time, a depth or a node count.
fn read_go(words: &[&str]) -> Result<Limits, CommandError> {
    let mut limits = Limits::default();
    let mut words = words.iter();
    while let Some(&word) = words.next() {
        match word {
            "movetime" => {
                limits.time = Some(millis(word, words.next())?);
                limits.use_all_time = true;
            }
            "depth" => limits.depth = Some(number(word, words.next())?),
            "nodes" => limits.nodes = Some(number(word, words.next())?),
            _ => {
                return Err(CommandError::UnknownWord {
                    command: "go",
                    word: word.to_string(),
                });
            }
        }
    }
    if limits == Limits::default() {
        return Err(CommandError::Usage(GO_USAGE));
    }
    Ok(limits)
}

#[cfg(test)]
mod tests {
    use super::super::conversation::Conversation;
    use super::*;

    fn engine() -> Conversation {
        Conversation::start(run)
    }

    #[test]
    fn every_mode_answers_a_shallow_search_with_a_legal_move() {
        let mut engine = engine();
        for mode in MODES {
            engine.send(&format!("mode {}", mode.id));
            engine.send("position startpos");
            engine.send("moves");
            let moves = engine.read_until("moves");
            let legal: Vec<&str> = moves[0].split_whitespace().skip(1).collect();
            assert!(!legal.is_empty(), "{}", mode.id);
            engine.send("go depth 2");
            let answer = engine.read_until("bestmove");
            assert!(answer[0].starts_with("info depth 1 "), "{answer:?}");
            let best = answer
                .last()
                .and_then(|line| line.strip_prefix("bestmove "));
            assert!(
                best.is_some_and(|best| legal.contains(&best)),
                "{}: {answer:?}",
                mode.id
            );
        }
    }

    #[test]
    fn positions_with_moves_and_perft() {
        let mut engine = engine();
        engine.send("mode chess");
        engine.send("position 8/8/8/8/8/8/4K2P/k7 w - - 0 1 moves e2e3 a1b2");
        engine.send("moves");
        let moves = engine.read_until("moves");
        assert_eq!(moves[0].split_whitespace().count(), 1 + 10, "{moves:?}");
        engine.send("position startpos");
        engine.send("perft 3");
        assert_eq!(engine.read_until("perft"), ["perft 3 8902"]);
        engine.send("go movetime 50");
        let answer = engine.read_until("bestmove");
        assert!(answer.len() >= 2, "{answer:?}");
    }

    #[test]
    fn malformed_commands_are_refused_and_the_engine_keeps_going() {
        let mut engine = engine();
        for line in [
            "dance",
            "mode",
            "mode chess atomic",
            "mode backgammon",
            "position",
            "position moves e2e4",
            "position startpos moves e2e5",
            "go",
            "go depth many",
            "go fast",
            "moves please",
            "perft",
            "perft 99",
            "perft -1",
            "\u{fffd}\u{0}",
        ] {
            engine.send(line);
            engine.send("isready");
            let answer = engine.read_until("readyok");
            assert_eq!(answer.len(), 2, "{line}: {answer:?}");
            assert!(answer[0].starts_with("info string error "), "{answer:?}");
        }
        engine.send("perft 1");
        assert_eq!(engine.read_until("perft"), ["perft 1 20"]);
    }

    #[test]
    fn why_explains_a_move_in_the_current_position() {
        let mut engine = engine();
        engine.send("mode checkers");
        engine.send("position B:W18:B1,14");
        engine.send("why 1-5");
        let answer = engine.read_until("why");
        assert!(
            answer[0].starts_with("why jump-compulsory: A jump is compulsory"),
            "{answer:?}"
        );
        engine.send("why 14x23");
        assert_eq!(engine.read_until("why"), ["why legal: 14x23"]);
        engine.send("why 1x");
        engine.send("isready");
        let answer = engine.read_until("readyok");
        assert!(answer[0].starts_with("info string error "), "{answer:?}");
    }

    #[test]
    fn the_engine_keeps_its_tables_from_one_position_to_the_next() {
        let [first, second] = engine().nodes_of_the_same_search_twice(&["mode chess"]);
        assert_ne!(second, first, "the second search started from empty tables");
    }

    #[test]
    fn stop_ends_a_long_search_with_a_move() {
        let mut engine = engine();
        engine.send("go movetime 600000");
        engine.read_until("info depth 1 ");
        engine.send("stop");
        let answer = engine.read_until("bestmove");
        assert!(
            answer
                .last()
                .is_some_and(|line| line.len() > "bestmove ".len())
        );
        engine.send("quit");
        assert!(engine.close().is_empty());
    }
}
