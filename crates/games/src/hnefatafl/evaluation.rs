//! Hnefatafl's evaluation, written once over a [`Tally`]: material, the king's escape
//! routes (open lines to corners, routes in two moves, edges within reach), where he
//! stands, how closely he is hemmed in, the attackers' cordon and the corners they
//! seal. Summed it is the search's evaluation; traced it shows the tuner how much each
//! weight counts ([`Tunable`]).

use super::board::{
    BOARD, CORNERS, DIRECTIONS, EDGE, MIDDLE, NEXT, OFF, SIZE, Set, THRONE, bit, east, flood, has,
    neighbours, north, south, west,
};
use super::position::Hnefatafl;
use super::weights::WEIGHTS;
use crate::tally::{Tally, TermTrace, WeightedSum};
use ply_core::{Player, TermUse, Tunable};

/// The evaluation's terms: indices into [`WEIGHTS`] and the weights' names.
mod term {
    /// Per attacker.
    pub const ATTACKER: usize = 0;
    /// Per defender, the king included.
    pub const DEFENDER: usize = 1;
    /// Per corner the king could reach in one move.
    pub const OPEN_ROUTE: usize = 2;
    /// Per attacker on a square beside the king.
    pub const KING_ATTACKER_BESIDE: usize = 3;
    /// Per attacker on a square next to a corner (orthogonally or diagonally), where it
    /// keeps the king out; counted up to two per corner.
    pub const CORNER_GUARD: usize = 4;
    /// Per square the king could move to.
    pub const KING_MOBILITY: usize = 5;
    /// Per way to a corner in two king moves: an edge square the king reaches in one
    /// move with an open line from there to a corner.
    pub const TWO_MOVE_ROUTE: usize = 6;
    /// Per direction in which the king could slide all the way to the edge.
    pub const KING_EDGE_REACH: usize = 7;
    /// Per defender on a square beside the king.
    pub const DEFENDER_BESIDE_KING: usize = 8;
    /// Per empty side of the king (off the edge, where he can be captured) that an
    /// attacker could move onto at once, or that is the empty throne.
    pub const KING_SIDE_THREAT: usize = 9;
    /// Per pair of attackers touching diagonally: the links of a cordon.
    pub const ATTACKER_LINK: usize = 10;
    /// Per edge square the king could reach, moves aside, through squares free of
    /// attackers.
    pub const KING_REGION_EDGE: usize = 11;
    /// When attackers wall the king off from every edge.
    pub const KING_ENCLOSED: usize = 12;
    /// Per attacker on one of the three squares two steps from a corner (a3, b2 and
    /// c1 for a1), the squares that seal it off without standing where a defender can
    /// take them against the corner.
    pub const CORNER_SEAL: usize = 13;
    /// Per corner sealed off by attackers on all three of those squares: the king can
    /// no longer reach it at all.
    pub const CORNER_SEALED: usize = 14;
    /// Where the king stands: one weight per square up to the board's symmetries,
    /// named `king_square_{near}_{far}` by the square's distances from the two nearest
    /// edges (0 on the edge), nearer first.
    pub const KING_SQUARE: usize = 15;
}

/// The names of the weights before the king's square table.
const NAMES: [&str; term::KING_SQUARE] = [
    "attacker",
    "defender",
    "open_route",
    "king_attacker_beside",
    "corner_guard",
    "king_mobility",
    "two_move_route",
    "king_edge_reach",
    "defender_beside_king",
    "king_side_threat",
    "attacker_link",
    "king_region_edge",
    "king_enclosed",
    "corner_seal",
    "corner_sealed",
];

/// An attacker's worth: the scale of the search's margin-based pruning.
pub(super) const ATTACKER_WORTH: i32 = WEIGHTS[term::ATTACKER];

/// The squares around one corner that matter to the attackers' defence of it.
struct CornerWatch {
    /// The squares next to it, orthogonally and diagonally.
    beside: Set,
    /// The three squares two steps from it, which seal it off.
    seal: Set,
}

/// Every corner's [`CornerWatch`].
const CORNER_WATCHES: [CornerWatch; 4] = {
    let corners = [0, SIZE - 1, (SIZE - 1) * SIZE, SIZE * SIZE - 1];
    let mut watches = [const { CornerWatch { beside: 0, seal: 0 } }; 4];
    let mut index = 0;
    while index < 4 {
        let corner = bit(corners[index]);
        let next = neighbours(corner);
        watches[index] = CornerWatch {
            beside: next
                | north(east(corner))
                | north(west(corner))
                | south(east(corner))
                | south(west(corner)),
            seal: neighbours(next) & !corner & !next,
        };
        index += 1;
    }
    watches
};

/// The place in the king's square table of a square `near` and `far` steps from its two
/// nearest edges (`near <= far <= MIDDLE`).
const fn king_square_entry(near: u8, far: u8) -> usize {
    (far as usize * (far as usize + 1)) / 2 + near as usize
}

/// The king's square table entry for every square.
static KING_SQUARE_ENTRY: [u8; SIZE as usize * SIZE as usize] = {
    let mut table = [0; SIZE as usize * SIZE as usize];
    let mut square = 0;
    while square < table.len() {
        let (file, rank) = (square as u8 % SIZE, square as u8 / SIZE);
        let across = if file < SIZE - 1 - file {
            file
        } else {
            SIZE - 1 - file
        };
        let along = if rank < SIZE - 1 - rank {
            rank
        } else {
            SIZE - 1 - rank
        };
        let (near, far) = if across < along {
            (across, along)
        } else {
            (along, across)
        };
        table[square] = king_square_entry(near, far) as u8;
        square += 1;
    }
    table
};

/// What the king's four slides show.
#[derive(Default)]
struct KingLines {
    /// Squares he could move to.
    reach: i32,
    /// Corners he could move to.
    open_routes: i32,
    /// Open lines to a corner from the edge squares he could move to.
    two_move_routes: i32,
    /// Directions in which he could slide to the edge.
    edge_reach: i32,
}

impl Hnefatafl {
    /// Reports every term of the evaluation to `tally`.
    #[inline(always)]
    fn tally_terms<T: Tally>(&self, tally: &mut T) {
        use Player::{First as Attackers, Second as Defenders};
        let (attackers, defenders) = self.piece_counts();
        tally.add(Attackers, term::ATTACKER, attackers as i32);
        tally.add(Defenders, term::DEFENDER, defenders as i32);
        for watch in &CORNER_WATCHES {
            let guards = (watch.beside & self.attackers).count_ones().min(2) as i32;
            tally.add(Attackers, term::CORNER_GUARD, guards);
            let sealing = (watch.seal & self.attackers).count_ones() as i32;
            tally.add(Attackers, term::CORNER_SEAL, sealing);
            tally.add(Attackers, term::CORNER_SEALED, i32::from(sealing == 3));
        }
        let links = (north(east(self.attackers)) & self.attackers).count_ones()
            + (north(west(self.attackers)) & self.attackers).count_ones();
        tally.add(Attackers, term::ATTACKER_LINK, links as i32);

        let Some(king) = self.king else {
            return;
        };
        let entry = usize::from(KING_SQUARE_ENTRY[usize::from(king)]);
        tally.add(Defenders, term::KING_SQUARE + entry, 1);
        let lines = self.king_lines(king);
        tally.add(Defenders, term::KING_MOBILITY, lines.reach);
        tally.add(Defenders, term::OPEN_ROUTE, lines.open_routes);
        tally.add(Defenders, term::TWO_MOVE_ROUTE, lines.two_move_routes);
        tally.add(Defenders, term::KING_EDGE_REACH, lines.edge_reach);

        let beside = neighbours(bit(king));
        let attackers_beside = (beside & self.attackers).count_ones() as i32;
        tally.add(Attackers, term::KING_ATTACKER_BESIDE, attackers_beside);
        let defenders_beside = (beside & self.defenders).count_ones() as i32;
        tally.add(Defenders, term::DEFENDER_BESIDE_KING, defenders_beside);
        if !has(EDGE, king) {
            tally.add(
                Attackers,
                term::KING_SIDE_THREAT,
                self.threatened_sides(king),
            );
        }

        let region = flood(bit(king), BOARD & !self.attackers);
        let region_edge = (region & EDGE).count_ones() as i32;
        tally.add(Defenders, term::KING_REGION_EDGE, region_edge);
        tally.add(Attackers, term::KING_ENCLOSED, i32::from(region_edge == 0));
    }

    /// The weight table's evaluation from the side to move's view: what the tuner's
    /// trace adds up to, and what the network (`network`) learns to correct.
    #[inline]
    pub fn table_score(&self) -> i32 {
        let mut sum = WeightedSum::new(WEIGHTS);
        self.tally_terms(&mut sum);
        sum.score * self.turn.sign()
    }

    /// Slides the king on `king` every way and reports what he could reach.
    fn king_lines(&self, king: u8) -> KingLines {
        let occupied = self.occupied();
        let mut lines = KingLines::default();
        for direction in DIRECTIONS {
            let mut last = king;
            let mut square = NEXT[direction][usize::from(king)];
            while square != OFF && !has(occupied, square) {
                lines.reach += 1;
                last = square;
                square = NEXT[direction][usize::from(square)];
            }
            if square != OFF || last == king {
                continue;
            }
            lines.edge_reach += 1;
            if has(CORNERS, last) {
                lines.open_routes += 1;
                continue;
            }
            for along in DIRECTIONS {
                if along % 2 == direction % 2 {
                    continue;
                }
                let mut step = NEXT[along][usize::from(last)];
                while step != OFF && !has(occupied, step) {
                    if has(CORNERS, step) {
                        lines.two_move_routes += 1;
                    }
                    step = NEXT[along][usize::from(step)];
                }
            }
        }
        lines
    }

    /// How many of the four sides of the king on `king` are the empty throne or empty
    /// squares an attacker could move onto at once.
    fn threatened_sides(&self, king: u8) -> i32 {
        let occupied = self.occupied();
        let mut threatened = 0;
        for direction in DIRECTIONS {
            let side = NEXT[direction][usize::from(king)];
            if side == OFF || has(occupied, side) {
                continue;
            }
            if side == THRONE || self.attacker_can_reach(side, occupied) {
                threatened += 1;
            }
        }
        threatened
    }

    /// Whether some attacker could move onto the empty square `target`.
    fn attacker_can_reach(&self, target: u8, occupied: Set) -> bool {
        DIRECTIONS.iter().any(|&direction| {
            let mut square = NEXT[direction][usize::from(target)];
            while square != OFF && !has(occupied, square) {
                square = NEXT[direction][usize::from(square)];
            }
            square != OFF && has(self.attackers, square)
        })
    }
}

impl Tunable for Hnefatafl {
    fn weight_names() -> Vec<String> {
        let mut names: Vec<String> = NAMES.iter().map(|name| (*name).to_string()).collect();
        for far in 0..=MIDDLE {
            for near in 0..=far {
                names.push(format!("king_square_{near}_{far}"));
            }
        }
        names
    }

    fn weights() -> &'static [i32] {
        WEIGHTS
    }

    fn trace(&self, out: &mut Vec<TermUse>) -> f32 {
        let mut trace = TermTrace::new(WEIGHTS.len());
        self.tally_terms(&mut trace);
        trace.write(out);
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tuning_checks::{
        assert_names_match_weights, assert_trace_matches, random_positions, term_amount as amount,
    };
    use ply_core::{Rules, Score};
    use std::collections::HashSet;

    /// The king on the throne walled in by a ring of attackers.
    fn enclosed() -> Hnefatafl {
        Hnefatafl::from_text("11/11/11/4aaa4/3a3a3/3a1k1a3/3a3a3/4aaa4/11/11/11 d")
            .expect("position")
    }

    /// The corner a1 sealed off by attackers on a3, b2 and c1.
    fn sealed() -> Hnefatafl {
        Hnefatafl::from_text("11/11/11/11/11/5k5/11/11/a10/1a9/2a8 d").expect("position")
    }

    #[test]
    fn the_trace_accounts_for_the_evaluation_in_random_games() {
        let mut positions: Vec<Hnefatafl> = random_positions(0x7AF1, 6, 150);
        assert!(positions.len() > 500, "{} positions", positions.len());
        positions.push(enclosed());
        positions.push(sealed());
        let used = assert_trace_matches(&positions, |position| Score(position.table_score()));
        let names = Hnefatafl::weight_names();
        let unused: Vec<&String> = names[..term::KING_SQUARE]
            .iter()
            .zip(&used)
            .filter(|&(_, &count)| count == 0)
            .map(|(name, _)| name)
            .collect();
        assert!(unused.is_empty(), "never used: {unused:?}");
        let squares_used = used[term::KING_SQUARE..].iter().filter(|&&count| count > 0);
        assert!(squares_used.count() > 10);
    }

    #[test]
    fn the_king_square_table_follows_the_boards_symmetries() {
        let entry = |file: u8, rank: u8| KING_SQUARE_ENTRY[usize::from(rank * SIZE + file)];
        let last = SIZE - 1;
        for rank in 0..SIZE {
            for file in 0..SIZE {
                let here = entry(file, rank);
                assert_eq!(here, entry(last - file, rank));
                assert_eq!(here, entry(file, last - rank));
                assert_eq!(here, entry(rank, file));
            }
        }
        let names = Hnefatafl::weight_names();
        let name = |file, rank| &names[term::KING_SQUARE + usize::from(entry(file, rank))];
        assert_eq!(name(5, 5), "king_square_5_5");
        assert_eq!(name(1, 0), "king_square_0_1");
        assert_eq!(name(8, 3), "king_square_2_3");
        let distinct: HashSet<u8> = KING_SQUARE_ENTRY.iter().copied().collect();
        assert_eq!(distinct.len(), WEIGHTS.len() - term::KING_SQUARE);
    }

    #[test]
    fn every_weight_has_one_name_and_the_file_lists_them_in_order() {
        assert_names_match_weights::<Hnefatafl>(include_str!("weights.rs"));
    }

    #[test]
    fn escape_routes_count_open_lines_and_two_move_ways() {
        // The king on f3 slides down to f1 (an edge, open to a1 and k1), up to f7 (a
        // defender on f8), left to a3 (an edge, open to a1 but not to a11: an attacker
        // on a6) and right to k3 (open to k1 and k11).
        let position =
            Hnefatafl::from_text("11/11/11/5d5/11/a10/11/11/5k5/11/11 a").expect("position");
        assert_eq!(amount(&position, term::OPEN_ROUTE), 0.0);
        assert_eq!(amount(&position, term::KING_EDGE_REACH), -3.0);
        assert_eq!(amount(&position, term::TWO_MOVE_ROUTE), -5.0);
        let on_edge =
            Hnefatafl::from_text("11/11/11/5d5/11/a10/11/11/11/11/5k5 a").expect("position");
        assert_eq!(amount(&on_edge, term::OPEN_ROUTE), -2.0);
    }

    #[test]
    fn a_cordon_encloses_the_king_and_attackers_threaten_his_sides() {
        let enclosed = enclosed();
        assert_eq!(amount(&enclosed, term::KING_ENCLOSED), 1.0);
        assert_eq!(amount(&enclosed, term::KING_REGION_EDGE), 0.0);
        assert_eq!(amount(&enclosed, term::KING_SIDE_THREAT), 4.0);
        assert!(amount(&enclosed, term::ATTACKER_LINK) > 0.0);
        let free = Hnefatafl::start();
        assert_eq!(amount(&free, term::KING_ENCLOSED), 0.0);
        assert!(free.table_score().abs() < 10_000);
    }

    #[test]
    fn three_attackers_two_steps_from_a_corner_seal_it() {
        let sealed = sealed();
        assert_eq!(amount(&sealed, term::CORNER_SEAL), 3.0);
        assert_eq!(amount(&sealed, term::CORNER_SEALED), 1.0);
        let start = Hnefatafl::start();
        assert_eq!(amount(&start, term::CORNER_SEAL), 0.0);
        assert_eq!(amount(&start, term::CORNER_SEALED), 0.0);
    }
}
