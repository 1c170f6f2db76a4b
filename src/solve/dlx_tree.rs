//! The exact-cover engine (DLX, or option bitsets when they take the problem) as a
//! [`Tree`] of a run: it searches the solver's (reduced) problem, maps its options to
//! the puzzle's placements, and weighs each solution ([`Weigher`]). Its solutions are
//! checked one by one: it keeps no memo of counts that a uniform weight would let it
//! use, so no subproblem settles anything for it. Its searches and splits prune the
//! nodes with a closed region the pieces left cannot fill (`regions.rs`).

use std::ops::ControlFlow;

use crate::cover::search::{PathError, Visitor};
use crate::cover::{AnySearch, OptionId, Outcome, Resume, Stats, Subproblem, Visit};
use crate::model::puzzle::placements_of;
use crate::run::{Sink, Tree};
use crate::symmetry::Settled;

use super::regions::RegionCheck;
use super::solver::Solver;
use super::weigh::Weigher;

/// The exact-cover search of a solver's problem, with the tick interval it was given
/// (to restore it after a probe), and the map from its options to the puzzle's
/// placements.
pub struct DlxTree<'a> {
    search: AnySearch,
    map: &'a [usize],
    tick_log2: u32,
    weigher: Weigher<'a>,
    regions: Option<RegionCheck<'a>>,
}

impl DlxTree<'_> {
    /// Nodes the closed-region test pruned so far.
    #[cfg(test)]
    pub(crate) fn pruned(&self) -> u64 {
        self.regions.as_ref().map_or(0, |r| r.pruned)
    }

    /// The exact-cover search of `solver`'s problem.
    pub fn new(solver: &Solver) -> DlxTree<'_> {
        DlxTree {
            search: AnySearch::new(solver.problem()),
            map: solver.map(),
            tick_log2: 12,
            weigher: Weigher::new(solver),
            regions: solver.regions().map(RegionCheck::new),
        }
    }
}

impl Tree for DlxTree<'_> {
    fn split(&mut self, sub: &Subproblem, depth: usize) -> Result<Vec<Subproblem>, PathError> {
        match &mut self.regions {
            Some(regions) => self.search.split_with(sub, depth, regions),
            None => self.search.split(sub, depth),
        }
    }

    fn run_below(
        &mut self,
        sub: &Subproblem,
        resume: Option<&Resume>,
        sink: &mut dyn Sink,
    ) -> Result<Outcome, PathError> {
        self.weigher.start(sink, Settled::default);
        let mut visitor = DlxVisitor {
            sink,
            weigher: &mut self.weigher,
            floor: sub.path.len(),
            map: self.map,
            options: Vec::new(),
            path: Vec::new(),
            regions: self.regions.as_mut(),
        };
        self.search.run_from(sub, resume, &mut visitor)
    }

    fn weight(&mut self, sub: &Subproblem) -> f64 {
        // A tick at every node: the first comes at `sub` itself, before it is counted.
        self.search.set_tick_interval(0);
        let mut weight = 0.0;
        let mut probe = WeightProbe {
            floor: sub.path.len(),
            weight: &mut weight,
        };
        let _ = self.search.run_from(sub, None, &mut probe);
        self.search.set_tick_interval(self.tick_log2);
        weight
    }

    fn stats(&self) -> Stats {
        self.search.stats()
    }

    fn set_tick_interval(&mut self, log2: u32) {
        self.tick_log2 = log2;
        self.search.set_tick_interval(log2);
    }
}

/// Adapts a run's [`Sink`] to the DLX engine's visitor.
struct DlxVisitor<'v, 'a> {
    sink: &'v mut dyn Sink,
    weigher: &'v mut Weigher<'a>,
    floor: usize,
    map: &'a [usize],
    options: Vec<OptionId>,
    /// The path at the last tick.
    path: Vec<u32>,
    regions: Option<&'v mut RegionCheck<'a>>,
}

impl Visitor for DlxVisitor<'_, '_> {
    fn solution(&mut self, visit: &Visit<'_>) -> ControlFlow<()> {
        if !self.weigher.wants_placements() {
            return self.weigher.counted(1, self.sink);
        }
        visit.options_into(&mut self.options);
        (self.weigher).solution(placements_of(&self.options, self.map), self.sink)
    }

    fn tick(&mut self, visit: &Visit<'_>) -> ControlFlow<()> {
        visit.path_into(&mut self.path);
        self.sink.tick(visit.progress(self.floor), &self.path)
    }

    const PRUNES: bool = true;

    fn prune(&mut self, visit: &Visit<'_>) -> bool {
        (self.regions.as_mut()).is_some_and(|r| r.refutes(visit))
    }
}

/// Stops at the first node below `sub` with Knuth's estimate of the share of the tree
/// below it.
struct WeightProbe<'a> {
    floor: usize,
    weight: &'a mut f64,
}

impl Visitor for WeightProbe<'_> {
    fn solution(&mut self, visit: &Visit<'_>) -> ControlFlow<()> {
        *self.weight = visit.weight(self.floor);
        ControlFlow::Break(())
    }

    fn tick(&mut self, visit: &Visit<'_>) -> ControlFlow<()> {
        *self.weight = visit.weight(self.floor);
        ControlFlow::Break(())
    }
}
