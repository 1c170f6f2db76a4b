//! Algorithm X (TAOCP 7.2.2.1) as a loop over an explicit stack, steps X1..X8 labelled
//! where they happen. The stack holds one `Level` per choice made; its positions are
//! the whole state of the search, so a search can be started below a prefix of choices,
//! stopped between any two nodes and resumed later ([`super::split`]).
//!
//! With colours the loop is Knuth's Algorithm C: the same steps, with secondary items
//! purified rather than covered when a chosen option gives them a colour (the table's
//! business, `colors.rs`).
//!
//! X3 chooses the first primary item of minimum length, as Knuth's dlx1 does, so node
//! counts match dlx1 on the same matrix. Items with multiplicities (Algorithm M) branch
//! on "the first of their remaining options used", which never reports one set of
//! options twice; their branching degree is `len - need + 1`. Once such an item has its
//! minimum (need = 0) but not its maximum, the last of its `len + 1` branches is "no
//! further option": every remaining option of it excluded, the item leaves the ring
//! (Knuth's step M5 with `x_l = i`); its level then has `x == item`.

use std::ops::ControlFlow;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use super::bits::Bitsets;
use super::bound::Priced;
use super::dlx::Dlx;
use super::problem::{OptionId, Problem};
use super::split::{Resume, Subproblem};
use super::table::Table;
pub use super::visit::Level;
use super::visit::{tick_mask, TICK_LOG2};
pub use super::visit::{Outcome, Stats, Visit, Visitor};

/// Why a path of choices cannot be replayed on this problem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the saved path of choices does not fit this problem (level {level})")]
#[non_exhaustive]
pub struct PathError {
    /// The first level of the path that names no option.
    pub level: usize,
}

/// The steps of Algorithm X that the loop moves between.
#[derive(Copy, Clone)]
enum Step {
    Enter,
    Try,
    TryAgain,
    Leave,
}

/// A search on one problem; reusable for many runs (each run restores the table). The
/// table is Knuth's DLX1 (the default, for every problem) or, inside the crate, option
/// bitsets (for problems without multiplicities or colours; see [`super::AnySearch`]); both visit
/// the same tree.
///
/// A visitor is any `FnMut(&Visit) -> ControlFlow<()>` (or a [`Visitor`]); breaking
/// stops the search, and the [`Outcome`] says where to resume:
///
/// ```
/// use std::ops::ControlFlow;
/// use polyx::cover::{Outcome, Problem, Search, Subproblem, Visit};
///
/// // Items a, b, c; options {a, b}, {c}, {a}, {b, c}, {a, b, c}: three exact covers.
/// let mut problem = Problem::new();
/// let [a, b, c] = ["a", "b", "c"].map(|n| problem.add_primary(n));
/// for option in [&[a, b][..], &[c], &[a], &[b, c], &[a, b, c]] {
///     problem.add_option(option).unwrap();
/// }
/// let mut search = Search::new(&problem);
/// assert_eq!(search.count(), 3);
///
/// // Stop at the first solution, then resume from there to see the other two.
/// let mut first = Vec::new();
/// let outcome = search.run(&mut |v: &Visit<'_>| {
///     first = v.options();
///     ControlFlow::Break(())
/// });
/// let Outcome::Stopped(resume) = outcome else { panic!("stopped") };
/// assert!(polyx::cover::verify(&problem, &first).is_ok());
/// let mut rest = 0;
/// let outcome = search
///     .run_from(&Subproblem::root(), Some(&resume), &mut |_: &Visit<'_>| {
///         rest += 1;
///         ControlFlow::Continue(())
///     })
///     .unwrap();
/// assert_eq!((rest, outcome), (2, Outcome::Complete));
/// ```
pub struct Search<T: Table = Dlx> {
    table: T,
    levels: Vec<Level>,
    stats: Stats,
    tick_mask: u64,
}

impl Search<Dlx> {
    /// A search on Knuth's DLX1 table, which takes every problem.
    pub fn new(problem: &Problem) -> Search<Dlx> {
        Search::with_table(Dlx::new(problem), problem)
    }

    /// The node table (for its self-check).
    #[cfg(test)]
    pub(crate) fn dlx(&self) -> &Dlx {
        &self.table
    }
}

impl Search<Priced> {
    /// A search on the DLX1 table of `problem` that adds up its options' costs and
    /// prunes with the lower bound of `family` (per item, see `bound.rs`) against
    /// `threshold`, shared with other searches: no solution costing that much or more is
    /// wanted.
    pub(crate) fn priced(
        problem: &Problem,
        family: &[bool],
        threshold: Arc<AtomicU64>,
    ) -> Search<Priced> {
        Search::with_table(Priced::new(problem, family, threshold), problem)
    }
}

impl Search<Bitsets> {
    /// A search on option bitsets, or `None` if the problem has multiplicities or colours (or is
    /// too large for them, see [`Bitsets::new`]).
    pub(crate) fn bits(problem: &Problem) -> Option<Search<Bitsets>> {
        Some(Search::with_table(Bitsets::new(problem)?, problem))
    }
}

impl<T: Table> Search<T> {
    fn with_table(table: T, problem: &Problem) -> Search<T> {
        Search {
            levels: Vec::with_capacity(problem.primary_count() + 1),
            table,
            stats: Stats::default(),
            tick_mask: tick_mask(TICK_LOG2),
        }
    }

    /// The table the search runs on.
    #[cfg(test)]
    pub(crate) fn table(&self) -> &T {
        &self.table
    }

    /// Ticks come every `2^log2` nodes.
    pub fn set_tick_interval(&mut self, log2: u32) {
        self.tick_mask = tick_mask(log2);
    }

    /// Counters over every run of this search so far.
    pub fn stats(&self) -> Stats {
        Stats {
            updates: self.table.updates(),
            ..self.stats
        }
    }

    /// Every solution of the whole problem, to `visitor`.
    pub fn run(&mut self, visitor: &mut impl Visitor) -> Outcome {
        self.run_from(&Subproblem::root(), None, visitor)
            .expect("the root path always fits")
    }

    /// Every solution below `sub`, to `visitor`; with `resume`, only those after the
    /// point where an earlier run of the same subproblem stopped.
    ///
    /// # Errors
    /// A [`PathError`] if `sub` or `resume` names no node of this problem's tree, or
    /// `resume` does not lie below `sub`.
    pub fn run_from<V: Visitor>(
        &mut self,
        sub: &Subproblem,
        resume: Option<&Resume>,
        visitor: &mut V,
    ) -> Result<Outcome, PathError> {
        let floor = sub.path.len();
        let (path, visited) = match resume {
            Some(r) => {
                if r.path.len() < floor || r.path[..floor] != sub.path[..] {
                    return Err(PathError { level: 0 });
                }
                (&r.path[..], r.visited)
            }
            None => (&sub.path[..], false),
        };
        self.replay(path)?;
        // A visitor that prunes may know the subproblem has no solution (a resume point
        // was entered, so the check was passed).
        if resume.is_none() && V::PRUNES && self.pruned(visitor) {
            self.unwind(0);
            return Ok(Outcome::Complete);
        }
        let outcome = self.search(floor, visited, None, visitor, &mut |_| {});
        self.unwind(0);
        Ok(outcome)
    }

    /// Searches down to `depth` choices and returns the subproblems there, in search
    /// order; solutions found above that depth become subproblems of their own.
    ///
    /// # Errors
    /// A [`PathError`] if `sub` names no node of this problem's tree.
    pub fn split(&mut self, sub: &Subproblem, depth: usize) -> Result<Vec<Subproblem>, PathError> {
        let mut never = |_: &Visit<'_>| ControlFlow::Continue(());
        self.split_with(sub, depth, &mut never)
    }

    /// [`Search::split`] in the tree that `visitor`'s [`Visitor::prune`] leaves: the
    /// subproblems a run with that visitor would enter (none if it prunes `sub`).
    /// The visitor sees no solution and no tick.
    ///
    /// # Errors
    /// As [`Search::split`].
    pub fn split_with<V: Visitor>(
        &mut self,
        sub: &Subproblem,
        depth: usize,
        visitor: &mut V,
    ) -> Result<Vec<Subproblem>, PathError> {
        self.replay(&sub.path)?;
        let mut subs = Vec::new();
        if !(V::PRUNES && self.pruned(visitor)) {
            let mut pruner = PruneOnly(visitor);
            self.search(
                sub.path.len(),
                false,
                Some(sub.path.len() + depth),
                &mut pruner,
                &mut |path| subs.push(Subproblem { path }),
            );
        }
        self.unwind(0);
        Ok(subs)
    }

    /// The number of solutions.
    pub fn count(&mut self) -> u128 {
        let before = self.stats.solutions;
        self.run(&mut |_: &Visit<'_>| ControlFlow::Continue(()));
        self.stats.solutions - before
    }

    /// Up to `limit` solutions, in search order.
    pub fn solutions(&mut self, limit: usize) -> Vec<Vec<OptionId>> {
        let mut out = Vec::new();
        if limit == 0 {
            return out;
        }
        self.run(&mut |v: &Visit<'_>| {
            out.push(v.options());
            if out.len() >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        out
    }

    /// The first solution, if any.
    pub fn first(&mut self) -> Option<Vec<OptionId>> {
        self.solutions(1).pop()
    }

    /// X4: begins a level on `item`.
    #[inline]
    fn begin_level(&mut self, item: u32, total: u32, multiple: bool) {
        let level = self.table.begin(item, total, multiple);
        self.levels.push(level);
    }

    /// X5: takes the option at the top level's `x`.
    #[inline]
    fn apply_top(&mut self) {
        let level = self.levels.last().expect("a level");
        self.table.apply(level);
    }

    /// X6 (first half): gives back the option at the top level's `x`.
    #[inline]
    fn unapply_top(&mut self) {
        let level = self.levels.last().expect("a level");
        self.table.unapply(level);
    }

    /// X7: ends the top level.
    #[inline]
    fn end_level(&mut self) {
        let level = self.levels.pop().expect("a level");
        self.table.end(&level);
    }

    /// Whether the top level has an option (or, for an item with multiplicities that has
    /// its minimum, the choice "no further option" at `x == item`) to try.
    #[inline]
    fn top_has_option(&self) -> bool {
        let level = self.levels.last().expect("a level");
        level.pos < level.total && (level.x != level.item || level.multiple)
    }

    /// Re-enters the state at the end of `path` without counting anything.
    fn replay(&mut self, path: &[u32]) -> Result<(), PathError> {
        debug_assert!(self.levels.is_empty());
        for (level, &pos) in path.iter().enumerate() {
            let fail = |s: &mut Search<T>| {
                s.unwind(0);
                Err(PathError { level })
            };
            if self.table.solved() {
                return fail(self);
            }
            let Some((item, total, multiple)) = self.table.choose() else {
                return fail(self);
            };
            if pos >= total {
                return fail(self);
            }
            self.begin_level(item, total, multiple);
            for _ in 0..pos {
                let top = self.levels.last_mut().expect("a level");
                self.table.advance(top, true);
            }
            self.apply_top();
        }
        Ok(())
    }

    /// Undoes every level above `floor`.
    fn unwind(&mut self, floor: usize) {
        while self.levels.len() > floor {
            self.unapply_top();
            self.end_level();
        }
    }

    /// Asks `visitor` whether to go on: at a tick, or (`solution`) with the solution
    /// the levels hold. If it stops, where a later run resumes.
    #[inline]
    fn ask(&self, visitor: &mut impl Visitor, solution: bool) -> Option<Resume> {
        let visit = Visit {
            option_first: self.table.option_first(),
            levels: &self.levels,
            stats: self.stats(),
        };
        let flow = if solution {
            visitor.solution(&visit)
        } else {
            visitor.tick(&visit)
        };
        flow.is_break().then(|| Resume {
            path: visit.path(),
            visited: solution,
        })
    }

    /// Whether `visitor` prunes the node the stack leads to.
    #[inline]
    fn pruned<V: Visitor>(&self, visitor: &mut V) -> bool {
        let visit = Visit {
            option_first: self.table.option_first(),
            levels: &self.levels,
            stats: self.stats,
        };
        visitor.prune(&visit)
    }

    /// Ends a run stopped by the visitor: undoes the levels above `floor`.
    fn stop(&mut self, floor: usize, resume: Resume) -> Outcome {
        self.unwind(floor);
        Outcome::Stopped(resume)
    }

    /// The loop of Algorithm X below the current stack. Stops at `split_depth` (if any),
    /// handing each path there to `frontier` instead of searching further.
    fn search<V: Visitor>(
        &mut self,
        floor: usize,
        visited: bool,
        split_depth: Option<usize>,
        visitor: &mut V,
        frontier: &mut impl FnMut(Vec<u32>),
    ) -> Outcome {
        let mut step = if visited { Step::Leave } else { Step::Enter };
        loop {
            step = match step {
                // X2: enter a level.
                Step::Enter => {
                    if self.stats.nodes & self.tick_mask == 0 {
                        if let Some(resume) = self.ask(visitor, false) {
                            return self.stop(floor, resume);
                        }
                    }
                    if split_depth.is_some_and(|d| self.levels.len() >= d || self.table.solved()) {
                        frontier(self.levels.iter().map(|l| l.pos).collect());
                        Step::Leave
                    } else {
                        self.stats.nodes += 1;
                        if self.table.solved() {
                            self.stats.solutions += 1;
                            if let Some(resume) = self.ask(visitor, true) {
                                return self.stop(floor, resume);
                            }
                            Step::Leave
                        } else {
                            // X3: choose an item.
                            match self.table.choose() {
                                None => Step::Leave,
                                Some((item, total, multiple)) => {
                                    // X4: cover it.
                                    self.begin_level(item, total, multiple);
                                    Step::Try
                                }
                            }
                        }
                    }
                }
                // X5: try x_l.
                Step::Try => {
                    if self.top_has_option() {
                        self.apply_top();
                        if V::PRUNES && self.pruned(visitor) {
                            Step::TryAgain
                        } else {
                            Step::Enter
                        }
                    } else {
                        // X7: backtrack.
                        self.end_level();
                        Step::Leave
                    }
                }
                // X6: try again.
                Step::TryAgain => {
                    self.unapply_top();
                    let top = self.levels.last_mut().expect("a level");
                    self.table.advance(top, false);
                    Step::Try
                }
                // X8: leave the level.
                Step::Leave => {
                    if self.levels.len() <= floor {
                        return Outcome::Complete;
                    }
                    Step::TryAgain
                }
            };
        }
    }
}

/// A visitor's pruning alone: what a split searches with, which reports no solution and
/// stops at no tick.
struct PruneOnly<'v, V>(&'v mut V);

impl<V: Visitor> Visitor for PruneOnly<'_, V> {
    fn solution(&mut self, _: &Visit<'_>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    const PRUNES: bool = V::PRUNES;

    fn prune(&mut self, visit: &Visit<'_>) -> bool {
        self.0.prune(visit)
    }
}
