//! The search for magic multipliers for sliding attacks on 8x8. The build script runs it
//! (it includes this file) and hands the crate the masks and factors it found, so no
//! program has to search at start-up; the crate fills its attack tables from them.

/// Directions a rook slides in, as (file step, rank step).
pub const ROOK: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// Directions a bishop slides in.
pub const BISHOP: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn step(square: u8, (df, dr): (i8, i8)) -> Option<u8> {
    let file = (square % 8) as i8 + df;
    let rank = (square / 8) as i8 + dr;
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (rank * 8 + file) as u8)
}

fn attacks(square: u8, occupied: u64, directions: &[(i8, i8)]) -> u64 {
    let mut set = 0;
    for &direction in directions {
        let mut at = square;
        while let Some(next) = step(at, direction) {
            set |= 1 << next;
            if occupied >> next & 1 != 0 {
                break;
            }
            at = next;
        }
    }
    set
}

/// Squares whose occupancy matters to a slider on `square` (its rays minus the edges).
pub fn relevant_mask(square: u8, directions: &[(i8, i8)]) -> u64 {
    let mut mask = 0u64;
    for &direction in directions {
        let mut at = square;
        while let Some(next) = step(at, direction) {
            if step(next, direction).is_none() {
                break;
            }
            mask |= 1 << next;
            at = next;
        }
    }
    mask
}

fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// A multiplier that maps every occupancy of `square`'s mask to a table slot without a
/// harmful collision, found by trying sparse random numbers from `seed`.
pub fn find_factor(square: u8, directions: &[(i8, i8)], seed: &mut u64) -> u64 {
    let mask = relevant_mask(square, directions);
    let bits = mask.count_ones();
    let shift = 64 - bits;
    let mut subsets = Vec::with_capacity(1 << bits);
    let mut subset = 0u64;
    loop {
        subsets.push((subset, attacks(square, subset, directions)));
        subset = subset.wrapping_sub(mask) & mask;
        if subset == 0 {
            break;
        }
    }
    let mut table = vec![0u64; 1 << bits];
    let mut used = vec![0u32; 1 << bits];
    for attempt in 1u32.. {
        let factor = xorshift(seed) & xorshift(seed) & xorshift(seed);
        if (mask.wrapping_mul(factor) >> 56).count_ones() < 6 {
            continue;
        }
        let fits = subsets.iter().all(|&(occupied, attack)| {
            let index = (occupied.wrapping_mul(factor) >> shift) as usize;
            if used[index] != attempt {
                used[index] = attempt;
                table[index] = attack;
                true
            } else {
                table[index] == attack
            }
        });
        if fits {
            return factor;
        }
    }
    unreachable!("the search for a magic factor always ends")
}
