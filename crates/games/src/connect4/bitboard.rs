//! The Connect Four board as bits: each column is 7 bits (6 cells and a sentinel above
//! them), so a line of four is found with a few shifts and the next free cell of a
//! column with one addition, as in Pascal Pons' solver.

/// Columns on the board.
pub const WIDTH: u8 = 7;
/// Rows on the board.
pub const HEIGHT: u8 = 6;
/// Cells on the board, and so the longest possible game in plies.
pub const CELLS: usize = WIDTH as usize * HEIGHT as usize;
/// Bits per column: the cells plus the always-empty sentinel on top.
pub const COLUMN_BITS: u8 = HEIGHT + 1;

/// The bit of `column` (0-based) and `row` (0 at the bottom).
#[inline]
pub const fn cell(column: u8, row: u8) -> u64 {
    1 << (column * COLUMN_BITS + row)
}

/// The bottom cell of `column`.
#[inline]
pub const fn bottom(column: u8) -> u64 {
    cell(column, 0)
}

/// The top cell of `column`: once it is filled, the column is full.
#[inline]
pub const fn top(column: u8) -> u64 {
    cell(column, HEIGHT - 1)
}

/// Every cell of `column`.
#[inline]
pub const fn column_cells(column: u8) -> u64 {
    ((1 << HEIGHT) - 1) << (column * COLUMN_BITS)
}

/// The column (0-based) and row of a single-bit board.
#[inline]
pub const fn column_and_row(bit: u64) -> (u8, u8) {
    let index = bit.trailing_zeros() as u8;
    (index / COLUMN_BITS, index % COLUMN_BITS)
}

const fn repeat_per_column(column_pattern: u64) -> u64 {
    let mut board = 0;
    let mut column = 0;
    while column < WIDTH {
        board |= column_pattern << (column * COLUMN_BITS);
        column += 1;
    }
    board
}

/// The bottom cell of every column.
pub const BOTTOM_ROW: u64 = repeat_per_column(1);
/// Every cell of the board (no sentinels).
pub const BOARD: u64 = repeat_per_column((1 << HEIGHT) - 1);
/// Rows 1, 3 and 5 as players count them (row indices 0, 2 and 4): a threat there
/// tends to favour the first player, because the second player must eventually fill
/// the cell below it when the board runs out of other moves.
pub const ODD_ROWS: u64 = repeat_per_column(0b01_0101);
/// Rows 2, 4 and 6 as players count them: the second player's good threat rows.
pub const EVEN_ROWS: u64 = repeat_per_column(0b10_1010);

/// The shifts that step one cell along each line direction: vertical, horizontal,
/// and the two diagonals.
const DIRECTIONS: [u32; 4] = [1, COLUMN_BITS as u32, HEIGHT as u32, COLUMN_BITS as u32 + 1];

/// Whether `counters` holds four in a line. The sentinel bits are always empty, so
/// shifted lines never wrap from one column into the next.
#[inline]
pub const fn has_four(counters: u64) -> bool {
    let mut index = 0;
    while index < DIRECTIONS.len() {
        let step = DIRECTIONS[index];
        let pairs = counters & (counters >> step);
        if pairs & (pairs >> (2 * step)) != 0 {
            return true;
        }
        index += 1;
    }
    false
}

/// Whether `counters` can still complete some line of four on the board with empty
/// cells, given the occupied cells `occupied`.
#[inline]
pub const fn can_complete_four(counters: u64, occupied: u64) -> bool {
    has_four(BOARD & (counters | !occupied))
}

/// The empty cells that would complete a line of four for `counters`, given the
/// occupied cells `occupied` (whether or not the cell can be played yet).
#[inline]
pub const fn winning_cells(counters: u64, occupied: u64) -> u64 {
    let mut found = 0;
    let mut index = 0;
    while index < DIRECTIONS.len() {
        let step = DIRECTIONS[index];
        let below = (counters << step) & (counters << (2 * step));
        found |= below & (counters << (3 * step));
        found |= below & (counters >> step);
        let above = (counters >> step) & (counters >> (2 * step));
        found |= above & (counters << step);
        found |= above & (counters >> (3 * step));
        index += 1;
    }
    found & BOARD & !occupied
}

/// The cell each non-full column would receive next.
#[inline]
pub const fn playable_cells(occupied: u64) -> u64 {
    (occupied + BOTTOM_ROW) & BOARD
}

/// How many lines of four pass through each cell, indexed by bit (3 in a corner, 13
/// in the middle of the centre column): a measure of how useful a counter there is.
const LINES_THROUGH: [u8; 64] = {
    let mut counts = [0u8; 64];
    let directions: [(i8, i8); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];
    let mut direction = 0;
    while direction < directions.len() {
        let (step_column, step_row) = directions[direction];
        let mut column = 0i8;
        while column < WIDTH as i8 {
            let mut row = 0i8;
            while row < HEIGHT as i8 {
                let end_column = column + 3 * step_column;
                let end_row = row + 3 * step_row;
                let fits = end_column >= 0
                    && end_column < WIDTH as i8
                    && end_row >= 0
                    && end_row < HEIGHT as i8;
                if fits {
                    let mut offset = 0;
                    while offset < 4 {
                        let c = column + offset * step_column;
                        let r = row + offset * step_row;
                        counts[(c * COLUMN_BITS as i8 + r) as usize] += 1;
                        offset += 1;
                    }
                }
                row += 1;
            }
            column += 1;
        }
        direction += 1;
    }
    counts
};

/// [`LINES_THROUGH`] split into binary digits: plane `b` holds the cells whose count
/// has bit `b` set, so a set of counters' total is a handful of population counts.
const LINE_COUNT_PLANES: [u64; 4] = {
    let mut planes = [0u64; 4];
    let mut index = 0;
    while index < 64 {
        let mut plane = 0;
        while plane < planes.len() {
            if LINES_THROUGH[index] & (1 << plane) != 0 {
                planes[plane] |= 1 << index;
            }
            plane += 1;
        }
        index += 1;
    }
    planes
};

/// The total number of lines of four through the cells of `counters` (each cell
/// counted once per line through it).
#[inline]
pub const fn line_count(counters: u64) -> i32 {
    let mut total = 0;
    let mut plane = 0;
    while plane < LINE_COUNT_PLANES.len() {
        total += ((counters & LINE_COUNT_PLANES[plane]).count_ones() as i32) << plane;
        plane += 1;
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_through_cells_match_the_classic_table() {
        let table = [
            [3, 4, 5, 7, 5, 4, 3],
            [4, 6, 8, 10, 8, 6, 4],
            [5, 8, 11, 13, 11, 8, 5],
            [5, 8, 11, 13, 11, 8, 5],
            [4, 6, 8, 10, 8, 6, 4],
            [3, 4, 5, 7, 5, 4, 3],
        ];
        for (row, counts) in table.iter().enumerate() {
            for (column, &count) in counts.iter().enumerate() {
                assert_eq!(line_count(cell(column as u8, row as u8)), count);
            }
        }
        assert_eq!(line_count(BOARD), 69 * 4);
    }

    #[test]
    fn lines_are_found_in_every_direction_and_never_wrap() {
        let vertical = cell(2, 1) | cell(2, 2) | cell(2, 3) | cell(2, 4);
        let horizontal = cell(3, 5) | cell(4, 5) | cell(5, 5) | cell(6, 5);
        let rising = cell(0, 0) | cell(1, 1) | cell(2, 2) | cell(3, 3);
        let falling = cell(3, 5) | cell(4, 4) | cell(5, 3) | cell(6, 2);
        for line in [vertical, horizontal, rising, falling] {
            assert!(has_four(line));
            assert!(!has_four(line & (line - 1)));
        }
        let across_columns = cell(0, 4) | cell(0, 5) | cell(1, 0) | cell(1, 1);
        assert!(!has_four(across_columns));
    }

    #[test]
    fn winning_cells_complete_lines_with_gaps() {
        let three = cell(0, 0) | cell(1, 0) | cell(3, 0);
        assert_eq!(winning_cells(three, three), cell(2, 0));
        let stacked = cell(4, 0) | cell(4, 1) | cell(4, 2);
        assert_eq!(winning_cells(stacked, stacked), cell(4, 3));
        let top_three = cell(5, 3) | cell(5, 4) | cell(5, 5);
        assert_eq!(winning_cells(top_three, column_cells(5)), 0);
    }

    #[test]
    fn four_can_be_completed_until_every_line_is_blocked() {
        assert!(can_complete_four(0, 0));
        // Counters of the other side in the middle row of every column and in every
        // cell of rows 0, 1, 4 and 5 of the centre column leave no line of four free.
        let blockers = repeat_per_column(0b00_1100) | column_cells(3);
        assert!(!can_complete_four(0, blockers));
        let one_gap = blockers & !cell(3, 0);
        assert!(can_complete_four(0, one_gap));
        assert!(can_complete_four(cell(3, 0), blockers));
    }

    #[test]
    fn playable_cells_are_the_lowest_empty_ones() {
        let occupied = cell(0, 0) | cell(0, 1) | column_cells(3);
        let playable = playable_cells(occupied);
        assert_eq!(playable & column_cells(0), cell(0, 2));
        assert_eq!(playable & column_cells(3), 0);
        assert_eq!(playable & column_cells(5), bottom(5));
    }
}
