//! Boards: a rectangle of squares, each outside the board, open (to be covered),
//! blocked, or already covered by a pre-placed piece (named by its label, resolved
//! against a piece set when the puzzle is built). A board remembers where its picture
//! came from so that later checks can point at the offending cell.

use crate::error::Location;
use crate::geom::{Cell, Grid, Lattice};

/// What one square of the board's frame is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Square {
    /// Not part of the board (a space in the picture).
    Outside,
    /// To be covered (`.`).
    Open,
    /// Inside the frame but never covered (`#`).
    Blocked,
    /// Already covered by the piece with this label.
    Preplaced(char),
}

/// Where a board's picture is in its file: for each row of the picture, the 1-based line
/// and the 1-based column of its `x = 0`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Origin {
    pub path: String,
    pub text: String,
    pub rows: Vec<(usize, usize)>,
    /// Where to point when the whole board is at fault (e.g. the `size` or `shape` key).
    pub board_line: usize,
    pub board_column: usize,
}

/// A puzzle's board, before it meets a piece set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The board's name (a built-in's name, or the `name` key of its file).
    pub name: String,
    /// One line saying what the board is.
    pub description: String,
    /// The `pieces` value: a built-in set's name or a path relative to the board file.
    pub pieces: String,
    /// The grid its cells are on.
    pub grid: Grid,
    /// The frame's columns.
    pub width: i32,
    /// The frame's rows.
    pub height: i32,
    squares: Vec<Square>,
    /// `false` lets pieces stay unused.
    pub use_all_pieces: bool,
    /// `false` lets open cells stay empty.
    pub cover_all_cells: bool,
    pub(crate) origin: Origin,
}

impl Board {
    /// A board of `width × height` squares given row by row.
    ///
    /// # Panics
    /// If `squares.len() != width * height`; loaders build the vector themselves.
    pub fn new(name: impl Into<String>, width: i32, height: i32, squares: Vec<Square>) -> Board {
        assert_eq!(squares.len(), (width.max(0) * height.max(0)) as usize);
        Board {
            name: name.into(),
            description: String::new(),
            pieces: String::new(),
            grid: Grid::Square,
            width,
            height,
            squares,
            use_all_pieces: true,
            cover_all_cells: true,
            origin: Origin::default(),
        }
    }

    /// A full rectangle of open cells.
    pub fn rectangle(name: impl Into<String>, width: i32, height: i32) -> Board {
        Board::new(
            name,
            width,
            height,
            vec![Square::Open; (width * height) as usize],
        )
    }

    /// The board of `grid` whose open cells are `cells` (at non-negative coordinates) in
    /// the smallest frame from the origin that holds them; every other square is outside.
    pub fn of_cells(name: impl Into<String>, grid: Grid, cells: &[Cell]) -> Board {
        let width = cells.iter().map(|c| c.x + 1).max().unwrap_or(0);
        let height = cells.iter().map(|c| c.y + 1).max().unwrap_or(0);
        let mut squares = vec![Square::Outside; (width * height) as usize];
        for c in cells {
            squares[(c.y * width + c.x) as usize] = Square::Open;
        }
        let mut board = Board::new(name, width, height, squares);
        board.grid = grid;
        board
    }

    /// The lattice of its grid.
    pub fn lattice(&self) -> &'static dyn Lattice {
        self.grid.lattice()
    }

    /// The square at `c`; outside the frame is `Outside`.
    pub fn square(&self, c: Cell) -> Square {
        if c.x < 0 || c.y < 0 || c.x >= self.width || c.y >= self.height {
            return Square::Outside;
        }
        self.squares[(c.y * self.width + c.x) as usize]
    }

    /// Makes the square at `c` (a cell of the frame) `square`: how a pre-placed piece is
    /// taken off the board or put on it.
    ///
    /// # Panics
    /// If `c` is outside the frame.
    pub fn set_square(&mut self, c: Cell, square: Square) {
        assert!(c.x >= 0 && c.y >= 0 && c.x < self.width && c.y < self.height);
        self.squares[(c.y * self.width + c.x) as usize] = square;
    }

    /// Every cell of the frame, row by row.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        let w = self.width;
        (0..self.height).flat_map(move |y| (0..w).map(move |x| Cell::new(x, y)))
    }

    /// The cells to cover, row by row.
    pub fn open_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.cells().filter(|&c| self.square(c) == Square::Open)
    }

    /// The number of open squares.
    pub fn open_count(&self) -> usize {
        self.squares.iter().filter(|&&s| s == Square::Open).count()
    }

    /// Where cell `c` of the picture is in the board's file, if it came from one.
    pub(crate) fn cell_location(&self, c: Cell) -> Option<Location> {
        let &(line, column) = self.origin.rows.get(c.y as usize)?;
        Some(Location::at_line(
            &self.origin.path,
            &self.origin.text,
            line,
            column + c.x as usize,
        ))
    }

    /// Where the board as a whole is defined, if it came from a file.
    pub(crate) fn location(&self) -> Option<Location> {
        if self.origin.path.is_empty() {
            return None;
        }
        Some(Location::at_line(
            &self.origin.path,
            &self.origin.text,
            self.origin.board_line.max(1),
            self.origin.board_column.max(1),
        ))
    }
}
