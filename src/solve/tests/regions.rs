//! The closed-region test of the exact-cover engine (`regions.rs`): it prunes nodes and
//! never a solution. Counts with the test on and off agree on known puzzles and on small
//! random boards of every grid; with it on, the search enters fewer nodes.

use super::{small_board, small_set};
use std::ops::ControlFlow;

use proptest::prelude::*;

use crate::cover::Subproblem;
use crate::geom::{Cell, Grid};
use crate::model::samples::{self, pentominoes};
use crate::model::{Board, Puzzle};
use crate::run::{Sink, Tree};
use crate::solve::dlx_tree::DlxTree;
use crate::solve::{Engine, Solver, SymmetryMode};

/// Counts on the exact-cover engine, with the region test `on` or off: solutions, nodes.
fn count_on_dlx(puzzle: &Puzzle, mode: SymmetryMode, on: bool) -> (u64, u64) {
    let mut solver = Solver::new(puzzle.clone(), mode);
    assert!(solver.use_engine(Engine::Dlx));
    solver.region_check = on;
    let report = solver.count();
    assert!(report.complete);
    (report.solutions.to_u64().unwrap(), report.stats.nodes)
}

#[test]
fn the_region_test_prunes_without_losing_a_tiling() {
    // 4×15: 1,472 tilings, 368 up to symmetry (Haselgrove and Haselgrove 1960).
    let puzzle = samples::pentomino_rectangle(15, 4);
    for (mode, tilings) in [(SymmetryMode::Keep, 1472), (SymmetryMode::Reduce, 368)] {
        let (on, on_nodes) = count_on_dlx(&puzzle, mode, true);
        let (off, off_nodes) = count_on_dlx(&puzzle, mode, false);
        assert_eq!((on, off), (tilings, tilings), "{mode:?}");
        assert!(
            on_nodes < off_nodes,
            "{mode:?}: {on_nodes} nodes with the test, {off_nodes} without"
        );
    }
}

/// A sink that counts solutions and never stops the search.
#[derive(Default)]
struct Tally(u64);

impl Sink for Tally {
    fn solution(&mut self, _: &[usize]) -> ControlFlow<()> {
        self.0 += 1;
        ControlFlow::Continue(())
    }
    fn solutions(&mut self, n: u128) -> ControlFlow<()> {
        self.0 += u64::try_from(n).expect("a small count");
        ControlFlow::Continue(())
    }
    fn wants_placements(&self) -> bool {
        false
    }
    fn tick(&mut self, _: f64, _: &[u32]) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

#[test]
fn a_board_of_two_rooms_is_pruned_at_the_root_and_its_splits() {
    // Two 3×5 rooms side by side, a wall between: 15 cells each, and the 12 pentominoes
    // as optional pieces. A room takes three pentominoes, so the test passes the root;
    // after one piece in the right-hand room's corner, each room is still a sum of
    // pieces; but a placement that leaves a corner pocket of fewer than 5 cells in the
    // room is pruned before the search enters it, in runs and in splits alike.
    let mut cells = Vec::new();
    for y in 0..5 {
        for x in (0..3).chain(4..7) {
            cells.push(Cell::new(x, y));
        }
    }
    let mut board = Board::of_cells("rooms", Grid::Square, &cells);
    board.use_all_pieces = false;
    let puzzle = Puzzle::new(board, pentominoes()).unwrap();
    let mut solver = Solver::new(puzzle.clone(), SymmetryMode::Keep);
    assert!(solver.use_engine(Engine::Dlx));
    let solver = solver;
    let mut tree = DlxTree::new(&solver);
    let children = tree.split(&Subproblem::root(), 1).unwrap();
    assert!(tree.pruned() > 0, "the first level has pruned children");
    let mut tally = Tally::default();
    for child in &children {
        tree.run_below(child, None, &mut tally).unwrap();
    }
    let mut without = Solver::new(puzzle, SymmetryMode::Keep);
    assert!(without.use_engine(Engine::Dlx));
    without.region_check = false;
    let mut plain = DlxTree::new(&without);
    let all = plain.split(&Subproblem::root(), 1).unwrap();
    assert!(
        children.len() < all.len(),
        "{} of {}",
        children.len(),
        all.len()
    );
    let mut every = Tally::default();
    plain
        .run_below(&Subproblem::root(), None, &mut every)
        .unwrap();
    assert_eq!(tally.0, every.0);
    assert!(tree.stats().nodes < plain.stats().nodes);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(96)
    ))]

    #[test]
    fn counts_agree_with_the_region_test_on_and_off(
        grid in prop_oneof![Just(Grid::Square), Just(Grid::Hex), Just(Grid::Triangle)],
        w in 2..=7i32,
        h in 2..=5i32,
        open in prop::collection::vec(prop::bool::weighted(0.85), 35),
        picks in prop::collection::vec((0..64usize, 1..=3u32), 1..=3),
        use_all in any::<bool>(),
        cover_all in prop::bool::weighted(0.8),
        reduce in any::<bool>(),
    ) {
        let board = small_board(grid, w, h, &open);
        prop_assume!(board.is_some(), "no open cell");
        let mut board = board.expect("assumed");
        board.use_all_pieces = use_all;
        board.cover_all_cells = cover_all;
        let puzzle = Puzzle::new(board, small_set(grid, &picks));
        prop_assume!(puzzle.is_ok(), "the board and pieces make no puzzle");
        let puzzle = puzzle.expect("assumed");
        let mode = if reduce { SymmetryMode::Reduce } else { SymmetryMode::Keep };
        let (on, on_nodes) = count_on_dlx(&puzzle, mode, true);
        let (off, off_nodes) = count_on_dlx(&puzzle, mode, false);
        prop_assert_eq!(on, off);
        prop_assert!(on_nodes <= off_nodes, "{} nodes with the test, {} without", on_nodes, off_nodes);
    }
}

/// Node counts with the test on and off on puzzles the exact-cover engine runs, for
/// BENCHMARKS.md ("Regions on DLX"):
/// `cargo test --release --lib regions_node_counts -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement, not a check"]
fn regions_node_counts() {
    use std::time::Instant;
    for (name, puzzle) in [
        ("6x10", samples::pentomino_rectangle(10, 6)),
        ("scott", samples::scott()),
    ] {
        for mode in [SymmetryMode::Reduce, SymmetryMode::Keep] {
            for on in [false, true] {
                let at = Instant::now();
                let (n, nodes) = count_on_dlx(&puzzle, mode, on);
                println!(
                    "{name} {mode:?} region test {}: {n} solutions, {nodes} nodes, {:.2} s",
                    if on { "on" } else { "off" },
                    at.elapsed().as_secs_f64()
                );
            }
        }
    }
}
