//! What restarts need (Luby, Sinclair and Zuckerman, "Optimal speedup of Las Vegas
//! algorithms", 1993, as SAT solvers use it): a seeded random number generator, so that a
//! run with a seed always makes the same choices, and the Luby sequence of node budgets
//! 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ... times a unit, within a constant factor of the best
//! restart strategy for any distribution of run lengths.

/// The seed of a run that names none: a fixed one, so that output is deterministic.
pub const DEFAULT_SEED: u64 = 0x5EED;

/// The node budget of the shortest attempts of a search for first solutions (the Luby
/// sequence's unit), by default.
pub const RESTART_UNIT: u64 = 1 << 14;

/// A small seeded generator (SplitMix64, Steele, Lea and Flood 2014): fast, every seed
/// good, and the same numbers on every platform.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// The generator of `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n >= 1`), by Lemire's multiply-shift (its bias, below
    /// `n / 2^64`, does not matter for tie-breaking).
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// Shuffles `items` in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }

    /// A random permutation of `0..n`.
    pub fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut p: Vec<usize> = (0..n).collect();
        self.shuffle(&mut p);
        p
    }
}

/// The `i`-th term (from 1) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2,
/// 4, 8, ...: `2^(k-1)` if `i = 2^k - 1`, else the term at `i - 2^(k-1) + 1` for the
/// `k` with `2^(k-1) <= i < 2^k - 1`.
pub fn luby(mut i: u64) -> u64 {
    debug_assert!(i >= 1);
    loop {
        let k = 64 - i.leading_zeros(); // 2^(k-1) <= i < 2^k
        if i == (1u64 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

/// The node budgets of successive attempts: `unit` times the Luby sequence.
pub fn budgets(unit: u64) -> impl Iterator<Item = u64> {
    (1u64..).map(move |i| unit.saturating_mul(luby(i)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_luby_sequence_starts_as_published() {
        let terms: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
        assert_eq!(luby(31), 16);
        assert_eq!(luby(32), 1);
    }

    #[test]
    fn a_seed_makes_the_same_permutations_and_they_are_permutations() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        for n in [0, 1, 2, 10, 100] {
            let p = a.permutation(n);
            assert_eq!(p, b.permutation(n));
            let mut sorted = p.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..n).collect::<Vec<_>>());
        }
        assert_ne!(Rng::new(1).permutation(20), Rng::new(2).permutation(20));
    }
}
