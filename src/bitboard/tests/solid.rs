//! The bitboard engine on boards of layers (the cube and sphere grids) finds what the
//! DLX engine finds: boxes and pyramids, copies, pre-placed pieces, every numbering of
//! the axes; and the published counts of the Soma cube and the solid pentominoes.

use super::*;
use crate::geom::Grid;
use crate::solve::Solver;
use crate::symmetry::SymmetryMode;

/// A `x × y × z` box of `grid`, with the squares at `preplaced` (board indices)
/// pre-placed with the label given.
fn solid_box(grid: Grid, [x, y, z]: [i32; 3], preplaced: &[(usize, char)]) -> Board {
    let mut squares = vec![Square::Open; (x * y * z) as usize];
    for &(k, label) in preplaced {
        squares[k] = Square::Preplaced(label);
    }
    Board::layered("box", grid, [x, y, z], squares)
}

/// The square pyramid of `n` layers on the sphere grid: layer `z` is the `(n - z) ×
/// (n - z)` square at columns and rows `0..n - z` of an `n × n × n` frame; the squares
/// at `preplaced` (board indices) pre-placed with the label given.
fn pyramid(n: i32, preplaced: &[(usize, char)]) -> Board {
    let mut squares = Vec::new();
    for z in 0..n {
        for y in 0..n {
            for x in 0..n {
                let inside = x < n - z && y < n - z;
                squares.push(if inside {
                    Square::Open
                } else {
                    Square::Outside
                });
            }
        }
    }
    for &(k, label) in preplaced {
        squares[k] = Square::Preplaced(label);
    }
    Board::layered("pyramid", Grid::Sphere, [n, n, n], squares)
}

/// A piece's cells as `(x, y, z)`.
type Cells<'a> = &'a [(i32, i32, i32)];

/// The pieces (cells, copies) of `grid` as a set labelled `a`, `b`, …; turned over
/// (every symmetry of the grid) if `mirror`.
fn solid_set(grid: Grid, pieces: &[(Cells, u32)], mirror: bool) -> PieceSet {
    PieceSet {
        grid,
        name: "s".into(),
        description: String::new(),
        pieces: (pieces.iter().enumerate())
            .map(|(k, &(cells, count))| Piece {
                name: format!("p{k}"),
                label: (b'a' + k as u8) as char,
                shape: Shape::new(cells.iter().map(|&(x, y, z)| Cell::at(x, y, z)))
                    .expect("a shape"),
                count,
                min: count,
                mirror,
                color: None,
            })
            .collect(),
    }
}

/// [`same_as_dlx`], then the same with every order of the axes and a few fronts (with
/// all eight, pieces weighed at every level), and with one front the rule of the
/// fewest options.
fn same_as_dlx_solid(puzzle: &Puzzle) -> usize {
    let allowed = all(puzzle);
    let want = same_as_dlx(puzzle, &allowed);
    let dlx = dlx_solutions(puzzle, &allowed);
    for axes in [[0, 1, 2], [2, 0, 1], [1, 2, 0], [2, 1, 0]] {
        for (fronts, window, fewest) in [
            (1, 4, false),
            (0x55, 2, false),
            (0xff, 3, false),
            (1, 0, true),
        ] {
            let tuning = Tuning {
                order: Order::Solid(axes),
                fronts,
                window,
                beside: if fronts == 1 { 0 } else { 2 },
                // Pieces weighed at every level with all fronts.
                piece_depth: if fronts == 0xff { u32::MAX } else { 2 },
                memo_bits: 0,
                fewest,
                // Children found dead in their parent, or not (rule of the fewest).
                children: if axes[0] == 2 { 0 } else { 8 },
                ..Tuning::default()
            };
            let mut search = BitSearch::with_tuning(puzzle, &allowed, tuning).expect("applies");
            let mut got = bit_solutions(&mut search);
            got.sort();
            assert_eq!(got, dlx, "{tuning:?}");
            let memo = Tuning {
                memo_bits: 4,
                ..tuning
            };
            let mut search = BitSearch::with_tuning(puzzle, &allowed, memo).expect("applies");
            assert_eq!(search.count(), want as u128, "{memo:?}");
        }
    }
    // The engine's own choice.
    let mut search = BitSearch::new(puzzle, &allowed).expect("applies");
    assert_eq!(search.count(), want as u128);
    want
}

#[test]
fn cube_boxes_match_dlx() {
    // Tricubes and dicubes with copies in a 2×3×3 box; an L tricube (one-sided) and
    // straight dicubes with copies in 2×2×3.
    let l: &[(i32, i32, i32)] = &[(0, 0, 0), (1, 0, 0), (0, 1, 0)];
    let i3: &[(i32, i32, i32)] = &[(0, 0, 0), (1, 0, 0), (2, 0, 0)];
    let i2: &[(i32, i32, i32)] = &[(0, 0, 0), (1, 0, 0)];
    let set = solid_set(Grid::Cube, &[(l, 2), (i3, 2), (i2, 3)], true);
    let p = Puzzle::new(solid_box(Grid::Cube, [2, 3, 3], &[]), set).expect("valid");
    assert!(same_as_dlx_solid(&p) > 100);
    let set = solid_set(Grid::Cube, &[(l, 2), (i2, 3)], false);
    let p = Puzzle::new(solid_box(Grid::Cube, [3, 2, 2], &[]), set).expect("valid");
    assert!(same_as_dlx_solid(&p) > 0);
}

#[test]
fn pentacubes_on_the_engines_own_keys_match_dlx() {
    // Boxes of cubes branch by the rule of the fewest options, a piece first while
    // every square has 32 options (counted in 5 planes); an L and a P pentacube, two
    // copies each, in 2×2×5.
    let l: &[(i32, i32, i32)] = &[(0, 0, 0), (1, 0, 0), (2, 0, 0), (3, 0, 0), (0, 1, 0)];
    let p5: &[(i32, i32, i32)] = &[(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 1, 0), (0, 2, 0)];
    let set = solid_set(Grid::Cube, &[(l, 2), (p5, 2)], true);
    let p = Puzzle::new(solid_box(Grid::Cube, [2, 2, 5], &[]), set).expect("valid");
    let tuning = Tuning::for_puzzle(&p);
    assert!(tuning.fewest && tuning.crowded == 32, "{tuning:?}");
    assert_eq!(tuning.tally_planes(), 5);
    assert!(same_as_dlx_solid(&p) > 0);
}

#[test]
fn tetracubes_with_a_preplaced_piece_match_dlx() {
    // The 8 one-sided tetracubes in 2×4×4, one of them (the straight one) pre-placed
    // along the bottom row of the bottom layer.
    let set = crate::model::samples::polyforms(Grid::Cube, 4, true);
    assert_eq!(set.pieces.len(), 8);
    let straight = (set.pieces.iter())
        .find(|p| p.shape.width() == 4 || p.shape.height() == 4 || p.shape.depth() == 4)
        .map(|p| p.label)
        .expect("the straight tetracube");
    let pre: Vec<(usize, char)> = (0..4).map(|x| (x, straight)).collect();
    let p = Puzzle::new(solid_box(Grid::Cube, [4, 4, 2], &pre), set).expect("valid");
    assert!(same_as_dlx_solid(&p) > 0);
}

#[test]
fn sphere_pyramids_match_dlx() {
    // Flat ball pieces (in any plane of the packing) filling pyramids of 3 and 4
    // layers (14 and 30 balls), with copies.
    let l: &[(i32, i32, i32)] = &[(0, 0, 0), (1, 0, 0), (0, 1, 0)];
    let i2: &[(i32, i32, i32)] = &[(0, 0, 0), (1, 0, 0)];
    let v: &[(i32, i32, i32)] = &[(0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0)];
    let set = solid_set(Grid::Sphere, &[(l, 2), (i2, 4)], true);
    let p = Puzzle::new(pyramid(3, &[]), set).expect("valid");
    assert!(same_as_dlx_solid(&p) > 0);
    let set = solid_set(Grid::Sphere, &[(v, 3), (l, 4), (i2, 3)], false);
    let board = pyramid(4, &[(0, 'c'), (1, 'c')]);
    let p = Puzzle::new(board, set).expect("valid");
    assert!(same_as_dlx_solid(&p) > 0);
}

#[test]
fn packed_pyramid_matches_dlx() {
    // The pyramid of 5 layers: its 5×5×5 box is wider than a word, its 55 balls are
    // not, so its layers are packed into 64 bits ([`crate::bitboard::packing`]). The
    // bottom layer and two balls of the next are blocked; flat trominoes and dominoes
    // with copies fill the other 26, one domino pre-placed in the layer of 4.
    let board = pyramid(5, &[]);
    let mut squares: Vec<Square> = board.cells().map(|c| board.square(c)).collect();
    for k in (0..25).chain([25, 26]) {
        squares[k] = Square::Blocked;
    }
    squares[3 * 25] = Square::Preplaced('b');
    squares[3 * 25 + 1] = Square::Preplaced('b');
    let board = Board::layered("pyramid", Grid::Sphere, [5, 5, 5], squares);
    let l: &[(i32, i32, i32)] = &[(0, 0, 0), (1, 0, 0), (0, 1, 0)];
    let i2: &[(i32, i32, i32)] = &[(0, 0, 0), (1, 0, 0)];
    let set = solid_set(Grid::Sphere, &[(l, 4), (i2, 8)], true);
    let p = Puzzle::new(board, set).expect("valid");
    let allowed = all(&p);
    let packed =
        crate::bitboard::tables::Tables::<u64>::new(&p, &allowed, &Tuning::for_puzzle(&p), None);
    assert_eq!(packed.map(|t| t.n), Some(64), "packed into a word");
    assert!(same_as_dlx_solid(&p) > 0);
}

/// The seven Soma pieces: every polycube of 3 or 4 cubes that is not a box, one-sided.
fn soma() -> PieceSet {
    let is_box = |s: &Shape| (s.width() * s.height() * s.depth()) as usize == s.len();
    let mut set = crate::model::samples::polyforms(Grid::Cube, 4, true);
    let tricube = crate::model::samples::polyforms(Grid::Cube, 3, true).pieces;
    set.pieces.retain(|p| !is_box(&p.shape));
    set.pieces
        .extend(tricube.into_iter().filter(|p| !is_box(&p.shape)));
    for (p, label) in set.pieces.iter_mut().zip('A'..) {
        (p.label, p.name) = (label, label.to_string());
    }
    set
}

/// The solutions the solver counts in both modes, and that it chose the bitboard engine.
fn counts(board: Board, set: PieceSet) -> (u64, u64) {
    let puzzle = Puzzle::new(board, set).expect("valid");
    assert!(BitSearch::applies(&puzzle));
    let keep = Solver::new(puzzle.clone(), SymmetryMode::Keep)
        .count()
        .solutions;
    let reduce = Solver::new(puzzle, SymmetryMode::Reduce).count().solutions;
    (keep.to_u64().unwrap(), reduce.to_u64().unwrap())
}

#[test]
fn soma_cube_on_the_bitboard_engine() {
    // 240 solutions up to the cube's 48 symmetries, 11,520 in all (Berlekamp, Conway
    // and Guy, "Winning Ways", ch. 24; Gardner, "Mathematical Games", September 1958).
    assert_eq!(
        counts(solid_box(Grid::Cube, [3, 3, 3], &[]), soma()),
        (11_520, 240)
    );
}

#[test]
fn children_found_dead_in_their_parent_are_never_entered() {
    // The Soma cube, every placement allowed (11,520 solutions): finding the children
    // that would die in their parent changes no count and takes fewer nodes.
    let puzzle = Puzzle::new(solid_box(Grid::Cube, [3, 3, 3], &[]), soma()).expect("valid");
    let own = Tuning::for_puzzle(&puzzle);
    assert_eq!(own.children, 8, "{own:?}");
    let mut nodes = Vec::new();
    for children in [0, 8] {
        let tuning = Tuning { children, ..own };
        let mut search = BitSearch::with_tuning(&puzzle, &all(&puzzle), tuning).expect("applies");
        assert_eq!(search.count(), 11_520, "{tuning:?}");
        nodes.push(search.stats().nodes);
    }
    assert!(nodes[1] < nodes[0], "{nodes:?}");
}

#[test]
fn a_list_without_its_dying_children_weighs_by_the_living() {
    // The Soma cube three placements deep: the children found dead in their parent are
    // left out of the split (8,086 nodes of 8,150), the paths of the others name the
    // same nodes, and each weighs by its living siblings, so some weigh more.
    let puzzle = Puzzle::new(solid_box(Grid::Cube, [3, 3, 3], &[]), soma()).expect("valid");
    let own = Tuning::for_puzzle(&puzzle);
    let allowed = all(&puzzle);
    let none = Tuning { children: 0, ..own };
    let mut every = BitSearch::with_tuning(&puzzle, &allowed, none).expect("applies");
    let mut living = BitSearch::with_tuning(&puzzle, &allowed, own).expect("applies");
    let (all_paths, paths) = (every.split(3), living.split(3));
    assert!(
        paths.len() < all_paths.len(),
        "{} {}",
        paths.len(),
        all_paths.len()
    );
    assert!(paths.iter().all(|p| all_paths.contains(p)));
    let mut heavier = 0;
    for path in &paths {
        let (w, w0) = (living.weight(path).unwrap(), every.weight(path).unwrap());
        assert!(w >= w0, "{path:?}: {w} < {w0}");
        heavier += usize::from(w > w0);
    }
    assert!(heavier > 0);
}

#[test]
fn solid_pentominoes_in_3x4x5() {
    // The 12 pentominoes as flat solid pieces fill the 3×4×5 box in 3,940 ways up to
    // its 8 symmetries, 31,520 in all (Gardner, "Mathematical Games", and Polyform
    // Puzzler: https://www.polyforms.eu/, "Solid pentominoes").
    let set = PieceSet {
        grid: Grid::Cube,
        ..crate::model::samples::pentominoes()
    };
    assert_eq!(
        counts(solid_box(Grid::Cube, [3, 4, 5], &[]), set),
        (31_520, 3_940)
    );
}
