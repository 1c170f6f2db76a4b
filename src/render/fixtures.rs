//! Hand-built boards, piece sets and tilings for the renderers' tests: a 3×2 rectangle
//! tiled by two copies of the L-tromino, a board with outside, blocked and uncovered
//! cells, a board with a pre-placed piece, and first solutions on the hex and triangle
//! grids.

use crate::geom::{Cell, Grid, Shape};
use crate::model::{Board, Piece, PieceSet, Placement, Puzzle, Square, Tiling};
use crate::solve::{Solver, SymmetryMode};

fn piece(name: &str, label: char, picture: &str, count: u32) -> Piece {
    Piece {
        name: name.to_string(),
        label,
        shape: Shape::from_picture(picture).unwrap(),
        count,
        min: count,
        mirror: true,
        color: None,
    }
}

fn set(pieces: Vec<Piece>) -> PieceSet {
    PieceSet {
        grid: crate::geom::Grid::Square,
        name: "test".to_string(),
        description: String::new(),
        pieces,
    }
}

fn place(piece: usize, cells: &[(i32, i32)], fixed: bool) -> Placement {
    let mut cells: Vec<Cell> = cells.iter().map(|&(x, y)| Cell::new(x, y)).collect();
    cells.sort();
    Placement {
        piece,
        cells,
        fixed,
    }
}

/// `LLL / LLL`: two L-trominoes, (0,0) (1,0) (0,1) and (2,0) (1,1) (2,1).
pub fn two_l() -> (Board, PieceSet, Tiling) {
    let board = Board::rectangle("3x2", 3, 2);
    let set = set(vec![piece("L", 'L', "##\n#.", 2)]);
    let t = Tiling {
        placements: vec![
            place(0, &[(0, 0), (1, 0), (0, 1)], false),
            place(0, &[(2, 0), (1, 1), (2, 1)], false),
        ],
    };
    (board, set, t)
}

/// ` DD. / OO#L / OOLL`: an outside corner, a blocked hole, an uncovered open cell.
pub fn holes() -> (Board, PieceSet, Tiling) {
    use Square::{Blocked as B, Open as O, Outside as X};
    let mut board = Board::new("holes", 4, 3, vec![X, O, O, O, O, O, B, O, O, O, O, O]);
    board.cover_all_cells = false;
    let set = set(vec![
        piece("domino", 'D', "##", 1),
        piece("square", 'O', "##\n##", 1),
        piece("L3", 'L', "##\n#.", 1),
    ]);
    let t = Tiling {
        placements: vec![
            place(0, &[(1, 0), (2, 0)], false),
            place(1, &[(0, 1), (1, 1), (0, 2), (1, 2)], false),
            place(2, &[(3, 1), (2, 2), (3, 2)], false),
        ],
    };
    (board, set, t)
}

/// `PPL / MLL` with the domino P pre-placed.
pub fn preplaced() -> (Board, PieceSet, Tiling) {
    use Square::{Open as O, Preplaced as P};
    let board = Board::new("pre", 3, 2, vec![P('P'), P('P'), O, O, O, O]);
    let mut set = set(vec![
        piece("P", 'P', "##", 1),
        piece("L", 'L', "##\n#.", 1),
        piece("M", 'M', "#", 1),
    ]);
    set.pieces[2].color = Some([0x10, 0x20, 0x30]);
    let t = Tiling {
        placements: vec![
            place(0, &[(0, 0), (1, 0)], true),
            place(1, &[(2, 0), (1, 1), (2, 1)], false),
            place(2, &[(0, 1)], false),
        ],
    };
    (board, set, t)
}

/// A 6×10 pentomino tiling, each label one placement; shapes taken from the picture.
pub fn pentominoes() -> (Board, PieceSet, Tiling) {
    let picture = [
        "PPPLLLLVVV",
        "IPPNNFLVZZ",
        "INNNFFFVZY",
        "IUUXFTWZZY",
        "IUXXXTWWYY",
        "IUUXTTTWWY",
    ];
    let board = Board::rectangle("6x10", 10, 6);
    let mut placements: Vec<(char, Vec<Cell>)> = Vec::new();
    for (y, row) in picture.iter().enumerate() {
        for (x, label) in row.chars().enumerate() {
            let cell = Cell::new(x as i32, y as i32);
            match placements.iter_mut().find(|(l, _)| *l == label) {
                Some((_, cells)) => cells.push(cell),
                None => placements.push((label, vec![cell])),
            }
        }
    }
    placements.sort();
    let pieces = placements
        .iter()
        .map(|(label, cells)| Piece {
            name: label.to_string(),
            label: *label,
            shape: Shape::new(cells.iter().copied()).unwrap(),
            count: 1,
            min: 1,
            mirror: true,
            color: None,
        })
        .collect();
    let t = Tiling {
        placements: placements
            .into_iter()
            .enumerate()
            .map(|(k, (_, cells))| Placement {
                piece: k,
                cells,
                fixed: false,
            })
            .collect(),
    };
    (board, set(pieces), t)
}

/// The first solution (in `keep` mode) of all free `n`-cells of `grid` on the
/// `w × h` parallelogram.
pub fn solved(grid: Grid, n: usize, w: i32, h: i32) -> (Board, PieceSet, Tiling) {
    let set = crate::model::samples::polyforms(grid, n, false);
    let board = Board::of_cells("p", grid, &grid.lattice().parallelogram(w, h));
    let puzzle = Puzzle::new(board, set).unwrap();
    let solver = Solver::new(puzzle, SymmetryMode::Keep);
    let mut first = None;
    solver.run(Some(1), |t| {
        first = Some(t.clone());
        std::ops::ControlFlow::Break(())
    });
    let puzzle = solver.puzzle();
    let t = first.expect("the fixture board has a tiling");
    (puzzle.board.clone(), puzzle.set.clone(), t)
}

/// The 7 tetrahexes on the 7 × 4 hex parallelogram.
pub fn hexes() -> (Board, PieceSet, Tiling) {
    solved(Grid::Hex, 4, 7, 4)
}

/// The 12 hexiamonds on the 6 × 6 rhombus.
pub fn triangles() -> (Board, PieceSet, Tiling) {
    solved(Grid::Triangle, 6, 6, 6)
}

/// The cells of a box of `size = [x, y, z]`, layer by layer.
pub fn box_cells([x, y, z]: [i32; 3]) -> Vec<Cell> {
    (0..z)
        .flat_map(|k| (0..y).flat_map(move |j| (0..x).map(move |i| Cell::at(i, j, k))))
        .collect()
}

/// The cells of the square pyramid of `n` layers on the sphere grid.
pub fn pyramid_cells(n: i32) -> Vec<Cell> {
    (0..n)
        .flat_map(|z| (0..n - z).flat_map(move |y| (0..n - z).map(move |x| Cell::at(x, y, z))))
        .collect()
}

/// The first solution (in `keep` mode) of `set` on `board`.
pub fn first(board: Board, set: PieceSet) -> (Board, PieceSet, Tiling) {
    let solver = Solver::new(Puzzle::new(board, set).unwrap(), SymmetryMode::Keep);
    let mut first = None;
    solver.run(Some(1), |t| {
        first = Some(t.clone());
        std::ops::ControlFlow::Break(())
    });
    let puzzle = solver.puzzle();
    let t = first.expect("the fixture board has a tiling");
    (puzzle.board.clone(), puzzle.set.clone(), t)
}

/// Two copies of each tricube in the 3 × 2 × 2 box, the first one pre-placed along the
/// bottom layer's first row.
pub fn cubes() -> (Board, PieceSet, Tiling) {
    let mut set = crate::model::samples::polyforms(Grid::Cube, 3, false);
    for p in &mut set.pieces {
        (p.count, p.min) = (2, 2);
    }
    let cells = box_cells([3, 2, 2]);
    let mut squares = vec![Square::Open; cells.len()];
    let label = set.pieces[0].label;
    for (k, c) in cells.iter().enumerate() {
        if c.z == 0 && c.y == 0 {
            squares[k] = Square::Preplaced(label);
        }
    }
    first(Board::layered("box", Grid::Cube, [3, 2, 2], squares), set)
}

/// The pyramid of 3 layers (14 balls) on the sphere grid, filled with tri-balls and a
/// pair of balls (pieces optional), the top ball blocked.
pub fn balls() -> (Board, PieceSet, Tiling) {
    let mut set = crate::model::samples::polyforms(Grid::Sphere, 3, false);
    set.pieces.truncate(3);
    let pair = crate::model::samples::polyforms(Grid::Sphere, 2, false).pieces;
    set.pieces.extend(pair);
    for (p, label) in set.pieces.iter_mut().zip('A'..) {
        (p.label, p.name, p.count, p.min) = (label, label.to_string(), 2, 2);
    }
    let mut board = Board::of_cells("pyramid", Grid::Sphere, &pyramid_cells(3));
    board.use_all_pieces = false;
    let mut squares: Vec<Square> = board.cells().map(|c| board.square(c)).collect();
    let top = board.index(Cell::at(0, 0, 2)).unwrap();
    squares[top] = Square::Blocked;
    let mut blocked = Board::layered("pyramid", Grid::Sphere, [3, 3, 3], squares);
    blocked.use_all_pieces = false;
    first(blocked, set)
}
