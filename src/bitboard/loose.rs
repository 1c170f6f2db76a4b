//! The frame of a board of segments (SPEC §9) and the secondary items of its
//! no-crossing rule as "loose" bits. A segment is a cell at its midpoint in doubled
//! coordinates, so most positions of the picture's rectangle can never be a cell: the
//! frame keeps only the positions that are cells of the lattice (translates of an open
//! cell), in the order of each numbering, and after them one bit per point where a pair
//! of crossing chords is claimed from both sides ([`crate::geom::Crossing`]). Every
//! placement that claims the item sets its bit, so two placements that cross never
//! both fit; the loose bits are never a front square while a cell is empty (they come
//! last in every numbering), and a node whose cells are all filled is a solution
//! whatever its loose bits hold (`engine/search.rs`). Grids where a point has more
//! than one such item (trigs under the rule) are left to DLX, and so are frames whose
//! cells, numbered in order, are neighbours at more distances than the grid keeps
//! (the trigs and twigs boards tried: only sticks run here today).

use std::collections::BTreeMap;

use crate::geom::Cell;
use crate::model::{Puzzle, Square};

use super::frame::{position, Frame, Order, MAX_FRONTS, NO_BIT};
use super::word::Word;

/// Per placement of `puzzle`, the points of the secondary items it claims (the pairs of
/// crossing chords at a point that some placements claim from one side and some from
/// the other), and those points in order; `None` if a point has two items. Without the
/// no-crossing rule, nothing.
#[allow(clippy::type_complexity)]
fn items(puzzle: &Puzzle) -> Option<(Vec<Vec<Cell>>, Vec<Cell>)> {
    if !puzzle.has_crossing_rule() {
        return Some((vec![Vec::new(); puzzle.placements.len()], Vec::new()));
    }
    let lattice = puzzle.board.lattice();
    let crossings: Vec<_> = (puzzle.placements.iter())
        .map(|p| lattice.crossings(&p.cells))
        .collect();
    let mut sides: BTreeMap<Cell, ([u8; 4], u8)> = BTreeMap::new();
    for x in crossings.iter().flatten() {
        let entry = sides.entry(x.point).or_insert((x.chords, 0));
        if entry.0 != x.chords {
            return None;
        }
        entry.1 |= x.sides;
    }
    let is_item = |c: &Cell| sides.get(c).is_some_and(|&(_, s)| s == 3);
    let claims = (crossings.iter())
        .map(|list| (list.iter().map(|x| x.point)).filter(is_item).collect())
        .collect();
    let points = sides.keys().copied().filter(is_item).collect();
    Some((claims, points))
}

/// The frame of a flat board of segments in numbering 0 (of `order`) and the numberings
/// `f` whose bit is set in `fronts`: the lattice's cells, then the loose bits; `None`
/// if it does not fit `M`, if its neighbours take more shifts than a grid has, or if a
/// point has two secondary items.
pub fn frame<M: Word>(puzzle: &Puzzle, order: Order, fronts: u8) -> Option<Frame<M>> {
    let board = &puzzle.board;
    let dims = [board.width, board.height, board.depth].map(|v| v.max(0) as u32);
    let [w, h, d] = dims;
    if w * h == 0 || d != 1 {
        return None;
    }
    let (claims, points) = items(puzzle)?;
    let lattice = board.lattice();
    let open: Vec<Cell> = board
        .cells()
        .filter(|&c| board.square(c) == Square::Open)
        .collect();
    // One open cell per class of cells under the translations.
    let mut reps: Vec<Cell> = Vec::new();
    let shift = |a: Cell, b: Cell| Cell::at(a.x - b.x, a.y - b.y, a.z - b.z);
    for &c in &open {
        if !reps.iter().any(|&r| lattice.is_translation(shift(c, r))) {
            reps.push(c);
        }
    }
    let is_cell = |c: Cell| reps.iter().any(|&r| lattice.is_translation(shift(c, r)));
    let order = order.on(d);
    let chosen: Vec<usize> = (0..MAX_FRONTS)
        .filter(|&f| f == 0 || fronts >> f & 1 == 1)
        .collect();
    let cells: Vec<Cell> = board.cells().collect();
    let lattice_cells: Vec<usize> = (0..cells.len()).filter(|&at| is_cell(cells[at])).collect();
    let point_at: Vec<usize> = points.iter().filter_map(|&p| board.index(p)).collect();
    if point_at.len() != points.len() {
        return None;
    }
    let n = (lattice_cells.len() + points.len()) as u32;
    if n == 0 || n > M::BITS {
        return None;
    }
    let mut table = Vec::with_capacity(chosen.len());
    for &f in &chosen {
        let place = position(order, f, dims);
        let mut row = vec![NO_BIT; cells.len()];
        let mut next = 0;
        for group in [&lattice_cells, &point_at] {
            let mut sorted: Vec<(u32, usize)> =
                group.iter().map(|&at| (place(cells[at]).1, at)).collect();
            sorted.sort_unstable();
            for (_, at) in sorted {
                row[at] = next;
                next += 1;
            }
        }
        table.push(row);
    }
    let stride = order.stride(w, h, d);
    let grid = Frame::<M>::neighbours(board, &table[0], stride)?;
    let bits = |from: u32, to: u32| (from..to).fold(M::ZERO, |m, b| m | M::bit(b));
    let cells_end = lattice_cells.len() as u32;
    let mut init = [M::ZERO; MAX_FRONTS];
    for (f, row) in table.iter().enumerate() {
        for &at in &lattice_cells {
            if board.square(cells[at]) != Square::Open {
                init[f] = init[f] | M::bit(row[at]);
            }
        }
    }
    Some(Frame {
        w,
        h,
        d,
        n,
        order,
        chosen,
        table,
        offsets: Vec::new(),
        init,
        full: bits(0, n),
        loose: bits(cells_end, n),
        claims,
        grid,
    })
}

impl<M: Word> Frame<M> {
    /// The loose bits that placement `k` of the puzzle sets in numbering `f`.
    pub fn claimed(&self, f: usize, k: usize) -> M {
        match self.claims.get(k) {
            Some(points) => self.mask(f, points),
            None => M::ZERO,
        }
    }
}

/// Whether the bitboard engine takes `puzzle`, a board of segments, in some width: its
/// frame of cells and loose bits fits [`super::MAX_SQUARES`] bits and each point has
/// at most one secondary item.
pub fn fits(puzzle: &Puzzle) -> bool {
    [Order::RowMajor, Order::ColumnMajor]
        .iter()
        .all(|&order| frame::<super::wide::Wide<8>>(puzzle, order, 0).is_some())
}
