//! Property tests of whole tilings (STYLE item 12): random small boards and piece sets,
//! counted by the brute-force tiler of [`super::oracle`], which knows nothing of exact
//! cover, on the square grid's moves, and by polyx.
//!
//! - `keep` reports exactly the brute-force tilings, each once, each an exact cover;
//! - rotating or reflecting the board (and the pieces with it) keeps both counts;
//! - `keep` is the sum of the orbit sizes of the `reduce` solutions, and `reduce` is the
//!   number of orbits among all tilings, with orbits computed here from the board alone.
//!
//! Boards that use every piece may give pieces ranges of copies (`count = [min, max]`).
//! A tiling is compared as a set of (piece kind, cells), so identical copies are never
//! told apart. The number of cases is `PROPTEST_CASES`, or 128 per property.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use super::oracle::{self, Budget, Key, Kind, Layout, Moves};
use crate::geom::{Cell, Grid, Shape, Transform};
use crate::model::{Board, Piece, PieceSet, Puzzle, Square, Tiling};
use crate::solve::{Solver, SymmetryMode};
use proptest::prelude::*;
use proptest::sample::Index;

/// The free monominoes to tetrominoes; each kind of a random set is one of these,
/// transformed (so a one-sided L and a one-sided J can meet).
const SHAPES: [&str; 9] = [
    "#", "##", "###", "##\n#.", "####", "##\n##", "###\n.#.", ".##\n##.", "###\n#..",
];

/// More tilings than 4000 and the case is skipped (pieces and cells both optional can
/// explode; the generator keeps such cases rare), and so it is past 200,000 nodes of the
/// brute force (ranges of copies on a board whose cells may stay empty can search long
/// for few tilings).
const BUDGET: Budget = Budget {
    tilings: 4000,
    nodes: 200_000,
};

/// The square grid's eight moves, as the oracle sees them: polyx's `Transform`s, with
/// every shift a translation.
struct Squares;

impl Moves for Squares {
    fn count(&self) -> usize {
        Transform::ALL.len()
    }

    fn apply(&self, t: usize, c: Cell) -> Cell {
        Transform::ALL[t].apply(c)
    }

    fn is_rotation(&self, t: usize) -> bool {
        Transform::ALL[t].is_rotation()
    }

    fn translation(&self, _: Cell) -> bool {
        true
    }

    fn normalized(&self, cells: &[Cell]) -> Vec<Cell> {
        let min_x = cells.iter().map(|c| c.x).min().unwrap_or(0);
        let min_y = cells.iter().map(|c| c.y).min().unwrap_or(0);
        let mut out: Vec<Cell> = cells
            .iter()
            .map(|c| Cell::new(c.x - min_x, c.y - min_y))
            .collect();
        out.sort();
        out
    }
}

// ---------------------------------------------------------------------------------------
// Random puzzles

/// The raw random choices; [`Case::layout`] turns them into the oracle's [`Layout`].
#[derive(Clone, Debug)]
struct Case {
    width: i32,
    height: i32,
    /// Per kind: shape index, transform index, copies, may be turned over.
    kinds: Vec<(usize, usize, u32, bool)>,
    /// Per kind, when every piece is used: copies below and above those dropped that a
    /// range `count = [min, max]` allows (0 and 0 for an exact count).
    slack: Vec<(u32, u32)>,
    /// Per copy, in order: orientation choice and the square where the search for a
    /// free spot starts.
    drops: Vec<(usize, i32, i32)>,
    /// For each square no dropped copy covers: 0 open, 1-2 blocked, 3-4 outside.
    rest: Vec<u8>,
    /// Which dropped copy, if any, becomes a pre-placed piece.
    preplace: Option<Index>,
    use_all_pieces: bool,
    cover_all_cells: bool,
}

fn case() -> impl Strategy<Value = Case> {
    let kind = (0..SHAPES.len(), 0..8usize, 1..=3u32, any::<bool>());
    let flags = prop_oneof![
        3 => Just((true, true)),
        1 => Just((false, true)),
        1 => Just((true, false)),
        1 => Just((false, false)),
    ];
    (
        1..=5i32,
        1..=5i32,
        prop::collection::vec(kind, 1..=4),
        prop::collection::vec((0..8usize, 0..5i32, 0..5i32), 12),
        prop::collection::vec(0..5u8, 25),
        prop::option::of(any::<Index>()),
        flags,
        prop::collection::vec(prop_oneof![3 => Just((0, 0)), 1 => (0..=2u32, 0..=2u32)], 4),
    )
        .prop_map(
            |(width, height, kinds, drops, rest, preplace, (use_all, cover_all), slack)| Case {
                width,
                height,
                kinds,
                slack,
                drops,
                rest,
                preplace,
                use_all_pieces: use_all,
                cover_all_cells: cover_all,
            },
        )
}

impl Case {
    /// The rectangle as the frame, the kinds' shapes transformed, and each drop's start
    /// square as its index row by row.
    fn layout(&self) -> Layout {
        let (w, h) = (self.width, self.height);
        let kinds = (self.kinds.iter().zip(&self.slack))
            .map(|(&(s, t, copies, mirror), &slack)| {
                let shape = Shape::from_picture(SHAPES[s]).expect("a shape");
                Kind {
                    shape: Grid::Square.lattice().shape_image(t, &shape),
                    copies,
                    mirror,
                    slack,
                }
            })
            .collect();
        Layout {
            frame: Board::rectangle("frame", w, h),
            kinds,
            drops: (self.drops.iter())
                .map(|&(o, x, y)| (o, (y * w + x) as usize))
                .collect(),
            rest: self.rest.clone(),
            preplace: self.preplace,
            use_all_pieces: self.use_all_pieces,
            cover_all_cells: self.cover_all_cells,
        }
    }
}

fn brute_force(board: &Board, set: &PieceSet) -> Option<BTreeSet<Key>> {
    oracle::brute_force(&Squares, board, set, BUDGET)
}

// ---------------------------------------------------------------------------------------
// polyx's side

fn key(t: &Tiling) -> Key {
    t.placements
        .iter()
        .map(|p| (p.piece, p.cells.clone()))
        .collect()
}

/// The tilings polyx reports, each checked to be an exact cover; and its count.
fn solve(board: &Board, set: &PieceSet, mode: SymmetryMode) -> (Vec<Key>, u64) {
    let puzzle = Puzzle::new(board.clone(), set.clone()).expect("a valid random puzzle");
    let solver = Solver::new(puzzle, mode);
    let mut found = Vec::new();
    let report = solver.run(None, |t| {
        assert_eq!(solver.puzzle.verify(t), Ok(()));
        found.push(key(t));
        ControlFlow::Continue(())
    });
    assert!(report.complete);
    assert_eq!(report.solutions, found.len() as u64);
    (found, solver.count().solutions.to_u64().unwrap())
}

/// The board and pieces under transform `t`, pre-placed and blocked squares moved along.
fn transformed(board: &Board, set: &PieceSet, t: Transform) -> (Board, PieceSet) {
    let (w, h) = if t.swaps_axes() {
        (board.height, board.width)
    } else {
        (board.width, board.height)
    };
    let images: Vec<Cell> = board.cells().map(|c| t.apply(c)).collect();
    let min_x = images.iter().map(|c| c.x).min().unwrap_or(0);
    let min_y = images.iter().map(|c| c.y).min().unwrap_or(0);
    let mut squares = vec![Square::Outside; (w * h) as usize];
    for (c, image) in board.cells().zip(&images) {
        squares[((image.y - min_y) * w + image.x - min_x) as usize] = board.square(c);
    }
    let mut out = Board::new(format!("{}-{t}", board.name), w, h, squares);
    out.use_all_pieces = board.use_all_pieces;
    out.cover_all_cells = board.cover_all_cells;
    let mut set = set.clone();
    for p in &mut set.pieces {
        p.shape = Shape::new(p.shape.cells().iter().map(|&c| t.apply(c))).expect("an image");
    }
    (out, set)
}

fn puzzle_and_tilings(c: &Case) -> Result<(Board, PieceSet, BTreeSet<Key>), TestCaseError> {
    oracle::puzzle_and_tilings(&Squares, &c.layout(), BUDGET)
}

proptest! {
    #![proptest_config(oracle::config(128))]

    /// `keep` reports exactly the brute-force tilings, each once, and counts them.
    #[test]
    fn keep_agrees_with_brute_force(c in case()) {
        let (board, set, all) = puzzle_and_tilings(&c)?;
        let (found, count) = solve(&board, &set, SymmetryMode::Keep);
        let distinct: BTreeSet<Key> = found.iter().cloned().collect();
        prop_assert_eq!(distinct.len(), found.len(), "a tiling was reported twice");
        prop_assert_eq!(&distinct, &all);
        prop_assert_eq!(count, all.len() as u64);
    }

    /// All 8 transforms of the board (and of the pieces, for one-sided ones) keep both
    /// counts.
    #[test]
    fn transforms_keep_the_counts(c in case()) {
        let (board, set, all) = puzzle_and_tilings(&c)?;
        let reduce = solve(&board, &set, SymmetryMode::Reduce).1;
        for t in Transform::ALL {
            let (b, s) = transformed(&board, &set, t);
            prop_assert_eq!(solve(&b, &s, SymmetryMode::Keep).1, all.len() as u64, "{}", t);
            prop_assert_eq!(solve(&b, &s, SymmetryMode::Reduce).1, reduce, "{}", t);
        }
    }

    /// `keep` is the sum of the orbit sizes of the `reduce` solutions, each orbit made of
    /// valid tilings, and `reduce` reports one tiling from each orbit.
    #[test]
    fn reduce_reports_one_tiling_per_orbit(c in case()) {
        let (board, set, all) = puzzle_and_tilings(&c)?;
        let group = oracle::symmetries(&Squares, &board, &set);
        let (reduced, count) = solve(&board, &set, SymmetryMode::Reduce);
        prop_assert_eq!(count, reduced.len() as u64);
        let mut total = 0;
        let mut classes = BTreeSet::new();
        for t in &reduced {
            let o = oracle::orbit(t, &group);
            prop_assert!(o.is_subset(&all), "an image of {:?} is no tiling", t);
            total += o.len();
            classes.insert(o.into_iter().next().expect("t itself"));
        }
        prop_assert_eq!(total, all.len(), "sum of orbit sizes ({} symmetries)", group.len());
        prop_assert_eq!(classes.len(), reduced.len(), "two reduce solutions in one orbit");
        let orbits: BTreeSet<Key> = all
            .iter()
            .map(|t| oracle::representative(t, &group))
            .collect();
        prop_assert_eq!(orbits.len(), reduced.len(), "orbits among all tilings");
    }
}

/// The two bugs these properties found, as plain examples.
mod found {
    use super::*;

    fn monominoes(mirror: bool) -> PieceSet {
        let piece = |label: char| Piece {
            name: label.to_string(),
            label,
            shape: Shape::from_picture("#").expect("a shape"),
            count: 1,
            min: 1,
            mirror,
            color: None,
        };
        PieceSet {
            grid: crate::geom::Grid::Square,
            name: "monominoes".into(),
            description: String::new(),
            pieces: vec![piece('A'), piece('B')],
        }
    }

    /// With neither pieces nor cells required, no item was primary and the engine stopped
    /// at the empty tiling.
    #[test]
    fn both_optional_counts_every_packing() {
        let mut board = Board::rectangle("1x2", 2, 1);
        board.use_all_pieces = false;
        board.cover_all_cells = false;
        // Each cell empty, A or B, never both A or both B: 3 * 3 - 2.
        let set = monominoes(true);
        assert_eq!(solve(&board, &set, SymmetryMode::Keep).1, 7);
        assert_eq!(brute_force(&board, &set).map(|all| all.len()), Some(7));
    }

    /// A one-sided piece that is its own mirror image stays itself under a reflection,
    /// even when another one-sided piece has the same shape.
    #[test]
    fn one_sided_twins_keep_the_mirror_symmetry() {
        // Two cells that only the left-right reflection swaps:
        //  #
        // .#.
        use Square::{Blocked as B, Open as O, Outside as X};
        let board = Board::new("mirror only", 3, 2, vec![X, B, X, O, B, O]);
        for mirror in [true, false] {
            let set = monominoes(mirror);
            assert_eq!(solve(&board, &set, SymmetryMode::Keep).1, 2);
            assert_eq!(solve(&board, &set, SymmetryMode::Reduce).1, 1, "{mirror}");
        }
    }
}

/// One-sided sets whose reflections swap mirror pieces: `reduce` restricts one of them
/// under the rotations and must still report one tiling per orbit.
mod mirror_pairs {
    use super::*;

    fn one_sided(pieces: &[(char, &str)]) -> PieceSet {
        PieceSet {
            grid: crate::geom::Grid::Square,
            name: "one-sided".into(),
            description: String::new(),
            pieces: pieces
                .iter()
                .map(|&(label, picture)| Piece {
                    name: label.to_string(),
                    label,
                    shape: Shape::from_picture(picture).expect("a shape"),
                    count: 1,
                    min: 1,
                    mirror: false,
                    color: None,
                })
                .collect(),
        }
    }

    #[test]
    fn reduce_prunes_and_reports_one_tiling_per_orbit() {
        let l = ('L', "#.\n#.\n##");
        let j = ('J', ".#\n.#\n##");
        let s = ('S', ".##\n##.");
        let z = ('Z', "##.\n.##");
        let o = ('O', "##\n##");
        let i = ('I', "####");
        let t = ('T', "###\n.#.");
        let cases: Vec<(Board, PieceSet)> = vec![
            (Board::rectangle("4x4", 4, 4), one_sided(&[l, j, s, z])),
            (Board::rectangle("2x8", 8, 2), one_sided(&[l, j, s, z])),
            (Board::rectangle("4x4", 4, 4), one_sided(&[l, j, o, i])),
            (Board::rectangle("4x5", 5, 4), one_sided(&[l, j, s, z, t])),
            (
                Board::rectangle("4x6", 6, 4),
                one_sided(&[l, j, s, z, o, i]),
            ),
        ];
        let mut checked = 0;
        for (board, set) in cases {
            let Some(all) = brute_force(&board, &set) else {
                continue;
            };
            let group = oracle::symmetries(&Squares, &board, &set);
            let (reduced, count) = solve(&board, &set, SymmetryMode::Reduce);
            let orbits: BTreeSet<Key> = all
                .iter()
                .map(|t| oracle::representative(t, &group))
                .collect();
            assert_eq!(
                count,
                orbits.len() as u64,
                "{} with {}",
                board.name,
                set.pieces.len()
            );
            let classes: BTreeSet<Key> = reduced
                .iter()
                .map(|t| oracle::representative(t, &group))
                .collect();
            assert_eq!(
                classes, orbits,
                "{}: one tiling from every orbit",
                board.name
            );
            assert_eq!(solve(&board, &set, SymmetryMode::Keep).1, all.len() as u64);
            let solver = Solver::new(
                Puzzle::new(board.clone(), set.clone()).unwrap(),
                SymmetryMode::Reduce,
            );
            if group.len() > 1 {
                assert!(
                    solver.reduction.piece.is_some(),
                    "{}: the search is pruned",
                    board.name
                );
            }
            if !all.is_empty() {
                checked += 1;
            }
        }
        assert!(checked >= 2, "only {checked} cases had tilings");
    }
}
