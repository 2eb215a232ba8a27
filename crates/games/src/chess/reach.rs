//! The chess family's terms that weigh both sides' reach at once: pieces left hanging,
//! safe checks, passed pawns with a free road, weak squares around the king, pawn pushes
//! that would attack a piece, and last piece standing's hunt for the last few pieces.

use super::Role;
use super::bits::Bits;
use super::geometry::Geometry;
use super::position::{Chess, Set};
use super::terms::*;
use super::variants::Variant;
use crate::tally::Tally;
use ply_core::Player;

type G<V> = <V as Variant>::Geometry;

/// What one side's pieces reach, for the terms that weigh both sides at once.
pub(super) struct Reach<V: Variant> {
    /// Every square the side attacks.
    pub(super) all: Set<V>,
    /// The squares each role attacks, by role index.
    pub(super) by_role: [Set<V>; 6],
    /// The side's passed pawns.
    pub(super) passed: Set<V>,
}

impl<V: Variant> Chess<V> {
    /// Every term that weighs `reach` (what each side reaches, by player index) of
    /// both sides, for `side`.
    pub(super) fn reach_terms(&self, side: Player, reach: &[Reach<V>; 2], tally: &mut impl Tally) {
        let them = side.opponent();
        let (ours, theirs) = (&reach[side.index()], &reach[them.index()]);
        let mut targets = self.colors[them.index()] & !self.roles[Role::Pawn as usize];
        if V::ROYAL {
            targets &= !self.roles[Role::King as usize];
        }
        let hanging = targets & ours.all & !theirs.all;
        tally.add(side, HANGING, hanging.count() as i32);
        self.free_passers(side, ours.passed, theirs.all, tally);
        self.push_threats(side, theirs.by_role[Role::Pawn as usize], tally);
        if V::ROYAL {
            self.safe_checks(side, ours, theirs.all, tally);
            self.weak_king_squares(side, ours, theirs.all, tally);
        } else {
            self.hunt(side, ours.all, tally);
        }
    }

    /// Squares next to our king that the enemy attacks and nothing of ours but the
    /// king defends (`attacked`: every square the enemy attacks).
    fn weak_king_squares(
        &self,
        side: Player,
        ours: &Reach<V>,
        attacked: Set<V>,
        tally: &mut impl Tally,
    ) {
        let Some(king) = self.king_of(side) else {
            return;
        };
        let mut defended = Set::<V>::EMPTY;
        for role in Role::ALL {
            if role != Role::King {
                defended |= ours.by_role[role as usize];
            }
        }
        let weak = G::<V>::king(king) & attacked & !defended;
        tally.add(side, KING_WEAK_SQUARE, weak.count() as i32);
    }

    /// Enemy pieces (not pawns) a pawn of `side` would attack after a single step onto
    /// an empty square no enemy pawn guards (`guarded`).
    fn push_threats(&self, side: Player, guarded: Set<V>, tally: &mut impl Tally) {
        let blockers = self.blockers();
        let targets = self.colors[side.opponent().index()] & !self.roles[Role::Pawn as usize];
        let mut threatened = Set::<V>::EMPTY;
        for pawn in self.pieces(side, Role::Pawn).squares() {
            if let Some(step) = Self::ahead(side, pawn)
                && !blockers.has(step)
                && !guarded.has(step)
            {
                threatened |= G::<V>::pawn(side.index(), step) & targets;
            }
        }
        tally.add(side, PUSH_THREAT, threatened.count() as i32);
    }

    /// Whether a knight, bishop, rook or queen of `side` can give check on a square
    /// `guarded` (every square the enemy attacks) leaves alone.
    fn safe_checks(&self, side: Player, ours: &Reach<V>, guarded: Set<V>, tally: &mut impl Tally) {
        let Some(king) = self.king_of(side.opponent()) else {
            return;
        };
        let blockers = self.blockers();
        let open = !guarded & !self.colors[side.index()];
        let diagonal = G::<V>::bishop(king, blockers);
        let straight = G::<V>::rook(king, blockers);
        for (role, squares) in [
            (Role::Knight, G::<V>::knight(king)),
            (Role::Bishop, diagonal),
            (Role::Rook, straight),
            (Role::Queen, diagonal | straight),
        ] {
            if (squares & ours.by_role[role as usize] & open).any() {
                tally.add(side, SAFE_CHECK + role as usize - 1, 1);
            }
        }
    }

    /// Passed pawns of `side` whose road to the last rank is empty and not `guarded`
    /// (every square the enemy attacks).
    fn free_passers(&self, side: Player, passed: Set<V>, guarded: Set<V>, tally: &mut impl Tally) {
        let blocked = self.occupied() | guarded;
        for square in passed.squares() {
            let mut road =
                std::iter::successors(Self::ahead(side, square), |&next| Self::ahead(side, next));
            if road.all(|step| !blocked.has(step)) {
                let rank = Self::advance(side, square) as usize * 8 / usize::from(Self::RANKS);
                tally.add(side, PASSED_FREE + rank, 1);
            }
        }
    }

    /// Last piece standing: whether `side` is down to the few pieces a hunt chases
    /// (never where kings are royal).
    pub(super) fn is_hunted(&self, side: Player) -> bool {
        !V::ROYAL && self.colors[side.index()].count() <= HUNT_MAX_PIECES
    }

    /// Last piece standing: when the enemy is down to a few pieces and we have more,
    /// how much room their pieces have left to run from ours (`attacked`: every square
    /// we attack), and how near our kings are to them.
    fn hunt(&self, side: Player, attacked: Set<V>, tally: &mut impl Tally) {
        let them = side.opponent();
        let theirs = self.colors[them.index()];
        if !self.is_hunted(them) || self.colors[side.index()].count() <= theirs.count() {
            return;
        }
        let blockers = self.blockers();
        let runners = theirs & !self.roles[Role::Pawn as usize];
        let mut escapes = 0;
        let mut trapped = 0;
        for square in runners.squares() {
            let role = self.piece_at(square).map_or(Role::King, |(_, role)| role);
            let reach = Self::piece_reach(role, square, blockers);
            let safe = (reach & !theirs & !V::holes() & !attacked).count() as i32;
            escapes += safe;
            trapped += i32::from(safe == 0);
        }
        tally.add(side, HUNT_ESCAPES, escapes);
        tally.add(side, HUNT_TRAPPED, trapped);
        for king in self.pieces(side, Role::King).squares() {
            let nearest = theirs
                .squares()
                .map(|square| Self::distance(king, square))
                .min();
            tally.add(side, HUNT_KING_DISTANCE, nearest.unwrap_or(0));
        }
    }
}
