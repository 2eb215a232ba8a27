//! The chess family's evaluation: tapered (middlegame to endgame) material, placement
//! tables, mobility tables, pawn structure, threats and king safety, plus what each
//! variant changes: explosion danger in atomic, the king's road to the hill, holes (seen
//! through mobility), ordinary kings in last piece standing, and the larger board of
//! mega chess. It is written once, over a [`Tally`]: summed with the variant's weights
//! (a middlegame and an endgame weight per term, blended by the material left) for the
//! search, or recorded term by term for the tuner. Standard chess, atomic chess, king of
//! the hill and last piece standing (but for its hunts) search with learned networks on
//! the pieces (`network`) instead; the terms still explain their moves and stay what the
//! other variants use.

use super::Role;
use super::bits::Bits;
use super::geometry::Geometry;
use super::network::{Committed, PieceNetwork};
use super::pawn_files::PawnFiles;
use super::position::{Chess, NO_PROGRESS_PLIES, Set};
use super::reach::Reach;
use super::terms::{self, *};
use super::variants::Variant;
use crate::tally::{Tally, TermTrace};
use ply_core::{Player, Score, TermUse, Tunable};

type G<V> = <V as Variant>::Geometry;

/// Game-phase weight by role; a variant's start position sums to `Variant::FULL_PHASE`.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];

/// Where the variant wants it (`Variant::SHRINK_WHEN_SHUFFLING`), the evaluation shrinks
/// as the fifty-move count grows: by half at 100 plies without a capture or a pawn move.
/// A side that is ahead then prefers lines that make progress over shuffling towards a
/// draw.
const SHUFFLE_SCALE: i32 = 200;

/// Sums the terms with a weight table, per side and phase.
struct TaperedSum {
    weights: &'static [i32],
    middle: [i32; 2],
    end: [i32; 2],
}

impl Tally for TaperedSum {
    #[inline]
    fn add(&mut self, side: Player, term: usize, times: i32) {
        self.middle[side.index()] += self.weights[2 * term] * times;
        self.end[side.index()] += self.weights[2 * term + 1] * times;
    }
}

impl<V: Variant> Chess<V> {
    /// The static evaluation, from the side to move's view: the network's where the
    /// variant has one and the position is not a hunt, else the weight table's.
    pub(super) fn static_eval(&self) -> Score {
        match V::PIECE_NETWORK {
            Some(network) if self.network_evaluates() => self.network_eval(network),
            _ => self.table_eval(),
        }
    }

    /// Whether the variant's network evaluates this position: it has one, and this is
    /// not last piece standing's hunt for a side's last few pieces, which the table's
    /// hunt terms judge.
    pub fn network_evaluates(&self) -> bool {
        V::PIECE_NETWORK.is_some() && !Player::BOTH.into_iter().any(|side| self.is_hunted(side))
    }

    /// The weight table's evaluation, from the side to move's view.
    pub(super) fn table_eval(&self) -> Score {
        let mut sum = TaperedSum {
            weights: V::WEIGHTS,
            middle: [0; 2],
            end: [0; 2],
        };
        self.tally(&mut sum);
        let full_phase = V::FULL_PHASE;
        let phase = self.phase();
        let middle = sum.middle[0] - sum.middle[1];
        let end = sum.end[0] - sum.end[1];
        let kept = self.kept_share();
        let from_white =
            (middle * phase + end * (full_phase - phase)) * kept / (full_phase * SHUFFLE_SCALE);
        Score(if self.turn == Player::First {
            from_white
        } else {
            -from_white
        })
    }

    /// The learned network's evaluation, from the side to move's view, shrunk as the
    /// table's is.
    fn network_eval(&self, network: Committed) -> Score {
        let value = PieceNetwork::committed(network).evaluate(self.piece_list(), self.turn);
        Score(value * self.kept_share() / SHUFFLE_SCALE)
    }

    /// The share of the evaluation kept, of `SHUFFLE_SCALE`: a tenth in an ending a lone
    /// runner holds (last piece standing), less by one for every ply since the last
    /// capture or pawn move (at most 100, as the fifty-move rule counts them) where the
    /// variant shrinks it, all of it elsewhere.
    fn kept_share(&self) -> i32 {
        if Player::BOTH.into_iter().any(|side| self.runner_holds(side)) {
            SHUFFLE_SCALE / 10
        } else if V::SHRINK_WHEN_SHUFFLING {
            SHUFFLE_SCALE - self.halfmoves.min(NO_PROGRESS_PLIES) as i32
        } else {
            SHUFFLE_SCALE
        }
    }

    /// How much material is left, from `Variant::FULL_PHASE` (all) down to 0.
    fn phase(&self) -> i32 {
        let mut phase = 0;
        for role in Role::ALL {
            phase += PHASE[role as usize] * self.roles[role as usize].count() as i32;
        }
        phase.min(V::FULL_PHASE)
    }

    /// Every term of the position, for both sides.
    fn tally(&self, tally: &mut impl Tally) {
        let pawn_attacks = Player::BOTH.map(|side| self.pawn_attacks(side));
        let reach = Player::BOTH.map(|side| self.side_terms(side, pawn_attacks, tally));
        for side in Player::BOTH {
            self.reach_terms(side, &reach, tally);
        }
        tally.add(self.turn, TEMPO, 1);
    }

    /// Squares the pawns of `side` attack.
    fn pawn_attacks(&self, side: Player) -> Set<V> {
        let mut attacked = Set::<V>::EMPTY;
        for square in self.pieces(side, Role::Pawn).squares() {
            attacked |= G::<V>::pawn(side.index(), square);
        }
        attacked
    }

    /// Everything that depends on one side alone (`pawn_attacks`: the squares each
    /// side's pawns attack, by player index). Returns what the side's pieces reach.
    fn side_terms(
        &self,
        side: Player,
        pawn_attacks: [Set<V>; 2],
        tally: &mut impl Tally,
    ) -> Reach<V> {
        let them = side.opponent();
        let ours = self.colors[side.index()];
        let blockers = self.blockers();
        let own_pawns = self.pieces(side, Role::Pawn);
        let their_pawns = self.pieces(them, Role::Pawn);
        let their_pawn_attacks = pawn_attacks[them.index()];
        let our_pawn_attacks = pawn_attacks[side.index()];
        let their_majors = self.pieces(them, Role::Rook) | self.pieces(them, Role::Queen);
        let their_king_zone = match self.king_of(them) {
            Some(king) if V::ROYAL => G::<V>::king(king) | Set::<V>::square(king),
            _ => Set::<V>::EMPTY,
        };
        let pawn_files = PawnFiles::of(self, side);
        let mut pressure = 0;
        let mut king_attackers = 0;
        let mut by_role = [Set::<V>::EMPTY; 6];
        by_role[Role::Pawn as usize] = our_pawn_attacks;
        for king in self.pieces(side, Role::King).squares() {
            by_role[Role::King as usize] |= G::<V>::king(king);
        }
        for role in Role::ALL {
            let pieces = self.pieces(side, role);
            if role != Role::King || !V::ROYAL {
                tally.add(side, MATERIAL + role as usize, pieces.count() as i32);
            }
            for square in pieces.squares() {
                tally.add(side, Self::square_term(side, role, square), 1);
                if matches!(role, Role::Pawn | Role::King) {
                    continue;
                }
                let reach = Self::piece_reach(role, square, blockers);
                by_role[role as usize] |= reach;
                let on_king = (reach & their_king_zone).count() as usize;
                pressure += on_king;
                king_attackers += usize::from(on_king > 0);
                match role {
                    Role::Knight | Role::Bishop => {
                        tally.add(side, MINOR_THREAT, (reach & their_majors).count() as i32);
                        if our_pawn_attacks.has(square)
                            && Self::out_of_pawn_reach(side, square, &pawn_files)
                        {
                            tally.add(side, OUTPOST, 1);
                        }
                    }
                    Role::Rook => {
                        let queens = self.pieces(them, Role::Queen);
                        tally.add(side, ROOK_THREAT, (reach & queens).count() as i32);
                    }
                    _ => {}
                }
                let safe = (reach & !ours & !V::holes() & !their_pawn_attacks).count() as usize;
                let scaled = safe * 8 / usize::from(Self::FILES);
                let count = scaled.min(MOBILITY_MAX[role as usize]);
                tally.add(side, MOBILITY_START[role as usize] + count, 1);
                if role == Role::Rook {
                    let file = G::<V>::file(square % Self::FILES);
                    if (file & own_pawns).is_empty() {
                        let term = if (file & their_pawns).is_empty() {
                            ROOK_OPEN_FILE
                        } else {
                            ROOK_HALF_OPEN_FILE
                        };
                        tally.add(side, term, 1);
                    }
                }
            }
        }
        if self.pieces(side, Role::Bishop).several() {
            tally.add(side, BISHOP_PAIR, 1);
        }
        for bishop in self.pieces(side, Role::Bishop).squares() {
            let alike = pawn_files.own_on_colour(Self::colour(bishop));
            tally.add(side, BISHOP_PAWNS, alike);
        }
        tally.add(side, SPACE, self.space(side, own_pawns, their_pawn_attacks));
        let threatened = our_pawn_attacks & self.colors[them.index()] & !their_pawns;
        tally.add(side, PAWN_THREAT, threatened.count() as i32);
        tally.add(
            side,
            SUPPORTED_PAWN,
            (own_pawns & our_pawn_attacks).count() as i32,
        );
        let beside = own_pawns
            .squares()
            .filter(|&pawn| pawn % Self::FILES + 1 < Self::FILES && own_pawns.has(pawn + 1))
            .count();
        tally.add(side, PHALANX, beside as i32);
        let passed = self.pawn_structure(side, their_pawn_attacks, &pawn_files, tally);
        if V::ROYAL {
            tally.add(side, KING_ATTACK + pressure.min(KING_ATTACK_MAX), 1);
            tally.add(
                side,
                KING_ATTACKERS + king_attackers.min(KING_ATTACKERS_MAX),
                1,
            );
            self.king_shelter(side, tally);
            if V::ATOMIC {
                tally.add(side, EXPLOSION_DANGER, self.explosion_danger(side));
            }
        }
        if V::HILL {
            self.hill_race(side, tally);
        }
        let all = by_role
            .into_iter()
            .fold(Set::<V>::EMPTY, |all, set| all | set);
        Reach {
            all,
            by_role,
            passed,
        }
    }

    /// The placement term of a piece: its square seen from its owner's side, scaled
    /// onto an 8x8 grid, and files e to h mirrored onto d to a.
    fn square_term(side: Player, role: Role, square: u8) -> usize {
        let file = usize::from(square % Self::FILES) * 8 / usize::from(Self::FILES);
        let wing_file = file.min(7 - file);
        let rank = Self::advance(side, square) as usize * 8 / usize::from(Self::RANKS);
        SQUARE + role as usize * 32 + rank * 4 + wing_file
    }

    /// Whether a piece of `side` on `square`, in the enemy half, is beyond the reach of
    /// every enemy pawn now and later (no enemy pawn ahead of it on a neighbouring file,
    /// by `pawn_files`, the pawns seen from `side`).
    fn out_of_pawn_reach(side: Player, square: u8, pawn_files: &PawnFiles) -> bool {
        let advance = Self::advance(side, square);
        advance >= i32::from(Self::RANKS) / 2
            && !pawn_files.enemy_beyond_beside(square % Self::FILES, advance)
    }

    /// The squares a knight, bishop, rook, queen or (non-pawn) king on `square` attacks,
    /// with `blockers` in the way of sliders.
    pub(super) fn piece_reach(role: Role, square: u8, blockers: Set<V>) -> Set<V> {
        match role {
            Role::Knight => G::<V>::knight(square),
            Role::Bishop => G::<V>::bishop(square, blockers),
            Role::Rook => G::<V>::rook(square, blockers),
            Role::Queen => G::<V>::bishop(square, blockers) | G::<V>::rook(square, blockers),
            Role::Pawn | Role::King => G::<V>::king(square),
        }
    }

    /// The square one step ahead of `square` for `side`'s pawns, if it is on the board.
    pub(super) fn ahead(side: Player, square: u8) -> Option<u8> {
        let step = i16::from(square) + Self::forward(side);
        let squares = i16::from(Self::FILES) * i16::from(Self::RANKS);
        (0..squares).contains(&step).then_some(step as u8)
    }

    /// The colour of a square: 0 or 1.
    pub(super) fn colour(square: u8) -> u8 {
        (square % Self::FILES + square / Self::FILES) % 2
    }

    /// Room behind the pawns: squares on the middle half of the files, in the ranks
    /// between `side`'s first rank and the middle of the board, that hold none of
    /// `own_pawns` and that no enemy pawn attacks (`their_pawn_attacks`).
    fn space(&self, side: Player, own_pawns: Set<V>, their_pawn_attacks: Set<V>) -> i32 {
        let mut files = Set::<V>::EMPTY;
        for file in Self::FILES / 4..Self::FILES - Self::FILES / 4 {
            files |= G::<V>::file(file);
        }
        let mut ranks = Set::<V>::EMPTY;
        for advance in 1..Self::RANKS / 2 {
            ranks |= G::<V>::rank(match side {
                Player::First => advance,
                Player::Second => Self::RANKS - 1 - advance,
            });
        }
        (files & ranks & !own_pawns & !their_pawn_attacks & !V::holes()).count() as i32
    }

    /// King steps between two squares.
    pub(super) fn distance(from: u8, to: u8) -> i32 {
        let files = (from % Self::FILES).abs_diff(to % Self::FILES);
        let ranks = (from / Self::FILES).abs_diff(to / Self::FILES);
        i32::from(files.max(ranks))
    }

    /// How far `square` is from the centre of the board: 0 on the four centre squares,
    /// `files / 2 - 1` on the edge.
    fn edge_distance(square: u8) -> i32 {
        let files = i32::from(Self::FILES);
        let file = 2 * i32::from(square % Self::FILES) - (files - 1);
        let rank = 2 * i32::from(square / Self::FILES) - (files - 1);
        (file.abs().max(rank.abs()) - 1) / 2
    }

    /// How many ranks a piece of `side` on `square` has advanced from its own edge.
    pub(super) fn advance(side: Player, square: u8) -> i32 {
        let rank = i32::from(square / Self::FILES);
        match side {
            Player::First => rank,
            Player::Second => i32::from(Self::RANKS) - 1 - rank,
        }
    }

    /// Doubled, isolated, backward and passed pawns (`their_pawn_attacks`: the squares
    /// the enemy's pawns attack; `pawn_files`: the pawns seen from `side`). Returns the
    /// passed pawns.
    fn pawn_structure(
        &self,
        side: Player,
        their_pawn_attacks: Set<V>,
        pawn_files: &PawnFiles,
        tally: &mut impl Tally,
    ) -> Set<V> {
        let own = self.pieces(side, Role::Pawn);
        let mut files_with_pawns = [0i32; 16];
        for file in 0..Self::FILES {
            files_with_pawns[usize::from(file)] = (G::<V>::file(file) & own).count() as i32;
        }
        let files_with_pawns = &files_with_pawns[..usize::from(Self::FILES)];
        for (file, &count) in files_with_pawns.iter().enumerate() {
            if count == 0 {
                continue;
            }
            tally.add(side, DOUBLED_PAWN, count - 1);
            let left = file.checked_sub(1).map_or(0, |f| files_with_pawns[f]);
            let right = files_with_pawns.get(file + 1).copied().unwrap_or(0);
            if left == 0 && right == 0 {
                tally.add(side, ISOLATED_PAWN, count);
            }
        }
        let mut passed = Set::<V>::EMPTY;
        for square in own.squares() {
            let file = square % Self::FILES;
            let advance = Self::advance(side, square);
            if Self::backward(side, square, their_pawn_attacks, pawn_files) {
                tally.add(side, BACKWARD_PAWN, 1);
            }
            if !pawn_files.enemy_beyond_near(file, advance) {
                let rank = advance as usize * 8 / usize::from(Self::RANKS);
                tally.add(side, PASSED + rank, 1);
                self.passed_pawn_escort(side, square, tally);
                passed |= Set::<V>::square(square);
            }
        }
        passed
    }

    /// Whether the pawn of `side` on `square` is backward: it has friendly pawns on a
    /// neighbouring file, all of them ahead of it, and an enemy pawn guards its next
    /// square (`their_pawn_attacks`; `pawn_files`: the pawns seen from `side`).
    fn backward(
        side: Player,
        square: u8,
        their_pawn_attacks: Set<V>,
        pawn_files: &PawnFiles,
    ) -> bool {
        pawn_files.own_all_beyond_beside(square % Self::FILES, Self::advance(side, square))
            && Self::ahead(side, square).is_some_and(|front| their_pawn_attacks.has(front))
    }

    /// A passed pawn of `side` on `square`: whether something stands in its way, and how
    /// near each king is to the square in front of it.
    fn passed_pawn_escort(&self, side: Player, square: u8, tally: &mut impl Tally) {
        let Some(front) = Self::ahead(side, square) else {
            return;
        };
        if self.occupied().has(front) {
            tally.add(side, PASSED_BLOCKED, 1);
        }
        if let Some(king) = self.king_of(side) {
            tally.add(side, PASSED_OWN_KING, Self::distance(king, front));
        }
        if let Some(king) = self.king_of(side.opponent()) {
            tally.add(side, PASSED_ENEMY_KING, Self::distance(king, front));
        }
    }

    /// Pawns sheltering a king that stays at home, a king on a file without them, and
    /// the nearest pawns of each side on the files around the king.
    fn king_shelter(&self, side: Player, tally: &mut impl Tally) {
        let Some(king) = self.king_of(side) else {
            return;
        };
        let own_pawns = self.pieces(side, Role::Pawn);
        if Self::advance(side, king) <= 1 {
            let shield = (G::<V>::king(king) & own_pawns).count() as i32;
            tally.add(side, PAWN_SHIELD, shield);
        }
        if (G::<V>::file(king % Self::FILES) & own_pawns).is_empty() {
            tally.add(side, KING_OPEN_FILE, 1);
        }
        let their_pawns = self.pieces(side.opponent(), Role::Pawn);
        let home = Self::advance(side, king);
        let middle = (king % Self::FILES).clamp(1, Self::FILES - 2);
        for file in middle - 1..=middle + 1 {
            let on_file = G::<V>::file(file);
            let nearest = |pawns: Set<V>| {
                pawns
                    .squares()
                    .map(|pawn| Self::advance(side, pawn) - home)
                    .filter(|&ahead| ahead > 0)
                    .min()
                    .map_or(0, |ahead| (ahead as usize).min(SHELTER_MAX))
            };
            tally.add(side, SHELTER + nearest(on_file & own_pawns), 1);
            tally.add(side, STORM + nearest(on_file & their_pawns), 1);
        }
    }

    /// Atomic: our pieces next to our king that the enemy can capture.
    fn explosion_danger(&self, side: Player) -> i32 {
        let Some(king) = self.king_of(side) else {
            return 0;
        };
        let them = side.opponent();
        let blockers = self.blockers();
        let neighbours = G::<V>::king(king) & self.colors[side.index()];
        neighbours
            .squares()
            .filter(|&square| {
                (self.attackers(square, them, blockers) & !self.pieces(them, Role::King)).any()
            })
            .count() as i32
    }

    /// King of the hill: how close our king is to the hill, and the hill squares it
    /// could step onto unhindered.
    fn hill_race(&self, side: Player, tally: &mut impl Tally) {
        let Some(king) = self.king_of(side) else {
            return;
        };
        let distance = Self::edge_distance(king).min(3) as usize;
        tally.add(side, HILL_DISTANCE + distance, 1);
        let steps = G::<V>::king(king) & V::centre() & !self.colors[side.index()];
        let blockers = self.blockers();
        let free = steps
            .squares()
            .filter(|&square| self.attackers(square, side.opponent(), blockers).is_empty())
            .count() as i32;
        tally.add(side, HILL_FREE_STEP, free);
    }
}

impl<V: Variant> Tunable for Chess<V> {
    fn weight_names() -> Vec<String> {
        terms::weight_names()
    }

    fn weights() -> &'static [i32] {
        V::WEIGHTS
    }

    fn trace(&self, out: &mut Vec<TermUse>) -> f32 {
        let mut trace = TermTrace::new(COUNT);
        self.tally(&mut trace);
        let mut terms = Vec::new();
        trace.write(&mut terms);
        let middle_share = self.phase() as f32 / V::FULL_PHASE as f32;
        let shuffle = self.kept_share() as f32 / SHUFFLE_SCALE as f32;
        out.clear();
        for term in terms {
            out.push(TermUse {
                index: 2 * term.index,
                amount: term.amount * middle_share * shuffle,
            });
            out.push(TermUse {
                index: 2 * term.index + 1,
                amount: term.amount * (1.0 - middle_share) * shuffle,
            });
        }
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::super::{
        Atomic, HoleChess, KingOfTheHill, LastPieceStanding, LpsRules, MegaChess, Standard,
    };
    use super::{Committed, PieceNetwork, SHUFFLE_SCALE, Variant};
    use crate::tuning_checks::{
        assert_names_match_weights, assert_trace_matches, assert_trace_matches_evaluation,
        random_positions,
    };
    use ply_core::Tunable;

    fn traces_its_evaluation<G: Tunable>(games: usize) {
        let positions = random_positions::<G>(7, games, 120);
        assert!(positions.len() > 100);
        assert_trace_matches_evaluation(&positions);
    }

    #[test]
    fn every_variant_traces_its_weight_tables_evaluation() {
        // Standard chess, atomic chess, king of the hill and last piece standing search
        // with their networks; the table is the one the fit tunes, and what the other
        // variants use.
        let positions = random_positions::<Standard>(7, 8, 120);
        assert_trace_matches(&positions, Standard::table_eval);
        let positions = random_positions::<LastPieceStanding>(7, 4, 120);
        assert_trace_matches(&positions, LastPieceStanding::table_eval);
        let positions = random_positions::<Atomic>(7, 8, 120);
        assert_trace_matches(&positions, Atomic::table_eval);
        let positions = random_positions::<KingOfTheHill>(7, 8, 120);
        assert_trace_matches(&positions, KingOfTheHill::table_eval);
        traces_its_evaluation::<HoleChess>(4);
        traces_its_evaluation::<MegaChess>(2);
    }

    #[test]
    fn last_piece_standing_leaves_its_hunts_to_the_table() {
        let network = PieceNetwork::committed(Committed::LastPieceStanding);
        let start = LastPieceStanding::from_fen(LpsRules::START).unwrap();
        assert!(start.network_evaluates());
        let by_network = network.evaluate(start.piece_list(), start.turn);
        assert_eq!(start.static_eval().0, by_network);
        // White hunts Black's last piece, a rook.
        let hunt = LastPieceStanding::from_fen("8/8/8/3r4/8/1Q6/R5K1/7R w - - 0 1").unwrap();
        assert!(!hunt.network_evaluates());
        assert_eq!(hunt.static_eval(), hunt.table_eval());
        // Standard chess has no hunt: its network judges every position.
        let ending = Standard::from_fen("4k3/8/8/8/8/8/3QK3/8 w - - 0 1").unwrap();
        assert!(ending.network_evaluates());
        assert_ne!(ending.static_eval(), ending.table_eval());
    }

    #[test]
    fn a_cornered_lone_rook_is_worth_less_than_a_free_one() {
        // Same pieces; the rook on a1 has no square left that White does not guard.
        let trapped = "8/8/8/8/8/1Q6/R5K1/r6R w - - 0 1";
        let cornered = LastPieceStanding::from_fen(trapped)
            .unwrap()
            .static_eval()
            .0;
        let free = LastPieceStanding::from_fen("8/8/8/3r4/8/1Q6/R5K1/7R w - - 0 1").unwrap();
        assert!(cornered > free.static_eval().0);
    }

    #[test]
    fn the_evaluation_shrinks_as_the_fifty_move_count_grows_except_in_last_piece_standing() {
        let at = |count: u32| format!("4k3/8/8/8/8/8/3QK3/8 w - - {count} 60");
        let fresh = Standard::from_fen(&at(0)).unwrap().static_eval().0;
        let stale = Standard::from_fen(&at(80)).unwrap().static_eval().0;
        assert!(fresh > 0);
        // Both round down once, from the same sum.
        assert!((stale - fresh * (SHUFFLE_SCALE - 80) / SHUFFLE_SCALE).abs() <= 1);
        let hunt = |count: u32| {
            let text = format!("4r3/8/8/8/8/8/3QK3/7R w - - {count} 60");
            LastPieceStanding::from_fen(&text).unwrap().static_eval().0
        };
        assert_eq!(hunt(0), hunt(80));
    }

    #[test]
    fn each_weight_table_names_its_weights_in_order() {
        assert_names_match_weights::<Standard>(include_str!("weights/standard.rs"));
        assert_names_match_weights::<KingOfTheHill>(include_str!("weights/koth.rs"));
        assert_names_match_weights::<Atomic>(include_str!("weights/atomic.rs"));
        assert!(Standard::weight_names().contains(&"square.knight.d4.middle".to_string()));
    }
}
