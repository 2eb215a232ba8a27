//! Saves: any game of any mode, saved and resumed, never lost, never trusted blindly.
//!
//! A save file is a fixed prefix (signature, format version, section lengths and CRC-32
//! checksums), a small header section with what the list of saves shows, then the game
//! record: start position and every move as text, players, time used, a timed game's
//! clocks, and how the game ended. Both sections are postcard-encoded serde types owned by this crate
//! (docs/save-format.md has the layout byte by byte). Loading replays every move
//! through the mode's rules, so a save can never put a game in a state the rules do not
//! allow. [`SaveFolder`] keeps the files: atomic writes, a listing newest first read
//! from headers alone, deletion and an autosave slot. [`export`] writes a saved game as
//! a record other programs read: PGN, PDN or plain text.

mod date;
mod error;
mod export;
mod folder;
mod format;
mod game;
mod keeper;
mod review;
mod wire;

pub use date::{local_text, utc_text};
pub use error::SaveError;
pub use export::{ExportError, Format, export};
pub use folder::{
    AUTOSAVE_NAME, EXTENSION, ListedSave, SAVE_DIR_VARIABLE, SaveFolder, load_file, read_summary,
    write_file,
};
pub use format::{FORMAT_VERSION, MAGIC, OLDEST_FORMAT_VERSION, PREFIX_LEN};
pub use game::{
    Controller, GameResult, SaveSummary, SavedClock, SavedGame, Seat, length_text, whole_millis,
};
pub use keeper::{GameKeeper, LOST_SUFFIX};
pub use review::{MoveVerdict, PositionVerdict, ReviewSummary, SavedReview};
