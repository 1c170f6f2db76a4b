//! Boards: a frame of positions (a rectangle of picture positions, or a box of layers of
//! them on the grids of space), each outside the board, open (to be covered),
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

/// Where a board's picture is in its file: for each row of the picture (layer by layer,
/// `height` rows each, on the grids of space), the 1-based line and the 1-based column of
/// its `x = 0`.
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
    /// The frame's layers (1 on the plane grids).
    pub depth: i32,
    squares: Vec<Square>,
    /// `false` lets pieces stay unused.
    pub use_all_pieces: bool,
    /// `false` lets open cells stay empty.
    pub cover_all_cells: bool,
    /// On the grids of segments, `true` lets pieces cross (SPEC §9); `false` elsewhere.
    pub crossing: bool,
    pub(crate) origin: Origin,
}

impl Board {
    /// A board of `width × height` squares given row by row.
    ///
    /// # Panics
    /// If `squares.len() != width * height`; loaders build the vector themselves.
    pub fn new(name: impl Into<String>, width: i32, height: i32, squares: Vec<Square>) -> Board {
        Board::layered(name, Grid::Square, [width, height, 1], squares)
    }

    /// A board of `grid` whose frame is `size = [width, height, depth]`, its squares
    /// given layer by layer (bottom first), row by row.
    ///
    /// # Panics
    /// If `squares.len()` is not the frame's size; loaders build the vector themselves.
    pub fn layered(
        name: impl Into<String>,
        grid: Grid,
        [width, height, depth]: [i32; 3],
        squares: Vec<Square>,
    ) -> Board {
        let len = width.max(0) as usize * height.max(0) as usize * depth.max(0) as usize;
        assert_eq!(squares.len(), len);
        Board {
            name: name.into(),
            description: String::new(),
            pieces: String::new(),
            grid,
            width,
            height,
            depth,
            squares,
            use_all_pieces: true,
            cover_all_cells: true,
            crossing: false,
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
        let size = |f: fn(&Cell) -> i32| cells.iter().map(|c| f(c) + 1).max().unwrap_or(0);
        let (width, height) = (size(|c| c.x), size(|c| c.y));
        let depth = if cells.is_empty() { 0 } else { size(|c| c.z) };
        let len = (width * height * depth) as usize;
        let mut board = Board::layered(
            name,
            grid,
            [width, height, depth],
            vec![Square::Outside; len],
        );
        for &c in cells {
            let k = board.index(c).expect("a cell of the frame");
            board.squares[k] = Square::Open;
        }
        board
    }

    /// The number of positions in the frame.
    pub fn frame_len(&self) -> usize {
        self.squares.len()
    }

    /// The index of `c` among the frame's positions (layer by layer, row by row), or
    /// `None` outside the frame.
    pub fn index(&self, c: Cell) -> Option<usize> {
        let inside = |v: i32, n: i32| (0..n).contains(&v);
        if !(inside(c.x, self.width) && inside(c.y, self.height) && inside(c.z, self.depth)) {
            return None;
        }
        Some(((c.z * self.height + c.y) * self.width + c.x) as usize)
    }

    /// The lattice of its grid.
    pub fn lattice(&self) -> &'static dyn Lattice {
        self.grid.lattice()
    }

    /// The square at `c`; outside the frame is `Outside`.
    pub fn square(&self, c: Cell) -> Square {
        self.index(c).map_or(Square::Outside, |k| self.squares[k])
    }

    /// Makes the square at `c` (a cell of the frame) `square`: how a pre-placed piece is
    /// taken off the board or put on it.
    ///
    /// # Panics
    /// If `c` is outside the frame.
    pub fn set_square(&mut self, c: Cell, square: Square) {
        let k = self.index(c).expect("a cell of the frame");
        self.squares[k] = square;
    }

    /// Every cell of the frame, layer by layer (bottom first), row by row.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        let (w, h) = (self.width, self.height);
        (0..self.depth)
            .flat_map(move |z| (0..h).flat_map(move |y| (0..w).map(move |x| Cell::at(x, y, z))))
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
        let row = usize::try_from(c.z * self.height + c.y).ok()?;
        let &(line, column) = self.origin.rows.get(row)?;
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
