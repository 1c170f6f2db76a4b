//! Property tests of whole tilings (STYLE item 12): random small boards and piece sets,
//! counted by a brute-force tiler that knows nothing of exact cover and by polyx.
//!
//! - `keep` reports exactly the brute-force tilings, each once, each an exact cover;
//! - rotating or reflecting the board (and the pieces with it) keeps both counts;
//! - `keep` is the sum of the orbit sizes of the `reduce` solutions, and `reduce` is the
//!   number of orbits among all tilings, with orbits computed here from the board alone.
//!
//! Boards that use every piece may give pieces ranges of copies (`count = [min, max]`).
//! A tiling is compared as a set of (piece kind, cells), so identical copies are never
//! told apart. The number of cases is `PROPTEST_CASES`, or 128 per property.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::ControlFlow;

use crate::geom::{Cell, Grid, Shape, Transform};
use crate::model::{Board, Piece, PieceSet, Puzzle, Square, Tiling};
use crate::solve::{Solver, SymmetryMode};
use proptest::prelude::*;
use proptest::sample::Index;

/// A tiling as a set of (piece index, sorted cells), pre-placed pieces included.
type Key = BTreeSet<(usize, Vec<Cell>)>;

/// The free monominoes to tetrominoes; each kind of a random set is one of these,
/// transformed (so a one-sided L and a one-sided J can meet).
const SHAPES: [&str; 9] = [
    "#", "##", "###", "##\n#.", "####", "##\n##", "###\n.#.", ".##\n##.", "###\n#..",
];

/// More tilings than this and the case is skipped (pieces and cells both optional can
/// explode); the generator keeps such cases rare.
const BUDGET: usize = 4000;

/// More nodes than this in the brute force and the case is skipped too (ranges of
/// copies on a board whose cells may stay empty can search long for few tilings).
const NODE_BUDGET: u64 = 200_000;

// ---------------------------------------------------------------------------------------
// Random puzzles

/// The raw random choices; [`Case::build`] turns them into a board and a piece set.
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
    /// Drops copies of the pieces onto an empty frame, each at the first free spot (row
    /// by row) from its start, so that they pack tightly; the covered squares are open
    /// (one drop may be pre-placed), the others follow `rest`. When every piece must be
    /// used, the set is cut down to the copies that were dropped, so that at least one
    /// tiling exists when cells must be covered too. `None` if nothing is left to cover.
    fn build(&self) -> Option<(Board, PieceSet)> {
        let (w, h) = (self.width, self.height);
        let shapes: Vec<(Shape, bool)> = self
            .kinds
            .iter()
            .map(|&(s, t, _, mirror)| {
                let shape = Shape::from_picture(SHAPES[s]).expect("a shape");
                (Grid::Square.lattice().shape_image(t, &shape), mirror)
            })
            .collect();
        let mut owner: Vec<Option<usize>> = vec![None; (w * h) as usize];
        let mut dropped: Vec<(usize, Vec<Cell>)> = Vec::new();
        let mut next = self.drops.iter().cycle();
        for (k, &(_, _, count, _)) in self.kinds.iter().enumerate() {
            let (shape, mirror) = &shapes[k];
            let orientations = shape.orientations(Grid::Square.lattice(), !mirror);
            for _ in 0..count {
                let &(o, x, y) = next.next().expect("a cycle");
                let (oriented, _) = &orientations[o % orientations.len()];
                let first = oriented.cells()[0];
                // The first free square from (x, y) on, row by row, where it fits.
                let start = (y * w + x) as usize;
                let fitting = (0..(w * h) as usize).find_map(|i| {
                    let i = (start + i) % (w * h) as usize;
                    let at = Cell::new(i as i32 % w - first.x, i as i32 / w - first.y);
                    let cells: Vec<Cell> = oriented
                        .cells()
                        .iter()
                        .map(|c| Cell::new(c.x + at.x, c.y + at.y))
                        .collect();
                    let free = |c: &Cell| {
                        (0..w).contains(&c.x)
                            && (0..h).contains(&c.y)
                            && owner[(c.y * w + c.x) as usize].is_none()
                    };
                    cells.iter().all(free).then_some(cells)
                });
                if let Some(cells) = fitting {
                    for c in &cells {
                        owner[(c.y * w + c.x) as usize] = Some(k);
                    }
                    dropped.push((k, cells));
                }
            }
        }
        let exact = self.use_all_pieces && self.cover_all_cells;
        // Kinds kept, with their copies; `index[k]` is kind k's index in the set.
        let mut index = vec![None; self.kinds.len()];
        let mut pieces = Vec::new();
        for (k, &(_, _, count, mirror)) in self.kinds.iter().enumerate() {
            let placed = dropped.iter().filter(|(j, _)| *j == k).count() as u32;
            let (below, above) = self.slack[k];
            // More copies than dropped only where every cell is covered: with cells
            // that may stay empty they make the brute force search too long.
            let above = if self.cover_all_cells { above } else { 0 };
            let (min, count) = if self.use_all_pieces {
                (placed.saturating_sub(below), placed + above)
            } else {
                (count, count)
            };
            if count == 0 {
                continue;
            }
            let label = (b'A' + pieces.len() as u8) as char;
            index[k] = Some(pieces.len());
            pieces.push(Piece {
                name: label.to_string(),
                label,
                shape: shapes[k].0.clone(),
                count,
                min,
                mirror,
                color: None,
            });
        }
        let mut squares: Vec<Square> = (0..(w * h) as usize)
            .map(|i| match owner[i] {
                Some(_) => Square::Open,
                None => match self.rest[i] {
                    0 if !exact => Square::Open,
                    0..=2 => Square::Blocked,
                    _ => Square::Outside,
                },
            })
            .collect();
        if let Some(pick) = self.preplace.filter(|_| !dropped.is_empty()) {
            let (k, cells) = &dropped[pick.index(dropped.len())];
            let label = pieces[index[*k].expect("a dropped kind is kept")].label;
            for c in cells {
                squares[(c.y * w + c.x) as usize] = Square::Preplaced(label);
            }
        }
        if !squares.contains(&Square::Open) || pieces.is_empty() {
            return None;
        }
        let mut board = Board::new("random", w, h, squares);
        board.use_all_pieces = self.use_all_pieces;
        board.cover_all_cells = self.cover_all_cells;
        let set = PieceSet {
            grid: crate::geom::Grid::Square,
            name: "random".into(),
            description: String::new(),
            pieces,
        };
        Some((board, set))
    }
}

// ---------------------------------------------------------------------------------------
// The oracle: brute force, and symmetries found from the board alone

/// Sorted copy of `cells` moved so that the smallest x and y are 0.
fn normalized(cells: impl IntoIterator<Item = Cell>) -> Vec<Cell> {
    let cells: Vec<Cell> = cells.into_iter().collect();
    let min_x = cells.iter().map(|c| c.x).min().unwrap_or(0);
    let min_y = cells.iter().map(|c| c.y).min().unwrap_or(0);
    let mut out: Vec<Cell> = cells
        .iter()
        .map(|c| Cell::new(c.x - min_x, c.y - min_y))
        .collect();
    out.sort();
    out
}

/// The distinct images of a piece under the moves it is allowed.
fn orientations(piece: &Piece) -> Vec<Vec<Cell>> {
    let mut out: Vec<Vec<Cell>> = Transform::ALL
        .iter()
        .filter(|t| piece.mirror || t.is_rotation())
        .map(|t| normalized(piece.shape.cells().iter().map(|&c| t.apply(c))))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The pre-placed pieces, read off the board: (piece index, cells).
fn preplaced(board: &Board, set: &PieceSet) -> Vec<(usize, Vec<Cell>)> {
    let mut by_label: BTreeMap<char, Vec<Cell>> = BTreeMap::new();
    for c in board.cells() {
        if let Square::Preplaced(label) = board.square(c) {
            by_label.entry(label).or_default().push(c);
        }
    }
    by_label
        .into_iter()
        .map(|(label, cells)| (set.by_label(label).expect("a known label"), cells))
        .collect()
}

/// Copies of each piece left to place.
fn remaining(board: &Board, set: &PieceSet) -> Vec<u32> {
    let mut left: Vec<u32> = set.pieces.iter().map(|p| p.count).collect();
    for (k, _) in preplaced(board, set) {
        left[k] -= 1;
    }
    left
}

/// Every tiling, by covering the first undecided open cell in every possible way (or
/// leaving it empty when cells are optional). Each tiling is reached once; `None` if
/// there are more than `BUDGET`, or the search takes more than `NODE_BUDGET` nodes.
fn brute_force(board: &Board, set: &PieceSet) -> Option<BTreeSet<Key>> {
    struct Search<'a> {
        board: &'a Board,
        set: &'a PieceSet,
        nodes: u64,
        shapes: Vec<Vec<Vec<Cell>>>,
        left: Vec<u32>,
        covered: BTreeSet<Cell>,
        current: Vec<(usize, Vec<Cell>)>,
        out: BTreeSet<Key>,
    }
    impl Search<'_> {
        fn run(&mut self, open: &[Cell]) -> bool {
            self.nodes += 1;
            if self.nodes > NODE_BUDGET {
                return false;
            }
            let Some(i) = open.iter().position(|c| !self.covered.contains(c)) else {
                return self.finish();
            };
            let c = open[i];
            for k in 0..self.shapes.len() {
                if self.left[k] == 0 {
                    continue;
                }
                for o in 0..self.shapes[k].len() {
                    // The shape's first cell (row-major) goes on `c`.
                    let first = self.shapes[k][o][0];
                    let cells: Vec<Cell> = self.shapes[k][o]
                        .iter()
                        .map(|d| Cell::new(d.x - first.x + c.x, d.y - first.y + c.y))
                        .collect();
                    let fits = cells.iter().all(|&d| {
                        self.board.square(d) == Square::Open && !self.covered.contains(&d)
                    });
                    if !fits {
                        continue;
                    }
                    self.covered.extend(cells.iter().copied());
                    self.left[k] -= 1;
                    self.current.push((k, cells.clone()));
                    let ok = self.run(&open[i..]);
                    self.current.pop();
                    self.left[k] += 1;
                    for d in &cells {
                        self.covered.remove(d);
                    }
                    if !ok {
                        return false;
                    }
                }
            }
            if !self.board.cover_all_cells {
                return self.run(&open[i + 1..]);
            }
            true
        }

        fn finish(&mut self) -> bool {
            // Every piece used at least its minimum (its count, or a range's low end).
            let short =
                (self.set.pieces.iter().zip(&self.left)).any(|(p, &left)| p.count - left < p.min);
            if self.board.use_all_pieces && short {
                return true;
            }
            let key: Key = self.current.iter().cloned().collect();
            assert!(self.out.insert(key), "the brute force repeated a tiling");
            self.out.len() <= BUDGET
        }
    }
    let fixed = preplaced(board, set);
    let open: Vec<Cell> = board.open_cells().collect();
    let mut search = Search {
        board,
        set,
        nodes: 0,
        shapes: set.pieces.iter().map(orientations).collect(),
        left: remaining(board, set),
        covered: BTreeSet::new(),
        current: fixed,
        out: BTreeSet::new(),
    };
    search.run(&open).then_some(search.out)
}

/// A symmetry of a puzzle, found here without polyx's `Group`: a transform, the shift
/// that brings the frame back onto itself, and the piece each piece becomes.
struct Symmetry {
    transform: Transform,
    shift: Cell,
    pieces: Vec<usize>,
}

impl Symmetry {
    fn map(&self, c: Cell) -> Cell {
        let t = self.transform.apply(c);
        Cell::new(t.x + self.shift.x, t.y + self.shift.y)
    }

    fn image(&self, key: &Key) -> Key {
        key.iter()
            .map(|(k, cells)| {
                let mut cells: Vec<Cell> = cells.iter().map(|&c| self.map(c)).collect();
                cells.sort();
                (self.pieces[*k], cells)
            })
            .collect()
    }
}

/// The piece that `piece` becomes under `t`: itself if it may be turned over, if `t` is a
/// rotation, or if its mirror image is one of its rotations; otherwise the only one-sided
/// piece with the same number of copies left whose rotations include the mirror image.
fn piece_image(set: &PieceSet, left: &[u32], k: usize, t: Transform) -> Option<usize> {
    let piece = &set.pieces[k];
    let image = normalized(piece.shape.cells().iter().map(|&c| t.apply(c)));
    if piece.mirror || t.is_rotation() || orientations(piece).contains(&image) {
        return Some(k);
    }
    let matches: Vec<usize> = (0..set.pieces.len())
        .filter(|&j| {
            let q = &set.pieces[j];
            !q.mirror && q.count == piece.count && q.min == piece.min && left[j] == left[k] && {
                orientations(q).contains(&image)
            }
        })
        .collect();
    (matches.len() == 1).then(|| matches[0])
}

/// The transforms that map the board's frame onto itself, square for square (a
/// pre-placed square onto one of the piece it becomes), with their piece maps.
fn symmetries(board: &Board, set: &PieceSet) -> Vec<Symmetry> {
    let frame: Vec<Cell> = board
        .cells()
        .filter(|&c| board.square(c) != Square::Outside)
        .collect();
    let left = remaining(board, set);
    let min = |cells: &[Cell]| {
        Cell::new(
            cells.iter().map(|c| c.x).min().unwrap_or(0),
            cells.iter().map(|c| c.y).min().unwrap_or(0),
        )
    };
    let lo = min(&frame);
    let mut out = Vec::new();
    for t in Transform::ALL {
        let pieces: Option<Vec<usize>> = (0..set.pieces.len())
            .map(|k| piece_image(set, &left, k, t))
            .collect();
        let Some(pieces) = pieces else { continue };
        let images: Vec<Cell> = frame.iter().map(|&c| t.apply(c)).collect();
        let image_lo = min(&images);
        let g = Symmetry {
            transform: t,
            shift: Cell::new(lo.x - image_lo.x, lo.y - image_lo.y),
            pieces,
        };
        let same = frame
            .iter()
            .all(|&c| match (board.square(c), board.square(g.map(c))) {
                (Square::Preplaced(a), Square::Preplaced(b)) => {
                    let k = set.by_label(a).expect("a known label");
                    set.pieces[g.pieces[k]].label == b
                }
                (a, b) => a == b,
            });
        if same {
            out.push(g);
        }
    }
    out
}

/// The distinct images of a tiling under the symmetries.
fn orbit(key: &Key, group: &[Symmetry]) -> BTreeSet<Key> {
    group.iter().map(|g| g.image(key)).collect()
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
    (found, solver.count().solutions)
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

/// A random puzzle with its brute-force tilings; a case that builds no puzzle or is too
/// large for the oracle is rejected (`prop_assume!`), never passed.
fn puzzle_and_tilings(c: &Case) -> Result<(Board, PieceSet, BTreeSet<Key>), TestCaseError> {
    let built = c.build();
    prop_assume!(built.is_some(), "the case builds no puzzle");
    let (board, set) = built.expect("assumed");
    let all = brute_force(&board, &set);
    prop_assume!(all.is_some(), "the case is too large for the oracle");
    Ok((board, set, all.expect("assumed")))
}

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(128);
    ProptestConfig::with_cases(cases)
}

proptest! {
    #![proptest_config(config())]

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
        let group = symmetries(&board, &set);
        let (reduced, count) = solve(&board, &set, SymmetryMode::Reduce);
        prop_assert_eq!(count, reduced.len() as u64);
        let mut total = 0;
        let mut classes = BTreeSet::new();
        for t in &reduced {
            let o = orbit(t, &group);
            prop_assert!(o.is_subset(&all), "an image of {:?} is no tiling", t);
            total += o.len();
            classes.insert(o.into_iter().next().expect("t itself"));
        }
        prop_assert_eq!(total, all.len(), "sum of orbit sizes ({} symmetries)", group.len());
        prop_assert_eq!(classes.len(), reduced.len(), "two reduce solutions in one orbit");
        let orbits: BTreeSet<Key> = all
            .iter()
            .map(|t| orbit(t, &group).into_iter().next().expect("t itself"))
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
            let group = symmetries(&board, &set);
            let (reduced, count) = solve(&board, &set, SymmetryMode::Reduce);
            let orbits: BTreeSet<Key> = all
                .iter()
                .map(|t| orbit(t, &group).into_iter().next().expect("t itself"))
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
                .map(|t| orbit(t, &group).into_iter().next().expect("t itself"))
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
