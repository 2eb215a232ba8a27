//! A position being set up by hand, described the same way for every mode (the cells of
//! its board view, the side to move, castling and en passant), and the `Compose` trait
//! through which each mode writes such a description as its own position text and reads
//! one back, so that a position editor needs no knowledge of any mode.

use crate::{PieceKind, Player, PositionError, Present};

/// One of the two castling moves of a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wing {
    /// Castling with the rook nearer the king (O-O).
    KingSide,
    /// Castling with the rook on the queen's side (O-O-O).
    QueenSide,
}

impl Wing {
    /// Both wings, king side first.
    pub const BOTH: [Wing; 2] = [Wing::KingSide, Wing::QueenSide];
}

/// Which castling moves each side may still make.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CastlingRights {
    /// By player index, then king side and queen side.
    rights: [[bool; 2]; 2],
}

impl CastlingRights {
    /// No side may castle.
    pub const NONE: CastlingRights = CastlingRights {
        rights: [[false; 2]; 2],
    };

    /// Whether `player` may castle on `wing`.
    pub fn has(&self, player: Player, wing: Wing) -> bool {
        self.rights[player.index()][wing as usize]
    }

    /// Gives `player` the right to castle on `wing`, or takes it away.
    pub fn set(&mut self, player: Player, wing: Wing, allowed: bool) {
        self.rights[player.index()][wing as usize] = allowed;
    }

    /// The rights both `self` and `other` give.
    pub fn and(&self, other: CastlingRights) -> CastlingRights {
        let mut both = CastlingRights::NONE;
        for player in Player::BOTH {
            for wing in Wing::BOTH {
                both.set(
                    player,
                    wing,
                    self.has(player, wing) && other.has(player, wing),
                );
            }
        }
        both
    }

    /// Whether no side may castle at all.
    pub fn is_empty(&self) -> bool {
        *self == CastlingRights::NONE
    }
}

/// What a mode's positions record beyond the pieces and the side to move, so that an
/// editor offers only the fields the mode reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SetupFields {
    /// Castling rights (the chess family, except variants without castling).
    pub castling: bool,
    /// An en passant square (the chess family).
    pub en_passant: bool,
}

/// A position as a person sets it up: what stands on each cell, whose turn it is, and
/// the rights the pieces alone do not show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Number of columns, as in the mode's [`BoardView`](crate::BoardView).
    pub width: usize,
    /// Number of rows.
    pub height: usize,
    /// `width * height` cells indexed like [`BoardView::cells`](crate::BoardView):
    /// `row * width + column`, row 0 at the bottom; each holds a piece and its owner, the
    /// kind indexing the mode's [`Present::PIECES`].
    pub cells: Vec<Option<(Player, PieceKind)>>,
    /// Whose turn it is.
    pub to_move: Player,
    /// Which castling moves remain (ignored by modes without castling).
    pub castling: CastlingRights,
    /// The cell a pawn skipped with its double step on the last move, if an en passant
    /// capture onto it is to be allowed.
    pub en_passant: Option<usize>,
}

impl Setup {
    /// An empty board of `width` by `height` cells, the first player to move.
    pub fn empty(width: usize, height: usize) -> Setup {
        Setup {
            width,
            height,
            cells: vec![None; width * height],
            to_move: Player::First,
            castling: CastlingRights::NONE,
            en_passant: None,
        }
    }

    /// The cell at `column`, `row` (row 0 at the bottom), if it is on the board.
    pub fn index(&self, column: usize, row: usize) -> Option<usize> {
        (column < self.width && row < self.height).then_some(row * self.width + column)
    }

    /// The same board with every piece taken off and the rights cleared.
    pub fn cleared(&self) -> Setup {
        Setup {
            to_move: self.to_move,
            ..Setup::empty(self.width, self.height)
        }
    }

    /// How many pieces of `player` stand on the board, of any kind.
    pub fn count(&self, player: Player) -> usize {
        self.pieces()
            .filter(|&(_, (side, _))| side == player)
            .count()
    }

    /// Every piece on the board with its cell, from the bottom-left corner.
    pub fn pieces(&self) -> impl Iterator<Item = (usize, (Player, PieceKind))> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter_map(|(index, cell)| cell.map(|piece| (index, piece)))
    }
}

/// A mode whose positions can be set up piece by piece: it writes a [`Setup`] as its
/// position text, which [`Rules::from_text`](crate::Rules::from_text) then reads with
/// every check of the rules, and describes its own positions as setups to edit.
pub trait Compose: Present {
    /// The pieces an editor offers, each with its side: every kind a position of the
    /// mode may hold, the first player's first.
    const PALETTE: &'static [(Player, PieceKind)];
    /// The fields beyond the pieces and the side to move that the mode reads.
    const FIELDS: SetupFields = SetupFields {
        castling: false,
        en_passant: false,
    };

    /// The position text of `setup`, or why no text of the mode can say it (a board of
    /// another size, a piece where the mode has no square, a board no sequence of moves
    /// builds). Whether the position can occur is mostly for `from_text` to judge.
    fn setup_text(setup: &Setup) -> Result<String, PositionError>;

    /// This position as a setup.
    fn setup(&self) -> Setup;

    /// The castling rights `setup`'s pieces still allow (each king and rook on its home
    /// square). None in modes without castling.
    fn castling_possible(_setup: &Setup) -> CastlingRights {
        CastlingRights::NONE
    }

    /// The cells where an en passant square could be given in `setup` (behind a pawn of
    /// the side that just moved, standing where its double step ends). None in modes
    /// without en passant.
    fn en_passant_cells(_setup: &Setup) -> Vec<usize> {
        Vec::new()
    }

    /// The position `setup` describes, refused with the reason when the mode cannot
    /// write it or no game of the mode reaches it: by default, what `from_text` makes of
    /// its text; a mode may hold a position set up by hand to more than its text reader
    /// does (the chess family counts the pieces, which FEN test suites overstep).
    fn compose(setup: &Setup) -> Result<Self, PositionError> {
        Self::from_text(&Self::setup_text(setup)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn castling_rights_are_kept_per_side_and_wing() {
        let mut rights = CastlingRights::NONE;
        assert!(rights.is_empty());
        rights.set(Player::Second, Wing::QueenSide, true);
        assert!(rights.has(Player::Second, Wing::QueenSide));
        assert!(!rights.has(Player::Second, Wing::KingSide));
        assert!(!rights.has(Player::First, Wing::QueenSide));
        let mut other = CastlingRights::NONE;
        other.set(Player::Second, Wing::QueenSide, true);
        other.set(Player::First, Wing::KingSide, true);
        assert_eq!(rights.and(other), {
            let mut only = CastlingRights::NONE;
            only.set(Player::Second, Wing::QueenSide, true);
            only
        });
        rights.set(Player::Second, Wing::QueenSide, false);
        assert!(rights.is_empty());
    }

    #[test]
    fn cells_count_from_the_bottom_left_and_clearing_keeps_the_turn() {
        let mut setup = Setup::empty(3, 2);
        assert_eq!(setup.index(2, 1), Some(5));
        assert_eq!(setup.index(3, 0), None);
        setup.cells[5] = Some((Player::Second, PieceKind(1)));
        setup.to_move = Player::Second;
        assert_eq!(setup.count(Player::Second), 1);
        assert_eq!(setup.count(Player::First), 0);
        let cleared = setup.cleared();
        assert_eq!(cleared.pieces().count(), 0);
        assert_eq!(cleared.to_move, Player::Second);
    }
}
