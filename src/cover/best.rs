//! The cheapest solutions of a problem whose options have costs (Knuth's DLX5): branch
//! and bound on the DLX1 table, the `k` best kept, cheapest first.
//!
//! The search runs on a copy of the problem whose options are laid out by increasing
//! cost, so that each item's list starts with its cheapest option, which the bound of
//! `bound.rs` reads; solutions are reported in the caller's option numbers. (Knuth's
//! taxes, moving each exact item's cheapest cost into a fixed base, were tried with this
//! bound: on the target Sudoku in cost form they made the tree 1.2 to 2.7 times larger,
//! because they empty the family's cheapest options.)
//!
//! The threshold (the `k`-th best cost so far) is one atomic shared by every worker:
//! with `threads > 1` the tree is split into subproblems that workers take in order,
//! each pruning with the best that any of them has found. The `k` solutions reported
//! are `k` cheapest ones; among solutions of equal cost, which ones are kept may depend
//! on the order in which the workers find them.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use super::bound::{family, Priced};
use super::problem::{OptionId, Problem};
use super::search::{Search, Stats, Visit, Visitor};
use super::split::Subproblem;

/// A solution and what it costs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scored {
    /// The chosen options, in the order the search chose them.
    pub options: Vec<OptionId>,
    /// The sum of their costs.
    pub cost: u64,
}

/// What a minimisation found.
#[derive(Clone, Debug, Default)]
pub struct BestOf {
    /// Up to `k` cheapest solutions, cheapest first (ties in order of their sorted
    /// option numbers).
    pub solutions: Vec<Scored>,
    /// The counters of every search run (`solutions` counts the solutions the search
    /// reached, not only the kept ones).
    pub stats: Stats,
    /// False if the search was stopped before it finished: cheaper solutions may exist.
    pub complete: bool,
}

/// A search for the `k` cheapest solutions of a problem with costs.
///
/// ```
/// use polyx::cover::{Best, Problem};
///
/// // Cover a and b: {a, b} costs 5, {a} and {b} cost 1 and 2.
/// let mut problem = Problem::new();
/// let [a, b] = ["a", "b"].map(|n| problem.add_primary(n));
/// let ab = problem.add_option(&[a, b]).unwrap();
/// let oa = problem.add_option(&[a]).unwrap();
/// let ob = problem.add_option(&[b]).unwrap();
/// problem.set_cost(ab, 5);
/// problem.set_cost(oa, 1);
/// problem.set_cost(ob, 2);
/// let best = Best::new(&problem, 2).run();
/// let costs: Vec<u64> = best.solutions.iter().map(|s| s.cost).collect();
/// assert_eq!(costs, [3, 5]);
/// ```
pub struct Best<'p> {
    problem: &'p Problem,
    k: usize,
    threads: usize,
    stop: Option<&'p AtomicBool>,
}

impl<'p> Best<'p> {
    /// The `k` cheapest solutions of `problem` (options without a cost cost 0).
    pub fn new(problem: &'p Problem, k: usize) -> Best<'p> {
        Best {
            problem,
            k,
            threads: 1,
            stop: None,
        }
    }

    /// Stops the search soon after `stop` is set (checked every 4096 nodes); the
    /// solutions kept so far are then reported, and [`BestOf::complete`] is false.
    pub fn stop_when(mut self, stop: &'p AtomicBool) -> Best<'p> {
        self.stop = Some(stop);
        self
    }

    /// Searches with `threads` workers (at least 1) sharing the threshold.
    pub fn threads(mut self, threads: usize) -> Best<'p> {
        self.threads = threads.max(1);
        self
    }

    /// Runs the search.
    pub fn run(&self) -> BestOf {
        if self.k == 0 {
            return BestOf::default();
        }
        let sorted = Sorted::new(self.problem);
        let keep = Keep {
            k: self.k,
            kept: Mutex::new(Vec::new()),
            threshold: Arc::new(AtomicU64::new(u64::MAX)),
            order: &sorted.order,
            problem: self.problem,
            stop: self.stop,
        };
        let stats = if self.threads == 1 {
            let mut search = keep.search(&sorted);
            search.run(&mut Offer(&keep));
            search.stats()
        } else {
            self.parallel(&sorted, &keep)
        };
        let complete = !keep.stopped();
        let mut solutions = keep.kept.into_inner().expect("no worker panicked");
        solutions.sort_by_cached_key(|s| (s.cost, sorted_ids(&s.options)));
        BestOf {
            solutions,
            stats,
            complete,
        }
    }

    /// The search split into subproblems that `self.threads` workers take in order.
    fn parallel(&self, sorted: &Sorted, keep: &Keep<'_>) -> Stats {
        let subs = split(&mut keep.search(sorted), 16 * self.threads);
        let next = AtomicUsize::new(0);
        let mut stats = Stats::default();
        std::thread::scope(|scope| {
            let workers: Vec<_> = (0..self.threads)
                .map(|_| {
                    scope.spawn(|| {
                        let mut search = keep.search(sorted);
                        while !keep.stopped() {
                            let k = next.fetch_add(1, Ordering::Relaxed);
                            let Some(sub) = subs.get(k) else { break };
                            // A path the bound now prunes no longer replays: nothing
                            // cheaper lies below it.
                            let _ = search.run_from(sub, None, &mut Offer(keep));
                        }
                        search.stats()
                    })
                })
                .collect();
            for w in workers {
                stats += w.join().expect("a worker panicked");
            }
        });
        stats
    }
}

/// The subproblems of the shallowest split (depth 1 to 6) that has at least `want`.
fn split(search: &mut Search<Priced>, want: usize) -> Vec<Subproblem> {
    let mut subs = vec![Subproblem::root()];
    for depth in 1..=6 {
        subs = search
            .split(&Subproblem::root(), depth)
            .expect("the root fits");
        if subs.len() >= want {
            break;
        }
    }
    subs
}

/// The visitor of a search: offers each solution, stops at a tick once asked to.
struct Offer<'k, 'a>(&'k Keep<'a>);

impl Visitor for Offer<'_, '_> {
    fn solution(&mut self, visit: &Visit<'_>) -> ControlFlow<()> {
        self.0.offer(visit)
    }

    fn tick(&mut self, _visit: &Visit<'_>) -> ControlFlow<()> {
        if self.0.stopped() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

/// A solution's option numbers, sorted.
fn sorted_ids(options: &[OptionId]) -> Vec<u32> {
    let mut ids: Vec<u32> = options.iter().map(|o| o.0).collect();
    ids.sort_unstable();
    ids
}

/// The problem the search runs on: the caller's, its options by increasing cost, and
/// the family of its bound.
struct Sorted {
    problem: Problem,
    /// Per item, true for the family of the bound.
    family: Vec<bool>,
    /// Per option of `problem`, the caller's option.
    order: Vec<OptionId>,
}

impl Sorted {
    fn new(original: &Problem) -> Sorted {
        let cost: Vec<u64> = original.options().map(|o| original.cost(o)).collect();
        let family = family(original, &cost);
        let mut order: Vec<OptionId> = original.options().collect();
        order.sort_by_key(|&o| cost[o.index()]);
        let mut problem = Problem::new();
        for item in original.items() {
            let (name, b) = (original.name(item), original.bounds(item));
            let added = if original.is_primary(item) {
                problem.add_item(name, b.min, b.max)
            } else {
                problem.add_secondary_at_most(name, b.max)
            };
            added.expect("the caller's bounds are valid");
        }
        for &o in &order {
            let items: Vec<_> = original.colored_option(o).collect();
            let new = problem
                .add_colored_option(&items)
                .expect("the caller's options are valid");
            problem.set_cost(new, cost[o.index()]);
        }
        Sorted {
            problem,
            family,
            order,
        }
    }
}

/// The `k` best solutions so far, and the threshold the searches prune with.
struct Keep<'a> {
    k: usize,
    kept: Mutex<Vec<Scored>>,
    /// The `k`-th best cost found.
    threshold: Arc<AtomicU64>,
    order: &'a [OptionId],
    problem: &'a Problem,
    stop: Option<&'a AtomicBool>,
}

impl Keep<'_> {
    /// A search on `sorted` that prunes with the shared threshold.
    fn search(&self, sorted: &Sorted) -> Search<Priced> {
        Search::priced(&sorted.problem, &sorted.family, self.threshold.clone())
    }

    /// True once the caller asked the search to stop.
    fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// Takes the solution `visit` holds if it is among the `k` best so far.
    fn offer(&self, visit: &Visit<'_>) -> ControlFlow<()> {
        let options: Vec<OptionId> = (visit.options().iter())
            .map(|o| self.order[o.index()])
            .collect();
        let cost = (options.iter())
            .map(|&o| self.problem.cost(o))
            .fold(0u64, u64::saturating_add);
        let mut kept = self.kept.lock().expect("no worker panicked");
        if kept.len() == self.k && cost >= kept.last().map_or(u64::MAX, |s| s.cost) {
            return ControlFlow::Continue(());
        }
        let at = kept.partition_point(|s| s.cost <= cost);
        kept.insert(at, Scored { options, cost });
        kept.truncate(self.k);
        if kept.len() == self.k {
            let worst = kept.last().expect("k >= 1").cost;
            self.threshold.fetch_min(worst, Ordering::Relaxed);
        }
        ControlFlow::Continue(())
    }
}
