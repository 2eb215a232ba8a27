//! The save folder: where saves live, listing them newest first from their headers
//! alone, writing atomically so a crash never costs the previous version, deleting,
//! and the autosave slot.

use crate::format::{self, ReadFailure};
use crate::game::summary_of;
use crate::{Format, SaveError, SaveSummary, SavedGame, export};
use directories::ProjectDirs;
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Environment variable naming the save folder, for portable installs and tests.
pub const SAVE_DIR_VARIABLE: &str = "PLYGROUND_SAVE_DIR";

/// Name of the autosave slot: the unfinished game saved when the program closes or the
/// connection drops.
pub const AUTOSAVE_NAME: &str = "autosave";

/// File extension of save files.
pub const EXTENSION: &str = "ply";

/// Longest save name accepted.
const MAX_NAME_LEN: usize = 80;

/// Longest part of a title used in a new save's name.
const MAX_TITLE_IN_NAME: usize = 40;

/// One entry of the list of saves.
#[derive(Debug)]
pub struct ListedSave {
    /// The save's name (its file name without the extension).
    pub name: String,
    /// The file.
    pub path: PathBuf,
    /// What its header says, or why it cannot be read (shown, never fatal to the list).
    pub summary: Result<SaveSummary, SaveError>,
}

impl ListedSave {
    /// Whether this is the autosave slot.
    pub fn is_autosave(&self) -> bool {
        self.name == AUTOSAVE_NAME
    }
}

/// The folder of save files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveFolder {
    dir: PathBuf,
}

impl SaveFolder {
    /// The folder named by `PLYGROUND_SAVE_DIR`, or else `saves` in the operating
    /// system's data folder for Plyground.
    pub fn standard() -> Result<SaveFolder, SaveError> {
        if let Some(dir) = std::env::var_os(SAVE_DIR_VARIABLE).filter(|dir| !dir.is_empty()) {
            return Ok(SaveFolder::at(dir));
        }
        ProjectDirs::from("", "", "Plyground")
            .map(|dirs| SaveFolder::at(dirs.data_dir().join("saves")))
            .ok_or(SaveError::NoSaveFolder {
                variable: SAVE_DIR_VARIABLE,
            })
    }

    /// The save folder at `dir` (created when the first save is written).
    pub fn at(dir: impl Into<PathBuf>) -> SaveFolder {
        SaveFolder { dir: dir.into() }
    }

    /// Where the folder is.
    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// The file of the save called `name`.
    pub fn file_of(&self, name: &str) -> Result<PathBuf, SaveError> {
        let valid = !name.is_empty()
            && name.len() <= MAX_NAME_LEN
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        if !valid {
            return Err(SaveError::BadName {
                name: name.to_string(),
            });
        }
        Ok(self.dir.join(format!("{name}.{EXTENSION}")))
    }

    /// Every save in the folder, newest first; unreadable ones last, with the reason.
    /// Reads only each file's header. An absent folder has no saves.
    pub fn list(&self) -> Result<Vec<ListedSave>, SaveError> {
        let entries = match fs::read_dir(&self.dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(SaveError::io(&self.dir, e)),
        };
        let mut saves = Vec::new();
        for entry in entries {
            let path = entry.map_err(|e| SaveError::io(&self.dir, e))?.path();
            if path.extension().and_then(|ext| ext.to_str()) != Some(EXTENSION) {
                continue;
            }
            let Some(name) = path.file_stem().and_then(|stem| stem.to_str()) else {
                continue;
            };
            if self.file_of(name).is_err() {
                continue;
            }
            saves.push(ListedSave {
                name: name.to_string(),
                summary: read_summary(&path),
                path,
            });
        }
        saves.sort_by(|a, b| match (&a.summary, &b.summary) {
            (Ok(a_summary), Ok(b_summary)) => b_summary
                .updated
                .cmp(&a_summary.updated)
                .then_with(|| a.name.cmp(&b.name)),
            (Ok(_), Err(_)) => std::cmp::Ordering::Less,
            (Err(_), Ok(_)) => std::cmp::Ordering::Greater,
            (Err(_), Err(_)) => a.name.cmp(&b.name),
        });
        Ok(saves)
    }

    /// Writes `game` as the save called `name`, replacing any earlier version atomically.
    pub fn save(&self, name: &str, game: &SavedGame) -> Result<PathBuf, SaveError> {
        let path = self.file_of(name)?;
        fs::create_dir_all(&self.dir).map_err(|e| SaveError::io(&self.dir, e))?;
        write_file(&path, game)?;
        Ok(path)
    }

    /// Writes `game` under a new name made from its title; returns the name.
    pub fn save_new(&self, game: &SavedGame) -> Result<String, SaveError> {
        let base = name_from_title(&game.title);
        let mut name = base.clone();
        let mut number = 1;
        while name == AUTOSAVE_NAME || self.file_of(&name)?.exists() {
            number += 1;
            name = format!("{base}-{number}");
        }
        self.save(&name, game)?;
        Ok(name)
    }

    /// Writes `game` as a game record beside the saves, in the format other programs
    /// read best for its mode (PGN, PDN or text), under a new name made from its title;
    /// returns the file written.
    pub fn export_record(&self, game: &SavedGame) -> Result<PathBuf, SaveError> {
        let format = Format::for_mode(game.game.mode_id());
        let text = export(game, format)?;
        let base = name_from_title(&game.title);
        let file = |name: &str| self.dir.join(format!("{name}.{}", format.extension()));
        let mut path = file(&base);
        let mut number = 1;
        while path.exists() {
            number += 1;
            path = file(&format!("{base}-{number}"));
        }
        fs::create_dir_all(&self.dir).map_err(|e| SaveError::io(&self.dir, e))?;
        fs::write(&path, text).map_err(|e| SaveError::io(&path, e))?;
        Ok(path)
    }

    /// Loads the save called `name`.
    pub fn load(&self, name: &str) -> Result<SavedGame, SaveError> {
        load_file(&self.file_of(name)?)
    }

    /// Deletes the save called `name`.
    pub fn delete(&self, name: &str) -> Result<(), SaveError> {
        let path = self.file_of(name)?;
        fs::remove_file(&path).map_err(|e| SaveError::io(path, e))
    }

    /// Writes `game` to the autosave slot.
    pub fn autosave(&self, game: &SavedGame) -> Result<PathBuf, SaveError> {
        self.save(AUTOSAVE_NAME, game)
    }

    /// The autosaved game, if there is one.
    pub fn load_autosave(&self) -> Result<Option<SavedGame>, SaveError> {
        let path = self.file_of(AUTOSAVE_NAME)?;
        if !path.exists() {
            return Ok(None);
        }
        load_file(&path).map(Some)
    }

    /// Empties the autosave slot (nothing to do when it is empty).
    pub fn clear_autosave(&self) -> Result<(), SaveError> {
        let path = self.file_of(AUTOSAVE_NAME)?;
        match fs::remove_file(&path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(SaveError::io(path, e)),
            _ => Ok(()),
        }
    }
}

/// A save name made from a title: lowercase letters and digits joined by '-'.
pub(crate) fn name_from_title(title: &str) -> String {
    let mut name = String::new();
    for c in title.chars() {
        if name.len() >= MAX_TITLE_IN_NAME {
            break;
        }
        if c.is_ascii_alphanumeric() {
            name.push(c.to_ascii_lowercase());
        } else if !name.is_empty() && !name.ends_with('-') {
            name.push('-');
        }
    }
    let name = name.trim_end_matches('-');
    if name.is_empty() {
        "game".to_string()
    } else {
        name.to_string()
    }
}

/// Loads the save file at `path`, replaying its moves.
pub fn load_file(path: &Path) -> Result<SavedGame, SaveError> {
    let bytes = fs::read(path).map_err(|e| SaveError::io(path, e))?;
    SavedGame::from_bytes(&bytes)
}

/// Reads only the header of the save file at `path`.
pub fn read_summary(path: &Path) -> Result<SaveSummary, SaveError> {
    let mut file = File::open(path).map_err(|e| SaveError::io(path, e))?;
    match format::read_header(&mut file) {
        Ok((version, header)) => summary_of(version, header),
        Err(ReadFailure::Io(e)) => Err(SaveError::io(path, e)),
        Err(ReadFailure::Save(e)) => Err(e),
    }
}

/// Writes `game` to `path` atomically: the old file stays whole until the new one is
/// complete on disk.
pub fn write_file(path: &Path, game: &SavedGame) -> Result<(), SaveError> {
    let bytes = game.to_bytes()?;
    replace_atomically(path, |file| file.write_all(&bytes)).map_err(|e| SaveError::io(path, e))
}

/// Replaces `path` with what `fill` writes: into a temporary file beside it, flushed and
/// synced to disk, then renamed over `path` (and the folder synced, where the system
/// allows it). If anything fails, the temporary file is removed and `path` is untouched.
fn replace_atomically(
    path: &Path,
    fill: impl FnOnce(&mut File) -> io::Result<()>,
) -> io::Result<()> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    let temporary = PathBuf::from(temporary);
    let result = (|| {
        let mut file = File::create(&temporary)?;
        fill(&mut file)?;
        file.flush()?;
        file.sync_all()?;
        drop(file);
        fs::rename(&temporary, path)?;
        sync_folder_of(path)
    })();
    if result.is_err() {
        // The write already failed; a leftover temporary file is ignored by the list
        // and overwritten by the next save, so a failure to remove it changes nothing.
        let _ = fs::remove_file(&temporary);
    }
    result
}

/// Makes the rename itself durable (Unix; other systems do not open folders as files).
fn sync_folder_of(path: &Path) -> io::Result<()> {
    #[cfg(unix)]
    if let Some(folder) = path.parent() {
        let folder = if folder.as_os_str().is_empty() {
            Path::new(".")
        } else {
            folder
        };
        File::open(folder)?.sync_all()?;
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Controller, Seat};
    use ply_core::Player;

    fn game_after(moves: &[&str]) -> SavedGame {
        let game = ply_modes::replay("chess", None, moves).expect("legal moves");
        let seats = vec![Seat {
            name: "Ada".to_string(),
            controller: Controller::Person,
            side: Player::First,
        }];
        SavedGame::new("Interrupted", seats, game)
    }

    #[test]
    fn a_failed_write_leaves_the_old_save_intact() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let folder = SaveFolder::at(dir.path());
        let old = game_after(&["e2e4", "e7e5"]);
        let path = folder.save("game", &old).expect("first save");
        let old_bytes = fs::read(&path).expect("saved file");
        let new_bytes = game_after(&["d2d4", "d7d5", "c2c4"])
            .to_bytes()
            .expect("encodes");

        let failure = replace_atomically(&path, |file| {
            file.write_all(&new_bytes[..new_bytes.len() / 2])?;
            Err(io::Error::new(io::ErrorKind::StorageFull, "disk full"))
        });

        assert_eq!(
            failure.map_err(|e| e.kind()),
            Err(io::ErrorKind::StorageFull)
        );
        assert_eq!(fs::read(&path).expect("still there"), old_bytes);
        let loaded = folder.load("game").expect("old save loads");
        assert_eq!(loaded.game.move_texts(), ["e2e4", "e7e5"]);
        let names: Vec<_> = fs::read_dir(dir.path())
            .expect("folder")
            .map(|entry| entry.expect("entry").file_name())
            .collect();
        assert_eq!(names, ["game.ply"], "no temporary file is left behind");
    }

    #[test]
    fn a_crash_before_the_rename_leaves_the_old_save_and_the_next_save_works() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let folder = SaveFolder::at(dir.path());
        let path = folder
            .save("game", &game_after(&["e2e4"]))
            .expect("first save");
        let newer = game_after(&["g1f3", "g8f6"]);
        let new_bytes = newer.to_bytes().expect("encodes");
        // What a process killed mid-write leaves: a partial temporary file.
        fs::write(
            dir.path().join("game.ply.tmp"),
            &new_bytes[..new_bytes.len() / 3],
        )
        .expect("partial write");

        let listed = folder.list().expect("list");
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0].name, "game");
        assert_eq!(
            folder.load("game").expect("loads").game.move_texts(),
            ["e2e4"]
        );

        folder
            .save("game", &newer)
            .expect("saves over the leftover");
        assert_eq!(fs::read(&path).expect("saved"), new_bytes);
    }

    #[test]
    fn names_are_made_from_titles_and_checked() {
        assert_eq!(
            name_from_title("Ada vs. Bob, round 2!"),
            "ada-vs-bob-round-2"
        );
        assert_eq!(name_from_title("  ♞♞ "), "game");
        let folder = SaveFolder::at("saves");
        for bad in ["", "../x", "a b", ".hidden", &"x".repeat(81)] {
            assert!(
                matches!(folder.file_of(bad), Err(SaveError::BadName { .. })),
                "{bad}"
            );
        }
        assert_eq!(
            folder.file_of("autosave").expect("valid"),
            Path::new("saves/autosave.ply")
        );
    }
}
