//! The one replay: it starts where it is told (or at the usual start), and each
//! refusal names what was wrong in words. (Every mode's golden save replays to its
//! recorded position: `tests/tests/save_golden.rs`.)

use ply_core::{MoveError, PositionFault};
use ply_modes::{MODES, ReplayError, mode_ids, replay};

#[test]
fn without_a_start_the_replay_begins_at_the_usual_one() {
    for mode in MODES {
        let fresh = mode.new_game();
        let first = fresh
            .move_text(fresh.legal_moves()[0])
            .expect("a legal move");
        let game = mode.replay(None, [&first]).expect("a legal first move");
        assert_eq!(game.start_text(), mode.new_game().position_text());
        assert_eq!(game.move_texts(), [first]);
    }
}

#[test]
fn an_unknown_mode_is_named_with_the_known_ones() {
    let error = replay("shogi", None, ["7g7f"]).err().expect("refused");
    assert_eq!(
        error,
        ReplayError::UnknownMode {
            given: "shogi".to_string(),
            known: mode_ids(),
        }
    );
    assert_eq!(
        error.to_string(),
        format!("unknown mode 'shogi' (known modes: {})", mode_ids())
    );
    let long = "x".repeat(5000);
    let message = replay(&long, None, [""; 0])
        .err()
        .expect("refused")
        .to_string();
    assert!(message.len() < 100 + mode_ids().len(), "{message}");
}

#[test]
fn a_bad_start_carries_the_position_error() {
    let error = replay("chess", Some("not a fen"), ["e2e4"])
        .err()
        .expect("refused");
    let ReplayError::BadStart(position) = &error else {
        panic!("{error:?}");
    };
    assert_eq!(position.text, "not a fen");
    assert_eq!(position.fault, PositionFault::Notation);
    assert_eq!(
        error.to_string(),
        format!("the start position cannot be used: {position}")
    );
    assert!(
        error
            .to_string()
            .starts_with("the start position cannot be used: invalid position 'not a fen': "),
        "{error}"
    );
}

#[test]
fn a_refused_move_is_named_by_number_and_text() {
    let error = replay("chess", None, ["e2e4", "e7e5", "e1e3", "d7d5"])
        .err()
        .expect("refused");
    assert_eq!(
        error,
        ReplayError::Move {
            number: 3,
            text: "e1e3".to_string(),
            error: MoveError::illegal("e1e3"),
        }
    );
    assert_eq!(
        error.to_string(),
        "move 3 (e1e3) is not allowed: 'e1e3' is not a legal move in this position"
    );
    let after_mate = replay("chess", None, ["f2f3", "e7e5", "g2g4", "d8h4", "a2a3"])
        .err()
        .expect("refused");
    assert!(
        matches!(&after_mate, ReplayError::Move { number: 5, text, error: MoveError::GameOver } if text == "a2a3"),
        "{after_mate:?}"
    );
}
