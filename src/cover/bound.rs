//! The lower bound of a search for the cheapest solutions (Knuth's DLX5 problem, with a
//! bound of our own). A *family* is a set of primary items no two of which share an
//! option; an item of it that still needs `k` options will take `k` options of its own
//! list, each costing at least the cheapest one left there, and no option is counted
//! for two items of the family. So the cost still to come is at least
//! `Σ need(i) · cheapest(i)` over the family's items in the ring, and a node whose cost
//! so far plus that bound reaches the threshold (the k-th best cost found) holds no
//! better solution.
//!
//! Reading `cheapest(i)` costs one look at the head of `i`'s list: the caller lays out
//! the options by increasing cost ([`super::best`]), so every list is sorted, and
//! options hidden by the search are out of the lists. [`Priced`] is the DLX1 table with
//! this bookkeeping, a [`Table`] of its own so that searches without costs pay nothing
//! for it (`polyx dlx --count` on `queens_12.dlx`: 364.5 M instructions, 363.6 M before
//! costs existed).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use super::dlx::Dlx;
use super::problem::{ItemId, Problem};
use super::table::Table;
use super::visit::Level;

/// The costs of a node table and the bound that prunes with them.
#[derive(Clone, Debug)]
pub struct Bound {
    /// Per node, the cost of its option (0 for headers and spacers).
    pub node_cost: Vec<u64>,
    /// Per header, true for the items of the family.
    pub family: Vec<bool>,
    /// The cost of the options chosen so far.
    pub spent: u64,
    /// No solution of this cost or more is wanted (`u64::MAX`: any is). Shared by the
    /// searches of one minimisation, so that each prunes with the best any has found.
    pub threshold: Arc<AtomicU64>,
}

impl Bound {
    /// The bound of `problem`'s costs with `family` (per item), for a node table of
    /// `nodes` entries whose options start at `option_first` (each option's nodes run
    /// from its first node to the next spacer).
    pub fn new(problem: &Problem, option_first: &[u32], nodes: usize, family: &[bool]) -> Bound {
        let mut node_cost = vec![0u64; nodes];
        for option in problem.options() {
            let first = option_first[option.index()] as usize;
            let len = problem.option(option).len();
            node_cost[first..first + len].fill(problem.cost(option));
        }
        let mut by_header = vec![false; problem.item_count() + 1];
        by_header[1..].copy_from_slice(family);
        Bound {
            node_cost,
            family: by_header,
            spent: 0,
            threshold: Arc::new(AtomicU64::new(u64::MAX)),
        }
    }

    /// True if no solution below a node whose family still needs `rest` can cost less
    /// than the threshold.
    #[inline]
    pub fn hopeless(&self, rest: u64) -> bool {
        self.spent.saturating_add(rest) >= self.threshold.load(Ordering::Relaxed)
    }
}

/// A family for `problem` whose options cost `cost`: greedily, the primary items of
/// minimum at least 1 whose cheapest option costs most first, each taken unless one of
/// its options is already an option of a taken item.
pub fn family(problem: &Problem, cost: &[u64]) -> Vec<bool> {
    let mut lists: Vec<Vec<usize>> = vec![Vec::new(); problem.item_count()];
    for o in problem.options() {
        for &i in problem.option(o) {
            lists[i.index()].push(o.index());
        }
    }
    let cheapest = |i: ItemId| lists[i.index()].iter().map(|&o| cost[o]).min();
    let mut candidates: Vec<(u64, ItemId)> = (problem.items())
        .filter(|&i| problem.is_primary(i) && problem.bounds(i).min >= 1)
        .filter_map(|i| Some((cheapest(i)? * problem.bounds(i).min as u64, i)))
        .collect();
    candidates.sort_by_key(|&(value, i)| (std::cmp::Reverse(value), i));
    let mut claimed = vec![false; problem.option_count()];
    let mut family = vec![false; problem.item_count()];
    for (_, i) in candidates {
        let list = &lists[i.index()];
        if list.iter().all(|&o| !claimed[o]) {
            list.iter().for_each(|&o| claimed[o] = true);
            family[i.index()] = true;
        }
    }
    family
}

/// The DLX1 table of a search for the cheapest solutions: Knuth's table, the cost of
/// the options taken so far, and the bound that prunes with them. A table of its own, so
/// that searches without costs carry none of it.
pub struct Priced {
    dlx: Dlx,
    bound: Bound,
}

impl Priced {
    /// The table of `problem` with the bound of `family` against `threshold`.
    pub fn new(problem: &Problem, family: &[bool], threshold: Arc<AtomicU64>) -> Priced {
        let dlx = Dlx::new(problem);
        let mut bound = Bound::new(problem, &dlx.option_first, dlx.store.capacity(), family);
        bound.threshold = threshold;
        Priced { dlx, bound }
    }
}

impl Table for Priced {
    #[inline]
    fn solved(&self) -> bool {
        self.dlx.solved()
    }

    /// X3 with the bound: the item `Dlx` would choose, or `None` when some item can no
    /// longer be satisfied or no solution below can cost less than the threshold.
    fn choose(&self) -> Option<(u32, u32, bool)> {
        let (dlx, bound) = (&self.dlx, &self.bound);
        let mut best = 0;
        let mut best_degree = u32::MAX;
        let mut rest = 0u64;
        let mut i = dlx.rlink[0];
        while i != 0 {
            let len = dlx.len(i);
            let (need, degree) = if dlx.multiple[i as usize] {
                let need = dlx.need(i);
                if len < need {
                    return None;
                }
                (need, len - need + 1)
            } else {
                (1, len)
            };
            if bound.family[i as usize] && need > 0 && len > 0 {
                let cheapest = bound.node_cost[dlx.store.down(i) as usize];
                rest = rest.saturating_add(cheapest.saturating_mul(need as u64));
            }
            if degree < best_degree {
                best_degree = degree;
                best = i;
            }
            i = dlx.rlink[i as usize];
        }
        if best_degree == 0 || bound.hopeless(rest) {
            return None;
        }
        Some((best, best_degree, dlx.multiple[best as usize]))
    }

    fn begin(&mut self, item: u32, total: u32, multiple: bool) -> Level {
        self.dlx.begin(item, total, multiple)
    }

    fn apply(&mut self, level: &Level) {
        if level.x != level.item {
            self.bound.spent += self.bound.node_cost[level.x as usize];
        }
        self.dlx.apply(level);
    }

    fn unapply(&mut self, level: &Level) {
        self.dlx.unapply(level);
        if level.x != level.item {
            self.bound.spent -= self.bound.node_cost[level.x as usize];
        }
    }

    fn advance(&mut self, level: &mut Level, replay: bool) {
        self.dlx.advance(level, replay);
    }

    fn end(&mut self, level: &Level) {
        self.dlx.end(level);
    }

    fn updates(&self) -> u64 {
        self.dlx.updates()
    }

    fn option_first(&self) -> &[u32] {
        self.dlx.option_first()
    }
}
