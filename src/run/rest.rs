//! The share of a running task searched, by probing both sides of the path its search
//! is at. Below the task's root, every node on that path splits its children into those
//! before the path (searched), the one on it, and those after (not yet searched; at the
//! last level, the node about to be entered is among them). Knuth's estimate of each
//! side, level by level (a random child of the side probed, times the side's number of
//! children), weighs what is searched against what is left by the same measure. The
//! engine's own estimate (the stack positions read as a fraction) takes every subtree
//! of a level to be as large as the others, which it seldom is: a task whose first
//! branch holds most of its tree reads half done when that branch ends.
//!
//! A level's samples are kept while the path down to it stays the same, so the top
//! levels, which weigh most, gather samples as the search goes on below them.

use crate::cover::Subproblem;

use super::job::Tree;
use super::probe::{probe, Rng};

/// The estimates gathered at one level of the path.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    /// Sums of the estimates of the nodes before the path (searched) and after it.
    before: f64,
    after: f64,
    samples: u32,
}

/// The estimates of both sides of a running task's path, level by level from the
/// task's root.
#[derive(Clone, Debug, Default)]
pub(super) struct Sides {
    /// The path the levels were sampled at.
    path: Vec<u32>,
    levels: Vec<Level>,
}

impl Sides {
    /// Probes both sides of every level of `path` (where the search below `sub` is
    /// about to enter a node) once. Levels whose path down to them changed since the
    /// last sample start afresh. A path not below `sub`, or that the tree cannot
    /// follow, changes nothing.
    pub fn sample(&mut self, tree: &mut dyn Tree, sub: &Subproblem, path: &[u32], rng: &mut Rng) {
        let floor = sub.path.len();
        if path.len() <= floor || !path.starts_with(&sub.path) {
            return;
        }
        let keep = self.kept(path).saturating_sub(floor);
        self.levels.truncate(keep);
        self.levels.resize(path.len() - floor, Level::default());
        self.path = path.to_vec();
        for d in floor..path.len() {
            let parent = Subproblem {
                path: path[..d].to_vec(),
            };
            let Ok(children) = tree.split(&parent, 1) else {
                self.levels.clear();
                self.path.clear();
                return;
            };
            let last = d + 1 == path.len();
            let (before, after): (Vec<Subproblem>, Vec<Subproblem>) = (children.into_iter())
                .filter(|c| c.path.len() > d && (last || c.path[d] != path[d]))
                .partition(|c| c.path[d] < path[d]);
            let level = &mut self.levels[d - floor];
            level.before += side(tree, &before, rng);
            level.after += side(tree, &after, rng);
            level.samples += 1;
        }
    }

    /// How many levels of the sampled path (counted from the tree's root) keep their
    /// meaning on `path`: those on the common part of both paths, except a level that
    /// is the last on one path and not on the other (the last level counts the node
    /// about to be entered as not searched).
    fn kept(&self, path: &[u32]) -> usize {
        let common = (self.path.iter().zip(path))
            .take_while(|(a, b)| a == b)
            .count();
        if self.path.len() == path.len() {
            common
        } else {
            common.min(self.path.len().min(path.len()).saturating_sub(1))
        }
    }

    /// The estimated share of the task searched, if sampled: the nodes before the path
    /// and on it, over those and the nodes after it.
    pub fn within(&self) -> Option<f64> {
        if self.levels.is_empty() || self.levels.iter().any(|l| l.samples == 0) {
            return None;
        }
        let mean = |sum: f64, l: &Level| sum / f64::from(l.samples);
        // The nodes on the path above the last level: entered.
        let on = self.levels.len() as f64;
        let before: f64 = on + self.levels.iter().map(|l| mean(l.before, l)).sum::<f64>();
        let after: f64 = self.levels.iter().map(|l| mean(l.after, l)).sum();
        Some(before / (before + after))
    }
}

/// Sides sampled once, with `before` and `after` nodes beside a path of one level (for
/// tests).
#[cfg(test)]
pub(super) fn sampled(before: f64, after: f64) -> Sides {
    Sides {
        path: vec![0],
        levels: vec![Level {
            before,
            after,
            samples: 1,
        }],
    }
}

/// Knuth's estimate of the nodes below `side` (siblings): one of them probed, times
/// their number.
fn side(tree: &mut dyn Tree, side: &[Subproblem], rng: &mut Rng) -> f64 {
    if side.is_empty() {
        return 0.0;
    }
    let k = rng.below(side.len());
    side.len() as f64 * probe(tree, &side[k], rng)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cover::search::PathError;
    use crate::cover::{Outcome, Resume, Stats};
    use crate::run::job::Sink;

    /// A lopsided tree of full binary subtrees: the root's first child has a subtree of
    /// depth `deep`, its second one of depth 2. Every probe of a full binary tree is
    /// exact, so the sides' estimate is too.
    struct Lopsided {
        deep: usize,
    }

    impl Lopsided {
        fn children(&self, path: &[u32]) -> u32 {
            let depth = match path.first() {
                None => return 2,
                Some(0) => self.deep,
                Some(_) => 2,
            };
            if path.len() <= depth {
                2
            } else {
                0
            }
        }

        /// The nodes entered before the node at `path` in the search order, and all of
        /// them.
        fn before_and_total(&self, path: &[u32]) -> (u64, u64) {
            let (mut index, mut total) = (0, 0);
            self.walk(&mut Vec::new(), path, &mut index, &mut total);
            (index, total)
        }

        fn walk(&self, at: &mut Vec<u32>, target: &[u32], index: &mut u64, total: &mut u64) {
            if at.as_slice() == target {
                *index = *total;
            }
            *total += 1;
            for c in 0..self.children(at) {
                at.push(c);
                self.walk(at, target, index, total);
                at.pop();
            }
        }
    }

    impl Tree for Lopsided {
        fn split(&mut self, sub: &Subproblem, depth: usize) -> Result<Vec<Subproblem>, PathError> {
            assert_eq!(depth, 1, "the sides split one level at a time");
            Ok((0..self.children(&sub.path))
                .map(|c| {
                    let mut path = sub.path.clone();
                    path.push(c);
                    Subproblem { path }
                })
                .collect())
        }
        fn run_below(
            &mut self,
            _: &Subproblem,
            _: Option<&Resume>,
            _: &mut dyn Sink,
        ) -> Result<Outcome, PathError> {
            Ok(Outcome::Complete)
        }
        fn weight(&mut self, _: &Subproblem) -> f64 {
            0.0
        }
        fn stats(&self) -> Stats {
            Stats::default()
        }
        fn set_tick_interval(&mut self, _: u32) {}
    }

    #[test]
    fn the_sides_weigh_what_is_searched_against_what_is_left() {
        let mut tree = Lopsided { deep: 10 };
        let mut rng = Rng::new(1);
        let mut sides = Sides::default();
        let root = Subproblem::root();
        // Early in the deep branch, at its end, and in the shallow one (where the
        // stack positions would read half done).
        for path in [
            vec![0, 0, 1],
            vec![0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
            vec![1, 0],
        ] {
            sides.sample(&mut tree, &root, &path, &mut rng);
            let (before, total) = tree.before_and_total(&path);
            let truth = before as f64 / total as f64;
            let within = sides.within().expect("sampled");
            assert!(
                (within - truth).abs() < 1e-9,
                "{path:?}: {within} for {truth}"
            );
        }
    }

    #[test]
    fn levels_below_a_changed_position_start_afresh() {
        let mut sides = Sides {
            path: vec![0, 3, 1],
            levels: Vec::new(),
        };
        assert_eq!(sides.kept(&[0, 3, 1]), 3);
        assert_eq!(sides.kept(&[0, 3, 2]), 2);
        assert_eq!(sides.kept(&[0, 4, 1]), 1);
        // The old last level now has a node below it on the path, or the other way.
        assert_eq!(sides.kept(&[0, 3, 1, 0]), 2);
        assert_eq!(sides.kept(&[0, 3]), 1);
        sides.path.clear();
        assert_eq!(sides.kept(&[0]), 0);
    }

    #[test]
    fn a_path_not_below_the_task_is_not_sampled() {
        let mut tree = Lopsided { deep: 4 };
        let mut rng = Rng::new(1);
        let mut sides = Sides::default();
        let task = Subproblem { path: vec![1] };
        sides.sample(&mut tree, &task, &[0, 1], &mut rng);
        sides.sample(&mut tree, &task, &[1], &mut rng);
        assert_eq!(sides.within(), None);
    }
}
