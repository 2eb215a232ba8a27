//! The analysis board's move tree: the game stays the main line, moves tried on the
//! board branch off as side lines listed after the move they replace, lines can be
//! promoted and deleted, and the cursor's position is always the moves played to it.

use ply_analysis::{MoveTree, NodeId};
use ply_modes::{AnyGame, find_mode};

fn chess(moves: &str) -> Box<dyn AnyGame> {
    let moves: Vec<String> = moves.split_whitespace().map(str::to_string).collect();
    find_mode("chess")
        .expect("chess")
        .replay(None, &moves)
        .expect("legal")
}

fn play(tree: &mut MoveTree, text: &str) -> NodeId {
    let code = tree.position().parse_move(text).expect("a move");
    tree.play(code).expect("legal")
}

fn rows(tree: &MoveTree) -> Vec<String> {
    tree.listing()
        .iter()
        .map(|line| {
            let moves: Vec<String> = line
                .moves
                .iter()
                .map(|m| format!("{}{}", m.number.trim_end(), m.shown))
                .collect();
            format!("{}{}", "  ".repeat(line.depth), moves.join(" "))
        })
        .collect()
}

#[test]
fn the_game_is_the_main_line_and_a_new_move_branches_off() {
    let game = chess("e2e4 e7e5 g1f3 b8c6");
    let mut tree = MoveTree::new(&*game).expect("a tree");
    assert_eq!(tree.cursor(), MoveTree::ROOT);
    assert_eq!(rows(&tree), ["1.e4 e5 2.Nf3 Nc6"]);
    tree.forward();
    tree.forward();
    let side = play(&mut tree, "b1c3");
    assert!(!tree.on_main_line(side));
    play(&mut tree, "g8f6");
    assert_eq!(rows(&tree), ["1.e4 e5 2.Nf3", "  2.Nc3 Nf6", "2…Nc6"]);
    assert_eq!(
        tree.position().position_text(),
        chess("e2e4 e7e5 b1c3 g8f6").position_text()
    );
    tree.back();
    tree.back();
    let again = play(&mut tree, "b1c3");
    assert_eq!(
        again, side,
        "a move already in the tree is followed, not added"
    );
    tree.to_start();
    tree.to_end();
    assert_eq!(tree.ply(tree.cursor()), 4);
    assert!(tree.on_main_line(tree.cursor()));
}

#[test]
fn promoting_and_deleting_lines() {
    let game = chess("e2e4 e7e5 g1f3");
    let mut tree = MoveTree::new(&*game).expect("a tree");
    tree.forward();
    let sicilian = play(&mut tree, "c7c5");
    let nf3 = play(&mut tree, "g1f3");
    assert_eq!(rows(&tree), ["1.e4 e5", "  1…c5 2.Nf3", "2.Nf3"]);
    assert!(tree.promote(nf3), "the line through Nf3 rises");
    assert!(tree.on_main_line(sicilian));
    assert_eq!(rows(&tree), ["1.e4 c5", "  1…e5 2.Nf3", "2.Nf3"]);
    assert_eq!(tree.main_line().len(), 3);
    tree.delete(sicilian);
    assert_eq!(rows(&tree), ["1.e4 e5 2.Nf3"]);
    assert_eq!(
        tree.ply(tree.cursor()),
        1,
        "the cursor left the deleted line"
    );
    assert!(
        !tree.promote(tree.cursor()),
        "nothing to promote on a single line"
    );
}

#[test]
fn a_line_from_the_analysis_is_played_with_the_cursor_on_its_first_move() {
    let game = chess("");
    let mut tree = MoveTree::new(&*game).expect("a tree");
    let line: Vec<String> = ["e2e4", "e7e5", "g1f3", "b8c6", "zz"]
        .map(String::from)
        .to_vec();
    assert_eq!(
        tree.play_line(&line),
        4,
        "stops at the first move that is not legal"
    );
    assert_eq!(tree.ply(tree.cursor()), 1);
    assert_eq!(tree.shown(tree.cursor()), "e4");
    tree.to_end();
    assert_eq!(tree.game_at(tree.cursor()).moves().len(), 4);
}

#[test]
fn every_mode_builds_a_tree_of_its_own_moves() {
    for mode in ply_modes::MODES {
        let game = mode.new_game();
        let mut tree = MoveTree::new(&*game).expect("a tree");
        for _ in 0..3 {
            let Some(&code) = tree.position().legal_moves().first() else {
                break;
            };
            tree.play(code).expect("legal");
        }
        assert_eq!(rows(&tree).len(), 1, "{}", mode.id);
        tree.to_start();
        assert_eq!(tree.position().moves().len(), 0);
    }
}
