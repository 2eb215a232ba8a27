//! How good a Connect Four position looks to the side to move, for the computer player:
//! immediate wins and unstoppable threats first, then open threats (weighted by the row
//! parity that decides who gets to fill them at the end), then central counters.

use super::Move;
use super::bitboard::{self, EVEN_ROWS, ODD_ROWS};
use super::position::ConnectFour;
use ply_core::{ChanceCurve, Heuristics, Player, Score};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// The side to move completes four on its move: as good as won, yet left for the
/// search to prove (it is not a proven score).
const WIN_NOW: i32 = 2_000;
/// Each empty cell that would complete a side's line of four.
const THREAT: i32 = 60;
/// Extra for a threat on the rows where that side is the one expected to get the cell
/// when the board fills up (Red: rows 1, 3, 5; Yellow: rows 2, 4, 6).
const GOOD_ROW_THREAT: i32 = 40;
/// Each line of four passing through one of a side's counters.
const LINE_THROUGH_COUNTER: i32 = 4;

/// The rows where `player`'s threats are worth most.
const fn good_rows(player: Player) -> u64 {
    match player {
        Player::First => ODD_ROWS,
        Player::Second => EVEN_ROWS,
    }
}

impl ConnectFour {
    /// A side's open threats and how many lines run through its counters, as a score.
    fn standing(&self, player: Player, threats: u64) -> i32 {
        let good = (threats & good_rows(player)).count_ones() as i32;
        THREAT * threats.count_ones() as i32
            + GOOD_ROW_THREAT * good
            + LINE_THROUGH_COUNTER * bitboard::line_count(self.counters(player))
    }
}

/// The scale of the chance-of-winning curve, fitted with `ply tune curve`.
const CHANCE_SCALE: f64 = 1.165;

impl Heuristics for ConnectFour {
    const CHANCE_CURVE: ChanceCurve = ChanceCurve {
        scale: CHANCE_SCALE,
    };

    fn evaluate(&self) -> Score {
        if self.is_won() {
            return Score(-WIN_NOW);
        }
        if self.immediate_wins() != 0 {
            return Score(WIN_NOW);
        }
        let us = self.turn();
        let them = us.opponent();
        let occupied = self.occupied();
        let our_threats = bitboard::winning_cells(self.counters(us), occupied);
        let their_threats = bitboard::winning_cells(self.counters(them), occupied);
        let must_block = their_threats & bitboard::playable_cells(occupied);
        let blocking_gives_them_a_win = (must_block << 1) & their_threats != 0;
        if must_block.count_ones() > 1 || blocking_gives_them_a_win {
            return Score(-WIN_NOW);
        }
        Score(self.standing(us, our_threats) - self.standing(them, their_threats))
    }

    /// The opening book's move early in the game, the solver's after it: a move that
    /// keeps the exact value (a book move keeps the result, and its score is only 1, 0
    /// or -1 for a win, draw or loss).
    fn perfect_move(&self, deadline: Instant, stop: &AtomicBool) -> Option<(Move, Score)> {
        if self.is_won() || self.is_full() {
            return None;
        }
        super::solver::perfect_move(self, deadline, stop)
    }

    /// The solver's exact value, never the book's (which knows the result but not how
    /// far away it is).
    fn exact_value(&self, deadline: Instant, stop: &AtomicBool) -> Option<(Move, Score)> {
        if self.is_won() || self.is_full() {
            return None;
        }
        super::solver::exact_value(self, deadline, stop)
    }

    /// The moves that complete four at once.
    fn noisy_moves(&self, out: &mut Vec<Move>) {
        if self.is_won() {
            return;
        }
        let mut wins = self.immediate_wins();
        while wins != 0 {
            let cell = wins & wins.wrapping_neg();
            out.push(Move {
                column: bitboard::column_and_row(cell).0,
            });
            wins ^= cell;
        }
    }
}
