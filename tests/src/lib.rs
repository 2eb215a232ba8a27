//! Helpers shared by the cross-crate tests: finding the project's reference data
//! (`tests/data`) and reading its perft files.

use std::path::PathBuf;

/// The reference data folder the project carries (`tests/data`; see its README for
/// where each file came from).
pub fn test_data() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data")
}

/// One position of a perft file with its expected leaf counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftCase {
    /// The case's name in the file.
    pub id: String,
    /// The position text (empty for Connect Four's start).
    pub position: String,
    /// `(depth, leaves)` pairs.
    pub counts: Vec<(u32, u64)>,
}

/// Reads `tests/data/perft/NAME.perft`: `id NAME`, `position TEXT`, `perft DEPTH COUNT`
/// lines, `#` comments. Panics with the line at fault on a malformed file.
pub fn perft_cases(name: &str) -> Vec<PerftCase> {
    let path = test_data().join("perft").join(format!("{name}.perft"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut cases: Vec<PerftCase> = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "id" => cases.push(PerftCase {
                id: rest.to_string(),
                position: String::new(),
                counts: Vec::new(),
            }),
            "position" => cases.last_mut().expect("position after id").position = rest.to_string(),
            "perft" => {
                let (depth, leaves) = rest.split_once(' ').expect("perft DEPTH COUNT");
                cases.last_mut().expect("perft after id").counts.push((
                    depth.parse().expect("depth"),
                    leaves.parse().expect("count"),
                ));
            }
            other => panic!("unexpected line start '{other}' in {}", path.display()),
        }
    }
    cases
}

/// Checks every count of `file` for `mode` up to `max_leaves` leaves; returns how many
/// counts were checked and lists every mismatch in the panic message.
pub fn check_perft_file(file: &str, mode: &str, max_leaves: u64) -> usize {
    let mode = ply_modes::find_mode(mode).expect("registered mode");
    let mut checked = 0;
    let mut failures = Vec::new();
    for case in perft_cases(file) {
        let game = mode
            .from_position(&case.position)
            .unwrap_or_else(|e| panic!("{}: {e}", case.id));
        for &(depth, expected) in &case.counts {
            if expected > max_leaves {
                continue;
            }
            let found = game.perft(depth);
            checked += 1;
            if found != expected {
                failures.push(format!(
                    "{} depth {depth}: expected {expected}, found {found}",
                    case.id
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
    checked
}
