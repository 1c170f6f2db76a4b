//! The refutations on known puzzles, and a property test: a refuted puzzle is never one
//! that the exact-cover search solves.

use proptest::prelude::*;

use super::{refute, refute_with, Refutation};
use crate::cover::Search;
use crate::geom::{Cell, Grid, Shape};
use crate::model::samples::{domino_rectangle, pentomino_rectangle, pentominoes};
use crate::model::{load_puzzle, Board, Piece, PieceSet, Puzzle, Square};

fn builtin(name: &str) -> Puzzle {
    let (board, set) = load_puzzle(name, None).unwrap();
    Puzzle::new(board, set).unwrap()
}

#[test]
fn sixty_four_cells_are_no_sum_of_optional_pentominoes() {
    let mut board = Board::rectangle("8x8", 8, 8);
    board.use_all_pieces = false;
    let puzzle = Puzzle::new(board, pentominoes()).unwrap();
    let r = refute(&puzzle).expect("refuted by area");
    assert!(matches!(r, Refutation::Area { cells: 64, .. }), "{r:?}");
    assert_eq!(
        r.to_string(),
        "64 cells are not a sum of the piece areas 5 (12 pieces, each optional)"
    );
    // 60 cells are: all twelve.
    let mut board = Board::rectangle("6x10", 6, 10);
    board.use_all_pieces = false;
    assert_eq!(refute(&Puzzle::new(board, pentominoes()).unwrap()), None);
}

#[test]
fn the_five_tetrominoes_fail_the_checkerboard() {
    // Golomb: the T covers 3 cells of one colour and 1 of the other, the other four
    // tetrominoes 2 and 2, so together they never cover 10 and 10.
    for name in [
        "tetrominoes-4x5",
        "one-sided-tetrominoes-4x7",
        "hexominoes-15x14",
    ] {
        let r = refute(&builtin(name)).unwrap_or_else(|| panic!("{name} is refuted"));
        assert!(
            r.to_string()
                .starts_with("with the cells coloured like a checkerboard"),
            "{name}: {r}"
        );
    }
    assert_eq!(
        refute(&builtin("tetrominoes-4x5")).unwrap().to_string(),
        "with the cells coloured like a checkerboard, the cells to cover are 10 dark and \
         10 light, which no choice of placements of the pieces covers"
    );
}

/// `copies` copies of the piece of `cells` on the board of `board`, on `grid`.
fn copies_on(grid: Grid, board: &[(i32, i32)], cells: &[(i32, i32)], copies: u32) -> Puzzle {
    let cell = |&(x, y): &(i32, i32)| Cell::new(x, y);
    let board = Board::of_cells("board", grid, &board.iter().map(cell).collect::<Vec<_>>());
    let shape = (grid.lattice())
        .shape(&cells.iter().map(cell).collect::<Vec<_>>())
        .expect("a shape");
    let piece = Piece {
        name: "p".into(),
        label: 'p',
        shape,
        count: copies,
        min: copies,
        mirror: true,
        color: None,
    };
    let set = PieceSet {
        grid,
        name: "one piece".into(),
        description: String::new(),
        pieces: vec![piece],
    };
    Puzzle::new(board, set).unwrap()
}

#[test]
fn the_honeycomb_in_three_colours_refutes_straight_trihexes() {
    // A straight three-hex bar covers one hexagon of each colour whichever way it lies;
    // four hexagons in a row over two below hold 3, 2 and 1 of the three colours.
    let board = [(0, 0), (2, 0), (4, 0), (6, 0), (1, 1), (3, 1)];
    let puzzle = copies_on(Grid::Hex, &board, &[(0, 0), (2, 0), (4, 0)], 2);
    assert_eq!(
        refute_with(&puzzle, &[]),
        None,
        "no other argument refutes it"
    );
    let r = refute(&puzzle).expect("refuted by the 3-colouring");
    assert_eq!(
        r.to_string(),
        "with the cells coloured in 3 colours, no two neighbours alike, the cells to cover \
         are 3 of colour 1, 2 of colour 2 and 1 of colour 3, which no choice of placements \
         of the pieces covers"
    );
    assert_eq!(Search::new(&puzzle.problem()).count(), 0);
}

#[test]
fn up_and_down_triangles_refute_hexagons_in_a_triangle() {
    // The triangle of side 6 has 21 triangles pointing up and 15 pointing down; the
    // hexagon of six triangles covers three of each however it lies, so six of them
    // (36 triangles, as many as the board) never cover it.
    let board: Vec<(i32, i32)> = (0..6)
        .flat_map(|r| (6 - r..=6 + r).map(move |c| (c, r)))
        .collect();
    let hexagon = [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)];
    let puzzle = copies_on(Grid::Triangle, &board, &hexagon, 6);
    assert_eq!(
        refute_with(&puzzle, &[]),
        None,
        "no other argument refutes it"
    );
    let r = refute(&puzzle).expect("refuted by up and down");
    assert_eq!(
        r.to_string(),
        "with the cells coloured by pointing up or down, the cells to cover are 21 pointing \
         up and 15 pointing down, which no choice of placements of the pieces covers"
    );
    assert_eq!(Search::new(&puzzle.problem()).count(), 0);
}

#[test]
fn solvable_puzzles_are_not_refuted() {
    for name in [
        "6x10",
        "5x12",
        "3x20",
        "scott",
        "8x8-square",
        "dominoes-8x8",
        "noi2005",
    ] {
        assert_eq!(refute(&builtin(name)), None, "{name}");
    }
    assert_eq!(refute(&pentomino_rectangle(4, 15)), None);
    assert_eq!(refute(&domino_rectangle(3, 4)), None);
    // The 12 hexiamonds in the 6 × 6 rhombus (624 tilings), straight trihexes in the
    // 3 × 3 parallelogram (three rows, or three lines along its slanted sides).
    let rhombus = Board::of_cells(
        "6x6",
        Grid::Triangle,
        &Grid::Triangle.lattice().parallelogram(6, 6),
    );
    let hexiamonds = crate::model::samples::polyforms(Grid::Triangle, 6, false);
    assert_eq!(refute(&Puzzle::new(rhombus, hexiamonds).unwrap()), None);
    let rows: Vec<(i32, i32)> = (Grid::Hex.lattice().parallelogram(3, 3).iter())
        .map(|c| (c.x, c.y))
        .collect();
    let bars = copies_on(Grid::Hex, &rows, &[(0, 0), (2, 0), (4, 0)], 3);
    assert_eq!(refute(&bars), None);
    assert_eq!(Search::new(&bars.problem()).count(), 2);
}

#[test]
fn a_piece_that_fits_nowhere_refutes_when_it_must_be_used() {
    let mut board = Board::rectangle("2x10", 10, 2);
    board.cover_all_cells = false;
    let puzzle = Puzzle::new(board.clone(), pentominoes()).unwrap();
    let r = refute(&puzzle).unwrap();
    // F, the first piece, needs three rows.
    assert_eq!(r.to_string(), "piece F fits nowhere on the board");
    board.use_all_pieces = false;
    assert_eq!(refute(&Puzzle::new(board, pentominoes()).unwrap()), None);
}

#[test]
fn pieces_larger_than_the_open_cells_when_cells_are_optional() {
    let mut board = Board::rectangle("7x8", 7, 8);
    board.cover_all_cells = false;
    let r = refute(&Puzzle::new(board, pentominoes()).unwrap()).unwrap();
    assert_eq!(
        r.to_string(),
        "the pieces cover 60 cells, more than the 56 open ones"
    );
}

// ---------------------------------------------------------------------------------------
// Property: never a refutation of a puzzle with a solution

/// Small polyominoes the random sets take their kinds from.
const SHAPES: [&str; 9] = [
    "#", "##", "###", "##\n#.", "####", "##\n##", "###\n.#.", ".##\n##.", "###\n#..",
];

fn random_puzzle(
    (w, h): (i32, i32),
    squares: &[u8],
    kinds: &[(usize, u32, bool)],
    (use_all, cover_all): (bool, bool),
) -> Option<Puzzle> {
    let squares = (0..(w * h) as usize)
        .map(|k| match squares[k] {
            0 => Square::Blocked,
            1 => Square::Outside,
            _ => Square::Open,
        })
        .collect();
    let mut board = Board::new("random", w, h, squares);
    board.use_all_pieces = use_all;
    board.cover_all_cells = cover_all;
    let pieces = kinds
        .iter()
        .enumerate()
        .map(|(k, &(shape, count, mirror))| Piece {
            name: format!("p{k}"),
            label: (b'a' + k as u8) as char,
            shape: Shape::from_picture(SHAPES[shape]).unwrap(),
            count,
            min: count,
            mirror,
            color: None,
        })
        .collect();
    let set = PieceSet {
        grid: crate::geom::Grid::Square,
        name: "random".into(),
        description: String::new(),
        pieces,
    };
    Puzzle::new(board, set).ok()
}

proptest! {
    #[test]
    fn a_refuted_puzzle_has_no_solution(
        size in (1..=5i32, 1..=5i32),
        squares in prop::collection::vec(0..8u8, 25),
        kinds in prop::collection::vec((0..SHAPES.len(), 1..=4u32, any::<bool>()), 1..=3),
        flags in (any::<bool>(), any::<bool>()),
    ) {
        let puzzle = random_puzzle(size, &squares, &kinds, flags);
        prop_assume!(puzzle.is_some(), "the random board and pieces make no puzzle");
        let puzzle = puzzle.expect("assumed");
        if let Some(reason) = refute(&puzzle) {
            let solution = Search::new(&puzzle.problem()).first();
            prop_assert!(solution.is_none(), "refuted ({reason}) yet solved");
        }
    }
}
