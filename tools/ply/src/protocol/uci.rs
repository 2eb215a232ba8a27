//! `ply uci`: the Universal Chess Interface for standard chess, atomic and king of the
//! hill (chosen with the usual `UCI_Variant` option), so the engine plays in ordinary
//! chess GUIs and match tools, and shows its best few lines there (`MultiPV`).

use super::output::Output;
use super::search_thread::{Job, SearchThread};
use super::{CommandError, Flow, answer, converse, millis, move_on, number, split_at_moves};
use ply_core::Player;
use ply_modes::{AnyGame, Limits, Mode, find_mode};
use ply_play::policy::{MOVE_OVERHEAD, clock_budget};
use std::io::{self, BufRead, Write};
use std::time::Duration;

/// The variants this protocol offers: the `UCI_Variant` name, then the mode id.
const VARIANTS: [(&str, &str); 3] = [
    ("chess", "chess"),
    ("atomic", "atomic"),
    ("kingofthehill", "koth"),
];
/// The most lines `MultiPV` may ask for: each costs about one more search.
const MAX_LINES: usize = 5;
const POSITION_USAGE: &str = "position startpos|fen FEN [moves MOVE ...]";
const SETOPTION_USAGE: &str = "setoption name NAME value VALUE";

/// Speaks UCI on `input` and `output` until `quit` or the end of the input.
pub fn run<R: BufRead, W: Write + Send + 'static>(input: R, output: W) -> io::Result<()> {
    let mut session = Session::new(Output::new(output));
    converse(input, |line| session.handle(line))?;
    session.search.finish()
}

/// The variant, the position, how many lines to show, and the search.
struct Session<W: Write + Send + 'static> {
    variant: &'static Mode,
    game: Box<dyn AnyGame>,
    /// The `MultiPV` option.
    lines: usize,
    search: SearchThread<W>,
    output: Output<W>,
}

/// The mode behind a `UCI_Variant` value (any letter case).
fn variant_mode(name: &str) -> Option<&'static Mode> {
    VARIANTS
        .iter()
        .find(|(variant, _)| variant.eq_ignore_ascii_case(name))
        .and_then(|&(_, id)| find_mode(id))
}

/// What `go` asked for: the limits, and whether to wait for `stop` before answering.
fn read_go(words: &[&str], side: Player) -> Result<(Limits, bool), CommandError> {
    let mut limits = Limits::default();
    let mut infinite = false;
    let mut movetime = None;
    let mut clock = [None, None];
    let mut increment = [Duration::ZERO; 2];
    let mut moves_to_go = None;
    let mut words = words.iter();
    while let Some(&word) = words.next() {
        match word {
            "infinite" => infinite = true,
            "wtime" => clock[0] = Some(millis(word, words.next())?),
            "btime" => clock[1] = Some(millis(word, words.next())?),
            "winc" => increment[0] = millis(word, words.next())?,
            "binc" => increment[1] = millis(word, words.next())?,
            "movestogo" => moves_to_go = Some(number(word, words.next())?),
            "movetime" => movetime = Some(millis(word, words.next())?),
            "depth" => limits.depth = Some(number(word, words.next())?),
            "nodes" => limits.nodes = Some(number(word, words.next())?),
            "mate" => {
                let moves: u32 = number(word, words.next())?;
                limits.depth = Some(moves.saturating_mul(2).saturating_sub(1).max(1));
            }
            _ => {
                return Err(CommandError::UnknownWord {
                    command: "go",
                    word: word.to_string(),
                });
            }
        }
    }
    if !infinite {
        limits.use_all_time = movetime.is_some();
        let side = side.index();
        limits.time = match (movetime, clock[side]) {
            (Some(time), _) => Some(
                time.saturating_sub(MOVE_OVERHEAD)
                    .max(Duration::from_millis(1)),
            ),
            (None, Some(remaining)) => Some(clock_budget(remaining, increment[side], moves_to_go)),
            (None, None) => None,
        };
    }
    let unlimited = limits.time.is_none() && limits.depth.is_none() && limits.nodes.is_none();
    Ok((limits, infinite || unlimited))
}

/// The value of the `MultiPV` option: a number of lines from 1 to [`MAX_LINES`].
fn lines_option(value: &str) -> Result<usize, CommandError> {
    value
        .parse()
        .ok()
        .filter(|lines| (1..=MAX_LINES).contains(lines))
        .ok_or_else(|| CommandError::OutOfRange {
            name: "MultiPV",
            given: value.to_string(),
            min: 1,
            max: MAX_LINES,
        })
}

impl<W: Write + Send + 'static> Session<W> {
    fn new(output: Output<W>) -> Self {
        let variant = variant_mode(VARIANTS[0].0).unwrap_or(&ply_modes::MODES[0]);
        Session {
            variant,
            game: variant.new_game(),
            lines: 1,
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
            "uci" => self.identify()?,
            "isready" => self.output.line("readyok")?,
            "debug" => {}
            "setoption" => self.set_option(args)?,
            "ucinewgame" => {
                self.search.finish()?;
                self.game = self.variant.new_game();
            }
            "position" => {
                let next = self.position(args)?;
                move_on(&mut self.game, next);
            }
            "go" => {
                let (limits, until_stopped) = read_go(args, self.game.to_move())?;
                self.search.start(Job {
                    game: self.game.clone_box(),
                    limits,
                    lines: self.lines,
                    until_stopped,
                })?;
            }
            "stop" => self.search.finish()?,
            "eval" => self.static_evaluation()?,
            "quit" => return Ok(Flow::Quit),
            _ => return Err(CommandError::UnknownCommand(command.to_string())),
        }
        Ok(Flow::Continue)
    }

    /// Answers `eval` as Stockfish does: the position's static evaluation (no search), in
    /// pawns from White's view.
    fn static_evaluation(&self) -> io::Result<()> {
        let white = self.game.evaluate().0 * self.game.to_move().sign();
        self.output.line(&format!(
            "Final evaluation {:+.2} (white side)",
            f64::from(white) / 100.0
        ))
    }

    fn identify(&self) -> io::Result<()> {
        let variants: String = VARIANTS
            .iter()
            .map(|(name, _)| format!(" var {name}"))
            .collect();
        self.output
            .line(&format!("id name Plyground {}", env!("CARGO_PKG_VERSION")))?;
        self.output.line("id author the Plyground developers")?;
        self.output.line(&format!(
            "option name UCI_Variant type combo default {}{variants}",
            VARIANTS[0].0
        ))?;
        self.output.line(&format!(
            "option name MultiPV type spin default 1 min 1 max {MAX_LINES}"
        ))?;
        self.output.line("uciok")
    }

    fn set_option(&mut self, args: &[&str]) -> Result<(), CommandError> {
        let Some((&"name", rest)) = args.split_first() else {
            return Err(CommandError::Usage(SETOPTION_USAGE));
        };
        let value_at = rest.iter().position(|&word| word == "value");
        let (name, value) = match value_at {
            Some(index) => (rest[..index].join(" "), rest[index + 1..].join(" ")),
            None => (rest.join(" "), String::new()),
        };
        if name.eq_ignore_ascii_case("MultiPV") {
            self.lines = lines_option(&value)?;
            return Ok(());
        }
        if !name.eq_ignore_ascii_case("UCI_Variant") {
            self.output
                .line(&format!("info string ignoring unknown option '{name}'"))?;
            return Ok(());
        }
        let variant = variant_mode(&value).ok_or_else(|| CommandError::UnknownVariant {
            given: value.clone(),
            known: VARIANTS.map(|(name, _)| name).join(", "),
        })?;
        self.variant = variant;
        self.game = variant.new_game();
        Ok(())
    }

    fn position(&self, args: &[&str]) -> Result<Box<dyn AnyGame>, CommandError> {
        let (position, moves) = split_at_moves(args);
        match position.split_first() {
            Some((&"startpos", [])) => Ok(self.variant.replay(None, moves)?),
            Some((&"fen", fen)) if !fen.is_empty() => {
                Ok(self.variant.replay(Some(&fen.join(" ")), moves)?)
            }
            _ => Err(CommandError::Usage(POSITION_USAGE)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::conversation::Conversation;
    use super::*;

    fn uci() -> Conversation {
        Conversation::start(run)
    }

    #[test]
    fn go_reads_the_side_to_moves_clock() {
        let words = ["wtime", "30000", "btime", "90000", "winc", "0", "binc", "0"];
        let (white, _) = read_go(&words, Player::First).expect("valid");
        let (black, _) = read_go(&words, Player::Second).expect("valid");
        assert!(white.time < black.time, "{white:?} {black:?}");
        let (limits, until_stopped) = read_go(&["depth", "5"], Player::First).expect("valid");
        assert_eq!(
            (limits.depth, limits.time, until_stopped),
            (Some(5), None, false)
        );
        let (_, until_stopped) = read_go(&["infinite"], Player::First).expect("valid");
        assert!(until_stopped);
        let (limits, _) = read_go(&["mate", "2"], Player::First).expect("valid");
        assert_eq!(limits.depth, Some(3));
        assert!(read_go(&["depth"], Player::First).is_err());
        assert!(read_go(&["sideways"], Player::First).is_err());
    }

    #[test]
    fn handshake_then_a_search_to_depth_three() {
        let mut engine = uci();
        engine.send("uci");
        let hello = engine.read_until("uciok");
        assert!(
            hello
                .iter()
                .any(|line| line.starts_with("id name Plyground"))
        );
        assert!(hello.contains(
            &"option name UCI_Variant type combo default chess var chess var atomic var kingofthehill"
                .to_string()
        ));
        let multipv = "option name MultiPV type spin default 1 min 1 max 5";
        assert!(hello.contains(&multipv.to_string()), "{hello:?}");
        engine.send("isready");
        assert_eq!(engine.read_until("readyok"), ["readyok"]);
        engine.send("ucinewgame");
        engine.send("position startpos moves e2e4 e7e5");
        engine.send("go depth 3");
        let answer = engine.read_until("bestmove");
        let infos: Vec<_> = answer
            .iter()
            .filter(|line| line.starts_with("info depth"))
            .collect();
        assert_eq!(infos.len(), 3, "{answer:?}");
        assert!(infos[2].contains(" score cp ") && infos[2].contains(" pv "));
        let best = answer.last().expect("a bestmove line");
        let mut game = ply_modes::replay("chess", None, ["e2e4", "e7e5"]).expect("legal");
        let mv = best.strip_prefix("bestmove ").expect("a move");
        assert!(game.play_text(mv).is_ok(), "{best}");
        engine.send("quit");
        assert!(engine.close().is_empty());
    }

    #[test]
    fn the_engine_keeps_its_tables_until_a_new_game() {
        let mut engine = uci();
        let [first, second] = engine.nodes_of_the_same_search_twice(&["ucinewgame"]);
        assert_ne!(second, first, "the second search started from empty tables");
        let [fresh, _] = engine.nodes_of_the_same_search_twice(&["ucinewgame"]);
        assert_eq!(fresh, first, "a new game starts with empty tables");
    }

    #[test]
    fn refusals_say_why_and_keep_the_old_position() {
        let mut engine = uci();
        for line in [
            "flibbertigibbet",
            "position",
            "position fen not/a/fen w - - 0 1",
            "position startpos moves e2e5",
            "go depth",
            "go depth -3",
            "setoption name UCI_Variant value crazyhouse",
            "setoption",
            "setoption name MultiPV value 0",
            "setoption name multipv value 6",
            "setoption name MultiPV value all",
        ] {
            engine.send(line);
            engine.send("isready");
            let answer = engine.read_until("readyok");
            assert_eq!(answer.len(), 2, "{line}: {answer:?}");
            assert!(answer[0].starts_with("info string error "), "{answer:?}");
        }
        engine.send("setoption name Hash value 64");
        assert_eq!(
            engine.read_until("info string"),
            ["info string ignoring unknown option 'Hash'"]
        );
        engine.send("go depth 1");
        let answer = engine.read_until("bestmove");
        let best = answer.last().expect("bestmove");
        assert!(
            find_mode("chess")
                .expect("chess")
                .new_game()
                .parse_move(best.trim_start_matches("bestmove "))
                .is_ok(),
            "{best}"
        );
    }

    #[test]
    fn multipv_numbers_its_lines_at_every_depth_until_set_back_to_one() {
        let mut engine = uci();
        engine.send("setoption name MultiPV value 3");
        engine.send("position startpos moves e2e4");
        engine.send("go depth 4");
        let answer = engine.read_until("bestmove");
        let infos: Vec<&String> = answer
            .iter()
            .filter(|line| line.starts_with("info depth"))
            .collect();
        assert_eq!(infos.len(), 4 * 3, "{answer:?}");
        for (index, info) in infos.iter().enumerate() {
            let numbered = format!("info depth {} multipv {} ", index / 3 + 1, index % 3 + 1);
            assert!(
                info.starts_with(&numbered),
                "{info} should start {numbered}"
            );
        }
        let best_line = infos[9].split(" pv ").nth(1).expect("a line of play");
        let best = answer
            .last()
            .and_then(|line| line.strip_prefix("bestmove "));
        assert_eq!(best, best_line.split_whitespace().next(), "{answer:?}");
        engine.send("setoption name MultiPV value 1");
        engine.send("go depth 2");
        let answer = engine.read_until("bestmove");
        assert!(
            answer[..answer.len() - 1]
                .iter()
                .all(|line| line.starts_with("info depth") && !line.contains("multipv")),
            "{answer:?}"
        );
    }

    #[test]
    fn the_variant_option_changes_the_rules() {
        let mut engine = uci();
        engine.send("setoption name uci_variant value KingOfTheHill");
        engine.send("position fen 8/8/8/8/8/4K3/7P/k7 w - - 0 1");
        engine.send("go depth 2");
        let answer = engine.read_until("bestmove");
        assert!(
            answer.iter().any(|line| line.contains("score mate 1")),
            "{answer:?}"
        );
        let best = answer.last().expect("bestmove");
        assert!(
            ["bestmove e3d4", "bestmove e3e4"].contains(&best.as_str()),
            "{best}"
        );
    }

    #[test]
    fn the_end_of_input_stops_an_infinite_search_with_a_move() {
        let mut engine = uci();
        engine.send("go infinite");
        engine.read_until("info depth 1 ");
        let rest = engine.close();
        assert!(
            rest.last()
                .is_some_and(|line| line.starts_with("bestmove ")),
            "{rest:?}"
        );
    }

    #[test]
    fn a_finished_game_has_no_best_move() {
        let mut engine = uci();
        engine.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
        engine.send("go depth 3");
        assert_eq!(
            engine.read_until("bestmove"),
            ["info string the game is over", "bestmove (none)"]
        );
    }

    #[test]
    fn eval_gives_the_static_evaluation_from_whites_view() {
        let mut engine = uci();
        let white_value = |engine: &mut Conversation, position: &str| -> f64 {
            engine.send(&format!("position fen {position}"));
            engine.send("eval");
            let answer = engine.read_until("Final");
            let line = answer.last().expect("an evaluation");
            let pawns = line.split_whitespace().nth(2).expect("a value");
            pawns.parse().unwrap_or_else(|_| panic!("{line}"))
        };
        let white_queen_up = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let black_to_move = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1";
        assert!(white_value(&mut engine, white_queen_up) > 5.0);
        assert!(white_value(&mut engine, black_to_move) > 5.0);
        let black_queen_up = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1";
        assert!(white_value(&mut engine, black_queen_up) < -5.0);
    }
}
