//! Property tests on the grids of space: random small boxes (cube grid), pyramids and
//! layered shapes (sphere grid), with blocked and outside cells, copies, pre-placed
//! pieces, one-sided and mirror pieces, counted by `Solver` in both symmetry modes on
//! every engine that takes them, against an oracle that shares nothing with polyx but
//! the picture coordinates of cells. The oracle builds the cube's 48 symmetries itself
//! (every signed permutation matrix, the rotations being those of determinant +1,
//! computed here), moves balls through face-centred cubic coordinates of its own, lists
//! placements itself, tiles by plain backtracking, and finds the board's symmetries and
//! the orbits of tilings itself: `reduce` must be the number of orbits under the
//! symmetries that map the board (open, blocked and pre-placed cells) and the piece set
//! onto themselves.
//!
//! Pieces are built in code with `mirror` as given (the loader is what lets flat ball
//! pieces turn over, by setting it). A tiling is a set of (piece index, cells), so
//! identical copies are never told apart.
//! The number of cases is `PROPTEST_CASES`, or 48 per grid.

use std::collections::BTreeSet;

use crate::geom::{Cell, Grid};
use crate::model::{Board, Piece, PieceSet, Puzzle, Square};
use crate::solve::{Engine, Solver, SymmetryMode};
use proptest::prelude::*;

/// A tiling as a set of (piece index, sorted cells), pre-placed pieces included.
type Key = BTreeSet<(usize, Vec<Cell>)>;

/// More tilings than this and the case is skipped.
const BUDGET: usize = 3000;

// ---------------------------------------------------------------------------------------
// The oracle's geometry: 3 × 3 matrices acting on points of space

type Matrix = [[i32; 3]; 3];

fn determinant(m: &Matrix) -> i32 {
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
        - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
}

/// The 48 signed permutation matrices: the 24 of determinant +1 (rotations) first.
fn matrices() -> Vec<Matrix> {
    let mut all = Vec::new();
    for p in [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ] {
        for signs in 0..8 {
            let mut m = [[0; 3]; 3];
            for (row, (line, &column)) in m.iter_mut().zip(&p).enumerate() {
                line[column] = if signs & (1 << row) != 0 { -1 } else { 1 };
            }
            all.push(m);
        }
    }
    all.sort_by_key(|m| -determinant(m));
    assert_eq!(all.iter().filter(|m| determinant(m) == 1).count(), 24);
    all
}

fn times(m: &Matrix, v: [i32; 3]) -> [i32; 3] {
    let row = |r: &[i32; 3]| r[0] * v[0] + r[1] * v[1] + r[2] * v[2];
    [row(&m[0]), row(&m[1]), row(&m[2])]
}

/// Ball (c, r, z) in face-centred cubic coordinates: the layer's unit steps are the
/// face diagonals (1, 1, 0) and (1, −1, 0) and a ball one layer up, in the hollow over
/// (c..c+1, r..r+1), is (1, 0, 1) away from ball (c, r) below.
fn to_packing(c: Cell) -> [i32; 3] {
    [c.x + c.y + c.z, c.x - c.y, c.z]
}

fn from_packing([a, b, h]: [i32; 3]) -> Cell {
    assert_eq!((a + b + h).rem_euclid(2), 0, "a point of the packing");
    let (s, d) = (a - h, b);
    Cell::at((s + d) / 2, (s - d) / 2, h)
}

/// Cell `c` moved by matrix `m` about the origin.
fn apply(grid: Grid, m: &Matrix, c: Cell) -> Cell {
    match grid {
        Grid::Cube => {
            let [x, y, z] = times(m, [c.x, c.y, c.z]);
            Cell::at(x, y, z)
        }
        Grid::Sphere => from_packing(times(m, to_packing(c))),
        _ => unreachable!("the oracle is for the grids of space"),
    }
}

/// `cells` moved so that the smallest column, row and layer are 0 (every integer shift
/// is a translation of both grids of space), sorted.
fn normalized(cells: &[Cell]) -> Vec<Cell> {
    let lo = corner(cells);
    let mut out: Vec<Cell> = cells.iter().map(|&c| c - lo).collect();
    out.sort();
    out
}

fn corner(cells: &[Cell]) -> Cell {
    let min = |f: fn(&Cell) -> i32| cells.iter().map(f).min().unwrap_or(0);
    Cell::at(min(|c| c.x), min(|c| c.y), min(|c| c.z))
}

/// The distinct images of `cells` under the rotations, or under all 48 if `mirror`.
fn orientations(grid: Grid, group: &[Matrix], cells: &[Cell], mirror: bool) -> Vec<Vec<Cell>> {
    let mut out: Vec<Vec<Cell>> = (group.iter())
        .filter(|m| mirror || determinant(m) == 1)
        .map(|m| normalized(&cells.iter().map(|&c| apply(grid, m, c)).collect::<Vec<_>>()))
        .collect();
    out.sort();
    out.dedup();
    out
}

// ---------------------------------------------------------------------------------------
// The oracle's tilings and orbits

/// The pre-placed pieces, read off the board: (piece index, sorted cells).
fn preplaced(board: &Board, set: &PieceSet) -> Vec<(usize, Vec<Cell>)> {
    let mut out: Vec<(usize, Vec<Cell>)> = Vec::new();
    for c in board.cells() {
        if let Square::Preplaced(label) = board.square(c) {
            let k = set.by_label(label).expect("a known label");
            match out.iter_mut().find(|(j, _)| *j == k) {
                Some((_, cells)) => cells.push(c),
                None => out.push((k, vec![c])),
            }
        }
    }
    out
}

/// Copies of each piece left to place.
fn remaining(board: &Board, set: &PieceSet) -> Vec<u32> {
    let mut left: Vec<u32> = set.pieces.iter().map(|p| p.count).collect();
    for (k, _) in preplaced(board, set) {
        left[k] -= 1;
    }
    left
}

/// Every placement of every piece on the open cells: (piece, sorted cells).
fn placements(board: &Board, set: &PieceSet, group: &[Matrix]) -> Vec<(usize, Vec<Cell>)> {
    let open: Vec<Cell> = board.open_cells().collect();
    let mut out = Vec::new();
    for (k, piece) in set.pieces.iter().enumerate() {
        for o in orientations(board.grid, group, piece.shape.cells(), piece.mirror) {
            for &at in &open {
                let d = at - o[0];
                let mut cells: Vec<Cell> = o.iter().map(|&c| c + d).collect();
                if cells.iter().all(|&c| board.square(c) == Square::Open) {
                    cells.sort();
                    out.push((k, cells));
                }
            }
        }
    }
    out
}

/// Every tiling (every open cell covered), by covering the first uncovered open cell
/// in every way; `None` if there are more than [`BUDGET`].
fn brute_force(board: &Board, set: &PieceSet, group: &[Matrix]) -> Option<BTreeSet<Key>> {
    struct Search {
        open: Vec<Cell>,
        /// Per open cell: the placements that cover it.
        covering: Vec<Vec<(usize, Vec<Cell>)>>,
        covered: BTreeSet<Cell>,
        left: Vec<u32>,
        use_all: bool,
        current: Vec<(usize, Vec<Cell>)>,
        out: BTreeSet<Key>,
    }
    impl Search {
        fn run(&mut self) -> bool {
            let Some(i) = self.open.iter().position(|c| !self.covered.contains(c)) else {
                if self.use_all && self.left.iter().any(|&r| r > 0) {
                    return true;
                }
                let key: Key = self.current.iter().cloned().collect();
                assert!(self.out.insert(key), "the oracle repeated a tiling");
                return self.out.len() <= BUDGET;
            };
            for j in 0..self.covering[i].len() {
                let (k, cells) = self.covering[i][j].clone();
                if self.left[k] == 0 || cells.iter().any(|c| self.covered.contains(c)) {
                    continue;
                }
                self.covered.extend(cells.iter().copied());
                self.left[k] -= 1;
                self.current.push((k, cells.clone()));
                let ok = self.run();
                self.current.pop();
                self.left[k] += 1;
                for c in &cells {
                    self.covered.remove(c);
                }
                if !ok {
                    return false;
                }
            }
            true
        }
    }
    let open: Vec<Cell> = board.open_cells().collect();
    let all = placements(board, set, group);
    let covering = (open.iter())
        .map(|c| all.iter().filter(|(_, p)| p.contains(c)).cloned().collect())
        .collect();
    let mut search = Search {
        open,
        covering,
        covered: BTreeSet::new(),
        left: remaining(board, set),
        use_all: board.use_all_pieces,
        current: preplaced(board, set),
        out: BTreeSet::new(),
    };
    search.run().then_some(search.out)
}

/// A symmetry of a puzzle: a matrix, then the shift that brings the board back onto
/// itself, with the piece each piece becomes.
struct Symmetry {
    grid: Grid,
    m: Matrix,
    shift: Cell,
    pieces: Vec<usize>,
}

impl Symmetry {
    fn map(&self, c: Cell) -> Cell {
        apply(self.grid, &self.m, c) + self.shift
    }

    fn image(&self, key: &Key) -> Key {
        (key.iter())
            .map(|(k, cells)| {
                let mut cells: Vec<Cell> = cells.iter().map(|&c| self.map(c)).collect();
                cells.sort();
                (self.pieces[*k], cells)
            })
            .collect()
    }
}

/// The piece that piece `k` becomes under `m`: itself if it may be turned over, if `m`
/// is a rotation, or if its image is one of its rotations; otherwise the only one-sided
/// piece with as many copies (and copies left) that has the image among its rotations.
fn piece_image(
    grid: Grid,
    group: &[Matrix],
    set: &PieceSet,
    left: &[u32],
    k: usize,
    m: &Matrix,
) -> Option<usize> {
    let piece = &set.pieces[k];
    let image: Vec<Cell> = (piece.shape.cells().iter())
        .map(|&c| apply(grid, m, c))
        .collect();
    let image = normalized(&image);
    let rotations = |q: &Piece| orientations(grid, group, q.shape.cells(), false);
    if piece.mirror || determinant(m) == 1 || rotations(piece).contains(&image) {
        return Some(k);
    }
    let matches: Vec<usize> = (0..set.pieces.len())
        .filter(|&j| {
            let q = &set.pieces[j];
            !q.mirror && q.count == piece.count && left[j] == left[k] && {
                rotations(q).contains(&image)
            }
        })
        .collect();
    (matches.len() == 1).then(|| matches[0])
}

/// The matrices that map the board's frame (its cells that are not outside) onto
/// itself after a shift, open onto open, blocked onto blocked, a pre-placed cell onto
/// one of the piece it becomes; with their piece maps.
fn symmetries(board: &Board, set: &PieceSet, group: &[Matrix]) -> Vec<Symmetry> {
    let grid = board.grid;
    let frame: Vec<Cell> = (board.cells())
        .filter(|&c| board.square(c) != Square::Outside)
        .collect();
    let left = remaining(board, set);
    let lo = corner(&frame);
    let mut out = Vec::new();
    for m in group {
        let pieces: Option<Vec<usize>> = (0..set.pieces.len())
            .map(|k| piece_image(grid, group, set, &left, k, m))
            .collect();
        let Some(pieces) = pieces else { continue };
        let images: Vec<Cell> = frame.iter().map(|&c| apply(grid, m, c)).collect();
        let g = Symmetry {
            grid,
            m: *m,
            shift: lo - corner(&images),
            pieces,
        };
        let same = (frame.iter()).all(|&c| match (board.square(c), board.square(g.map(c))) {
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

/// The number of orbits of `all` under `group`.
fn orbits(all: &BTreeSet<Key>, group: &[Symmetry]) -> u64 {
    (all.iter())
        .filter(|key| group.iter().all(|g| g.image(key) >= **key))
        .count() as u64
}

// ---------------------------------------------------------------------------------------
// Random puzzles

/// The raw random choices; [`Case::build`] turns them into a board and a piece set.
#[derive(Clone, Debug)]
struct Case {
    grid: Grid,
    /// The frame: a box of this size, or on the sphere grid with `pyramid`, the pyramid
    /// of `size[0]` layers.
    size: [i32; 3],
    pyramid: bool,
    /// Per kind: size, which polyform of that size, transform, copies, may be turned
    /// over.
    kinds: Vec<(usize, usize, usize, u32, bool)>,
    /// Per copy, in order: orientation choice and the position where the search for a
    /// free spot starts.
    drops: Vec<(usize, usize)>,
    /// For each position no dropped copy covers: 0 open (unless every piece must be
    /// used), 1-2 blocked, 3-4 outside.
    rest: Vec<u8>,
    /// Which dropped copy, if any, becomes a pre-placed piece.
    preplace: Option<prop::sample::Index>,
    use_all_pieces: bool,
}

fn case(grid: Grid) -> impl Strategy<Value = Case> {
    let kind = (1..=4usize, 0..30usize, 0..48usize, 1..=3u32, any::<bool>());
    (
        [1..=3i32, 1..=3i32, 1..=3i32],
        any::<bool>(),
        prop::collection::vec(kind, 1..=3),
        prop::collection::vec((0..48usize, 0..30usize), 10),
        prop::collection::vec(0..5u8, 30),
        prop::option::of(any::<prop::sample::Index>()),
        prop_oneof![3 => Just(true), 1 => Just(false)],
    )
        .prop_map(
            move |(size, pyramid, kinds, drops, rest, preplace, use_all)| Case {
                grid,
                size,
                pyramid: pyramid && grid == Grid::Sphere,
                kinds,
                drops,
                rest,
                preplace,
                use_all_pieces: use_all,
            },
        )
}

impl Case {
    /// The positions of the frame, layer by layer.
    fn positions(&self) -> Vec<Cell> {
        let [w, h, d] = self.size;
        if self.pyramid {
            let n = w + 1;
            return (0..n)
                .flat_map(|z| {
                    (0..n - z).flat_map(move |y| (0..n - z).map(move |x| Cell::at(x, y, z)))
                })
                .collect();
        }
        (0..d)
            .flat_map(|z| (0..h).flat_map(move |y| (0..w).map(move |x| Cell::at(x, y, z))))
            .collect()
    }

    /// Drops copies of the pieces onto the frame's positions, each at the first free
    /// spot from its start, so that they pack tightly; the covered cells are open (one
    /// drop may be pre-placed), the others follow `rest`. When every piece must be used,
    /// the set is cut down to the copies dropped. `None` if nothing is left to cover.
    fn build(&self, group: &[Matrix]) -> Option<(Board, PieceSet)> {
        let grid = self.grid;
        let lattice = grid.lattice();
        let positions = self.positions();
        let frame = Board::of_cells("frame", grid, &positions);
        let shapes: Vec<crate::geom::Shape> = (self.kinds.iter())
            .map(|&(size, which, t, _, _)| {
                let all = crate::geom::polyforms(lattice, size, false);
                lattice.shape_image(t, &all[which % all.len()])
            })
            .collect();
        let mut owner: Vec<Option<usize>> = vec![None; frame.frame_len()];
        let at = |c: Cell| frame.index(c);
        let mut dropped: Vec<(usize, Vec<Cell>)> = Vec::new();
        let mut next = self.drops.iter().cycle();
        for (k, &(_, _, _, count, mirror)) in self.kinds.iter().enumerate() {
            let turns = orientations(grid, group, shapes[k].cells(), mirror);
            for _ in 0..count {
                let &(o, start) = next.next().expect("a cycle");
                let shape = &turns[o % turns.len()];
                let fitting = (0..positions.len()).find_map(|i| {
                    let d = positions[(start + i) % positions.len()] - shape[0];
                    let cells: Vec<Cell> = shape.iter().map(|&c| c + d).collect();
                    let free = |c: &Cell| {
                        frame.square(*c) == Square::Open
                            && at(*c).is_some_and(|i| owner[i].is_none())
                    };
                    cells.iter().all(free).then_some(cells)
                });
                if let Some(cells) = fitting {
                    for &c in &cells {
                        owner[at(c).expect("in the frame")] = Some(k);
                    }
                    dropped.push((k, cells));
                }
            }
        }
        let mut index = vec![None; self.kinds.len()];
        let mut pieces = Vec::new();
        for (k, &(_, _, _, count, mirror)) in self.kinds.iter().enumerate() {
            let placed = dropped.iter().filter(|(j, _)| *j == k).count() as u32;
            let count = if self.use_all_pieces { placed } else { count };
            if count == 0 {
                continue;
            }
            let label = (b'A' + pieces.len() as u8) as char;
            index[k] = Some(pieces.len());
            pieces.push(Piece {
                name: label.to_string(),
                label,
                shape: shapes[k].clone(),
                count,
                min: count,
                mirror,
                color: None,
            });
        }
        let mut squares = vec![Square::Outside; frame.frame_len()];
        for (i, &c) in positions.iter().enumerate() {
            let k = at(c).expect("in the frame");
            squares[k] = match owner[k] {
                Some(_) => Square::Open,
                None => match self.rest[i % self.rest.len()] {
                    0 if !self.use_all_pieces => Square::Open,
                    0..=2 => Square::Blocked,
                    _ => Square::Outside,
                },
            };
        }
        if let Some(pick) = self.preplace.filter(|_| !dropped.is_empty()) {
            let (k, cells) = &dropped[pick.index(dropped.len())];
            let label = pieces[index[*k].expect("a dropped kind is kept")].label;
            for &c in cells {
                squares[at(c).expect("in the frame")] = Square::Preplaced(label);
            }
        }
        if !squares.contains(&Square::Open) || pieces.is_empty() {
            return None;
        }
        let size = [frame.width, frame.height, frame.depth];
        let mut board = Board::layered("random", grid, size, squares);
        board.use_all_pieces = self.use_all_pieces;
        let set = PieceSet {
            grid,
            name: "random".into(),
            description: String::new(),
            pieces,
        };
        Some((board, set))
    }
}

// ---------------------------------------------------------------------------------------
// The properties

/// polyx's count of `board` and `set` in `mode` on `engine`, if that engine takes it.
fn polyx_count(board: &Board, set: &PieceSet, mode: SymmetryMode, engine: Engine) -> Option<u64> {
    let puzzle = Puzzle::new(board.clone(), set.clone()).expect("a valid random puzzle");
    let mut solver = Solver::new(puzzle, mode);
    solver.use_engine(engine).then(|| solver.count().solutions)
}

/// Every engine that takes the case agrees with the oracle in both modes, if the case
/// is small enough; the DLX engine always takes it.
fn check(c: &Case) -> Result<(), TestCaseError> {
    let group = matrices();
    let built = c.build(&group);
    prop_assume!(built.is_some(), "the case builds no puzzle");
    let (board, set) = built.expect("assumed");
    let all = brute_force(&board, &set, &group);
    prop_assume!(all.is_some(), "the case is too large for the oracle");
    let all = all.expect("assumed");
    let classes = orbits(&all, &symmetries(&board, &set, &group));
    for engine in [Engine::Dlx, Engine::Bitboard] {
        let keep = polyx_count(&board, &set, SymmetryMode::Keep, engine);
        prop_assert!(engine != Engine::Dlx || keep.is_some());
        if let Some(keep) = keep {
            prop_assert_eq!(keep, all.len() as u64, "keep, {:?}", engine);
        }
        if let Some(reduce) = polyx_count(&board, &set, SymmetryMode::Reduce, engine) {
            prop_assert_eq!(reduce, classes, "reduce, {:?}", engine);
        }
    }
    Ok(())
}

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(48);
    ProptestConfig::with_cases(cases)
}

proptest! {
    #![proptest_config(config())]

    /// Boxes of cubes: every engine, both modes, agree with the oracle.
    #[test]
    fn cube_counts_agree_with_the_oracle(c in case(Grid::Cube)) {
        check(&c)?;
    }

    /// Pyramids and layered shapes of balls: every engine, both modes, agree with the
    /// oracle.
    #[test]
    fn sphere_counts_agree_with_the_oracle(c in case(Grid::Sphere)) {
        check(&c)?;
    }
}

/// The oracle's own geometry finds the known numbers of polycubes: 8 tetracubes and 29
/// pentacubes up to rotation, 7 and 23 up to rotation and reflection (OEIS A000162,
/// A038119); on the sphere grid one pair of balls and four tri-balls (the angle at the
/// middle ball is 180°, 120°, 90° or 60°, the triangle of three touching balls).
#[test]
fn the_oracle_knows_the_small_polyforms() {
    let group = matrices();
    let count = |grid: Grid, n: usize, mirror: bool| {
        let mut seen = BTreeSet::new();
        for shape in crate::geom::polyforms(grid.lattice(), n, false) {
            for image in orientations(grid, &group, shape.cells(), true) {
                let o = orientations(grid, &group, &image, mirror);
                seen.insert(o[0].clone());
            }
        }
        seen.len()
    };
    assert_eq!(count(Grid::Cube, 4, false), 8);
    assert_eq!(count(Grid::Cube, 5, false), 29);
    assert_eq!(count(Grid::Cube, 4, true), 7);
    assert_eq!(count(Grid::Cube, 5, true), 23);
    assert_eq!(count(Grid::Sphere, 2, true), 1);
    assert_eq!(count(Grid::Sphere, 3, true), 4);
}
