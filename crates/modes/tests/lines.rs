//! A game's best lines (multi-PV) as screens and protocols get them, in every mode:
//! move texts that replay from the current position, different first moves, best first;
//! and one line is exactly what `analyse` gives.

use ply_modes::{AnyGame, Limits, MODES, Thought};
use std::sync::atomic::AtomicBool;

fn to_depth(depth: u32) -> Limits {
    Limits {
        depth: Some(depth),
        ..Limits::default()
    }
}

/// Panics unless `lines` fit `game`: each line's text replays from its position and
/// starts with the line's best move, the first moves differ, and scores never rise.
fn assert_lines_fit(game: &dyn AnyGame, lines: &[Thought]) {
    let mode = game.mode_id();
    for (index, line) in lines.iter().enumerate() {
        let mut replayed = game.clone_box();
        for text in &line.line {
            assert!(
                replayed.play_text(text).is_ok(),
                "{mode}: {text} in {line:?}"
            );
        }
        let first = line
            .line
            .first()
            .and_then(|text| game.parse_move(text).ok());
        assert_eq!(first, line.best, "{mode}: {line:?}");
        assert!(
            lines[..index]
                .iter()
                .all(|earlier| earlier.best != line.best),
            "{mode}: two lines start with {:?}",
            line.best
        );
    }
    assert!(
        lines.windows(2).all(|pair| pair[0].score >= pair[1].score),
        "{mode}: {lines:?}"
    );
}

#[test]
fn every_mode_gives_three_fitting_lines_after_each_iteration() {
    let stop = AtomicBool::new(false);
    for mode in MODES {
        let game = mode.new_game();
        let depth = if mode.id == "mega" { 2 } else { 3 };
        let mut iterations = 0;
        let lines = game.analyse_lines(&to_depth(depth), 3, &stop, &mut |lines| {
            assert_eq!(lines.len(), 3, "{}", mode.id);
            assert_lines_fit(game.as_ref(), lines);
            iterations += 1;
        });
        assert_eq!(iterations, depth, "{}", mode.id);
        assert_eq!(lines.len(), 3, "{}", mode.id);
        assert!(lines.iter().all(|line| line.depth == depth), "{lines:?}");
        assert_lines_fit(game.as_ref(), &lines);
    }
}

#[test]
fn one_line_is_what_analyse_gives() {
    let stop = AtomicBool::new(false);
    for mode in MODES {
        let depth = if mode.id == "mega" { 2 } else { 4 };
        let plain = mode
            .new_game()
            .analyse(&to_depth(depth), &stop, &mut |_| {});
        let lines = mode
            .new_game()
            .analyse_lines(&to_depth(depth), 1, &stop, &mut |_| {});
        let [line] = lines.as_slice() else {
            panic!("{}: one line asked, {} given", mode.id, lines.len());
        };
        assert_eq!(
            (line.best, line.score, line.nodes, &line.line),
            (plain.best, plain.score, plain.nodes, &plain.line),
            "{}",
            mode.id
        );
    }
}

#[test]
fn a_game_that_is_over_has_one_empty_line() {
    let mated = ply_modes::replay("chess", None, ["f2f3", "e7e5", "g2g4", "d8h4"])
        .expect("fool's mate replays");
    let lines = mated.analyse_lines(&to_depth(2), 3, &AtomicBool::new(false), &mut |_| {});
    assert_eq!(lines.len(), 1);
    assert_eq!((lines[0].best, lines[0].line.len()), (None, 0));
}
