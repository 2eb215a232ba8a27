//! Game records read back by independent readers: PGN of random games of chess, atomic
//! and king of the hill by python-chess, PDN of random checkers games by pydraughts.
//! Each reader replays the moves on its own rules and must find the same moves, the
//! same result tag and, for games the rules ended, the same result on the board; timed
//! chess games also the same time control and the clock after every move.
//! Needs a Python with both libraries (`.ci/setup-python-tests` installs them; set
//! `PLY_PYTHON` to use another interpreter than `python3`); without one the tests fail
//! saying so.

mod common;

use common::{Dice, random_game, saved};
use ply_core::{EndReason, Outcome, Player, TimeControl};
use ply_modes::{AnyGame, find_mode};
use ply_save::{Format, SavedClock, export};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// Random games written per mode.
const GAMES: u64 = 20;

/// The game `seed` of `mode_id`: even seeds are played out to their end, odd ones stop
/// early, and some of those end by resignation, an agreed draw or a clock run out.
fn game(mode_id: &str, seed: u64) -> Box<dyn AnyGame> {
    let mode = find_mode(mode_id).expect("registered mode");
    let mut dice = Dice(seed * 7919);
    if seed.is_multiple_of(2) {
        return random_game(mode, &mut dice, 5000);
    }
    let length = dice.below(120);
    let mut game = random_game(mode, &mut dice, length);
    if game.outcome().is_none() {
        match seed % 6 {
            1 => game.resign(game.to_move()).expect("resigns"),
            3 => game.agree_draw().expect("agrees"),
            5 => {
                game.run_out_of_time(game.to_move())
                    .expect("the game was going on");
            }
            _ => {}
        }
    }
    game
}

/// Whether the moves themselves ended the game (not a resignation or agreement).
fn ended_by_the_moves(outcome: Option<Outcome>) -> bool {
    outcome.is_some_and(|outcome| {
        !matches!(
            outcome.reason(),
            EndReason::Resignation
                | EndReason::DrawAgreed
                | EndReason::OutOfTime
                | EndReason::OutOfTimeNoMaterial
        )
    })
}

/// Runs a reader script on `file`; one line of tab-separated fields per game.
fn read_back(script: &str, file: &Path) -> Vec<Vec<String>> {
    let python = std::env::var("PLY_PYTHON").unwrap_or_else(|_| "python3".to_string());
    let script = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scripts")
        .join(script);
    let output = Command::new(&python)
        .arg(&script)
        .arg(file)
        .output()
        .unwrap_or_else(|e| {
            panic!("cannot run {python} ({e}); run .ci/setup-python-tests, or set PLY_PYTHON")
        });
    assert!(
        output.status.success(),
        "{} failed on {} (are python-chess and pydraughts installed? run \
         .ci/setup-python-tests): {}",
        script.display(),
        file.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .expect("the reader prints UTF-8")
        .lines()
        .map(|line| line.split('\t').map(str::to_string).collect())
        .collect()
}

/// Writes the random games of `mode_id` as one file of records, reads it back with
/// `script`, and hands each game with its line to `check`. Returns how many games
/// ended by the moves.
fn round_trip(
    mode_id: &str,
    format: Format,
    script: &str,
    check: impl Fn(u64, &dyn AnyGame, &[String]),
) -> usize {
    let folder = tempfile::tempdir().expect("temporary folder");
    let file = folder
        .path()
        .join(format!("{mode_id}.{}", format.extension()));
    let games: Vec<_> = (0..GAMES).map(|seed| game(mode_id, seed)).collect();
    let mut records = String::new();
    for (seed, game) in games.iter().enumerate() {
        let record = export(&timed_save(seed as u64, game.as_ref()), format)
            .expect("the format fits the mode");
        records += &record;
        records.push('\n');
    }
    std::fs::write(&file, records).expect("records written");
    let lines = read_back(script, &file);
    assert_eq!(lines.len(), games.len(), "one line per game read back");
    for (seed, (game, line)) in games.iter().zip(&lines).enumerate() {
        assert!(line.len() >= 3, "result, found result, moves: {line:?}");
        check(seed as u64, game.as_ref(), line);
    }
    let finished = games
        .iter()
        .filter(|game| ended_by_the_moves(game.outcome()))
        .count();
    println!(
        "{mode_id}: {} games read back, {finished} ended by the moves",
        games.len()
    );
    finished
}

/// The time control of the timed games: a quarter hour and ten seconds a move.
const CONTROL: TimeControl = TimeControl::minutes(15, 10);

/// A save of the game `seed`, timed for every third seed: each move leaves its mover a
/// different, made-up time.
fn timed_save(seed: u64, game: &dyn AnyGame) -> ply_save::SavedGame {
    let mut save = saved(&format!("Random {seed}"), game.clone_box());
    if seed.is_multiple_of(3) {
        let after_moves: Vec<Duration> = (0..game.moves().len() as u64)
            .map(|ply| CONTROL.base - Duration::from_secs(ply * 7 % 900))
            .collect();
        save.clock = Some(SavedClock {
            control: CONTROL,
            left: [Duration::from_secs(61), Duration::from_secs(93)],
            after_moves,
        });
    }
    save
}

/// The result token PGN and PDN write with `white`'s score first.
fn token(outcome: Option<Outcome>, white: Player) -> &'static str {
    match outcome {
        None => "*",
        Some(Outcome::Draw { .. }) => "1/2-1/2",
        Some(Outcome::Win { winner, .. }) if winner == white => "1-0",
        Some(Outcome::Win { .. }) => "0-1",
    }
}

fn check_pgn(mode_id: &str) {
    let finished = round_trip(mode_id, Format::Pgn, "read_pgn.py", |seed, game, line| {
        let outcome = game.outcome();
        assert_eq!(line[2], game.move_texts().join(" "), "moves read back");
        assert_eq!(line[0], token(outcome, Player::First), "result tag");
        let on_the_board = if ended_by_the_moves(outcome) {
            token(outcome, Player::First)
        } else {
            "*"
        };
        assert_eq!(
            line[1], on_the_board,
            "python-chess's result after {}",
            line[2]
        );
        let save = timed_save(seed, game);
        let (control, clocks) = match &save.clock {
            Some(clock) => (
                format!(
                    "{}+{}",
                    clock.control.base.as_secs(),
                    clock.control.increment.as_secs()
                ),
                clock
                    .after_moves
                    .iter()
                    .map(|left| left.as_secs().to_string())
                    .collect(),
            ),
            None => ("-".to_string(), vec!["-".to_string(); game.moves().len()]),
        };
        assert_eq!(line[3], control, "TimeControl tag");
        assert_eq!(line[4], clocks.join(" "), "clocks read back");
    });
    assert!(finished > 0, "some {mode_id} games end by the moves");
}

#[test]
fn python_chess_reads_chess_games_back() {
    check_pgn("chess");
}

#[test]
fn python_chess_reads_atomic_games_back() {
    check_pgn("atomic");
}

#[test]
fn python_chess_reads_king_of_the_hill_games_back() {
    check_pgn("koth");
}

#[test]
fn pydraughts_reads_checkers_games_back() {
    let finished = round_trip("checkers", Format::Pdn, "read_pdn.py", |_, game, line| {
        let outcome = game.outcome();
        assert_eq!(line[2], game.move_texts().join(" "), "moves read back");
        assert_eq!(line[0], token(outcome, Player::Second), "result tag");
        let winner = match outcome {
            _ if !ended_by_the_moves(outcome) => "*",
            Some(Outcome::Win {
                winner: Player::First,
                ..
            }) => "black",
            Some(Outcome::Win { .. }) => "white",
            Some(Outcome::Draw { .. }) => "draw",
            None => "*",
        };
        assert_eq!(line[1], winner, "pydraughts's winner after {}", line[2]);
    });
    assert!(finished > 0, "some checkers games end by the moves");
}
