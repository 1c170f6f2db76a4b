//! Runs of the parallel driver on test-made trees: a tree that panics ends the run
//! instead of hanging it; a bitboard tree weighs the parts of a restricted search.

use std::ops::ControlFlow;

use crate::model::{load_puzzle, Puzzle};
use crate::run::{self, RunOptions};
use crate::solve::{bit_tree, dlx_tree, Solver, SymmetryMode};

/// The built-in board `board` with its piece set, ready to search in `mode`.
fn solver(board: &str, mode: SymmetryMode) -> Solver {
    let (b, set) = load_puzzle(board, None).expect("a built-in board");
    Solver::new(Puzzle::new(b, set).expect("a valid puzzle"), mode)
}

/// An engine that panics below its second task, or (`in_split`) when asked to split the
/// tree.
struct Panics {
    inner: dlx_tree::DlxTree<'static>,
    runs: usize,
    in_split: bool,
}

impl Panics {
    fn new(s: &'static Solver, in_split: bool) -> Panics {
        Panics {
            inner: dlx_tree::DlxTree::new(s),
            runs: 0,
            in_split,
        }
    }
}

impl run::Tree for Panics {
    fn split(
        &mut self,
        sub: &crate::cover::Subproblem,
        depth: usize,
    ) -> Result<Vec<crate::cover::Subproblem>, crate::cover::search::PathError> {
        assert!(!self.in_split, "a bug in the split");
        self.inner.split(sub, depth)
    }
    fn run_below(
        &mut self,
        sub: &crate::cover::Subproblem,
        resume: Option<&crate::cover::Resume>,
        sink: &mut dyn run::Sink,
    ) -> Result<crate::cover::Outcome, crate::cover::search::PathError> {
        self.runs += 1;
        assert!(self.runs < 2, "a bug in the engine");
        self.inner.run_below(sub, resume, sink)
    }
    fn weight(&mut self, sub: &crate::cover::Subproblem) -> f64 {
        self.inner.weight(sub)
    }
    fn stats(&self) -> crate::cover::Stats {
        self.inner.stats()
    }
    fn set_tick_interval(&mut self, log2: u32) {
        self.inner.set_tick_interval(log2)
    }
}

/// A run of [`Panics`] trees.
struct PanicsJob(&'static Solver, bool);

impl run::Job for PanicsJob {
    type Tree = Panics;
    fn tree(&self) -> Panics {
        Panics::new(self.0, self.1)
    }
    fn identity(&self) -> run::Identity<'_> {
        run::Identity {
            name: &self.0.puzzle.board.name,
            settings: String::new(),
            problem: self.0.problem(),
        }
    }
}

/// Whether a run whose engine panics (in its split, or below its second task) ends with
/// the panic rather than hanging.
fn a_panic_ends_the_run(in_split: bool) -> bool {
    let s: &'static Solver = Box::leak(Box::new(solver("4x15", SymmetryMode::Reduce)));
    let opts = RunOptions {
        threads: 2,
        ..RunOptions::default()
    };
    std::panic::catch_unwind(|| {
        run::run(
            &PanicsJob(s, in_split),
            &opts,
            &mut |_| ControlFlow::Continue(()),
            None,
        )
    })
    .is_err()
}

#[test]
fn a_worker_panic_ends_the_run_instead_of_hanging_it() {
    assert!(a_panic_ends_the_run(false));
}

/// The workers start before the tasks are split: a split that panics must still let them
/// end (else the run would wait for them forever).
#[test]
fn a_panic_while_splitting_ends_the_run_instead_of_hanging_it() {
    assert!(a_panic_ends_the_run(true));
}

#[test]
fn each_part_weighs_its_share_of_the_restricted_placements() {
    // NOI2005: the reduction restricts J to 16 representatives, 12 that no symmetry
    // fixes (the first part) and 4 on the mirror axis (the second): Knuth's estimate
    // gives the parts 3/4 and 1/4 of the tree.
    use crate::cover::Subproblem;
    use crate::run::Tree;
    let s = solver("noi2005", SymmetryMode::Reduce);
    let mut parts = bit_tree::BitTree::new(&s).expect("the bitboard engine applies");
    let weight =
        |parts: &mut bit_tree::BitTree, i: u32| parts.weight(&Subproblem { path: vec![i] });
    assert!((weight(&mut parts, 0) - 0.75).abs() < 1e-12);
    assert!((weight(&mut parts, 1) - 0.25).abs() < 1e-12);
}
