//! The list of game modes. Adding a mode is one line in `MODES`.

use crate::{AnyGame, Game, conformance};
use ply_core::{
    CastlingRights, Compose, Explain, Heuristics, PieceKind, Player, PositionError, Present, Rules,
    Setup, SetupFields, TimeControl,
};

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
    /// The pieces a position editor offers, each with its side.
    pub palette: &'static [(Player, PieceKind)],
    /// What the mode's positions record beyond the pieces and the side to move.
    pub setup_fields: SetupFields,
    setup_text: fn(&Setup) -> Result<String, PositionError>,
    compose: fn(&Setup) -> Result<Box<dyn AnyGame>, PositionError>,
    setup_of_text: fn(&str) -> Option<Setup>,
    en_passant_cells: fn(&Setup) -> Vec<usize>,
    castling_possible: fn(&Setup) -> CastlingRights,
    check: fn(u64, usize) -> Result<conformance::Report, conformance::ConformanceError>,
}

impl Mode {
    /// The registry entry of mode `G`.
    pub const fn of<G: Rules + Heuristics + Present + Explain + Compose>() -> Mode {
        Mode {
            id: G::ID,
            name: G::NAME,
            summary: G::SUMMARY,
            rules_version: G::RULES_VERSION,
            time_presets: G::TIME_PRESETS,
            new_game: new_game::<G>,
            from_position: from_position::<G>,
            palette: G::PALETTE,
            setup_fields: G::FIELDS,
            setup_text: G::setup_text,
            compose: compose::<G>,
            setup_of_text: setup_of_text::<G>,
            en_passant_cells: G::en_passant_cells,
            castling_possible: G::castling_possible,
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

    /// The game `setup` describes, or why it cannot be one: the mode cannot write it
    /// (no order of drops builds a Connect Four grid, a checker on a light square) or its
    /// rules refuse the position text (two kings, a pawn on the last rank, the side not to
    /// move in check, more pieces than a side has), each with the reason in words.
    pub fn compose(&self, setup: &Setup) -> Result<Box<dyn AnyGame>, PositionError> {
        (self.compose)(setup)
    }

    /// The position text of `setup`, unjudged: what [`Mode::compose`] reads, or why the
    /// mode has no text for it.
    pub fn setup_text(&self, setup: &Setup) -> Result<String, PositionError> {
        (self.setup_text)(setup)
    }

    /// The current position of `game` as a setup to edit; `None` for a game of another
    /// mode.
    pub fn setup_of(&self, game: &dyn AnyGame) -> Option<Setup> {
        if game.mode_id() != self.id {
            return None;
        }
        (self.setup_of_text)(&game.position_text())
    }

    /// The usual starting position as a setup.
    pub fn start_setup(&self) -> Setup {
        let start = self.new_game();
        self.setup_of(start.as_ref())
            .expect("the start position reads back")
    }

    /// The castling rights `setup`'s pieces still allow (none outside chess).
    pub fn castling_possible(&self, setup: &Setup) -> CastlingRights {
        (self.castling_possible)(setup)
    }

    /// The cells where `setup` may have an en passant square (none outside chess).
    pub fn en_passant_cells(&self, setup: &Setup) -> Vec<usize> {
        (self.en_passant_cells)(setup)
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

fn compose<G: Rules + Heuristics + Present + Explain + Compose>(
    setup: &Setup,
) -> Result<Box<dyn AnyGame>, PositionError> {
    Ok(Box::new(Game::new(G::compose(setup)?)))
}

fn setup_of_text<G: Rules + Compose>(text: &str) -> Option<Setup> {
    G::from_text(text).ok().map(|position| position.setup())
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
