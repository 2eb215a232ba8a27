//! The `plyground` program: opens the game window on the main menu, or renders one
//! screen to a PNG file (`--screenshot`), checks such a file (`--check-png`), or measures
//! frame times while the computer thinks (`--measure-frames`).

mod icon;
mod paint;

use clap::Parser;
use macroquad::prelude::{
    BLACK, clear_background, get_frame_time, get_screen_data, is_quit_requested, next_frame,
    prevent_quit, request_new_screen_size, screen_height, screen_width,
};
use macroquad::window::Conf;
use ply_modes::{Level, MODES, ReplayError, find_mode, mode_ids};
use plyground::display::Point;
use plyground::screens::game::{GameScreen, Seat};
use plyground::screens::load::LoadScreen;
use plyground::screens::local::LocalSetup;
use plyground::screens::menu::MainMenu;
use plyground::screens::online::{HostScreen, JoinScreen};
use plyground::screens::settings::SettingsScreen;
use plyground::screens::{App, Context, Event, Screen};
use plyground::settings::Settings;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

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
    /// The screen to show first: menu, local, settings, game, load, host, join or lobby
    /// (a lobby hosted on this computer).
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
    /// Let the computer play itself on Maximum for this many seconds and print the
    /// longest frame time.
    #[arg(long, value_name = "SECONDS")]
    measure_frames: Option<f32>,
    /// Print every mode's id, one per line, and exit.
    #[arg(long)]
    list_modes: bool,
    /// Write the help pages where the game opens them from and print the file of this
    /// mode's or topic's page (`index` for the home page), then exit.
    #[arg(long, value_name = "ID")]
    help_page: Option<String>,
}

/// Why the options could not be followed.
#[derive(Debug, thiserror::Error)]
enum StartError {
    #[error("unknown game mode \"{0}\"; the modes are: {1}")]
    UnknownMode(String, String),
    #[error("that game cannot be set up: {0}")]
    BadGame(#[from] ReplayError),
    #[error("could not open a lobby: {0}")]
    NoLobby(String),
    #[error(
        "unknown screen \"{0}\"; choose menu, local, settings, game, load, host, join or lobby"
    )]
    UnknownScreen(String),
}

fn first_screen(options: &Options, context: &mut Context) -> Result<Box<dyn Screen>, StartError> {
    let mode_id = options
        .mode
        .clone()
        .unwrap_or_else(|| MODES[0].id.to_string());
    let mode =
        find_mode(&mode_id).ok_or_else(|| StartError::UnknownMode(mode_id.clone(), mode_ids()))?;
    if options.measure_frames.is_some() {
        let seats = [Seat::Computer(Level::Maximum); 2];
        return Ok(Box::new(GameScreen::new(mode.new_game(), seats)));
    }
    Ok(match options.screen.as_str() {
        "menu" => Box::new(MainMenu),
        "local" => Box::new(LocalSetup::new().with_mode(mode.id)),
        "settings" => Box::new(SettingsScreen::new()),
        "load" => Box::new(LoadScreen::new(context)),
        "host" => Box::new(HostScreen::new(context)),
        "join" => Box::new(JoinScreen::new(context)),
        "lobby" => Box::new(
            HostScreen::new(context)
                .open_lobby(context)
                .map_err(StartError::NoLobby)?,
        ),
        "game" => {
            let moves = options
                .moves
                .iter()
                .flat_map(|moves| moves.split_whitespace());
            let game = mode.replay(options.position.as_deref(), moves)?;
            Box::new(GameScreen::new(
                game,
                [Seat::Person, Seat::Computer(Level::Medium)],
            ))
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
    let settings = Settings::load();
    let size = (settings.window_width as f32, settings.window_height as f32);
    let mut context = Context::new(settings.clone(), size);
    context.saves = ply_save::SaveFolder::standard().ok();
    let screen = match first_screen(&options, &mut context) {
        Ok(screen) => screen,
        Err(error) => {
            eprintln!("{error}");
            return ExitCode::FAILURE;
        }
    };
    let conf = Conf {
        window_title: "Plyground".to_string(),
        window_width: settings.window_width.clamp(640, 4096) as i32,
        window_height: settings.window_height.clamp(480, 4096) as i32,
        // No multisampling: on machines without a GPU (software OpenGL) 4x MSAA made
        // frames take up to 124 ms; without it the longest frame measured 39 ms
        // (`--measure-frames`), and the vector pieces still draw cleanly.
        sample_count: 1,
        icon: icon::window_icon(),
        ..Default::default()
    };
    let status = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let result = std::sync::Arc::clone(&status);
    macroquad::Window::from_config(conf, async move {
        let ok = run(options, screen, context).await;
        result.store(ok, std::sync::atomic::Ordering::Relaxed);
    });
    if status.load(std::sync::atomic::Ordering::Relaxed) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

async fn run(options: Options, screen: Box<dyn Screen>, mut context: Context) -> bool {
    context.size = (screen_width(), screen_height());
    let mut app = App::new(screen, context);
    let painter = paint::Painter::new();
    if let Some(path) = &options.screenshot {
        let ticks = if options.screen == "lobby" { 30 } else { 0 };
        return screenshot(&mut app, &painter, path, ticks).await;
    }
    if let Some(seconds) = options.measure_frames {
        measure(&mut app, &painter, seconds).await;
        return true;
    }
    prevent_quit();
    let mut pointer = Point::new(-1.0, -1.0);
    let mut window_size = (
        app.context.settings.window_width,
        app.context.settings.window_height,
    );
    loop {
        app.context.size = (screen_width(), screen_height());
        if is_quit_requested() {
            app.closing();
            save_settings(&mut app);
            break;
        }
        let mut running = true;
        for event in paint::events(&mut pointer, get_frame_time()) {
            running = app.update(&event);
            if !running {
                break;
            }
        }
        if let Some(text) = app.context.clipboard.take() {
            macroquad::miniquad::window::clipboard_set(&text);
        }
        if app.context.settings_changed {
            save_settings(&mut app);
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
    }
    true
}

fn save_settings(app: &mut App) {
    app.context.settings_changed = false;
    if let Err(error) = app.context.settings.save() {
        app.context.notice = Some(error.to_string());
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
/// list), issuing the drawing, and the whole frame (including the graphics driver).
async fn measure(app: &mut App, painter: &paint::Painter, seconds: f32) {
    let started = Instant::now();
    let mut last = Instant::now();
    let (mut longest_frame, mut longest_logic, mut longest_paint) = (0.0f32, 0.0f32, 0.0f32);
    let mut frames = 0u32;
    while started.elapsed().as_secs_f32() < seconds {
        app.context.size = (screen_width(), screen_height());
        let logic_start = Instant::now();
        app.update(&Event::Tick(get_frame_time()));
        let frame = app.draw();
        let paint_start = Instant::now();
        clear_background(BLACK);
        painter.paint(&frame);
        let paint_end = Instant::now();
        next_frame().await;
        let now = Instant::now();
        if frames > 2 {
            longest_frame = longest_frame.max((now - last).as_secs_f32());
            longest_logic = longest_logic.max((paint_start - logic_start).as_secs_f32());
            longest_paint = longest_paint.max((paint_end - paint_start).as_secs_f32());
        }
        last = now;
        frames += 1;
    }
    println!(
        "{frames} frames in {seconds} s, computer against computer on Maximum: longest frame \
         {:.1} ms (screens' work {:.1} ms, issuing the drawing {:.1} ms)",
        longest_frame * 1000.0,
        longest_logic * 1000.0,
        longest_paint * 1000.0
    );
}
