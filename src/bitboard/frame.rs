//! The frame of a board (its bounding rectangle) as bits, in up to [`MAX_FRONTS`]
//! numberings: the frame's symmetries applied to the base numbering, which runs along
//! one side first ([`Order`]). Numbering `f` reverses the minor direction if
//! `f & REVERSE_MINOR`, the major one if `f & REVERSE_MAJOR`, and swaps rows and
//! columns if `f & TRANSPOSE`. Each numbering gives the search one "front": its first
//! empty square.

use crate::geom::Cell;
use crate::model::{Board, Square};

use super::grid::Grid;
use super::word::Word;

/// At most this many numberings (fronts): the 8 symmetries of a rectangle's frame.
pub const MAX_FRONTS: usize = 8;

/// In numbering `f`: the minor direction reversed.
pub const REVERSE_MINOR: usize = 1;
/// In numbering `f`: the major direction reversed.
pub const REVERSE_MAJOR: usize = 2;
/// In numbering `f`: rows and columns swapped (the other [`Order`]).
pub const TRANSPOSE: usize = 4;

/// How squares are numbered in the base numbering: bit `major * stride + minor`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Order {
    /// `major = y`, `minor = x` (rows of `width` bits).
    RowMajor,
    /// `major = x`, `minor = y` (columns of `height` bits).
    ColumnMajor,
}

impl Order {
    fn other(self) -> Order {
        match self {
            Order::RowMajor => Order::ColumnMajor,
            Order::ColumnMajor => Order::RowMajor,
        }
    }

    /// The order of numbering `f` when this is the base numbering's.
    fn of(self, f: usize) -> Order {
        if f & TRANSPOSE != 0 {
            self.other()
        } else {
            self
        }
    }

    /// The bits of one major line (a row or a column) of a `w` by `h` frame.
    fn stride(self, w: u32, h: u32) -> u32 {
        match self {
            Order::RowMajor => w,
            Order::ColumnMajor => h,
        }
    }
}

/// Maps a cell to its bit in numbering `f` of a `w` by `h` frame.
fn numbering(order: Order, f: usize, w: u32, h: u32) -> impl Fn(Cell) -> u32 {
    let order = order.of(f);
    move |c: Cell| {
        let (x, y) = (c.x as u32, c.y as u32);
        let (major, minor, majors, minors) = match order {
            Order::RowMajor => (y, x, h, w),
            Order::ColumnMajor => (x, y, w, h),
        };
        let major = if f & REVERSE_MAJOR != 0 {
            majors - 1 - major
        } else {
            major
        };
        let minor = if f & REVERSE_MINOR != 0 {
            minors - 1 - minor
        } else {
            minor
        };
        major * minors + minor
    }
}

/// A board's frame in the numberings in use.
pub struct Frame<M> {
    pub w: u32,
    pub h: u32,
    /// Frame squares (bits in use).
    pub n: u32,
    /// The base numbering's order.
    pub order: Order,
    /// The numberings in use, as their flags, numbering 0 first.
    pub chosen: Vec<usize>,
    /// Per numbering in use: the bit of the cell `(x, y)` at `y * w + x`.
    pub table: Vec<Vec<u32>>,
    /// Squares filled before the search (blocked, outside), per numbering.
    pub init: [M; MAX_FRONTS],
    /// All `n` bits.
    pub full: M,
    /// Neighbours in numbering 0.
    pub grid: Grid<M>,
}

impl<M: Word> Frame<M> {
    /// The frame of `board` in numbering 0 (of `order`) and the numberings `f` whose
    /// bit is set in `fronts`; `None` if it is empty or does not fit `M`.
    pub fn new(board: &Board, order: Order, fronts: u8) -> Option<Frame<M>> {
        let (w, h) = (board.width.max(0) as u32, board.height.max(0) as u32);
        let n = w * h;
        if n == 0 || n > M::BITS {
            return None;
        }
        let chosen: Vec<usize> = (0..MAX_FRONTS)
            .filter(|&f| f == 0 || fronts >> f & 1 == 1)
            .collect();
        let table: Vec<Vec<u32>> = (chosen.iter())
            .map(|&f| {
                let bit = numbering(order, f, w, h);
                (0..h as i32)
                    .flat_map(|y| (0..w as i32).map(move |x| Cell::new(x, y)))
                    .map(bit)
                    .collect()
            })
            .collect();
        let grid = Frame::<M>::neighbours(board, &table[0], w, h, order.stride(w, h))?;
        let mut frame = Frame {
            w,
            h,
            n,
            order,
            chosen,
            table,
            init: [M::ZERO; MAX_FRONTS],
            full: M::ZERO,
            grid,
        };
        frame.fill_in(board);
        Some(frame)
    }

    /// The neighbours of the frame's squares in numbering 0 (`bits`, indexed by `y * w
    /// + x`), from the board's lattice; `None` if they take more shifts than a grid has.
    fn neighbours(board: &Board, bits: &[u32], w: u32, h: u32, stride: u32) -> Option<Grid<M>> {
        let lattice = board.lattice();
        let inside = |c: Cell| c.x >= 0 && c.y >= 0 && (c.x as u32) < w && (c.y as u32) < h;
        let bit = |c: Cell| bits[(c.y as u32 * w + c.x as u32) as usize];
        let pairs = (0..h as i32)
            .flat_map(|y| (0..w as i32).map(move |x| Cell::new(x, y)))
            .flat_map(|c| {
                (lattice.neighbours(c).into_iter())
                    .filter(move |&m| inside(m))
                    .map(move |m| (bit(c), bit(m)))
            });
        Grid::from_pairs(stride, w * h, pairs)
    }

    /// Sets the squares filled from the start and all squares.
    fn fill_in(&mut self, board: &Board) {
        for y in 0..self.h as i32 {
            for x in 0..self.w as i32 {
                let c = Cell::new(x, y);
                let at = (y as u32 * self.w + x as u32) as usize;
                let b = M::bit(self.table[0][at]);
                self.full = self.full | b;
                if board.square(c) != Square::Open {
                    for (f, bits) in self.table.iter().enumerate() {
                        self.init[f] = self.init[f] | M::bit(bits[at]);
                    }
                }
            }
        }
    }

    /// Numberings in use.
    pub fn fronts(&self) -> usize {
        self.chosen.len()
    }

    /// The squares of `cells` in numbering `f` (its index among those in use).
    pub fn mask(&self, f: usize, cells: &[Cell]) -> M {
        cells.iter().fold(M::ZERO, |m, c| {
            m | M::bit(self.table[f][(c.y as u32 * self.w + c.x as u32) as usize])
        })
    }

    /// Per numbering `f` and bit `c`, at `f * n + c`: the bit of that square in
    /// numbering 0.
    pub fn squares(&self) -> Vec<u16> {
        let n = self.n as usize;
        let mut square = vec![0u16; self.fronts() * n];
        for (f, row) in self.table.iter().enumerate() {
            for (&b, &b0) in row.iter().zip(&self.table[0]) {
                square[f * n + b as usize] = b0 as u16;
            }
        }
        square
    }

    /// Per numbering: the bits of one of its major lines, so that the neighbour of a
    /// square in the next line is this many bits after it.
    pub fn key_offsets(&self) -> Vec<u32> {
        (self.chosen.iter())
            .map(|&f| self.order.of(f).stride(self.w, self.h))
            .collect()
    }

    /// Whether numbering `f` (its index) comes from numbering 0 by a symmetry of the
    /// frame with the same squares filled: swapping rows and columns is one only on a
    /// square frame (then the keys also reach the same squares).
    pub fn symmetric(&self, f: usize) -> bool {
        (self.chosen[f] & TRANSPOSE == 0 || self.w == self.h) && self.init[f] == self.init[0]
    }
}
