//! A Connect Four position: the counters as two bitboards, the columns played so far
//! (the position text is that sequence) and an incrementally kept Zobrist hash.

use super::Move;
use super::bitboard::{self, CELLS, WIDTH};
use ply_core::{Player, zobrist};

/// One key per player per bit of the board (sentinel bits included, never used).
static CELL_KEYS: [u64; 2 * 64] = zobrist::keys(0xC0_4E_C7_F0);

#[inline]
fn cell_key(player: Player, bit: u64) -> u64 {
    CELL_KEYS[player.index() * 64 + bit.trailing_zeros() as usize]
}

/// The columns tried first by [`ConnectFour::legal_moves`]: central columns take part
/// in more lines of four, so a search that looks at them first cuts off sooner.
const CENTRE_FIRST: [u8; WIDTH as usize] = [3, 2, 4, 1, 5, 0, 6];

/// A Connect Four position.
///
/// Two positions are equal when the same columns were played in the same order (their
/// position texts agree); the hash depends only on where the counters stand, so move
/// orders that reach the same board share a hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConnectFour {
    /// The counters of the side to move.
    current: u64,
    /// Every counter on the board.
    occupied: u64,
    /// The 0-based columns played, in order; entries from `plies` on are zero.
    history: [u8; CELLS],
    /// How many counters have been played.
    plies: u8,
    hash: u64,
}

impl ConnectFour {
    /// The empty board, Red to move.
    pub const fn empty() -> Self {
        ConnectFour {
            current: 0,
            occupied: 0,
            history: [0; CELLS],
            plies: 0,
            hash: 0,
        }
    }

    /// Whose turn it is: Red after an even number of counters, else Yellow.
    #[inline]
    pub const fn turn(&self) -> Player {
        Player::from_index(self.plies as usize & 1)
    }

    /// How many counters are on the board.
    #[inline]
    pub const fn plies(&self) -> usize {
        self.plies as usize
    }

    /// The 0-based columns played so far, in order.
    pub fn history(&self) -> &[u8] {
        &self.history[..self.plies()]
    }

    /// The counters of `player`, one bit per cell (7 bits per column: 6 cells and an
    /// empty sentinel).
    #[inline]
    pub const fn counters(&self, player: Player) -> u64 {
        if player as usize == self.plies as usize & 1 {
            self.current
        } else {
            self.current ^ self.occupied
        }
    }

    /// Every counter on the board.
    #[inline]
    pub const fn occupied(&self) -> u64 {
        self.occupied
    }

    /// Whether `column` (0-based) has room for another counter.
    #[inline]
    pub const fn can_play(&self, column: u8) -> bool {
        self.occupied & bitboard::top(column) == 0
    }

    /// Whether the side that just moved has four in a row.
    #[inline]
    pub const fn is_won(&self) -> bool {
        bitboard::has_four(self.current ^ self.occupied)
    }

    /// Whether every cell is filled.
    #[inline]
    pub const fn is_full(&self) -> bool {
        self.plies as usize == CELLS
    }

    /// The cells where the side to move would complete four at once if it played there.
    #[inline]
    pub const fn immediate_wins(&self) -> u64 {
        bitboard::winning_cells(self.current, self.occupied)
            & bitboard::playable_cells(self.occupied)
    }

    /// The cell a counter dropped into `column` (0-based) would land on; zero when the
    /// column is full.
    #[inline]
    pub const fn landing_cell(&self, column: u8) -> u64 {
        (self.occupied + bitboard::bottom(column)) & bitboard::column_cells(column)
    }

    /// Appends the legal moves, centre columns first; none once someone has won.
    #[inline]
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        if self.is_won() {
            return;
        }
        for column in CENTRE_FIRST {
            if self.can_play(column) {
                out.push(Move { column });
            }
        }
    }

    /// Drops a counter of the side to move into `column` (0-based), which must not be
    /// full (nor may the game be over).
    #[inline]
    pub fn play(&mut self, column: u8) {
        let landing = self.landing_cell(column);
        self.hash ^= cell_key(self.turn(), landing);
        self.current ^= self.occupied;
        self.occupied |= landing;
        self.history[self.plies()] = column;
        self.plies += 1;
    }

    /// Takes back the last counter, which was dropped into `column` (0-based).
    #[inline]
    pub fn take_back(&mut self, column: u8) {
        self.plies -= 1;
        self.history[self.plies()] = 0;
        let stack = self.occupied & bitboard::column_cells(column);
        let highest = 1 << (63 - stack.leading_zeros());
        self.occupied ^= highest;
        self.current ^= self.occupied;
        self.hash ^= cell_key(self.turn(), highest);
    }

    /// The incrementally kept Zobrist hash.
    #[inline]
    pub const fn hash(&self) -> u64 {
        self.hash
    }

    /// The Zobrist hash computed from the counters.
    pub fn compute_hash(&self) -> u64 {
        let mut hash = 0;
        for player in Player::BOTH {
            let mut counters = self.counters(player);
            while counters != 0 {
                let bit = counters & counters.wrapping_neg();
                hash ^= cell_key(player, bit);
                counters ^= bit;
            }
        }
        hash
    }

    /// The player whose counter stands at `column` (0-based) and `row` (0 at the bottom).
    pub fn owner(&self, column: u8, row: u8) -> Option<Player> {
        let bit = bitboard::cell(column, row);
        Player::BOTH
            .into_iter()
            .find(|&player| self.counters(player) & bit != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_and_take_back_restore_everything() {
        let mut position = ConnectFour::empty();
        for column in [3, 3, 2, 4, 3] {
            position.play(column);
        }
        let before = position;
        position.play(3);
        assert_eq!(position.owner(3, 3), Some(Player::Second));
        assert_eq!(position.hash(), position.compute_hash());
        position.take_back(3);
        assert_eq!(position, before);
        assert_eq!(position.hash(), before.compute_hash());
    }

    #[test]
    fn counters_split_by_player() {
        let mut position = ConnectFour::empty();
        position.play(0);
        position.play(0);
        position.play(6);
        assert_eq!(
            position.counters(Player::First),
            bitboard::cell(0, 0) | bitboard::cell(6, 0)
        );
        assert_eq!(position.counters(Player::Second), bitboard::cell(0, 1));
        assert_eq!(position.turn(), Player::Second);
        assert_eq!(position.history(), &[0, 0, 6]);
    }
}
