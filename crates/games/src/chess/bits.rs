//! Square sets as bitboards: `u64` for 8x8 boards and `U256` for mega chess's 16x16,
//! behind one trait so the move generator is written once for both.

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares, numbered `rank * files + file` from 0.
pub trait Bits:
    Copy
    + Eq
    + Default
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// No squares.
    const EMPTY: Self;
    /// Every square representable (the board may be smaller).
    const FULL: Self;
    /// The set holding just `square`.
    fn square(square: u8) -> Self;
    /// Whether `square` is in the set.
    fn has(self, square: u8) -> bool;
    /// Whether the set is empty.
    fn is_empty(self) -> bool;
    /// The number of squares in the set.
    fn count(self) -> u32;
    /// The lowest square, if any.
    fn lowest(self) -> Option<u8>;
    /// The highest square, if any.
    fn highest(self) -> Option<u8>;

    /// Whether the set is non-empty.
    #[inline]
    fn any(self) -> bool {
        !self.is_empty()
    }
    /// Whether the set has two or more squares.
    #[inline]
    fn several(self) -> bool {
        self.count() > 1
    }
    /// Removes and returns the lowest square.
    #[inline]
    fn pop(&mut self) -> Option<u8> {
        let square = self.lowest()?;
        *self ^= Self::square(square);
        Some(square)
    }
    /// The squares of the set, lowest first.
    #[inline]
    fn squares(self) -> Squares<Self> {
        Squares(self)
    }
}

/// Iterator over the squares of a set, lowest first.
pub struct Squares<B>(B);

impl<B: Bits> Iterator for Squares<B> {
    type Item = u8;
    #[inline]
    fn next(&mut self) -> Option<u8> {
        self.0.pop()
    }
}

impl Bits for u64 {
    const EMPTY: u64 = 0;
    const FULL: u64 = u64::MAX;
    #[inline]
    fn square(square: u8) -> u64 {
        1 << square
    }
    #[inline]
    fn has(self, square: u8) -> bool {
        self >> square & 1 != 0
    }
    #[inline]
    fn is_empty(self) -> bool {
        self == 0
    }
    #[inline]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline]
    fn lowest(self) -> Option<u8> {
        (self != 0).then(|| self.trailing_zeros() as u8)
    }
    #[inline]
    fn highest(self) -> Option<u8> {
        (self != 0).then(|| 63 - self.leading_zeros() as u8)
    }
    #[inline]
    fn several(self) -> bool {
        self & self.wrapping_sub(1) != 0
    }
    #[inline]
    fn pop(&mut self) -> Option<u8> {
        if *self == 0 {
            return None;
        }
        let square = self.trailing_zeros() as u8;
        *self &= *self - 1;
        Some(square)
    }
}

/// 256 squares in four 64-bit words, lowest squares in word 0.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct U256(pub [u64; 4]);

impl Debug for U256 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "U256{:x?}", self.0)
    }
}

macro_rules! wordwise {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for U256 {
            type Output = U256;
            #[inline]
            fn $method(self, rhs: U256) -> U256 {
                let (a, b) = (self.0, rhs.0);
                U256([a[0] $op b[0], a[1] $op b[1], a[2] $op b[2], a[3] $op b[3]])
            }
        }
        impl $assign_trait for U256 {
            #[inline]
            fn $assign_method(&mut self, rhs: U256) {
                *self = *self $op rhs;
            }
        }
    };
}

wordwise!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
wordwise!(BitOr, bitor, BitOrAssign, bitor_assign, |);
wordwise!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for U256 {
    type Output = U256;
    #[inline]
    fn not(self) -> U256 {
        let a = self.0;
        U256([!a[0], !a[1], !a[2], !a[3]])
    }
}

impl Bits for U256 {
    const EMPTY: U256 = U256([0; 4]);
    const FULL: U256 = U256([u64::MAX; 4]);
    #[inline]
    fn square(square: u8) -> U256 {
        let mut words = [0; 4];
        words[usize::from(square >> 6)] = 1 << (square & 63);
        U256(words)
    }
    #[inline]
    fn has(self, square: u8) -> bool {
        self.0[usize::from(square >> 6)] >> (square & 63) & 1 != 0
    }
    #[inline]
    fn is_empty(self) -> bool {
        self.0 == [0; 4]
    }
    #[inline]
    fn count(self) -> u32 {
        self.0.iter().map(|word| word.count_ones()).sum()
    }
    #[inline]
    fn lowest(self) -> Option<u8> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, word)| **word != 0)
            .map(|(index, word)| (index * 64) as u8 + word.trailing_zeros() as u8)
    }
    #[inline]
    fn highest(self) -> Option<u8> {
        self.0
            .iter()
            .enumerate()
            .rev()
            .find(|(_, word)| **word != 0)
            .map(|(index, word)| (index * 64) as u8 + 63 - word.leading_zeros() as u8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_sets_behave_like_narrow_ones() {
        let squares = [0u8, 5, 63, 64, 130, 255];
        let mut set = U256::EMPTY;
        for &square in &squares {
            set |= U256::square(square);
        }
        assert_eq!(set.count(), 6);
        assert_eq!(set.lowest(), Some(0));
        assert_eq!(set.highest(), Some(255));
        assert!(set.has(130) && !set.has(131));
        assert_eq!(set.squares().collect::<Vec<_>>(), squares);
        assert!((!set & set).is_empty());
        let narrow: u64 = (1 << 3) | (1 << 60);
        assert_eq!(narrow.squares().collect::<Vec<_>>(), [3, 60]);
        assert!(narrow.several() && !(1u64 << 9).several());
    }
}
