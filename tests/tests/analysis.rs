//! The analysis board's certainty in Connect Four agrees with the published solver
//! benchmark: for every position of the easy sets the exact value the analysis gives
//! (`AnyGame::solve`, which the live analysis and the review use) is the published
//! score; and a review of a Connect Four game where a win was missed calls that move a
//! blunder from the solver's proof.

use ply_analysis::{ReviewSettings, review_game};
use ply_core::{MoveClass, Score};
use ply_modes::find_mode;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// A Connect Four score as the benchmark files write it: 22 less the counters the
/// winner has used when it wins (positive when the side to move wins), 0 for a draw.
fn published_form(score: Score, plies_played: u32) -> i32 {
    let Some(to_end) = score.plies_to_end() else {
        assert_eq!(score, Score::ZERO, "an exact value is a result");
        return 0;
    };
    let own = plies_played / 2;
    let theirs = plies_played - own;
    if score.0 > 0 {
        22 - (own + to_end.div_ceil(2)) as i32
    } else {
        -(22 - (theirs + to_end / 2) as i32)
    }
}

#[test]
fn the_exact_value_agrees_with_the_benchmark_sets() {
    let mode = find_mode("connect4").expect("mode");
    let folder = ply_tests::test_data().join("connect4");
    let stop = AtomicBool::new(false);
    for set in ["Test_L3_R1", "Test_L2_R1", "Test_L1_R1"] {
        let text = std::fs::read_to_string(folder.join(set)).expect("benchmark set");
        for line in text.lines().take(40) {
            let (moves, score) = line.split_once(' ').expect("moves and score");
            let published: i32 = score.parse().expect("a score");
            let game = mode.from_position(moves).expect("a position");
            let deadline = Instant::now() + Duration::from_secs(10);
            let exact = game.solve(deadline, &stop).expect("solved in time");
            assert_eq!(
                published_form(exact.score, moves.len() as u32),
                published,
                "{set}: {moves}"
            );
            let best = exact.best.expect("a move");
            let mut after = game.clone_box();
            after.play(best).expect("legal");
            let kept = after
                .solve(deadline, &stop)
                .map(|reply| -reply.score)
                .unwrap_or_else(|| match after.outcome().and_then(|o| o.winner()) {
                    Some(_) => Score::WIN,
                    None => Score::ZERO,
                });
            assert_eq!(
                kept.0.signum(),
                exact.score.0.signum(),
                "{set}: {moves}: the move keeps the result"
            );
        }
    }
}

#[test]
fn a_missed_win_in_connect_four_is_a_blunder() {
    let mode = find_mode("connect4").expect("mode");
    // Red has three in the bottom row (columns 1, 2, 3) and Yellow stacks on 1 and 2;
    // Red then plays 7 instead of 4, Yellow blocks at 4.
    let moves: Vec<String> = ["1", "1", "2", "2", "3", "3", "7", "4"]
        .map(String::from)
        .to_vec();
    let game = mode.replay(None, &moves).expect("legal");
    let settings = ReviewSettings {
        per_position: Duration::from_millis(300),
        ..ReviewSettings::default()
    };
    let review =
        review_game(&*game, &settings, &AtomicBool::new(false), &mut |_, _| {}).expect("done");
    assert_eq!(review.positions[6].best.as_deref(), Some("4"), "the win");
    assert!(review.positions[6].score.is_decisive());
    let summary = review.summary(&*game).expect("fits");
    assert_eq!(summary.moves[6].class, MoveClass::Blunder);
    assert_eq!(summary.moves[7].class, MoveClass::Best, "blocking is best");
}
