//! Where each file's pawns stand, gathered once per evaluation, so that the pawn terms
//! that look at neighbouring files (passed, backward, outposts) ask a table instead of
//! walking every pawn for every pawn: on mega chess's 16x16, with sixteen pawns a side,
//! those walks were a large share of the search.

use super::Role;
use super::bits::Bits;
use super::position::Chess;
use super::variants::Variant;
use ply_core::Player;

/// The pawns of both sides by file, seen from one side: each advance is counted in
/// ranks from that side's own edge.
pub(super) struct PawnFiles {
    /// The side's own pawn furthest back on each file, if the file has one.
    own_rearmost: [Option<i32>; 16],
    /// The enemy pawn furthest from the side's edge on each file, if the file has one.
    their_furthest: [Option<i32>; 16],
    /// How many of the side's own pawns stand on each square colour (0 or 1).
    own_by_colour: [i32; 2],
}

impl PawnFiles {
    /// The pawns of the side `side` in `position`.
    pub(super) fn of<V: Variant>(position: &Chess<V>, side: Player) -> PawnFiles {
        let mut files = PawnFiles {
            own_rearmost: [None; 16],
            their_furthest: [None; 16],
            own_by_colour: [0; 2],
        };
        for pawn in position.pieces(side, Role::Pawn).squares() {
            let advance = Chess::<V>::advance(side, pawn);
            let rearmost = &mut files.own_rearmost[usize::from(pawn % Chess::<V>::FILES)];
            *rearmost = Some(rearmost.map_or(advance, |known| known.min(advance)));
            files.own_by_colour[usize::from(Chess::<V>::colour(pawn))] += 1;
        }
        for pawn in position.pieces(side.opponent(), Role::Pawn).squares() {
            let advance = Chess::<V>::advance(side, pawn);
            let furthest = &mut files.their_furthest[usize::from(pawn % Chess::<V>::FILES)];
            *furthest = Some(furthest.map_or(advance, |known| known.max(advance)));
        }
        files
    }

    /// The files beside `file` that are on the board (up to two).
    fn beside(file: u8) -> impl Iterator<Item = usize> {
        let file = usize::from(file);
        [file.checked_sub(1), file.checked_add(1)]
            .into_iter()
            .flatten()
            .filter(|&beside| beside < 16)
    }

    /// Whether an enemy pawn stands beyond `advance` on a file beside `file`.
    pub(super) fn enemy_beyond_beside(&self, file: u8, advance: i32) -> bool {
        Self::beside(file).any(|beside| self.their_furthest[beside].is_some_and(|a| a > advance))
    }

    /// Whether an enemy pawn stands beyond `advance` on `file` or a file beside it.
    pub(super) fn enemy_beyond_near(&self, file: u8, advance: i32) -> bool {
        self.their_furthest[usize::from(file)].is_some_and(|a| a > advance)
            || self.enemy_beyond_beside(file, advance)
    }

    /// Whether the side has pawns on the files beside `file` and all of them stand
    /// beyond `advance`.
    pub(super) fn own_all_beyond_beside(&self, file: u8, advance: i32) -> bool {
        let rearmost = Self::beside(file)
            .filter_map(|beside| self.own_rearmost[beside])
            .min();
        rearmost.is_some_and(|rearmost| rearmost > advance)
    }

    /// How many of the side's own pawns stand on squares of colour `colour` (0 or 1).
    pub(super) fn own_on_colour(&self, colour: u8) -> i32 {
        self.own_by_colour[usize::from(colour)]
    }
}
