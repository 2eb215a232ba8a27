//! Board shapes for the chess engine: piece attack sets on 8x8 (magic bitboards, for
//! speed) and on 16x16 (rays cut at their nearest blocker, for mega chess), behind one
//! trait.

use super::bits::{Bits, U256};
use std::fmt::Debug;
use std::sync::LazyLock;

/// Directions a rook slides in, as (file step, rank step).
const ROOK_DIRECTIONS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// Directions a bishop slides in.
const BISHOP_DIRECTIONS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// The square `(file step, rank step)` away from `square` on a `files` x `ranks`
/// board, if it is on the board.
#[inline]
fn offset(files: u8, ranks: u8, square: u8, (df, dr): (i8, i8)) -> Option<u8> {
    let file = (square % files) as i16 + i16::from(df);
    let rank = (square / files) as i16 + i16::from(dr);
    ((0..files as i16).contains(&file) && (0..ranks as i16).contains(&rank))
        .then(|| (rank * files as i16 + file) as u8)
}

fn leaper<B: Bits>(files: u8, ranks: u8, square: u8, steps: &[(i8, i8)]) -> B {
    steps
        .iter()
        .filter_map(|&step| offset(files, ranks, square, step))
        .fold(B::EMPTY, |set, to| set | B::square(to))
}

fn slide<B: Bits>(files: u8, ranks: u8, square: u8, occupied: B, directions: &[(i8, i8)]) -> B {
    let mut set = B::EMPTY;
    for &direction in directions {
        let mut at = square;
        while let Some(next) = offset(files, ranks, at, direction) {
            set |= B::square(next);
            if occupied.has(next) {
                break;
            }
            at = next;
        }
    }
    set
}

/// The step from `a` towards `b` if they share a rank, file or diagonal.
fn alignment(files: u8, a: u8, b: u8) -> Option<(i8, i8)> {
    let (fa, ra) = ((a % files) as i16, (a / files) as i16);
    let (fb, rb) = ((b % files) as i16, (b / files) as i16);
    let (df, dr) = (fb - fa, rb - ra);
    if a == b || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return None;
    }
    Some((df.signum() as i8, dr.signum() as i8))
}

fn between_slow<B: Bits>(files: u8, ranks: u8, a: u8, b: u8) -> B {
    let mut set = B::EMPTY;
    if let Some(step) = alignment(files, a, b) {
        let mut at = a;
        while let Some(next) = offset(files, ranks, at, step) {
            if next == b {
                break;
            }
            set |= B::square(next);
            at = next;
        }
    }
    set
}

fn line_slow<B: Bits>(files: u8, ranks: u8, a: u8, b: u8) -> B {
    match alignment(files, a, b) {
        None => B::EMPTY,
        Some((df, dr)) => B::square(a) | slide(files, ranks, a, B::EMPTY, &[(df, dr), (-df, -dr)]),
    }
}

/// A board shape: its size and how pieces attack on it.
pub trait Geometry: Copy + Debug + Eq + Send + Sync + 'static {
    /// The square-set type large enough for the board.
    type Bits: Bits;
    /// Number of files (columns).
    const FILES: u8;
    /// Number of ranks (rows).
    const RANKS: u8;

    /// Squares a knight on `square` attacks.
    fn knight(square: u8) -> Self::Bits;
    /// Squares a king on `square` attacks.
    fn king(square: u8) -> Self::Bits;
    /// Squares a pawn of side `side` (0 moves up, 1 moves down) on `square` attacks.
    fn pawn(side: usize, square: u8) -> Self::Bits;
    /// Squares a rook on `square` attacks given the blockers `occupied`.
    fn rook(square: u8, occupied: Self::Bits) -> Self::Bits;
    /// Squares a bishop on `square` attacks given the blockers `occupied`.
    fn bishop(square: u8, occupied: Self::Bits) -> Self::Bits;
    /// Squares strictly between `a` and `b` if they are aligned, else none.
    fn between(a: u8, b: u8) -> Self::Bits;
    /// The whole line through `a` and `b` if they are aligned, else none.
    fn line(a: u8, b: u8) -> Self::Bits;

    /// Number of squares.
    const SQUARES: usize = Self::FILES as usize * Self::RANKS as usize;
    /// Every square of the board.
    fn all() -> Self::Bits {
        (0..Self::SQUARES as u16).fold(Self::Bits::EMPTY, |set, square| {
            set | Self::Bits::square(square as u8)
        })
    }
    /// The squares of one file (0 is the a-file).
    fn file(file: u8) -> Self::Bits {
        (0..Self::RANKS).fold(Self::Bits::EMPTY, |set, rank| {
            set | Self::Bits::square(rank * Self::FILES + file)
        })
    }
    /// The squares of one rank (0 is White's first rank).
    fn rank(rank: u8) -> Self::Bits {
        (0..Self::FILES).fold(Self::Bits::EMPTY, |set, file| {
            set | Self::Bits::square(rank * Self::FILES + file)
        })
    }
}

/// The 8x8 board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board8;

/// The 16x16 board of mega chess.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board16;

/// One square's magic multiplier entry.
struct Magic {
    mask: u64,
    factor: u64,
    shift: u32,
    offset: usize,
}

impl Magic {
    #[inline]
    fn index(&self, occupied: u64) -> usize {
        self.offset + ((occupied & self.mask).wrapping_mul(self.factor) >> self.shift) as usize
    }
}

struct Tables8 {
    knight: [u64; 64],
    king: [u64; 64],
    pawn: [[u64; 64]; 2],
    between: Vec<[u64; 64]>,
    line: Vec<[u64; 64]>,
    rook: Vec<Magic>,
    bishop: Vec<Magic>,
    attacks: Vec<u64>,
}

static TABLES8: LazyLock<Tables8> = LazyLock::new(Tables8::build);

impl Tables8 {
    fn build() -> Tables8 {
        let mut attacks = Vec::with_capacity(110_000);
        let rook = (0..64)
            .map(|square| {
                let index = usize::from(square);
                fill_magic(
                    square,
                    ROOK_MASKS[index],
                    ROOK_FACTORS[index],
                    &ROOK_DIRECTIONS,
                    &mut attacks,
                )
            })
            .collect();
        let bishop = (0..64)
            .map(|square| {
                let index = usize::from(square);
                fill_magic(
                    square,
                    BISHOP_MASKS[index],
                    BISHOP_FACTORS[index],
                    &BISHOP_DIRECTIONS,
                    &mut attacks,
                )
            })
            .collect();
        Tables8 {
            knight: std::array::from_fn(|sq| leaper(8, 8, sq as u8, &KNIGHT_STEPS)),
            king: std::array::from_fn(|sq| leaper(8, 8, sq as u8, &KING_STEPS)),
            pawn: [
                std::array::from_fn(|sq| leaper(8, 8, sq as u8, &[(-1, 1), (1, 1)])),
                std::array::from_fn(|sq| leaper(8, 8, sq as u8, &[(-1, -1), (1, -1)])),
            ],
            between: (0..64)
                .map(|a| std::array::from_fn(|b| between_slow(8, 8, a, b as u8)))
                .collect(),
            line: (0..64)
                .map(|a| std::array::from_fn(|b| line_slow(8, 8, a, b as u8)))
                .collect(),
            rook,
            bishop,
            attacks,
        }
    }
}

include!(concat!(env!("OUT_DIR"), "/magic_factors.rs"));

/// Fills `attacks` with the table of one square and returns its entry.
fn fill_magic(
    square: u8,
    mask: u64,
    factor: u64,
    directions: &[(i8, i8)],
    attacks: &mut Vec<u64>,
) -> Magic {
    let shift = 64 - mask.count_ones();
    let offset = attacks.len();
    attacks.resize(offset + (1 << mask.count_ones()), 0);
    let mut subset = 0u64;
    loop {
        let index = offset + (subset.wrapping_mul(factor) >> shift) as usize;
        attacks[index] = slide::<u64>(8, 8, square, subset, directions);
        subset = subset.wrapping_sub(mask) & mask;
        if subset == 0 {
            break;
        }
    }
    Magic {
        mask,
        factor,
        shift,
        offset,
    }
}

impl Geometry for Board8 {
    type Bits = u64;
    const FILES: u8 = 8;
    const RANKS: u8 = 8;

    #[inline]
    fn knight(square: u8) -> u64 {
        TABLES8.knight[usize::from(square)]
    }
    #[inline]
    fn king(square: u8) -> u64 {
        TABLES8.king[usize::from(square)]
    }
    #[inline]
    fn pawn(side: usize, square: u8) -> u64 {
        TABLES8.pawn[side][usize::from(square)]
    }
    #[inline]
    fn rook(square: u8, occupied: u64) -> u64 {
        let tables = &*TABLES8;
        tables.attacks[tables.rook[usize::from(square)].index(occupied)]
    }
    #[inline]
    fn bishop(square: u8, occupied: u64) -> u64 {
        let tables = &*TABLES8;
        tables.attacks[tables.bishop[usize::from(square)].index(occupied)]
    }
    #[inline]
    fn between(a: u8, b: u8) -> u64 {
        TABLES8.between[usize::from(a)][usize::from(b)]
    }
    #[inline]
    fn line(a: u8, b: u8) -> u64 {
        TABLES8.line[usize::from(a)][usize::from(b)]
    }
    fn all() -> u64 {
        u64::MAX
    }
    #[inline]
    fn file(file: u8) -> u64 {
        0x0101_0101_0101_0101 << file
    }
    #[inline]
    fn rank(rank: u8) -> u64 {
        0xFF << (8 * rank)
    }
}

/// The eight directions pieces slide in on 16x16, each beside its opposite: direction
/// `d`'s opposite is `d ^ 1`.
const SLIDES16: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];
/// The indices in `SLIDES16` of a rook's directions.
const ROOK_SLIDES16: [usize; 4] = [0, 1, 2, 3];
/// The indices in `SLIDES16` of a bishop's directions.
const BISHOP_SLIDES16: [usize; 4] = [4, 5, 6, 7];

struct Tables16 {
    knight: Vec<U256>,
    king: Vec<U256>,
    pawn: [Vec<U256>; 2],
    /// For each direction of `SLIDES16`, the squares from each square to the board's
    /// edge, that square left out.
    rays: [Vec<U256>; 8],
}

static TABLES16: LazyLock<Tables16> = LazyLock::new(|| Tables16 {
    knight: (0..=255)
        .map(|sq| leaper(16, 16, sq, &KNIGHT_STEPS))
        .collect(),
    king: (0..=255)
        .map(|sq| leaper(16, 16, sq, &KING_STEPS))
        .collect(),
    pawn: [
        (0..=255)
            .map(|sq| leaper(16, 16, sq, &[(-1, 1), (1, 1)]))
            .collect(),
        (0..=255)
            .map(|sq| leaper(16, 16, sq, &[(-1, -1), (1, -1)]))
            .collect(),
    ],
    rays: std::array::from_fn(|direction| {
        (0..=255)
            .map(|sq| slide(16, 16, sq, U256::EMPTY, &[SLIDES16[direction]]))
            .collect()
    }),
});

impl Tables16 {
    /// The squares a piece on `square` reaches in direction `direction` of `SLIDES16`,
    /// up to and including the first of `occupied`: the ray less the ray beyond that
    /// blocker, which is the nearest one, lowest or highest as the direction runs.
    #[inline]
    fn reach(&self, direction: usize, square: u8, occupied: U256) -> U256 {
        let ray = self.rays[direction][usize::from(square)];
        let (file_step, rank_step) = SLIDES16[direction];
        let blockers = ray & occupied;
        let nearest = if rank_step > 0 || (rank_step == 0 && file_step > 0) {
            blockers.lowest()
        } else {
            blockers.highest()
        };
        match nearest {
            Some(blocker) => ray ^ self.rays[direction][usize::from(blocker)],
            None => ray,
        }
    }

    /// The union of `reach` over `directions`.
    #[inline]
    fn attacks(&self, directions: &[usize; 4], square: u8, occupied: U256) -> U256 {
        directions.iter().fold(U256::EMPTY, |set, &direction| {
            set | self.reach(direction, square, occupied)
        })
    }

    /// The direction of `SLIDES16` from `a` towards `b`, if they are aligned.
    #[inline]
    fn direction(a: u8, b: u8) -> Option<usize> {
        let step = alignment(16, a, b)?;
        SLIDES16.iter().position(|&slide| slide == step)
    }
}

impl Geometry for Board16 {
    type Bits = U256;
    const FILES: u8 = 16;
    const RANKS: u8 = 16;

    #[inline]
    fn knight(square: u8) -> U256 {
        TABLES16.knight[usize::from(square)]
    }
    #[inline]
    fn king(square: u8) -> U256 {
        TABLES16.king[usize::from(square)]
    }
    #[inline]
    fn pawn(side: usize, square: u8) -> U256 {
        TABLES16.pawn[side][usize::from(square)]
    }
    #[inline]
    fn rook(square: u8, occupied: U256) -> U256 {
        TABLES16.attacks(&ROOK_SLIDES16, square, occupied)
    }
    #[inline]
    fn bishop(square: u8, occupied: U256) -> U256 {
        TABLES16.attacks(&BISHOP_SLIDES16, square, occupied)
    }
    #[inline]
    fn between(a: u8, b: u8) -> U256 {
        let tables = &*TABLES16;
        Tables16::direction(a, b).map_or(U256::EMPTY, |direction| {
            tables.rays[direction][usize::from(a)] & tables.rays[direction ^ 1][usize::from(b)]
        })
    }
    #[inline]
    fn line(a: u8, b: u8) -> U256 {
        let tables = &*TABLES16;
        Tables16::direction(a, b).map_or(U256::EMPTY, |direction| {
            U256::square(a)
                | tables.rays[direction][usize::from(a)]
                | tables.rays[direction ^ 1][usize::from(a)]
        })
    }
    #[inline]
    fn file(file: u8) -> U256 {
        U256([0x0001_0001_0001_0001 << file; 4])
    }
    #[inline]
    fn rank(rank: u8) -> U256 {
        let mut words = [0; 4];
        words[usize::from(rank / 4)] = 0xFFFF << (16 * (rank % 4));
        U256(words)
    }
    fn all() -> U256 {
        U256::FULL
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_attacks_match_ray_stepping() {
        for sample in 0..2000u64 {
            let occupied =
                ply_core::zobrist::splitmix64(sample) & ply_core::zobrist::splitmix64(!sample);
            for square in 0..64 {
                assert_eq!(
                    Board8::rook(square, occupied),
                    slide(8, 8, square, occupied, &ROOK_DIRECTIONS)
                );
                assert_eq!(
                    Board8::bishop(square, occupied),
                    slide(8, 8, square, occupied, &BISHOP_DIRECTIONS)
                );
            }
        }
    }

    #[test]
    fn wide_attacks_match_ray_stepping() {
        for sample in 0..300u64 {
            let word = |index: u64| {
                let seed = sample * 8 + index;
                ply_core::zobrist::splitmix64(seed) & ply_core::zobrist::splitmix64(!seed)
            };
            let occupied = U256([word(0), word(1), word(2), word(3)]);
            for square in 0..=255 {
                assert_eq!(
                    Board16::rook(square, occupied),
                    slide(16, 16, square, occupied, &ROOK_DIRECTIONS)
                );
                assert_eq!(
                    Board16::bishop(square, occupied),
                    slide(16, 16, square, occupied, &BISHOP_DIRECTIONS)
                );
            }
        }
        for a in 0..=255 {
            for b in 0..=255 {
                assert_eq!(Board16::between(a, b), between_slow(16, 16, a, b));
                assert_eq!(Board16::line(a, b), line_slow(16, 16, a, b));
            }
        }
        for index in 0..16 {
            let squares = |on: &dyn Fn(u8) -> bool| {
                (0..=255u8)
                    .filter(|&square| on(square))
                    .fold(U256::EMPTY, |set, square| set | U256::square(square))
            };
            assert_eq!(
                Board16::rank(index),
                squares(&|square| square / 16 == index)
            );
            assert_eq!(
                Board16::file(index),
                squares(&|square| square % 16 == index)
            );
        }
        for index in 0..8 {
            let rank = (0..64u8)
                .filter(|square| square / 8 == index)
                .fold(0u64, |set, square| set | u64::square(square));
            assert_eq!(Board8::rank(index), rank);
        }
    }

    #[test]
    fn lines_and_betweens() {
        // a1 (0) to h8 (63): the long diagonal.
        assert_eq!(Board8::between(0, 63).count(), 6);
        assert_eq!(Board8::line(9, 18).count(), 8);
        assert_eq!(Board8::between(0, 17), 0);
        // On 16x16, a1 to p16 crosses 14 squares; a1 to a16 likewise.
        assert_eq!(Board16::between(0, 255).count(), 14);
        assert_eq!(Board16::between(0, 240).count(), 14);
        assert_eq!(Board16::line(0, 17).count(), 16);
        assert_eq!(Board16::knight(0).count(), 2);
    }
}
