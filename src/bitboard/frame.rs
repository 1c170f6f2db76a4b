//! The frame of a board (its bounding box: a rectangle, or layers of rectangles) as
//! bits, in up to [`MAX_FRONTS`] numberings: the frame's symmetries applied to the
//! base numbering, which runs along one side first ([`Order`]). On a flat board,
//! numbering `f` reverses the minor direction if `f & REVERSE_MINOR`, the major one if
//! `f & REVERSE_MAJOR`, and swaps rows and columns if `f & TRANSPOSE`; on a board of
//! layers ([`Order::Solid`]) the three flags reverse the minor, major and middle axes.
//! Each numbering gives the search one "front": its first empty square. A box wider
//! than the word whose cells are not (a pyramid of balls) has its slices packed into
//! fewer bits ([`super::packing`]); its outside cells then have no bit, and the bits
//! no cell has are filled from the start.

use crate::geom::Cell;
use crate::model::{Board, Square};

use super::grid::{Grid, MAX_STEPS};
use super::packing::pack;
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
    pub(super) fn on(self, depth: u32) -> Order {
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
    pub(super) fn stride(self, w: u32, h: u32, d: u32) -> u32 {
        [w, h, d][self.axes()[0] as usize]
    }
}

/// Maps a cell to its place in numbering `f` of a `w` by `h` by `d` frame: its slice
/// (its major coordinate on a board of layers, 0 on a flat board) and its position in
/// the slice (`middle * stride + minor`, or `major * stride + minor` on a flat board).
pub(super) fn position(order: Order, f: usize, [w, h, d]: [u32; 3]) -> impl Fn(Cell) -> (u32, u32) {
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
            (major, middle * minors + minor)
        } else {
            let middle = flip(f & REVERSE_MAJOR != 0, middle, middles);
            (0, middle * minors + minor)
        }
    }
}

/// A packed frame's bits (per numbering, per cell) and its slices' offsets (per
/// numbering, per slice).
type Packed = (Vec<Vec<u32>>, Vec<Vec<i64>>);

/// No bit: an outside cell of a packed frame.
pub(super) const NO_BIT: u32 = u32::MAX;

/// No square: in [`Frame::squares`], a bit of a packed frame that no cell has (always
/// filled).
pub const NO_SQUARE: u16 = u16::MAX;

/// The bit of `square` (from [`Frame::squares`]), none for [`NO_SQUARE`].
pub fn square_bit<M: Word>(square: u16) -> M {
    if square == NO_SQUARE {
        M::ZERO
    } else {
        M::bit(u32::from(square))
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
    /// (its index in the board); [`NO_BIT`] for an outside cell of a packed frame.
    pub table: Vec<Vec<u32>>,
    /// Per numbering in use, on a packed frame ([`super::packing`]): the bit of each
    /// slice's position 0. Empty on a box numbered whole.
    pub offsets: Vec<Vec<i64>>,
    /// Squares filled before the search (blocked, outside), per numbering.
    pub init: [M; MAX_FRONTS],
    /// All `n` bits.
    pub full: M,
    /// The bits of secondary items, past every cell's ([`super::loose`]; none but on
    /// boards of segments under the no-crossing rule).
    pub loose: M,
    /// Per placement of the puzzle: the points of the secondary items it claims (empty
    /// but with `loose`).
    pub claims: Vec<Vec<Cell>>,
    /// Neighbours in numbering 0.
    pub grid: Grid<M>,
}

impl<M: Word> Frame<M> {
    /// The frame of `board` in numbering 0 (of `order`) and the numberings `f` whose
    /// bit is set in `fronts`; `None` if it is empty or does not fit `M`.
    pub fn new(board: &Board, order: Order, fronts: u8) -> Option<Frame<M>> {
        let dims = [board.width, board.height, board.depth].map(|v| v.max(0) as u32);
        let [w, h, d] = dims;
        if w * h * d == 0 {
            return None;
        }
        let order = order.on(d);
        let chosen: Vec<usize> = (0..MAX_FRONTS)
            .filter(|&f| f == 0 || fronts >> f & 1 == 1)
            .collect();
        let places: Vec<Vec<(u32, u32)>> = (chosen.iter())
            .map(|&f| board.cells().map(position(order, f, dims)).collect())
            .collect();
        let stride = order.stride(w, h, d);
        let (table, offsets) = if w * h * d <= M::BITS {
            let slice = w * h * d / dims[order.axes()[2] as usize];
            let bit = |&(k, p): &(u32, u32)| k * slice + p;
            let table = places.iter().map(|f| f.iter().map(bit).collect()).collect();
            (table, Vec::new())
        } else if matches!(order, Order::Solid(_)) {
            Frame::<M>::packed(board, &places)?
        } else {
            return None;
        };
        let n = (table.iter().flatten())
            .filter(|&&b| b != NO_BIT)
            .max()
            .map_or(0, |&b| b + 1);
        let grid = Frame::<M>::neighbours(board, &table[0], stride)?;
        let mut frame = Frame {
            w,
            h,
            d,
            n,
            order,
            chosen,
            table,
            offsets,
            init: [M::ZERO; MAX_FRONTS],
            full: M::ZERO,
            loose: M::ZERO,
            claims: Vec::new(),
            grid,
        };
        frame.fill_in(board);
        Some(frame)
    }

    /// The bits of a box too wide for `M` whose cells but its outside ones are not, its
    /// slices packed ([`super::packing`]) in each numbering (`places`: per numbering,
    /// each cell's slice and position in it), and their offsets; `None` if they do not
    /// fit. Numbering 0's neighbours take at most [`MAX_STEPS`] distances.
    fn packed(board: &Board, places: &[Vec<(u32, u32)>]) -> Option<Packed> {
        let inside: Vec<bool> = (board.cells())
            .map(|c| board.square(c) != Square::Outside)
            .collect();
        if inside.iter().filter(|&&i| i).count() > M::BITS as usize {
            return None;
        }
        let mut table = Vec::with_capacity(places.len());
        let mut offsets = Vec::with_capacity(places.len());
        for (f, place) in places.iter().enumerate() {
            let count = place.iter().map(|&(k, _)| k + 1).max().unwrap_or(0) as usize;
            let mut slices = vec![Vec::new(); count];
            for (&(k, p), _) in place.iter().zip(&inside).filter(|(_, &i)| i) {
                slices[k as usize].push(p);
            }
            slices.iter_mut().for_each(|s| s.sort_unstable());
            let pairs = if f == 0 {
                Frame::<M>::pairs(board, |at| {
                    inside[at].then_some((place[at].0 as usize, place[at].1))
                })
            } else {
                Vec::new()
            };
            let offset = pack(&slices, &pairs, M::BITS, MAX_STEPS)?;
            let bits = (place.iter().zip(&inside))
                .map(|(&(k, p), &i)| match i {
                    true => (offset[k as usize] + i64::from(p)) as u32,
                    false => NO_BIT,
                })
                .collect();
            table.push(bits);
            offsets.push(offset);
        }
        Some((table, offsets))
    }

    /// The pairs of neighbours of `board` as the `place`s of their cells (by index),
    /// where both have one.
    fn pairs<T>(board: &Board, place: impl Fn(usize) -> Option<T>) -> Vec<(T, T)> {
        let lattice = board.lattice();
        (board.cells())
            .flat_map(|c| lattice.neighbours(c).into_iter().map(move |m| (c, m)))
            .filter_map(|(c, m)| Some((place(board.index(c)?)?, place(board.index(m)?)?)))
            .collect()
    }

    /// The neighbours of the frame's squares in numbering 0 (`bits`, indexed by the
    /// board's index), from the board's lattice; `None` if they take more shifts than a
    /// grid has.
    pub(super) fn neighbours(board: &Board, bits: &[u32], stride: u32) -> Option<Grid<M>> {
        let n = bits.len() as u32;
        let pairs = Frame::<M>::pairs(board, |at| Some(bits[at]).filter(|&b| b != NO_BIT));
        Grid::from_pairs(stride, n, pairs)
    }

    /// Sets all squares and those filled from the start: the cells not open, and on a
    /// packed frame the bits no cell has.
    fn fill_in(&mut self, board: &Board) {
        self.full = (0..self.n).fold(M::ZERO, |m, b| m | M::bit(b));
        for (f, bits) in self.table.iter().enumerate() {
            let mut open = M::ZERO;
            for (at, c) in board.cells().enumerate() {
                if board.square(c) == Square::Open {
                    open = open | M::bit(bits[at]);
                }
            }
            self.init[f] = self.full & !open;
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
    /// numbering 0 ([`NO_SQUARE`] for a bit of a packed frame that no cell has).
    pub fn squares(&self) -> Vec<u16> {
        let n = self.n as usize;
        let mut square = vec![NO_SQUARE; self.fronts() * n];
        for (f, row) in self.table.iter().enumerate() {
            for (&b, &b0) in row.iter().zip(&self.table[0]).filter(|(&b, _)| b != NO_BIT) {
                square[f * n + b as usize] = b0 as u16;
            }
        }
        square
    }

    /// Per numbering: the bits of one of its minor lines, so that the neighbour of a
    /// square in the next line is this many bits after it; with `layer`, on a board of
    /// layers, the bits of one layer of the numbering (the neighbour in the next layer).
    /// On a packed frame the next layer's neighbour is as far as the distance between
    /// the first two slices' offsets.
    pub fn key_offsets(&self, layer: bool) -> Vec<u32> {
        let dims = [self.w, self.h, self.d];
        (self.chosen.iter().enumerate())
            .map(|(i, &f)| {
                let order = self.order.of(f);
                let stride = order.stride(self.w, self.h, self.d);
                let packed = (self.offsets.get(i))
                    .and_then(|o| Some(o.get(1)? - o.first()?))
                    .map(|d| d.max(1) as u32);
                match (order, packed) {
                    (Order::Solid(_), Some(packed)) if layer => packed,
                    (Order::Solid([_, middle, _]), None) if layer => stride * dims[middle as usize],
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
