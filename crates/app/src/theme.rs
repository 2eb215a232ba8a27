//! The one look of every screen, defined in one place: the palette, the board themes
//! (cycled with T), the sizes of text, corners and gaps, and how long things fade in.

use crate::color::Rgba;
use ply_play::MessageKind;

/// The colours of one board theme.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Theme {
    /// The theme's name in settings.
    pub name: &'static str,
    /// Light squares (and every square of an unchequered board).
    pub light: Rgba,
    /// Dark squares.
    pub dark: Rgba,
    /// Squares with a rule of their own (hill, throne, corners).
    pub special: Rgba,
    /// The frame around the board.
    pub border: Rgba,
    /// The frame of a board played by dropping counters into columns (Connect Four).
    pub column_frame: Rgba,
    /// The empty holes of such a board.
    pub hole: Rgba,
}

/// Every board theme, in the order T cycles through them.
pub const THEMES: [Theme; 4] = [
    Theme {
        name: "Wood",
        light: Rgba::rgb(240, 217, 181),
        dark: Rgba::rgb(181, 136, 99),
        special: Rgba::rgb(214, 170, 84),
        border: Rgba::rgb(92, 62, 38),
        column_frame: Rgba::rgb(36, 84, 184),
        hole: Rgba::rgb(24, 30, 44),
    },
    Theme {
        name: "Meadow",
        light: Rgba::rgb(238, 238, 210),
        dark: Rgba::rgb(118, 150, 86),
        special: Rgba::rgb(205, 190, 92),
        border: Rgba::rgb(58, 78, 44),
        column_frame: Rgba::rgb(46, 120, 80),
        hole: Rgba::rgb(226, 232, 214),
    },
    Theme {
        name: "Ocean",
        light: Rgba::rgb(222, 227, 230),
        dark: Rgba::rgb(120, 150, 178),
        special: Rgba::rgb(226, 187, 110),
        border: Rgba::rgb(46, 66, 92),
        column_frame: Rgba::rgb(28, 70, 120),
        hole: Rgba::rgb(200, 220, 236),
    },
    Theme {
        name: "Slate",
        light: Rgba::rgb(178, 178, 178),
        dark: Rgba::rgb(112, 112, 118),
        special: Rgba::rgb(190, 150, 90),
        border: Rgba::rgb(50, 50, 56),
        column_frame: Rgba::rgb(70, 72, 82),
        hole: Rgba::rgb(30, 30, 34),
    },
];

/// The theme at `index`, wrapping around.
pub fn theme(index: usize) -> Theme {
    THEMES[index % THEMES.len()]
}

/// The colour of a message of `kind`: blue information, green success, amber
/// warning, red error.
pub fn message_color(kind: MessageKind) -> Rgba {
    match kind {
        MessageKind::Info => Rgba(0.16, 0.36, 0.62, 0.96),
        MessageKind::Success => Rgba(0.15, 0.5, 0.28, 0.96),
        MessageKind::Warning => Rgba(0.66, 0.45, 0.08, 0.96),
        MessageKind::Error => Rgba(0.62, 0.16, 0.16, 0.96),
    }
}

/// Window background.
pub const BACKGROUND: Rgba = Rgba::rgb(34, 38, 46);

/// How long a screen or an overlay takes to fade in, in seconds.
pub const FADE_SECONDS: f32 = 0.14;
/// The rounding of buttons' and panels' corners, before scaling.
pub const CORNER: f32 = 8.0;
/// Text sizes, before scaling: a screen's title.
pub const TEXT_TITLE: f32 = 48.0;
/// A heading inside a screen.
pub const TEXT_HEADING: f32 = 28.0;
/// Ordinary text.
pub const TEXT_BODY: f32 = 20.0;
/// Small print (hints, details).
pub const TEXT_SMALL: f32 = 16.0;
/// The gap between neighbouring buttons, before scaling.
pub const GAP: f32 = 14.0;
/// Panels and menus.
pub const PANEL: Rgba = Rgba::rgb(48, 54, 64);
/// Lines between parts of a panel.
pub const DIVIDER: Rgba = Rgba::rgb(84, 92, 108);
/// A player's box in the side panel.
pub const PLAYER: Rgba = Rgba::rgb(58, 64, 76);
/// The box of the player to move.
pub const PLAYER_TO_MOVE: Rgba = Rgba::rgb(70, 84, 104);
/// A button at rest.
pub const BUTTON: Rgba = Rgba::rgb(70, 96, 140);
/// A button under the pointer.
pub const BUTTON_HOVER: Rgba = Rgba::rgb(90, 122, 174);
/// A button held down.
pub const BUTTON_PRESSED: Rgba = Rgba::rgb(52, 72, 108);
/// The edge under a button that gives it depth.
pub const BUTTON_EDGE: Rgba = Rgba::rgb(28, 34, 48);
/// A button that is chosen (and the accent colour).
pub const BUTTON_ACTIVE: Rgba = Rgba::rgb(232, 160, 60);
/// A chosen button under the pointer.
pub const BUTTON_ACTIVE_HOVER: Rgba = Rgba::rgb(246, 184, 92);
/// A button that cannot be pressed now.
pub const BUTTON_DISABLED: Rgba = Rgba::rgb(72, 76, 84);
/// Ordinary text.
pub const TEXT: Rgba = Rgba::rgb(236, 238, 242);
/// Text warning of a problem (a name that will be refused).
pub const WARNING: Rgba = Rgba::rgb(250, 170, 90);
/// A clock with less than ten seconds left.
pub const LOW_TIME: Rgba = Rgba::rgb(255, 96, 80);
/// Less important text.
pub const TEXT_DIM: Rgba = Rgba::rgb(160, 168, 180);
/// Headings.
pub const TITLE: Rgba = Rgba::rgb(250, 206, 120);
/// The selected square.
pub const SELECTED: Rgba = Rgba(0.35, 0.65, 0.95, 0.55);
/// The squares of a move entered in advance (a premove).
pub const PREMOVE: Rgba = Rgba(0.85, 0.25, 0.45, 0.5);
/// The squares of the last move.
pub const LAST_MOVE: Rgba = Rgba(0.95, 0.85, 0.25, 0.42);
/// A king in check.
pub const CHECK: Rgba = Rgba(0.9, 0.1, 0.1, 0.6);
/// Legal destinations where nothing is taken.
pub const TARGET: Rgba = Rgba(0.1, 0.2, 0.1, 0.35);
/// Legal destinations where something is taken.
pub const CAPTURE_TARGET: Rgba = Rgba(0.75, 0.15, 0.1, 0.6);
/// A legal destination under the pointer.
pub const HOVER: Rgba = Rgba(0.3, 0.8, 0.4, 0.35);
/// A piece that cannot move, clicked.
pub const STUCK: Rgba = Rgba(0.85, 0.2, 0.15, 0.9);
/// The squares a "why not" message refers to.
pub const WHY_MARK: Rgba = Rgba(1.0, 0.55, 0.1, 0.95);
/// The box that marks the board as showing the past, while looking back.
pub const PAST: Rgba = Rgba(0.2, 0.32, 0.55, 0.95);
/// The box of a "why not" message.
pub const WHY_NOT: Rgba = Rgba(0.55, 0.25, 0.08, 0.95);
/// The hint's arrow.
pub const HINT: Rgba = Rgba(0.2, 0.75, 0.95, 0.8);
/// The cells that decided the game.
pub const ENDING: Rgba = Rgba(0.2, 0.85, 0.35, 0.9);
/// An explosion's flash (atomic chess).
pub const BLAST: Rgba = Rgba(1.0, 0.6, 0.1, 1.0);
