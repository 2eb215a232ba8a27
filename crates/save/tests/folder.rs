//! The save folder as the load screen uses it: listing newest first from headers alone,
//! damaged files shown without harming the others, deleting, and the autosave slot.

mod common;

use common::{Dice, random_game, saved};
use ply_core::Player;
use ply_modes::find_mode;
use ply_save::{GameResult, SaveError, SaveFolder, SavedGame};
use std::time::{Duration, UNIX_EPOCH};

fn game_of(mode: &str, plies: usize, title: &str, updated_seconds: u64) -> SavedGame {
    let mode = find_mode(mode).expect("registered mode");
    let mut game = saved(title, random_game(mode, &mut Dice(11), plies));
    game.created = UNIX_EPOCH + Duration::from_secs(1_700_000_000);
    game.updated = UNIX_EPOCH + Duration::from_secs(updated_seconds);
    game
}

#[test]
fn lists_newest_first_with_what_the_load_screen_shows() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let folder = SaveFolder::at(dir.path().join("saves"));
    assert!(folder.list().expect("an absent folder").is_empty());

    let oldest = folder
        .save_new(&game_of("chess", 3, "Opening practice", 1_750_000_000))
        .expect("saves");
    let newest = folder
        .save_new(&game_of("hnefatafl", 8, "Tafl night", 1_790_000_000))
        .expect("saves");
    let middle = folder
        .save_new(&game_of("checkers", 5, "Opening practice", 1_760_000_000))
        .expect("saves");
    assert_eq!(oldest, "opening-practice");
    assert_eq!(middle, "opening-practice-2");
    std::fs::write(folder.path().join("notes.txt"), "not a save").expect("writes");
    std::fs::write(folder.path().join("broken.ply"), "not a save either").expect("writes");

    let listed = folder.list().expect("lists");
    let names: Vec<&str> = listed.iter().map(|save| save.name.as_str()).collect();
    assert_eq!(names, [newest.as_str(), &middle, &oldest, "broken"]);
    let tafl = listed[0].summary.as_ref().expect("readable");
    assert_eq!(tafl.title, "Tafl night");
    assert_eq!(tafl.mode_id, "hnefatafl");
    assert_eq!(tafl.move_count, 8);
    assert_eq!(tafl.to_move, Player::First);
    assert_eq!(tafl.result, GameResult::InProgress);
    assert_eq!(ply_save::utc_text(tafl.updated), "2026-09-21 14:13 UTC");
    assert!(matches!(listed[3].summary, Err(SaveError::NotASave)));

    folder.delete(&middle).expect("deletes");
    assert_eq!(folder.list().expect("lists").len(), 3);
    assert!(matches!(
        folder.delete(&middle),
        Err(SaveError::Unreadable { .. })
    ));
    assert_eq!(
        folder.load(&newest).expect("loads").game.moves().len(),
        8,
        "deleting one save leaves the others whole"
    );
}

#[test]
fn the_listing_reads_only_the_header() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let folder = SaveFolder::at(dir.path());
    let path = folder
        .save(
            "damaged",
            &game_of("chess", 6, "Damaged later", 1_750_000_000),
        )
        .expect("saves");
    let mut bytes = std::fs::read(&path).expect("reads");
    let last = bytes.len() - 1;
    bytes[last] ^= 0x40;
    std::fs::write(&path, bytes).expect("writes");

    let listed = folder.list().expect("lists");
    assert_eq!(
        listed[0].summary.as_ref().expect("header intact").title,
        "Damaged later"
    );
    assert!(matches!(
        folder.load("damaged"),
        Err(SaveError::Damaged { .. })
    ));
}

#[test]
fn the_autosave_slot() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let folder = SaveFolder::at(dir.path());
    assert!(folder.load_autosave().expect("empty slot").is_none());
    folder
        .clear_autosave()
        .expect("clearing an empty slot is fine");

    folder
        .autosave(&game_of("chess", 4, "Left mid-game", 1_750_000_000))
        .expect("autosaves");
    folder
        .autosave(&game_of("checkers", 7, "Left again", 1_760_000_000))
        .expect("replaces the autosave");
    let listed = folder.list().expect("lists");
    assert_eq!(listed.len(), 1);
    assert!(listed[0].is_autosave());
    let mut resumed = folder
        .load_autosave()
        .expect("loads")
        .expect("something to resume");
    assert_eq!(resumed.title, "Left again");
    assert_eq!(resumed.game.mode_id(), "checkers");

    let autosaved_at = resumed.updated;
    resumed.touch();
    assert!(resumed.updated > autosaved_at);
    let named = folder.save_new(&resumed).expect("saves under a name");
    assert_ne!(named, "autosave");
    folder.clear_autosave().expect("clears");
    assert!(folder.load_autosave().expect("empty again").is_none());
    assert_eq!(folder.list().expect("lists").len(), 1);
}

#[test]
fn a_200_move_game_fits_in_2_kilobytes() {
    for mode in ["chess", "mega", "checkers", "hnefatafl"] {
        let game = saved("Long game", common::game_of_length(mode, 200));
        let size = game.to_bytes().expect("encodes").len();
        assert!(size < 2048, "{mode}: {size} bytes");
    }
}

#[test]
fn game_records_are_written_beside_the_saves_in_the_modes_format() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let folder = SaveFolder::at(dir.path().join("saves"));
    let chess = game_of("chess", 6, "Club night", 1_790_000_000);
    let first = folder.export_record(&chess).expect("writes");
    let second = folder.export_record(&chess).expect("writes again");
    assert_eq!(first, folder.path().join("club-night.pgn"));
    assert_eq!(
        second,
        folder.path().join("club-night-2.pgn"),
        "nothing is overwritten"
    );
    let text = std::fs::read_to_string(&first).expect("readable");
    assert!(text.starts_with("[Event \"Club night\"]"), "{text}");
    let checkers = game_of("checkers", 6, "Draughts", 1_790_000_000);
    let pdn = folder.export_record(&checkers).expect("writes");
    assert_eq!(pdn.extension().and_then(|e| e.to_str()), Some("pdn"));
    let tafl = game_of("hnefatafl", 6, "Tafl", 1_790_000_000);
    let txt = folder.export_record(&tafl).expect("writes");
    assert_eq!(txt.extension().and_then(|e| e.to_str()), Some("txt"));
    assert_eq!(
        folder.list().expect("lists").len(),
        0,
        "records are not listed as saves"
    );
}
