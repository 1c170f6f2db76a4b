//! Hand-built piece sets and boards for the unit tests (the classic pentomino puzzles
//! and domino tilings), so that they need no TOML library.

use crate::geom::Shape;
use crate::model::{Board, Piece, PieceSet, Puzzle, Square};

fn piece(label: char, picture: &str, count: u32) -> Piece {
    Piece {
        name: label.to_string(),
        label,
        shape: Shape::from_picture(picture).expect("a valid picture"),
        count,
        min: count,
        mirror: true,
        color: None,
    }
}

fn set(name: &str, pieces: Vec<Piece>) -> PieceSet {
    PieceSet {
        grid: crate::geom::Grid::Square,
        name: name.into(),
        description: String::new(),
        pieces,
    }
}

/// Every free (or one-sided) `n`-cell polyform of `grid`, one copy each, labelled
/// `A`, `B`, … in the order of [`crate::geom::polyforms`].
pub fn polyforms(grid: crate::geom::Grid, n: usize, one_sided: bool) -> PieceSet {
    let shapes = crate::geom::polyforms(grid.lattice(), n, one_sided);
    let labels = ('A'..='Z').chain('a'..='z').chain('0'..='9');
    let pieces = (shapes.into_iter().zip(labels))
        .map(|(shape, label)| Piece {
            name: label.to_string(),
            label,
            shape,
            count: 1,
            min: 1,
            mirror: !one_sided,
            color: None,
        })
        .collect();
    PieceSet {
        grid,
        ..set(&format!("{}-{n}", grid.name()), pieces)
    }
}

/// The 12 free pentominoes, one copy each.
pub fn pentominoes() -> PieceSet {
    let shapes = [
        ('F', ".##\n##.\n.#."),
        ('I', "#####"),
        ('L', "####\n#..."),
        ('N', "###.\n..##"),
        ('P', "##\n##\n#."),
        ('T', "###\n.#.\n.#."),
        ('U', "#.#\n###"),
        ('V', "#..\n#..\n###"),
        ('W', "#..\n##.\n.##"),
        ('X', ".#.\n###\n.#."),
        ('Y', "####\n.#.."),
        ('Z', "##.\n.#.\n.##"),
    ];
    set(
        "pentominoes",
        shapes.iter().map(|&(l, s)| piece(l, s, 1)).collect(),
    )
}

/// The pentominoes and the 2×2 square (for the 8×8 board).
pub fn pentominoes_and_square() -> PieceSet {
    let mut s = pentominoes();
    s.pieces.push(piece('S', "##\n##", 1));
    s.name = "pentominoes+square".into();
    s
}

/// `count` dominoes.
pub fn dominoes(count: u32) -> PieceSet {
    set("dominoes", vec![piece('D', "##", count)])
}

/// The 8×8 board with the central 2×2 blocked (Scott's problem).
pub fn scott_board() -> Board {
    let mut squares = vec![Square::Open; 64];
    for (x, y) in [(3, 3), (3, 4), (4, 3), (4, 4)] {
        squares[y * 8 + x] = Square::Blocked;
    }
    Board::new("scott", 8, 8, squares)
}

/// A `w × h` rectangle of pentominoes.
pub fn pentomino_rectangle(w: i32, h: i32) -> Puzzle {
    Puzzle::new(Board::rectangle(format!("{w}x{h}"), w, h), pentominoes()).expect("valid")
}

/// Scott's problem.
pub fn scott() -> Puzzle {
    Puzzle::new(scott_board(), pentominoes()).expect("valid")
}

/// The 8×8 board with the pentominoes and the square.
pub fn eight_by_eight_square() -> Puzzle {
    Puzzle::new(Board::rectangle("8x8", 8, 8), pentominoes_and_square()).expect("valid")
}

/// A `w × h` rectangle of dominoes.
pub fn domino_rectangle(w: i32, h: i32) -> Puzzle {
    let board = Board::rectangle(format!("{w}x{h}"), w, h);
    Puzzle::new(board, dominoes((w * h / 2) as u32)).expect("valid")
}
