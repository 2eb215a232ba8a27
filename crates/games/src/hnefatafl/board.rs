//! The 11x11 board's geometry: square numbering, square sets as `u128` bit sets (rows of
//! 11 bits, rank 1 first), their shifts and floods, and the neighbour table that move
//! generation steps through.

/// A set of squares: bit `rank * 11 + file` stands for that square.
pub(super) type Set = u128;

/// Files (and ranks) on the board.
pub(super) const SIZE: u8 = 11;
/// Squares on the board.
pub(super) const SQUARES: usize = 121;
/// The largest distance from an edge: the middle file's (and rank's) index.
pub(super) const MIDDLE: u8 = (SIZE - 1) / 2;
/// Marks "off the board" in the neighbour table.
pub(super) const OFF: u8 = u8::MAX;

/// The set holding just `square`.
#[inline]
pub(super) const fn bit(square: u8) -> Set {
    1u128 << square
}

/// Whether `square` is in `set`.
#[inline]
pub(super) const fn has(set: Set, square: u8) -> bool {
    set >> square & 1 != 0
}

/// Every square of the board.
pub(super) const BOARD: Set = (1u128 << SQUARES) - 1;
/// The throne, f6.
pub(super) const THRONE: u8 = 5 * SIZE + 5;
/// The four corners a1, k1, a11, k11.
pub(super) const CORNERS: Set =
    bit(0) | bit(SIZE - 1) | bit(SIZE * (SIZE - 1)) | bit(SIZE * SIZE - 1);
/// Squares where only the king may stop: the throne and the corners.
pub(super) const RESTRICTED: Set = CORNERS | bit(THRONE);

const fn file_set(file: u8) -> Set {
    let mut set = 0;
    let mut rank = 0;
    while rank < SIZE {
        set |= bit(rank * SIZE + file);
        rank += 1;
    }
    set
}

const fn rank_set(rank: u8) -> Set {
    ((1u128 << SIZE) - 1) << (rank * SIZE)
}

/// The a-file (left edge).
pub(super) const FILE_A: Set = file_set(0);
/// The k-file (right edge).
pub(super) const FILE_K: Set = file_set(SIZE - 1);
/// The first rank (bottom edge).
pub(super) const RANK_1: Set = rank_set(0);
/// The eleventh rank (top edge).
pub(super) const RANK_11: Set = rank_set(SIZE - 1);
/// Every square on the board's edge.
pub(super) const EDGE: Set = FILE_A | FILE_K | RANK_1 | RANK_11;

/// Each square of `set` moved one step up.
#[inline]
pub(super) const fn north(set: Set) -> Set {
    (set << SIZE) & BOARD
}

/// Each square of `set` moved one step down.
#[inline]
pub(super) const fn south(set: Set) -> Set {
    set >> SIZE
}

/// Each square of `set` moved one step right.
#[inline]
pub(super) const fn east(set: Set) -> Set {
    (set << 1) & !FILE_A & BOARD
}

/// Each square of `set` moved one step left.
#[inline]
pub(super) const fn west(set: Set) -> Set {
    (set >> 1) & !FILE_K
}

/// The squares orthogonally next to some square of `set` (possibly in `set` too).
#[inline]
pub(super) const fn neighbours(set: Set) -> Set {
    north(set) | south(set) | east(set) | west(set)
}

/// Everything reachable from `seed` in orthogonal steps through squares of `through`
/// (the seed squares included even when they are not in `through`).
#[inline]
pub(super) fn flood(seed: Set, through: Set) -> Set {
    let mut reached = seed;
    loop {
        let next = reached | (neighbours(reached) & through);
        if next == reached {
            return reached;
        }
        reached = next;
    }
}

/// The four directions, as indices into [`NEXT`]: north, east, south, west.
pub(super) const DIRECTIONS: [usize; 4] = [0, 1, 2, 3];

/// `NEXT[direction][square]`: the neighbouring square that way, or [`OFF`].
pub(super) static NEXT: [[u8; SQUARES]; 4] = neighbour_table();

const fn neighbour_table() -> [[u8; SQUARES]; 4] {
    let mut table = [[OFF; SQUARES]; 4];
    let mut square = 0;
    while square < SQUARES {
        let (file, rank) = (square as u8 % SIZE, square as u8 / SIZE);
        if rank + 1 < SIZE {
            table[0][square] = square as u8 + SIZE;
        }
        if file + 1 < SIZE {
            table[1][square] = square as u8 + 1;
        }
        if rank > 0 {
            table[2][square] = square as u8 - SIZE;
        }
        if file > 0 {
            table[3][square] = square as u8 - 1;
        }
        square += 1;
    }
    table
}

/// The squares of `set`, lowest first.
#[inline]
pub(super) fn squares(mut set: Set) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let square = set.trailing_zeros() as u8;
        set &= set - 1;
        Some(square)
    })
}

/// The name of `square`: file letter and rank number (`a1`, `f6`, `k11`).
pub fn square_name(square: u8) -> String {
    format!("{}{}", (b'a' + square % SIZE) as char, square / SIZE + 1)
}

/// Reads a square name such as `d1` or `k11`; `None` unless the whole text is one.
pub fn parse_square(text: &str) -> Option<u8> {
    let mut chars = text.chars();
    let file = chars.next()?;
    if !('a'..='k').contains(&file) {
        return None;
    }
    let rank_text = chars.as_str();
    if rank_text.starts_with('0') || !rank_text.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let rank: u8 = rank_text.parse().ok()?;
    if !(1..=SIZE).contains(&rank) {
        return None;
    }
    Some((rank - 1) * SIZE + (file as u8 - b'a'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        for square in 0..SQUARES as u8 {
            assert_eq!(parse_square(&square_name(square)), Some(square));
        }
        for bad in ["", "a", "a0", "a12", "l1", "A1", "a01", "a1x", "a+1"] {
            assert_eq!(parse_square(bad), None, "{bad}");
        }
    }

    #[test]
    fn shifts_stay_on_the_board() {
        assert_eq!(east(FILE_K), 0);
        assert_eq!(west(FILE_A), 0);
        assert_eq!(north(RANK_11), 0);
        assert_eq!(south(RANK_1), 0);
        assert_eq!(neighbours(bit(THRONE)).count_ones(), 4);
        assert_eq!(neighbours(bit(0)), bit(1) | bit(SIZE));
        assert_eq!(EDGE.count_ones(), 40);
    }

    #[test]
    fn flood_stops_at_walls() {
        let wall = file_set(3);
        let reached = flood(bit(0), BOARD & !wall);
        assert_eq!(reached, file_set(0) | file_set(1) | file_set(2));
    }
}
