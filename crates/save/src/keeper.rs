//! A game kept on disk while it is played online: written after every move under one
//! name per seat, so a crash or a lost connection never loses it; deleted when the game
//! ends normally, kept (and retitled) when touch with it is lost.

use crate::folder::name_from_title;
use crate::{SaveError, SaveFolder, SavedGame};
use std::path::PathBuf;

/// What a title says of a game whose connection was lost.
pub const LOST_SUFFIX: &str = "(connection lost)";

/// One online game's save while it is played.
#[derive(Debug)]
pub struct GameKeeper {
    folder: SaveFolder,
    /// The save's name: the same for every program that keeps this seat's game, so a
    /// program started again after a crash goes on writing the save the one before it
    /// wrote.
    name: String,
}

impl GameKeeper {
    /// A keeper writing to `folder` the game of the seat `key` names (for instance the
    /// lobby's code and the player's name). Nothing is written before
    /// [`GameKeeper::keep`].
    pub fn new(folder: SaveFolder, key: &str) -> GameKeeper {
        GameKeeper {
            folder,
            name: format!("online-{}", name_from_title(key)),
        }
    }

    /// Writes the game as it stands; returns the file.
    pub fn keep(&self, game: &SavedGame) -> Result<PathBuf, SaveError> {
        self.folder.save(&self.name, game)
    }

    /// Writes the game titled as lost.
    pub fn keep_as_lost(&self, mut game: SavedGame) -> Result<PathBuf, SaveError> {
        if !game.title.ends_with(LOST_SUFFIX) {
            game.title = format!("{} {LOST_SUFFIX}", game.title);
        }
        self.keep(&game)
    }

    /// The game ended normally: its running save is deleted (if it was written).
    pub fn discard(&self) -> Result<(), SaveError> {
        match self.folder.delete(&self.name) {
            Err(SaveError::Unreadable { source, .. })
                if source.kind() == std::io::ErrorKind::NotFound =>
            {
                Ok(())
            }
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(moves: &[&str]) -> SavedGame {
        let mut game = ply_modes::find_mode("chess").expect("chess").new_game();
        for text in moves {
            game.play_text(text).expect("a legal move");
        }
        SavedGame::new("Chess: Ann v Bob", Vec::new(), game)
    }

    #[test]
    fn one_save_follows_the_game_and_goes_when_it_ends() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let folder = SaveFolder::at(dir.path());
        let keeper = GameKeeper::new(folder.clone(), "K7P2QX Ann");
        keeper.discard().expect("nothing to discard yet");
        keeper.keep(&game(&["e2e4"])).expect("kept");
        // A program started again after a crash goes on with the same save.
        let restarted = GameKeeper::new(folder.clone(), "K7P2QX Ann");
        restarted.keep(&game(&["e2e4", "e7e5"])).expect("kept");
        let listed = folder.list().expect("listed");
        assert_eq!(listed.len(), 1);
        let kept = folder.load(&listed[0].name).expect("loaded");
        assert_eq!(kept.game.moves().len(), 2);
        restarted.discard().expect("discarded");
        assert!(folder.list().expect("listed").is_empty());
    }

    #[test]
    fn a_lost_game_is_titled_as_lost_until_it_goes_on() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let folder = SaveFolder::at(dir.path());
        let keeper = GameKeeper::new(folder.clone(), "K7P2QX Ann");
        let title = |folder: &SaveFolder| {
            let listed = folder.list().expect("listed");
            assert_eq!(listed.len(), 1);
            folder.load(&listed[0].name).expect("loaded").title
        };
        keeper.keep_as_lost(game(&["e2e4"])).expect("kept");
        assert_eq!(title(&folder), "Chess: Ann v Bob (connection lost)");
        keeper.keep(&game(&["e2e4", "e7e5"])).expect("kept");
        assert_eq!(title(&folder), "Chess: Ann v Bob");
        let other = GameKeeper::new(folder.clone(), "K7P2QX Bob");
        other.keep(&game(&["e2e4"])).expect("kept");
        assert_eq!(folder.list().expect("listed").len(), 2);
    }
}
