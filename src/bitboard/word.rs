//! Sets in machine words: the squares of a frame as one word (`u64`), two (`u128`) or
//! more ([`super::wide::Wide`]), the pieces with copies left as the bits of a `u64`, and
//! the subsets and hashes the tables and the memo take of such sets.

use std::hash::Hash;
use std::ops::{BitAnd, BitOr, BitXor, Not, Shl, Shr};

/// The most squares a frame may have: the bits of the widest word
/// ([`super::wide::Wide`] of 8 words).
pub const MAX_SQUARES: u32 = 512;

/// The most pieces with copies left: a set of them is one `u64` (`avail`), and each has
/// a compact id below this.
pub const MAX_PIECES: usize = u64::BITS as usize;

/// The multiplier of Fibonacci hashing (2^64 over the golden ratio): a word times it,
/// shifted right, spreads its bits over a table index.
pub const FIBONACCI: u64 = 0x9E37_79B9_7F4A_7C15;

/// The exact form a set of squares is filed under by the memo and the tails (so that a
/// hit is never a collision), with two words to hash it by.
pub trait Key: Copy + Eq + Hash + Default + std::fmt::Debug {
    fn words(&self) -> (u64, u64);
}

impl Key for (u64, u64) {
    #[inline(always)]
    fn words(&self) -> (u64, u64) {
        *self
    }
}

/// A machine word (or several) used as a set of squares.
pub trait Word:
    Copy
    + Ord
    + std::fmt::Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    const ZERO: Self;
    const BITS: u32;
    /// The form the memo and the tails file a set under.
    type Key: Key;
    fn bit(i: u32) -> Self;
    fn trailing_ones(self) -> u32;
    fn trailing_zeros(self) -> u32;
    fn count_ones(self) -> u32;
    fn wrapping_neg(self) -> Self;
    /// The low 32 bits.
    fn low_u32(self) -> u32;
    /// The 32 bits after bit `c` (bits past the top read as 0).
    #[inline(always)]
    fn low_u32_after(self, c: u32) -> u32 {
        (self >> c >> 1).low_u32()
    }
    /// The 32 bits from bit `at < BITS` on (bits past the top read as 0).
    #[inline(always)]
    fn low_u32_at(self, at: u32) -> u32 {
        (self >> at).low_u32()
    }
    /// The set as the memo and the tails file it.
    fn key(self) -> Self::Key;
    /// Two words to hash the set by (for one or two words, the set itself).
    #[inline(always)]
    fn words(self) -> (u64, u64) {
        self.key().words()
    }
    /// The low `BITS` bits of `x`.
    fn from_u128(x: u128) -> Self;
}

macro_rules! word {
    ($t:ty) => {
        impl Word for $t {
            const ZERO: Self = 0;
            const BITS: u32 = <$t>::BITS;
            type Key = (u64, u64);
            #[inline(always)]
            fn bit(i: u32) -> Self {
                1 << i
            }
            #[inline(always)]
            fn trailing_ones(self) -> u32 {
                <$t>::trailing_ones(self)
            }
            #[inline(always)]
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            #[inline(always)]
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            #[inline(always)]
            fn low_u32(self) -> u32 {
                self as u32
            }
            #[inline(always)]
            fn key(self) -> (u64, u64) {
                (self as u64, (self as u128 >> 64) as u64)
            }
            #[inline(always)]
            fn from_u128(x: u128) -> Self {
                x as $t
            }
            #[inline(always)]
            fn wrapping_neg(self) -> Self {
                <$t>::wrapping_neg(self)
            }
        }
    };
}
word!(u64);
word!(u128);

/// Every piece of `count` compact ids, as bits.
#[inline]
pub fn all_pieces(count: usize) -> u64 {
    if count == MAX_PIECES {
        u64::MAX
    } else {
        (1u64 << count) - 1
    }
}

/// Calls `f` with every subset of `set` (`set` itself first, the empty set last).
#[inline(always)]
pub fn for_subsets(set: u32, mut f: impl FnMut(u32)) {
    let mut sub = set;
    loop {
        f(sub);
        if sub == 0 {
            break;
        }
        sub = (sub - 1) & set;
    }
}
