//! Connect Four on Maximum plays perfectly: in every position of the solver benchmark
//! sets it plays a move that keeps the published result (a winning move in every won
//! position, a drawing move in every drawn one), and from the empty board it plays the
//! centre and wins every game whatever the opponent does, each move through the same
//! `think` the game uses and within a second. The committed opening book loads and its
//! moves agree with the solver.

use ply_core::Player;
use ply_games::connect4::ConnectFour;
use ply_games::connect4::book::Book;
use ply_games::connect4::solver::{Board, Limits, Solver};
use ply_modes::{AnyGame, Level, Request, find_mode};
use std::sync::atomic::AtomicBool;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// The most a move may take (the bound for this machine).
const MOVE_TIME: Duration = Duration::from_secs(1);
/// The computer's budget: a little under the bound, which leaves room for the ordinary
/// search's last iteration to return when the solver cannot finish.
const BUDGET: Duration = Duration::from_millis(950);

fn maximum() -> Request {
    Request {
        level: Level::FULL,
        budget: BUDGET,
        seed: 0,
        whole_budget: false,
    }
}

/// The tests of this file take turns: each measures time per move, which tests running
/// side by side on a small machine would distort.
fn one_at_a_time() -> MutexGuard<'static, ()> {
    static TURN: Mutex<()> = Mutex::new(());
    TURN.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The computer's move in `game` and how long it took to choose.
fn computer_move(game: &dyn AnyGame) -> (String, Duration) {
    let started = Instant::now();
    let thought = game.think(&maximum(), &AtomicBool::new(false), &mut |_| {});
    let took = started.elapsed();
    let column = thought.line.first().cloned();
    (
        column.unwrap_or_else(|| panic!("no move in {}", game.position_text())),
        took,
    )
}

/// The result (1 won, 0 drawn, -1 lost) of `moves` for the side to move, by the solver.
fn result_of(checker: &mut Solver, moves: &str) -> i32 {
    let position = ConnectFour::from_moves(moves).unwrap();
    if position.is_won() {
        return -1;
    }
    if position.is_full() {
        return 0;
    }
    checker
        .outcome(&Board::of(&position), &Limits::default())
        .unwrap()
}

#[test]
fn maximum_keeps_the_result_of_every_benchmark_position_within_a_second() {
    let _turn = one_at_a_time();
    let mode = find_mode("connect4").unwrap();
    let mut checker = Solver::new(22);
    let folder = ply_tests::test_data().join("connect4");
    for set in ["Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1"] {
        let text = std::fs::read_to_string(folder.join(set)).unwrap();
        let (mut won, mut slowest) = (0, Duration::ZERO);
        for line in text.lines() {
            let (moves, score) = line.split_once(' ').unwrap();
            let published: i32 = score.parse().unwrap();
            let game = mode.from_position(moves).unwrap();
            let (column, took) = computer_move(&*game);
            assert!(took <= MOVE_TIME, "{set}: {moves} took {took:?}");
            slowest = slowest.max(took);
            let after = -result_of(&mut checker, &format!("{moves}{column}"));
            assert_eq!(after, published.signum(), "{set}: {moves} then {column}");
            won += usize::from(published > 0);
        }
        assert!(won > 100, "{set}: only {won} won positions");
        eprintln!("{set}: a winning move in all {won} won positions, slowest {slowest:?}");
    }
}

/// A small random number generator, so that the opponent's games can be replayed.
struct Dice(u64);

impl Dice {
    fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % bound as u64) as usize
    }
}

#[test]
fn maximum_opens_in_the_centre_and_wins_every_game_as_red() {
    let _turn = one_at_a_time();
    let mode = find_mode("connect4").unwrap();
    let (opening, took) = computer_move(&*mode.new_game());
    assert_eq!(opening, "4");
    assert!(took <= MOVE_TIME, "the first move took {took:?}");
    let mut dice = Dice(0x005E_EDC4);
    for game_number in 0..12 {
        let mut game = mode.new_game();
        let mut slowest = Duration::ZERO;
        while game.outcome().is_none() {
            if game.to_move() == Player::First {
                let (column, took) = computer_move(&*game);
                slowest = slowest.max(took);
                game.play_text(&column).unwrap();
            } else {
                let moves = game.legal_moves();
                game.play(moves[dice.below(moves.len())]).unwrap();
            }
        }
        let record = game.move_texts().concat();
        assert_eq!(
            game.outcome().and_then(|outcome| outcome.winner()),
            Some(Player::First),
            "game {game_number}: {record}"
        );
        assert!(
            slowest <= MOVE_TIME,
            "game {game_number}: {record}: {slowest:?}"
        );
    }
}

#[test]
fn the_committed_book_loads_and_its_moves_keep_the_result() {
    let _turn = one_at_a_time();
    let book = Book::committed().expect("the committed book reads");
    assert!(book.len() > 20, "only {} positions", book.len());
    let (opening, result) = book.lookup(&Board::empty()).expect("the empty board");
    assert_eq!((opening.number(), result), (4, 1));
    // A book move keeps the result when every reply leaves a position worth as much:
    // one the book holds with that result, or one the solver settles. Positions two
    // layers above the deepest have all their replies' positions worked out, in the
    // book or quickly solved; a sample of them is checked.
    let deepest = book
        .entries()
        .map(|(board, _, _)| board.plies())
        .max()
        .unwrap();
    let mut checker = Solver::new(22);
    let unlimited = Limits::default();
    let mut checked = 0;
    for (board, mv, result) in book.entries() {
        if board.plies() + 2 != deepest || result < 0 || checked == 8 {
            continue;
        }
        checked += 1;
        if board.wins_with(mv.column()) {
            continue;
        }
        let mut after = board;
        after.play(mv.column());
        for reply in (0..7).filter(|&reply| after.can_play(reply)) {
            assert!(!after.wins_with(reply), "{board:?}: a reply wins");
            let mut next = after;
            next.play(reply);
            let kept = match book.lookup(&next) {
                Some((_, kept)) => kept,
                None => checker.outcome(&next, &unlimited).unwrap(),
            };
            assert!(kept >= result, "{board:?} then {mv:?} and {reply}: {kept}");
        }
    }
    assert_eq!(checked, 8, "too few positions two layers above the deepest");
}
