//! Whether a puzzle has no, exactly one, or several solutions, decided without a full
//! count: the solver's search for first solutions ([`crate::Solver::run`] with a limit
//! of two) stops at the second solution it reports. In reduce mode that search reports
//! each class of solutions once, as its representative, so two solutions that a
//! symmetry of the board maps onto each other are one answer, and the second one
//! reported is a second class; in keep mode mirror images are two answers. With
//! several, the second solution is shown as the member of its class that differs from
//! the first in the fewest cells, so that the cells where they differ say something.

use std::collections::{HashMap, HashSet};
use std::ops::ControlFlow;

use crate::cover::Stats;
use crate::geom::Cell;
use crate::model::{Placement, Tiling};
use crate::run::{RunOptions, Shard};
use crate::solve::{Solver, SymmetryMode};

use super::Stopped;

/// How many solutions a puzzle has, in the solver's symmetry mode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Uniqueness {
    /// No solution.
    NoSolution,
    /// Exactly one solution (one class of solutions in reduce mode).
    Unique(Tiling),
    /// At least two: two of them, from two classes in reduce mode.
    Several(Tiling, Tiling),
}

/// The answer of [`check`] and what its search did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// None, one or several solutions.
    pub answer: Uniqueness,
    /// The search's counters (machine-independent).
    pub stats: Stats,
}

/// Decides whether `solver`'s puzzle has no, one or several solutions in its mode,
/// stopping at the second solution (class). Of `opts`, the stop flag, the node budget
/// and the seed-independent settings are used; the search runs on one thread.
///
/// # Errors
/// [`Stopped`] if the stop flag or the node budget ended the search first.
///
/// ```
/// use polyx::design::{check, Uniqueness};
/// use polyx::{load_puzzle, Puzzle, RunOptions, Solver, SymmetryMode};
///
/// let (board, pieces) = load_puzzle("noi2005-sample", None).unwrap();
/// let solver = Solver::new(Puzzle::new(board, pieces).unwrap(), SymmetryMode::Reduce);
/// let checked = check(&solver, &RunOptions::default()).unwrap();
/// assert!(matches!(checked.answer, Uniqueness::Unique(_)));
/// ```
pub fn check(solver: &Solver, opts: &RunOptions) -> Result<Checked, Stopped> {
    let opts = RunOptions {
        printing: true,
        limit: Some(2),
        checkpoint: None,
        shard: Shard::WHOLE,
        threads: 1,
        ..opts.clone()
    };
    let mut found: Vec<Tiling> = Vec::with_capacity(2);
    let report = crate::solve::run(solver, &opts, &mut |t| {
        found.push(t.clone());
        ControlFlow::Continue(())
    })
    .expect("a run without a checkpoint reads and writes no file");
    let stats = report.stats;
    let answer = match found.len() {
        0 if report.complete => Uniqueness::NoSolution,
        1 if report.complete => Uniqueness::Unique(found.swap_remove(0)),
        n if n >= 2 => {
            let second = closest_member(solver, &found[0], &found[1]);
            Uniqueness::Several(found.swap_remove(0), second)
        }
        _ => return Err(Stopped { stats }),
    };
    Ok(Checked { answer, stats })
}

/// The cells that `a` and `b` cover differently (by another piece, or by the same piece
/// placed elsewhere), sorted.
pub fn differing_cells(a: &Tiling, b: &Tiling) -> Vec<Cell> {
    let set = |t: &Tiling| -> HashSet<(usize, Vec<Cell>)> {
        (t.placements.iter())
            .map(|p| (p.piece, p.cells.clone()))
            .collect()
    };
    let (in_a, in_b) = (set(a), set(b));
    let mut cells: Vec<Cell> = (in_a.symmetric_difference(&in_b))
        .flat_map(|(_, cells)| cells.iter().copied())
        .collect();
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// In reduce mode, the member of `b`'s class that differs from `a` in the fewest cells
/// (the first such in the class's order); in keep mode `b` itself.
fn closest_member(solver: &Solver, a: &Tiling, b: &Tiling) -> Tiling {
    if solver.mode() == SymmetryMode::Keep || solver.symmetries() == 1 {
        return b.clone();
    }
    let puzzle = solver.puzzle();
    let index: HashMap<(usize, &[Cell]), usize> = (puzzle.placements.iter().enumerate())
        .map(|(k, p)| ((p.piece, p.cells.as_slice()), k))
        .collect();
    let placed = |p: &Placement| index.get(&(p.piece, p.cells.as_slice())).copied();
    let mut solution: Vec<usize> = (b.placements.iter())
        .filter(|p| !p.fixed)
        .filter_map(placed)
        .collect();
    solution.sort_unstable();
    (solver.reduction.members(&solution).into_iter())
        .map(|m| puzzle.tiling(m))
        .min_by_key(|t| differing_cells(a, t).len())
        .unwrap_or_else(|| b.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::library;
    use crate::model::Puzzle;

    fn solver(name: &str, mode: SymmetryMode) -> Solver {
        let (board, set) = library::load_puzzle(name, None).unwrap();
        Solver::new(Puzzle::new(board, set).unwrap(), mode)
    }

    #[test]
    fn the_noi2005_sample_is_unique() {
        let checked = check(
            &solver("noi2005-sample", SymmetryMode::Reduce),
            &RunOptions::default(),
        );
        assert!(matches!(checked.unwrap().answer, Uniqueness::Unique(_)));
    }

    #[test]
    fn the_3x20_has_two_classes_and_eight_solutions() {
        for mode in [SymmetryMode::Reduce, SymmetryMode::Keep] {
            let s = solver("3x20", mode);
            let Uniqueness::Several(a, b) = check(&s, &RunOptions::default()).unwrap().answer
            else {
                panic!("3x20 has several solutions");
            };
            assert_ne!(a, b);
            assert!(!differing_cells(&a, &b).is_empty());
        }
    }

    #[test]
    fn a_budget_of_one_node_stops_the_check() {
        let opts = RunOptions {
            node_budget: Some(1),
            ..RunOptions::default()
        };
        let s = solver("6x10", SymmetryMode::Reduce);
        // Either it stopped, or the first attempt was lucky enough to find two at once.
        if let Ok(checked) = check(&s, &opts) {
            assert!(matches!(checked.answer, Uniqueness::Several(..)));
        }
    }
}
