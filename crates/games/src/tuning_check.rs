//! A check every tunable mode's tests run: the tuner's trace of a position must add up
//! to the evaluation the search uses, or the tuner would fit the wrong thing.

use ply_core::{Player, Tunable, zobrist::splitmix64};

/// Plays `games` seeded random games of up to 120 plies and checks, in every position
/// on the way, that the fixed part plus the weights times their amounts equals the
/// evaluation from the first player's view (within rounding).
pub(crate) fn trace_matches_evaluation<G: Tunable>(games: u64) {
    assert_eq!(G::weight_names().len(), G::weights().len());
    let mut uses = Vec::new();
    let mut moves = Vec::new();
    let mut checked = 0;
    for game in 0..games {
        let mut position = G::start();
        let mut seed = game;
        for _ in 0..120 {
            if position.outcome().is_some() {
                break;
            }
            let fixed = position.trace(&mut uses);
            let traced: f32 = fixed
                + uses
                    .iter()
                    .map(|term| G::weights()[usize::from(term.index)] as f32 * term.amount)
                    .sum::<f32>();
            let eval = position.evaluate().0;
            let from_first = if position.to_move() == Player::First {
                eval
            } else {
                -eval
            };
            assert!(
                (traced - from_first as f32).abs() <= 1.5,
                "trace {traced} against evaluation {from_first} in {}",
                position.to_text()
            );
            checked += 1;
            moves.clear();
            position.gen_moves(&mut moves);
            seed = splitmix64(seed);
            position.make(moves[(seed % moves.len() as u64) as usize]);
        }
    }
    assert!(checked > 100, "only {checked} positions checked");
}
