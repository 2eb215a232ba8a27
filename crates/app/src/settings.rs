//! The player's settings (board theme, name, last address, window and text size, sound),
//! kept in the operating system's configuration folder between runs.

use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Environment variable that moves the configuration folder (tests, portable installs).
pub const CONFIG_DIR_VARIABLE: &str = "PLYGROUND_CONFIG_DIR";

const FILE_NAME: &str = "settings.toml";

/// Window sizes offered in the settings screen, in pixels.
pub const WINDOW_SIZES: [(u32, u32); 4] = [(1024, 640), (1280, 800), (1600, 1000), (1920, 1200)];

/// Text sizes offered in the settings screen, in percent of the normal size, for players
/// who see small text badly: every text and button grows with it.
pub const TEXT_SIZES: [u32; 3] = [100, 125, 150];

/// The window sizes of [`WINDOW_SIZES`] that fit on a screen of `screen` pixels, smallest
/// first; all of them when the screen's size is unknown, and at least the smallest.
pub fn window_sizes_that_fit(screen: Option<(u32, u32)>) -> Vec<(u32, u32)> {
    let fits = |&(w, h): &(u32, u32)| screen.is_none_or(|(sw, sh)| w <= sw && h <= sh);
    let sizes: Vec<(u32, u32)> = WINDOW_SIZES.iter().copied().filter(fits).collect();
    if sizes.is_empty() {
        vec![WINDOW_SIZES[0]]
    } else {
        sizes
    }
}

/// The computer's pauses between moves the settings offer, in milliseconds.
pub const PACES_MS: [u32; 4] = [0, 350, DEFAULT_PACE_MS, 1500];

/// The computer's pause between moves unless the player chose another.
pub const DEFAULT_PACE_MS: u32 = 700;

/// The sound volumes the settings offer, in percent.
pub const VOLUMES: [u32; 5] = [20, 40, 60, 80, 100];

/// How many games the controls overlay shows itself in unless the player chose.
pub const FIRST_GAMES: u32 = 5;

/// When the overlay of the current screen's keys and mouse actions is shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ControlsOverlay {
    /// During a player's first games ([`FIRST_GAMES`]), then not.
    #[default]
    FirstGames,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// Everything the player chose that should survive a restart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Index of the board theme.
    pub theme: usize,
    /// The player's name, shown in games and sent when joining online.
    pub name: String,
    /// The address last used to join an online game.
    pub last_address: String,
    /// Window width in pixels.
    pub window_width: u32,
    /// Window height in pixels.
    pub window_height: u32,
    /// The size of every text and button, in percent (see [`TEXT_SIZES`]).
    pub text_size: u32,
    /// How long the computer waits before each move when no person plays, so a game
    /// between computers can be followed, in milliseconds.
    pub computer_pace_ms: u32,
    /// The mode last chosen to play on this computer.
    pub local_mode: String,
    /// Who played each side last time on this computer: "person", or the computer's
    /// strength ("easy", "medium", "hard", "maximum").
    pub local_seats: [String; 2],
    /// The clock chosen last time on this computer ("5+3"), empty for none.
    pub local_clock: String,
    /// Whether hosting asks the home router to open the port (UPnP).
    pub upnp: bool,
    /// How loud the sounds are, from 0 (silent) to 100.
    pub sound_volume: u32,
    /// All sounds off (the M key), whatever the other sound settings say.
    pub sound_muted: bool,
    /// Sounds of pieces moving, taking, dropping and promoting.
    pub sound_moves: bool,
    /// Sounds of check, refused moves, the end of a game and a clock running low.
    pub sound_game: bool,
    /// Sounds of players joining and leaving a lobby, and of chat.
    pub sound_lobby: bool,
    /// Games show the 3D board (Tab switches) instead of the flat one.
    pub view_3d: bool,
    /// When the overlay of keys and mouse actions is shown (F1 and the settings).
    pub controls: ControlsOverlay,
    /// Games started so far on this computer (for [`ControlsOverlay::FirstGames`]).
    pub games_started: u32,
    /// Whether a move may be entered while the other side thinks, to be played when
    /// the turn comes (a premove).
    pub premoves: bool,
    /// The search time a game review gives each position, in milliseconds (one of
    /// [`REVIEW_TIMES_MS`]).
    pub review_ms: u32,
}

/// The times a review may give each position, in milliseconds, shortest first.
pub const REVIEW_TIMES_MS: [u32; 5] = [200, 500, 1000, 2000, 5000];

impl Default for Settings {
    fn default() -> Self {
        Settings {
            theme: 0,
            name: "Player".to_string(),
            last_address: String::new(),
            window_width: 1280,
            window_height: 800,
            text_size: 100,
            computer_pace_ms: DEFAULT_PACE_MS,
            local_mode: String::new(),
            local_seats: ["person".to_string(), "medium".to_string()],
            local_clock: String::new(),
            upnp: true,
            sound_volume: 80,
            sound_muted: false,
            sound_moves: true,
            sound_game: true,
            sound_lobby: true,
            view_3d: false,
            controls: ControlsOverlay::default(),
            games_started: 0,
            premoves: true,
            review_ms: 500,
        }
    }
}

/// Why the settings could not be saved.
#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    /// No configuration folder is known on this system.
    #[error("could not find a folder for settings on this computer")]
    NoFolder,
    /// Writing the file failed.
    #[error("could not save the settings in {path}: {source}")]
    Write {
        /// The file that could not be written.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The settings could not be turned into text.
    #[error("could not write the settings: {0}")]
    Encode(#[from] toml::ser::Error),
}

/// The folder the settings live in: `PLYGROUND_CONFIG_DIR` if set, else the system's
/// configuration folder for Plyground.
pub fn config_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os(CONFIG_DIR_VARIABLE) {
        return Some(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("org", "Plyground", "Plyground")
        .map(|dirs| dirs.config_dir().to_path_buf())
}

impl Settings {
    /// Whether the overlay of keys and mouse actions is shown now.
    pub fn controls_shown(&self) -> bool {
        match self.controls {
            ControlsOverlay::Always => true,
            ControlsOverlay::Never => false,
            ControlsOverlay::FirstGames => self.games_started <= FIRST_GAMES,
        }
    }

    /// Shows the overlay if it is hidden and hides it if it is shown (F1), from now on.
    pub fn toggle_controls(&mut self) {
        self.controls = if self.controls_shown() {
            ControlsOverlay::Never
        } else {
            ControlsOverlay::Always
        };
    }

    /// The settings saved in `dir`, or the defaults when there are none or the file is
    /// unreadable (a damaged file never stops the game from starting).
    pub fn load_from(dir: &Path) -> Settings {
        std::fs::read_to_string(dir.join(FILE_NAME))
            .ok()
            .and_then(|text| toml::from_str(&text).ok())
            .unwrap_or_default()
    }

    /// Writes the settings into `dir`, creating it if needed.
    pub fn save_to(&self, dir: &Path) -> Result<(), SettingsError> {
        let text = toml::to_string_pretty(self)?;
        let path = dir.join(FILE_NAME);
        std::fs::create_dir_all(dir)
            .and_then(|()| std::fs::write(&path, text))
            .map_err(|source| SettingsError::Write { path, source })
    }

    /// The settings from the usual folder (defaults if none).
    pub fn load() -> Settings {
        config_dir()
            .map(|dir| Settings::load_from(&dir))
            .unwrap_or_default()
    }

    /// How much larger than normal texts and buttons are drawn: the chosen text size,
    /// kept between the smallest and largest offered (a hand-edited file cannot make the
    /// screens unreadable or overflow).
    pub fn text_scale(&self) -> f32 {
        let smallest = TEXT_SIZES[0];
        let largest = TEXT_SIZES[TEXT_SIZES.len() - 1];
        self.text_size.clamp(smallest, largest) as f32 / 100.0
    }

    /// Saves into the usual folder.
    pub fn save(&self) -> Result<(), SettingsError> {
        let dir = config_dir().ok_or(SettingsError::NoFolder)?;
        self.save_to(&dir)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("plyground-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn settings_survive_a_round_trip_through_the_folder() {
        let dir = temp_dir("settings");
        let settings = Settings {
            theme: 2,
            name: "Ada".into(),
            last_address: "192.168.1.20:7878".into(),
            window_width: 1600,
            window_height: 1000,
            text_size: 150,
            computer_pace_ms: 350,
            local_mode: "checkers".into(),
            local_seats: ["maximum".into(), "person".into()],
            local_clock: "5+3".into(),
            upnp: false,
            sound_volume: 40,
            sound_muted: true,
            sound_moves: false,
            sound_game: true,
            sound_lobby: false,
            view_3d: true,
            controls: ControlsOverlay::Never,
            games_started: 7,
            premoves: false,
            review_ms: 2000,
        };
        settings.save_to(&dir).expect("temp folder is writable");
        assert_eq!(Settings::load_from(&dir), settings);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn only_window_sizes_that_fit_the_screen_are_offered() {
        assert_eq!(
            window_sizes_that_fit(Some((1366, 768))),
            vec![(1024, 640)],
            "a small laptop screen"
        );
        assert_eq!(
            window_sizes_that_fit(Some((1920, 1080))),
            vec![(1024, 640), (1280, 800), (1600, 1000)]
        );
        assert_eq!(window_sizes_that_fit(None), WINDOW_SIZES.to_vec());
        assert_eq!(
            window_sizes_that_fit(Some((800, 600))),
            vec![(1024, 640)],
            "the smallest is always offered"
        );
    }

    #[test]
    fn the_text_size_stays_within_what_is_offered() {
        let mut settings = Settings::default();
        assert_eq!(settings.text_scale(), 1.0);
        settings.text_size = 125;
        assert_eq!(settings.text_scale(), 1.25);
        settings.text_size = 900;
        assert_eq!(settings.text_scale(), 1.5);
        settings.text_size = 0;
        assert_eq!(settings.text_scale(), 1.0);
    }

    #[test]
    fn a_missing_or_damaged_file_gives_the_defaults() {
        let dir = temp_dir("damaged");
        assert_eq!(Settings::load_from(&dir), Settings::default());
        std::fs::create_dir_all(&dir).expect("temp folder is writable");
        std::fs::write(dir.join(FILE_NAME), "theme = \"not a number").expect("writable");
        assert_eq!(Settings::load_from(&dir), Settings::default());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn settings_written_before_sound_existed_get_the_sound_defaults() {
        let old = "theme = 1\nname = \"Ada\"\n";
        let settings: Settings = toml::from_str(old).expect("an older file still reads");
        assert_eq!(settings.name, "Ada");
        assert_eq!(settings.sound_volume, 80);
        assert!(!settings.sound_muted);
        assert!(settings.sound_moves && settings.sound_game && settings.sound_lobby);
    }
}
