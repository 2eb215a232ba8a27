//! Golden save files, one per registered mode, made once and committed: they must load
//! forever after, into exactly the game their `.txt` companion describes, and their
//! recorded moves must replay to the recorded position. A mode without a golden file
//! fails the test; the ignored generator makes the missing ones (`cargo test -p
//! ply-tests --test save_golden -- --ignored`) and never rewrites a committed file.

use ply_core::{Player, zobrist::splitmix64};
use ply_modes::{Level, MODES, Mode};
use ply_save::{Controller, SavedGame, Seat, utc_text};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, UNIX_EPOCH};

/// Most random moves in a golden game.
const GOLDEN_PLIES: u64 = 40;

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("golden/saves")
}

/// What the companion text says, key by key.
fn expected_of(mode: &Mode) -> BTreeMap<String, String> {
    let path = golden_dir().join(format!("{}.txt", mode.id));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (run the ignored generator)", path.display()));
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .map(|line| {
            let (key, value) = line.split_once(' ').unwrap_or((line, ""));
            (key.to_string(), value.to_string())
        })
        .collect()
}

/// The facts about a loaded game that the companion text records.
fn facts_of(saved: &SavedGame) -> BTreeMap<String, String> {
    let game = &saved.game;
    let seats = saved
        .seats
        .iter()
        .map(|seat| {
            let controller = match seat.controller {
                Controller::Person => "person".to_string(),
                Controller::Computer(level) => format!("computer-{}", level.name()),
            };
            format!("{}:{}:{controller}", game.side_name(seat.side), seat.name)
        })
        .collect::<Vec<_>>()
        .join(" ");
    [
        ("title", saved.title.clone()),
        ("mode", game.mode_id().to_string()),
        ("start", game.start_text()),
        ("moves", game.move_texts().join(" ")),
        ("position", game.position_text()),
        ("to-move", game.side_name(game.to_move()).to_string()),
        (
            "outcome",
            game.outcome()
                .map_or("none".to_string(), |outcome| outcome.to_string()),
        ),
        ("seats", seats),
        (
            "time-used-ms",
            format!(
                "{} {}",
                saved.time_used[0].as_millis(),
                saved.time_used[1].as_millis()
            ),
        ),
        ("created", utc_text(saved.created)),
        ("updated", utc_text(saved.updated)),
    ]
    .into_iter()
    .map(|(key, value)| (key.to_string(), value))
    .collect()
}

#[test]
fn every_mode_has_a_golden_save_that_loads_as_recorded() {
    for mode in MODES {
        let path = golden_dir().join(format!("{}.ply", mode.id));
        let loaded = ply_save::load_file(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (run the ignored generator)", path.display()));
        let expected = expected_of(mode);
        assert_eq!(facts_of(&loaded), expected, "{}", path.display());
        let summary = ply_save::read_summary(&path).expect("header reads");
        assert_eq!(summary.move_count, loaded.game.moves().len());
        assert_eq!(summary.mode_id, mode.id);
    }
}

/// The one replay (`ply_modes::replay`), given the mode, start and moves the companion
/// records, reaches the recorded position, whatever else the save holds.
#[test]
fn every_golden_game_replays_to_its_recorded_position() {
    for mode in MODES {
        let expected = expected_of(mode);
        let moves: Vec<&str> = expected["moves"].split_whitespace().collect();
        let game = ply_modes::replay(&expected["mode"], Some(&*expected["start"]), &moves)
            .unwrap_or_else(|error| panic!("{}: {error}", mode.id));
        assert_eq!(game.mode_id(), mode.id);
        assert_eq!(game.move_texts(), moves, "{}", mode.id);
        assert_eq!(game.position_text(), expected["position"], "{}", mode.id);
        assert_eq!(
            game.side_name(game.to_move()),
            expected["to-move"],
            "{}",
            mode.id
        );
    }
}

/// A reproducible golden game of `mode`: random moves, then for every other mode a
/// resignation if the rules have not ended it, so both kinds of ending are kept.
fn golden_game(index: usize, mode: &Mode) -> SavedGame {
    let mut game = mode.new_game();
    let mut state = index as u64;
    for _ in 0..GOLDEN_PLIES {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        state = splitmix64(state.wrapping_add(1));
        let choice = moves[(state % moves.len() as u64) as usize];
        game.play(choice).expect("legal");
    }
    if game.outcome().is_none() && !index.is_multiple_of(2) {
        game.resign(game.to_move()).expect("resigns");
    }
    let seats = vec![
        Seat {
            name: "Ada".to_string(),
            controller: Controller::Person,
            side: Player::First,
        },
        Seat {
            name: "Computer".to_string(),
            controller: Controller::Computer(Level::ALL[index % Level::ALL.len()]),
            side: Player::Second,
        },
    ];
    let mut saved = SavedGame::new(format!("Golden {}", mode.name), seats, game);
    saved.time_used = [
        Duration::from_millis(61_000 + index as u64),
        Duration::from_millis(45_500),
    ];
    saved.created = UNIX_EPOCH + Duration::from_secs(1_795_258_320);
    saved.updated = UNIX_EPOCH + Duration::from_secs(1_795_262_000 + 60 * index as u64);
    saved
}

#[test]
#[ignore = "writes the golden files of modes that have none; run once per new mode"]
fn write_missing_golden_saves() {
    std::fs::create_dir_all(golden_dir()).expect("golden folder");
    for (index, mode) in MODES.iter().enumerate() {
        let path = golden_dir().join(format!("{}.ply", mode.id));
        if path.exists() {
            continue;
        }
        let saved = golden_game(index, mode);
        let mut text = format!(
            "# What {}.ply must load as, forever. Written once with the file; never edit.\n",
            mode.id
        );
        for (key, value) in facts_of(&saved) {
            text.push_str(&format!("{key} {value}\n"));
        }
        std::fs::write(path.with_extension("txt"), text).expect("writes the companion");
        ply_save::write_file(&path, &saved).expect("writes the golden save");
    }
}
