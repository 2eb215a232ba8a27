//! The ladder of levels: each plays with the settings docs/levels.md documents, they
//! are ordered, their measured ratings rise, a level's choice replays from its seed,
//! from level 4 up no level leaves its queen to be taken, and full strength thinks its
//! whole budget when a fixed time a move asks it to.

use ply_modes::{Level, Limits, MODES, Request, find_mode, level_rating, limits};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// One row of docs/levels.md's settings table.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Row {
    level: u8,
    depth: Option<u32>,
    nodes: Option<u64>,
    lines: usize,
    temperature: f64,
}

impl Row {
    /// How much the row searches: deeper is more, and a number of positions is more
    /// than any depth (the whole engine's search, stopped by a count).
    fn search(&self) -> (u64, u64) {
        match (self.depth, self.nodes) {
            (_, Some(nodes)) => (1, nodes),
            (Some(depth), None) => (0, u64::from(depth)),
            (None, None) => (2, 0),
        }
    }
}

/// The rows of the settings table of docs/levels.md headed `| HEAD | depth | ...`,
/// "-" read as none; `None` when there is no such table.
fn documented_ladder(head: &str) -> Option<Vec<Row>> {
    let text = include_str!("../../docs/levels.md");
    let table = text
        .split(&format!(
            "| {head} | depth | positions | lines | temperature |"
        ))
        .nth(1)?;
    Some(
        table
            .lines()
            .skip(2)
            .take_while(|line| line.starts_with('|'))
            .map(|line| {
                let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
                Row {
                    level: cells[0].parse().expect("a level number"),
                    depth: (cells[1] != "-").then(|| cells[1].parse().expect("a depth")),
                    nodes: (cells[2] != "-").then(|| cells[2].parse().expect("a count")),
                    lines: cells[3].parse().expect("a number of lines"),
                    temperature: cells[4].parse().expect("a temperature"),
                }
            })
            .collect(),
    )
}

#[test]
fn every_modes_ladder_is_the_documented_one_and_ordered() {
    let standard = documented_ladder("level").expect("docs/levels.md has the ladder's table");
    for mode in MODES {
        // A mode with a ladder of its own has its own table, headed by its name.
        let documented =
            documented_ladder(&format!("{} level", mode.id)).unwrap_or_else(|| standard.clone());
        let rungs = mode.new_game().rungs();
        assert_eq!(
            documented.len(),
            Level::ALL.len() - 1,
            "{}: every level below full",
            mode.id
        );
        for row in &documented {
            let level = Level::new(row.level).expect("a level of the ladder");
            let ladder = level.rung(&rungs).expect("below full strength");
            let what = format!("{}: {level}", mode.id);
            assert_eq!(ladder.depth, row.depth, "{what}'s depth");
            assert_eq!(ladder.nodes, row.nodes, "{what}'s positions");
            assert_eq!(ladder.lines, row.lines, "{what}'s lines");
            assert_eq!(ladder.temperature, row.temperature, "{what}'s temperature");
            assert!(
                row.depth.is_some() != row.nodes.is_some(),
                "{what}: one limit"
            );
            let limits = limits(Some(&ladder), Duration::from_secs(2));
            assert_eq!((limits.depth, limits.nodes), (row.depth, row.nodes));
            assert_eq!(limits.threads, 1);
        }
        assert_eq!(Level::FULL.rung(&rungs), None);
        for pair in documented.windows(2) {
            let (lower, upper) = (pair[0], pair[1]);
            assert!(
                upper.search() >= lower.search()
                    && upper.lines <= lower.lines
                    && upper.temperature <= lower.temperature,
                "{}: {pair:?}",
                mode.id
            );
            assert!(
                upper.search() > lower.search() || upper.temperature < lower.temperature,
                "{}: {pair:?}: two levels alike",
                mode.id
            );
        }
        let ratings: Vec<i32> = Level::ALL
            .into_iter()
            .filter_map(|level| level_rating(mode.id, level))
            .map(|rating| rating.elo)
            .collect();
        assert!(
            ratings.windows(2).all(|pair| pair[0] < pair[1]),
            "{}: ratings {ratings:?} rise with the level",
            mode.id
        );
    }
    let full = limits(None, Duration::from_secs(2));
    assert_eq!((full.depth, full.nodes), (None, None));
}

/// White's queen on d3 is attacked by the knight on b4 and must move.
const QUEEN_ATTACKED: &str =
    "r3k2r/ppp1q1p1/3bbp2/PP5p/1nPP1p2/3Q1N1P/4P1P1/R1B1KB1R w KQkq - 1 14";

/// The move `level` plays in `position` with `seed`, from a fresh game.
fn played(position: &str, level: Level, seed: u64) -> String {
    let game = find_mode("chess").unwrap().from_position(position).unwrap();
    let request = Request {
        level,
        budget: Duration::from_secs(30),
        seed,
        whole_budget: false,
    };
    let thought = game.think(&request, &AtomicBool::new(false), &mut |_| {});
    thought.line[0].clone()
}

#[test]
fn levels_from_four_up_never_leave_the_queen_to_be_taken() {
    for number in 4..=7 {
        let level = Level::at(number);
        for seed in 0..12 {
            let chosen = played(QUEEN_ATTACKED, level, seed);
            let game = find_mode("chess")
                .unwrap()
                .from_position(QUEEN_ATTACKED)
                .unwrap();
            let mut after = game.clone_box();
            after.play(after.parse_move(&chosen).unwrap()).unwrap();
            let limits = Limits {
                depth: Some(4),
                ..Limits::default()
            };
            let reply = after.analyse(&limits, &AtomicBool::new(false), &mut |_| {});
            assert!(
                reply.score.0 < 500,
                "{level} played {chosen} with seed {seed}: Black is then {} up",
                reply.score.0
            );
        }
    }
}

#[test]
fn a_level_draws_among_its_lines_by_the_seed_and_replays_it() {
    let start = find_mode("chess").unwrap().new_game().position_text();
    let weakest: Vec<String> = (0..24)
        .map(|seed| played(&start, Level::WEAKEST, seed))
        .collect();
    let mut distinct = weakest.clone();
    distinct.sort();
    distinct.dedup();
    assert!(
        distinct.len() >= 5,
        "level 1 varies its first move: {distinct:?}"
    );
    assert_eq!(played(&start, Level::WEAKEST, 7), weakest[7]);
    assert_eq!(played(&start, Level::WEAKEST, 19), weakest[19]);
    let strongest_below_full = Level::at(8);
    let first = played(QUEEN_ATTACKED, strongest_below_full, 0);
    assert!((1..6).all(|seed| played(QUEEN_ATTACKED, strongest_below_full, seed) == first));
}

#[test]
fn full_strength_told_to_think_its_whole_budget_thinks_all_of_it() {
    let game = find_mode("chess").unwrap().new_game();
    let budget = Duration::from_millis(400);
    let request = Request {
        level: Level::FULL,
        budget,
        seed: 0,
        whole_budget: true,
    };
    let thought = game.think(&request, &AtomicBool::new(false), &mut |_| {});
    assert!(thought.best.is_some());
    assert!(
        thought.elapsed >= budget,
        "stopped after {:?} of {budget:?}",
        thought.elapsed
    );
}
