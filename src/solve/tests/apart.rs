//! Counting region by region (`apart.rs`, `fillings.rs`): the far strip (the 6×10 and a
//! 1×5 strip apart, a second I) counts the 6×10's tilings; a region that nothing fills
//! makes the count 0; and on small random boards of several regions, on every plane
//! grid, both engines and both modes, the count region by region is the count of the
//! whole board's search.

use super::{small_board, small_set};
use proptest::prelude::*;

use crate::geom::{Cell, Grid};
use crate::model::samples::{self, pentominoes};
use crate::model::{Board, PieceSet, Puzzle};
use crate::run::RunOptions;
use crate::solve::apart::Apart;
use crate::solve::{fillings, forced};
use crate::solve::{Engine, Solver, SymmetryMode};

/// The count of `puzzle` in `mode`, region by region (`split`) or not, on `engine` if
/// it applies; and whether the count went region by region.
fn count(puzzle: &Puzzle, mode: SymmetryMode, split: bool, engine: Engine) -> (u64, bool) {
    let mut solver = Solver::new(puzzle.clone(), mode);
    solver.use_engine(engine);
    solver.split_regions = split;
    let apart = Apart::plan(&solver, &RunOptions::default()).is_some();
    let report = solver.count();
    assert!(report.complete);
    (report.solutions.to_u64().unwrap(), apart)
}

/// The 6×10 rectangle and a 1×5 strip `gap` rows below it, the pentominoes with a
/// second I.
fn far_strip(gap: i32) -> Puzzle {
    let mut cells: Vec<Cell> = (0..6)
        .flat_map(|y| (0..10).map(move |x| Cell::new(x, y)))
        .collect();
    cells.extend((0..5).map(|x| Cell::new(x, 6 + gap)));
    let board = Board::of_cells("far strip", Grid::Square, &cells);
    let mut set = pentominoes();
    let i = set.by_name("I").expect("the I pentomino");
    (set.pieces[i].count, set.pieces[i].min) = (2, 2);
    Puzzle::new(board, set).unwrap()
}

/// Asserts that `puzzle` counts the 6×10's 9,356 tilings (Haselgrove and Haselgrove
/// 1960: 2,339 up to its four symmetries) in both modes, apart, and without the memo in
/// fewer than 2 M nodes: the 6×10 alone, with its symmetry, takes 1.18 M.
fn counts_the_6x10_apart(puzzle: &Puzzle) {
    for mode in [SymmetryMode::Keep, SymmetryMode::Reduce] {
        assert_eq!(
            count(puzzle, mode, true, Engine::Bitboard),
            (9356, true),
            "{mode:?}"
        );
        let mut solver = Solver::new(puzzle.clone(), mode);
        solver.memo = false;
        let report = solver.count();
        assert_eq!(report.solutions, 9356, "{mode:?}");
        let nodes = report.stats.nodes;
        assert!(nodes < 2_000_000, "{mode:?}: {nodes} nodes");
    }
}

#[test]
fn the_far_strip_counts_the_tilings_of_the_6x10() {
    // The strip takes an I, the 6×10 the twelve pentominoes; the board with the strip
    // has no symmetry but the identity, so both modes count 9,356. The whole board's
    // search takes 4.19 M nodes with the memo.
    let puzzle = far_strip(8);
    assert_eq!(fillings::regions(&puzzle).len(), 2);
    counts_the_6x10_apart(&puzzle);
}

/// The 6×10 rectangle with a 1×5 arm going on from its first row, the pentominoes with
/// a second I (`tests/data/wide/arm-6x10.toml`, the benchmark's file): only an I
/// reaches the arm's tip.
fn arm() -> Puzzle {
    let (board, set) =
        crate::model::library::load_puzzle("tests/data/wide/arm-6x10.toml", None).unwrap();
    Puzzle::new(board, set).unwrap()
}

#[test]
fn the_arm_is_settled_and_the_6x10_counted_on_its_own() {
    // The arm's tip has one placement, the I along the arm; once it is made the
    // 6×10 is what is left. The board is one region, so only settling the arm first
    // splits it; the whole board's search takes 8.08 M nodes with the memo (it fills
    // the arm last).
    let puzzle = arm();
    assert_eq!(fillings::regions(&puzzle).len(), 1);
    counts_the_6x10_apart(&puzzle);
}

#[test]
fn a_rest_with_pieces_to_spare_leaves_them_out() {
    // The arm with the square tetromino too, and pieces that may stay unused: once the
    // arm's I is settled, the 6×10 has a piece to spare, and its count leaves the
    // square out (`left_out.rs`) to count the plain 6×10 with its symmetry.
    let arm = arm();
    let mut set = arm.set.clone();
    set.pieces
        .extend(samples::pentominoes_and_square().pieces.pop());
    let mut board = arm.board;
    board.use_all_pieces = false;
    counts_the_6x10_apart(&Puzzle::new(board, set).unwrap());
}

#[test]
fn a_region_nothing_fills_ends_the_count() {
    // A 2×2 hole apart from the 6×10 and a piece set with a spare I: no pentomino fits
    // in 4 cells, so the count is 0 without a search of the 6×10.
    let mut cells: Vec<Cell> = (0..6)
        .flat_map(|y| (0..10).map(move |x| Cell::new(x, y)))
        .collect();
    cells.extend([(0, 8), (1, 8), (0, 9), (1, 9)].map(|(x, y)| Cell::new(x, y)));
    let mut board = Board::of_cells("hole", Grid::Square, &cells);
    board.use_all_pieces = false;
    let mut set = pentominoes();
    let i = set.by_name("I").expect("the I pentomino");
    (set.pieces[i].count, set.pieces[i].min) = (2, 2);
    let puzzle = Puzzle::new(board, set).unwrap();
    for mode in [SymmetryMode::Keep, SymmetryMode::Reduce] {
        let mut solver = Solver::new(puzzle.clone(), mode);
        solver.memo = false;
        let report = solver.count();
        assert_eq!(
            (report.solutions.to_u64(), report.complete),
            (Some(0), true),
            "{mode:?}"
        );
        assert!(report.stats.nodes < 100, "{} nodes", report.stats.nodes);
    }
}

/// Two 2×5 rooms side by side, 2 columns apart (the board's mirrors and half turn swap
/// them), and the pentominoes `names`, `copies` of each.
fn twin_rooms(names: &[&str], copies: u32, use_all: bool) -> Puzzle {
    let cells: Vec<Cell> = (0..5)
        .flat_map(|y| [0, 1, 4, 5].map(|x| Cell::new(x, y)))
        .collect();
    let mut board = Board::of_cells("twins", Grid::Square, &cells);
    board.use_all_pieces = use_all;
    let mut set = pentominoes();
    set.pieces.retain(|p| names.contains(&p.name.as_str()));
    for p in &mut set.pieces {
        (p.count, p.min) = (copies, copies);
    }
    Puzzle::new(board, set).unwrap()
}

#[test]
fn twin_rooms_are_counted_by_burnside_in_reduce_mode() {
    // Two Ls fill one room and two Ps the other: the board's group has order 4, and
    // reduce counts its classes by Burnside's lemma over the region-by-region count of
    // every tiling.
    let puzzle = twin_rooms(&["L", "P"], 2, true);
    for mode in [SymmetryMode::Keep, SymmetryMode::Reduce] {
        let (split, applied) = count(&puzzle, mode, true, Engine::Bitboard);
        let (whole, _) = count(&puzzle, mode, false, Engine::Bitboard);
        assert_eq!(split, whole, "{mode:?}");
        assert!(split > 0 && applied, "{mode:?}");
    }
    // With optional pieces the lemma does not apply: reduce searches the whole board.
    let puzzle = twin_rooms(&["I", "L", "P", "U", "Y"], 2, false);
    for mode in [SymmetryMode::Keep, SymmetryMode::Reduce] {
        let (split, applied) = count(&puzzle, mode, true, Engine::Bitboard);
        let (whole, _) = count(&puzzle, mode, false, Engine::Bitboard);
        assert_eq!(split, whole, "{mode:?}");
        assert!(split > 0);
        assert_eq!(applied, mode == SymmetryMode::Keep, "{mode:?}");
    }
}

/// A board of `grid` in a frame of `blocks` blocks of 3 columns, `h` rows, 2 columns of
/// nothing between blocks (so no piece crosses), open where `open` says (mirrored left
/// to right when `mirror`, so that the board may have a symmetry).
fn blocks_board(grid: Grid, blocks: i32, h: i32, open: &[bool], mirror: bool) -> Option<Board> {
    let w = 5 * blocks - 2;
    let cells: Vec<Cell> = (0..h)
        .flat_map(|y| (0..w).map(move |x| Cell::new(x, y)))
        .filter(|c| c.x % 5 < 3)
        .filter(|c| grid != Grid::Hex || (c.x + c.y) % 2 == 0)
        .filter(|c| {
            let x = if mirror { c.x.min(w - 1 - c.x) } else { c.x };
            open[(c.y * w + x) as usize % open.len()]
        })
        .collect();
    (!cells.is_empty()).then(|| Board::of_cells("regions", grid, &cells))
}

/// `set` with monominoes added to make up its area to `open` cells (when it falls
/// short), so that a board that uses every piece can be a puzzle; and, when pieces may
/// stay unused, at least `spare` of them, so that most boards have tilings.
fn made_up(grid: Grid, mut set: PieceSet, open: usize, spare: u32) -> PieceSet {
    let area: usize = set
        .pieces
        .iter()
        .map(|p| p.shape.len() * p.count as usize)
        .sum();
    let more = (open.saturating_sub(area) as u32).max(spare);
    if more == 0 {
        return set;
    }
    let mut one = samples::polyforms(grid, 1, false).pieces.remove(0);
    if let Some(p) = set.pieces.iter_mut().find(|p| p.shape == one.shape) {
        p.count += more;
        p.min = p.count;
    } else {
        (one.count, one.min) = (more, more);
        (one.label, one.name) = ('M', "M".into());
        set.pieces.push(one);
    }
    set
}

proptest! {
    // Most random boards force nothing: up to 20 are drawn for each one that does.
    #![proptest_config(ProptestConfig {
        max_global_rejects: 8192,
        ..ProptestConfig::with_cases(
            std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(96)
        )
    })]

    #[test]
    fn counts_after_settling_forced_placements_are_those_of_the_whole_search(
        grid in prop_oneof![2 => Just(Grid::Square), 1 => Just(Grid::Hex), 1 => Just(Grid::Triangle)],
        w in 3..=7i32,
        h in 1..=4i32,
        open in prop::collection::vec(prop::bool::weighted(0.7), 28),
        picks in prop::collection::vec((0..64usize, 1..=3u32), 1..=3),
        use_all in any::<bool>(),
        dlx in prop::bool::weighted(0.25),
    ) {
        let board = small_board(grid, w, h, &open);
        prop_assume!(board.is_some(), "no open cell");
        let mut board = board.expect("assumed");
        board.use_all_pieces = use_all;
        let mut set = small_set(grid, &picks);
        if use_all {
            set = made_up(grid, set, board.open_count(), 0);
        }
        let puzzle = Puzzle::new(board, set);
        prop_assume!(puzzle.is_ok(), "the board and pieces make no puzzle");
        let puzzle = puzzle.expect("assumed");
        let settled = forced::settle(&puzzle, &fillings::placement_cells(&puzzle));
        prop_assume!(settled.placed() > 0, "nothing forced");
        let engine = if dlx { Engine::Dlx } else { Engine::Bitboard };
        for mode in [SymmetryMode::Keep, SymmetryMode::Reduce] {
            let (split, applied) = count(&puzzle, mode, true, engine);
            let (whole, _) = count(&puzzle, mode, false, engine);
            prop_assert_eq!(split, whole, "{:?}", mode);
            if mode == SymmetryMode::Keep {
                prop_assume!(applied, "everything settled, or too many fillings");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(96)
    ))]

    #[test]
    fn counts_region_by_region_are_those_of_the_whole_search(
        grid in prop_oneof![2 => Just(Grid::Square), 1 => Just(Grid::Hex), 1 => Just(Grid::Triangle)],
        blocks in 2..=3i32,
        h in 1..=3i32,
        open in prop::collection::vec(prop::bool::weighted(0.8), 39),
        mirror in any::<bool>(),
        picks in prop::collection::vec((0..64usize, 1..=3u32), 1..=3),
        use_all in any::<bool>(),
        pad in prop::bool::weighted(0.75),
        dlx in prop::bool::weighted(0.25),
    ) {
        let board = blocks_board(grid, blocks, h, &open, mirror);
        prop_assume!(board.is_some(), "no open cell");
        let mut board = board.expect("assumed");
        board.use_all_pieces = use_all;
        let mut set = small_set(grid, &picks);
        if use_all || pad {
            let spare = if use_all { 0 } else { 3 };
            set = made_up(grid, set, board.open_count(), spare);
        }
        let puzzle = Puzzle::new(board, set);
        prop_assume!(puzzle.is_ok(), "the board and pieces make no puzzle");
        let puzzle = puzzle.expect("assumed");
        prop_assume!(fillings::regions(&puzzle).len() >= 2, "one region");
        let engine = if dlx { Engine::Dlx } else { Engine::Bitboard };
        for mode in [SymmetryMode::Keep, SymmetryMode::Reduce] {
            let (split, applied) = count(&puzzle, mode, true, engine);
            let (whole, _) = count(&puzzle, mode, false, engine);
            prop_assert_eq!(split, whole, "{:?}", mode);
            if mode == SymmetryMode::Keep {
                prop_assume!(applied, "too many fillings to count region by region");
            }
        }
    }
}
