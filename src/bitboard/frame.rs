//! The frame of a board (its bounding box: a rectangle, or layers of rectangles) as
//! bits, in up to [`MAX_FRONTS`] numberings: the frame's symmetries applied to the
//! base numbering, which runs along one side first ([`Order`]). On a flat board,
//! numbering `f` reverses the minor direction if `f & REVERSE_MINOR`, the major one if
//! `f & REVERSE_MAJOR`, and swaps rows and columns if `f & TRANSPOSE`; on a board of
//! layers ([`Order::Solid`]) the three flags reverse the minor, major and middle axes.
//! Each numbering gives the search one "front": its first empty square.

use crate::geom::Cell;
use crate::model::{Board, Square};

use super::grid::Grid;
use super::word::Word;

/// At most this many numberings (fronts): the 8 symmetries of a rectangle's frame (the
/// 8 corners of a box's).
pub const MAX_FRONTS: usize = 8;

/// In numbering `f`: the minor direction reversed.
pub const REVERSE_MINOR: usize = 1;
/// In numbering `f`: the major direction reversed.
pub const REVERSE_MAJOR: usize = 2;
/// In numbering `f`: rows and columns swapped (the other [`Order`]); on a board of
/// layers, the middle axis reversed.
pub const TRANSPOSE: usize = 4;

/// How squares are numbered in the base numbering: bit `major * stride + minor` (on a
/// board of layers, `(major * middles + middle) * stride + minor`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Order {
    /// `major = y`, `minor = x` (rows of `width` bits).
    RowMajor,
    /// `major = x`, `minor = y` (columns of `height` bits).
    ColumnMajor,
    /// On a board of layers: the coordinates (0: x, 1: y, 2: z) that are the minor,
    /// middle and major axes (a permutation).
    Solid([u8; 3]),
}

impl Order {
    fn other(self) -> Order {
        match self {
            Order::RowMajor => Order::ColumnMajor,
            Order::ColumnMajor => Order::RowMajor,
            solid => solid,
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

    /// The axes (minor, middle, major) of this order.
    fn axes(self) -> [u8; 3] {
        match self {
            Order::RowMajor => [0, 1, 2],
            Order::ColumnMajor => [1, 0, 2],
            Order::Solid(axes) => axes,
        }
    }

    /// This order as used on a frame of `depth` layers: a flat order keeps the layers
    /// outermost, a solid order on one layer is the flat order with its minor axis.
    fn on(self, depth: u32) -> Order {
        match self {
            Order::Solid(axes) if depth <= 1 => match axes.iter().find(|&&a| a != 2) {
                Some(1) => Order::ColumnMajor,
                _ => Order::RowMajor,
            },
            Order::Solid(_) => self,
            flat if depth > 1 => Order::Solid(flat.axes()),
            flat => flat,
        }
    }

    /// The bits of one minor line (a row or a column) of a `w` by `h` (by `d`) frame.
    fn stride(self, w: u32, h: u32, d: u32) -> u32 {
        [w, h, d][self.axes()[0] as usize]
    }
}

/// Maps a cell to its bit in numbering `f` of a `w` by `h` by `d` frame.
fn numbering(order: Order, f: usize, [w, h, d]: [u32; 3]) -> impl Fn(Cell) -> u32 {
    let solid = matches!(order, Order::Solid(_));
    let axes = order.of(f).axes();
    let lens = [w, h, d];
    let flip = |on: bool, v: u32, len: u32| if on { len - 1 - v } else { v };
    move |c: Cell| {
        let coords = [c.x as u32, c.y as u32, c.z as u32];
        let [a0, a1, a2] = axes.map(usize::from);
        let (minor, middle, major) = (coords[a0], coords[a1], coords[a2]);
        let (minors, middles, majors) = (lens[a0], lens[a1], lens[a2]);
        let minor = flip(f & REVERSE_MINOR != 0, minor, minors);
        if solid {
            let major = flip(f & REVERSE_MAJOR != 0, major, majors);
            let middle = flip(f & TRANSPOSE != 0, middle, middles);
            (major * middles + middle) * minors + minor
        } else {
            let middle = flip(f & REVERSE_MAJOR != 0, middle, middles);
            middle * minors + minor
        }
    }
}

/// A board's frame in the numberings in use.
pub struct Frame<M> {
    pub w: u32,
    pub h: u32,
    /// Layers (1 on a flat board).
    pub d: u32,
    /// Frame squares (bits in use).
    pub n: u32,
    /// The base numbering's order.
    pub order: Order,
    /// The numberings in use, as their flags, numbering 0 first.
    pub chosen: Vec<usize>,
    /// Per numbering in use: the bit of the cell `(x, y, z)` at `(z * h + y) * w + x`
    /// (its index in the board).
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
        let dims = [board.width, board.height, board.depth].map(|v| v.max(0) as u32);
        let [w, h, d] = dims;
        let n = w * h * d;
        if n == 0 || n > M::BITS {
            return None;
        }
        let order = order.on(d);
        let chosen: Vec<usize> = (0..MAX_FRONTS)
            .filter(|&f| f == 0 || fronts >> f & 1 == 1)
            .collect();
        let table: Vec<Vec<u32>> = (chosen.iter())
            .map(|&f| board.cells().map(numbering(order, f, dims)).collect())
            .collect();
        let grid = Frame::<M>::neighbours(board, &table[0], order.stride(w, h, d))?;
        let mut frame = Frame {
            w,
            h,
            d,
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

    /// The neighbours of the frame's squares in numbering 0 (`bits`, indexed by the
    /// board's index), from the board's lattice; `None` if they take more shifts than a
    /// grid has.
    fn neighbours(board: &Board, bits: &[u32], stride: u32) -> Option<Grid<M>> {
        let lattice = board.lattice();
        let n = bits.len() as u32;
        let pairs = board.cells().flat_map(|c| {
            let at = board.index(c).map(|k| bits[k]);
            (lattice.neighbours(c).into_iter())
                .filter_map(move |m| Some((at?, bits[board.index(m)?])))
        });
        Grid::from_pairs(stride, n, pairs)
    }

    /// Sets the squares filled from the start and all squares.
    fn fill_in(&mut self, board: &Board) {
        for (at, c) in board.cells().enumerate() {
            self.full = self.full | M::bit(self.table[0][at]);
            if board.square(c) != Square::Open {
                for (f, bits) in self.table.iter().enumerate() {
                    self.init[f] = self.init[f] | M::bit(bits[at]);
                }
            }
        }
    }

    /// Numberings in use.
    pub fn fronts(&self) -> usize {
        self.chosen.len()
    }

    /// The index of the frame's cell `c` in [`Frame::table`]'s rows.
    fn at(&self, c: Cell) -> usize {
        ((c.z as u32 * self.h + c.y as u32) * self.w + c.x as u32) as usize
    }

    /// The squares of `cells` in numbering `f` (its index among those in use).
    pub fn mask(&self, f: usize, cells: &[Cell]) -> M {
        (cells.iter()).fold(M::ZERO, |m, &c| m | M::bit(self.table[f][self.at(c)]))
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

    /// Per numbering: the bits of one of its minor lines, so that the neighbour of a
    /// square in the next line is this many bits after it; with `layer`, on a board of
    /// layers, the bits of one layer of the numbering (the neighbour in the next layer).
    pub fn key_offsets(&self, layer: bool) -> Vec<u32> {
        let dims = [self.w, self.h, self.d];
        (self.chosen.iter())
            .map(|&f| {
                let order = self.order.of(f);
                let stride = order.stride(self.w, self.h, self.d);
                match order {
                    Order::Solid([_, middle, _]) if layer => stride * dims[middle as usize],
                    _ => stride,
                }
            })
            .collect()
    }

    /// Whether numbering `f` (its index) comes from numbering 0 by a symmetry of the
    /// frame with the same squares filled: swapping rows and columns is one only on a
    /// square frame (then the keys also reach the same squares); on a board of layers
    /// every numbering reverses axes only.
    pub fn symmetric(&self, f: usize) -> bool {
        let solid = matches!(self.order, Order::Solid(_));
        (solid || self.chosen[f] & TRANSPOSE == 0 || self.w == self.h)
            && self.init[f] == self.init[0]
    }
}
