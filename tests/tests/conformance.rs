//! The generic conformance check, run for every mode in the registry: make/unmake
//! identity, incremental hash against a recompute, move and position text round trips,
//! refusal of illegal moves, and random playouts that always end.

use ply_modes::MODES;

/// Random games per mode: thousands in all, fewer for the big mega board.
fn playouts(mode: &str) -> usize {
    match mode {
        "mega" => 40,
        _ => 300,
    }
}

#[test]
fn every_registered_mode_conforms() {
    let failures: Vec<String> = std::thread::scope(|scope| {
        let checks: Vec<_> = MODES
            .iter()
            .map(|mode| {
                scope.spawn(move || {
                    match mode.conformance(0x5EED ^ mode.id.len() as u64, playouts(mode.id)) {
                        Ok(report)
                            if report.playouts == playouts(mode.id)
                                && report.moves > report.positions =>
                        {
                            None
                        }
                        Ok(report) => Some(format!("{}: incomplete check {report:?}", mode.id)),
                        Err(problem) => Some(format!("{}: {problem}", mode.id)),
                    }
                })
            })
            .collect();
        checks
            .into_iter()
            .filter_map(|check| {
                check
                    .join()
                    .unwrap_or_else(|_| Some("a check panicked".into()))
            })
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn mode_ids_are_unique_and_stable() {
    let mut ids: Vec<&str> = MODES.iter().map(|mode| mode.id).collect();
    ids.sort_unstable();
    let before = ids.len();
    ids.dedup();
    assert_eq!(ids.len(), before);
    for mode in MODES {
        let game = mode.new_game();
        assert_eq!(game.mode_id(), mode.id);
        assert!(
            !game.legal_moves().is_empty(),
            "{} starts with moves",
            mode.id
        );
    }
}
