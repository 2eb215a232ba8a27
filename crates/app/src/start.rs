//! The screen the window opens on: the main menu, or (for screenshots, tours and
//! measurements) any screen, a game set up from a position and moves, a lobby with an
//! example router answer, a form already sent.

use clap::Args;
use ply_core::TimeControl;
use ply_modes::{Level, MODES, ReplayError, find_mode, mode_ids};
use ply_net::portmap::Reach;
use ply_play::{Seat, Table};
use plyground::screens::analysis::AnalysisScreen;
use plyground::screens::editor::EditorScreen;
use plyground::screens::game::GameScreen;
use plyground::screens::history::{Filters, HistoryScreen, StatsScreen};
use plyground::screens::load::LoadScreen;
use plyground::screens::local::LocalSetup;
use plyground::screens::menu::MainMenu;
use plyground::screens::online::{HostScreen, JoinScreen};
use plyground::screens::settings::SettingsScreen;
use plyground::screens::sound::SoundScreen;
use plyground::screens::{Context, Screen};
use std::net::SocketAddr;
use std::path::PathBuf;

/// What to show first.
#[derive(Args, Debug)]
pub struct StartOptions {
    /// The screen to show first: menu, local, editor (set up a position), settings,
    /// sound, game, load, history, stats, charts (the statistics' charts), analysis, host,
    /// join or lobby (a lobby hosted on this computer).
    #[arg(long, default_value = "menu")]
    pub screen: String,
    /// The game mode for `--screen game`, `local` or `editor` (see `ply modes`).
    #[arg(long, value_name = "ID")]
    mode: Option<String>,
    /// The starting position for `--screen game` (and the position `--screen editor`
    /// holds), in the mode's position text.
    #[arg(long, value_name = "TEXT")]
    position: Option<String>,
    /// Moves to play (in the mode's move text, separated by spaces) before `--screen game`
    /// is shown.
    #[arg(long, value_name = "MOVES")]
    moves: Option<String>,
    /// For `--screen game`: two people at this computer instead of a person against
    /// the computer.
    #[arg(long)]
    two_people: bool,
    /// For `--screen game`: the computer's level (1 to 8, or full).
    #[arg(long, value_name = "LEVEL", default_value = "5", value_parser = Level::parse)]
    computer: Level,
    /// For `--screen game`: play under this time control, minutes+seconds ("5+3").
    #[arg(long, value_name = "M+S", value_parser = parse_clock)]
    clock: Option<TimeControl>,
    /// For `--screen analysis`: review the game first, each position searched to this
    /// depth.
    #[arg(long, value_name = "PLIES")]
    review_depth: Option<u32>,
    /// For `--screen game`: look back at the position after this many moves; for
    /// `--screen analysis`: show the position after this many moves.
    #[arg(long, value_name = "PLIES")]
    look_back: Option<usize>,
    /// For `--screen game` of a finished game: fold the game-over banner into a strip.
    #[arg(long)]
    collapsed: bool,
    /// For `--screen game`: try this move (in the mode's move text) as a person would,
    /// showing why it is not legal.
    #[arg(long = "try", value_name = "MOVE", allow_hyphen_values = true)]
    try_move: Option<String>,
    /// For `--screen game`: ask the computer for a hint for the person to move and show
    /// its arrow (waits for the computer's answer).
    #[arg(long)]
    hint: bool,
    /// For `--screen game`: show the last of `--moves` in motion, this many seconds in
    /// (a screenshot of its animation).
    #[arg(long, value_name = "SECONDS")]
    pub mid_move: Option<f32>,
    /// For `--screen lobby`: show this answer from the router instead of asking it,
    /// with example addresses: opened, refused, private (its outside address is itself
    /// private) or off. Screenshots never ask the router; without this they show off.
    #[arg(long, value_name = "CASE")]
    router: Option<String>,
    /// For `--screen lobby`: the host says this line in the lobby's chat (repeatable).
    #[arg(long, value_name = "TEXT")]
    chat: Vec<String>,
    /// Use a history of made-up example games, in a new folder of its own, instead of
    /// the player's (for pictures of `--screen history`, `stats` and `charts`).
    #[arg(long)]
    example_history: bool,
    /// For `--screen join`: type this address (and a password) and press Join, to show
    /// the form after what came of it.
    #[arg(long, value_name = "ADDRESS")]
    join_address: Option<String>,
}

/// Why the options could not be followed.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// No mode has that id.
    #[error("unknown game mode \"{0}\"; the modes are: {1}")]
    UnknownMode(String, String),
    /// The position or moves do not make a game.
    #[error("that game cannot be set up: {0}")]
    BadGame(#[from] ReplayError),
    /// The move to try is not even a move of the mode.
    #[error("that move cannot be tried: {0}")]
    BadTry(#[from] ply_core::MoveError),
    /// The lobby could not open.
    #[error("could not open a lobby: {0}")]
    NoLobby(#[from] plyground::screens::online::OnlineError),
    /// No screen has that name.
    #[error(
        "unknown screen \"{0}\"; choose menu, local, editor, settings, sound, game, analysis, load, history, stats, charts, host, join or lobby"
    )]
    UnknownScreen(String),
    /// The review asked for could not be made.
    #[error("the review failed: {0}")]
    Review(String),
    /// No router answer has that name.
    #[error("unknown router answer \"{0}\"; choose opened, refused, private or off")]
    UnknownRouter(String),
}

/// Reads `--clock`: a time control as minutes+seconds.
fn parse_clock(text: &str) -> Result<TimeControl, String> {
    TimeControl::parse(text).map_err(|problem| problem.to_string())
}

/// The depth a screenshot of the analysis board waits for its lines to reach, at most
/// [`ANALYSIS_WAIT`].
const ANALYSIS_DEPTH: u32 = 10;
/// How long a screenshot of the analysis board waits for its lines.
const ANALYSIS_WAIT: std::time::Duration = std::time::Duration::from_secs(8);

/// How many made-up games `--example-history` keeps.
const EXAMPLE_GAMES: usize = 60;

impl StartOptions {
    /// The history's file: the player's, or with `--example-history` a new one of
    /// made-up games in a folder of its own (`None` when there is no place for it).
    pub fn history_file(&self) -> Option<PathBuf> {
        if !self.example_history {
            return ply_history::standard_file().ok();
        }
        let folder =
            std::env::temp_dir().join(format!("plyground-example-history-{}", std::process::id()));
        let file = folder.join("history.sqlite3");
        let _ = std::fs::remove_dir_all(&folder);
        match plyground::history::fill_example(&file, EXAMPLE_GAMES) {
            Ok(()) => Some(file),
            Err(problem) => {
                eprintln!("the example history could not be made: {problem}");
                None
            }
        }
    }

    /// The router's answer `--router` names, with example addresses, or none to ask
    /// it (a screenshot never asks: it shows "off").
    fn router_answer(
        &self,
        screenshot: bool,
    ) -> Result<Option<(Reach, Option<SocketAddr>)>, StartError> {
        let example = |text: &str| text.parse::<SocketAddr>().ok();
        let lan = example("192.168.1.20:7373");
        let case = match (&self.router, screenshot) {
            (Some(case), _) => case.as_str(),
            (None, true) => "off",
            (None, false) => return Ok(None),
        };
        let reach = match case {
            "opened" => match (lan, example("203.0.113.7:7373")) {
                (Some(local), Some(public)) => Reach::Open { local, public },
                _ => Reach::NotAsked,
            },
            "private" => match (lan, example("100.64.12.34:7373")) {
                (Some(local), Some(outside)) => Reach::PrivateOutside { local, outside },
                _ => Reach::NotAsked,
            },
            "refused" => Reach::Refused {
                reason: "no router answered".into(),
            },
            "off" => Reach::NotAsked,
            other => return Err(StartError::UnknownRouter(other.to_string())),
        };
        Ok(Some((reach, lan)))
    }

    /// The first screen; `computers` seats the computer at `level` on both sides of a
    /// game (to measure frames); `screenshot` when the screen is for a picture.
    pub fn first_screen(
        &self,
        context: &mut Context,
        computers: Option<Level>,
        screenshot: bool,
    ) -> Result<Box<dyn Screen>, StartError> {
        let mode_id = self.mode.clone().unwrap_or_else(|| MODES[0].id.to_string());
        let mode = find_mode(&mode_id)
            .ok_or_else(|| StartError::UnknownMode(mode_id.clone(), mode_ids()))?;
        if let Some(level) = computers {
            let seats = [Seat::Computer(level); 2];
            let table = Table::local(mode.new_game(), seats);
            return Ok(Box::new(GameScreen::new(table, false)));
        }
        Ok(match self.screen.as_str() {
            "menu" => Box::new(MainMenu),
            "local" => Box::new(LocalSetup::new(&context.prefs.settings).with_mode(mode.id)),
            "editor" => Box::new(self.editor_screen(mode)?),
            "settings" => Box::new(SettingsScreen::new()),
            "sound" => Box::new(SoundScreen),
            "load" => Box::new(LoadScreen::new(context)),
            "history" => Box::new(HistoryScreen::new(context)),
            "stats" => Box::new(StatsScreen::new(context, &Filters::default())),
            "charts" => {
                let mut charts = StatsScreen::new(context, &Filters::default());
                charts.show_charts(true);
                Box::new(charts)
            }
            "host" => Box::new(HostScreen::new(context)),
            "join" => {
                let mut join = JoinScreen::new(context);
                if let Some(address) = &self.join_address {
                    let name = context.prefs.settings.name.clone();
                    join.fill(address, &name, "secret");
                    join.press_join(context);
                }
                Box::new(join)
            }
            "lobby" => {
                let mut host = HostScreen::new(context);
                if let Some((reach, lan)) = self.router_answer(screenshot)? {
                    host = host.with_answer(reach, lan);
                }
                let mut lobby = host.open_lobby(context)?;
                for line in &self.chat {
                    lobby.say(line);
                }
                Box::new(lobby)
            }
            "game" => Box::new(self.game_screen(context, mode)?),
            "analysis" => Box::new(self.analysis_screen(context, mode, screenshot)?),
            other => return Err(StartError::UnknownScreen(other.to_string())),
        })
    }

    /// The editor at the mode's start, or holding `--position` after `--moves`.
    fn editor_screen(&self, mode: &'static ply_modes::Mode) -> Result<EditorScreen, StartError> {
        if self.position.is_none() && self.moves.is_none() {
            return Ok(EditorScreen::new(mode.id));
        }
        let moves = self.moves.iter().flat_map(|moves| moves.split_whitespace());
        let game = mode.replay(self.position.as_deref(), moves)?;
        Ok(EditorScreen::editing(game.as_ref()).unwrap_or_else(|| EditorScreen::new(mode.id)))
    }

    fn analysis_screen(
        &self,
        context: &Context,
        mode: &'static ply_modes::Mode,
        screenshot: bool,
    ) -> Result<AnalysisScreen, StartError> {
        let moves = self.moves.iter().flat_map(|moves| moves.split_whitespace());
        let game = mode.replay(self.position.as_deref(), moves)?;
        let plies = self.look_back.unwrap_or(game.moves().len());
        let title = format!("Analysis: {}", mode.name);
        let mut screen = AnalysisScreen::new(&*game, plies, title)
            .ok_or_else(|| StartError::UnknownScreen("analysis of that game".into()))?;
        if let Some(depth) = self.review_depth {
            screen.review_now(depth).map_err(StartError::Review)?;
        }
        if screenshot {
            screen.wait_for_analysis(ANALYSIS_DEPTH, ANALYSIS_WAIT);
            screen.wait_for_history(context, ANALYSIS_WAIT);
        }
        Ok(screen)
    }

    fn game_screen(
        &self,
        context: &mut Context,
        mode: &'static ply_modes::Mode,
    ) -> Result<GameScreen, StartError> {
        let moves = self.moves.iter().flat_map(|moves| moves.split_whitespace());
        let game = mode.replay(self.position.as_deref(), moves)?;
        let seats = if self.two_people {
            [Seat::Person; 2]
        } else {
            [Seat::Person, Seat::Computer(self.computer)]
        };
        let mut table = Table::local(game, seats);
        if let Some(clock) = self.clock {
            table = table.with_time_control(clock);
        }
        let mut screen = GameScreen::new(table, false);
        if let Some(plies) = self.look_back {
            screen.show_plies(context, plies);
        }
        if self.collapsed {
            screen.collapse_banner();
        }
        if let Some(text) = &self.try_move {
            screen.try_move(text)?;
        }
        if self.hint && screen.table_mut().ask_hint() {
            screen.table_mut().wait_for_hint();
        }
        if let Some(seconds) = self.mid_move {
            screen.replay_last_move(seconds);
        }
        Ok(screen)
    }
}
