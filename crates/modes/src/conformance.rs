//! The generic conformance check every registered mode must pass: random playouts in
//! which each position's hash, texts, moves and undo information are verified against
//! the rules themselves. The test suite runs it for every mode in the registry, so a new
//! mode is checked the moment it is registered.

use crate::{AnyGame, Game};
use ply_core::{Heuristics, MoveCode, Present, Rules, zobrist::splitmix64};

/// Longest playout accepted before the check reports that a game does not end.
pub const MAX_PLIES: usize = 20_000;

/// What a successful check looked at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Random games played to their end.
    pub playouts: usize,
    /// Positions visited.
    pub positions: u64,
    /// Moves made and unmade.
    pub moves: u64,
    /// The longest game, in plies.
    pub longest: usize,
}

/// A small deterministic random source, so a failing seed can be replayed.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(1);
        splitmix64(self.0)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Plays `playouts` random games of `G` from its start, checking at every position:
/// the incremental hash equals a recomputed one; position text round-trips; every legal
/// move's make/unmake restores the position exactly; one random move's text and code
/// round-trip; an illegal move is refused; the game ends within [`MAX_PLIES`]; and
/// undoing every move returns to the start.
pub fn check<G: Rules + Heuristics + Present>(
    seed: u64,
    playouts: usize,
) -> Result<Report, String> {
    let mut dice = Dice(seed);
    let mut report = Report::default();
    let mut moves = Vec::new();
    for playout in 0..playouts {
        let mut game = Game::new(G::start());
        let mut plies = 0;
        while game.outcome().is_none() {
            let here = |what: String| format!("playout {playout}, ply {plies}: {what}");
            let position = game.position().clone();
            check_position(&position).map_err(here)?;
            moves.clear();
            position.gen_moves(&mut moves);
            if moves.is_empty() {
                return Err(here(format!(
                    "no legal moves but no outcome in {}",
                    position.to_text()
                )));
            }
            for &mv in &moves {
                let mut after = position.clone();
                let undo = after.make(mv);
                if after.hash() != after.recompute_hash() {
                    return Err(here(format!(
                        "hash after {} from {} differs from a recompute",
                        position.move_text(mv),
                        position.to_text()
                    )));
                }
                after.unmake(mv, undo);
                if after != position {
                    return Err(here(format!(
                        "unmaking {} did not restore {}",
                        position.move_text(mv),
                        position.to_text()
                    )));
                }
                report.moves += 1;
            }
            let chosen = moves[dice.below(moves.len())];
            check_move(&position, chosen).map_err(here)?;
            if plies % 8 == 0 {
                check_refusals(&game, &mut dice).map_err(here)?;
            }
            game.play_move(chosen).map_err(|e| here(e.to_string()))?;
            plies += 1;
            report.positions += 1;
            if plies > MAX_PLIES {
                return Err(format!(
                    "playout {playout} did not end within {MAX_PLIES} plies"
                ));
            }
        }
        check_finished(&game).map_err(|what| format!("playout {playout}, end: {what}"))?;
        report.playouts += 1;
        report.longest = report.longest.max(plies);
    }
    Ok(report)
}

fn check_position<G: Rules + Present>(position: &G) -> Result<(), String> {
    if position.hash() != position.recompute_hash() {
        return Err(format!(
            "hash of {} differs from a recompute",
            position.to_text()
        ));
    }
    let text = position.to_text();
    let reread = G::from_text(&text).map_err(|e| format!("own text rejected: {e}"))?;
    if reread.to_text() != text || reread.hash() != position.hash() {
        return Err(format!("position text '{text}' does not round-trip"));
    }
    let view = position.view();
    if view.cells.len() != view.width * view.height {
        return Err("board view has the wrong number of cells".into());
    }
    Ok(())
}

fn check_move<G: Rules + Present>(position: &G, mv: G::Move) -> Result<(), String> {
    let text = position.move_text(mv);
    match position.parse_move(&text) {
        Ok(parsed) if parsed == mv => {}
        other => return Err(format!("move text '{text}' read back as {other:?}")),
    }
    if position.legal_move_from_code(G::move_code(mv)) != Some(mv) {
        return Err(format!("move code of '{text}' does not round-trip"));
    }
    if position.display_move(mv).is_empty() {
        return Err(format!("move '{text}' has an empty display form"));
    }
    let cells = position.view().cells.len();
    let path = position.move_path(mv);
    if path.is_empty() || path.iter().any(|&cell| cell >= cells) {
        return Err(format!("move '{text}' has a bad path {path:?}"));
    }
    Ok(())
}

fn check_refusals<G: Rules + Heuristics + Present>(
    game: &Game<G>,
    dice: &mut Dice,
) -> Result<(), String> {
    let mut copy: Box<dyn AnyGame> = Box::new(game.clone());
    let legal = copy.legal_moves();
    let bogus = (0..16)
        .map(|_| MoveCode(dice.next() >> dice.below(60)))
        .find(|code| !legal.contains(code));
    if let Some(code) = bogus
        && copy.play(code).is_ok()
    {
        return Err(format!("play accepted the illegal code {}", code.0));
    }
    for garbage in ["", "zz99", "0-0-0-0", "\u{1F600}", "a1a1a1a1a1"] {
        if copy.play_text(garbage).is_ok() {
            return Err(format!("play_text accepted '{garbage}'"));
        }
    }
    if copy.position_text() != game.position().to_text() {
        return Err("a refused move changed the game".into());
    }
    Ok(())
}

fn check_finished<G: Rules + Heuristics + Present>(game: &Game<G>) -> Result<(), String> {
    let mut copy: Box<dyn AnyGame> = Box::new(game.clone());
    if !copy.legal_moves().is_empty() {
        return Err("a finished game still lists legal moves".into());
    }
    let mut moves = Vec::new();
    game.position().gen_moves(&mut moves);
    if let Some(&mv) = moves.first()
        && copy.play(G::move_code(mv)).is_ok()
    {
        return Err("a finished game accepted a move".into());
    }
    while copy.undo().is_some() {}
    if copy.position_text() != G::start().to_text() {
        return Err("undoing every move did not return to the start".into());
    }
    Ok(())
}
