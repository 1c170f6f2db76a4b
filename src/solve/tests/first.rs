//! Searches for first solutions: in reduce mode they report the classes the reduced
//! search reports, each once, whatever the restarts; limits and budgets are honoured.

use std::ops::ControlFlow;

use super::reported;
use crate::model::{library, Puzzle, Tiling};
use crate::solve::{Solver, SymmetryMode};

fn solver(name: &str, mode: SymmetryMode) -> Solver {
    let (board, set) = library::load_puzzle(name, None).unwrap();
    Solver::new(Puzzle::new(board, set).unwrap(), mode)
}

/// What a search for at most `limit` first solutions reports, as in [`reported`]
/// (unsorted), and whether it says it is complete.
fn first(solver: &Solver, limit: u64) -> (Vec<Vec<Vec<crate::geom::Cell>>>, bool) {
    let mut out = Vec::new();
    let report = solver.run(Some(limit), |t: &Tiling| {
        solver.puzzle().verify(t).unwrap();
        let mut cells: Vec<_> = t.placements.iter().map(|p| p.cells.clone()).collect();
        cells.sort();
        out.push(cells);
        ControlFlow::Continue(())
    });
    assert_eq!(report.solutions, out.len() as u64);
    (out, report.complete)
}

#[test]
fn first_solutions_are_the_reduced_searchs_classes_each_once() {
    // A restricted piece (3x20), a second one (scott), a one-sided piece swapped by the
    // reflections (one-sided tetrominoes), none at all (dominoes, many copies).
    for name in [
        "3x20",
        "scott",
        "one-sided-tetrominoes-4x7",
        "tetrominoes-4x5",
    ] {
        for (restarts, unit) in [(false, 1 << 14), (true, 1 << 14), (true, 64)] {
            for mode in [SymmetryMode::Reduce, SymmetryMode::Keep] {
                let mut s = solver(name, mode);
                let every = reported(&s);
                s.restarts = restarts;
                s.restart_unit = unit;
                let (mut listed, complete) = first(&s, u64::MAX);
                let n = listed.len();
                listed.sort();
                listed.dedup();
                assert_eq!(listed.len(), n, "{name}: a class reported twice");
                assert_eq!(
                    listed, every,
                    "{name} {mode:?} restarts {restarts} unit {unit}"
                );
                assert!(complete, "{name}");
                if !every.is_empty() {
                    let (one, complete) = first(&s, 1);
                    assert_eq!(one.len(), 1);
                    assert!(every.contains(&one[0]) && !complete, "{name}");
                }
            }
        }
    }
}

#[test]
fn the_same_seed_reports_the_same_solutions_and_restarts_count_their_nodes() {
    let mut s = solver("6x10", SymmetryMode::Reduce);
    s.restart_unit = 32;
    let (a, _) = first(&s, 5);
    let (b, _) = first(&s, 5);
    assert_eq!(a, b);
    let nodes = s.run(Some(5), |_| ControlFlow::Continue(())).stats.nodes;
    assert!(nodes > 32, "{nodes}");
}

#[test]
fn dominoes_with_copies_list_each_class_once() {
    let p = crate::model::samples::domino_rectangle(4, 4);
    let mut s = Solver::new(p, SymmetryMode::Reduce);
    let every = reported(&s);
    s.restart_unit = 8;
    let (mut listed, complete) = first(&s, 1000);
    listed.sort();
    assert_eq!((listed, complete), (every, true));
}

#[test]
fn only_limited_listings_of_at_most_most_first_look_for_first_solutions() {
    use crate::run::RunOptions;
    use crate::solve::first::{applies, MOST_FIRST};
    let s = solver("6x10", SymmetryMode::Reduce);
    let listing = |limit| RunOptions {
        printing: true,
        limit,
        ..RunOptions::default()
    };
    assert!(applies(&s, &listing(Some(1))));
    assert!(applies(&s, &listing(Some(MOST_FIRST))));
    // Each class printed is remembered: larger limits and `--all` stream the reduced
    // search, and so do counts.
    assert!(!applies(&s, &listing(Some(MOST_FIRST + 1))));
    assert!(!applies(&s, &listing(None)));
    assert!(!applies(&s, &RunOptions::default()));
}
