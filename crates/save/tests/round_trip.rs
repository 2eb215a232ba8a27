//! Every registered mode survives a save and a load unchanged, after random playouts
//! that stop anywhere: mid-game, at the rules' end, by resignation or by agreed draw.

mod common;

use common::{Dice, random_game, saved};
use ply_core::{EndReason, Outcome, Player};
use ply_modes::MODES;
use ply_save::{GameResult, SaveError, SavedGame};
use proptest::prelude::*;

/// How a random playout is brought to a stop before saving.
#[derive(Clone, Copy, Debug)]
enum Stop {
    /// Saved after at most this many moves, possibly unfinished.
    After(usize),
    /// Played until the rules end it.
    RulesEnd,
    /// Some moves, then the side to move resigns.
    Resign(usize),
    /// Some moves, then both agree to a draw.
    AgreeDraw(usize),
}

fn stops() -> impl Strategy<Value = Stop> {
    prop_oneof![
        (0usize..120).prop_map(Stop::After),
        Just(Stop::RulesEnd),
        (0usize..60).prop_map(Stop::Resign),
        (0usize..60).prop_map(Stop::AgreeDraw),
    ]
}

/// Saves and loads `original`, checking that everything came back.
fn assert_round_trip(original: &SavedGame) {
    let bytes = original.to_bytes().expect("encodes");
    let loaded = SavedGame::from_bytes(&bytes).expect("a fresh save loads");
    let (before, after) = (&original.game, &loaded.game);
    assert_eq!(after.mode_id(), before.mode_id());
    assert_eq!(after.start_text(), before.start_text());
    assert_eq!(after.move_texts(), before.move_texts());
    assert_eq!(after.position_text(), before.position_text());
    assert_eq!(after.to_move(), before.to_move());
    assert_eq!(after.outcome(), before.outcome());
    assert_eq!(loaded.title, original.title);
    assert_eq!(loaded.seats, original.seats);
    assert_eq!(loaded.time_used, original.time_used);
    assert_eq!(loaded.created, original.created);
    assert_eq!(loaded.updated, original.updated);
    assert_eq!(loaded.summary(), original.summary());
    assert_eq!(loaded.to_bytes().expect("encodes again"), bytes);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_mode_round_trips(seed in any::<u64>(), stop in stops()) {
        for mode in MODES {
            let mut dice = Dice(seed);
            let mut game = match stop {
                Stop::After(plies) | Stop::Resign(plies) | Stop::AgreeDraw(plies) => {
                    random_game(mode, &mut dice, plies)
                }
                Stop::RulesEnd => random_game(mode, &mut dice, usize::MAX),
            };
            if game.outcome().is_none() {
                match stop {
                    Stop::Resign(_) => game.resign(game.to_move()).expect("resigns"),
                    Stop::AgreeDraw(_) => game.agree_draw().expect("agrees"),
                    Stop::After(_) | Stop::RulesEnd => {}
                }
            }
            if matches!(stop, Stop::RulesEnd) {
                prop_assert!(game.outcome().is_some(), "{} playout ended", mode.id);
            }
            assert_round_trip(&saved("Round trip", game));
        }
    }
}

#[test]
fn resignation_and_agreed_draw_are_kept() {
    let mode = ply_modes::find_mode("checkers").expect("checkers");
    let mut resigned = random_game(mode, &mut Dice(7), 10);
    resigned.resign(Player::Second).expect("resigns");
    let mut drawn = random_game(mode, &mut Dice(8), 9);
    drawn.agree_draw().expect("agrees");
    for (game, expected, result) in [
        (
            resigned,
            Outcome::Win {
                winner: Player::First,
                reason: EndReason::Resignation,
            },
            GameResult::Won(Player::First),
        ),
        (
            drawn,
            Outcome::Draw {
                reason: EndReason::DrawAgreed,
            },
            GameResult::Drawn,
        ),
    ] {
        let bytes = saved("Ended", game).to_bytes().expect("encodes");
        let loaded = SavedGame::from_bytes(&bytes).expect("loads");
        assert_eq!(loaded.game.outcome(), Some(expected));
        assert_eq!(loaded.summary().result, result);
    }
}

#[test]
fn a_loaded_game_plays_on() {
    let mode = ply_modes::find_mode("chess").expect("chess");
    let bytes = saved("Resume", random_game(mode, &mut Dice(3), 12))
        .to_bytes()
        .expect("encodes");
    let mut loaded = SavedGame::from_bytes(&bytes).expect("loads");
    let next = loaded.game.legal_moves()[0];
    loaded.game.play(next).expect("plays on");
    assert_eq!(loaded.game.moves().len(), 13);
    assert!(matches!(
        loaded.game.play_text("a1a1"),
        Err(ply_core::MoveError::Malformed { .. } | ply_core::MoveError::Illegal { .. })
    ));
    let unknown = SaveError::UnknownMode {
        mode: "go".to_string(),
    };
    assert_eq!(
        unknown.to_string(),
        "this save is of a game mode this version of Plyground does not know ('go')"
    );
}
