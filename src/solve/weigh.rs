//! Between an engine and a run's sink: each solution an engine finds below a subproblem
//! becomes what it stands for in the solver's symmetry mode
//! ([`crate::symmetry::classes`]): nothing, one solution, or its class (counted, or its
//! members listed when the run prints). Below a subproblem that settles every
//! solution's check, counting needs no placements, and the engine may count without
//! visiting each solution.

use std::ops::ControlFlow;

use crate::run::Sink;
use crate::symmetry::{Found, Reduction, Settled, SymmetryMode};

use super::solver::Solver;

/// The symmetry side of one engine's searches.
#[derive(Clone)]
pub(super) struct Weigher<'s> {
    reduction: &'s Reduction,
    mode: SymmetryMode,
    /// What each solution below the current subproblem adds to the count, when that
    /// needs no look at it ([`Reduction::uniform_weight`]; never when printing).
    uniform: Option<u64>,
    placements: Vec<usize>,
    scratch: Vec<usize>,
}

impl<'s> Weigher<'s> {
    pub fn new(solver: &'s Solver) -> Weigher<'s> {
        Weigher {
            reduction: &solver.reduction,
            mode: solver.mode,
            uniform: None,
            placements: Vec::new(),
            scratch: Vec::new(),
        }
    }

    /// Starts a search below a subproblem for `sink`'s run; `settled` (asked only when
    /// the run counts) tells what every solution below it shares.
    pub fn start(&mut self, sink: &dyn Sink, settled: impl FnOnce() -> Settled) {
        self.uniform = if sink.wants_placements() {
            None
        } else {
            self.reduction.uniform_weight(self.mode, &settled())
        };
    }

    /// Whether the engine must give each solution's placements (else it may count).
    pub fn wants_placements(&self) -> bool {
        self.uniform.is_none()
    }

    /// `n` solutions that the engine counted without giving their placements.
    pub fn counted(&mut self, n: u128, sink: &mut dyn Sink) -> ControlFlow<()> {
        let w = (self.uniform).expect("bulk counts come only when no placements are wanted");
        match n.checked_mul(u128::from(w)) {
            Some(all) => sink.solutions(all),
            // Past 2^128: `w` (a group's order at most) times `n`, which the sink adds
            // up exactly.
            None => (0..w).try_for_each(|_| sink.solutions(n)),
        }
    }

    /// A solution, as its placements (indices into the puzzle's, in any order).
    pub fn solution(
        &mut self,
        placements: impl IntoIterator<Item = usize>,
        sink: &mut dyn Sink,
    ) -> ControlFlow<()> {
        if let Some(w) = self.uniform {
            return sink.solutions(u128::from(w));
        }
        self.placements.clear();
        self.placements.extend(placements);
        self.placements.sort_unstable();
        let found = (self.reduction).found(self.mode, &self.placements, &mut self.scratch);
        match found {
            Found::Rejected => ControlFlow::Continue(()),
            Found::Itself => sink.solution(&self.placements),
            Found::Class if sink.wants_placements() => {
                // Every member is given before the run may stop.
                let mut flow = ControlFlow::Continue(());
                for member in self.reduction.members(&self.placements) {
                    if sink.solution(&member).is_break() {
                        flow = ControlFlow::Break(());
                    }
                }
                flow
            }
            Found::Class => {
                let size = (self.reduction).class_size(&self.placements, &mut self.scratch);
                sink.solutions(u128::from(size))
            }
        }
    }
}
