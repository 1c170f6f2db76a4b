//! Sets of squares wider than a machine word: [`Wide`], `N` words of 64 bits as one
//! [`Word`], for frames of 129 to `64 * N` squares. Bit `i` is bit `i % 64` of word
//! `i / 64`. Every operation is a loop over the `N` words that the compiler unrolls; the
//! search reads a few bits at a square (a list's key) straight from the words they lie in
//! rather than shifting the whole set.

use std::hash::{Hash, Hasher};
use std::ops::{BitAnd, BitOr, BitXor, Not, Shl, Shr};

use super::word::{Key, Word, FIBONACCI};

/// `N` words of 64 bits used as one set of `64 * N` squares.
#[derive(Copy, Clone, Debug)]
pub struct Wide<const N: usize>(pub [u64; N]);

impl<const N: usize> Default for Wide<N> {
    fn default() -> Self {
        Wide([0; N])
    }
}

impl<const N: usize> PartialEq for Wide<N> {
    /// Without a branch per word (an array's `==` may stop at the first word that
    /// differs, or call `memcmp`).
    #[inline(always)]
    fn eq(&self, other: &Self) -> bool {
        let mut diff = 0;
        for i in 0..N {
            diff |= self.0[i] ^ other.0[i];
        }
        diff == 0
    }
}
impl<const N: usize> Eq for Wide<N> {}

impl<const N: usize> PartialOrd for Wide<N> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl<const N: usize> Ord for Wide<N> {
    /// The highest word first: the order of the numbers the words spell.
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.iter().rev().cmp(other.0.iter().rev())
    }
}

impl<const N: usize> Hash for Wide<N> {
    /// A word at a time (an array would be hashed as its bytes, a byte at a time by
    /// the tails' hasher).
    fn hash<H: Hasher>(&self, state: &mut H) {
        for &w in &self.0 {
            state.write_u64(w);
        }
    }
}

impl<const N: usize> Key for Wide<N> {
    #[inline(always)]
    fn words(&self) -> (u64, u64) {
        let mut h = 0u64;
        for &w in &self.0 {
            h = (h.rotate_left(23) ^ w).wrapping_mul(FIBONACCI);
        }
        (h, 0)
    }
}

impl<const N: usize> BitAnd for Wide<N> {
    type Output = Self;
    #[inline(always)]
    fn bitand(self, rhs: Self) -> Self {
        Wide(std::array::from_fn(|i| self.0[i] & rhs.0[i]))
    }
}

impl<const N: usize> BitOr for Wide<N> {
    type Output = Self;
    #[inline(always)]
    fn bitor(self, rhs: Self) -> Self {
        Wide(std::array::from_fn(|i| self.0[i] | rhs.0[i]))
    }
}

impl<const N: usize> BitXor for Wide<N> {
    type Output = Self;
    #[inline(always)]
    fn bitxor(self, rhs: Self) -> Self {
        Wide(std::array::from_fn(|i| self.0[i] ^ rhs.0[i]))
    }
}

impl<const N: usize> Not for Wide<N> {
    type Output = Self;
    #[inline(always)]
    fn not(self) -> Self {
        Wide(self.0.map(|w| !w))
    }
}

impl<const N: usize> Shl<u32> for Wide<N> {
    type Output = Self;
    /// Towards higher bits; bits shifted past the top are lost.
    #[inline(always)]
    fn shl(self, s: u32) -> Self {
        let (q, r) = ((s / 64) as usize, s % 64);
        Wide(std::array::from_fn(|i| {
            if i < q {
                return 0;
            }
            let high = self.0[i - q] << r;
            let low = match (r, i.checked_sub(q + 1)) {
                (1.., Some(j)) => self.0[j] >> (64 - r),
                _ => 0,
            };
            high | low
        }))
    }
}

impl<const N: usize> Shr<u32> for Wide<N> {
    type Output = Self;
    /// Towards lower bits.
    #[inline(always)]
    fn shr(self, s: u32) -> Self {
        let (q, r) = ((s / 64) as usize, s % 64);
        Wide(std::array::from_fn(|i| {
            let Some(&w) = self.0.get(i + q) else {
                return 0;
            };
            let high = match (r, self.0.get(i + q + 1)) {
                (1.., Some(&h)) => h << (64 - r),
                _ => 0,
            };
            w >> r | high
        }))
    }
}

impl<const N: usize> Wide<N> {
    /// The 64 bits from bit `at` on (bits past the top read as 0).
    #[inline(always)]
    fn u64_at(self, at: u32) -> u64 {
        let (q, r) = ((at / 64) as usize, at % 64);
        let Some(&w) = self.0.get(q) else {
            return 0;
        };
        match (r, self.0.get(q + 1)) {
            (1.., Some(&h)) => w >> r | h << (64 - r),
            _ => w >> r,
        }
    }
}

impl<const N: usize> Word for Wide<N> {
    const ZERO: Self = Wide([0; N]);
    const BITS: u32 = 64 * N as u32;
    type Key = Self;

    #[inline(always)]
    fn bit(i: u32) -> Self {
        let mut w = [0; N];
        w[(i / 64) as usize] = 1 << (i % 64);
        Wide(w)
    }
    #[inline(always)]
    fn trailing_ones(self) -> u32 {
        let mut n = 0;
        for &w in &self.0 {
            if w != u64::MAX {
                return n + w.trailing_ones();
            }
            n += 64;
        }
        n
    }
    #[inline(always)]
    fn trailing_zeros(self) -> u32 {
        let mut n = 0;
        for &w in &self.0 {
            if w != 0 {
                return n + w.trailing_zeros();
            }
            n += 64;
        }
        n
    }
    #[inline(always)]
    fn count_ones(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline(always)]
    fn wrapping_neg(self) -> Self {
        // !self + 1, the carry running up from the lowest word.
        let mut carry = true;
        Wide(self.0.map(|w| {
            let (sum, over) = (!w).overflowing_add(u64::from(carry));
            carry = over;
            sum
        }))
    }
    #[inline(always)]
    fn low_u32(self) -> u32 {
        self.0[0] as u32
    }
    #[inline(always)]
    fn low_u32_after(self, c: u32) -> u32 {
        self.u64_at(c + 1) as u32
    }
    #[inline(always)]
    fn low_u32_at(self, at: u32) -> u32 {
        self.u64_at(at) as u32
    }
    #[inline(always)]
    fn key(self) -> Self {
        self
    }
    #[inline(always)]
    fn from_u128(x: u128) -> Self {
        let mut w = [0; N];
        w[0] = x as u64;
        if N > 1 {
            w[1] = (x >> 64) as u64;
        }
        Wide(w)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bits of `w` as a vector of booleans, lowest first.
    fn bits<const N: usize>(w: Wide<N>) -> Vec<bool> {
        (0..64 * N)
            .map(|i| w.0[i / 64] >> (i % 64) & 1 == 1)
            .collect()
    }

    fn from_bits<const N: usize>(b: &[bool]) -> Wide<N> {
        let mut w = [0u64; N];
        for (i, _) in b.iter().enumerate().filter(|(_, &x)| x) {
            w[i / 64] |= 1 << (i % 64);
        }
        Wide(w)
    }

    fn sample(seed: &mut u64) -> Wide<4> {
        Wide(std::array::from_fn(|_| {
            *seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            // Some sparse words, some full: the edges of every operation.
            match *seed >> 61 {
                0 => 0,
                1 => u64::MAX,
                _ => *seed ^ (*seed >> 29),
            }
        }))
    }

    #[test]
    fn operations_agree_with_bit_by_bit_ones() {
        let mut seed = 7;
        for _ in 0..300 {
            let (a, b) = (sample(&mut seed), sample(&mut seed));
            let (x, y) = (bits(a), bits(b));
            let and: Vec<bool> = x.iter().zip(&y).map(|(p, q)| p & q).collect();
            assert_eq!(bits(a & b), and);
            assert_eq!(bits(!a), x.iter().map(|p| !p).collect::<Vec<_>>());
            for s in [0, 1, 5, 63, 64, 65, 127, 128, 200, 255] {
                let mut shl = vec![false; 256];
                shl[s..].copy_from_slice(&x[..256 - s]);
                assert_eq!(bits(a << s as u32), shl, "<< {s}");
                let mut shr = vec![false; 256];
                shr[..256 - s].copy_from_slice(&x[s..]);
                assert_eq!(bits(a >> s as u32), shr, ">> {s}");
                assert_eq!(a.low_u32_at(s as u32), (a >> s as u32).low_u32());
                assert_eq!(a.low_u32_after(s as u32), (a >> s as u32 >> 1).low_u32());
            }
            let ones = x.iter().take_while(|&&p| p).count() as u32;
            let zeros = x.iter().take_while(|&&p| !p).count() as u32;
            assert_eq!(a.trailing_ones(), ones);
            assert_eq!(a.trailing_zeros(), zeros);
            assert_eq!(a.count_ones(), x.iter().filter(|&&p| p).count() as u32);
            // The lowest bit, as x & -x.
            let mut low = vec![false; 256];
            if let Some(i) = x.iter().position(|&p| p) {
                low[i] = true;
            }
            assert_eq!(bits(a & a.wrapping_neg()), low);
            assert_eq!(a == b, x == y);
            assert_eq!(from_bits::<4>(&x), a);
        }
        assert_eq!(Wide::<4>::bit(130).trailing_zeros(), 130);
        assert_eq!((!Wide::<4>::ZERO).trailing_ones(), 256);
        assert!(Wide::<2>::bit(64) > Wide::<2>::bit(63));
    }
}
