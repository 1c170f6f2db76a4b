//! Property tests on the hex and triangle grids: random small boards (holes, blocked
//! cells, odd outlines, pre-placed pieces) and random piece sets (copies, one-sided
//! pieces, every piece used or not), counted by `Solver` on both engines and in both
//! symmetry modes, against an oracle that shares nothing with polyx but the picture
//! coordinates of cells. The oracle moves cells as points of the plane (a cell's centre,
//! rotated and reflected, then rounded back to a cell), lists placements itself, tiles
//! by plain backtracking, and finds the board's symmetries and the orbits of tilings
//! itself: `reduce` must be the number of orbits under the symmetries that map the
//! board (open, blocked and pre-placed cells) and the piece set onto themselves.
//!
//! A tiling is a set of (piece index, cells), so identical copies are never told apart.
//! The number of cases is `PROPTEST_CASES`, or 128 per grid.

use std::collections::BTreeSet;

use crate::geom::{Cell, Grid};
use crate::model::{Board, Piece, PieceSet, Puzzle, Square};
use crate::solve::{Engine, Solver, SymmetryMode};
use proptest::prelude::*;

/// A tiling as a set of (piece index, sorted cells), pre-placed pieces included.
type Key = BTreeSet<(usize, Vec<Cell>)>;

/// More tilings than this and the case is skipped.
const BUDGET: usize = 3000;

/// The height of a row of the pictures, in cell widths (hex) or sides (triangle).
const ROW: f64 = 0.866_025_403_784_438_6;

// ---------------------------------------------------------------------------------------
// The oracle's geometry: cells as points of the plane

/// The centre of cell `c`, relative to a point that every rotation by 60° and every
/// reflection in a vertical line through it maps onto a point of the same kind: the
/// centre of hexagon (0, 0) (hexagons of odd column + row are moved one column left
/// first, a translation), or the top corner of up triangle (0, 0).
fn centre(grid: Grid, c: Cell) -> (f64, f64) {
    let (x, y) = (f64::from(c.x), f64::from(c.y));
    match grid {
        Grid::Hex => {
            let x = x - f64::from((c.x + c.y).rem_euclid(2));
            (x / 2.0, y * ROW)
        }
        Grid::Triangle => {
            let up = (c.x + c.y).rem_euclid(2) == 0;
            let third = if up { 2.0 } else { 1.0 };
            (x / 2.0, (y + third / 3.0) * ROW)
        }
        _ => unreachable!("the oracle is for the hex and triangle grids"),
    }
}

/// The cell whose centre (as [`centre`] places it) is `p`.
fn cell_at(grid: Grid, (px, py): (f64, f64)) -> Cell {
    let x = (2.0 * px).round() as i32;
    match grid {
        Grid::Hex => Cell::new(x, (py / ROW).round() as i32),
        _ => {
            let rows = py / ROW;
            let y = rows.floor() as i32;
            let up = rows - f64::from(y) > 0.5;
            let c = Cell::new(x, y);
            assert_eq!((x + y).rem_euclid(2) == 0, up, "a triangle's centre");
            c
        }
    }
}

/// Transform `t` of the 12: a reflection in the vertical axis if `t >= 6`, then a
/// rotation by `60° × (t % 6)`.
fn apply(grid: Grid, t: usize, c: Cell) -> Cell {
    let (mut x, y) = centre(grid, c);
    if t >= 6 {
        x = -x;
    }
    let a = std::f64::consts::FRAC_PI_3 * (t % 6) as f64;
    let (s, co) = a.sin_cos();
    cell_at(grid, (x * co - y * s, x * s + y * co))
}

/// Whether moving by `d` is a translation of the grid (on the triangle grid, up
/// triangles must stay up).
fn translation(grid: Grid, d: Cell) -> bool {
    grid != Grid::Triangle || (d.x + d.y).rem_euclid(2) == 0
}

/// `cells` moved so that the smallest row is 0 and the smallest column 0 or 1 (by a
/// translation), sorted.
fn normalized(grid: Grid, cells: &[Cell]) -> Vec<Cell> {
    let min_x = cells.iter().map(|c| c.x).min().unwrap_or(0);
    let min_y = cells.iter().map(|c| c.y).min().unwrap_or(0);
    let dx = if translation(grid, Cell::new(min_x, min_y)) {
        min_x
    } else {
        min_x - 1
    };
    let mut out: Vec<Cell> = (cells.iter())
        .map(|c| Cell::new(c.x - dx, c.y - min_y))
        .collect();
    out.sort();
    out
}

/// The distinct images of `cells` under the transforms allowed (rotations only unless
/// `mirror`), normalized.
fn orientations(grid: Grid, cells: &[Cell], mirror: bool) -> Vec<Vec<Cell>> {
    let mut out: Vec<Vec<Cell>> = (0..12)
        .filter(|&t| mirror || t < 6)
        .map(|t| {
            let image: Vec<Cell> = cells.iter().map(|&c| apply(grid, t, c)).collect();
            normalized(grid, &image)
        })
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
fn placements(board: &Board, set: &PieceSet) -> Vec<(usize, Vec<Cell>)> {
    let grid = board.grid;
    let open: Vec<Cell> = board.open_cells().collect();
    let mut out = Vec::new();
    for (k, piece) in set.pieces.iter().enumerate() {
        for o in orientations(grid, piece.shape.cells(), piece.mirror) {
            for &at in &open {
                let d = Cell::new(at.x - o[0].x, at.y - o[0].y);
                if !translation(grid, d) {
                    continue;
                }
                let mut cells: Vec<Cell> =
                    o.iter().map(|c| Cell::new(c.x + d.x, c.y + d.y)).collect();
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
fn brute_force(board: &Board, set: &PieceSet) -> Option<BTreeSet<Key>> {
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
    let all = placements(board, set);
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

/// A symmetry of a puzzle: transform `t`, then the shift that brings the board back onto
/// itself, with the piece each piece becomes.
struct Symmetry {
    grid: Grid,
    t: usize,
    shift: Cell,
    pieces: Vec<usize>,
}

impl Symmetry {
    fn map(&self, c: Cell) -> Cell {
        let i = apply(self.grid, self.t, c);
        Cell::new(i.x + self.shift.x, i.y + self.shift.y)
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

/// The piece that piece `k` becomes under `t`: itself if it may be turned over, if `t`
/// is a rotation, or if its image is one of its rotations; otherwise the only one-sided
/// piece with as many copies (and copies left) that has the image among its rotations.
fn piece_image(grid: Grid, set: &PieceSet, left: &[u32], k: usize, t: usize) -> Option<usize> {
    let piece = &set.pieces[k];
    let image: Vec<Cell> = (piece.shape.cells().iter())
        .map(|&c| apply(grid, t, c))
        .collect();
    let image = normalized(grid, &image);
    let rotations = |q: &Piece| orientations(grid, q.shape.cells(), false);
    if piece.mirror || t < 6 || rotations(piece).contains(&image) {
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

/// The transforms that map the board's frame (its cells that are not outside) onto
/// itself, open onto open, blocked onto blocked, a pre-placed cell onto one of the piece
/// it becomes; with their piece maps.
fn symmetries(board: &Board, set: &PieceSet) -> Vec<Symmetry> {
    let grid = board.grid;
    let frame: Vec<Cell> = (board.cells())
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
    for t in 0..12 {
        let pieces: Option<Vec<usize>> = (0..set.pieces.len())
            .map(|k| piece_image(grid, set, &left, k, t))
            .collect();
        let Some(pieces) = pieces else { continue };
        let images: Vec<Cell> = frame.iter().map(|&c| apply(grid, t, c)).collect();
        let image_lo = min(&images);
        let shift = Cell::new(lo.x - image_lo.x, lo.y - image_lo.y);
        if !translation(grid, shift) {
            continue;
        }
        let g = Symmetry {
            grid,
            t,
            shift,
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
    width: i32,
    height: i32,
    /// On the hex grid, the parity of column + row of the board's cells.
    parity: i32,
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
    let kind = (1..=4usize, 0..8usize, 0..12usize, 1..=3u32, any::<bool>());
    (
        2..=9i32,
        1..=4i32,
        0..2i32,
        prop::collection::vec(kind, 1..=3),
        prop::collection::vec((0..12usize, 0..40usize), 10),
        prop::collection::vec(0..5u8, 40),
        prop::option::of(any::<prop::sample::Index>()),
        prop_oneof![3 => Just(true), 1 => Just(false)],
    )
        .prop_map(
            move |(width, height, parity, kinds, drops, rest, preplace, use_all)| Case {
                grid,
                width,
                height,
                parity,
                kinds,
                drops,
                rest,
                preplace,
                use_all_pieces: use_all,
            },
        )
}

impl Case {
    /// Drops copies of the pieces onto the frame's positions, each at the first free
    /// spot from its start, so that they pack tightly; the covered cells are open (one
    /// drop may be pre-placed), the others follow `rest`. When every piece must be used,
    /// the set is cut down to the copies dropped. `None` if nothing is left to cover.
    fn build(&self) -> Option<(Board, PieceSet)> {
        let (grid, w, h) = (self.grid, self.width, self.height);
        let lattice = grid.lattice();
        let positions: Vec<Cell> = (0..h)
            .flat_map(|y| (0..w).map(move |x| Cell::new(x, y)))
            .filter(|c| grid != Grid::Hex || (c.x + c.y).rem_euclid(2) == self.parity)
            .collect();
        let shapes: Vec<crate::geom::Shape> = (self.kinds.iter())
            .map(|&(size, which, t, _, _)| {
                let all = crate::geom::polyforms(lattice, size, false);
                lattice.shape_image(t, &all[which % all.len()])
            })
            .collect();
        let mut owner: Vec<Option<usize>> = vec![None; (w * h) as usize];
        let at = |c: Cell| (c.y * w + c.x) as usize;
        let mut dropped: Vec<(usize, Vec<Cell>)> = Vec::new();
        let mut next = self.drops.iter().cycle();
        for (k, &(_, _, _, count, mirror)) in self.kinds.iter().enumerate() {
            let turns = orientations(grid, shapes[k].cells(), mirror);
            for _ in 0..count {
                let &(o, start) = next.next().expect("a cycle");
                let shape = &turns[o % turns.len()];
                let fitting = (0..positions.len()).find_map(|i| {
                    let p = positions[(start + i) % positions.len()];
                    let d = Cell::new(p.x - shape[0].x, p.y - shape[0].y);
                    let cells: Vec<Cell> = (shape.iter())
                        .map(|c| Cell::new(c.x + d.x, c.y + d.y))
                        .collect();
                    let free = |c: &Cell| {
                        (0..w).contains(&c.x) && (0..h).contains(&c.y) && owner[at(*c)].is_none()
                    };
                    (translation(grid, d) && cells.iter().all(free)).then_some(cells)
                });
                if let Some(cells) = fitting {
                    for &c in &cells {
                        owner[at(c)] = Some(k);
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
        let mut squares = vec![Square::Outside; (w * h) as usize];
        for (i, &c) in positions.iter().enumerate() {
            squares[at(c)] = match owner[at(c)] {
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
                squares[at(c)] = Square::Preplaced(label);
            }
        }
        if !squares.contains(&Square::Open) || pieces.is_empty() {
            return None;
        }
        let mut board = Board::new("random", w, h, squares);
        board.grid = grid;
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

/// polyx's count of `board` and `set` in `mode` on `engine`.
fn polyx_count(board: &Board, set: &PieceSet, mode: SymmetryMode, engine: Engine) -> u64 {
    let puzzle = Puzzle::new(board.clone(), set.clone()).expect("a valid random puzzle");
    let mut solver = Solver::new(puzzle, mode);
    assert!(solver.use_engine(engine), "{engine:?} applies");
    solver.count().solutions
}

/// Both engines in both modes agree with the oracle on the case, if it is small enough.
fn check(c: &Case) -> Result<(), TestCaseError> {
    let built = c.build();
    prop_assume!(built.is_some(), "the case builds no puzzle");
    let (board, set) = built.expect("assumed");
    let all = brute_force(&board, &set);
    prop_assume!(all.is_some(), "the case is too large for the oracle");
    let all = all.expect("assumed");
    let classes = orbits(&all, &symmetries(&board, &set));
    for engine in [Engine::Bitboard, Engine::Dlx] {
        let keep = polyx_count(&board, &set, SymmetryMode::Keep, engine);
        prop_assert_eq!(keep, all.len() as u64, "keep, {:?}", engine);
        let reduce = polyx_count(&board, &set, SymmetryMode::Reduce, engine);
        prop_assert_eq!(reduce, classes, "reduce, {:?}", engine);
    }
    Ok(())
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

    /// Hex boards: both engines, both modes, agree with the oracle.
    #[test]
    fn hex_counts_agree_with_the_oracle(c in case(Grid::Hex)) {
        check(&c)?;
    }

    /// Triangle boards: both engines, both modes, agree with the oracle.
    #[test]
    fn triangle_counts_agree_with_the_oracle(c in case(Grid::Triangle)) {
        check(&c)?;
    }
}

/// The oracle's own geometry finds the known numbers of polyforms among the library's:
/// 3 free tetriamonds (4 one-sided), 12 free hexiamonds, 7 free tetrahexes (10
/// one-sided) (OEIS A000577, A006534, A000228, A006535).
#[test]
fn the_oracle_knows_the_small_polyforms() {
    let count = |grid: Grid, n: usize, mirror: bool| {
        let mut seen = BTreeSet::new();
        for shape in crate::geom::polyforms(grid.lattice(), n, false) {
            let mut o = orientations(grid, shape.cells(), mirror);
            o.sort();
            seen.insert(o[0].clone());
        }
        seen.len()
    };
    assert_eq!(count(Grid::Triangle, 4, true), 3);
    assert_eq!(count(Grid::Triangle, 6, true), 12);
    assert_eq!(count(Grid::Hex, 4, true), 7);
    // One-sided: each chiral free form is two (tetriamonds 4, tetrahexes 10).
    let one_sided = |grid: Grid, n: usize| {
        let mut seen = BTreeSet::new();
        for shape in crate::geom::polyforms(grid.lattice(), n, false) {
            for image in orientations(grid, shape.cells(), true) {
                let mut o = orientations(grid, &image, false);
                o.sort();
                seen.insert(o[0].clone());
            }
        }
        seen.len()
    };
    assert_eq!(one_sided(Grid::Triangle, 4), 4);
    assert_eq!(one_sided(Grid::Hex, 4), 10);
}
