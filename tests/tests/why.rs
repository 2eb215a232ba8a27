//! Every reason each mode gives for refusing a move, produced from a position that
//! calls for it and checked by its kind and by the squares it marks (and, for moves
//! that are legal, that they are judged legal). The random playouts of the conformance
//! check add that no legal move is ever explained as illegal.

use ply_core::{Attempt, WhyNot};
use ply_modes::{AnyGame, find_mode};

/// How the move is tried: as move text, or as the cells a person clicked.
enum Tried<'a> {
    Text(&'a str),
    Cells(&'a [usize]),
}

/// One refusal to check: where, what is tried, the kind expected, and cells that must
/// be among the marks.
struct Case<'a> {
    mode: &'a str,
    position: Option<&'a str>,
    moves: &'a [&'a str],
    tried: Tried<'a>,
    kind: &'a str,
    marks: &'a [usize],
}

fn game(mode: &str, position: Option<&str>, moves: &[&str]) -> Box<dyn AnyGame> {
    let mode = find_mode(mode).expect("a registered mode");
    let mut game = match position {
        Some(text) => mode.from_position(text).expect("a valid position"),
        None => mode.new_game(),
    };
    for text in moves {
        game.play_text(text).expect("a legal move on the way");
    }
    game
}

fn judge(case: &Case) -> Result<usize, WhyNot> {
    let game = game(case.mode, case.position, case.moves);
    let attempt = match case.tried {
        Tried::Text(text) => game.read_attempt(text).expect("readable move text"),
        Tried::Cells(cells) => Attempt::cells(cells.to_vec()),
    };
    game.judge(&attempt).map(|moves| moves.len())
}

fn check(cases: &[Case]) {
    let mut failures = Vec::new();
    for case in cases {
        let label = match case.tried {
            Tried::Text(text) => text.to_string(),
            Tried::Cells(cells) => format!("{cells:?}"),
        };
        match judge(case) {
            Ok(fitting) => failures.push(format!(
                "{} {label}: judged legal ({fitting} moves), expected {}",
                case.mode, case.kind
            )),
            Err(why) => {
                if why.kind != case.kind {
                    failures.push(format!(
                        "{} {label}: kind {} ('{}'), expected {}",
                        case.mode, why.kind, why.sentence, case.kind
                    ));
                }
                if let Some(missing) = case.marks.iter().find(|cell| !why.marks.contains(cell)) {
                    failures.push(format!(
                        "{} {label}: marks {:?} lack cell {missing}",
                        case.mode, why.marks
                    ));
                }
                let long = why.sentence.chars().count() > 76;
                if why.sentence.is_empty() || !why.sentence.ends_with('.') || long {
                    failures.push(format!(
                        "{} {label}: sentence '{}'",
                        case.mode, why.sentence
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A case tried by move text.
const fn text<'a>(
    mode: &'a str,
    position: Option<&'a str>,
    moves: &'a [&'a str],
    tried: &'a str,
    kind: &'a str,
    marks: &'a [usize],
) -> Case<'a> {
    Case {
        mode,
        position,
        moves,
        tried: Tried::Text(tried),
        kind,
        marks,
    }
}

/// A case tried by clicked cells.
const fn cells<'a>(
    mode: &'a str,
    position: Option<&'a str>,
    tried: &'a [usize],
    kind: &'a str,
    marks: &'a [usize],
) -> Case<'a> {
    Case {
        mode,
        position,
        moves: &[],
        tried: Tried::Cells(tried),
        kind,
        marks,
    }
}

#[test]
fn chess_explains_every_refusal() {
    let pin = Some("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    check(&[
        text("chess", None, &[], "e7e5", "not-your-turn", &[52]),
        text("chess", None, &[], "e4e5", "empty-square", &[28]),
        text("chess", None, &[], "d1d2", "own-piece", &[11]),
        text("chess", None, &[], "b1b3", "not-how-it-moves", &[1]),
        text("chess", None, &[], "e2e5", "pawn-wrong-way", &[12]),
        text(
            "chess",
            None,
            &[],
            "e2d3",
            "pawn-diagonal-only-to-take",
            &[19],
        ),
        text(
            "chess",
            None,
            &["e2e4", "e7e5"],
            "e4e5",
            "pawn-cannot-take-ahead",
            &[36],
        ),
        text("chess", None, &[], "f1c4", "blocked", &[12]),
        text(
            "chess",
            Some("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1"),
            &[],
            "e1f2",
            "king-would-be-in-check",
            &[11],
        ),
        text("chess", pin, &[], "e2c3", "pinned", &[4, 12, 52]),
        cells("chess", pin, &[12], "pinned", &[4, 12, 52]),
        text(
            "chess",
            Some("4k3/8/8/8/8/8/8/R3K2r w - - 0 1"),
            &[],
            "a1a2",
            "must-get-out-of-check",
            &[7],
        ),
        text(
            "chess",
            Some("r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1"),
            &[],
            "e1g1",
            "castle-king-moved",
            &[4],
        ),
        text(
            "chess",
            Some("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1"),
            &[],
            "e1g1",
            "castle-rook-moved",
            &[7],
        ),
        text("chess", None, &[], "e1g1", "castle-blocked", &[5]),
        text(
            "chess",
            Some("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1"),
            &[],
            "e1g1",
            "castle-out-of-check",
            &[60],
        ),
        text(
            "chess",
            Some("5rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1"),
            &[],
            "e1g1",
            "castle-through-check",
            &[61, 5],
        ),
        text(
            "chess",
            Some("6rk/7p/8/8/8/8/8/R3K2R w KQ - 0 1"),
            &[],
            "e1g1",
            "king-would-be-in-check",
            &[62],
        ),
        text("chess", None, &[], "e2e4q", "not-a-promotion", &[12]),
        cells("chess", None, &[0], "no-move", &[0]),
        cells("chess", None, &[70], "off-board", &[]),
        text(
            "chess",
            None,
            &["f2f3", "e7e5", "g2g4", "d8h4"],
            "e1f2",
            "game-over",
            &[],
        ),
    ]);
}

#[test]
fn chess_variants_explain_their_own_rules() {
    check(&[
        text(
            "atomic",
            Some("4k3/8/8/8/8/8/4p3/4K3 w - - 0 1"),
            &[],
            "e1e2",
            "king-cannot-capture",
            &[4, 12],
        ),
        text(
            "atomic",
            Some("4k3/8/8/8/8/8/R2pK3/8 w - - 0 1"),
            &[],
            "a2d2",
            "explodes-own-king",
            &[11, 12],
        ),
        text("hole", None, &[], "d2d4", "hole", &[27]),
        text(
            "hole",
            Some("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"),
            &[],
            "d1d8",
            "hole-in-the-way",
            &[27],
        ),
        cells("hole", None, &[27], "hole", &[27]),
        text("mega", None, &[], "i1k1", "no-castling", &[8]),
        text("lps", None, &[], "e1e2", "own-piece", &[12]),
        text(
            "koth",
            Some("4k3/8/8/8/3K4/8/8/8 b - - 0 1"),
            &[],
            "e8e7",
            "game-over",
            &[],
        ),
    ]);
}

#[test]
fn checkers_explains_every_refusal() {
    // Square n (1..32) shows on picture cell `cell(n)`.
    let cell = |square: usize| {
        let index = square - 1;
        let row = index / 4;
        let column = 2 * (index % 4) + usize::from(row.is_multiple_of(2));
        (7 - row) * 8 + column
    };
    let lone = Some("B:W30:B14");
    check(&[
        text("checkers", None, &[], "22-18", "not-your-turn", &[cell(22)]),
        text("checkers", None, &[], "15-19", "empty-square", &[cell(15)]),
        text(
            "checkers",
            lone,
            &[],
            "14-9",
            "man-forward-only",
            &[cell(14)],
        ),
        text("checkers", lone, &[], "14-22", "not-diagonal", &[cell(14)]),
        text(
            "checkers",
            Some("B:W30:B14,18"),
            &[],
            "14-18",
            "occupied",
            &[cell(18)],
        ),
        text(
            "checkers",
            Some("B:W18:B1,14"),
            &[],
            "1-5",
            "jump-compulsory",
            &[cell(14)],
        ),
        cells(
            "checkers",
            Some("B:W18:B1,14"),
            &[cell(1)],
            "jump-compulsory",
            &[cell(14)],
        ),
        text(
            "checkers",
            lone,
            &[],
            "14x23",
            "nothing-to-jump",
            &[cell(18)],
        ),
        text(
            "checkers",
            Some("B:W18,27:B14"),
            &[],
            "14x23",
            "must-finish-jump",
            &[cell(23), cell(32)],
        ),
        text(
            "checkers",
            Some("B:W26,27:B22"),
            &[],
            "22x31x24",
            "crowning-ends-move",
            &[cell(31)],
        ),
        cells("checkers", None, &[1], "light-square", &[1]),
        cells("checkers", None, &[cell(1)], "no-move", &[cell(1)]),
        cells("checkers", None, &[64], "off-board", &[]),
        text(
            "checkers",
            Some("B:W5,6,10:B1"),
            &[],
            "1-5",
            "game-over",
            &[],
        ),
    ]);
}

#[test]
fn hnefatafl_explains_every_refusal() {
    let lone = Some("11/11/11/11/11/a10/11/11/2k8/11/11 a");
    check(&[
        text("hnefatafl", None, &[], "d6-d9", "not-your-turn", &[58]),
        text("hnefatafl", None, &[], "c3-c4", "empty-square", &[24]),
        text("hnefatafl", None, &[], "d1-e2", "not-straight", &[3]),
        text("hnefatafl", None, &[], "f1-f3", "blocked", &[16]),
        text("hnefatafl", lone, &[], "a6-f6", "king-only-square", &[60]),
        text("hnefatafl", lone, &[], "a6-a11", "king-only-square", &[110]),
        cells("hnefatafl", None, &[55], "no-move", &[55]),
        cells("hnefatafl", None, &[121], "off-board", &[]),
        text(
            "hnefatafl",
            Some("11/11/11/11/11/a10/11/11/2k8/11/11 d"),
            &["c3-a3", "a6-b6", "a3-a1"],
            "b6-b7",
            "game-over",
            &[],
        ),
    ]);
}

#[test]
fn connect_four_explains_every_refusal() {
    check(&[
        text(
            "connect4",
            Some("444444"),
            &[],
            "4",
            "column-full",
            &[3, 10, 17, 24, 31, 38],
        ),
        cells("connect4", None, &[42], "no-such-column", &[]),
        text("connect4", Some("121212"), &["1"], "3", "game-over", &[]),
    ]);
}

#[test]
fn legal_moves_are_judged_legal_with_every_fitting_choice() {
    let promotion = game("chess", Some("8/4P3/8/8/8/8/k7/4K3 w - - 0 1"), &[]);
    let attempt = promotion.read_attempt("e7e8").expect("readable");
    assert_eq!(promotion.judge(&attempt).map(|moves| moves.len()), Ok(4));
    let picked = game("chess", None, &[]);
    assert_eq!(
        picked.judge(&Attempt::cells(vec![6])).map(|m| m.len()),
        Ok(2)
    );
    let jump = game("checkers", Some("B:W18,27:B14"), &[]);
    let attempt = jump.read_attempt("14x32").expect("readable");
    assert_eq!(jump.judge(&attempt).map(|moves| moves.len()), Ok(1));
}
