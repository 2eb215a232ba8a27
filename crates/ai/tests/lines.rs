//! Multi-PV: the search's best lines of a position are legal, start with different
//! moves and come best first, in every kind of mode; asking for one line is the plain
//! search, node for node.

use ply_ai::search::{Limits, Report, Searcher};
use ply_core::{Heuristics, Rules, Score};
use ply_games::checkers::Checkers;
use ply_games::chess::Standard;
use ply_games::connect4::ConnectFour;
use ply_games::hnefatafl::Hnefatafl;
use std::sync::atomic::AtomicBool;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn to_depth(depth: u32) -> Limits {
    Limits {
        depth: Some(depth),
        ..Limits::default()
    }
}

fn legal_moves<G: Rules>(position: &G) -> Vec<G::Move> {
    let mut moves = Vec::new();
    position.gen_moves(&mut moves);
    moves
}

/// Panics unless `lines` start with different moves, come in order of score and
/// each replays legally from `root`.
fn assert_well_formed<G: Rules>(root: &G, lines: &[Report<G::Move>]) {
    let firsts: Vec<G::Move> = lines.iter().map(|line| line.pv[0]).collect();
    for (index, first) in firsts.iter().enumerate() {
        assert!(
            !firsts[..index].contains(first),
            "{first:?} twice: {lines:?}"
        );
    }
    assert!(
        lines.windows(2).all(|pair| pair[0].score >= pair[1].score),
        "out of order: {lines:?}"
    );
    for line in lines {
        let mut position = root.clone();
        for &mv in &line.pv {
            assert!(
                legal_moves(&position).contains(&mv),
                "{mv:?} is illegal in {}",
                position.to_text()
            );
            position.make(mv);
        }
    }
}

/// Searches `root` to `depth` for `wanted` lines, checking the lines of every
/// iteration and the result, and returns the result.
fn lines_of<G: Heuristics>(root: &G, depth: u32, wanted: usize) -> Vec<Report<G::Move>> {
    let mut iterations = Vec::new();
    let lines = Searcher::<G>::new(4).search_lines(
        root,
        &[],
        &to_depth(depth),
        wanted,
        &AtomicBool::new(false),
        &mut |lines| {
            assert_well_formed(root, lines);
            iterations.push(lines.to_vec());
        },
    );
    let expected = wanted.min(legal_moves(root).len());
    assert_eq!(lines.len(), expected, "{}", root.to_text());
    assert_well_formed(root, &lines);
    assert!(lines.iter().all(|line| line.depth == depth), "{lines:?}");
    assert_eq!(iterations.len(), depth as usize, "{}", root.to_text());
    let last = iterations.last().expect("a completed iteration");
    assert_eq!(
        summary(last),
        summary(&lines),
        "the result is the last iteration"
    );
    lines
}

/// What a search found, without the time it took.
fn summary<M: Copy>(lines: &[Report<M>]) -> Vec<(u32, Score, u64, Vec<M>)> {
    lines
        .iter()
        .map(|line| (line.depth, line.score, line.nodes, line.pv.clone()))
        .collect()
}

#[test]
fn chess_lines_are_legal_distinct_and_ordered() {
    lines_of(&Standard::start(), 6, 3);
    lines_of(&Standard::from_fen(KIWIPETE).unwrap(), 5, 4);
}

#[test]
fn checkers_hnefatafl_and_connect_four_lines_are_legal_distinct_and_ordered() {
    lines_of(&Checkers::start(), 9, 3);
    lines_of(&Hnefatafl::start(), 3, 3);
    lines_of(&ConnectFour::start(), 9, 3);
}

#[test]
fn there_are_no_more_lines_than_legal_moves() {
    // In check from the queen, White's king has two squares to go to.
    let cornered = Standard::from_fen("k7/8/8/8/8/8/8/K6q w - - 0 1").unwrap();
    assert_eq!(lines_of(&cornered, 4, 5).len(), 2);
}

#[test]
fn the_winning_move_leads_and_the_others_follow() {
    // White mates at once with the rook; every other line is worse.
    let mate = Standard::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
    let lines = lines_of(&mate, 4, 3);
    assert_eq!(lines[0].score, Score::win_in(1));
    assert!(lines[1..].iter().all(|line| line.score < lines[0].score));
}

#[test]
fn one_line_is_the_plain_search_node_for_node() {
    fn same<G: Heuristics>(root: G, depth: u32) {
        let stop = AtomicBool::new(false);
        let limits = to_depth(depth);
        let plain = Searcher::<G>::new(4).search(&root, &[], &limits, &stop, &mut |_| {});
        let lines = Searcher::<G>::new(4).search_lines(&root, &[], &limits, 1, &stop, &mut |_| {});
        let [line] = lines.as_slice() else {
            panic!("one line asked, {} given", lines.len());
        };
        assert_eq!(
            (line.best(), line.score, line.nodes, &line.pv),
            (plain.best(), plain.score, plain.nodes, &plain.pv),
            "{}",
            root.to_text()
        );
    }
    same(Standard::from_fen(KIWIPETE).unwrap(), 6);
    same(Checkers::start(), 10);
    same(Hnefatafl::start(), 4);
    same(ConnectFour::start(), 10);
}

/// Searches `root` for three lines within `limits`, with the stop flag raised from
/// the start if `stopped`, and checks that three well-formed lines come back.
fn assert_three_lines(root: &Standard, limits: &Limits, stopped: bool) {
    let stop = AtomicBool::new(stopped);
    let lines = Searcher::<Standard>::new(4).search_lines(root, &[], limits, 3, &stop, &mut |_| {});
    assert_eq!(lines.len(), 3);
    assert_well_formed(root, &lines);
}

#[test]
fn a_search_stopped_at_once_still_offers_distinct_legal_moves() {
    assert_three_lines(&Standard::start(), &Limits::default(), true);
}

#[test]
fn helper_threads_keep_the_lines_well_formed() {
    let limits = Limits {
        depth: Some(5),
        threads: 2,
        ..Limits::default()
    };
    assert_three_lines(&Standard::from_fen(KIWIPETE).unwrap(), &limits, false);
}

#[test]
fn a_finished_game_has_one_empty_line() {
    // Black is checkmated.
    let mated = Standard::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
    let lines = Searcher::<Standard>::new(4).search_lines(
        &mated,
        &[],
        &to_depth(3),
        3,
        &AtomicBool::new(false),
        &mut |_| panic!("no iteration to report"),
    );
    assert_eq!(lines.len(), 1);
    assert!(lines[0].pv.is_empty());
}
