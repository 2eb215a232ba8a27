//! The copy-make way of taking moves back, written once for every mode whose position
//! is small enough to copy whole: a mode names the method that plays a move, and
//! [`copy_make!`](crate::copy_make) writes its [`Rules`](crate::Rules) undo type,
//! `make` and `unmake`.

/// Writes, inside an `impl Rules for ...` block of a position that is `Copy`, the items
/// of copy-make: `type Undo = Self`, a `make` that keeps a copy of the position and plays
/// the move with the position's own method `$play`, and an `unmake` that puts the copy
/// back.
///
/// ```
/// # use ply_core::{MoveCode, MoveError, Outcome, Player, PositionError, Rules};
/// #[derive(Clone, Copy, Debug, PartialEq)]
/// struct Counter(u8);
///
/// impl Counter {
///     fn add(&mut self, by: u8) {
///         self.0 += by;
///     }
/// }
///
/// impl Rules for Counter {
///     const ID: &'static str = "counter";
///     const RULES_VERSION: u32 = 1;
///     type Move = u8;
///     ply_core::copy_make!(add);
///     # fn start() -> Self { Counter(0) }
///     # fn from_text(_: &str) -> Result<Self, PositionError> { Ok(Counter(0)) }
///     # fn to_text(&self) -> String { self.0.to_string() }
///     # fn to_move(&self) -> Player { Player::First }
///     # fn gen_moves(&self, out: &mut Vec<u8>) { out.push(1) }
///     # fn outcome(&self) -> Option<Outcome> { None }
///     # fn hash(&self) -> u64 { self.0.into() }
///     # fn recompute_hash(&self) -> u64 { self.0.into() }
///     # fn move_text(&self, mv: u8) -> String { mv.to_string() }
///     # fn move_code(mv: u8) -> MoveCode { MoveCode(mv.into()) }
/// }
///
/// let mut counter = Counter(3);
/// let undo = counter.make(2);
/// assert_eq!(counter, Counter(5));
/// counter.unmake(2, undo);
/// assert_eq!(counter, Counter(3));
/// ```
#[macro_export]
macro_rules! copy_make {
    ($play:ident) => {
        type Undo = Self;

        #[inline]
        fn make(&mut self, mv: Self::Move) -> Self {
            let before = *self;
            self.$play(mv);
            before
        }

        #[inline]
        fn unmake(&mut self, _mv: Self::Move, undo: Self) {
            *self = undo;
        }
    };
}
