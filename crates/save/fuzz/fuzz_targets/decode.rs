//! Fuzz target: arbitrary bytes given to the save decoder must be refused with an
//! error or load a game that saves and loads again unchanged; never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ply_save::SavedGame;

fuzz_target!(|bytes: &[u8]| {
    if let Ok(saved) = SavedGame::from_bytes(bytes) {
        let again = saved.to_bytes().expect("a loaded game saves");
        let reloaded = SavedGame::from_bytes(&again).expect("a fresh save loads");
        assert_eq!(reloaded.game.move_texts(), saved.game.move_texts());
        assert_eq!(reloaded.game.position_text(), saved.game.position_text());
    }
});
