//! The list of game modes. Adding a mode is one line in `MODES`.

use crate::{AnyGame, Game, conformance};
use ply_core::{Explain, Heuristics, PositionError, Present, Rules, TimeControl};

/// A playable mode: its names and how to start a game of it.
pub struct Mode {
    /// Stable identifier (saves, network, help pages, `--mode`).
    pub id: &'static str,
    /// Name shown in menus.
    pub name: &'static str,
    /// One sentence for the mode list.
    pub summary: &'static str,
    /// The rules version new games are made with.
    pub rules_version: u32,
    /// The time controls offered when a game of this mode is set up, shortest first.
    pub time_presets: &'static [TimeControl],
    new_game: fn() -> Box<dyn AnyGame>,
    from_position: fn(&str) -> Result<Box<dyn AnyGame>, PositionError>,
    check: fn(u64, usize) -> Result<conformance::Report, conformance::ConformanceError>,
}

impl Mode {
    /// The registry entry of mode `G`.
    pub const fn of<G: Rules + Heuristics + Present + Explain>() -> Mode {
        Mode {
            id: G::ID,
            name: G::NAME,
            summary: G::SUMMARY,
            rules_version: G::RULES_VERSION,
            time_presets: G::TIME_PRESETS,
            new_game: new_game::<G>,
            from_position: from_position::<G>,
            check: conformance::check::<G>,
        }
    }

    /// A game from the usual starting position.
    pub fn new_game(&self) -> Box<dyn AnyGame> {
        (self.new_game)()
    }

    /// A game from a position given as text.
    pub fn from_position(&self, text: &str) -> Result<Box<dyn AnyGame>, PositionError> {
        (self.from_position)(text)
    }

    /// Runs the generic conformance checks on `playouts` random games from `seed`.
    pub fn conformance(
        &self,
        seed: u64,
        playouts: usize,
    ) -> Result<conformance::Report, conformance::ConformanceError> {
        (self.check)(seed, playouts)
    }
}

fn new_game<G: Rules + Heuristics + Present + Explain>() -> Box<dyn AnyGame> {
    Box::new(Game::new(G::start()))
}

fn from_position<G: Rules + Heuristics + Present + Explain>(
    text: &str,
) -> Result<Box<dyn AnyGame>, PositionError> {
    Ok(Box::new(Game::new(G::from_text(text)?)))
}

/// Every mode, in menu order.
pub static MODES: &[Mode] = &[
    Mode::of::<ply_games::chess::Standard>(),
    Mode::of::<ply_games::chess::Atomic>(),
    Mode::of::<ply_games::chess::KingOfTheHill>(),
    Mode::of::<ply_games::chess::HoleChess>(),
    Mode::of::<ply_games::chess::LastPieceStanding>(),
    Mode::of::<ply_games::chess::MegaChess>(),
    Mode::of::<ply_games::checkers::Checkers>(),
    Mode::of::<ply_games::hnefatafl::Hnefatafl>(),
    Mode::of::<ply_games::connect4::ConnectFour>(),
];

/// The mode with this identifier.
pub fn find_mode(id: &str) -> Option<&'static Mode> {
    MODES.iter().find(|mode| mode.id == id)
}

/// Every mode identifier, comma separated (for error messages).
pub fn mode_ids() -> String {
    MODES
        .iter()
        .map(|mode| mode.id)
        .collect::<Vec<_>>()
        .join(", ")
}
