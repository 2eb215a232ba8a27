//! The `plyground` program: opens the game window on the main menu (or the screen asked
//! for) and runs it until the player quits. Tools for CI and development live in
//! `devtools`, the first screen's set-up in `start`, the loop in `event_loop`.

mod devtools;
mod event_loop;
mod help_render;
mod icon;
mod materials;
mod paint;
mod paint3d;
mod paint_cache;
mod start;
mod window_input;

use clap::Parser;
use macroquad::prelude::{screen_height, screen_width};
use macroquad::window::Conf;
use plyground::screens::{App, Context};
use plyground::settings::Settings;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Corners one draw call may hold (indices are 16-bit, so fewer than 65536).
const DRAW_CALL_VERTICES: usize = 48_000;
/// Corner indices one draw call may hold.
const DRAW_CALL_INDICES: usize = 96_000;

/// Command-line options.
#[derive(Parser, Debug)]
#[command(
    version,
    about = "Plyground: board games against friends or the computer"
)]
struct Options {
    /// The window's size for this run, as WIDTHxHEIGHT (the settings keep theirs).
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    size: Option<(u32, u32)>,
    /// The size of texts and buttons for this run, in percent: 100, 125 or 150 (the
    /// settings keep theirs).
    #[arg(long, value_name = "PERCENT", value_parser = parse_text_size)]
    text_size: Option<u32>,
    /// The board view for this run: 2d or 3d (Tab switches in the game; the choice is
    /// remembered in the settings).
    #[arg(long, value_name = "VIEW", value_parser = parse_view)]
    view: Option<bool>,
    #[command(flatten)]
    start: start::StartOptions,
    #[command(flatten)]
    dev: devtools::DevOptions,
}

fn main() -> ExitCode {
    let options = Options::parse();
    if let Some(done) = options.dev.without_window() {
        return done;
    }
    let mut settings = Settings::load();
    if let Some(percent) = options.text_size {
        settings.text_size = percent;
    }
    let screen_query = plyground::monitor::ask_screen();
    let screen_size = screen_query.size;
    let size = match options.size {
        Some(size) => size,
        None => {
            let size = size_on_screen(&settings, screen_size);
            // The settings say what the window is, even when a kept size did not fit.
            (settings.window_width, settings.window_height) = size;
            size
        }
    };
    let size = (size.0 as f32, size.1 as f32);
    let mut context = Context::new(settings, size);
    context.window.screen = screen_size;
    if let Some(solid) = options.view {
        context.prefs.settings.view_3d = solid;
    }
    context.storage.saves = ply_save::SaveFolder::standard().ok();
    // A picture of a screen or a measurement hosts no game to come back to: it keeps
    // no seat, and no server of its own on disk.
    if !options.dev.draws_every_frame() {
        context.storage.seats = ply_net::RejoinStore::standard();
    }
    context.storage.history = Some(plyground::history::HistoryHandle::start(
        options.start.history_file(),
        context.storage.saves.clone(),
        vec![context.prefs.settings.name.clone()],
        plyground::wake::poke(),
    ));
    let computers = options.dev.measure_frames.map(|_| options.dev.level);
    let picture = options.dev.screenshot.is_some();
    let screen = match options.start.first_screen(&mut context, computers, picture) {
        Ok(screen) => screen,
        Err(error) => {
            eprintln!("{error}");
            return ExitCode::FAILURE;
        }
    };
    // The tools that draw in the window (screenshots, measurements) draw every frame.
    let waiting = if options.dev.draws_every_frame() {
        event_loop::Waiting::InShortSleeps
    } else {
        event_loop::Waiting::choose()
    };
    let status = Arc::new(AtomicBool::new(true));
    let result = Arc::clone(&status);
    macroquad::Window::from_config(window_conf(size, waiting), async move {
        let ok = run(options, screen, context, waiting).await;
        result.store(ok, Ordering::Relaxed);
    });
    drop(screen_query);
    if status.load(Ordering::Relaxed) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// The window: its title, size and icon, and how it waits between frames.
fn window_conf(size: (f32, f32), waiting: event_loop::Waiting) -> macroquad::conf::Conf {
    let mut conf = Conf {
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
    conf.platform.blocking_event_loop = waiting == event_loop::Waiting::UntilWoken;
    conf.platform.linux_wm_class = "plyground";
    // Large draw calls: the 3D board sends tens of thousands of corners a frame, and
    // software OpenGL pays for every draw call (the default 5000 indices split it into
    // a hundred).
    macroquad::conf::Conf {
        draw_call_vertex_capacity: DRAW_CALL_VERTICES,
        draw_call_index_capacity: DRAW_CALL_INDICES,
        // A frame for every input, in the order it came (the window reads it as it
        // arrived); a key's release changes nothing on screen.
        update_on: Some(macroquad::conf::UpdateTrigger {
            key_down: true,
            mouse_down: true,
            mouse_up: true,
            mouse_motion: true,
            mouse_wheel: true,
            specific_key: None,
            touch: true,
        }),
        ..conf.into()
    }
}

async fn run(
    options: Options,
    screen: Box<dyn plyground::screens::Screen>,
    mut context: Context,
    waiting: event_loop::Waiting,
) -> bool {
    context.window.size = (screen_width(), screen_height());
    let mut app = App::new(screen, context);
    let painter = paint::Painter::new();
    let ticks = if matches!(options.start.screen.as_str(), "lobby" | "join") {
        30
    } else {
        0
    };
    if let Some(ok) = options.dev.in_window(&mut app, &painter, ticks).await {
        return ok;
    }
    if options.start.screen != "menu" {
        // Back from the screen started on leads to the menu, not out of the program.
        app.put_below(Box::new(plyground::screens::menu::MainMenu));
    }
    let run_only = event_loop::RunOnly {
        text_size: options.text_size.is_some(),
        view: options.view.is_some(),
    };
    let idle = options.dev.measure_idle;
    event_loop::run(app, &painter, waiting, run_only, idle).await;
    true
}

/// Reads a board view: `2d` (false) or `3d` (true).
fn parse_view(text: &str) -> Result<bool, String> {
    match text.to_ascii_lowercase().as_str() {
        "2d" => Ok(false),
        "3d" => Ok(true),
        _ => Err(format!("\"{text}\" is not a board view: 2d or 3d")),
    }
}

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

/// Reads `--text-size`: one of the sizes the settings offer.
fn parse_text_size(text: &str) -> Result<u32, String> {
    let offered = plyground::settings::TEXT_SIZES;
    text.trim_end_matches('%')
        .parse::<u32>()
        .ok()
        .filter(|percent| offered.contains(percent))
        .ok_or_else(|| format!("the text size is one of {offered:?} (percent), not \"{text}\""))
}

/// Reads `--size`: `WIDTHxHEIGHT`.
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
