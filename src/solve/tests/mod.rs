//! The solver's counts and listings on both engines and in both modes.

use std::ops::ControlFlow;

use super::*;
use crate::geom::Grid;
use crate::model::samples::{self, pentominoes};
use crate::model::{Board, PieceSet, Puzzle, Square};
use crate::symmetry::Reduction;

mod apart;
mod first;
mod grid_props;
mod oracle;
mod regions;
mod runs;
mod shard_balance;
mod solid_props;
mod tiling_props;

/// Small shapes of `grid` (one to four cells), `copies` of each picked (a shape picked
/// twice is taken once), labelled A, B, …: random piece sets for the property tests.
pub(super) fn small_set(grid: Grid, picks: &[(usize, u32)]) -> PieceSet {
    let mut all = Vec::new();
    for n in 1..=4 {
        all.extend(samples::polyforms(grid, n, false).pieces);
    }
    let mut set = samples::polyforms(grid, 1, false);
    set.pieces.clear();
    for &(k, copies) in picks {
        let mut piece = all[k % all.len()].clone();
        if set.pieces.iter().any(|p| p.shape == piece.shape) {
            continue;
        }
        let label = (b'A' + set.pieces.len() as u8) as char;
        (piece.count, piece.min) = (copies, copies);
        (piece.label, piece.name) = (label, label.to_string());
        set.pieces.push(piece);
    }
    set
}

/// A board of `grid` with open cells where `open` says, in a `w × h` frame.
pub(super) fn small_board(grid: Grid, w: i32, h: i32, open: &[bool]) -> Option<Board> {
    let cells: Vec<crate::geom::Cell> = (0..h)
        .flat_map(|y| (0..w).map(move |x| crate::geom::Cell::new(x, y)))
        .zip(open)
        .filter(|&(c, &o)| o && (grid != Grid::Hex || (c.x + c.y) % 2 == 0))
        .map(|(c, _)| c)
        .collect();
    (!cells.is_empty()).then(|| Board::of_cells("random", grid, &cells))
}

fn count(board: Board, set: PieceSet, mode: SymmetryMode) -> (u64, usize) {
    let puzzle = Puzzle::new(board, set).unwrap();
    let rows = puzzle.placements.len();
    let n = Solver::new(puzzle, mode).count().solutions;
    (n.to_u64().unwrap(), rows)
}

#[test]
fn pentomino_rectangles() {
    for (w, h, keep, reduce, rows) in [(20, 3, 8, 2, 1236), (15, 4, 1472, 368, 1696)] {
        let b = || Board::rectangle("r", w, h);
        assert_eq!(count(b(), pentominoes(), SymmetryMode::Keep), (keep, rows));
        assert_eq!(count(b(), pentominoes(), SymmetryMode::Reduce).0, reduce);
    }
}

fn parallelogram(grid: Grid, w: i32, h: i32) -> Board {
    Board::of_cells("parallelogram", grid, &grid.lattice().parallelogram(w, h))
}

#[test]
fn hexiamonds_in_parallelograms() {
    // The 12 hexiamonds tile the 6 × 6 rhombus in 156 ways up to its 4 symmetries, 624 in
    // all, and cannot tile the 3 × 12 parallelogram (Polyform Puzzler, "Hexiamonds":
    // https://www.polyforms.eu/ and Knuth, TAOCP 7.2.2.1).
    let hexiamonds = || samples::polyforms(Grid::Triangle, 6, false);
    assert_eq!(hexiamonds().pieces.len(), 12);
    let b = || parallelogram(Grid::Triangle, 6, 6);
    assert_eq!(count(b(), hexiamonds(), SymmetryMode::Keep).0, 624);
    assert_eq!(count(b(), hexiamonds(), SymmetryMode::Reduce).0, 156);
    let b = || parallelogram(Grid::Triangle, 12, 3);
    assert_eq!(count(b(), hexiamonds(), SymmetryMode::Keep).0, 0);
}

/// A box of `size = [x, y, z]` on `grid`.
fn solid_box(grid: Grid, [x, y, z]: [i32; 3]) -> Board {
    let cells: Vec<_> = (0..z)
        .flat_map(|k| (0..y).flat_map(move |j| (0..x).map(move |i| crate::geom::Cell::at(i, j, k))))
        .collect();
    Board::of_cells("box", grid, &cells)
}

/// The seven Soma pieces: every polycube of 3 or 4 cubes that is not a box (the bent
/// tricube and the six tetracubes other than the straight one and the square), one-sided
/// as physical pieces are.
fn soma() -> PieceSet {
    let cube = Grid::Cube.lattice();
    let is_box = |s: &crate::geom::Shape| (s.width() * s.height() * s.depth()) as usize == s.len();
    let mut set = samples::polyforms(Grid::Cube, 4, true);
    let tricube = samples::polyforms(Grid::Cube, 3, true).pieces;
    set.pieces.retain(|p| !is_box(&p.shape));
    set.pieces
        .extend(tricube.into_iter().filter(|p| !is_box(&p.shape)));
    for (p, label) in set.pieces.iter_mut().zip('A'..) {
        (p.label, p.name) = (label, label.to_string());
        assert!(p.shape.is_connected(cube));
    }
    set
}

#[test]
fn soma_cube() {
    // The Soma cube has 240 solutions up to the 48 symmetries of the cube, 11,520 in all
    // (Conway and Guy; Berlekamp, Conway and Guy, "Winning Ways", ch. 24; OEIS and
    // Gardner's "Mathematical Games", September 1958).
    assert_eq!(soma().pieces.len(), 7);
    let b = || solid_box(Grid::Cube, [3, 3, 3]);
    assert_eq!(count(b(), soma(), SymmetryMode::Keep).0, 11_520);
    assert_eq!(count(b(), soma(), SymmetryMode::Reduce).0, 240);
}

#[test]
fn scott_board() {
    let mut squares = vec![Square::Open; 64];
    for (x, y) in [(3, 3), (3, 4), (4, 3), (4, 4)] {
        squares[y * 8 + x] = Square::Blocked;
    }
    let b = || Board::new("scott", 8, 8, squares.clone());
    assert_eq!(count(b(), pentominoes(), SymmetryMode::Keep), (520, 1568));
    assert_eq!(count(b(), pentominoes(), SymmetryMode::Reduce).0, 65);
}

#[test]
fn dominoes_with_copies_count_each_tiling_once() {
    let set = crate::model::samples::dominoes(8);
    // 4x4 has 36 domino tilings.
    assert_eq!(
        count(
            Board::rectangle("4x4", 4, 4),
            set.clone(),
            SymmetryMode::Keep
        )
        .0,
        36
    );
    // 36 tilings of the 4x4 fall into 9 classes under the 8 symmetries... check by orbit sum.
    let puzzle = Puzzle::new(Board::rectangle("4x4", 4, 4), set).unwrap();
    let solver = Solver::new(puzzle, SymmetryMode::Reduce);
    let mut orbit_sum = 0;
    solver.run(None, |t| {
        let mut s: Vec<usize> = t
            .placements
            .iter()
            .map(|p| {
                solver
                    .puzzle
                    .placements
                    .iter()
                    .position(|q| q == p)
                    .unwrap()
            })
            .collect();
        s.sort();
        orbit_sum += solver.reduction.group.orbit(&s).len();
        ControlFlow::Continue(())
    });
    assert_eq!(orbit_sum, 36);
}

/// The count in `mode` by both engines (they must agree), and which engine `new` chose.
fn both(puzzle: &Puzzle, mode: SymmetryMode) -> (u64, Engine) {
    let mut solver = Solver::new(puzzle.clone(), mode);
    let chosen = solver.engine;
    let fast = solver.count();
    assert!(solver.use_engine(Engine::Dlx));
    let slow = solver.count();
    assert_eq!(
        fast.solutions, slow.solutions,
        "{} {mode:?}",
        puzzle.board.name
    );
    (fast.solutions.to_u64().unwrap(), chosen)
}

#[test]
fn both_engines_agree_on_pentomino_puzzles() {
    use crate::model::samples::*;
    for (puzzle, keep, reduce) in [
        (pentomino_rectangle(20, 3), 8, 2),
        (pentomino_rectangle(15, 4), 1472, 368),
        (pentomino_rectangle(12, 5), 4040, 1010),
        (pentomino_rectangle(10, 6), 9356, 2339),
        (scott(), 520, 65),
    ] {
        assert_eq!(both(&puzzle, SymmetryMode::Keep), (keep, Engine::Bitboard));
        assert_eq!(
            both(&puzzle, SymmetryMode::Reduce),
            (reduce, Engine::Bitboard)
        );
    }
}

#[test]
fn both_engines_agree_on_dominoes_and_list_the_same_tilings() {
    use crate::model::samples::*;
    for (w, h, keep) in [(4, 4, 36), (6, 6, 6728), (4, 7, 781)] {
        let puzzle = domino_rectangle(w, h);
        assert_eq!(both(&puzzle, SymmetryMode::Keep).0, keep);
        let reduce = both(&puzzle, SymmetryMode::Reduce).0;
        let mut tilings = Vec::new();
        for engine in [Engine::Bitboard, Engine::Dlx] {
            let mut solver = Solver::new(puzzle.clone(), SymmetryMode::Keep);
            assert!(solver.use_engine(engine));
            let mut all = Vec::new();
            let report = solver.run(None, |t| {
                let mut t = t.placements.clone();
                t.sort();
                all.push(t);
                ControlFlow::Continue(())
            });
            assert_eq!(report.solutions, keep);
            all.sort();
            tilings.push(all);
        }
        assert_eq!(tilings[0], tilings[1]);
        assert!(reduce * 8 >= keep && reduce <= keep);
    }
}

/// Every solution `solver` reports, as sorted lists of placements' cells, sorted.
fn reported(solver: &Solver) -> Vec<Vec<Vec<crate::geom::Cell>>> {
    let mut out = Vec::new();
    solver.run(None, |t| {
        let mut cells: Vec<_> = t.placements.iter().map(|p| p.cells.clone()).collect();
        cells.sort();
        out.push(cells);
        ControlFlow::Continue(())
    });
    out.sort();
    out
}

#[test]
fn the_parts_of_a_reduction_report_the_same_classes_as_one_search() {
    // The bitboard engine searches the reduction's parts (a second piece restricted
    // below the symmetric representatives of the first); DLX searches one tree and
    // filters. Both report the same solution of each class, in both modes.
    use crate::model::samples::*;
    for (puzzle, parts) in [(scott(), 2), (pentomino_rectangle(20, 3), 2)] {
        let reduction = Reduction::new(&puzzle);
        assert!(reduction.second.is_some());
        let all = reduction.parts(&puzzle);
        assert_eq!(all.len(), parts, "{}", puzzle.board.name);
        for part in &all {
            assert!((part.iter().zip(&reduction.allowed)).all(|(&p, &a)| a || !p));
        }
        for mode in [SymmetryMode::Reduce, SymmetryMode::Keep] {
            let mut solver = Solver::new(puzzle.clone(), mode);
            assert_eq!(solver.engine, Engine::Bitboard);
            let fast = reported(&solver);
            assert!(solver.use_engine(Engine::Dlx));
            let slow = reported(&solver);
            assert_eq!(fast.len(), slow.len(), "{} {mode:?}", puzzle.board.name);
            assert_eq!(fast, slow, "{} {mode:?}", puzzle.board.name);
        }
    }
}

/// Every set of `n` pentominoes with X, on a `w` x `h` board: the bitboard engine
/// and DLX report the same classes, in both modes. Returns the sets and the runs
/// with a tiling.
fn pentomino_sets_agree(w: i32, h: i32, n: usize) -> (usize, usize) {
    use crate::model::samples::pentominoes;
    let all = pentominoes();
    let x = all.pieces.iter().position(|p| p.name == "X").unwrap();
    let others: Vec<usize> = (0..all.pieces.len()).filter(|&k| k != x).collect();
    let (mut sets, mut tiled) = (0, 0);
    for mask in 0u32..1 << others.len() {
        if mask.count_ones() as usize != n - 1 {
            continue;
        }
        let mut keep = vec![x];
        keep.extend(
            (0..others.len())
                .filter(|&i| mask >> i & 1 == 1)
                .map(|i| others[i]),
        );
        let mut set = all.clone();
        set.pieces = keep.iter().map(|&k| all.pieces[k].clone()).collect();
        let board = crate::model::Board::rectangle("r", w, h);
        let puzzle = Puzzle::new(board, set).unwrap();
        assert!(Reduction::new(&puzzle).parts(&puzzle).len() >= 2);
        for mode in [SymmetryMode::Reduce, SymmetryMode::Keep] {
            let mut solver = Solver::new(puzzle.clone(), mode);
            assert_eq!(solver.engine, Engine::Bitboard);
            let fast = reported(&solver);
            let fast_count = solver.count().solutions;
            assert!(solver.use_engine(Engine::Dlx));
            let slow = reported(&solver);
            assert_eq!(fast, slow, "{keep:?} {mode:?}");
            assert_eq!(fast_count, slow.len() as u64, "{keep:?} {mode:?}");
            tiled += usize::from(!fast.is_empty());
        }
        sets += 1;
    }
    (sets, tiled)
}

#[test]
fn pentomino_sets_with_x_agree_on_both_engines() {
    // Every X placement on the 5x5 square is fixed by some symmetry, and on the 6x5
    // rectangle those on the middle row are: so every set searches the parts below
    // symmetric representatives (with another piece as the second), while DLX
    // searches one tree and filters.
    assert_eq!(pentomino_sets_agree(5, 5, 5), (330, 4));
    let (sets, tiled) = pentomino_sets_agree(6, 5, 6);
    assert_eq!(sets, 462);
    assert!(tiled >= 20, "{tiled}");
}

#[test]
fn the_reduction_restricts_the_most_constrained_pieces() {
    use crate::model::library::load_puzzle;
    use crate::model::samples::eight_by_eight_square;
    let puzzle = eight_by_eight_square();
    let r = Reduction::new(&puzzle);
    let name = |k: usize| puzzle.set.pieces[k].name.clone();
    // X has the fewest placements (36; I 64); below X on a diagonal, I, none of whose
    // placements the diagonal reflection fixes (the 2x2 square has fewer placements,
    // but 7 on the diagonal).
    assert_eq!(r.piece.map(name), Some("X".to_string()));
    assert_eq!(r.second.map(name), Some("I".to_string()));
    let mut symmetric = 0;
    for (&rep, stab) in &r.stabilizer {
        if stab.is_empty() {
            assert!(r.accepts_all_with(&[rep], false));
        } else {
            // Only in a part, where I sits at the least of its images, does every
            // solution count without a look at it.
            assert!(!r.accepts_all_with(&[rep], false));
            assert!(r.accepts_all_with(&[rep], true));
            symmetric += 1;
        }
    }
    assert_eq!(symmetric, 3);
    // NOI2005: J has the fewest placements (28; D, with 36, made a tree 2.6 times
    // larger).
    let (b, s) = load_puzzle("noi2005", None).unwrap();
    let puzzle = Puzzle::new(b, s).unwrap();
    let r = Reduction::new(&puzzle);
    assert_eq!(
        r.piece.map(|k| puzzle.set.pieces[k].name.clone()),
        Some("J".to_string())
    );
}

#[test]
fn classes_counted_by_burnside_match_the_classes_listed() {
    // Dominoes have copies, so no piece is restricted: a count takes Burnside's
    // lemma, a listing keeps the least tiling of each class.
    use crate::model::samples::domino_rectangle;
    for (w, h) in [(2, 2), (4, 4), (2, 6), (4, 5), (6, 6), (5, 6)] {
        let solver = Solver::new(domino_rectangle(w, h), SymmetryMode::Reduce);
        assert!(solver.reduction.piece.is_none());
        let listed = reported(&solver).len() as u64;
        assert_eq!(solver.count().solutions, listed, "{w}x{h}");
        let mut dlx = Solver::new(domino_rectangle(w, h), SymmetryMode::Reduce);
        assert!(dlx.use_engine(Engine::Dlx));
        assert_eq!(dlx.count().solutions, listed, "{w}x{h} on DLX");
    }
    // 8x8, the count that `tests/long_runs.rs` interrupts and resumes.
    let solver = Solver::new(domino_rectangle(8, 8), SymmetryMode::Reduce);
    assert_eq!(solver.count().solutions, 1_629_189);
}

#[test]
fn dominoes_8x8_on_the_bitboard_engine() {
    let puzzle = crate::model::samples::domino_rectangle(8, 8);
    let solver = Solver::new(puzzle, SymmetryMode::Keep);
    assert_eq!(solver.engine, Engine::Bitboard);
    assert_eq!(solver.count().solutions, 12_988_816);
}

#[test]
fn dlx_runs_when_cells_may_stay_empty() {
    let mut board = Board::rectangle("r", 4, 4);
    board.cover_all_cells = false;
    let puzzle = Puzzle::new(board, crate::model::samples::dominoes(8)).unwrap();
    let mut solver = Solver::new(puzzle, SymmetryMode::Keep);
    assert_eq!(solver.engine, Engine::Dlx);
    assert!(!solver.use_engine(Engine::Bitboard));
}
