//! Counting exact covers, as fast as the problem allows: [`Tally`]. It looks for
//! symmetries of the problem ([`super::automorphism`]); where they fix a primary item
//! covered exactly once, every exact cover uses one of that item's options, and
//! symmetric options lie in as many exact covers, so the count keeps one option of each
//! orbit and weighs each exact cover found by the size of its option's orbit. What
//! remains is the plain search ([`AnySearch`]), on one thread or several (the tree split
//! at its top levels into subtrees that the threads take in turn).
//!
//! The search for symmetries is capped at a budget of work proportional to the problem's
//! size, so problems without symmetry pay little for it: on the 6×10 pentomino matrix
//! (`polyx show 6x10 --dlx`) it finds the rectangle's 4 symmetries, keeps 8 of the X
//! pentomino's 32 options, and the count visits 909,153 nodes instead of 3,637,261.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use crate::count::Count;

use super::automorphism::{generators, Automorphism};
use super::pick::AnySearch;
use super::problem::Problem;
use super::search::{Stats, Visit, Visitor};
use super::split::Subproblem;

/// Subtrees per thread that a parallel count aims at.
const SUBTREES_PER_THREAD: usize = 32;

/// The deepest split a parallel count makes.
const MAX_SPLIT_DEPTH: usize = 8;

/// Nodes between two looks at the stop flag (log 2).
const STOP_CHECK_LOG2: u32 = 12;

/// The search for symmetries may run this many rounds of refinement (the pentomino
/// rectangles, the 8×8 board with a hole, N-queens and Sudoku take 23 to 61)...
const SYMMETRY_ROUNDS: u64 = 200;

/// ... and refine at most this many incidences in all (about half a second).
const MAX_SYMMETRY_WORK: u64 = 20_000_000;

/// A count of the exact covers of a problem, to be run.
///
/// ```
/// use polyx::cover::{Problem, Tally};
///
/// let mut problem = Problem::new();
/// let [a, b, c] = ["a", "b", "c"].map(|n| problem.add_primary(n));
/// for option in [&[a, b][..], &[c], &[a], &[b, c], &[a, b, c]] {
///     problem.add_option(option).unwrap();
/// }
/// let tally = Tally::new(&problem).threads(2).run();
/// assert_eq!(tally.count, 3);
/// assert!(tally.complete);
/// ```
pub struct Tally<'p> {
    problem: &'p Problem,
    threads: usize,
    stop: Option<&'p AtomicBool>,
    symmetry: bool,
}

/// What a [`Tally`] found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tallied {
    /// Exact covers counted (all of them when `complete`), exactly however many.
    pub count: Count,
    /// Nodes entered and solutions met by the search (on the reduced problem when
    /// `symmetries` > 1).
    pub stats: Stats,
    /// False when the stop flag ended the count early.
    pub complete: bool,
    /// The size of the largest orbit of options the symmetries made (1: none used).
    pub symmetries: u64,
    /// The table the search ran on: `"bits"` or `"dlx"` (see [`AnySearch`]).
    pub engine: &'static str,
}

impl<'p> Tally<'p> {
    /// A count of `problem`'s exact covers on one thread, using its symmetries.
    pub fn new(problem: &'p Problem) -> Tally<'p> {
        Tally {
            problem,
            threads: 1,
            stop: None,
            symmetry: true,
        }
    }

    /// Counts on `n` threads (at least 1).
    pub fn threads(mut self, n: usize) -> Tally<'p> {
        self.threads = n.max(1);
        self
    }

    /// Stops (with `complete` false and a partial count) soon after `flag` is set.
    pub fn stop_when(mut self, flag: &'p AtomicBool) -> Tally<'p> {
        self.stop = Some(flag);
        self
    }

    /// Whether to look for symmetries (on by default); without, the count is the
    /// plain search's.
    pub fn symmetry(mut self, on: bool) -> Tally<'p> {
        self.symmetry = on;
        self
    }

    /// Runs the count.
    pub fn run(self) -> Tallied {
        let never = AtomicBool::new(false);
        let stop = self.stop.unwrap_or(&never);
        match self.symmetry.then(|| Reduced::new(self.problem)).flatten() {
            Some(reduced) => {
                let mut t = self.count(&reduced.problem, &reduced.weight, stop);
                t.symmetries = reduced.order;
                t
            }
            None => self.count(self.problem, &[], stop),
        }
    }

    /// The exact covers of `problem`, each weighed by the `weight` of the option of it
    /// that has one (1 if none has), on the plain search, its tree split into subtrees
    /// for the threads.
    fn count(&self, problem: &Problem, weight: &[u64], stop: &AtomicBool) -> Tallied {
        let mut search = AnySearch::new(problem);
        let engine = search.engine_name();
        let mut subtrees = vec![Subproblem::root()];
        // Nodes that splits other than the last one counted (the last one's are the
        // nodes above its subtrees).
        let mut recounted = 0;
        if self.threads > 1 {
            let mut last = 0;
            for depth in 1..=MAX_SPLIT_DEPTH {
                let before = search.stats().nodes;
                subtrees = search
                    .split(&Subproblem::root(), depth)
                    .expect("the root names a node");
                recounted += last;
                last = search.stats().nodes - before;
                if subtrees.len() >= self.threads * SUBTREES_PER_THREAD {
                    break;
                }
            }
        }
        let next = AtomicUsize::new(0);
        let count = Mutex::new(Count::ZERO);
        let nodes = AtomicU64::new(0);
        let updates = AtomicU64::new(0);
        let solutions = AtomicU64::new(0);
        let work = |search: &mut AnySearch| {
            let mut visitor = Solutions {
                found: 0,
                solutions: 0,
                weight,
                stop,
            };
            search.set_tick_interval(STOP_CHECK_LOG2);
            loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                if k >= subtrees.len() || stop.load(Ordering::Relaxed) {
                    break;
                }
                search
                    .run_from(&subtrees[k], None, &mut visitor)
                    .expect("a subtree of the split names a node");
            }
            *count.lock().unwrap_or_else(PoisonError::into_inner) += visitor.found;
            solutions.fetch_add(visitor.solutions, Ordering::Relaxed);
            let stats = search.stats();
            nodes.fetch_add(stats.nodes, Ordering::Relaxed);
            updates.fetch_add(stats.updates, Ordering::Relaxed);
        };
        std::thread::scope(|s| {
            for _ in 1..self.threads {
                s.spawn(|| work(&mut AnySearch::new(problem)));
            }
            work(&mut search);
        });
        Tallied {
            count: count.into_inner().unwrap_or_else(PoisonError::into_inner),
            stats: Stats {
                nodes: nodes.into_inner() - recounted,
                updates: updates.into_inner(),
                solutions: u128::from(solutions.into_inner()),
            },
            complete: !stop.load(Ordering::Relaxed),
            symmetries: 1,
            engine,
        }
    }
}

/// Adds up the weights of the solutions, and stops the search at a tick once the flag
/// is set.
struct Solutions<'s> {
    found: u128,
    solutions: u64,
    weight: &'s [u64],
    stop: &'s AtomicBool,
}

impl Visitor for Solutions<'_> {
    fn solution(&mut self, visit: &Visit<'_>) -> ControlFlow<()> {
        self.solutions += 1;
        self.found += if self.weight.is_empty() {
            1
        } else {
            (visit.options().iter())
                .map(|o| u128::from(self.weight[o.index()]))
                .max()
                .unwrap_or(1)
        };
        ControlFlow::Continue(())
    }

    fn tick(&mut self, _: &Visit<'_>) -> ControlFlow<()> {
        if self.stop.load(Ordering::Relaxed) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

/// A problem cut down by symmetries: one option of each orbit of an item's options.
struct Reduced {
    /// The problem with the other options of the item left out.
    problem: Problem,
    /// Per option of `problem`, the size of its orbit if it is one of the item's, else 1.
    weight: Vec<u64>,
    /// The size of the largest orbit of the item's options.
    order: u64,
}

impl Reduced {
    /// The reduction of `problem` by the symmetries found in it, or `None` if none
    /// fixes an item that is covered exactly once while moving its options.
    fn new(problem: &Problem) -> Option<Reduced> {
        if problem.has_colors() || problem.option_count() < 2 {
            return None;
        }
        let incidences: u64 = problem
            .options()
            .map(|o| problem.option(o).len() as u64)
            .sum();
        let work = (SYMMETRY_ROUNDS * 2 * (incidences + 1)).min(MAX_SYMMETRY_WORK);
        let gens = generators(problem, work);
        if gens.is_empty() {
            return None;
        }
        let orbit = option_orbits(&gens, problem.option_count());
        let mut options_of: Vec<Vec<u32>> = vec![Vec::new(); problem.item_count()];
        for o in problem.options() {
            for i in problem.option(o) {
                options_of[i.index()].push(o.index() as u32);
            }
        }
        // The item fixed by every generator whose options fall into the fewest orbits
        // per option.
        let (item, _) = (problem.items())
            .filter(|&i| {
                problem.is_primary(i)
                    && problem.bounds(i).min == 1
                    && problem.bounds(i).max == 1
                    && gens.iter().all(|g| g.items[i.index()] == i.index() as u32)
            })
            .filter_map(|i| {
                let options = &options_of[i.index()];
                let mut roots: Vec<u32> = options.iter().map(|&o| orbit[o as usize]).collect();
                roots.sort_unstable();
                roots.dedup();
                (roots.len() < options.len()).then(|| (i, roots.len() * 1000 / options.len()))
            })
            .min_by_key(|&(i, ratio)| (ratio, options_of[i.index()].len()))?;
        let mut size = vec![0u64; problem.option_count()];
        for &r in &orbit {
            size[r as usize] += 1;
        }
        let mut reduced = Problem::new();
        for i in problem.items() {
            let b = problem.bounds(i);
            let name = problem.name(i).to_string();
            let id = if problem.is_primary(i) {
                reduced.add_item(name, b.min, b.max)
            } else if problem.is_plain_secondary(i) {
                Ok(reduced.add_secondary(name))
            } else {
                reduced.add_secondary_at_most(name, b.max)
            };
            debug_assert_eq!(id.ok(), Some(i));
        }
        let mut weight = Vec::new();
        let mut order = 1;
        for o in problem.options() {
            let items = problem.option(o);
            let weighed = if items.contains(&item) {
                if orbit[o.index()] != o.index() as u32 {
                    continue;
                }
                order = order.max(size[o.index()]);
                size[o.index()]
            } else {
                1
            };
            reduced
                .add_option(items)
                .expect("the options of a problem are valid");
            weight.push(weighed);
        }
        Some(Reduced {
            problem: reduced,
            weight,
            order,
        })
    }
}

/// For each option, the smallest option of its orbit under the group `gens` generate.
fn option_orbits(gens: &[Automorphism], options: usize) -> Vec<u32> {
    let mut root: Vec<u32> = (0..options as u32).collect();
    fn find(root: &mut [u32], mut o: u32) -> u32 {
        while root[o as usize] != o {
            root[o as usize] = root[root[o as usize] as usize];
            o = root[o as usize];
        }
        o
    }
    for g in gens {
        for (o, &image) in g.options.iter().enumerate() {
            let (a, b) = (find(&mut root, o as u32), find(&mut root, image));
            let (lo, hi) = (a.min(b), a.max(b));
            root[hi as usize] = lo;
        }
    }
    (0..options as u32).map(|o| find(&mut root, o)).collect()
}
