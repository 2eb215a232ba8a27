//! The `plyground` program: opens the game window on the main menu, or renders one
//! screen to a PNG file (`--screenshot`), checks such a file (`--check-png`), measures
//! frame times while the computer thinks (`--measure-frames`), or writes every sound as a
//! WAV file (`--export-sounds`).

mod help_render;
mod icon;
mod paint;
mod paint3d;

use clap::Parser;
use macroquad::prelude::{
    BLACK, clear_background, get_frame_time, get_screen_data, is_quit_requested, next_frame,
    prevent_quit, request_new_screen_size, screen_height, screen_width,
};
use macroquad::window::Conf;
use ply_core::TimeControl;
use ply_modes::{Level, MODES, ReplayError, find_mode, mode_ids};
use ply_net::portmap::Reach;
use ply_play::{Message, Seat, Table};
use plyground::audio::{self, Player};
use plyground::display::Point;
use plyground::screens::game::GameScreen;
use plyground::screens::load::LoadScreen;
use plyground::screens::local::LocalSetup;
use plyground::screens::menu::MainMenu;
use plyground::screens::online::{HostScreen, JoinScreen};
use plyground::screens::settings::SettingsScreen;
use plyground::screens::sound::SoundScreen;
use plyground::screens::{App, Context, Event, Screen};
use plyground::settings::Settings;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Corners one draw call may hold (indices are 16-bit, so fewer than 65536).
const DRAW_CALL_VERTICES: usize = 48_000;
/// Corner indices one draw call may hold.
const DRAW_CALL_INDICES: usize = 96_000;

/// Fewest distinct colours a screenshot must have to count as not blank.
const MIN_COLOURS: usize = 16;

/// Command-line options.
#[derive(Parser, Debug)]
#[command(
    version,
    about = "Plyground: board games against friends or the computer"
)]
struct Options {
    /// Render one frame of a screen to this PNG file and exit.
    #[arg(long, value_name = "FILE")]
    screenshot: Option<PathBuf>,
    /// The screen to show first: menu, local, settings, sound, game, load, host, join or
    /// lobby (a lobby hosted on this computer).
    #[arg(long, default_value = "menu")]
    screen: String,
    /// The game mode for `--screen game` or `local` (see `ply modes`).
    #[arg(long, value_name = "ID")]
    mode: Option<String>,
    /// The starting position for `--screen game`, in the mode's position text.
    #[arg(long, value_name = "TEXT")]
    position: Option<String>,
    /// Moves to play (in the mode's move text, separated by spaces) before `--screen game`
    /// is shown.
    #[arg(long, value_name = "MOVES")]
    moves: Option<String>,
    /// Check that a PNG file is not blank (exit status 1 if it is) and exit.
    #[arg(long, value_name = "FILE")]
    check_png: Option<PathBuf>,
    /// Let the computer play itself for this many seconds (or until the game ends) and
    /// print the longest frame time and how many sounds the game asked for.
    #[arg(long, value_name = "SECONDS")]
    measure_frames: Option<f32>,
    /// For `--screen lobby`: show this answer from the router instead of asking it,
    /// with example addresses: opened, refused, private (its outside address is itself
    /// private) or off. Screenshots never ask the router; without this they show off.
    #[arg(long, value_name = "CASE")]
    router: Option<String>,
    /// For `--screen lobby`: the host says this line in the lobby's chat (repeatable).
    #[arg(long, value_name = "TEXT")]
    chat: Vec<String>,
    /// For `--screen join`: type this address (and a password) and press Join, to show
    /// the form after what came of it.
    #[arg(long, value_name = "ADDRESS")]
    join_address: Option<String>,
    /// For `--measure-frames`: the computer's strength (easy, medium, hard, maximum).
    #[arg(long, value_name = "LEVEL", default_value = "maximum", value_parser = Level::parse)]
    level: Level,
    /// Print every mode's id, one per line, and exit.
    #[arg(long)]
    list_modes: bool,
    /// For `--screen game`: two people at this computer instead of a person against
    /// the computer.
    #[arg(long)]
    two_people: bool,
    /// For `--screen game`: look back at the position after this many moves.
    #[arg(long, value_name = "PLIES")]
    look_back: Option<usize>,
    /// For `--screen game`: play under this time control, minutes+seconds ("5+3").
    #[arg(long, value_name = "M+S", value_parser = parse_clock)]
    clock: Option<TimeControl>,
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
    /// The window's size for this run, as WIDTHxHEIGHT (the settings keep theirs).
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    size: Option<(u32, u32)>,
    /// The size of texts and buttons for this run, in percent: 100, 125 or 150 (the
    /// settings keep theirs).
    #[arg(long, value_name = "PERCENT", value_parser = parse_text_size)]
    text_size: Option<u32>,
    /// Show the menu for this many seconds without input, then print the processor time
    /// the program used (an idle window should use almost none).
    #[arg(long, value_name = "SECONDS")]
    measure_idle: Option<f32>,
    /// Write the help pages where the game opens them from and print the file of this
    /// mode's or topic's page (`index` for the home page), then exit.
    #[arg(long, value_name = "ID")]
    help_page: Option<String>,
    /// The board view for this run: 2d or 3d (Tab switches in the game; the choice is
    /// remembered in the settings).
    #[arg(long, value_name = "VIEW", value_parser = parse_view)]
    view: Option<bool>,
    /// For `--screen game`: show the last of `--moves` in motion, this many seconds in
    /// (a screenshot of its animation).
    #[arg(long, value_name = "SECONDS")]
    mid_move: Option<f32>,
    /// Write every sound as a WAV file into this folder, list them with their lengths
    /// and peak levels, and exit.
    #[arg(long, value_name = "DIR")]
    export_sounds: Option<PathBuf>,
    /// Render every picture of the help pages and the in-game rules into this folder
    /// (one PNG each, drawn by the game's own board), and exit.
    #[arg(long, value_name = "DIR")]
    help_images: Option<PathBuf>,
}

/// Why the options could not be followed.
#[derive(Debug, thiserror::Error)]
enum StartError {
    #[error("unknown game mode \"{0}\"; the modes are: {1}")]
    UnknownMode(String, String),
    #[error("that game cannot be set up: {0}")]
    BadGame(#[from] ReplayError),
    #[error("that move cannot be tried: {0}")]
    BadTry(#[from] ply_core::MoveError),
    #[error("could not open a lobby: {0}")]
    NoLobby(#[from] plyground::screens::online::OnlineError),
    #[error(
        "unknown screen \"{0}\"; choose menu, local, settings, sound, game, load, host, join or lobby"
    )]
    UnknownScreen(String),
    #[error("unknown router answer \"{0}\"; choose opened, refused, private or off")]
    UnknownRouter(String),
}

/// The router's answer `--router` names, with example addresses, or none to ask it.
fn router_answer(options: &Options) -> Result<Option<(Reach, Option<SocketAddr>)>, StartError> {
    let example = |text: &str| text.parse::<SocketAddr>().ok();
    let lan = example("192.168.1.20:7373");
    let case = match (&options.router, &options.screenshot) {
        (Some(case), _) => case.as_str(),
        (None, Some(_)) => "off",
        (None, None) => return Ok(None),
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

fn first_screen(options: &Options, context: &mut Context) -> Result<Box<dyn Screen>, StartError> {
    let mode_id = options
        .mode
        .clone()
        .unwrap_or_else(|| MODES[0].id.to_string());
    let mode =
        find_mode(&mode_id).ok_or_else(|| StartError::UnknownMode(mode_id.clone(), mode_ids()))?;
    if options.measure_frames.is_some() {
        let seats = [Seat::Computer(options.level); 2];
        return Ok(Box::new(GameScreen::new(
            Table::local(mode.new_game(), seats),
            false,
        )));
    }
    Ok(match options.screen.as_str() {
        "menu" => Box::new(MainMenu),
        "local" => Box::new(LocalSetup::new(&context.settings).with_mode(mode.id)),
        "settings" => Box::new(SettingsScreen::new()),
        "sound" => Box::new(SoundScreen),
        "load" => Box::new(LoadScreen::new(context)),
        "host" => Box::new(HostScreen::new(context)),
        "join" => {
            let mut join = JoinScreen::new(context);
            if let Some(address) = &options.join_address {
                let name = context.settings.name.clone();
                join.fill(address, &name, "secret");
                join.press_join(context);
            }
            Box::new(join)
        }
        "lobby" => {
            let mut host = HostScreen::new(context);
            if let Some((reach, lan)) = router_answer(options)? {
                host = host.with_answer(reach, lan);
            }
            let mut lobby = host.open_lobby(context)?;
            for line in &options.chat {
                lobby.say(line);
            }
            Box::new(lobby)
        }
        "game" => {
            let moves = options
                .moves
                .iter()
                .flat_map(|moves| moves.split_whitespace());
            let game = mode.replay(options.position.as_deref(), moves)?;
            let seats = if options.two_people {
                [Seat::Person; 2]
            } else {
                [Seat::Person, Seat::Computer(Level::Medium)]
            };
            let mut table = Table::local(game, seats);
            if let Some(clock) = options.clock {
                table = table.with_time_control(clock);
            }
            let mut screen = GameScreen::new(table, false);
            if let Some(plies) = options.look_back {
                screen.show_plies(context, plies);
            }
            if options.collapsed {
                screen.collapse_banner();
            }
            if let Some(text) = &options.try_move {
                screen.try_move(text)?;
            }
            if options.hint && screen.table_mut().ask_hint() {
                screen.table_mut().wait_for_hint();
            }
            if let Some(seconds) = options.mid_move {
                screen.replay_last_move(seconds);
            }
            Box::new(screen)
        }
        other => return Err(StartError::UnknownScreen(other.to_string())),
    })
}

fn main() -> ExitCode {
    let options = Options::parse();
    if options.list_modes {
        for mode in MODES {
            println!("{}", mode.id);
        }
        return ExitCode::SUCCESS;
    }
    if let Some(dir) = &options.export_sounds {
        return export_sounds(dir);
    }
    if let Some(page) = &options.help_page {
        return match plyground::help::installed_page(Some(page)) {
            Ok(path) => {
                println!("{}", path.display());
                ExitCode::SUCCESS
            }
            Err(error) => {
                eprintln!("{error}");
                ExitCode::FAILURE
            }
        };
    }
    if let Some(path) = &options.check_png {
        return match plyground::snapshot::distinct_colours(path, MIN_COLOURS) {
            Ok(colours) if colours >= MIN_COLOURS => ExitCode::SUCCESS,
            Ok(colours) => {
                eprintln!("{} looks blank: only {colours} colours", path.display());
                ExitCode::FAILURE
            }
            Err(error) => {
                eprintln!("{error}");
                ExitCode::FAILURE
            }
        };
    }
    let mut settings = Settings::load();
    if let Some(percent) = options.text_size {
        settings.text_size = percent;
    }
    let screen_query = plyground::monitor::ask_screen();
    let screen_size = screen_query.size;
    let size = options.size.map_or_else(
        || {
            let (w, h) = size_on_screen(&settings, screen_size);
            (w as f32, h as f32)
        },
        |(w, h)| (w as f32, h as f32),
    );
    if options.size.is_none() {
        // The settings say what the window is, even when a kept size did not fit.
        (settings.window_width, settings.window_height) = (size.0 as u32, size.1 as u32);
    }
    let mut context = Context::new(settings.clone(), size);
    context.screen = screen_size;
    if let Some(solid) = options.view {
        context.settings.view_3d = solid;
    }
    context.saves = ply_save::SaveFolder::standard().ok();
    context.seats = ply_net::RejoinStore::standard();
    let screen = match first_screen(&options, &mut context) {
        Ok(screen) => screen,
        Err(error) => {
            eprintln!("{error}");
            return ExitCode::FAILURE;
        }
    };
    let conf = Conf {
        window_title: "Plyground".to_string(),
        window_width: size.0.clamp(640.0, 4096.0) as i32,
        window_height: size.1.clamp(480.0, 4096.0) as i32,
        // No multisampling: on machines without a GPU (software OpenGL) 4x MSAA made
        // frames take up to 124 ms; without it the longest frame measured 39 ms
        // (`--measure-frames`), and the vector pieces still draw cleanly.
        sample_count: 1,
        icon: icon::window_icon(),
        ..Default::default()
    };
    let status = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let result = std::sync::Arc::clone(&status);
    // Large draw calls: the 3D board sends tens of thousands of corners a frame, and
    // software OpenGL pays for every draw call (the default 5000 indices split it into
    // a hundred).
    let conf = macroquad::conf::Conf {
        draw_call_vertex_capacity: DRAW_CALL_VERTICES,
        draw_call_index_capacity: DRAW_CALL_INDICES,
        ..conf.into()
    };
    macroquad::Window::from_config(conf, async move {
        let ok = run(options, screen, context).await;
        result.store(ok, std::sync::atomic::Ordering::Relaxed);
    });
    drop(screen_query);
    if status.load(std::sync::atomic::Ordering::Relaxed) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Writes every sound into `dir` and lists them (`--export-sounds`).
fn export_sounds(dir: &std::path::Path) -> ExitCode {
    match audio::wav::export(dir) {
        Ok(sounds) => {
            for sound in sounds {
                println!(
                    "{}  {:.3} s  peak {:.3}",
                    sound.path.display(),
                    sound.seconds,
                    sound.peak
                );
            }
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("could not write the sounds into {}: {error}", dir.display());
            ExitCode::FAILURE
        }
    }
}

async fn run(options: Options, screen: Box<dyn Screen>, mut context: Context) -> bool {
    context.size = (screen_width(), screen_height());
    let mut app = App::new(screen, context);
    let painter = paint::Painter::new();
    if let Some(dir) = &options.help_images {
        return help_render::render(&painter, dir).await;
    }
    if let Some(path) = &options.screenshot {
        let ticks = if matches!(options.screen.as_str(), "lobby" | "join") {
            30
        } else {
            0
        };
        return screenshot(&mut app, &painter, path, ticks).await;
    }
    let mut player = Player::start();
    if let Some(seconds) = options.measure_frames {
        measure(&mut app, &painter, &mut player, seconds, options.level).await;
        return true;
    }
    let idle_until = options
        .measure_idle
        .map(|seconds| Instant::now() + std::time::Duration::from_secs_f32(seconds.max(0.0)));
    prevent_quit();
    let mut pointer = Point::new(-1.0, -1.0);
    let mut window_size = (
        app.context.settings.window_width,
        app.context.settings.window_height,
    );
    let mut idle_frames = 0u32;
    loop {
        app.context.size = (screen_width(), screen_height());
        if is_quit_requested() {
            app.closing();
            save_settings(&mut app, &options);
            break;
        }
        let mut running = true;
        let events = paint::events(&mut pointer, get_frame_time());
        let input = events.iter().any(|event| !matches!(event, Event::Tick(_)));
        for event in &events {
            running = app.update(event);
            if !running {
                break;
            }
        }
        if let Some(until) = idle_until
            && Instant::now() >= until
        {
            report_idle(options.measure_idle.unwrap_or_default());
            break;
        }
        audio::serve(&mut player, &mut app.context);
        if let Some(text) = app.context.clipboard.take() {
            macroquad::miniquad::window::clipboard_set(&text);
        }
        if app.context.settings_changed {
            save_settings(&mut app, &options);
            let wanted = (
                app.context.settings.window_width,
                app.context.settings.window_height,
            );
            if wanted != window_size {
                window_size = wanted;
                request_new_screen_size(wanted.0 as f32, wanted.1 as f32);
            }
        }
        if !running {
            app.closing();
            break;
        }
        clear_background(BLACK);
        painter.paint(&app.draw());
        next_frame().await;
        if input || app.busy() {
            idle_frames = 0;
        } else {
            // Nothing moves and nobody touched anything: wait before the next frame, so
            // an idle window costs almost no processor time; longer once it has been
            // idle a while.
            idle_frames += 1;
            std::thread::sleep(if idle_frames > DEEP_IDLE_AFTER {
                DEEP_IDLE_FRAME
            } else {
                IDLE_FRAME
            });
        }
    }
    true
}

/// How long an idle window waits between frames (it still notices input and the
/// clocks within this time).
const IDLE_FRAME: std::time::Duration = std::time::Duration::from_millis(100);
/// How long it waits once it has been idle for `DEEP_IDLE_AFTER` frames (3 s).
const DEEP_IDLE_FRAME: std::time::Duration = std::time::Duration::from_millis(250);
/// Idle frames before the longer wait.
const DEEP_IDLE_AFTER: u32 = 30;

/// Prints the processor time this process has used, for `--measure-idle`.
fn report_idle(seconds: f32) {
    match plyground::measure::cpu_seconds() {
        Some(used) => println!(
            "idle for {seconds} s: {used:.2} s of processor time ({:.1}% of one core)",
            100.0 * used / seconds.max(0.001) as f64
        ),
        None => println!("idle for {seconds} s: this system does not report processor time"),
    }
}

/// Reads a board view: `2d` (false) or `3d` (true).
fn parse_view(text: &str) -> Result<bool, String> {
    match text.to_ascii_lowercase().as_str() {
        "2d" => Ok(false),
        "3d" => Ok(true),
        _ => Err(format!("\"{text}\" is not a board view: 2d or 3d")),
    }
}

/// Reads `WIDTHxHEIGHT`.
/// The window size the settings keep, or the largest offered size that fits the screen
/// when it does not (settings brought from a larger screen).
fn size_on_screen(settings: &Settings, screen: Option<(u32, u32)>) -> (u32, u32) {
    let kept = (settings.window_width, settings.window_height);
    let fitting = plyground::settings::window_sizes_that_fit(screen);
    let fits = screen.is_none_or(|(w, h)| kept.0 <= w && kept.1 <= h);
    if fits {
        kept
    } else {
        fitting[fitting.len() - 1]
    }
}

/// Reads `--clock`: a time control as minutes+seconds.
fn parse_clock(text: &str) -> Result<TimeControl, String> {
    TimeControl::parse(text).map_err(|problem| problem.to_string())
}

/// Reads `--text-size`: one of the sizes the settings offer.
fn parse_text_size(text: &str) -> Result<u32, String> {
    let offered = plyground::settings::TEXT_SIZES;
    text.trim_end_matches('%')
        .parse::<u32>()
        .ok()
        .filter(|percent| offered.contains(percent))
        .ok_or_else(|| format!("the text size is one of {offered:?} (percent), not \"{text}\""))
}

fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let (w, h) = text
        .split_once('x')
        .ok_or_else(|| format!("\"{text}\" is not WIDTHxHEIGHT, e.g. 1024x640"))?;
    let number = |part: &str| {
        part.trim()
            .parse::<u32>()
            .map_err(|_| format!("\"{text}\" is not WIDTHxHEIGHT, e.g. 1024x640"))
    };
    Ok((number(w)?, number(h)?))
}

/// Saves the settings, keeping the text size and board view the player chose rather
/// than those given by `--text-size` or `--view` for this run.
fn save_settings(app: &mut App, options: &Options) {
    app.context.settings_changed = false;
    let mut settings = app.context.settings.clone();
    if options.text_size.is_some() || options.view.is_some() {
        let kept = Settings::load();
        if options.text_size.is_some() {
            settings.text_size = kept.text_size;
        }
        if options.view.is_some() {
            settings.view_3d = kept.view_3d;
        }
    }
    if let Err(error) = settings.save() {
        app.context.notice = Some(Message::error(error.to_string()));
    }
}

/// Draws a few frames (a virtual display may need them to settle) and saves the last.
async fn screenshot(
    app: &mut App,
    painter: &paint::Painter,
    path: &std::path::Path,
    ticks: usize,
) -> bool {
    for frame in 0..3 + ticks {
        if frame >= 3 {
            app.update(&Event::Tick(get_frame_time()));
        }
        app.settle();
        app.context.size = (screen_width(), screen_height());
        clear_background(BLACK);
        painter.paint(&app.draw());
        next_frame().await;
    }
    app.context.size = (screen_width(), screen_height());
    clear_background(BLACK);
    painter.paint(&app.draw());
    let image = get_screen_data();
    let saved = plyground::snapshot::write_png(
        path,
        u32::from(image.width),
        u32::from(image.height),
        &image.bytes,
    );
    next_frame().await;
    match saved {
        Ok(()) => true,
        Err(error) => {
            eprintln!("{error}");
            false
        }
    }
}

/// Runs the app, ticking every frame while the computer plays itself, and prints the
/// longest time between two frames, split into the screens' work (update and display
/// list), issuing the drawing, and the whole frame (including the graphics driver), and
/// how many sounds the game asked for. Stops a second after the game ends.
async fn measure(
    app: &mut App,
    painter: &paint::Painter,
    player: &mut Player,
    seconds: f32,
    level: Level,
) {
    let started = Instant::now();
    let mut last = Instant::now();
    let (mut longest_frame, mut longest_logic, mut longest_paint) = (0.0f32, 0.0f32, 0.0f32);
    let mut frames = 0u32;
    let mut durations = Vec::new();
    let (mut sounds, mut ended) = (0usize, None::<Instant>);
    while started.elapsed().as_secs_f32() < seconds
        && ended.is_none_or(|at| at.elapsed().as_secs_f32() < 1.0)
    {
        app.context.size = (screen_width(), screen_height());
        let logic_start = Instant::now();
        app.update(&Event::Tick(get_frame_time()));
        sounds += app.context.cues.len();
        if ended.is_none() && app.context.cues.iter().any(|cue| cue.is_ending()) {
            ended = Some(Instant::now());
        }
        audio::serve(player, &mut app.context);
        let frame = app.draw();
        let paint_start = Instant::now();
        clear_background(BLACK);
        painter.paint(&frame);
        let paint_end = Instant::now();
        next_frame().await;
        let now = Instant::now();
        if frames > 2 {
            longest_frame = longest_frame.max((now - last).as_secs_f32());
            durations.push((now - last).as_secs_f32());
            longest_logic = longest_logic.max((paint_start - logic_start).as_secs_f32());
            longest_paint = longest_paint.max((paint_end - paint_start).as_secs_f32());
        }
        last = now;
        frames += 1;
    }
    let game = if ended.is_some() {
        "the game ended"
    } else {
        "the game goes on"
    };
    let p99 = plyground::measure::percentile(&mut durations, 0.99);
    println!(
        "{frames} frames in {:.1} s, computer against computer on {}: longest frame \
         {:.1} ms, 99th percentile {:.1} ms (screens' work {:.1} ms, issuing the drawing \
         {:.1} ms); {sounds} sounds, {game}",
        started.elapsed().as_secs_f32(),
        level.name(),
        longest_frame * 1000.0,
        p99 * 1000.0,
        longest_logic * 1000.0,
        longest_paint * 1000.0
    );
}
