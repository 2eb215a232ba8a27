//! The 32 playable squares of the checkers board: their neighbours and jump landings in
//! each diagonal direction (tables built at compile time), and where each square sits
//! on the 8x8 picture.
//!
//! Squares are indexed 0..32 internally (standard square number minus one). Index `i`
//! lies on row `i / 4` counted from Black's side (the top of the usual diagram) and in
//! column `2 * (i % 4) + 1` on even rows, `2 * (i % 4)` on odd rows (column 0 = file a).

/// Marks "no square" in the tables (off the board).
pub(super) const OFF_BOARD: u8 = u8::MAX;

/// Towards Black's side and file a (towards square 1, up-left with White at the bottom).
pub(super) const NORTH_WEST: usize = 0;
/// Towards Black's side and file h.
pub(super) const NORTH_EAST: usize = 1;
/// Towards White's side and file a (towards square 32, down-left).
pub(super) const SOUTH_WEST: usize = 2;
/// Towards White's side and file h.
pub(super) const SOUTH_EAST: usize = 3;

/// Every direction a king may take.
pub(super) const KING_DIRECTIONS: [usize; 4] = [NORTH_WEST, NORTH_EAST, SOUTH_WEST, SOUTH_EAST];
/// The forward directions of a man, by side index: Black (first) moves towards square
/// 32, White towards square 1.
pub(super) const MAN_DIRECTIONS: [[usize; 2]; 2] =
    [[SOUTH_WEST, SOUTH_EAST], [NORTH_WEST, NORTH_EAST]];

/// The row-from-the-top and column of square index `index`.
const fn row_and_column(index: usize) -> (i32, i32) {
    let row = (index / 4) as i32;
    let column = 2 * (index % 4) as i32 + if row % 2 == 0 { 1 } else { 0 };
    (row, column)
}

/// The square index at `row`, `column`, or [`OFF_BOARD`].
const fn index_at(row: i32, column: i32) -> u8 {
    if row < 0 || row > 7 || column < 0 || column > 7 {
        OFF_BOARD
    } else {
        (row * 4 + column / 2) as u8
    }
}

/// Row and column offsets of each direction, in direction order.
const OFFSETS: [(i32, i32); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// The square `distance` steps from each square in each direction.
const fn table(distance: i32) -> [[u8; 32]; 4] {
    let mut out = [[OFF_BOARD; 32]; 4];
    let mut direction = 0;
    while direction < 4 {
        let mut index = 0;
        while index < 32 {
            let (row, column) = row_and_column(index);
            let (row_step, column_step) = OFFSETS[direction];
            out[direction][index] =
                index_at(row + distance * row_step, column + distance * column_step);
            index += 1;
        }
        direction += 1;
    }
    out
}

/// The diagonal neighbour of each square in each direction: `NEIGHBOUR[direction][index]`.
pub(super) static NEIGHBOUR: [[u8; 32]; 4] = table(1);
/// Where a jump from each square in each direction lands: `LANDING[direction][index]`.
pub(super) static LANDING: [[u8; 32]; 4] = table(2);

/// The squares where a man of each side is crowned: Black on 29..32, White on 1..4.
pub(super) const CROWNING_ROW: [u32; 2] = [0xF000_0000, 0x0000_000F];

/// The one-bit set of square index `index`.
#[inline]
pub(super) const fn bit(index: u8) -> u32 {
    1 << index
}

/// The cell of square index `index` in the 8x8 picture (row 0 at the bottom, White's
/// side; column 0 = file a).
pub(super) const fn cell_of(index: u8) -> usize {
    let (row, column) = row_and_column(index as usize);
    ((7 - row) * 8 + column) as usize
}

/// Every square index in `set`, lowest first.
#[inline]
pub(super) fn squares(mut set: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let index = set.trailing_zeros() as u8;
        set &= set - 1;
        Some(index)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Square numbers are the index plus one.
    fn index(number: u8) -> usize {
        usize::from(number - 1)
    }

    #[test]
    fn corners_sit_where_the_rules_say() {
        // 1 = b8, 4 = h8, 5 = a7, 29 = a1, 32 = g1.
        assert_eq!(cell_of(0), 7 * 8 + 1);
        assert_eq!(cell_of(3), 7 * 8 + 7);
        assert_eq!(cell_of(4), 6 * 8);
        assert_eq!(cell_of(28), 0);
        assert_eq!(cell_of(31), 6);
    }

    #[test]
    fn neighbours_and_jumps_follow_the_diagonals() {
        assert_eq!(
            NEIGHBOUR[SOUTH_WEST][index(11)],
            14,
            "11 steps down-left to 15"
        );
        assert_eq!(
            NEIGHBOUR[SOUTH_EAST][index(11)],
            15,
            "11 steps down-right to 16"
        );
        assert_eq!(
            LANDING[SOUTH_WEST][index(11)],
            17,
            "11 jumps down-left to 18"
        );
        assert_eq!(NEIGHBOUR[NORTH_WEST][index(5)], OFF_BOARD);
        assert_eq!(NEIGHBOUR[NORTH_EAST][index(5)], 0, "5 steps up-right to 1");
        assert_eq!(
            LANDING[NORTH_EAST][index(29)],
            21,
            "29 jumps up-right to 22"
        );
        assert_eq!(LANDING[SOUTH_EAST][index(4)], OFF_BOARD);
    }

    #[test]
    fn every_square_has_a_distinct_dark_cell() {
        let mut cells: Vec<usize> = (0..32).map(cell_of).collect();
        assert!(cells.iter().all(|&cell| (cell % 8 + cell / 8) % 2 == 0));
        cells.sort_unstable();
        cells.dedup();
        assert_eq!(cells.len(), 32);
    }
}
