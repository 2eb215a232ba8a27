//! Legal move generation: every capture sequence when any jump exists (captures are
//! compulsory, and any sequence may be chosen, not only the longest), otherwise every
//! plain step. Capture sequences are followed depth first without allocating.

use super::geometry::{
    CROWNING_ROW, KING_DIRECTIONS, LANDING, MAN_DIRECTIONS, NEIGHBOUR, OFF_BOARD, bit, squares,
};
use super::position::Checkers;
use super::{MAX_JUMPS, Move};

/// What stays fixed while one piece's capture sequences are followed.
struct JumpSearch<'a> {
    /// Where the capturing piece started.
    from: u8,
    /// The directions the piece may jump in.
    directions: &'a [usize],
    /// The opponent's pieces.
    enemies: u32,
    /// Squares the piece may land on: the empty ones plus its own start square.
    landable: u32,
    /// Squares where a man is crowned, ending the sequence (none for a king).
    crowning: u32,
}

impl JumpSearch<'_> {
    /// Extends a sequence that has reached `at` after `jumps` jumps; appends a move for
    /// every way to finish it.
    fn extend(&self, out: &mut Vec<Move>, at: u8, jumps: u8, directions: u32, captured: u32) {
        let mut extended = false;
        for &direction in self.directions {
            let landing = LANDING[direction][usize::from(at)];
            if landing == OFF_BOARD || self.landable & bit(landing) == 0 {
                continue;
            }
            let over = NEIGHBOUR[direction][usize::from(at)];
            if self.enemies & !captured & bit(over) == 0 {
                continue;
            }
            extended = true;
            let directions = directions | (direction as u32) << (2 * jumps);
            let captured = captured | bit(over);
            if self.crowning & bit(landing) != 0 || jumps + 1 == MAX_JUMPS {
                out.push(self.finish(landing, jumps + 1, directions, captured));
            } else {
                self.extend(out, landing, jumps + 1, directions, captured);
            }
        }
        if !extended && jumps > 0 {
            out.push(self.finish(at, jumps, directions, captured));
        }
    }

    fn finish(&self, to: u8, jumps: u8, directions: u32, captured: u32) -> Move {
        Move {
            from: self.from,
            to,
            jumps,
            directions,
            captured,
        }
    }
}

impl Checkers {
    /// The directions the piece on `index` may move in.
    #[inline]
    fn directions_of(&self, index: u8) -> &'static [usize] {
        if self.kings & bit(index) != 0 {
            &KING_DIRECTIONS
        } else {
            &MAN_DIRECTIONS[self.turn.index()]
        }
    }

    /// Appends every legal move.
    pub(super) fn generate(&self, out: &mut Vec<Move>) {
        if !self.generate_captures(out) {
            self.generate_steps(out);
        }
    }

    /// Appends every capture sequence; says whether there was any.
    pub(super) fn generate_captures(&self, out: &mut Vec<Move>) -> bool {
        let before = out.len();
        let us = self.turn.index();
        let empty = !self.occupied();
        for from in squares(self.pieces[us]) {
            let king = self.kings & bit(from) != 0;
            let search = JumpSearch {
                from,
                directions: self.directions_of(from),
                enemies: self.pieces[1 - us],
                landable: empty | bit(from),
                crowning: if king { 0 } else { CROWNING_ROW[us] },
            };
            search.extend(out, from, 0, 0, 0);
        }
        out.len() > before
    }

    /// Appends every plain step.
    fn generate_steps(&self, out: &mut Vec<Move>) {
        let empty = !self.occupied();
        for from in squares(self.pieces[self.turn.index()]) {
            for &direction in self.directions_of(from) {
                let to = NEIGHBOUR[direction][usize::from(from)];
                if to != OFF_BOARD && empty & bit(to) != 0 {
                    out.push(Move::step(from, direction));
                }
            }
        }
    }

    /// Whether the side to move has any legal move (without listing them).
    pub(super) fn can_move(&self) -> bool {
        let us = self.turn.index();
        let empty = !self.occupied();
        squares(self.pieces[us]).any(|from| {
            self.directions_of(from).iter().any(|&direction| {
                let to = NEIGHBOUR[direction][usize::from(from)];
                let landing = LANDING[direction][usize::from(from)];
                to != OFF_BOARD
                    && (empty & bit(to) != 0
                        || (self.pieces[1 - us] & bit(to) != 0
                            && landing != OFF_BOARD
                            && empty & bit(landing) != 0))
            })
        })
    }
}
