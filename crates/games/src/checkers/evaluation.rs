//! Checkers' evaluation, written once over a [`Tally`]: material, tempo (more of it as
//! the board empties), the back-rank guard, runaway men, kings' placement and the urge
//! to trade down when ahead. Summed it is the search's evaluation; traced it shows the
//! tuner how much each weight counts ([`Tunable`]).

use super::geometry::{
    CROWNING_ROW, KING_DIRECTIONS, MAN_DIRECTIONS, NEIGHBOUR, OFF_BOARD, bit, squares,
};
use super::position::Checkers;
use super::weights::WEIGHTS;
use crate::tally::{Tally, TermTrace};
use ply_core::{Player, TermUse, Tunable};

/// The evaluation's terms: indices into [`WEIGHTS`] and [`NAMES`].
mod term {
    /// Per man.
    pub const MAN: usize = 0;
    /// Per king.
    pub const KING: usize = 1;
    /// Per row a man has advanced from its own back row.
    pub const ADVANCE: usize = 2;
    /// Per row advanced, times how far the game is into the ending: 0 while twelve or
    /// more pieces stand, then one more for every two pieces taken.
    pub const ADVANCE_ENDGAME: usize = 3;
    /// A man still on its own back row, guarding the enemy's crowning squares: one
    /// weight per square, numbered as Black's squares 1 to 4 (White's 32 to 29).
    pub const BACK_GUARD: usize = 4;
    /// Per man on the left or right edge.
    pub const MAN_EDGE: usize = 8;
    /// Per step onto an empty square a man could take.
    pub const MAN_MOBILITY: usize = 9;
    /// Per man nothing of the enemy can stop from crowning.
    pub const RUNAWAY: usize = 10;
    /// Per king on one of the eight central squares.
    pub const KING_CENTRE: usize = 11;
    /// Per king on a square of the board's border.
    pub const KING_EDGE: usize = 12;
    /// Per king in a double corner (squares 1, 5, 28, 32).
    pub const KING_DOUBLE_CORNER: usize = 13;
    /// Per step onto an empty square a king could take.
    pub const KING_MOBILITY: usize = 14;
    /// Per king with no empty square to step to.
    pub const KING_TRAPPED: usize = 15;
    /// For the side with more pieces: the lead in pieces times the pieces already off
    /// the board, so that trading down when ahead pays.
    pub const TRADE_DOWN: usize = 16;
}

/// The weights' names, in the order of [`WEIGHTS`].
const NAMES: [&str; 17] = [
    "man",
    "king",
    "advance",
    "advance_endgame",
    "back_guard_1",
    "back_guard_2",
    "back_guard_3",
    "back_guard_4",
    "man_edge",
    "man_mobility",
    "runaway",
    "king_centre",
    "king_edge",
    "king_double_corner",
    "king_mobility",
    "king_trapped",
    "trade_down",
];

/// Squares 10, 11, 14, 15, 18, 19, 22, 23.
const CENTRE: u32 = 0x0066_6600;
/// The squares on the left and right edges: 4, 5, 12, 13, 20, 21, 28, 29.
const SIDE_EDGES: u32 = 0x1818_1818;
/// Every square of the board's border: the side edges and both back rows.
const BORDER: u32 = SIDE_EDGES | CROWNING_ROW[0] | CROWNING_ROW[1];
/// Both double corners: squares 1 and 5, 28 and 32.
const DOUBLE_CORNERS: u32 = bit(0) | bit(4) | bit(27) | bit(31);
/// The squares a man of each side on each square could pass through on its way to the
/// crowning row: `AHEAD[side][index]`. A man with no enemy piece there is a runaway.
static AHEAD: [[u32; 32]; 2] = {
    let mut table = [[0; 32]; 2];
    let mut side = 0;
    while side < 2 {
        // Black's men move towards higher indices, so each row's cone is built from
        // the row after it: from the crowning row back for Black, forward for White.
        let mut step = 0;
        while step < 32 {
            let index = if side == 0 { 31 - step } else { step };
            let mut cone = 0u32;
            let mut way = 0;
            while way < 2 {
                let next = NEIGHBOUR[MAN_DIRECTIONS[side][way]][index];
                if next != OFF_BOARD {
                    cone |= bit(next) | table[side][next as usize];
                }
                way += 1;
            }
            table[side][index] = cone;
            step += 1;
        }
        side += 1;
    }
    table
};
/// The most pieces on the board.
const FULL_BOARD: i32 = 24;
/// Pieces taken before the ending begins, for the terms that grow in the ending.
const ENDING_STARTS: i32 = 12;

impl Checkers {
    /// Reports every term of the evaluation to `tally`.
    #[inline(always)]
    fn tally_terms<T: Tally>(&self, tally: &mut T) {
        let counts = [
            self.pieces[0].count_ones() as i32,
            self.pieces[1].count_ones() as i32,
        ];
        let taken = FULL_BOARD - counts[0] - counts[1];
        // 0 with twelve pieces or more on the board, 5 with two left.
        let ending = (taken - ENDING_STARTS).max(0) / 2;
        let empty = !self.occupied();
        for side in Player::BOTH {
            self.tally_side(side, ending, empty, tally);
        }
        let lead = counts[0] - counts[1];
        if lead > 0 {
            tally.add(Player::First, term::TRADE_DOWN, lead * taken);
        } else if lead < 0 {
            tally.add(Player::Second, term::TRADE_DOWN, -lead * taken);
        }
    }

    /// Reports the terms of `side`'s pieces.
    #[inline(always)]
    fn tally_side<T: Tally>(&self, side: Player, ending: i32, empty: u32, tally: &mut T) {
        let ours = self.pieces[side.index()];
        let men = ours & !self.kings;
        let kings = ours & self.kings;
        let enemies = self.pieces[side.opponent().index()];
        let forward = &MAN_DIRECTIONS[side.index()];
        let steps = |index: u8, directions: &[usize]| {
            directions
                .iter()
                .map(|&direction| NEIGHBOUR[direction][usize::from(index)])
                .filter(|&next| next != OFF_BOARD && empty & bit(next) != 0)
                .count() as i32
        };

        let (mut rows, mut man_steps, mut runaways) = (0, 0, 0);
        for index in squares(men) {
            let row_from_top = i32::from(index / 4);
            rows += match side {
                Player::First => row_from_top,
                Player::Second => 7 - row_from_top,
            };
            man_steps += steps(index, forward);
            runaways += i32::from(AHEAD[side.index()][usize::from(index)] & enemies == 0);
        }
        tally.add(side, term::MAN, men.count_ones() as i32);
        tally.add(side, term::ADVANCE, rows);
        tally.add(side, term::ADVANCE_ENDGAME, rows * ending);
        tally.add(side, term::MAN_MOBILITY, man_steps);
        tally.add(side, term::RUNAWAY, runaways);
        tally.add(side, term::MAN_EDGE, (men & SIDE_EDGES).count_ones() as i32);
        // The guarded squares seen from the side's own back row, Black's numbering: the
        // board turned half a turn maps White's square 32 onto Black's square 1.
        let home = match side {
            Player::First => men & CROWNING_ROW[1],
            Player::Second => (men & CROWNING_ROW[0]).reverse_bits(),
        };
        for guard in squares(home) {
            tally.add(side, term::BACK_GUARD + usize::from(guard), 1);
        }

        let (mut king_steps, mut trapped) = (0, 0);
        for index in squares(kings) {
            let free = steps(index, &KING_DIRECTIONS);
            king_steps += free;
            trapped += i32::from(free == 0);
        }
        tally.add(side, term::KING, kings.count_ones() as i32);
        tally.add(side, term::KING_MOBILITY, king_steps);
        tally.add(side, term::KING_TRAPPED, trapped);
        tally.add(
            side,
            term::KING_CENTRE,
            (kings & CENTRE).count_ones() as i32,
        );
        tally.add(side, term::KING_EDGE, (kings & BORDER).count_ones() as i32);
        tally.add(
            side,
            term::KING_DOUBLE_CORNER,
            (kings & DOUBLE_CORNERS).count_ones() as i32,
        );
    }

    /// The weight table's evaluation from the side to move's view: what the tuner's
    /// trace must add up to (the search evaluates with the network, `network`).
    #[cfg(test)]
    pub(super) fn table_eval(&self) -> ply_core::Score {
        let mut sum = crate::tally::WeightedSum::new(WEIGHTS);
        self.tally_terms(&mut sum);
        ply_core::Score(sum.score * self.turn.sign())
    }
}

impl Tunable for Checkers {
    fn weight_names() -> Vec<String> {
        NAMES.iter().map(|name| (*name).to_string()).collect()
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
    use ply_core::{Heuristics, Rules, Score};

    #[test]
    fn the_trace_accounts_for_the_evaluation_in_random_games() {
        let positions: Vec<Checkers> = random_positions(0xC4EC, 12, 120);
        assert!(positions.len() > 500, "{} positions", positions.len());
        let used = assert_trace_matches(&positions, Checkers::table_eval);
        let unused: Vec<&str> = NAMES
            .iter()
            .zip(&used)
            .filter(|&(_, &count)| count == 0)
            .map(|(name, _)| *name)
            .collect();
        assert!(unused.is_empty(), "never used: {unused:?}");
    }

    #[test]
    fn every_weight_has_one_name_and_the_file_lists_them_in_order() {
        assert_names_match_weights::<Checkers>(include_str!("weights.rs"));
    }

    #[test]
    fn the_evaluation_is_the_same_from_either_side() {
        // The position turned half a turn with the colours swapped scores alike.
        let black = Checkers::from_pdn("B:W18,22,25,K30:B1,5,9,K14").expect("position");
        let white = Checkers::from_pdn("W:B15,11,8,K3:W32,28,24,K19").expect("mirror");
        assert_eq!(black.evaluate(), white.evaluate());
        assert_ne!(black.evaluate(), Score::ZERO);
        assert_eq!(black.table_eval(), white.table_eval());
        assert_ne!(black.table_eval(), Score::ZERO);
    }

    #[test]
    fn a_mans_cone_holds_the_squares_it_could_pass_through() {
        // Black's man on 25 can only go to 29 or 30; White's on 5 only to 1.
        assert_eq!(AHEAD[0][24], bit(28) | bit(29));
        assert_eq!(AHEAD[1][4], bit(0));
        // From 1 every square of Black's crowning row is within reach, and nothing on
        // its own row or behind it.
        assert_eq!(AHEAD[0][0] & CROWNING_ROW[0], CROWNING_ROW[0]);
        assert_eq!(AHEAD[0][0] & 0xF, 0);
        let runaway = Checkers::from_pdn("B:WK4:B22").expect("position");
        let blocked = Checkers::from_pdn("B:WK30:B22").expect("position");
        assert_eq!(amount(&runaway, term::RUNAWAY), 1.0);
        assert_eq!(amount(&blocked, term::RUNAWAY), 0.0);
    }

    #[test]
    fn the_side_ahead_gains_by_trading_down() {
        let many = Checkers::from_pdn("B:W21,22,23,24,25:B1,2,3,4,5,6").expect("position");
        let few = Checkers::from_pdn("B:W21:B1,2").expect("position");
        let many_trade = amount(&many, term::TRADE_DOWN);
        assert!(amount(&few, term::TRADE_DOWN) > many_trade && many_trade > 0.0);
        assert!(few.outcome().is_none());
    }
}
