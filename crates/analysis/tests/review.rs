//! The review and the live analysis against positions whose answer is plain: a queen
//! left to be taken is a blunder and taking it is best, a cancelled review stops at
//! once, and the live lines are legal, distinct and ordered.

use ply_analysis::{LiveAnalysis, ReviewJob, ReviewSettings, review_game};
use ply_core::{MoveClass, Player};
use ply_modes::{AnyGame, find_mode};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

fn chess_game(moves: &str) -> Box<dyn AnyGame> {
    let mode = find_mode("chess").expect("chess");
    let moves: Vec<String> = moves.split_whitespace().map(str::to_string).collect();
    mode.replay(None, &moves).expect("legal moves")
}

fn at_depth(depth: u32) -> ReviewSettings {
    ReviewSettings {
        depth: Some(depth),
        ..ReviewSettings::default()
    }
}

#[test]
fn a_hung_queen_is_a_blunder_and_taking_it_is_best() {
    // 1. e4 e5 2. Nf3 Qg5?? 3. Nxg5
    let game = chess_game("e2e4 e7e5 g1f3 d8g5 f3g5");
    let stop = AtomicBool::new(false);
    let mut seen = Vec::new();
    let review = review_game(&*game, &at_depth(7), &stop, &mut |done, total| {
        seen.push((done, total))
    })
    .expect("reviewed");
    assert_eq!(
        seen.last(),
        Some(&(6, 6)),
        "progress reaches every position"
    );
    assert_eq!(review.positions.len(), 6);
    let summary = review.summary(&*game).expect("the review fits its game");
    let classes: Vec<MoveClass> = summary.moves.iter().map(|m| m.class).collect();
    assert_eq!(classes[3], MoveClass::Blunder, "{classes:?}");
    assert_eq!(classes[4], MoveClass::Best, "{classes:?}");
    assert_eq!(review.positions[4].best.as_deref(), Some("f3g5"));
    assert!(summary.moves[3].before - summary.moves[3].after > 0.3);
    let white = summary.accuracy[Player::First.index()].expect("white moved");
    let black = summary.accuracy[Player::Second.index()].expect("black moved");
    assert!(white > black + 20.0, "white {white}, black {black}");
    assert!(summary.classes_text(Player::Second).ends_with("blunder"));
}

#[test]
fn a_review_job_reports_progress_and_stops_when_cancelled() {
    let game = chess_game("e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7");
    let settings = ReviewSettings {
        per_position: Duration::from_secs(30),
        ..ReviewSettings::default()
    };
    let job = ReviewJob::start(game, settings, None);
    assert_eq!(job.progress().total, 11);
    std::thread::sleep(Duration::from_millis(100));
    let asked = Instant::now();
    job.cancel();
    let outcome = loop {
        if let Some(outcome) = job.poll() {
            break outcome;
        }
        assert!(
            asked.elapsed() < Duration::from_secs(5),
            "the review did not stop"
        );
        std::thread::sleep(Duration::from_millis(5));
    };
    assert_eq!(outcome, Err(ply_analysis::ReviewError::Cancelled));
    assert!(job.progress().done < 2);
}

#[test]
fn a_finished_review_job_gives_the_same_review_as_the_call() {
    let game = chess_game("e2e4 e7e5 g1f3 d8g5 f3g5");
    let job = ReviewJob::start(game.clone_box(), at_depth(5), None);
    let review = loop {
        if let Some(outcome) = job.poll() {
            break outcome.expect("reviewed");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    assert_eq!(job.progress().done, 6);
    let direct = review_game(
        &*game,
        &at_depth(5),
        &AtomicBool::new(false),
        &mut |_, _| {},
    )
    .expect("reviewed");
    assert_eq!(review.positions.len(), direct.positions.len());
    assert!(review.summary(&*game).is_some());
}

#[test]
fn the_live_lines_are_legal_distinct_and_best_first() {
    let game = chess_game("e2e4 e7e5 g1f3");
    let live = LiveAnalysis::start(&*game, 3, 1, None);
    let started = Instant::now();
    let view = loop {
        let view = live.view();
        if view.lines.len() == 3 && view.lines[0].depth >= 6 {
            break view;
        }
        assert!(started.elapsed() < Duration::from_secs(20), "{view:?}");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(view.searching, "it goes on until stopped");
    let legal = game.legal_moves();
    let firsts: Vec<_> = view
        .lines
        .iter()
        .map(|line| line.best.expect("a move"))
        .collect();
    for first in &firsts {
        assert!(legal.contains(first));
    }
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    assert!(
        view.lines
            .windows(2)
            .all(|pair| pair[0].score >= pair[1].score)
    );
    assert!(view.exact.is_none(), "chess has no solver");
    live.stop();
}
