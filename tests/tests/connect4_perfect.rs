//! Connect Four on Maximum plays perfectly: in every position of the solver benchmark
//! sets it plays a move that keeps the published exact value (the quickest win, the
//! draw, the longest resistance), through the same `think` the game uses, in time.

use ply_games::connect4::ConnectFour;
use ply_games::connect4::solver::{Board, Limits, Solver};
use ply_modes::{Level, Request, find_mode};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The most a move may take (the bound for this machine).
const MOVE_TIME: Duration = Duration::from_secs(1);

#[test]
fn maximum_keeps_the_exact_value_of_every_benchmark_position_within_a_second() {
    let mode = find_mode("connect4").unwrap();
    let request = Request {
        level: Level::Maximum,
        budget: MOVE_TIME,
        seed: 0,
    };
    let stop = AtomicBool::new(false);
    let mut checker = Solver::new(22);
    let folder = ply_tests::test_data().join("connect4");
    for set in ["Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1"] {
        let text = std::fs::read_to_string(folder.join(set)).unwrap();
        let mut slowest = Duration::ZERO;
        for line in text.lines() {
            let (moves, score) = line.split_once(' ').unwrap();
            let published: i32 = score.parse().unwrap();
            let game = mode.from_position(moves).unwrap();
            let started = Instant::now();
            let thought = game.think(&request, &stop, &mut |_| {});
            slowest = slowest.max(started.elapsed());
            let column = thought.line.first().unwrap_or_else(|| panic!("{moves}"));
            let after = ConnectFour::from_moves(&format!("{moves}{column}")).unwrap();
            let value = if after.is_won() {
                published
            } else if after.is_full() {
                0
            } else {
                -checker
                    .solve(&Board::of(&after), &Limits::default())
                    .unwrap()
            };
            assert_eq!(value, published, "{set}: {moves} then {column}");
        }
        assert!(slowest <= MOVE_TIME, "{set}: slowest move {slowest:?}");
    }
}
