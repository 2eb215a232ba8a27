//! Legal move generation for every chess rule set. Royal-king variants use a pin- and
//! check-aware generator that produces only legal moves; atomic generates pseudo-legal
//! moves and keeps those whose result is legal; last piece standing has no check, so
//! pseudo-legal moves are the legal ones. Nothing is allocated.

use super::bits::Bits;
use super::geometry::Geometry;
use super::position::{BLACK_LONG, BLACK_SHORT, Chess, Set, WHITE_LONG, WHITE_SHORT};
use super::variants::Variant;
use super::{Move, Role};
use ply_core::Player;

type G<V> = <V as Variant>::Geometry;

impl<V: Variant> Chess<V> {
    /// Whether a rule of the variant has already ended the game here (an exploded
    /// king, a king on the hill, a side without pieces): such positions have no moves.
    pub(super) fn variant_decided(&self) -> bool {
        (V::ATOMIC
            && (self.king_of(Player::First).is_none() || self.king_of(Player::Second).is_none()))
            || (V::HILL && (self.roles[Role::King as usize] & V::centre()).any())
            || (!V::ROYAL && self.colors[self.turn.index()].is_empty())
    }

    /// Appends every legal move.
    pub(super) fn generate(&self, out: &mut Vec<Move>) {
        self.generate_moves(out, false);
    }

    /// Appends the legal captures, promotions and en passant captures (and, in king of
    /// the hill, the king's steps onto the hill): the moves the search looks at past its
    /// horizon, without generating the quiet ones at all.
    pub(super) fn generate_noisy(&self, out: &mut Vec<Move>) {
        self.generate_moves(out, true);
    }

    /// Appends the legal moves, or only the noisy ones.
    fn generate_moves(&self, out: &mut Vec<Move>, noisy_only: bool) {
        if self.variant_decided() {
            return;
        }
        if V::ATOMIC {
            let start = out.len();
            self.generate_pseudo(out, noisy_only);
            let mut index = start;
            while index < out.len() {
                if self.atomic_legal(out[index]) {
                    index += 1;
                } else {
                    out.swap_remove(index);
                }
            }
        } else if V::ROYAL {
            self.generate_legal(out, noisy_only);
        } else {
            self.generate_pseudo(out, noisy_only);
        }
    }

    /// The squares a move may land on to be noisy: enemy pieces, or anywhere.
    fn landing(&self, noisy_only: bool) -> Set<V> {
        if noisy_only {
            self.colors[self.turn.opponent().index()]
        } else {
            Set::<V>::FULL
        }
    }

    /// King of the hill: the hill's squares, where a king's step wins at once. Among the
    /// noisy moves, so that the search past its horizon sees a king one step from the
    /// hill walk onto it rather than judging the position as if it could not.
    fn winning_steps(&self, noisy_only: bool) -> Set<V> {
        if V::HILL && noisy_only {
            V::centre()
        } else {
            Set::<V>::EMPTY
        }
    }

    fn generate_legal(&self, out: &mut Vec<Move>, noisy_only: bool) {
        let us = self.turn;
        let them = us.opponent();
        let Some(king) = self.king_of(us) else {
            return;
        };
        let blockers = self.blockers();
        let ours = self.colors[us.index()];
        let checkers = self.attackers(king, them, blockers);

        let without_king = blockers ^ Set::<V>::square(king);
        let king_landing = self.landing(noisy_only) | self.winning_steps(noisy_only);
        for to in (G::<V>::king(king) & !ours & !V::holes() & king_landing).squares() {
            if self.attackers(to, them, without_king).is_empty() {
                out.push(Move::new(king, to));
            }
        }
        if checkers.several() {
            return;
        }
        let mut targets = !ours & !V::holes();
        if let Some(checker) = checkers.lowest() {
            targets &= G::<V>::between(king, checker) | Set::<V>::square(checker);
        }
        let pinned = self.pinned(king, blockers);
        self.generate_pieces(out, targets, pinned, king, noisy_only);
        self.generate_en_passant(out, true);
        if checkers.is_empty() && !noisy_only {
            self.generate_castling(out, |square| self.attackers(square, them, blockers).any());
        }
    }

    fn generate_pseudo(&self, out: &mut Vec<Move>, noisy_only: bool) {
        let us = self.turn;
        let them = us.opponent();
        let ours = self.colors[us.index()];
        let targets = !ours & !V::holes();
        self.generate_pieces(out, targets, Set::<V>::EMPTY, 0, noisy_only);
        self.generate_en_passant(out, false);
        // Atomic kings never capture; in last piece standing they capture like anyone.
        let king_targets =
            if V::ATOMIC { !self.blockers() } else { targets } & self.landing(noisy_only);
        for king in self.pieces(us, Role::King).squares() {
            for to in (G::<V>::king(king) & king_targets).squares() {
                out.push(Move::new(king, to));
            }
        }
        if noisy_only {
            return;
        }
        if V::ATOMIC {
            if !self.in_check(us) {
                let blockers = self.blockers();
                let their_kings = self.pieces(them, Role::King);
                self.generate_castling(out, |square| {
                    (G::<V>::king(square) & their_kings).is_empty()
                        && self.attackers(square, them, blockers).any()
                });
            }
        } else {
            self.generate_castling(out, |_| false);
        }
    }

    /// Our pieces that stand alone between our king and an enemy slider.
    fn pinned(&self, king: u8, blockers: Set<V>) -> Set<V> {
        let them = self.turn.opponent();
        let ours = self.colors[self.turn.index()];
        let queens = self.pieces(them, Role::Queen);
        let snipers = (G::<V>::rook(king, Set::<V>::EMPTY)
            & (self.pieces(them, Role::Rook) | queens))
            | (G::<V>::bishop(king, Set::<V>::EMPTY) & (self.pieces(them, Role::Bishop) | queens));
        let mut pinned = Set::<V>::EMPTY;
        for sniper in snipers.squares() {
            let between = G::<V>::between(king, sniper) & blockers;
            if !between.several() && (between & ours).any() {
                pinned |= between;
            }
        }
        pinned
    }

    /// Knights, sliders and pawns (not en passant) landing on `targets` (with
    /// `noisy_only`, only captures and promotions); pinned pieces stay on their line
    /// through `king`.
    fn generate_pieces(
        &self,
        out: &mut Vec<Move>,
        targets: Set<V>,
        pinned: Set<V>,
        king: u8,
        noisy_only: bool,
    ) {
        let us = self.turn;
        let blockers = self.blockers();
        let piece_targets = targets & self.landing(noisy_only);
        let along_pin = |from: u8| {
            if pinned.has(from) {
                G::<V>::line(king, from)
            } else {
                Set::<V>::FULL
            }
        };
        for from in (self.pieces(us, Role::Knight) & !pinned).squares() {
            push_all(out, from, G::<V>::knight(from) & piece_targets);
        }
        let queens = self.pieces(us, Role::Queen);
        for from in (self.pieces(us, Role::Bishop) | queens).squares() {
            push_all(
                out,
                from,
                G::<V>::bishop(from, blockers) & piece_targets & along_pin(from),
            );
        }
        for from in (self.pieces(us, Role::Rook) | queens).squares() {
            push_all(
                out,
                from,
                G::<V>::rook(from, blockers) & piece_targets & along_pin(from),
            );
        }

        let theirs = self.colors[us.opponent().index()];
        let forward = Self::forward(us);
        let start_rank = match us {
            Player::First => V::PAWN_RANK,
            Player::Second => Self::RANKS - 1 - V::PAWN_RANK,
        };
        for from in self.pieces(us, Role::Pawn).squares() {
            let allowed = targets & along_pin(from);
            for to in (G::<V>::pawn(us.index(), from) & theirs & allowed).squares() {
                self.push_pawn(out, from, to);
            }
            let one = (i16::from(from) + forward) as u8;
            let promotes = one / Self::FILES == Self::last_rank(us);
            if blockers.has(one) || (noisy_only && !promotes) {
                continue;
            }
            if allowed.has(one) {
                self.push_pawn(out, from, one);
            }
            if from / Self::FILES == start_rank {
                let two = (i16::from(one) + forward) as u8;
                if !blockers.has(two) && allowed.has(two) {
                    out.push(Move::new(from, two));
                }
            }
        }
    }

    #[inline]
    fn push_pawn(&self, out: &mut Vec<Move>, from: u8, to: u8) {
        if to / Self::FILES == Self::last_rank(self.turn) {
            for role in Role::PROMOTIONS {
                out.push(Move {
                    from,
                    to,
                    promotion: Some(role),
                });
            }
        } else {
            out.push(Move::new(from, to));
        }
    }

    /// En passant captures; with `check_legality`, only those that leave our king safe.
    fn generate_en_passant(&self, out: &mut Vec<Move>, check_legality: bool) {
        let Some(target) = self.en_passant else {
            return;
        };
        let us = self.turn;
        let capturers = G::<V>::pawn(us.opponent().index(), target) & self.pieces(us, Role::Pawn);
        for from in capturers.squares() {
            let mv = Move::new(from, target);
            if check_legality {
                let mut after = *self;
                after.play(mv);
                if after.in_check(us) {
                    continue;
                }
            }
            out.push(mv);
        }
    }

    /// Castling moves whose path is clear and whose king squares `attacked` accepts.
    fn generate_castling(&self, out: &mut Vec<Move>, attacked: impl Fn(u8) -> bool) {
        if !V::CASTLING {
            return;
        }
        let (short, long, home) = match self.turn {
            Player::First => (WHITE_SHORT, WHITE_LONG, 0),
            Player::Second => (BLACK_SHORT, BLACK_LONG, (Self::RANKS - 1) * Self::FILES),
        };
        let king = home + 4;
        let occupied = self.occupied();
        let empty = |files: &[u8]| files.iter().all(|&file| !occupied.has(home + file));
        if self.castling & short != 0
            && empty(&[5, 6])
            && !attacked(home + 5)
            && !attacked(home + 6)
        {
            out.push(Move::new(king, home + 6));
        }
        if self.castling & long != 0
            && empty(&[1, 2, 3])
            && !attacked(home + 3)
            && !attacked(home + 2)
        {
            out.push(Move::new(king, home + 2));
        }
    }

    /// Atomic: the move keeps our king on the board, and either destroys theirs or
    /// leaves ours out of check.
    fn atomic_legal(&self, mv: Move) -> bool {
        let us = self.turn;
        let mut after = *self;
        after.play(mv);
        if after.king_of(us).is_none() {
            return false;
        }
        after.king_of(us.opponent()).is_none() || !after.in_check(us)
    }
}

#[inline]
fn push_all<B: Bits>(out: &mut Vec<Move>, from: u8, targets: B) {
    for to in targets.squares() {
        out.push(Move::new(from, to));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{AtomicRules, HoleRules, KothRules, LpsRules, MegaRules, StandardRules};
    use crate::tuning_checks::random_positions;
    use ply_core::Rules;

    /// Asserts that the noisy moves are exactly the legal moves that capture, promote,
    /// take en passant or (in king of the hill) step the king onto the hill, in positions
    /// of random games of `V`; returns how many promotions, en passant captures and steps
    /// onto the hill were among them.
    fn assert_noisy_moves_are_exactly_the_forcing_ones<V: Variant>(games: usize) -> usize {
        let mut rare = 0;
        for position in random_positions::<Chess<V>>(7, games, 200) {
            let theirs = position.colors[position.turn.opponent().index()];
            let pawns = position.pieces(position.turn, Role::Pawn);
            let en_passant = |mv: &Move| Some(mv.to) == position.en_passant && pawns.has(mv.from);
            let kings = position.pieces(position.turn, Role::King);
            let onto_hill = |mv: &Move| V::HILL && kings.has(mv.from) && V::centre().has(mv.to);
            let mut all = Vec::new();
            position.gen_moves(&mut all);
            let mut expected: Vec<Move> = all
                .into_iter()
                .filter(|mv| {
                    theirs.has(mv.to) || mv.promotion.is_some() || en_passant(mv) || onto_hill(mv)
                })
                .collect();
            let mut noisy = Vec::new();
            position.generate_noisy(&mut noisy);
            let key = |mv: &Move| (mv.from, mv.to, mv.promotion.map(|role| role as u8));
            expected.sort_by_key(key);
            noisy.sort_by_key(key);
            assert_eq!(noisy, expected, "{}", position.to_text());
            rare += noisy
                .iter()
                .filter(|mv| mv.promotion.is_some() || en_passant(mv) || onto_hill(mv))
                .count();
        }
        rare
    }

    #[test]
    fn every_variant_generates_its_noisy_moves_alone() {
        let rare = [
            assert_noisy_moves_are_exactly_the_forcing_ones::<StandardRules>(300),
            assert_noisy_moves_are_exactly_the_forcing_ones::<AtomicRules>(300),
            assert_noisy_moves_are_exactly_the_forcing_ones::<KothRules>(300),
            assert_noisy_moves_are_exactly_the_forcing_ones::<HoleRules>(300),
            assert_noisy_moves_are_exactly_the_forcing_ones::<LpsRules>(300),
            assert_noisy_moves_are_exactly_the_forcing_ones::<MegaRules>(20),
        ];
        assert!(rare[..5].iter().all(|&count| count > 0), "{rare:?}");
    }
}
