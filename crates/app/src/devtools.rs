//! The program's tools for CI and development, apart from what a player starts: a
//! screenshot of one screen, a check that a picture is not blank, frame and idle
//! measurements, every sound as a WAV file, the help pages and their pictures.

use crate::help_render;
use crate::paint::Painter;
use clap::Args;
use macroquad::prelude::{
    get_frame_time, get_screen_data, next_frame, screen_height, screen_width,
};
use ply_modes::{Level, MODES};
use plyground::audio::{self, Player};
use plyground::screens::{App, Event};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// Fewest distinct colours a screenshot must have to count as not blank.
const MIN_COLOURS: usize = 16;

/// Tools for CI and development.
#[derive(Args, Debug)]
#[command(next_help_heading = "Tools for CI and development")]
pub struct DevOptions {
    /// Render one frame of a screen to this PNG file and exit.
    #[arg(long, value_name = "FILE")]
    pub screenshot: Option<PathBuf>,
    /// Check that a PNG file is not blank (exit status 1 if it is) and exit.
    #[arg(long, value_name = "FILE")]
    check_png: Option<PathBuf>,
    /// Let the computer play itself for this many seconds (or until the game ends) and
    /// print the longest frame time and how many sounds the game asked for.
    #[arg(long, value_name = "SECONDS")]
    pub measure_frames: Option<f32>,
    /// For `--measure-frames`: the computer's level (1 to 8, or full).
    #[arg(long, value_name = "LEVEL", default_value = "full", value_parser = Level::parse)]
    pub level: Level,
    /// Show the first screen for this many seconds without input, then print the
    /// frames drawn and the processor time used meanwhile, over the whole time and once
    /// the screen has settled (after its first two seconds); an idle window should use
    /// almost none.
    #[arg(long, value_name = "SECONDS")]
    pub measure_idle: Option<f32>,
    /// Print every mode's id, one per line, and exit.
    #[arg(long)]
    list_modes: bool,
    /// Write the help pages where the game opens them from and print the file of this
    /// mode's or topic's page (`index` for the home page), then exit.
    #[arg(long, value_name = "ID")]
    help_page: Option<String>,
    /// Write every sound as a WAV file into this folder, list them with their lengths
    /// and peak levels, and exit.
    #[arg(long, value_name = "DIR")]
    export_sounds: Option<PathBuf>,
    /// Render every picture of the help pages and the in-game rules into this folder
    /// (one PNG each, drawn by the game's own board), and exit.
    #[arg(long, value_name = "DIR")]
    pub help_images: Option<PathBuf>,
}

impl DevOptions {
    /// Runs a tool that needs no window, if one was asked for.
    pub fn without_window(&self) -> Option<ExitCode> {
        if self.list_modes {
            for mode in MODES {
                println!("{}", mode.id);
            }
            return Some(ExitCode::SUCCESS);
        }
        if let Some(dir) = &self.export_sounds {
            return Some(export_sounds(dir));
        }
        if let Some(page) = &self.help_page {
            return Some(report(
                plyground::help::installed_page(Some(page))
                    .map(|path| println!("{}", path.display())),
            ));
        }
        let path = self.check_png.as_ref()?;
        Some(
            match plyground::snapshot::distinct_colours(path, MIN_COLOURS) {
                Ok(colours) if colours >= MIN_COLOURS => ExitCode::SUCCESS,
                Ok(colours) => {
                    eprintln!("{} looks blank: only {colours} colours", path.display());
                    ExitCode::FAILURE
                }
                Err(error) => report(Err(error)),
            },
        )
    }

    /// Whether a tool that draws frames one after another in the window was asked for.
    pub fn draws_every_frame(&self) -> bool {
        self.screenshot.is_some() || self.measure_frames.is_some() || self.help_images.is_some()
    }

    /// Runs a tool that needs the window, if one was asked for; `Some(ok)` when it ran.
    pub async fn in_window(&self, app: &mut App, painter: &Painter, ticks: usize) -> Option<bool> {
        if let Some(dir) = &self.help_images {
            return Some(help_render::render(painter, dir).await);
        }
        if let Some(path) = &self.screenshot {
            return Some(screenshot(app, painter, path, ticks).await);
        }
        let seconds = self.measure_frames?;
        measure(app, painter, seconds, self.level).await;
        Some(true)
    }
}

/// Prints an error and fails, or succeeds.
fn report<E: std::fmt::Display>(result: Result<(), E>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("{error}");
            ExitCode::FAILURE
        }
    }
}

/// Writes every sound into `dir` and lists them (`--export-sounds`).
fn export_sounds(dir: &Path) -> ExitCode {
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

/// Draws a few frames (a virtual display may need them to settle), `ticks` of them
/// with time passing, and saves the last.
async fn screenshot(app: &mut App, painter: &Painter, path: &Path, ticks: usize) -> bool {
    for frame in 0..3 + ticks {
        if frame >= 3 {
            app.update(&Event::Tick(get_frame_time()));
        }
        app.settle();
        app.context.window.size = (screen_width(), screen_height());
        painter.paint(&app.draw());
        next_frame().await;
    }
    app.context.window.size = (screen_width(), screen_height());
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
async fn measure(app: &mut App, painter: &Painter, seconds: f32, level: Level) {
    let mut player = Player::start();
    let started = Instant::now();
    let mut last = Instant::now();
    let (mut longest_frame, mut longest_logic, mut longest_paint) = (0.0f32, 0.0f32, 0.0f32);
    let mut frames = 0u32;
    let mut durations = Vec::new();
    let (mut sounds, mut ended) = (0usize, None::<Instant>);
    while started.elapsed().as_secs_f32() < seconds
        && ended.is_none_or(|at| at.elapsed().as_secs_f32() < 1.0)
    {
        app.context.window.size = (screen_width(), screen_height());
        let logic_start = Instant::now();
        app.update(&Event::Tick(get_frame_time()));
        sounds += app.context.output.cues.len();
        if ended.is_none() && app.context.output.cues.iter().any(|cue| cue.is_ending()) {
            ended = Some(Instant::now());
        }
        app.play_cues(&mut player);
        let frame = app.draw();
        let paint_start = Instant::now();
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
