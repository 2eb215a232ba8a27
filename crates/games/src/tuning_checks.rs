//! Checks every tunable mode must pass: its trace accounts for its evaluation exactly
//! over positions from seeded random games, and its weights are named one to one, in
//! the order of its weights file.

use ply_core::{Rules, Score, TermUse, Tunable, zobrist::splitmix64};
use std::collections::HashSet;

/// Positions met in `games` random games from the start (at most `plies` plies each),
/// chosen by a generator seeded with `seed`; finished positions are left out.
pub(crate) fn random_positions<G: Rules>(seed: u64, games: usize, plies: usize) -> Vec<G> {
    let mut state = seed;
    let mut positions = Vec::new();
    let mut moves = Vec::new();
    for _ in 0..games {
        let mut position = G::start();
        for _ in 0..plies {
            if position.outcome().is_some() {
                break;
            }
            positions.push(position.clone());
            moves.clear();
            position.gen_moves(&mut moves);
            state = splitmix64(state);
            let mv = moves[(state % moves.len() as u64) as usize];
            position.make(mv);
        }
    }
    positions
}

/// Asserts that in every position the part no weight governs plus each weight times
/// its amount is the evaluation from the first player's view; returns how many
/// positions used each weight.
pub(crate) fn assert_trace_matches_evaluation<G: Tunable>(positions: &[G]) -> Vec<usize> {
    assert_trace_matches(positions, G::evaluate)
}

/// Asserts what [`assert_trace_matches_evaluation`] does, against the evaluation
/// `evaluate` (from the side to move's view) rather than the one the search uses.
pub(crate) fn assert_trace_matches<G: Tunable>(
    positions: &[G],
    evaluate: impl Fn(&G) -> Score,
) -> Vec<usize> {
    let weights = G::weights();
    let mut used = vec![0; weights.len()];
    let mut uses: Vec<TermUse> = Vec::new();
    for position in positions {
        let fixed = position.trace(&mut uses);
        let traced = f64::from(fixed)
            + uses
                .iter()
                .map(|term| f64::from(weights[usize::from(term.index)]) * f64::from(term.amount))
                .sum::<f64>();
        let score = evaluate(position).0;
        let first_view = score * position.to_move().sign();
        assert!(
            (traced - f64::from(first_view)).abs() < 1.0,
            "{}: traced {traced}, evaluated {first_view}",
            position.to_text()
        );
        for term in &uses {
            used[usize::from(term.index)] += 1;
        }
    }
    used
}

/// Asserts that the weights and their names match one to one, the names are distinct,
/// and the weights file `source` lists them in order as `value, // name` lines (spaces
/// aside).
pub(crate) fn assert_names_match_weights<G: Tunable>(source: &str) {
    let names = G::weight_names();
    let weights = G::weights();
    assert_eq!(names.len(), weights.len());
    let distinct: HashSet<&String> = names.iter().collect();
    assert_eq!(distinct.len(), names.len(), "duplicate weight names");
    let listed: Vec<(i32, String)> = source
        .lines()
        .filter_map(|line| {
            let (value, name) = line.split_once("//")?;
            let value = value.trim().strip_suffix(',')?.parse().ok()?;
            Some((value, name.trim().to_string()))
        })
        .collect();
    let expected: Vec<(i32, String)> = weights.iter().copied().zip(names).collect();
    assert_eq!(listed, expected, "the weights file's lines");
}

/// How many times the weight `term` counts in the position, from the first player's
/// view (0 when it does not count).
pub(crate) fn term_amount<G: Tunable>(position: &G, term: usize) -> f32 {
    let mut uses = Vec::new();
    position.trace(&mut uses);
    uses.iter()
        .find(|used| usize::from(used.index) == term)
        .map_or(0.0, |used| used.amount)
}
