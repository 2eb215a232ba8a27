//! The window's main loop as a player runs it: it sleeps until something happens (input,
//! a time a screen asked for, news from the computer or the network, a signal to stop),
//! then hands the screens the time that passed and every input in order, plays the
//! sounds they asked for and draws one frame.

use crate::paint::Painter;
use crate::window_input::WindowInput;
use macroquad::prelude::{
    is_quit_requested, next_frame, prevent_quit, request_new_screen_size, screen_height,
    screen_width,
};
use ply_play::Message;
use plyground::audio::Player;
use plyground::measure::IdleMeter;
use plyground::screens::App;
use plyground::settings::Settings;
use plyground::wake::timer::FrameTimer;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// The shortest time between two frames while something moves (60 frames a second).
const FRAME_INTERVAL: Duration = Duration::from_micros(16_667);
/// A little past the time a screen named, so that its display has changed by then.
const PAST_DEADLINE: Duration = Duration::from_millis(1);
/// Where the window cannot sleep until woken, the longest it sleeps before it looks at
/// its input again.
const SLEEP_AT_MOST: Duration = Duration::from_millis(50);

/// How the window waits between frames; chosen before it opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Waiting {
    /// In the window library's event loop, until input or a wake arrives (X11 with
    /// the X-Resource extension, which tells which window is ours).
    UntilWoken,
    /// In short sleeps, looking at the input in between (other systems).
    InShortSleeps,
}

impl Waiting {
    /// The best way this system allows.
    pub fn choose() -> Waiting {
        #[cfg(target_os = "linux")]
        if plyground::wake::x11::available() {
            return Waiting::UntilWoken;
        }
        Waiting::InShortSleeps
    }
}

/// What the settings keep of this run's choices: a text size or board view given on
/// the command line is for this run only.
#[derive(Clone, Copy, Debug, Default)]
pub struct RunOnly {
    /// `--text-size` was given.
    pub text_size: bool,
    /// `--view` was given.
    pub view: bool,
}

/// The app while the window runs; however the window ends (the loop returns, or the
/// window library drops the loop when the window's close button is pressed), the
/// screens keep what they must and the settings are written, once.
struct Running {
    app: App,
    run_only: RunOnly,
    closed: bool,
}

impl Running {
    fn close(&mut self) {
        if !self.closed {
            self.closed = true;
            self.app.closing();
            save_settings(&mut self.app, self.run_only);
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.close();
    }
}

/// Runs the window until the player quits, the window closes or a signal stops it.
/// With `idle_for`, stops after that long and prints the processor time used.
pub async fn run(
    app: App,
    painter: &Painter,
    waiting: Waiting,
    run_only: RunOnly,
    idle_for: Option<f32>,
) {
    let mut running = Running {
        app,
        run_only,
        closed: false,
    };
    let mut input = WindowInput::new();
    let mut player = Player::start();
    let timer = start_waking(waiting);
    let stop = plyground::stop_signal::watch();
    let started = Instant::now();
    let mut idle_meter = idle_for.map(|_| IdleMeter::start(started));
    let idle_until = idle_for.map(|seconds| started + Duration::from_secs_f32(seconds.max(0.0)));
    let mut window_size = (
        running.app.context.prefs.settings.window_width,
        running.app.context.prefs.settings.window_height,
    );
    let mut last = started;
    loop {
        let frame_start = Instant::now();
        plyground::wake::frame_began();
        let seconds = (frame_start - last).as_secs_f32();
        last = frame_start;
        let app = &mut running.app;
        app.context.window.size = (screen_width(), screen_height());
        if stop.load(Ordering::SeqCst) || is_quit_requested() {
            break;
        }
        if let Some(meter) = &mut idle_meter {
            if idle_until.is_some_and(|until| frame_start >= until) {
                println!("{}", meter.report(frame_start));
                break;
            }
            meter.frame(frame_start);
        }
        let mut going = true;
        for event in input.frame(seconds) {
            going = app.update(&event);
            if !going {
                break;
            }
        }
        app.play_cues(&mut player);
        if let Some(text) = app.context.output.clipboard.take() {
            macroquad::miniquad::window::clipboard_set(&text);
        }
        if app.context.prefs.changed {
            save_settings(app, run_only);
            let wanted = (
                app.context.prefs.settings.window_width,
                app.context.prefs.settings.window_height,
            );
            if wanted != window_size {
                window_size = wanted;
                request_new_screen_size(wanted.0 as f32, wanted.1 as f32);
            }
        }
        if !going {
            break;
        }
        painter.paint(&app.draw());
        // When the next frame is due, asked for before this one ends: the loop resumes
        // only when the next frame begins.
        let next = app
            .next_frame()
            .map(|wait| frame_start + (wait + PAST_DEADLINE).max(FRAME_INTERVAL))
            .into_iter()
            .chain(idle_until)
            .chain(idle_meter.as_ref().and_then(IdleMeter::settle_at))
            .min();
        if let Some(timer) = &timer {
            timer.wake_at(next);
        }
        next_frame().await;
        if timer.is_none() {
            let now = Instant::now();
            let until = next.unwrap_or(now + SLEEP_AT_MOST);
            std::thread::sleep(until.saturating_duration_since(now).min(SLEEP_AT_MOST));
        }
    }
    running.close();
}

/// Installs the wake for `waiting` and starts the timer of the frames screens ask for;
/// none where the window cannot be woken (it then sleeps in short naps, and its close
/// button only asks the loop to stop).
fn start_waking(waiting: Waiting) -> Option<FrameTimer> {
    if waiting == Waiting::UntilWoken {
        #[cfg(target_os = "linux")]
        match plyground::wake::x11::waker() {
            Ok(poke) => {
                plyground::wake::install(poke);
                return Some(FrameTimer::start(plyground::wake::poke()));
            }
            Err(error) => {
                eprintln!("the window cannot be woken ({error}); it looks for input often instead")
            }
        }
    }
    prevent_quit();
    None
}

/// Saves the settings, keeping the text size and board view the player chose rather
/// than those given on the command line for this run.
fn save_settings(app: &mut App, run_only: RunOnly) {
    app.context.prefs.changed = false;
    let mut settings = app.context.prefs.settings.clone();
    if run_only.text_size || run_only.view {
        let kept = Settings::load();
        if run_only.text_size {
            settings.text_size = kept.text_size;
        }
        if run_only.view {
            settings.view_3d = kept.view_3d;
        }
    }
    if let Err(error) = settings.save() {
        app.context.output.notice = Some(Message::error(error.to_string()));
    }
}
