//! Damage never costs a game: a file that is no database, or whose pages are
//! overwritten, is set aside, reported once and rebuilt from the saves; a busy file
//! answers with an error in bounded time; a file from a newer version is refused and
//! left alone.

mod common;

use common::{MONDAY_NOON, Place, at, computer, ended, person, saved};
use ply_core::Player;
use ply_history::{Circumstances, GameFilter, History, HistoryError, SCHEMA_VERSION};
use ply_modes::Level;
use std::fs;
use std::io::{Seek, SeekFrom, Write};
use std::time::{Duration, Instant};

/// Saves `count` finished games of Ann's in the saves folder.
fn save_games(place: &Place, count: u64) {
    for number in 0..count {
        let game = saved(
            &format!("Saved {number}"),
            vec![
                person("Ann", Player::First),
                computer(Level::at(5), Player::Second),
            ],
            ended("checkers", &["11-15", "23-19"], Some(Player::Second)),
            at(MONDAY_NOON + number * 60),
        );
        place
            .saves
            .save(&format!("saved-{number}"), &game)
            .expect("saved");
    }
}

/// Records `count` games that are in no save (they would be lost with the file).
fn record_unsaved(history: &mut History, count: u64) {
    for number in 0..count {
        let game = saved(
            &format!("Played {number}"),
            vec![person("Ann", Player::First), person("Bob", Player::Second)],
            ended("chess", &["e2e4", "e7e5", "g1f3"], Some(Player::First)),
            at(MONDAY_NOON + 3600 + number * 60),
        );
        history
            .record(&game, &Circumstances::local())
            .expect("recorded");
    }
}

#[test]
fn a_file_that_is_no_database_is_set_aside_and_rebuilt_from_the_saves() {
    let place = Place::new();
    save_games(&place, 2);
    fs::create_dir_all(place.file.parent().expect("a folder")).expect("folder made");
    fs::write(&place.file, "these are my notes, not a database").expect("written");

    let opened = place.open();
    let damage = opened.damage.expect("the damage is reported");
    assert!(
        damage.detail.contains("not an SQLite database"),
        "{}",
        damage.detail
    );
    assert_eq!(
        fs::read_to_string(&damage.set_aside).expect("kept aside"),
        "these are my notes, not a database"
    );
    assert_eq!(opened.imported.expect("rebuilt").added, 2);
    assert_eq!(
        opened
            .history
            .count(&GameFilter::default())
            .expect("counted"),
        2
    );
    drop(opened.history);
    assert!(place.open().damage.is_none(), "told once");
}

#[test]
fn overwritten_pages_are_found_set_aside_and_the_saves_brought_back() {
    let place = Place::new();
    save_games(&place, 3);
    let mut history = place.history();
    record_unsaved(&mut history, 40);
    drop(history);
    let length = fs::metadata(&place.file).expect("the file").len();
    assert!(length > 5 * 4096, "{length} bytes");
    // Pages 2 to 4 (the first holds the schema) become noise.
    let mut file = fs::OpenOptions::new()
        .write(true)
        .open(&place.file)
        .expect("opened");
    file.seek(SeekFrom::Start(4096)).expect("seek");
    let noise: Vec<u8> = (0..3 * 4096u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    file.write_all(&noise).expect("written");
    drop(file);

    let opened = place.open();
    let damage = opened.damage.expect("the damage is found");
    assert!(damage.set_aside.exists());
    assert!(
        damage
            .set_aside
            .to_string_lossy()
            .contains("history.sqlite3.damaged-"),
        "{}",
        damage.set_aside.display()
    );
    let imported = opened.imported.expect("filled from the saves");
    assert_eq!(imported.added, 3);
    assert_eq!(
        opened
            .history
            .count(&GameFilter::default())
            .expect("counted"),
        3
    );
}

#[test]
fn a_rebuild_on_request_keeps_a_sound_file_and_adds_what_the_saves_hold() {
    let place = Place::new();
    let mut history = place.history();
    record_unsaved(&mut history, 2);
    // Games saved while the history could not be written.
    save_games(&place, 2);
    let rebuilt = history.rebuild_from_saves(&place.saves).expect("rebuilt");
    assert!(rebuilt.damage.is_none());
    assert_eq!(
        (rebuilt.imported.added, rebuilt.imported.already_there),
        (2, 0)
    );
    assert_eq!(history.count(&GameFilter::default()).expect("counted"), 4);
}

#[test]
fn a_busy_file_answers_busy_in_bounded_time_and_reading_goes_on() {
    let place = Place::new();
    let mut history = place.history();
    record_unsaved(&mut history, 1);
    let other = rusqlite::Connection::open(&place.file).expect("another program");
    other
        .execute_batch("BEGIN EXCLUSIVE")
        .expect("holds the file");
    history
        .set_busy_wait(Duration::from_millis(200))
        .expect("set");

    let started = Instant::now();
    let game = saved(
        "Blocked",
        vec![person("Ann", Player::First)],
        ended("connect4", &["4"], Some(Player::First)),
        at(MONDAY_NOON),
    );
    let refused = history.record(&game, &Circumstances::local());
    assert!(matches!(refused, Err(HistoryError::Busy)), "{refused:?}");
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    assert!(HistoryError::Busy.to_string().contains("busy"));
    assert_eq!(
        history
            .count(&GameFilter::default())
            .expect("still readable"),
        1
    );

    other.execute_batch("COMMIT").expect("lets go");
    history
        .record(&game, &Circumstances::local())
        .expect("recorded once free");
    assert_eq!(history.count(&GameFilter::default()).expect("counted"), 2);
}

#[test]
fn a_file_from_a_newer_version_is_refused_and_left_alone() {
    let place = Place::new();
    drop(place.history());
    let other = rusqlite::Connection::open(&place.file).expect("opened");
    other
        .pragma_update(None, "user_version", SCHEMA_VERSION + 1)
        .expect("set");
    drop(other);
    let refused = History::open(&place.file, &place.saves, &[]);
    assert!(
        matches!(refused, Err(HistoryError::NewerSchema { found, .. }) if found == SCHEMA_VERSION + 1),
        "{:?}",
        refused.err()
    );
    assert!(place.file.exists());
}
