//! The screen stack: every screen turns events into a transition and draws itself into
//! a display list, without touching the window, so all of it is testable headless.

pub mod analysis;
pub mod confirm;
mod context;
pub mod controls;
pub mod editor;
pub mod game;
pub mod history;
pub mod load;
pub mod local;
pub mod menu;
pub mod online;
pub mod play_settings;
pub mod settings;
pub mod settings_page;
pub mod sound;
pub mod widgets;

pub use context::{Context, Output, Prefs, Storage, Window};

use crate::audio;
use crate::display::Frame;
use crate::geometry::{Point, Rect};
use crate::theme;
use std::time::Duration;

/// A special key the screens react to (letters arrive as [`Event::Char`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// Back, or the game menu.
    Escape,
    /// Confirm.
    Enter,
    /// Delete the last typed character.
    Backspace,
    /// Left arrow: a step back.
    Left,
    /// Right arrow: a step forward.
    Right,
    /// Home: to the start.
    Home,
    /// End: to the end.
    End,
    /// Tab: switch between the flat and the 3D board.
    Tab,
    /// F1: show or hide the controls overlay.
    F1,
    /// Up arrow: the row above.
    Up,
    /// Down arrow: the row below.
    Down,
    /// Page Up: the page before.
    PageUp,
    /// Page Down: the page after.
    PageDown,
    /// Delete: delete what is chosen (after asking).
    Delete,
}

/// The modifier keys held down.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Modifiers {
    /// Either Shift.
    pub shift: bool,
    /// Either Alt.
    pub alt: bool,
    /// Either Ctrl.
    pub ctrl: bool,
}

/// Something that happened in the window.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Event {
    /// Time passed (seconds since the last frame); screens take their workers' news
    /// here. Each frame begins with one, before the input that came since the last.
    Tick(f32),
    /// The mouse button went down.
    PointerDown(Point),
    /// The pointer moved.
    PointerMove(Point),
    /// The mouse button came up.
    PointerUp(Point),
    /// The second (right) mouse button went down, with the modifier keys held then.
    SecondaryDown(Point, Modifiers),
    /// The second (right) mouse button came up.
    SecondaryUp(Point),
    /// A special key was pressed.
    Key(Key),
    /// A character was typed.
    Char(char),
    /// The mouse wheel turned (lines; positive away from the player, i.e. up).
    Scroll(f32),
}

/// What the screen stack should do after an event.
pub enum Transition {
    /// Stay on this screen.
    Stay,
    /// Open a screen on top of this one.
    Push(Box<dyn Screen>),
    /// Close this screen and go back to the one below.
    Pop,
    /// Close this screen and open another in its place.
    Replace(Box<dyn Screen>),
    /// Close the program.
    Quit,
}

/// One screen of the program.
pub trait Screen {
    /// Reacts to an event.
    fn update(&mut self, event: &Event, context: &mut Context) -> Transition;
    /// Draws the screen.
    fn draw(&self, context: &Context, frame: &mut Frame);
    /// The window is closing: last chance to keep anything unsaved.
    fn closing(&mut self, _context: &mut Context) {}
    /// When the screen next needs a frame with nothing happening: `Some(ZERO)` while it
    /// animates, a later time when its display changes by itself (a clock, a
    /// countdown), `None` when it shows the same until input or news from a worker
    /// (which wake the window) change it. The window sleeps in between.
    fn next_frame(&self, _context: &Context) -> Option<Duration> {
        None
    }
    /// Ends any fade-in at once (for screenshots, which show the settled screen).
    fn settle(&mut self) {}
    /// Whether the player is typing into a field here, so that letters are text rather
    /// than keys that do something (M for mute).
    fn typing(&self) -> bool {
        false
    }
    /// The keys and mouse actions of this screen, for the controls overlay.
    fn controls(&self) -> Vec<controls::Control> {
        Vec::new()
    }
    /// The part of the window whose bottom edge the controls overlay runs along: by
    /// default the band at the top of the window where messages show, which holds no
    /// button on any screen (a message, when there is one, covers the overlay).
    fn controls_area(&self, context: &Context) -> Rect {
        let s = widgets::scale(context);
        Rect::new(0.0, 0.0, context.window.size.0, widgets::MESSAGE_HEIGHT * s)
    }
}

/// How long a closing window waits for the history to store what it was given.
const HISTORY_FINISH: Duration = Duration::from_secs(3);

/// The stack of open screens and the shared context.
pub struct App {
    stack: Vec<Box<dyn Screen>>,
    /// Seconds since the top screen appeared, for its fade-in.
    age: f32,
    /// Shared state every screen sees.
    pub context: Context,
}

impl App {
    /// An app showing `first`.
    pub fn new(first: Box<dyn Screen>, context: Context) -> App {
        App {
            stack: vec![first],
            age: 0.0,
            context,
        }
    }

    /// Puts `below` under every open screen, to go back to when they close (the main
    /// menu, under a screen the program was started on).
    pub fn put_below(&mut self, below: Box<dyn Screen>) {
        self.stack.insert(0, below);
    }

    /// Passes an event to the top screen and applies its transition; `false` once the
    /// program should end.
    pub fn update(&mut self, event: &Event) -> bool {
        if let Event::PointerMove(point) | Event::PointerDown(point) | Event::PointerUp(point) =
            *event
        {
            self.context.window.pointer = point;
        }
        match event {
            Event::PointerDown(_) => self.context.window.pointer_held = true,
            Event::PointerUp(_) => self.context.window.pointer_held = false,
            Event::Tick(seconds) => {
                self.age += seconds.max(0.0);
                if let Some(told) = self
                    .context
                    .storage
                    .history
                    .as_ref()
                    .and_then(|history| history.take_notice())
                {
                    self.context.output.notice = Some(told);
                }
            }
            _ => {}
        }
        let depth = self.stack.len();
        if matches!(event, Event::PointerDown(_) | Event::Key(_)) {
            self.context.output.notice = None;
        }
        let Some(top) = self.stack.last_mut() else {
            return false;
        };
        if matches!(event, Event::Key(Key::F1)) {
            self.context.prefs.settings.toggle_controls();
            self.context.prefs.changed = true;
            return true;
        }
        if matches!(event, Event::Char('m' | 'M')) && !top.typing() {
            sound::toggle_mute(&mut self.context);
            return true;
        }
        let transition = top.update(event, &mut self.context);
        let changed = matches!(transition, Transition::Replace(_));
        match transition {
            Transition::Stay => {}
            Transition::Push(screen) => self.stack.push(screen),
            Transition::Pop => {
                self.stack.pop();
            }
            Transition::Replace(screen) => {
                self.stack.pop();
                self.stack.push(screen);
            }
            Transition::Quit => self.stack.clear(),
        }
        if self.stack.len() != depth || changed {
            self.age = 0.0;
        }
        !self.stack.is_empty()
    }

    /// The display list of the top screen.
    pub fn draw(&self) -> Frame {
        let mut frame = Frame::default();
        if let Some(top) = self.stack.last() {
            top.draw(&self.context, &mut frame);
        }
        let hidden = 1.0 - (self.age / theme::FADE_SECONDS).clamp(0.0, 1.0);
        if hidden > 0.0 {
            frame.rect(
                self.context.window.area(),
                theme::BACKGROUND.with_alpha(hidden),
            );
        }
        if let Some(top) = self.stack.last()
            && self.context.prefs.settings.controls_shown()
        {
            let controls = top.controls();
            if !controls.is_empty() {
                let within = top.controls_area(&self.context);
                controls::draw(&self.context, &controls, within, &mut frame);
            }
        }
        widgets::notice(&self.context, &mut frame);
        frame
    }

    /// The window is closing: every screen may keep what it must.
    pub fn closing(&mut self) {
        for screen in self.stack.iter_mut().rev() {
            screen.closing(&mut self.context);
        }
        if let Some(history) = &self.context.storage.history {
            history.finish(HISTORY_FINISH);
        }
    }

    /// When the next frame is needed with nothing happening (see
    /// [`Screen::next_frame`]): at once while the top screen fades in.
    pub fn next_frame(&self) -> Option<Duration> {
        if self.age < theme::FADE_SECONDS {
            return Some(Duration::ZERO);
        }
        self.stack.last()?.next_frame(&self.context)
    }

    /// Ends any fade-in at once (for screenshots, which show the settled screen).
    pub fn settle(&mut self) {
        self.age = theme::FADE_SECONDS;
        if let Some(top) = self.stack.last_mut() {
            top.settle();
        }
    }

    /// Once a frame: hands the cues the screens queued to `player` (see
    /// [`audio::serve`]).
    pub fn play_cues(&mut self, player: &mut audio::Player) {
        let context = &mut self.context;
        audio::serve(
            player,
            &context.prefs.settings,
            &mut context.output.cues,
            &mut context.output.sound_off,
        );
    }

    /// How many screens are open.
    pub fn depth(&self) -> usize {
        self.stack.len()
    }
}
