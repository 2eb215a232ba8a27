//! Deterministic keys for Zobrist hashing, generated at compile time so that hashes are
//! identical on every machine and in every build (saves and tests may rely on that).

/// One step of the SplitMix64 generator: a well-mixed 64-bit value from a counter.
#[inline]
pub const fn splitmix64(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// `N` keys derived from `domain`, so that each mode (or each table of a mode) gets its
/// own independent stream. Use in a `static`: `static KEYS: [u64; 64] = keys(7);`.
pub const fn keys<const N: usize>(domain: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut i = 0;
    while i < N {
        out[i] = splitmix64(
            domain.wrapping_mul(0x1000_0000_01B3) ^ (i as u64).wrapping_mul(0x9E37_79B9),
        );
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_stable() {
        let a: [u64; 512] = keys(1);
        let b: [u64; 512] = keys(2);
        let mut all: Vec<u64> = a.iter().chain(b.iter()).copied().collect();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 1024);
        assert_eq!(a, keys::<512>(1));
    }
}
