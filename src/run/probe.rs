//! Knuth's estimate of the size of a subtree (D. E. Knuth, "Estimating the efficiency
//! of backtrack programs", Math. Comp. 29, 1975): walk down from its root, choosing a
//! child at random at each level; the sum over the levels of the product of the
//! numbers of children met on the way is an unbiased estimate of the number of nodes
//! below the root. The walk goes through [`Tree::split`], so it works for any engine
//! and counts the nodes its search would enter.

use crate::cover::Subproblem;

use super::job::Tree;

/// A small deterministic random number generator (SplitMix64): the probes of a run are
/// the same on every machine.
#[derive(Clone, Debug)]
pub(super) struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
}

/// One random walk down from `sub`: Knuth's estimate of the number of nodes in the
/// subtree below it, `sub` itself counted. A path the tree cannot follow ends the walk.
pub(super) fn probe(tree: &mut dyn Tree, sub: &Subproblem, rng: &mut Rng) -> f64 {
    let mut at = sub.clone();
    let mut width = 1.0;
    let mut size = 1.0;
    loop {
        let Ok(mut children) = tree.split(&at, 1) else {
            return size;
        };
        // No child: a dead end; the node itself: a solution (a leaf).
        if children.is_empty() || children.len() == 1 && children[0] == at {
            return size;
        }
        width *= children.len() as f64;
        size += width;
        let k = rng.below(children.len());
        at = children.swap_remove(k);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_stays_in_range_and_reaches_every_value() {
        let mut rng = Rng::new(7);
        let mut seen = [0u32; 5];
        for _ in 0..1000 {
            seen[rng.below(5)] += 1;
        }
        assert!(seen.iter().all(|&n| n > 150), "{seen:?}");
    }
}
