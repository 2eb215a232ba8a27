//! `ply match`: two search settings play each other over many games with alternating
//! colours from seeded random openings, and the score (with the Elo difference and its
//! error margin) shows which plays better. Every change to the search or an evaluation
//! is judged this way; another `ply` build or a UCI engine can take either side.

use crate::elo::Tally;
use crate::game_args::mode_named;
use crate::uci_opponent::{UciBudget, UciOpponent};
use clap::Args;
use ply_ai::search::Techniques;
use ply_core::MoveCode;
use ply_core::{Player, zobrist::splitmix64};
use ply_modes::{AnyGame, Ladder, Level, Limits, Request};
use ply_play::policy::move_seed;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Arguments of `ply match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// Mode identifier.
    #[arg(long, default_value = "chess")]
    mode: String,
    /// Number of games (rounded up to an even number: each opening is played twice).
    #[arg(long, default_value_t = 20)]
    games: u32,
    /// Settings of player A: comma-separated `millis=N`, `depth=N`, `nodes=N`,
    /// `threads=N`, `level=1..8|full` (play as the game's computer at that level of
    /// the ladder, its choices included, with `millis` as its budget), `lines=N` and
    /// `temperature=T` beside `depth` or `nodes` (play as a rung of a ladder being
    /// measured: the best N lines to that limit, one drawn at that temperature),
    /// `spend=all|plan` (think the whole time, or stop early once the best move is
    /// settled, as in a game: the default is `all` with explicit limits and `plan` at
    /// a level), `without=TECHNIQUE[+TECHNIQUE...]` (table, killers, history,
    /// reductions, quiescence, check-extension, aspiration, null-move, pruning,
    /// exchange, counter-moves, correction, singular).
    #[arg(long, default_value = "")]
    a: String,
    /// Settings of player B, as for A.
    #[arg(long, default_value = "")]
    b: String,
    /// Let another build play A: the path of a `ply` binary, run as `PATH engine`; of
    /// A's settings it takes only `millis`.
    #[arg(long)]
    a_engine: Option<std::path::PathBuf>,
    /// Let another build play B, as for A.
    #[arg(long)]
    b_engine: Option<std::path::PathBuf>,
    /// Let a UCI engine play A (chess, atomic, koth): its command, such as
    /// `stockfish` or `fairy-stockfish`; it thinks `--millis` per move.
    #[arg(long)]
    a_uci: Option<String>,
    /// Let a UCI engine play B, as for A.
    #[arg(long)]
    b_uci: Option<String>,
    /// A UCI option for A's engine, `NAME=VALUE` (repeatable), such as
    /// `UCI_LimitStrength=true` and `UCI_Elo=2200`.
    #[arg(long = "a-option")]
    a_options: Vec<String>,
    /// A UCI option for B's engine, as for A.
    #[arg(long = "b-option")]
    b_options: Vec<String>,
    /// Thinking time per move unless a side's settings say otherwise.
    #[arg(long, default_value_t = 100)]
    millis: u64,
    /// Random plies played before each pair of games, for varied openings.
    #[arg(long, default_value_t = 4)]
    opening_plies: u32,
    /// Games still running after this many plies are scored as draws.
    #[arg(long, default_value_t = 400)]
    max_plies: usize,
    /// Print every game's moves and how it ended.
    #[arg(long)]
    show_games: bool,
    /// Seed for the openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Reads `TECHNIQUE[+TECHNIQUE...]` into the set of techniques to leave out.
pub fn techniques_left_out(text: &str) -> Result<Techniques, String> {
    let mut without = Techniques::default();
    for name in text.split('+').filter(|name| !name.is_empty()) {
        if !without.leave_out(name) {
            return Err(format!(
                "unknown technique '{name}' (known: {})",
                Techniques::NAMES.join(", ")
            ));
        }
    }
    Ok(without)
}

/// How this build plays a side: within explicit limits, or as the game's computer at
/// a strength level (with that level's deliberate mistakes).
pub(crate) struct Settings {
    limits: Limits,
    level: Option<Level>,
    /// A rung of a ladder being measured (`lines=N`, `temperature=T`, with `depth` or
    /// `nodes`): it plays as a level would, with these settings.
    rung: Option<Ladder>,
    /// Whether a level thinks its whole budget (`spend=all` given), where the game's
    /// computer would stop once its best move is settled.
    level_spends_all: bool,
}

/// Another build or a UCI engine is only told how long to think: refuses any other
/// setting for it, rather than ignoring it.
fn only_time_for_engines(text: &str) -> Result<(), String> {
    let ignored: Vec<&str> = text
        .split(',')
        .filter_map(|item| item.split('=').next())
        .map(str::trim)
        .filter(|key| !key.is_empty() && *key != "millis")
        .collect();
    if ignored.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "another build or a UCI engine takes only millis=N from a side's settings, not {}",
            ignored.join(", ")
        ))
    }
}

/// Reads a side's settings.
fn parse_settings(text: &str, millis: u64) -> Result<Settings, String> {
    let mut level = None;
    let (mut lines, mut temperature, mut spend_all) = (None, None, None);
    let mut limits = Limits {
        time: Some(Duration::from_millis(millis)),
        ..Limits::default()
    };
    for item in text
        .split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
    {
        let (key, value) = item
            .split_once('=')
            .ok_or_else(|| format!("setting '{item}' needs the form key=value"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("setting '{key}' needs a whole number, not '{value}'"))
        };
        match key {
            "millis" => limits.time = Some(Duration::from_millis(number()?)),
            "depth" => limits.depth = Some(number()? as u32),
            "nodes" => limits.nodes = Some(number()?),
            "without" => limits.without = techniques_left_out(value)?,
            "threads" => limits.threads = number()? as usize,
            "lines" => lines = Some((number()? as usize).max(1)),
            "temperature" => {
                temperature = Some(value.parse::<f64>().ok().filter(|t| *t >= 0.0).ok_or_else(
                    || format!("setting 'temperature' needs a number of 0 or more, not '{value}'"),
                )?)
            }
            "level" => {
                level = Some(Level::parse(value).map_err(|unknown| unknown.to_string())?);
            }
            "spend" => {
                spend_all = Some(match value {
                    "all" => true,
                    "plan" => false,
                    _ => return Err(format!("setting 'spend' is 'all' or 'plan', not '{value}'")),
                })
            }
            _ => {
                return Err(format!(
                    "unknown setting '{key}' (use millis, depth, nodes, without, threads, spend, level, lines, temperature)"
                ));
            }
        }
    }
    let rung = match (lines, temperature) {
        (None, None) => None,
        _ if level.is_some() => {
            return Err(
                "a side plays either a level or a rung of its own (lines, temperature), not both"
                    .into(),
            );
        }
        _ if limits.depth.is_some() == limits.nodes.is_some() => {
            return Err("a rung (lines, temperature) stops at a depth or a number of positions: give one of them".into());
        }
        _ => Some(Ladder {
            depth: limits.depth,
            nodes: limits.nodes,
            lines: lines.unwrap_or(1),
            temperature: temperature.unwrap_or(0.0),
        }),
    };
    // Explicit limits think the whole time unless told otherwise; a level plays as
    // the game's computer does unless told to think the whole time.
    limits.use_all_time = spend_all.unwrap_or(true);
    Ok(Settings {
        limits,
        level,
        rung,
        level_spends_all: spend_all == Some(true),
    })
}

/// One side of the match: this build with some settings, or another build's engine.
pub enum Contender {
    /// This build. It keeps its own copy of the game, so its search table is its own
    /// and not shared with the other side.
    Settings {
        settings: Settings,
        own: Option<Box<dyn AnyGame>>,
    },
    Engine(Engine),
    Uci(UciOpponent),
}

/// How one side of the match is played, as the command line said.
pub struct Side<'a> {
    /// This build's settings (`millis=N,level=L,...`), as `--a` takes them.
    pub settings: &'a str,
    /// Another `ply` build to play this side.
    pub engine: Option<&'a std::path::Path>,
    /// A UCI engine's command to play this side.
    pub uci: Option<&'a str>,
    /// The UCI engine's options, `NAME=VALUE`.
    pub options: &'a [String],
}

/// How many games a match plays, from which openings, and what it prints.
pub struct Plan {
    /// Number of games (rounded up to an even number).
    pub games: u32,
    /// Seed of the first opening.
    pub seed: u64,
    /// Random plies played before each pair of games.
    pub opening_plies: u32,
    /// Games still running after this many plies are draws.
    pub max_plies: usize,
    /// Print every game's moves.
    pub show_games: bool,
}

impl Contender {
    /// The contender `side` describes, thinking `millis` a move unless its settings
    /// say otherwise.
    pub fn new(side: &Side, millis: u64, mode: &str) -> Result<Self, String> {
        let settings = parse_settings(side.settings, millis)?;
        if side.engine.is_some() || side.uci.is_some() {
            only_time_for_engines(side.settings)?;
        }
        let millis = settings
            .limits
            .time
            .map_or(millis, |time| time.as_millis() as u64);
        match (side.engine, side.uci) {
            (Some(_), Some(_)) => Err("a side plays either another build or a UCI engine".into()),
            (Some(path), None) => Ok(Contender::Engine(Engine::start(path, mode, millis)?)),
            (None, Some(command)) => Ok(Contender::Uci(UciOpponent::start(
                command,
                side.options,
                mode,
                UciBudget::Millis(millis),
            )?)),
            (None, None) if !side.options.is_empty() => {
                Err("UCI options need a UCI engine (--a-uci or --b-uci)".into())
            }
            (None, None) => Ok(Contender::Settings {
                settings,
                own: None,
            }),
        }
    }

    /// The move this contender plays in `game`.
    fn choose(&mut self, game: &dyn AnyGame) -> Result<MoveCode, String> {
        match self {
            Contender::Settings { settings, own } => {
                let copy = follow(own, game)?;
                let stop = AtomicBool::new(false);
                // A candidate rung, or the level's rung on this mode's ladder (none for
                // full strength); no rung at all: explicit limits.
                let rung = match (settings.rung, settings.level) {
                    (Some(rung), _) => Some(Some(rung)),
                    (None, Some(level)) => Some(level.rung(&copy.rungs())),
                    (None, None) => None,
                };
                let thought = match rung {
                    Some(rung) => {
                        // Mistakes differ from game to game and move to move, yet a
                        // match replays exactly.
                        let request = Request {
                            level: settings.level.unwrap_or(Level::WEAKEST),
                            budget: settings.limits.time.unwrap_or(Duration::from_secs(1)),
                            seed: move_seed(0, game),
                            whole_budget: settings.level_spends_all,
                        };
                        copy.think_at(rung.as_ref(), &request, &stop, &mut |_| {})
                    }
                    None => copy.analyse(&settings.limits, &stop, &mut |_| {}),
                };
                thought
                    .best
                    .ok_or_else(|| "the search found no move".to_string())
            }
            Contender::Engine(engine) => engine.choose(game),
            Contender::Uci(engine) => engine.choose(game),
        }
    }
}

/// Brings a contender's own copy up to date with `game`: it plays the moves it has not
/// seen yet, or starts a new copy when `game` is a different game.
fn follow<'a>(
    own: &'a mut Option<Box<dyn AnyGame>>,
    game: &dyn AnyGame,
) -> Result<&'a dyn AnyGame, String> {
    let moves = game.moves();
    let continues = own.as_ref().is_some_and(|copy| {
        copy.start_text() == game.start_text() && moves.starts_with(&copy.moves())
    });
    if !continues {
        let mode = mode_named(game.mode_id())?;
        *own = Some(
            mode.from_position(&game.start_text())
                .map_err(|e| e.to_string())?,
        );
    }
    let copy = own.as_mut().ok_or("no copy of the game")?;
    for &code in &moves[copy.moves().len()..] {
        copy.play(code).map_err(|e| e.to_string())?;
    }
    Ok(&**copy)
}

/// Another `ply` build, driven through `ply engine`'s line protocol.
pub(crate) struct Engine {
    process: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    millis: u64,
}

impl Engine {
    fn start(path: &std::path::Path, mode: &str, millis: u64) -> Result<Engine, String> {
        let failed = |e: std::io::Error| format!("cannot run {} engine: {e}", path.display());
        let mut process = Command::new(path)
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(failed)?;
        let (Some(input), Some(output)) = (process.stdin.take(), process.stdout.take()) else {
            return Err(format!("{} engine has no pipes", path.display()));
        };
        let mut engine = Engine {
            process,
            input,
            output: BufReader::new(output),
            millis,
        };
        engine.send(&format!("mode {mode}"))?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("the engine stopped listening: {e}"))
    }

    fn choose(&mut self, game: &dyn AnyGame) -> Result<MoveCode, String> {
        let moves = game.move_texts();
        let start = game.start_text();
        let start_is_usual =
            mode_named(game.mode_id()).is_ok_and(|mode| mode.new_game().position_text() == start);
        let mut position = if start_is_usual || start.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position {start}")
        };
        if !moves.is_empty() {
            position = format!("{position} moves {}", moves.join(" "));
        }
        self.send(&position)?;
        self.send(&format!("go movetime {}", self.millis))?;
        let mut line = String::new();
        loop {
            line.clear();
            let read = self
                .output
                .read_line(&mut line)
                .map_err(|e| format!("the engine's answer was unreadable: {e}"))?;
            if read == 0 {
                return Err("the engine quit during the game".into());
            }
            if let Some(text) = line.trim().strip_prefix("bestmove ") {
                return game
                    .parse_move(text.trim())
                    .map_err(|e| format!("the engine played {text}: {e}"));
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        // The engine may already have exited; there is nothing more to do then.
        let _ = self.send("quit");
        let _ = self.process.wait();
    }
}

/// Plays one game; returns the winner, if any.
fn play_game(
    mut game: Box<dyn AnyGame>,
    first: &mut Contender,
    second: &mut Contender,
    max_plies: usize,
    show: bool,
) -> Result<Option<Player>, String> {
    let mut plies = 0;
    while plies < max_plies && game.outcome().is_none() {
        plies += 1;
        let side = if game.to_move() == Player::First {
            &mut *first
        } else {
            &mut *second
        };
        let best = side.choose(&*game)?;
        game.play(best).map_err(|e| e.to_string())?;
    }
    let outcome = game.outcome();
    if show {
        let ending = outcome.map_or("unfinished: a draw".to_string(), |outcome| {
            format!("{outcome:?}")
        });
        say!("game: {} ({ending})", game.move_texts().join(" "));
    }
    Ok(outcome.and_then(|outcome| outcome.winner()))
}

/// A game after `plies` seeded random moves that did not end it.
fn opening(mode: &ply_modes::Mode, plies: u32, seed: u64) -> Box<dyn AnyGame> {
    let mut game = mode.new_game();
    for ply in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let pick = moves
            [(splitmix64(seed.wrapping_mul(1000) + u64::from(ply)) % moves.len() as u64) as usize];
        let mut next = game.clone_box();
        if next.play(pick).is_ok() && next.outcome().is_none() {
            game = next;
        }
    }
    game
}

/// Plays the match and prints the running and final score from A's point of view.
pub fn run(args: &MatchArgs) -> Result<(), String> {
    let mode = mode_named(&args.mode)?;
    let side_a = Side {
        settings: &args.a,
        engine: args.a_engine.as_deref(),
        uci: args.a_uci.as_deref(),
        options: &args.a_options,
    };
    let side_b = Side {
        settings: &args.b,
        engine: args.b_engine.as_deref(),
        uci: args.b_uci.as_deref(),
        options: &args.b_options,
    };
    let mut a = Contender::new(&side_a, args.millis, mode.id)?;
    let mut b = Contender::new(&side_b, args.millis, mode.id)?;
    let plan = Plan {
        games: args.games,
        seed: args.seed,
        opening_plies: args.opening_plies,
        max_plies: args.max_plies,
        show_games: args.show_games,
    };
    let tally = play_match(mode, &mut a, &mut b, &plan)?;
    say!("result: {}", tally.summary());
    Ok(())
}

/// Plays `plan`'s games between `a` and `b`, each opening twice with the colours
/// swapped, printing the running score; returns it from A's point of view.
pub fn play_match(
    mode: &ply_modes::Mode,
    a: &mut Contender,
    b: &mut Contender,
    plan: &Plan,
) -> Result<Tally, String> {
    let mut tally = Tally::default();
    for pair in 0..plan.games.div_ceil(2) {
        let start = opening(mode, plan.opening_plies, plan.seed + u64::from(pair));
        for a_plays in [Player::First, Player::Second] {
            let (first, second) = if a_plays == Player::First {
                (&mut *a, &mut *b)
            } else {
                (&mut *b, &mut *a)
            };
            match play_game(
                start.clone_box(),
                first,
                second,
                plan.max_plies,
                plan.show_games,
            )? {
                Some(winner) if winner == a_plays => tally.wins += 1,
                Some(_) => tally.losses += 1,
                None => tally.draws += 1,
            }
        }
        say!("after {} games: {}", 2 * (pair + 1), tally.summary());
    }
    Ok(tally)
}
