//! The table of one layer of the sweep: profile keys to counts, in open addressing with
//! linear probing (as in `shared/bench/tiling-dp.c`), its load kept at most one half.
//! Keys are `u64` or `u128` ([`Key`]); the all-ones key marks an empty slot, which no
//! state ever is (a state's top bit is always clear, see `sweep`). Counts are `u128`
//! ([`Words`]) while every one fits, else numbers of `limbs` 64-bit words each
//! ([`Limbs`]), all of one layer alike, so an add is a loop over words with no
//! allocation. An add that does not fit says so ([`Overflow`]) and the caller redoes the
//! layer with more words: no count ever wraps.

use num_bigint::BigUint;

use crate::count::Count;

/// A profile: the covered positions ahead of the sweep (one bit each) and, above them,
/// the copies used of the kinds whose copies are counted.
pub(crate) trait Key: Copy + Eq + std::fmt::Debug {
    /// The empty slot.
    const EMPTY: Self;
    /// The slot of the key in a table of `2^(64 - shift)` slots (Fibonacci hashing).
    fn slot(self, shift: u32) -> usize;
    /// `1 << n`.
    fn bit(n: u32) -> Self;
    /// `0`.
    fn zero() -> Self;
    fn or(self, other: Self) -> Self;
    fn and(self, other: Self) -> Self;
    fn not(self) -> Self;
    fn shr(self, n: u32) -> Self;
    fn wrapping_add(self, other: Self) -> Self;
    fn is_odd(self) -> bool;
    fn is_zero(self) -> bool;
    /// The low 64 bits.
    fn low(self) -> u64;
}

const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

impl Key for u64 {
    const EMPTY: u64 = u64::MAX;

    #[inline(always)]
    fn slot(self, shift: u32) -> usize {
        (self.wrapping_mul(GOLDEN) >> shift) as usize
    }
    #[inline(always)]
    fn bit(n: u32) -> u64 {
        1 << n
    }
    #[inline(always)]
    fn zero() -> u64 {
        0
    }
    #[inline(always)]
    fn or(self, other: u64) -> u64 {
        self | other
    }
    #[inline(always)]
    fn and(self, other: u64) -> u64 {
        self & other
    }
    #[inline(always)]
    fn not(self) -> u64 {
        !self
    }
    #[inline(always)]
    fn shr(self, n: u32) -> u64 {
        self >> n
    }
    #[inline(always)]
    fn wrapping_add(self, other: u64) -> u64 {
        self.wrapping_add(other)
    }
    #[inline(always)]
    fn is_odd(self) -> bool {
        self & 1 == 1
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        self == 0
    }
    #[inline(always)]
    fn low(self) -> u64 {
        self
    }
}

impl Key for u128 {
    const EMPTY: u128 = u128::MAX;

    #[inline(always)]
    fn slot(self, shift: u32) -> usize {
        let folded = (self as u64) ^ ((self >> 64) as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        (folded.wrapping_mul(GOLDEN) >> shift) as usize
    }
    #[inline(always)]
    fn bit(n: u32) -> u128 {
        1 << n
    }
    #[inline(always)]
    fn zero() -> u128 {
        0
    }
    #[inline(always)]
    fn or(self, other: u128) -> u128 {
        self | other
    }
    #[inline(always)]
    fn and(self, other: u128) -> u128 {
        self & other
    }
    #[inline(always)]
    fn not(self) -> u128 {
        !self
    }
    #[inline(always)]
    fn shr(self, n: u32) -> u128 {
        self >> n
    }
    #[inline(always)]
    fn wrapping_add(self, other: u128) -> u128 {
        self.wrapping_add(other)
    }
    #[inline(always)]
    fn is_odd(self) -> bool {
        self & 1 == 1
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        self == 0
    }
    #[inline(always)]
    fn low(self) -> u64 {
        self as u64
    }
}

/// An add did not fit the layer's numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Overflow;

/// The counts of a table, one per slot.
pub(crate) trait Values: Sized {
    /// Room for `slots` counts as wide as `like`'s.
    fn new_like(like: &Self, slots: usize) -> Self;
    /// Slot `i` := `from[j]`.
    fn set(&mut self, i: usize, from: &Self, j: usize);
    /// Slot `i` += `from[j]`, or [`Overflow`] (slot `i` then holds garbage; the caller
    /// throws the layer away).
    fn add(&mut self, i: usize, from: &Self, j: usize) -> Result<(), Overflow>;
    /// Slot `i` as a count.
    fn count(&self, i: usize) -> Count;
}

/// Counts that fit a `u128`.
pub(crate) struct Words(pub(crate) Vec<u128>);

impl Values for Words {
    fn new_like(_: &Words, slots: usize) -> Words {
        Words(vec![0; slots])
    }
    #[inline(always)]
    fn set(&mut self, i: usize, from: &Words, j: usize) {
        self.0[i] = from.0[j];
    }
    #[inline(always)]
    fn add(&mut self, i: usize, from: &Words, j: usize) -> Result<(), Overflow> {
        match self.0[i].checked_add(from.0[j]) {
            Some(sum) => {
                self.0[i] = sum;
                Ok(())
            }
            None => Err(Overflow),
        }
    }
    fn count(&self, i: usize) -> Count {
        Count::new(self.0[i])
    }
}

/// Counts of `limbs` 64-bit words each, least significant first, one slot after another.
pub(crate) struct Limbs {
    pub(crate) limbs: usize,
    pub(crate) words: Vec<u64>,
}

impl Limbs {
    /// The numbers of `words` (one `u128` a slot) widened to `limbs` words.
    pub(crate) fn from_words(words: &Words, limbs: usize) -> Limbs {
        let mut out = vec![0u64; words.0.len() * limbs];
        for (i, &w) in words.0.iter().enumerate() {
            out[i * limbs] = w as u64;
            out[i * limbs + 1] = (w >> 64) as u64;
        }
        Limbs { limbs, words: out }
    }

    /// The same numbers, `limbs` words each (at least as many as now).
    pub(crate) fn widened(&self, limbs: usize) -> Limbs {
        let slots = self.words.len() / self.limbs;
        let mut out = vec![0u64; slots * limbs];
        for i in 0..slots {
            out[i * limbs..i * limbs + self.limbs]
                .copy_from_slice(&self.words[i * self.limbs..(i + 1) * self.limbs]);
        }
        Limbs { limbs, words: out }
    }
}

impl Values for Limbs {
    fn new_like(like: &Limbs, slots: usize) -> Limbs {
        Limbs {
            limbs: like.limbs,
            words: vec![0; slots * like.limbs],
        }
    }
    #[inline(always)]
    fn set(&mut self, i: usize, from: &Limbs, j: usize) {
        let n = self.limbs;
        self.words[i * n..(i + 1) * n].copy_from_slice(&from.words[j * n..(j + 1) * n]);
    }
    #[inline(always)]
    fn add(&mut self, i: usize, from: &Limbs, j: usize) -> Result<(), Overflow> {
        let n = self.limbs;
        let to = &mut self.words[i * n..(i + 1) * n];
        let from = &from.words[j * n..(j + 1) * n];
        let mut carry = false;
        for (t, &f) in to.iter_mut().zip(from) {
            let (s, c1) = t.overflowing_add(f);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            *t = s;
            carry = c1 | c2;
        }
        if carry {
            Err(Overflow)
        } else {
            Ok(())
        }
    }
    fn count(&self, i: usize) -> Count {
        let n = self.limbs;
        let digits: Vec<u32> = (self.words[i * n..(i + 1) * n].iter())
            .flat_map(|&w| [w as u32, (w >> 32) as u32])
            .collect();
        Count::from_big(BigUint::new(digits))
    }
}

/// Keys to counts in open addressing; `2^bits` slots, at most half of them used.
pub(crate) struct Table<K: Key, V: Values> {
    pub(crate) keys: Vec<K>,
    pub(crate) values: V,
    pub(crate) len: usize,
    shift: u32,
}

/// The fewest slots of a table.
const MIN_BITS: u32 = 4;

impl<K: Key, V: Values> Table<K, V> {
    /// An empty table of `2^bits` slots whose counts are as wide as `like`'s.
    pub(crate) fn new_like(like: &V, bits: u32) -> Table<K, V> {
        let bits = bits.max(MIN_BITS);
        let slots = 1usize << bits;
        Table {
            keys: vec![K::EMPTY; slots],
            values: V::new_like(like, slots),
            len: 0,
            shift: 64 - bits,
        }
    }

    /// The table of these keys and counts (`keys[i]` empty or live).
    pub(crate) fn from_parts(keys: Vec<K>, values: V, len: usize) -> Table<K, V> {
        let bits = keys.len().trailing_zeros();
        Table {
            keys,
            values,
            len,
            shift: 64 - bits,
        }
    }

    /// log2 of the number of slots.
    pub(crate) fn bits(&self) -> u32 {
        64 - self.shift
    }

    /// Empties the table, keeping its size.
    pub(crate) fn clear(&mut self) {
        if self.len > 0 {
            self.keys.fill(K::EMPTY);
            self.len = 0;
        }
    }

    /// Adds `from[j]` to the count of `key`.
    #[inline(always)]
    pub(crate) fn add(&mut self, key: K, from: &V, j: usize) -> Result<(), Overflow> {
        if 2 * (self.len + 1) > self.keys.len() {
            self.grow();
        }
        let mask = self.keys.len() - 1;
        let mut i = key.slot(self.shift);
        loop {
            let k = self.keys[i];
            if k == key {
                return self.values.add(i, from, j);
            }
            if k == K::EMPTY {
                self.keys[i] = key;
                self.values.set(i, from, j);
                self.len += 1;
                return Ok(());
            }
            i = (i + 1) & mask;
        }
    }

    /// The slot of `key`, if it is live.
    pub(crate) fn find(&self, key: K) -> Option<usize> {
        let mask = self.keys.len() - 1;
        let mut i = key.slot(self.shift);
        loop {
            let k = self.keys[i];
            if k == key {
                return Some(i);
            }
            if k == K::EMPTY {
                return None;
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the slots, moving every entry.
    #[cold]
    fn grow(&mut self) {
        let mut bigger = Table::<K, V>::new_like(&self.values, self.bits() + 1);
        for i in 0..self.keys.len() {
            let k = self.keys[i];
            if k != K::EMPTY {
                let mask = bigger.keys.len() - 1;
                let mut s = k.slot(bigger.shift);
                while bigger.keys[s] != K::EMPTY {
                    s = (s + 1) & mask;
                }
                bigger.keys[s] = k;
                bigger.values.set(s, &self.values, i);
            }
        }
        bigger.len = self.len;
        *self = bigger;
    }
}
