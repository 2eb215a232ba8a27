//! Nothing in a file can make loading panic: every truncation of real saves, thousands
//! of random bit flips and random byte strings, and well-formed saves that lie, are all
//! refused with one of the documented errors.
//!
//! The save bytes here are built from a copy of the layout in docs/save-format.md, so
//! these tests also hold the document to the code.

mod common;

use common::{Dice, game_of_length, random_game, saved};
use ply_modes::find_mode;
use ply_save::{SaveError, SavedGame, read_summary};
use proptest::prelude::*;
use serde::Serialize;
use std::sync::OnceLock;

/// The header section as docs/save-format.md lists it.
#[derive(Serialize)]
struct Header<'a> {
    title: &'a str,
    mode: &'a str,
    rules_version: u32,
    created_ms: u64,
    updated_ms: u64,
    move_count: u32,
    to_move: Side,
    result: Result_,
}

#[derive(Clone, Copy, Serialize)]
enum Side {
    First,
    Second,
}

#[derive(Serialize)]
enum Result_ {
    InProgress,
    Won(Side),
    Drawn,
}

/// The game record section as docs/save-format.md lists it.
#[derive(Serialize)]
struct Record<'a> {
    start: &'a str,
    moves: Vec<&'a str>,
    seats: Vec<Seat<'a>>,
    time_used_ms: [u64; 2],
    ending: Ending,
}

#[derive(Serialize)]
struct Seat<'a> {
    name: &'a str,
    controller: Controller,
    side: Side,
}

#[derive(Serialize)]
enum Controller {
    Person,
    Computer(Level),
}

#[derive(Serialize)]
enum Level {
    Easy,
    Medium,
    Hard,
    Maximum,
    Rung(u8),
}

#[derive(Serialize)]
enum Ending {
    ByTheMoves,
    Resigned(Side),
    DrawAgreed,
    OutOfTime(Side),
}

/// The game record of format version 2 as docs/save-format.md lists it.
#[derive(Serialize)]
struct RecordV2<'a> {
    start: &'a str,
    moves: Vec<&'a str>,
    seats: Vec<Seat<'a>>,
    time_used_ms: [u64; 2],
    ending: Ending,
    clock: Option<Clock>,
}

/// A timed game's clocks as docs/save-format.md lists them.
#[derive(Serialize)]
struct Clock {
    base_ms: u64,
    increment_ms: u64,
    left_ms: [u64; 2],
    after_moves_ms: Vec<u64>,
}

const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A file of format `version` holding these two sections, laid out as documented.
fn file_of(version: u16, header: &[u8], record: &[u8]) -> Vec<u8> {
    let mut bytes = b"\x89PLY\r\n\x1a\n".to_vec();
    bytes.extend_from_slice(&version.to_le_bytes());
    for section in [header, record] {
        bytes.extend_from_slice(&(section.len() as u32).to_le_bytes());
        bytes.extend_from_slice(&crc32fast::hash(section).to_le_bytes());
    }
    bytes.extend_from_slice(header);
    bytes.extend_from_slice(record);
    bytes
}

/// A chess save written by hand, field by field.
struct Handmade<'a> {
    mode: &'a str,
    rules_version: u32,
    moves: &'a [&'a str],
    to_move: Side,
    result: Result_,
    ending: Ending,
    level: Level,
}

impl Handmade<'_> {
    fn bytes(self) -> Vec<u8> {
        let header = Header {
            title: "Handmade",
            mode: self.mode,
            rules_version: self.rules_version,
            created_ms: 1_795_258_320_000,
            updated_ms: 1_795_258_380_000,
            move_count: self.moves.len() as u32,
            to_move: self.to_move,
            result: self.result,
        };
        let record = Record {
            start: CHESS_START,
            moves: self.moves.to_vec(),
            seats: vec![
                Seat {
                    name: "Ada",
                    controller: Controller::Person,
                    side: Side::First,
                },
                Seat {
                    name: "Computer",
                    controller: Controller::Computer(self.level),
                    side: Side::Second,
                },
            ],
            time_used_ms: [1_500, 2_250],
            ending: self.ending,
        };
        file_of(
            1,
            &postcard::to_stdvec(&header).expect("header encodes"),
            &postcard::to_stdvec(&record).expect("record encodes"),
        )
    }
}

/// An unfinished chess save written by hand: `moves` from the start, `to_move` after them.
fn chess_save(mode: &str, rules_version: u32, moves: &[&str], to_move: Side) -> Vec<u8> {
    Handmade {
        mode,
        rules_version,
        moves,
        to_move,
        result: Result_::InProgress,
        ending: Ending::ByTheMoves,
        level: Level::Maximum,
    }
    .bytes()
}

/// Real saves: a long unfinished chess game and a finished Connect-Four-length game of
/// every other shape (resigned hnefatafl, finished checkers).
fn real_saves() -> &'static [Vec<u8>] {
    static SAVES: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    SAVES.get_or_init(|| {
        let mut resigned = random_game(find_mode("hnefatafl").expect("mode"), &mut Dice(5), 30);
        resigned.resign(resigned.to_move()).expect("resigns");
        let finished = random_game(
            find_mode("checkers").expect("mode"),
            &mut Dice(9),
            usize::MAX,
        );
        [game_of_length("chess", 120), resigned, finished]
            .into_iter()
            .map(|game| saved("Real", game).to_bytes().expect("encodes"))
            .collect()
    })
}

/// Whether an error is one of the documented refusals of bad file contents.
fn is_refusal(error: &SaveError) -> bool {
    matches!(
        error,
        SaveError::NotASave
            | SaveError::NewerFormat { .. }
            | SaveError::NewerRules { .. }
            | SaveError::Damaged { .. }
            | SaveError::UnknownMode { .. }
            | SaveError::Replay(_)
    )
}

#[test]
fn the_documented_layout_loads() {
    let bytes = chess_save("chess", 1, &["e2e4", "e7e5", "g1f3"], Side::Second);
    let loaded = SavedGame::from_bytes(&bytes).expect("a handmade save loads");
    assert_eq!(loaded.title, "Handmade");
    assert_eq!(loaded.game.move_texts(), ["e2e4", "e7e5", "g1f3"]);
    assert_eq!(
        loaded.game.position_text(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    assert_eq!(
        loaded.seats[1].controller,
        ply_save::Controller::Computer(ply_modes::Level::FULL)
    );
    assert_eq!(loaded.time_used[1].as_millis(), 2_250);
    assert_eq!(ply_save::utc_text(loaded.created), "2026-11-21 10:52 UTC");
    assert!(loaded.clock.is_none(), "version 1 had no clocks");
    let again = loaded.to_bytes().expect("encodes");
    assert_eq!(
        u16::from_le_bytes([again[8], again[9]]),
        ply_save::FORMAT_VERSION,
        "saved again, it is written in the current format"
    );
    let reloaded = SavedGame::from_bytes(&again).expect("loads");
    assert_eq!(reloaded.game.move_texts(), loaded.game.move_texts());
    assert_eq!(reloaded.time_used, loaded.time_used);
}

#[test]
fn a_timed_game_in_the_documented_version_2_layout_loads() {
    let header = Header {
        title: "Timed",
        mode: "chess",
        rules_version: 1,
        created_ms: 1_795_258_320_000,
        updated_ms: 1_795_258_380_000,
        move_count: 2,
        to_move: Side::First,
        result: Result_::Won(Side::First),
    };
    let record = RecordV2 {
        start: CHESS_START,
        moves: vec!["e2e4", "e7e5"],
        seats: vec![],
        time_used_ms: [4_000, 63_000],
        ending: Ending::OutOfTime(Side::Second),
        clock: Some(Clock {
            base_ms: 60_000,
            increment_ms: 2_000,
            left_ms: [58_000, 0],
            after_moves_ms: vec![58_000, 1_000],
        }),
    };
    let bytes = file_of(
        2,
        &postcard::to_stdvec(&header).expect("header encodes"),
        &postcard::to_stdvec(&record).expect("record encodes"),
    );
    let loaded = SavedGame::from_bytes(&bytes).expect("a handmade version 2 save loads");
    let clock = loaded.clock.as_ref().expect("timed");
    assert_eq!(clock.control, ply_core::TimeControl::minutes(1, 2));
    assert_eq!(clock.left[1].as_millis(), 0);
    assert_eq!(clock.after_moves.len(), 2);
    assert_eq!(
        loaded.game.outcome(),
        Some(ply_core::Outcome::Win {
            winner: ply_core::Player::First,
            reason: ply_core::EndReason::OutOfTime
        })
    );
    let again = loaded.to_bytes().expect("encodes");
    assert_eq!(
        u16::from_le_bytes([again[8], again[9]]),
        ply_save::FORMAT_VERSION
    );
    let reloaded = SavedGame::from_bytes(&again).expect("loads");
    assert_eq!(reloaded.clock, loaded.clock);
    assert_eq!(reloaded.game.outcome(), loaded.game.outcome());
    assert!(reloaded.hinted.is_empty(), "version 2 kept no hints");
}

/// The game record of format version 3 as docs/save-format.md lists it: version 2's,
/// then the moves played after a hint.
#[derive(Serialize)]
struct RecordV3<'a> {
    start: &'a str,
    moves: Vec<&'a str>,
    seats: Vec<Seat<'a>>,
    time_used_ms: [u64; 2],
    ending: Ending,
    clock: Option<Clock>,
    hinted: Vec<u32>,
}

fn version_3_chess(hinted: Vec<u32>) -> Vec<u8> {
    let header = Header {
        title: "Hinted",
        mode: "chess",
        rules_version: 1,
        created_ms: 1_795_258_320_000,
        updated_ms: 1_795_258_380_000,
        move_count: 3,
        to_move: Side::Second,
        result: Result_::InProgress,
    };
    let record = RecordV3 {
        start: CHESS_START,
        moves: vec!["e2e4", "e7e5", "g1f3"],
        seats: vec![],
        time_used_ms: [1_000, 2_000],
        ending: Ending::ByTheMoves,
        clock: None,
        hinted,
    };
    file_of(
        3,
        &postcard::to_stdvec(&header).expect("header encodes"),
        &postcard::to_stdvec(&record).expect("record encodes"),
    )
}

#[test]
fn the_moves_played_after_a_hint_are_kept_in_the_documented_version_3_layout() {
    let bytes = version_3_chess(vec![0, 2]);
    let loaded = SavedGame::from_bytes(&bytes).expect("a handmade version 3 save loads");
    assert_eq!(loaded.hinted, [0, 2]);
    assert!(loaded.review.is_none(), "version 3 kept no review");
    let again = SavedGame::from_bytes(&loaded.to_bytes().expect("encodes")).expect("loads");
    assert_eq!(again.hinted, [0, 2], "and keeps them in the current format");
    for bad in [vec![3], vec![2, 0], vec![1, 1]] {
        let error = SavedGame::from_bytes(&version_3_chess(bad.clone()))
            .err()
            .unwrap_or_else(|| panic!("{bad:?} is refused"));
        assert!(error.to_string().contains("hint"), "{bad:?}: {error}");
    }
}

/// The game record of format version 4 as docs/save-format.md lists it: version 3's,
/// then the review.
#[derive(Serialize)]
struct RecordV4<'a> {
    start: &'a str,
    moves: Vec<&'a str>,
    seats: Vec<Seat<'a>>,
    time_used_ms: [u64; 2],
    ending: Ending,
    clock: Option<Clock>,
    hinted: Vec<u32>,
    review: Option<Review<'a>>,
}

/// A review as docs/save-format.md lists it.
#[derive(Serialize)]
struct Review<'a> {
    per_position_ms: u64,
    positions: Vec<Verdict<'a>>,
}

/// One position's verdict as docs/save-format.md lists it.
#[derive(Serialize)]
struct Verdict<'a> {
    score: i32,
    depth: u32,
    best: Option<&'a str>,
}

fn version_4_reviewed(bests: [&str; 3]) -> Vec<u8> {
    let header = Header {
        title: "Reviewed",
        mode: "chess",
        rules_version: 1,
        created_ms: 1_795_258_320_000,
        updated_ms: 1_795_258_380_000,
        move_count: 2,
        to_move: Side::First,
        result: Result_::InProgress,
    };
    let verdict = |score, best| Verdict {
        score,
        depth: 12,
        best: Some(best),
    };
    let record = RecordV4 {
        start: CHESS_START,
        moves: vec!["e2e4", "f7f6"],
        seats: vec![],
        time_used_ms: [1_000, 2_000],
        ending: Ending::ByTheMoves,
        clock: None,
        hinted: vec![],
        review: Some(Review {
            per_position_ms: 500,
            positions: vec![
                verdict(30, bests[0]),
                verdict(25, bests[1]),
                verdict(140, bests[2]),
            ],
        }),
    };
    file_of(
        4,
        &postcard::to_stdvec(&header).expect("header encodes"),
        &postcard::to_stdvec(&record).expect("record encodes"),
    )
}

#[test]
fn a_review_is_kept_in_the_documented_version_4_layout() {
    let bytes = version_4_reviewed(["e2e4", "e7e5", "d2d4"]);
    let loaded = SavedGame::from_bytes(&bytes).expect("a handmade version 4 save loads");
    let review = loaded.review.as_ref().expect("reviewed");
    assert_eq!(review.per_position.as_millis(), 500);
    assert_eq!(review.positions.len(), 3);
    assert_eq!(review.positions[2].score, ply_core::Score(140));
    assert_eq!(review.positions[1].best.as_deref(), Some("e7e5"));
    assert_eq!(
        loaded.to_bytes().expect("encodes"),
        bytes,
        "and is written back as it was"
    );
    let summary = review.summary(&*loaded.game).expect("fits the game");
    assert_eq!(summary.moves[0].class, ply_core::MoveClass::Best);
    assert!(summary.moves[1].class >= ply_core::MoveClass::Inaccuracy);
    let error = SavedGame::from_bytes(&version_4_reviewed(["e2e4", "e7e4", "d2d4"]))
        .err()
        .expect("a review naming an illegal move is refused");
    assert!(error.to_string().contains("review"), "{error}");
}

#[test]
fn endings_and_levels_in_the_documented_layout_load() {
    use ply_core::{EndReason, Outcome, Player};
    let fools_mate = ["f2f3", "e7e5", "g2g4", "d8h4"];
    let cases = [
        (
            &fools_mate[..],
            Side::First,
            Result_::Won(Side::Second),
            Ending::ByTheMoves,
            Level::Easy,
            Outcome::Win {
                winner: Player::Second,
                reason: EndReason::Checkmate,
            },
            ply_modes::Level::at(4),
        ),
        (
            &fools_mate[..2],
            Side::First,
            Result_::Won(Side::Second),
            Ending::Resigned(Side::First),
            Level::Medium,
            Outcome::Win {
                winner: Player::Second,
                reason: EndReason::Resignation,
            },
            ply_modes::Level::at(5),
        ),
        (
            &fools_mate[..1],
            Side::Second,
            Result_::Drawn,
            Ending::DrawAgreed,
            Level::Hard,
            Outcome::Draw {
                reason: EndReason::DrawAgreed,
            },
            ply_modes::Level::at(6),
        ),
    ];
    for (moves, to_move, result, ending, level, outcome, loaded_level) in cases {
        let bytes = Handmade {
            mode: "chess",
            rules_version: 1,
            moves,
            to_move,
            result,
            ending,
            level,
        }
        .bytes();
        let loaded = SavedGame::from_bytes(&bytes).expect("loads");
        assert_eq!(loaded.game.outcome(), Some(outcome));
        assert_eq!(
            loaded.seats[1].controller,
            ply_save::Controller::Computer(loaded_level)
        );
    }
    let resigned_after_mate = Handmade {
        mode: "chess",
        rules_version: 1,
        moves: &fools_mate,
        to_move: Side::First,
        result: Result_::Won(Side::Second),
        ending: Ending::Resigned(Side::First),
        level: Level::Easy,
    };
    let error = SavedGame::from_bytes(&resigned_after_mate.bytes())
        .err()
        .expect("refused");
    assert!(
        error
            .to_string()
            .contains("the recorded end of the game cannot happen"),
        "{error}"
    );
}

#[test]
fn a_rung_of_the_ladder_loads_and_a_rung_it_lacks_is_refused() {
    let handmade = |level| Handmade {
        mode: "chess",
        rules_version: 1,
        moves: &["e2e4"],
        to_move: Side::Second,
        result: Result_::InProgress,
        ending: Ending::ByTheMoves,
        level,
    };
    let loaded = SavedGame::from_bytes(&handmade(Level::Rung(3)).bytes()).expect("loads");
    assert_eq!(
        loaded.seats[1].controller,
        ply_save::Controller::Computer(ply_modes::Level::at(3))
    );
    for missing in [0, 9, 200] {
        let error = SavedGame::from_bytes(&handmade(Level::Rung(missing)).bytes())
            .err()
            .expect("refused");
        assert!(is_refusal(&error), "{missing}: {error:?}");
        assert!(error.to_string().contains("level"), "{error}");
    }
}

#[test]
fn every_truncation_of_a_real_save_is_refused() {
    let dir = tempfile::tempdir().expect("temporary folder");
    for bytes in real_saves() {
        for len in 0..bytes.len() {
            let cut = &bytes[..len];
            match SavedGame::from_bytes(cut) {
                Err(error) => assert!(is_refusal(&error), "{len}: {error:?}"),
                Ok(_) => panic!("a save cut to {len} of {} bytes loaded", bytes.len()),
            }
            let path = dir.path().join("cut.ply");
            std::fs::write(&path, cut).expect("writes");
            // The listing reads only the header: it must refuse exactly the cuts that
            // reach into the header, and never panic.
            if let Err(error) = read_summary(&path) {
                assert!(is_refusal(&error), "{len}: {error:?}");
            }
        }
    }
}

#[test]
fn each_refusal_names_what_is_wrong() {
    let newer_format = {
        let mut bytes = chess_save("chess", 1, &[], Side::First);
        bytes[8] = 5;
        bytes
    };
    let cases = [
        (
            b"PK\x03\x04 a zip file".to_vec(),
            "this is not a Plyground save file",
        ),
        (
            newer_format,
            "this save was made by a newer version of Plyground (save format 5; this version reads formats up to 4); update the game to open it",
        ),
        (
            chess_save("chess", 99, &[], Side::First),
            "chess rules version 99; this version knows up to",
        ),
        (
            chess_save("go", 1, &[], Side::First),
            "does not know ('go')",
        ),
        (
            chess_save("chess", 1, &["e2e4", "e7e5", "e1e3"], Side::Second),
            "this save cannot be replayed: move 3 (e1e3) is not allowed",
        ),
        (
            chess_save("checkers", 1, &[], Side::First),
            "this save cannot be replayed: the start position cannot be used: invalid position",
        ),
        (
            chess_save("chess", 1, &["e2e4", "e7e5"], Side::Second),
            "the header does not agree with the game's moves",
        ),
    ];
    for (bytes, expected) in cases {
        let error = SavedGame::from_bytes(&bytes).err().expect("refused");
        assert!(error.to_string().contains(expected), "{error}");
    }
    let mut flipped = chess_save("chess", 1, &["e2e4"], Side::Second);
    let last = flipped.len() - 1;
    flipped[last] ^= 1;
    let error = SavedGame::from_bytes(&flipped).err().expect("refused");
    assert_eq!(
        error.to_string(),
        "this save is damaged and cannot be opened (the game record does not match its checksum)"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6000))]

    #[test]
    fn bit_flips_are_refused(
        which in 0usize..3,
        flips in prop::collection::vec(any::<prop::sample::Index>(), 1..=3),
    ) {
        let mut bytes = real_saves()[which].clone();
        let bits = bytes.len() * 8;
        let mut positions: Vec<usize> = flips.iter().map(|flip| flip.index(bits)).collect();
        positions.sort_unstable();
        positions.dedup();
        for bit in positions {
            bytes[bit / 8] ^= 1 << (bit % 8);
        }
        match SavedGame::from_bytes(&bytes) {
            Err(error) => prop_assert!(is_refusal(&error), "{error:?}"),
            Ok(_) => prop_assert!(false, "a save with flipped bits loaded"),
        }
    }

    #[test]
    fn random_bytes_are_refused(bytes in prop::collection::vec(any::<u8>(), 0..2048)) {
        let error = SavedGame::from_bytes(&bytes).err();
        prop_assert!(error.as_ref().is_some_and(is_refusal), "{error:?}");
    }

    #[test]
    fn random_sections_behind_valid_checksums_never_panic(
        header in prop::collection::vec(any::<u8>(), 0..256),
        record in prop::collection::vec(any::<u8>(), 0..1024),
    ) {
        let bytes = file_of(1, &header, &record);
        if let Err(error) = SavedGame::from_bytes(&bytes) {
            prop_assert!(is_refusal(&error), "{error:?}");
        }
    }

    #[test]
    fn random_moves_in_a_well_formed_save_never_panic(
        moves in prop::collection::vec("[a-h][1-8][a-h][1-8][qrbn]?|[ -~]{0,6}", 0..12),
    ) {
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        let to_move = if moves.len().is_multiple_of(2) { Side::First } else { Side::Second };
        match SavedGame::from_bytes(&chess_save("chess", 1, &moves, to_move)) {
            Ok(loaded) => prop_assert_eq!(loaded.game.move_texts(), moves),
            Err(error) => prop_assert!(is_refusal(&error), "{error:?}"),
        }
    }
}
