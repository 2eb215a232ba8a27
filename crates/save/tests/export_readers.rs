//! Game records read back by independent readers: PGN of random games of chess, atomic
//! and king of the hill by python-chess, PDN of random checkers games by pydraughts.
//! Each reader replays the moves on its own rules and must find the same moves, the
//! same result tag and, for games the rules ended, the same result on the board; timed
//! chess games also the same time control and the clock after every move, and reviewed
//! chess games the same evaluation and annotation (NAG) after every move, for made-up
//! reviews of random games and for a review searched by the engine.
//! Needs a Python with both libraries (`.ci/setup-python-tests` installs them; set
//! `PLY_PYTHON` to use another interpreter than `python3`); without one the tests fail
//! saying so.

mod common;

use common::{Dice, random_game, saved};
use ply_core::{EndReason, Outcome, Player, Score, TimeControl};
use ply_modes::{AnyGame, Limits, find_mode, replay};
use ply_save::{Format, PositionVerdict, SavedClock, SavedGame, SavedReview, export};
use std::path::Path;
use std::process::Command;
use std::sync::atomic::AtomicBool;
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

/// The value of a game's last position when the game is over: a win or loss on the
/// spot, or a draw, from the first player's view.
fn final_score(outcome: Outcome) -> Score {
    match outcome.winner() {
        Some(Player::First) => Score::win_in(0),
        Some(Player::Second) => Score::loss_in(0),
        None => Score::ZERO,
    }
}

/// A made-up review of `game`: random values of up to eight pawns, one position in
/// eight a proven win or loss a few plies away, and the true value where the moves
/// ended the game.
fn made_up_review(seed: u64, game: &dyn AnyGame) -> SavedReview {
    let mut dice = Dice(seed * 104_729);
    let plies = game.moves().len();
    let positions = (0..=plies)
        .map(|ply| {
            let score = match game.outcome() {
                Some(outcome) if ply == plies && ended_by_the_moves(Some(outcome)) => {
                    final_score(outcome)
                }
                _ if dice.below(8) == 0 => {
                    let distance = 1 + dice.below(9) as u32;
                    if dice.below(2) == 0 {
                        Score::win_in(distance)
                    } else {
                        Score::loss_in(distance)
                    }
                }
                _ => Score(dice.below(1601) as i32 - 800),
            };
            PositionVerdict {
                score,
                depth: 6,
                best: None,
            }
        })
        .collect();
    SavedReview {
        per_position: Duration::from_millis(100),
        positions,
    }
}

/// A save of the game `seed`, timed for every third seed (each move leaves its mover a
/// different, made-up time) and reviewed, with a made-up review, for every odd seed.
fn timed_save(seed: u64, game: &dyn AnyGame) -> SavedGame {
    let mut save = saved(&format!("Random {seed}"), game.clone_box());
    if seed % 2 == 1 {
        save.review = Some(made_up_review(seed, game));
    }
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

/// A score of the first player's view as python-chess reads `%eval` back, from White's
/// view: "cp:17" in centipawns, "#3" or "#-2" for a win or loss in so many moves, "-"
/// where the game was over (no evaluation written).
fn python_eval(score: Score) -> String {
    match score.plies_to_end() {
        Some(0) => "-".to_string(),
        Some(plies) if score.0 > 0 => format!("#{}", plies.div_ceil(2)),
        Some(plies) => format!("#-{}", plies.div_ceil(2)),
        None => format!("cp:{}", score.0),
    }
}

/// The evaluations and NAGs python-chess should read after each move of a save, as
/// `read_pgn.py` prints them ("-" for none).
fn expected_review(save: &SavedGame) -> (String, String) {
    let plies = save.game.moves().len();
    let Some(review) = &save.review else {
        let none = vec!["-"; plies].join(" ");
        return (none.clone(), none);
    };
    let summary = review
        .summary(save.game.as_ref())
        .expect("the review fits its game");
    let evals: Vec<String> = review.positions[1..]
        .iter()
        .map(|verdict| python_eval(verdict.score))
        .collect();
    let nags: Vec<String> = summary
        .moves
        .iter()
        .map(|verdict| {
            verdict
                .class
                .nag()
                .map_or_else(|| "-".to_string(), |nag| nag.to_string())
        })
        .collect();
    (evals.join(" "), nags.join(" "))
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
        let (evals, nags) = expected_review(&save);
        assert_eq!(line[5], evals, "evaluations read back");
        assert_eq!(line[6], nags, "NAGs read back");
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

/// A review of `game` searched by the engine to a fixed depth, as the review would
/// make it: each position's value from the first player's view and the move preferred.
fn searched_review(game: &dyn AnyGame, depth: u32) -> SavedReview {
    let mode = find_mode(game.mode_id()).expect("registered mode");
    let mut replayed = mode.new_game();
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut positions = Vec::new();
    let moves = game.move_texts();
    for ply in 0..=moves.len() {
        let verdict = match replayed.outcome() {
            Some(outcome) => PositionVerdict {
                score: final_score(outcome),
                depth: 0,
                best: None,
            },
            None => {
                let thought = replayed.analyse(&limits, &AtomicBool::new(false), &mut |_| {});
                let score = if replayed.to_move() == Player::First {
                    thought.score
                } else {
                    -thought.score
                };
                PositionVerdict {
                    score,
                    depth: thought.depth,
                    best: thought.best.and_then(|code| replayed.move_text(code)),
                }
            }
        };
        positions.push(verdict);
        if let Some(text) = moves.get(ply) {
            replayed.play_text(text).expect("the game's own move");
        }
    }
    SavedReview {
        per_position: Duration::ZERO,
        positions,
    }
}

#[test]
fn python_chess_reads_a_searched_review_back() {
    // A queen left to a knight (2... Qg5??), and the fool's mate (2. g4?? Qh4#).
    let games = [
        vec!["e2e4", "e7e5", "g1f3", "d8g5", "f3g5"],
        vec!["f2f3", "e7e5", "g2g4", "d8h4"],
    ];
    let folder = tempfile::tempdir().expect("temporary folder");
    let file = folder.path().join("reviewed.pgn");
    let mut saves = Vec::new();
    let mut records = String::new();
    for (index, moves) in games.iter().enumerate() {
        let game = replay("chess", None, moves.iter().copied()).expect("legal moves");
        let mut save = saved(&format!("Reviewed {index}"), game);
        save.review = Some(searched_review(save.game.as_ref(), 4));
        records += &export(&save, Format::Pgn).expect("PGN fits chess");
        records.push('\n');
        saves.push(save);
    }
    std::fs::write(&file, &records).expect("records written");
    let lines = read_back("read_pgn.py", &file);
    assert_eq!(lines.len(), saves.len(), "one line per game read back");
    for (save, line) in saves.iter().zip(&lines) {
        let (evals, nags) = expected_review(save);
        assert_eq!(line[5], evals, "evaluations read back from\n{records}");
        assert_eq!(line[6], nags, "NAGs read back from\n{records}");
    }
    let nag_of = |game: usize, ply: usize| lines[game][6].split(' ').nth(ply).map(str::to_string);
    assert_eq!(
        nag_of(0, 3).as_deref(),
        Some("4"),
        "2... Qg5 read as a blunder ($4)"
    );
    assert_eq!(
        nag_of(1, 2).as_deref(),
        Some("4"),
        "2. g4 read as a blunder ($4)"
    );
    assert!(
        lines[1][5].ends_with("#-1 -"),
        "g4 allows mate in one: {}",
        lines[1][5]
    );
}
