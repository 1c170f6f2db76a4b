//! Sets in machine words: the squares of a frame as one word (`u64`) or two (`u128`),
//! the pieces with copies left as the bits of a `u64`, and the subsets and hashes the
//! tables and the memo take of such sets.

use std::ops::{BitAnd, BitOr, Not, Shl, Shr};

/// The most squares a frame may have: the bits of the widest word.
pub const MAX_SQUARES: u32 = u128::BITS;

/// The most pieces with copies left: a set of them is one `u64` (`avail`), and each has
/// a compact id below this.
pub const MAX_PIECES: usize = u64::BITS as usize;

/// The multiplier of Fibonacci hashing (2^64 over the golden ratio): a word times it,
/// shifted right, spreads its bits over a table index.
pub const FIBONACCI: u64 = 0x9E37_79B9_7F4A_7C15;

/// A machine word (or two) used as a set of squares.
pub trait Word:
    Copy
    + Ord
    + std::fmt::Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    const ZERO: Self;
    const BITS: u32;
    fn bit(i: u32) -> Self;
    fn trailing_ones(self) -> u32;
    fn trailing_zeros(self) -> u32;
    fn count_ones(self) -> u32;
    fn wrapping_neg(self) -> Self;
    /// The low 32 bits.
    fn low_u32(self) -> u32;
    /// The low and the high 64 bits.
    fn words(self) -> (u64, u64);
    /// The low `BITS` bits of `x`.
    fn from_u128(x: u128) -> Self;
}

macro_rules! word {
    ($t:ty) => {
        impl Word for $t {
            const ZERO: Self = 0;
            const BITS: u32 = <$t>::BITS;
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
            fn words(self) -> (u64, u64) {
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
