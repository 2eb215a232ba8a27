//! The list of legal moves a game keeps (codes, move texts, display texts, paths,
//! worked out once per position) follows its play, undo, resignation and agreed draw,
//! in every mode, and copies of a game keep lists of their own.

use ply_core::Player;
use ply_modes::{AnyGame, MODES, Mode, find_mode, replay};

/// Plays `plies` moves chosen by `seed`, each from the game's own list.
fn playout(mode: &Mode, seed: usize, plies: usize) -> Box<dyn AnyGame> {
    let mut game = mode.new_game();
    for ply in 0..plies {
        let legal = game.legal();
        if legal.is_empty() {
            break;
        }
        let code = legal[(seed * 31 + ply * 7) % legal.len()].code;
        game.play(code).expect("a listed move plays");
    }
    game
}

/// The list a game keeps must equal the one a game freshly replayed to the same point
/// works out for the first time.
fn assert_list_is_current(game: &dyn AnyGame, context: &str) {
    let fresh = replay(
        game.mode_id(),
        Some(game.start_text().as_str()),
        game.move_texts(),
    )
    .expect("the game replays");
    assert_eq!(game.legal(), fresh.legal(), "{context}");
    let codes: Vec<_> = game.legal().iter().map(|legal| legal.code).collect();
    assert_eq!(game.legal_moves(), codes, "{context}");
    for legal in game.legal() {
        assert_eq!(game.move_text(legal.code).as_ref(), Some(&legal.text));
        assert_eq!(game.display_move(legal.code).as_ref(), Some(&legal.display));
        assert_eq!(game.move_path(legal.code).as_ref(), Some(&legal.path));
    }
}

#[test]
fn the_legal_list_follows_play_undo_resignation_and_agreement() {
    for mode in MODES {
        for seed in 0..3 {
            let mut game = playout(mode, seed, 12 + seed * 5);
            let context = format!("{} seed {seed}", mode.id);
            assert_list_is_current(game.as_ref(), &context);
            let before = game.legal().to_vec();
            if game.outcome().is_none() {
                game.resign(Player::First).expect("resigns");
                assert!(game.legal().is_empty(), "{context}: resigned");
                game.undo();
                assert_eq!(game.legal(), before, "{context}: resignation undone");
                game.agree_draw().expect("agrees");
                assert!(game.legal().is_empty(), "{context}: agreed");
                game.undo();
                assert_eq!(game.legal(), before, "{context}: agreement undone");
            }
            while game.undo().is_some() {
                assert_list_is_current(game.as_ref(), &context);
            }
            assert_eq!(game.position_text(), mode.new_game().position_text());
        }
    }
}

#[test]
fn a_copy_keeps_its_own_list() {
    let mode = find_mode("chess").expect("chess");
    let game = playout(mode, 1, 6);
    let before = game.legal().to_vec();
    let mut copy = game.clone_box();
    copy.play(before[0].code).expect("plays");
    assert_eq!(game.legal(), before);
    assert_ne!(copy.legal(), before);
}
