//! The computer opponent: it finds forced wins in every mode, never misses what a plain
//! minimax would see at the same depth, and honours its stop flag.

use ply_ai::search::{Limits, Searcher};
use ply_core::{Heuristics, Outcome, Player, Rules, Score, zobrist::splitmix64};
use ply_games::chess::{Atomic, HoleChess, KingOfTheHill, LastPieceStanding, MegaChess, Standard};
use ply_modes::{AnyGame, find_mode};
use std::sync::atomic::AtomicBool;

fn depth_limit(depth: u32) -> Limits {
    Limits {
        depth: Some(depth),
        ..Limits::default()
    }
}

/// The search's answer for `position` in `mode`: best move text and score.
fn best(mode: &str, position: &str, depth: u32) -> (String, Score) {
    let game = find_mode(mode).unwrap().from_position(position).unwrap();
    let thought = game.analyse(&depth_limit(depth), &AtomicBool::new(false), &mut |_| {});
    (thought.line[0].clone(), thought.score)
}

#[test]
fn finds_mate_in_one_two_and_three() {
    assert_eq!(
        best("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 4),
        ("a1a8".into(), Score::win_in(1))
    );
    // Two king moves mate in two (three plies): Kb6 or Kc7, each followed by Rh8 or
    // Ra1 (Stockfish finds the same two, and no shorter mate).
    let (mv, score) = best("chess", "k7/8/2K5/8/8/8/8/7R w - - 0 1", 6);
    assert_eq!(score, Score::win_in(3));
    assert!(
        ["c6b6", "c6c7"].contains(&mv.as_str()),
        "{mv} does not mate in two"
    );
    let (mv, score) = best(
        "chess",
        "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1",
        8,
    );
    assert_eq!((mv.as_str(), score), ("f8c5", Score::win_in(5)));
}

#[test]
fn two_threads_find_the_mates_one_thread_finds() {
    let cases = [
        ("k7/8/2K5/8/8/8/8/7R w - - 0 1", 6, Score::win_in(3)),
        ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 4, Score::win_in(1)),
    ];
    for (fen, depth, expected) in cases {
        let position = Standard::from_fen(fen).unwrap();
        let search = |threads| {
            let limits = Limits {
                depth: Some(depth),
                threads,
                ..Limits::default()
            };
            Searcher::new(4).search(
                &position,
                &[],
                &limits,
                &AtomicBool::new(false),
                &mut |_| {},
            )
        };
        let (alone, together) = (search(1), search(2));
        assert_eq!(alone.score, expected, "{fen}");
        assert_eq!(together.score, expected, "{fen}");
        if expected == Score::win_in(1) {
            let mut after = position;
            after.make(together.best().unwrap());
            assert_eq!(
                after.outcome().and_then(Outcome::winner),
                Some(Player::First)
            );
        }
    }
}

#[test]
fn plays_the_mating_line_to_the_end() {
    let mut game = find_mode("chess")
        .unwrap()
        .from_position("k7/8/2K5/8/8/8/8/7R w - - 0 1")
        .unwrap();
    for _ in 0..6 {
        if game.outcome().is_some() {
            break;
        }
        let thought = game.analyse(&depth_limit(6), &AtomicBool::new(false), &mut |_| {});
        game.play(thought.best.unwrap()).unwrap();
    }
    assert_eq!(
        game.outcome().and_then(Outcome::winner),
        Some(Player::First)
    );
}

#[test]
fn explodes_the_king_in_atomic() {
    assert_eq!(
        best("atomic", "4k3/4q3/8/8/8/8/8/4RK2 w - - 0 1", 3),
        ("e1e7".into(), Score::win_in(1))
    );
}

#[test]
fn walks_to_the_hill() {
    let (mv, score) = best("koth", "7k/8/8/8/8/8/8/K7 w - - 0 1", 7);
    assert_eq!((mv.as_str(), score), ("a1b2", Score::win_in(5)));
}

#[test]
fn sees_past_its_horizon_a_king_step_onto_the_hill() {
    // White can neither stop Black's king, a step from the hill, nor win first: at one
    // ply every White move leaves Black to move, past the horizon, where only the
    // captures and the steps onto the hill are looked at.
    let (_, score) = best("koth", "8/8/3k4/8/8/8/8/K7 w - - 0 1", 1);
    assert_eq!(score, Score::loss_in(2));
    // With a rook holding the fifth rank, White has moves that keep the king off.
    let (mv, score) = best("koth", "8/8/3k4/7R/8/8/8/K7 w - - 0 1", 1);
    assert!(!score.is_decisive(), "{mv}: {score:?}");
    let rook_holds_the_rank = mv.starts_with("h5") && mv.ends_with('5');
    assert!(mv.starts_with("a1") || rook_holds_the_rank, "{mv}");
}

#[test]
fn stop_flag_ends_the_search_with_a_legal_move() {
    let game = find_mode("chess").unwrap().new_game();
    let stop = AtomicBool::new(true);
    let thought = game.analyse(&Limits::default(), &stop, &mut |_| {});
    assert!(game.legal_moves().contains(&thought.best.unwrap()));
    assert!(
        thought.depth < 6,
        "stopped long before an unlimited search ends"
    );
}

/// Plain minimax with the search's own rules for game ends and repetition.
fn minimax<G: Heuristics>(position: &mut G, depth: u32, ply: u32, path: &mut Vec<u64>) -> Score {
    if ply > 0
        && path
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .any(|&hash| hash == position.hash())
    {
        return score_of(position, position.repetition_outcome(), ply);
    }
    let mut moves = Vec::new();
    position.gen_moves(&mut moves);
    if moves.is_empty() {
        return score_of(position, position.outcome(), ply);
    }
    if ply > 0 && position.outcome().is_some() {
        return Score::ZERO;
    }
    if depth == 0 {
        return position.evaluate();
    }
    path.push(position.hash());
    let mut best = -Score::INFINITE;
    for mv in moves {
        let undo = position.make(mv);
        best = best.max(-minimax(position, depth - 1, ply + 1, path));
        position.unmake(mv, undo);
    }
    path.pop();
    best
}

fn score_of<G: Rules>(position: &G, outcome: Option<Outcome>, ply: u32) -> Score {
    match outcome {
        Some(Outcome::Win { winner, .. }) if winner == position.to_move() => Score::win_in(ply),
        Some(Outcome::Win { .. }) => Score::loss_in(ply),
        _ => Score::ZERO,
    }
}

/// The `index`th position of a playout seeded by `seed` (up to 40 random plies from the
/// start), unless the game is over there.
fn random_position<G: Rules>(seed: u64, index: u64) -> Option<G> {
    let mut position = G::start();
    let plies = splitmix64(seed ^ index) % 40;
    let mut moves = Vec::new();
    for ply in 0..plies {
        moves.clear();
        position.gen_moves(&mut moves);
        if moves.is_empty() || position.outcome().is_some() {
            break;
        }
        position.make(moves[(splitmix64(seed + index * 977 + ply) % moves.len() as u64) as usize]);
    }
    position.outcome().is_none().then_some(position)
}

/// Random positions from seeded playouts; the exact search must equal minimax on each.
fn agrees_with_minimax<G: Heuristics>(seed: u64, positions: usize, max_depth: u32) {
    let mut searcher = Searcher::<G>::new(1);
    let stop = AtomicBool::new(false);
    for index in 0..positions as u64 {
        let Some(position) = random_position::<G>(seed, index) else {
            continue;
        };
        for depth in 1..=max_depth {
            let limits = Limits {
                depth: Some(depth),
                exact: true,
                ..Limits::default()
            };
            let report = searcher.search(&position, &[], &limits, &stop, &mut |_| {});
            let oracle = minimax(&mut position.clone(), depth, 0, &mut Vec::new());
            assert_eq!(
                report.score,
                oracle,
                "{} at depth {depth}",
                position.to_text()
            );
            searcher.clear();
        }
    }
}

#[test]
fn search_equals_minimax_in_the_chess_family() {
    agrees_with_minimax::<Standard>(1, 12, 3);
    agrees_with_minimax::<Atomic>(2, 12, 3);
    agrees_with_minimax::<KingOfTheHill>(3, 12, 3);
    agrees_with_minimax::<HoleChess>(4, 12, 3);
    agrees_with_minimax::<LastPieceStanding>(5, 12, 3);
    agrees_with_minimax::<MegaChess>(6, 3, 2);
}

#[test]
fn search_equals_minimax_in_checkers_and_hnefatafl() {
    agrees_with_minimax::<ply_games::checkers::Checkers>(7, 20, 4);
    agrees_with_minimax::<ply_games::hnefatafl::Hnefatafl>(8, 4, 2);
}

/// Random positions from seeded playouts: the exact search's best three lines must be
/// the three root moves with the best minimax values, each scored with its own value.
fn lines_agree_with_minimax<G: Heuristics>(seed: u64, positions: usize, depth: u32) {
    let stop = AtomicBool::new(false);
    let limits = Limits {
        depth: Some(depth),
        exact: true,
        ..Limits::default()
    };
    for index in 0..positions as u64 {
        let Some(mut position) = random_position::<G>(seed, index) else {
            continue;
        };
        let mut moves = Vec::new();
        position.gen_moves(&mut moves);
        let root = position.hash();
        let mut values: Vec<Score> = moves
            .iter()
            .map(|&mv| {
                let undo = position.make(mv);
                let value = -minimax(&mut position, depth - 1, 1, &mut vec![root]);
                position.unmake(mv, undo);
                value
            })
            .collect();
        let lines =
            Searcher::<G>::new(1).search_lines(&position, &[], &limits, 3, &stop, &mut |_| {});
        for line in &lines {
            let at = moves.iter().position(|&mv| line.best() == Some(mv));
            let at = at.expect("each line starts with a legal move");
            assert_eq!(line.score, values[at], "{}", position.to_text());
        }
        values.sort_unstable_by(|a, b| b.cmp(a));
        let scores: Vec<Score> = lines.iter().map(|line| line.score).collect();
        assert_eq!(
            scores,
            values[..moves.len().min(3)],
            "{}",
            position.to_text()
        );
    }
}

#[test]
fn exact_lines_are_the_best_root_moves_by_minimax() {
    lines_agree_with_minimax::<Standard>(11, 12, 3);
    lines_agree_with_minimax::<Atomic>(12, 8, 3);
    lines_agree_with_minimax::<ply_games::checkers::Checkers>(13, 20, 4);
    lines_agree_with_minimax::<ply_games::hnefatafl::Hnefatafl>(14, 3, 2);
    lines_agree_with_minimax::<ply_games::connect4::ConnectFour>(15, 12, 4);
}

#[test]
fn takes_the_winning_multi_jump_in_checkers() {
    let (mv, score) = best("checkers", "B:W14,23:B9,10", 4);
    assert_eq!((mv.as_str(), score), ("9x18x27", Score::win_in(1)));
}

/// Whether the side to move (the defenders) can win with its very next move.
fn defenders_win_at_once(game: &dyn AnyGame) -> bool {
    game.legal_moves().into_iter().any(|code| {
        let mut after = game.clone_box();
        after.play(code).unwrap();
        after.outcome().and_then(Outcome::winner) == Some(Player::Second)
    })
}

#[test]
fn escapes_to_a_corner_and_blocks_an_escape_in_hnefatafl() {
    let open = "4k6/11/11/11/11/2d8/11/11/11/11/3aaa5 d";
    let (mv, score) = best("hnefatafl", open, 2);
    assert_eq!(score, Score::win_in(1));
    assert!(mv == "e11-a11" || mv == "e11-k11", "{mv}");

    let board = "4k2a3/11/11/11/11/2d8/11/11/11/11/1a1aaa5";
    let hnefatafl = find_mode("hnefatafl").unwrap();
    let if_defenders_moved = hnefatafl.from_position(&format!("{board} d")).unwrap();
    assert!(
        defenders_win_at_once(&*if_defenders_moved),
        "the king threatens to escape"
    );
    let mut game = hnefatafl.from_position(&format!("{board} a")).unwrap();
    let thought = game.analyse(&depth_limit(3), &AtomicBool::new(false), &mut |_| {});
    game.play(thought.best.unwrap()).unwrap();
    assert!(
        !defenders_win_at_once(&*game),
        "after {:?} the king still escapes",
        thought.line
    );
}

/// Connect Four end positions with exact published values: the search proves each one,
/// and in won positions it finds the fastest win, which plays the winning move. A
/// published score `s > 0` means the side to move wins with its `22 - s`th counter.
#[test]
fn connect_four_solves_end_positions_exactly() {
    let path = ply_tests::test_data().join("connect4/Test_L3_R1");
    let text = std::fs::read_to_string(&path).unwrap();
    let mode = find_mode("connect4").unwrap();
    let stop = AtomicBool::new(false);
    for line in text.lines() {
        let (moves, score) = line.split_once(' ').unwrap();
        let published: i32 = score.parse().unwrap();
        let game = mode.from_position(moves).unwrap();
        let empty = 42 - moves.len() as u32;
        let thought = game.analyse(&depth_limit(empty), &stop, &mut |_| {});
        match published.signum() {
            0 => assert_eq!(thought.score, Score::ZERO, "{moves}"),
            -1 => assert!(
                thought.score.is_decisive() && thought.score.0 < 0,
                "{moves}"
            ),
            _ => {
                let plies = thought.score.plies_to_end().filter(|_| thought.score.0 > 0);
                let plies = plies.unwrap_or_else(|| panic!("{moves}: no win found"));
                let own_counters = moves.len() as u32 / 2 + plies.div_ceil(2);
                assert_eq!(22 - published, own_counters as i32, "{moves}");
                let mut after = game.clone_box();
                after.play(thought.best.unwrap()).unwrap();
                let reply = after.analyse(&depth_limit(empty), &stop, &mut |_| {});
                assert!(after.outcome().is_some() || reply.score.0 < 0, "{moves}");
            }
        }
    }
}

/// Positions a fresh searcher visits searching `position` to `depth`, with the
/// techniques named in `left_out` left out.
fn nodes_to_depth<G: Heuristics>(position: &G, depth: u32, left_out: &[&str]) -> u64 {
    let mut limits = depth_limit(depth);
    for name in left_out {
        assert!(limits.without.leave_out(name), "{name}");
    }
    let report =
        Searcher::new(4).search(position, &[], &limits, &AtomicBool::new(false), &mut |_| {});
    assert!(report.best().is_some());
    report.nodes
}

#[test]
fn singular_extensions_apply_only_where_the_evaluation_is_trusted_for_pruning() {
    // A quiet middlegame: at depth 9 some table moves are singular, so the tree
    // changes when the technique is left out.
    let middlegame =
        Standard::from_fen("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8")
            .unwrap();
    assert_ne!(
        nodes_to_depth(&middlegame, 9, &[]),
        nodes_to_depth(&middlegame, 9, &["singular"])
    );
    // Checkers has no pruning unit (its evaluation swings with forced captures): the
    // same tree either way.
    let checkers = ply_games::checkers::Checkers::start();
    assert_eq!(
        nodes_to_depth(&checkers, 11, &[]),
        nodes_to_depth(&checkers, 11, &["singular"])
    );
}
