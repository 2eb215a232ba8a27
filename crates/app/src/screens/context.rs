//! What every screen may read and change, split by concern so that a screen reaches for
//! the part it needs: the window, the player's settings, the places on disk, and what
//! the screens hand back to the window.

use crate::audio::Cue;
use crate::geometry::{Point, Rect};
use crate::settings::Settings;
use ply_play::Message;

/// What the screens share: the window, the settings, the places on disk and the output.
#[derive(Clone, Debug, PartialEq)]
pub struct Context {
    /// The window and the pointer, as the last frame left them.
    pub window: Window,
    /// The player's settings, and whether they are to be written.
    pub prefs: Prefs,
    /// Where games, online seats and the history of finished games are kept.
    pub storage: Storage,
    /// What the screens hand to the window: a notice, clipboard text, sounds.
    pub output: Output,
}

impl Context {
    /// A context for a window of `size` with `settings`.
    pub fn new(settings: Settings, size: (f32, f32)) -> Context {
        Context {
            window: Window {
                size,
                screen: None,
                pointer: Point::default(),
                pointer_held: false,
            },
            prefs: Prefs {
                settings,
                changed: false,
            },
            storage: Storage::default(),
            output: Output::default(),
        }
    }
}

/// The window the screens draw into, and the pointer over it.
#[derive(Clone, Debug, PartialEq)]
pub struct Window {
    /// The window's size in pixels.
    pub size: (f32, f32),
    /// The size of the screen the window is on, in pixels, when it is known.
    pub screen: Option<(u32, u32)>,
    /// Where the pointer is.
    pub pointer: Point,
    /// Whether the mouse button is held down (for buttons' pressed look).
    pub pointer_held: bool,
}

impl Window {
    /// The whole window as a rectangle.
    pub fn area(&self) -> Rect {
        Rect::new(0.0, 0.0, self.size.0, self.size.1)
    }
}

/// The player's settings, and whether they changed since they were last written.
#[derive(Clone, Debug, PartialEq)]
pub struct Prefs {
    /// The player's settings.
    pub settings: Settings,
    /// Set when the settings changed and should be written.
    pub changed: bool,
}

/// The places on disk the screens keep things in.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Storage {
    /// Where games are saved (none when the system has no place for them).
    pub saves: Option<ply_save::SaveFolder>,
    /// Where the seats taken in online lobbies are kept, to take them back after a
    /// crash or a restart (none when the system has no place for them).
    pub seats: Option<ply_net::RejoinStore>,
    /// The history of finished games, kept by a worker thread (none when the window
    /// keeps no history: tests and screenshots that do not ask for one).
    pub history: Option<crate::history::HistoryHandle>,
}

/// What the screens hand to the window, which shows, copies or plays it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Output {
    /// A short message to show the player (an error opening help, say).
    pub notice: Option<Message>,
    /// Text a screen asked to put on the system clipboard.
    pub clipboard: Option<String>,
    /// Sounds to play, queued by the screens and played by the window once a frame.
    pub cues: Vec<Cue>,
    /// Why no sound plays (no sound device, say); `None` while sound works or starts.
    pub sound_off: Option<String>,
}
