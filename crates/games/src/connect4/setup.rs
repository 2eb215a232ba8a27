//! Connect Four positions set up by hand. The position text is the sequence of columns
//! played, so a board is written by finding an order of drops that builds it: the
//! counters must stand on one another, Red (first) must have as many counters as Yellow
//! or one more, as the side to move says, and no four in a row may appear before the
//! last counter. The sequence then goes through `from_moves` like any other.

use super::bitboard::{HEIGHT, WIDTH};
use super::look::COUNTER;
use super::notation::SIDE_NAMES;
use super::position::ConnectFour;
use ply_core::{Compose, PieceKind, Player, PositionError, PositionFault, Present, Setup};
use std::collections::HashSet;

/// Columns and rows as counts.
const COLUMNS: usize = WIDTH as usize;
const ROWS: usize = HEIGHT as usize;

/// The board as columns of counters from the bottom.
type Grid = [[Option<Player>; ROWS]; COLUMNS];

/// The four directions a line of four can run in: along a row, up a column, and the
/// two diagonals.
const LINES: [(isize, isize); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

fn impossible(reason: impl std::fmt::Display) -> PositionError {
    PositionError::new("", PositionFault::Impossible, reason)
}

/// Whether some side has four in a row on `grid`.
fn has_four(grid: &Grid) -> bool {
    let at = |column: isize, row: isize| {
        (0..COLUMNS as isize).contains(&column) && (0..ROWS as isize).contains(&row)
    };
    (0..COLUMNS as isize).any(|column| {
        (0..ROWS as isize).any(|row| {
            let Some(owner) = grid[column as usize][row as usize] else {
                return false;
            };
            LINES.iter().any(|&(dx, dy)| {
                (1..4).all(|step| {
                    let (c, r) = (column + dx * step, row + dy * step);
                    at(c, r) && grid[c as usize][r as usize] == Some(owner)
                })
            })
        })
    })
}

/// The columns to drop into, in order, that build the counters below `heights` on
/// `grid` with the colours alternating and `last` dropping the top-most one; taking
/// counters off the top one by one, backwards. `dead` keeps the heights from which no
/// order was found.
fn order(
    grid: &Grid,
    heights: [usize; COLUMNS],
    last: Player,
    dead: &mut HashSet<[usize; COLUMNS]>,
) -> Option<Vec<u8>> {
    if heights.iter().all(|&height| height == 0) {
        return Some(Vec::new());
    }
    if dead.contains(&heights) {
        return None;
    }
    for column in 0..COLUMNS {
        let height = heights[column];
        if height == 0 || grid[column][height - 1] != Some(last) {
            continue;
        }
        let mut below = heights;
        below[column] -= 1;
        if let Some(mut columns) = order(grid, below, last.opponent(), dead) {
            columns.push(column as u8);
            return Some(columns);
        }
    }
    dead.insert(heights);
    None
}

impl Compose for ConnectFour {
    const PALETTE: &'static [(Player, PieceKind)] =
        &[(Player::First, COUNTER), (Player::Second, COUNTER)];

    fn setup_text(setup: &Setup) -> Result<String, PositionError> {
        if setup.width != COLUMNS || setup.height != ROWS || setup.cells.len() != COLUMNS * ROWS {
            return Err(PositionError::new(
                "",
                PositionFault::Notation,
                "a Connect Four grid is 7 columns by 6 rows",
            ));
        }
        let mut grid: Grid = [[None; ROWS]; COLUMNS];
        let mut heights = [0; COLUMNS];
        for (column, (height, counters)) in heights.iter_mut().zip(&mut grid).enumerate() {
            for (row, counter) in counters.iter_mut().enumerate() {
                let Some((side, kind)) = setup.cells[row * COLUMNS + column] else {
                    continue;
                };
                if kind != COUNTER {
                    return Err(PositionError::new(
                        "",
                        PositionFault::Notation,
                        format!("piece kind {} is not a counter", kind.0),
                    ));
                }
                if *height < row {
                    return Err(impossible(format!(
                        "the counter in column {}, row {} floats: a counter falls to the \
                         lowest free place of its column",
                        column + 1,
                        row + 1
                    )));
                }
                *counter = Some(side);
                *height = row + 1;
            }
        }
        let (red, yellow) = (setup.count(Player::First), setup.count(Player::Second));
        let [red_name, yellow_name] = SIDE_NAMES;
        let counts = format!("{red_name} has {red} and {yellow_name} {yellow}");
        match setup.to_move {
            Player::First if red != yellow => {
                return Err(impossible(format!(
                    "with {red_name} to move, both sides have dropped as many counters, but \
                     {counts}"
                )));
            }
            Player::Second if red != yellow + 1 => {
                return Err(impossible(format!(
                    "with {yellow_name} to move, {red_name} has dropped one counter more, but \
                     {counts}"
                )));
            }
            _ => {}
        }
        let columns = build_order(&grid, heights, setup.to_move).ok_or_else(|| {
            impossible(
                "no order of drops builds this grid without a four in a row before its last \
                 counter",
            )
        })?;
        Ok(columns
            .iter()
            .map(|&column| char::from(b'1' + column))
            .collect())
    }

    fn setup(&self) -> Setup {
        let view = self.view();
        Setup {
            cells: view.cells.iter().map(|cell| cell.piece).collect(),
            to_move: self.turn(),
            ..Setup::empty(view.width, view.height)
        }
    }
}

/// The columns to drop into, in order, that build `grid` (filled to `heights`) from
/// the empty grid with `to_move` to move after them, where only the last drop may make
/// four in a row.
fn build_order(grid: &Grid, heights: [usize; COLUMNS], to_move: Player) -> Option<Vec<u8>> {
    if heights.iter().all(|&height| height == 0) {
        return Some(Vec::new());
    }
    let last = to_move.opponent();
    let mut dead = HashSet::new();
    (0..COLUMNS).find_map(|column| {
        let height = heights[column];
        if height == 0 || grid[column][height - 1] != Some(last) {
            return None;
        }
        let mut before = *grid;
        before[column][height - 1] = None;
        // Every grid below one without four in a row has none either, so this is the
        // only place a four needs looking for.
        if has_four(&before) {
            return None;
        }
        let mut below = heights;
        below[column] -= 1;
        let mut columns = order(grid, below, to_move, &mut dead)?;
        columns.push(column as u8);
        Some(columns)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_core::Rules;

    /// A grid with `columns` dropped in order, `to_move` set as given.
    fn grid_of(columns: &str, to_move: Player) -> Setup {
        let mut setup = ConnectFour::from_moves(columns)
            .expect("a position")
            .setup();
        setup.to_move = to_move;
        setup
    }

    fn reason(setup: &Setup) -> String {
        let error = ConnectFour::compose(setup).expect_err("refused");
        assert_eq!(error.fault, PositionFault::Impossible);
        error.reason
    }

    #[test]
    fn a_grid_is_written_as_an_order_of_drops_that_builds_it() {
        for columns in ["", "4", "4453", "44444435", "1234567"] {
            let setup = ConnectFour::from_moves(columns)
                .expect("a position")
                .setup();
            let text = ConnectFour::setup_text(&setup).expect("an order");
            let built = ConnectFour::from_moves(&text).expect("accepted");
            assert_eq!(built.setup(), setup, "{columns} written as {text}");
        }
        assert_eq!(ConnectFour::start().setup(), Setup::empty(7, 6));
    }

    #[test]
    fn a_won_grid_is_accepted_when_only_its_last_counter_made_the_four() {
        let won = ConnectFour::from_moves("4455667")
            .expect("Red wins")
            .setup();
        let composed = ConnectFour::compose(&won).expect("accepted");
        assert!(composed.is_won());
    }

    #[test]
    fn a_floating_counter_is_refused() {
        let mut setup = Setup::empty(7, 6);
        setup.cells[7 + 2] = Some((Player::First, COUNTER));
        setup.cells[0] = Some((Player::Second, COUNTER));
        setup.to_move = Player::First;
        assert_eq!(
            reason(&setup),
            "the counter in column 3, row 2 floats: a counter falls to the lowest free \
             place of its column"
        );
    }

    #[test]
    fn counts_follow_from_who_is_to_move() {
        assert_eq!(
            reason(&grid_of("44", Player::Second)),
            "with Yellow to move, Red has dropped one counter more, but Red has 1 and \
             Yellow 1"
        );
        assert_eq!(
            reason(&grid_of("4", Player::First)),
            "with Red to move, both sides have dropped as many counters, but Red has 1 \
             and Yellow 0"
        );
        let mut three_reds = Setup::empty(7, 6);
        for column in 0..3 {
            three_reds.cells[column] = Some((Player::First, COUNTER));
        }
        three_reds.to_move = Player::Second;
        assert!(reason(&three_reds).contains("Red has 3 and Yellow 0"));
    }

    #[test]
    fn a_grid_only_reached_past_a_four_is_refused() {
        // Red has four along the bottom row and four up the last column: no single
        // drop made both, so one of them stood before the last drop.
        let mut two_fours = Setup::empty(7, 6);
        let mut drop = |column: usize, row: usize, side: Player| {
            two_fours.cells[row * 7 + column] = Some((side, COUNTER));
        };
        for column in 0..4 {
            drop(column, 0, Player::First);
        }
        for row in 0..4 {
            drop(6, row, Player::First);
        }
        for (column, row) in [(0, 1), (1, 1), (2, 1), (4, 0), (5, 0), (4, 1), (5, 1)] {
            drop(column, row, Player::Second);
        }
        two_fours.to_move = Player::Second;
        assert_eq!(
            reason(&two_fours),
            "no order of drops builds this grid without a four in a row before its last \
             counter"
        );
    }
}
