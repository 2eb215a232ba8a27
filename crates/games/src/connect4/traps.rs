//! Choosing among drawing moves: when a position is a proven draw, every move that keeps
//! the draw is perfect, but they are not equally hard for a fallible opponent. The
//! computer plays the one after which most of the opponent's replies lose, so that an
//! opponent who cannot see to the end has the most ways to go wrong.

use super::Move;
use super::bitboard::{CELLS, WIDTH};
use super::solver::{Board, Interrupted, Limits, Solver};

impl Solver {
    /// Among the moves of `board` (a proven draw for the side to move) that keep the
    /// draw, the one that leaves the opponent the most replies after which the side to
    /// move wins; the first such move in the solver's move order among equals. `None`
    /// when no move keeps the draw (the position was not drawn after all).
    pub fn trappiest_drawing_move(
        &mut self,
        board: &Board,
        limits: &Limits,
    ) -> Result<Option<Move>, Interrupted> {
        self.begin(limits);
        let mut best: Option<(usize, u8)> = None;
        for column in Self::root_moves(board) {
            let mut child = *board;
            child.play(column);
            let traps = if child.plies() as usize == CELLS {
                0
            } else if child.can_win_now() || self.wins(&child, limits)? {
                continue;
            } else {
                self.losing_replies(&child, limits)?
            };
            if best.is_none_or(|(most, _)| traps > most) {
                best = Some((traps, column));
            }
        }
        Ok(best.map(|(_, column)| Move { column }))
    }

    /// How many of the moves of `board` (whose side to move cannot win at once) lose.
    fn losing_replies(&mut self, board: &Board, limits: &Limits) -> Result<usize, Interrupted> {
        let mut losing = 0;
        for reply in (0..WIDTH).filter(|&reply| board.can_play(reply)) {
            let mut after = *board;
            after.play(reply);
            if after.plies() as usize == CELLS {
                continue;
            }
            if after.can_win_now() || self.wins(&after, limits)? {
                losing += 1;
            }
        }
        Ok(losing)
    }

    /// Whether the side to move in `board`, which cannot win at once, wins.
    fn wins(&mut self, board: &Board, limits: &Limits) -> Result<bool, Interrupted> {
        let score = self.negamax(board, 0, 1, limits);
        self.check()?;
        Ok(score > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect4::ConnectFour;

    /// Drawn positions of the solver benchmark set `Test_L2_R2`.
    const DRAWN: [&str; 4] = [
        "274552224131661",
        "1113222154334225",
        "71324677554451437653",
        "11175617456367267331",
    ];

    fn board(moves: &str) -> Board {
        Board::of(&ConnectFour::from_moves(moves).unwrap())
    }

    /// The exact score of `board` for its side to move, counting a full board as drawn
    /// and a side that can win at once as winning.
    fn exact(solver: &mut Solver, board: &Board) -> i32 {
        if board.plies() as usize == CELLS {
            0
        } else if board.can_win_now() {
            1
        } else {
            solver.solve(board, &Limits::default()).unwrap()
        }
    }

    #[test]
    fn the_trappiest_drawing_move_keeps_the_draw_and_sets_the_most_traps() {
        let mut solver = Solver::new(20);
        let mut checker = Solver::new(20);
        for moves in DRAWN {
            let drawn = board(moves);
            let chosen = solver
                .trappiest_drawing_move(&drawn, &Limits::default())
                .unwrap()
                .unwrap();
            // Each move's traps, counted from exact scores: `None` for a move that loses.
            let traps: Vec<(u8, Option<usize>)> = (0..WIDTH)
                .filter(|&column| drawn.can_play(column))
                .map(|column| {
                    let mut child = drawn;
                    child.play(column);
                    if exact(&mut checker, &child) > 0 {
                        return (column, None);
                    }
                    let losing = (0..WIDTH)
                        .filter(|&reply| child.can_play(reply))
                        .filter(|&reply| {
                            let mut after = child;
                            after.play(reply);
                            exact(&mut checker, &after) > 0
                        })
                        .count();
                    (column, Some(losing))
                })
                .collect();
            let most = traps.iter().filter_map(|&(_, traps)| traps).max();
            let of_chosen = traps
                .iter()
                .find(|&&(column, _)| column == chosen.column)
                .and_then(|&(_, traps)| traps);
            assert!(of_chosen.is_some(), "{moves}: {chosen:?} loses");
            assert_eq!(of_chosen, most, "{moves}: {traps:?}, chose {chosen:?}");
        }
    }

    #[test]
    fn a_lost_position_has_no_drawing_move() {
        // Yellow to move cannot stop both ends of Red's three on the bottom row.
        let lost = board("44553");
        let found = Solver::new(16).trappiest_drawing_move(&lost, &Limits::default());
        assert_eq!(found, Ok(None));
    }
}
