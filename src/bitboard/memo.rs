//! The transposition table of a counting search. A node's state is the set of filled
//! squares and the copies left of each piece; the number of tilings below a node depends
//! on nothing else, so two nodes reached by different choices (pieces that tile the same
//! region in two ways, or the same pieces in another order) have the same count. When
//! only the number of solutions matters, the engine looks each node up here first and
//! records the count of each subtree it finishes. With dominoes this becomes the classic
//! broken-profile count: the states are far fewer than the nodes. The engine files a
//! state and its mirror image under one of the two when the pieces left allow it
//! ([`super::mirror`]).
//!
//! The table is an array of two-slot buckets indexed by a hash of the state. The first
//! slot keeps the larger of the subtrees that met there, the second takes every
//! newcomer. Slots hold the whole state, so a hit is never a collision. The array starts
//! small and grows four times larger at a time (see [`Memo::put`]), so small searches
//! never touch a large one. A count too large for a slot's bits is kept in a side
//! array of `u128`s that the slot points to, so every count is recorded, however large.

use super::word::{Key, Word, FIBONACCI, MAX_PIECES};

/// The copies left of every piece (at most [`MAX_PIECES`]) as one number: a mixed-radix numeral
/// whose digit for piece `p` is its copies left, in base `copies[p] + 1` (with one copy
/// each, the set of pieces left as bits).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signature {
    /// The value of one copy of each piece.
    pub weight: [u64; MAX_PIECES],
    /// The numeral with every copy left (0 only for [`Signature::NONE`]).
    pub full: u64,
}

impl Signature {
    /// No signature: every weight 0 (a search without a memo).
    pub const NONE: Signature = Signature {
        weight: [0; MAX_PIECES],
        full: 0,
    };

    /// The signature for pieces with `copies`, or `None` if it does not fit 64 bits (or
    /// there are more than [`MAX_PIECES`] pieces, or none).
    pub fn new(copies: &[u32]) -> Option<Signature> {
        if copies.len() > MAX_PIECES {
            return None;
        }
        let mut weight = [0; MAX_PIECES];
        // The value of the next digit (`None` once past 64 bits).
        let (mut place, mut full) = (Some(1u64), 0u64);
        for (w, &c) in weight.iter_mut().zip(copies) {
            *w = place?;
            full = full.checked_add(place?.checked_mul(u64::from(c))?)?;
            place = place?.checked_mul(u64::from(c) + 1);
        }
        (full > 0).then_some(Signature { weight, full })
    }
}

/// One slot: a state (its filled squares as [`Word::key`] gives them, and its
/// signature), and its count (`COUNT_BITS` bits, 0 for an empty slot: the count plus
/// one below [`BIG`], else [`BIG`] plus its place in [`Memo::big`]) with the size of the
/// subtree's node count in bits above it. With one or two words of squares
/// a slot is four words, and a bucket of two a cache line.
#[derive(Copy, Clone, Default)]
#[repr(C)]
struct Slot<K> {
    filled: K,
    left: u64,
    count: u64,
}

/// `n` empty slots, written here rather than taken as the allocator's zeroed pages. A
/// zeroed page is first mapped to the kernel's shared zero page; the look-up reads it,
/// and the first record written there then copies it, which flushes that page from every
/// CPU running the process: an interrupt to the other thread's CPU for each of the
/// table's pages (on 6x10 with two threads, 3% of the CPU time). The empty slot is
/// opaque to the compiler so that `resize` stays writes (`vec![0; n]` would ask for
/// zeroed pages).
fn blank<K: Key>(n: usize) -> Vec<Slot<K>> {
    let mut v = Vec::with_capacity(n);
    v.resize(n, std::hint::black_box(Slot::default()));
    v
}

/// A slot's last word: the count plus one in its low `COUNT_BITS` bits, the size of the
/// subtree's node count above.
const COUNT_BITS: u32 = 48;

/// The count bits of a slot.
const COUNT_MASK: u64 = (1 << COUNT_BITS) - 1;

/// Count bits at or above this name a place in [`Memo::big`]; below it they are the
/// count plus one.
const BIG: u64 = 1 << (COUNT_BITS - 1);

/// A table starts with at most `2^FIRST_BITS` slots ...
const FIRST_BITS: u32 = 10;

/// ... and grows to at most `2^MAX_BITS`.
const MAX_BITS: u32 = 40;

/// The table (one per engine, so per thread), of [`Slot`]s in buckets of two.
pub struct Memo<M: Word> {
    slots: Vec<Slot<M::Key>>,
    shift: u32,
    /// The table grows (4 times larger) after twice as many records as slots, up to
    /// `2^max_bits` slots: small searches never pay for touching a large table.
    puts: u64,
    max_bits: u32,
    /// Subtrees of fewer nodes than this are not recorded.
    min_nodes: u64,
    /// The counts of [`BIG`] − 1 or more, which slots point to. Counts of slots written
    /// over stay until [`Memo::compact`].
    big: Vec<u128>,
}

impl<M: Word> Memo<M> {
    /// A table that starts with at most `2^FIRST_BITS` slots and grows to
    /// `2^max_bits` (`max_bits` from 1 to `MAX_BITS`).
    pub fn new(max_bits: u32, min_nodes: u64) -> Memo<M> {
        let max_bits = max_bits.clamp(1, MAX_BITS);
        let bits = max_bits.min(FIRST_BITS);
        Memo {
            slots: blank(1 << bits),
            shift: u64::BITS - bits,
            puts: 0,
            max_bits,
            min_nodes,
            big: Vec::new(),
        }
    }

    /// The table has `2^bits` slots.
    #[inline(always)]
    fn bits(&self) -> u32 {
        u64::BITS - self.shift
    }

    /// Moves every record into a table 4 times larger (at most `2^max_bits`).
    #[cold]
    fn grow(&mut self) {
        let bits = (self.bits() + 2).min(self.max_bits);
        let old = std::mem::replace(&mut self.slots, blank(1 << bits));
        self.shift = u64::BITS - bits;
        self.puts = 0;
        // Second slots first, so that each bucket's first slot stays the larger.
        for s in old.iter().skip(1).step_by(2).chain(old.iter().step_by(2)) {
            if s.count != 0 {
                let i = self.bucket_of(&s.filled, s.left);
                self.insert(i, *s);
            }
        }
    }

    /// The first slot of the bucket of the state (`filled`, `left`).
    #[inline(always)]
    fn bucket_of(&self, filled: &M::Key, left: u64) -> usize {
        let (lo, hi) = filled.words();
        let h = (lo ^ hi.rotate_left(17) ^ left.rotate_left(41)).wrapping_mul(FIBONACCI);
        (h >> self.shift) as usize & !1
    }

    /// The number of solutions below the state, if recorded.
    #[inline(always)]
    pub fn get(&self, filled: M, left: u64) -> Option<u128> {
        let key = filled.key();
        let i = self.bucket_of(&key, left);
        self.slots[i..i + 2]
            .iter()
            .find(|s| s.count != 0 && s.filled == key && s.left == left)
            .map(|s| match s.count & COUNT_MASK {
                v if v < BIG => u128::from(v - 1),
                v => self.big[(v - BIG) as usize],
            })
    }

    /// Records that the search found `count` solutions in `nodes` nodes below the state.
    #[inline(always)]
    pub fn put(&mut self, filled: M, left: u64, count: u128, nodes: u64) {
        if nodes < self.min_nodes {
            return;
        }
        let bits = match u64::try_from(count) {
            Ok(small) if small < BIG - 1 => small + 1,
            _ => self.keep_big(count),
        };
        self.puts += 1;
        if self.puts >= 2 * self.slots.len() as u64 && self.bits() < self.max_bits {
            self.grow();
        }
        let key = filled.key();
        let i = self.bucket_of(&key, left);
        let size = u64::from(u64::BITS - nodes.leading_zeros());
        self.insert(
            i,
            Slot {
                filled: key,
                left,
                count: bits | size << COUNT_BITS,
            },
        );
    }

    /// The count bits of a slot for `count`, kept in [`Memo::big`].
    #[cold]
    fn keep_big(&mut self, count: u128) -> u64 {
        if self.big.len() >= self.slots.len().max(1 << FIRST_BITS) {
            self.compact();
        }
        self.big.push(count);
        BIG + (self.big.len() - 1) as u64
    }

    /// Drops the big counts no slot points to any more.
    #[cold]
    fn compact(&mut self) {
        let old = std::mem::take(&mut self.big);
        for s in &mut self.slots {
            let v = s.count & COUNT_MASK;
            if s.count != 0 && v >= BIG {
                self.big.push(old[(v - BIG) as usize]);
                s.count = s.count & !COUNT_MASK | (BIG + (self.big.len() - 1) as u64);
            }
        }
    }

    /// Puts `slot` in the bucket at `i`.
    #[inline(always)]
    fn insert(&mut self, i: usize, slot: Slot<M::Key>) {
        let first = self.slots[i];
        if first.count == 0 || first.count >> COUNT_BITS <= slot.count >> COUNT_BITS {
            self.slots[i + 1] = first;
            self.slots[i] = slot;
        } else {
            self.slots[i + 1] = slot;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_are_mixed_radix_numerals() {
        let s = Signature::new(&[1, 3, 1]).unwrap();
        assert_eq!(s.weight[..4], [1, 2, 8, 0]);
        assert_eq!(s.full, 1 + 3 * 2 + 8);
        let ones = Signature::new(&[1; 64]).unwrap();
        assert_eq!(ones.full, u64::MAX);
        assert_eq!(Signature::new(&[1; 65]), None);
        assert_eq!(Signature::new(&[u32::MAX, u32::MAX, u32::MAX]), None);
    }

    #[test]
    fn counts_of_any_size_are_recorded_and_survive_growth_and_compaction() {
        let mut m = Memo::<u64>::new(14, 2);
        let big = |k: u64| u128::MAX - u128::from(k);
        for k in 0..20_000u64 {
            m.put(k, 1, big(k), 9);
            m.put(k, 2, u128::from(BIG - 2 + k % 3), 9);
        }
        let (mut hits, mut small) = (0, 0);
        for k in 0..20_000u64 {
            if let Some(c) = m.get(k, 1) {
                assert_eq!(c, big(k));
                hits += 1;
            }
            if let Some(c) = m.get(k, 2) {
                assert_eq!(c, u128::from(BIG - 2 + k % 3));
                small += 1;
            }
        }
        assert!(hits > 1000 && small > 1000, "{hits} {small}");
        assert!(m.big.len() <= 2 * m.slots.len());
    }

    #[test]
    fn the_table_returns_what_was_put_and_nothing_else() {
        let mut m = Memo::<u128>::new(12, 2);
        assert_eq!(m.get(5, 7), None);
        m.put(5, 7, 0, 2);
        assert_eq!(m.get(5, 7), Some(0));
        assert_eq!(m.get(5, 6), None);
        assert_eq!(m.get(5 | 1 << 100, 7), None);
        m.put(1 << 100, 7, 42, 9);
        assert_eq!(m.get(1 << 100, 7), Some(42));
        // Too small a subtree is not recorded.
        m.put(9, 9, 1, 1);
        assert_eq!(m.get(9, 9), None);
        // Many states in a small table: whatever is found is right. The table grows
        // from 2^10 slots to 2^12 (the most it may) after 2^11 records.
        assert_eq!(m.slots.len(), 1 << 10);
        for k in 0..5000u128 {
            m.put(k << 3, k as u64, k * 3, 2 + k as u64 % 50);
        }
        assert_eq!(m.slots.len(), 1 << 12);
        let mut found = 0;
        for k in 0..5000u128 {
            if let Some(c) = m.get(k << 3, k as u64) {
                assert_eq!(c, k * 3);
                found += 1;
            }
        }
        assert!(found > 2000, "{found}");
    }
}
