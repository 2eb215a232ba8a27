//! Connect Four against its reference perft counts, its rules (wins in every direction,
//! the full-board draw, full columns), its position and move text, and the solver
//! benchmark positions of `tests/data/connect4`.

use ply_core::{
    EndReason, Heuristics, InputStyle, MoveCode, MoveError, Outcome, Player, PositionError,
    Present, Rules, Score,
};
use ply_games::connect4::{ConnectFour, Move};
use ply_tests::{check_perft_file, test_data};

/// Who owns the piece on a cell of the view, and what the mode calls that piece.
fn piece(view: &ply_core::BoardView, cell: usize) -> Option<(Player, &'static str)> {
    view.cells[cell]
        .piece
        .map(|(owner, kind)| (owner, ConnectFour::PIECES[usize::from(kind.0)].name))
}

fn position(text: &str) -> ConnectFour {
    ConnectFour::from_text(text).unwrap_or_else(|e| panic!("{e}"))
}

fn rejection(text: &str) -> PositionError {
    match ConnectFour::from_text(text) {
        Ok(position) => panic!("'{text}' was accepted as {position:?}"),
        Err(error) => error,
    }
}

fn moves_of(position: &ConnectFour) -> Vec<Move> {
    let mut moves = Vec::new();
    position.gen_moves(&mut moves);
    moves
}

fn column(number: u8) -> Move {
    Move::from_number(number).expect("a column from 1 to 7")
}

/// Plays `text` one move at a time, checking that nothing ends early, and returns the
/// final position.
fn play_through(text: &str) -> ConnectFour {
    let mut game = ConnectFour::start();
    for (index, symbol) in text.chars().enumerate() {
        assert_eq!(
            game.outcome(),
            None,
            "'{text}' ended before move {}",
            index + 1
        );
        let mv = game
            .parse_move(&symbol.to_string())
            .unwrap_or_else(|e| panic!("move {} of '{text}': {e}", index + 1));
        game.make(mv);
    }
    assert_eq!(game, position(text));
    game
}

/// Asserts that `text` ends with `winner` completing four on exactly `line` (0-based
/// column, row from the bottom) with its last move.
fn assert_wins_on_line(text: &str, winner: Player, line: [(usize, usize); 4]) {
    let won = play_through(text);
    assert_eq!(
        won.outcome(),
        Some(Outcome::Win {
            winner,
            reason: EndReason::FourInARow,
        })
    );
    assert!(moves_of(&won).is_empty(), "a won position has no moves");
    let view = won.view();
    for (column, row) in line {
        assert_eq!(
            piece(&view, view.index(column, row)),
            Some((winner, "counter")),
            "cell ({column}, {row}) of '{text}'"
        );
    }
}

#[test]
fn start_position_perft_counts() {
    assert_eq!(check_perft_file("connect4", "connect4", u64::MAX), 8);
}

#[test]
fn horizontal_four_wins() {
    assert_wins_on_line("1122334", Player::First, [(0, 0), (1, 0), (2, 0), (3, 0)]);
}

#[test]
fn vertical_four_wins() {
    assert_wins_on_line("1212121", Player::First, [(0, 0), (0, 1), (0, 2), (0, 3)]);
}

#[test]
fn rising_diagonal_four_wins() {
    assert_wins_on_line(
        "12233434644",
        Player::First,
        [(0, 0), (1, 1), (2, 2), (3, 3)],
    );
}

#[test]
fn falling_diagonal_four_wins_for_yellow() {
    assert_wins_on_line(
        "176655454244",
        Player::Second,
        [(3, 3), (4, 2), (5, 1), (6, 0)],
    );
}

/// Columns striped bottom-up Red/Yellow or Yellow/Red in the pattern R R Y Y R R Y
/// (by the bottom counter): no row, column or diagonal holds four of one colour.
#[test]
fn full_board_without_four_is_a_draw() {
    let text = "111111222222533333344444455555666667777776";
    assert_eq!(text.len(), 42);
    let full = play_through(text);
    assert_eq!(
        full.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::BoardFull,
        })
    );
    assert!(moves_of(&full).is_empty());
    assert_eq!(full.parse_move("6"), Err(MoveError::GameOver));
    let view = full.view();
    let bottom_row: Vec<Option<Player>> = (0..7)
        .map(|column| {
            view.cells[view.index(column, 0)]
                .piece
                .map(|(player, _)| player)
        })
        .collect();
    let (red, yellow) = (Some(Player::First), Some(Player::Second));
    assert_eq!(bottom_row, [red, red, yellow, yellow, red, red, yellow]);
}

#[test]
fn a_full_column_is_refused() {
    let stacked = position("444444");
    assert_eq!(stacked.outcome(), None);
    let moves = moves_of(&stacked);
    assert_eq!(moves.len(), 6);
    assert!(!moves.contains(&column(4)));
    assert_eq!(
        stacked.parse_move("4"),
        Err(MoveError::Illegal { text: "4".into() })
    );
    assert_eq!(stacked.legal_move_from_code(MoveCode(4)), None);
    assert_eq!(stacked.legal_move_from_code(MoveCode(3)), Some(column(3)));
}

#[test]
fn malformed_position_text_is_rejected_with_the_reason() {
    let cases = [
        ("4404", ["move 3", "'0'"]),
        ("4484", ["move 3", "'8'"]),
        ("44d4", ["move 3", "'d'"]),
        ("4444444", ["move 7", "column 4, which is already full"]),
        ("12121213", ["move 8", "Red already won"]),
        ("1766554542441", ["move 13", "Yellow already won"]),
        ("44 53", ["move 3", "' '"]),
    ];
    for (text, phrases) in cases {
        let error = rejection(text);
        assert_eq!(error.text, text);
        for phrase in phrases {
            assert!(
                error.reason.contains(phrase),
                "'{text}': '{}' lacks '{phrase}'",
                error.reason
            );
        }
    }
}

#[test]
fn position_text_round_trips_and_sets_the_turn() {
    assert_eq!(position(""), ConnectFour::start());
    assert_eq!(ConnectFour::start().to_text(), "");
    let middle = position(" 4453 ");
    assert_eq!(middle.to_text(), "4453");
    assert_eq!(middle.to_move(), Player::First);
    assert_eq!(position("44536").to_move(), Player::Second);
}

#[test]
fn transposed_move_orders_share_a_hash_but_not_a_text() {
    let one_way = position("123");
    let other_way = position("321");
    assert_eq!(one_way.hash(), other_way.hash());
    assert_eq!(one_way.hash(), one_way.recompute_hash());
    assert_ne!(one_way, other_way);
    assert_ne!(one_way.hash(), position("132").hash());
}

#[test]
fn move_text_and_codes_round_trip() {
    let here = position("4453");
    let moves = moves_of(&here);
    assert_eq!(moves.len(), 7);
    for mv in moves {
        let text = here.move_text(mv);
        assert_eq!(text, mv.number().to_string());
        assert_eq!(here.parse_move(&text), Ok(mv));
        assert_eq!(ConnectFour::move_code(mv), MoveCode(u64::from(mv.number())));
        assert_eq!(
            here.legal_move_from_code(ConnectFour::move_code(mv)),
            Some(mv)
        );
    }
    for garbage in ["", "0", "8", "a", "12", "-1", "\u{2463}"] {
        assert!(
            matches!(here.parse_move(garbage), Err(MoveError::Malformed { .. })),
            "'{garbage}' was not refused as malformed"
        );
    }
    for code in [0, 8, 1 << 40] {
        assert_eq!(here.legal_move_from_code(MoveCode(code)), None);
    }
    assert_eq!(
        position("1212121").parse_move("3"),
        Err(MoveError::GameOver)
    );
}

#[test]
fn board_view_drops_counters_into_columns() {
    let here = position("44");
    assert_eq!(ConnectFour::side_name(Player::First), "Red");
    assert_eq!(ConnectFour::side_name(Player::Second), "Yellow");
    let view = here.view();
    assert_eq!((view.width, view.height), (7, 6));
    assert_eq!(view.input, InputStyle::DropInColumn);
    assert!(!view.may_rotate && !view.checkered);
    assert_eq!(piece(&view, 3), Some((Player::First, "counter")));
    assert_eq!(piece(&view, 10), Some((Player::Second, "counter")));
    assert_eq!(view.cells.iter().filter(|c| c.piece.is_some()).count(), 2);
    assert_eq!(here.move_path(column(4)), vec![17]);
    assert_eq!(here.move_path(column(1)), vec![0]);
}

#[test]
fn evaluation_sees_wins_threats_and_the_centre() {
    assert_eq!(ConnectFour::start().evaluate(), Score::ZERO);
    assert!(position("4").evaluate() < Score::ZERO);
    assert!(position("1").evaluate() > position("4").evaluate());

    let red_can_win = position("121212");
    let mut noisy = Vec::new();
    red_can_win.noisy_moves(&mut noisy);
    assert_eq!(noisy, [column(1)]);
    assert!(red_can_win.evaluate() > Score(1_000));

    let yellow_faces_two_threats = position("27374");
    noisy.clear();
    yellow_faces_two_threats.noisy_moves(&mut noisy);
    assert!(noisy.is_empty());
    assert!(yellow_faces_two_threats.evaluate() < Score(-1_000));
}

/// One line of a benchmark file: the moves, the position and its recorded score.
struct Benchmark {
    moves: String,
    position: ConnectFour,
    score: i32,
}

fn benchmarks() -> Vec<Benchmark> {
    let folder = test_data().join("connect4");
    let mut files: Vec<_> = std::fs::read_dir(&folder)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", folder.display()))
        .map(|entry| entry.expect("a folder entry").path())
        .filter(|path| path.file_name().is_some_and(|name| name != "README.md"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 4, "{files:?}");
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
        for line in text.lines().filter(|line| !line.trim().is_empty()) {
            let (moves, score) = line
                .split_once(' ')
                .unwrap_or_else(|| panic!("'{line}' is not MOVES SCORE"));
            found.push(Benchmark {
                moves: moves.to_string(),
                position: position(moves),
                score: score.trim().parse().expect("a whole-number score"),
            });
        }
    }
    found
}

/// Every benchmark position parses, round-trips and is still being played, and its
/// score is within what is possible: at best a win with the side's next counter, at
/// worst a loss to the opponent's next counter (a draw when the last cell is all that
/// is left). The best score is recorded exactly when the side to move can win at once,
/// a loss to the next counter exactly when every move hands the opponent a win at once.
#[test]
fn benchmark_positions_are_valid_and_their_scores_consistent() {
    let all = benchmarks();
    assert_eq!(all.len(), 4000);
    let mut noisy = Vec::new();
    for Benchmark {
        moves,
        position,
        score,
    } in &all
    {
        assert_eq!(&position.to_text(), moves);
        assert_eq!(position.outcome(), None, "{moves} is already over");
        let legal = moves_of(position);
        assert!(!legal.is_empty(), "{moves} has no moves");
        let played = moves.len() as i32;
        let best = (43 - played) / 2;
        let worst = -(42 - played) / 2;
        assert!((worst..=best).contains(score), "{moves} {score}");
        noisy.clear();
        position.noisy_moves(&mut noisy);
        assert_eq!(!noisy.is_empty(), *score == best, "{moves} {score}");
        let every_move_loses_at_once = legal.iter().all(|&mv| {
            let mut after = *position;
            after.make(mv);
            noisy.clear();
            after.noisy_moves(&mut noisy);
            !noisy.is_empty()
        });
        assert_eq!(
            every_move_loses_at_once,
            worst < 0 && *score == worst,
            "{moves} {score}"
        );
    }
}
