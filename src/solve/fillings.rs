//! The regions a puzzle's open cells fall into, and the ways to fill a small one. Two
//! open cells are in one region when a placement covers both, or a chain of placements
//! links them: no placement crosses from one region to another, so a tiling of the board
//! is a tiling of each region, and the regions share nothing but the pieces' copies.
//! A small region's fillings are listed by a plain search (the first empty cell, each
//! placement whose first cell it is) and counted by the copies of each piece they use,
//! which is all the other regions see of them.

use std::collections::HashMap;

use crate::model::Puzzle;

use super::forced::Settled;

/// Fillings counted by the copies of each piece they use (indexed like the piece set).
pub(super) type Uses = HashMap<Vec<u32>, u128>;

/// One region: its open cells (indices into `puzzle.open`, increasing) and the
/// placements that lie in it (indices into `puzzle.placements`, in option order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Region {
    pub cells: Vec<usize>,
    pub placements: Vec<usize>,
}

/// The regions of `puzzle`'s open cells, in the order of their first cells. An open
/// cell that no placement covers is a region of its own with no placement.
#[cfg(test)]
pub(super) fn regions(puzzle: &Puzzle) -> Vec<Region> {
    let cells = placement_cells(puzzle);
    regions_left(puzzle, &cells, &Settled::nothing(puzzle))
}

/// Each placement's cells as indices into `puzzle.open` (found through the frame's
/// positions, without hashing: a count makes this list first, for every placement).
pub(super) fn placement_cells(puzzle: &Puzzle) -> Vec<Vec<usize>> {
    let board = &puzzle.board;
    let mut open_at = vec![usize::MAX; board.frame_len()];
    for (i, &c) in puzzle.open.iter().enumerate() {
        open_at[board.index(c).expect("open cells are in the frame")] = i;
    }
    (puzzle.placements.iter())
        .map(|p| {
            (p.cells.iter())
                .map(|&c| open_at[board.index(c).expect("placements are in the frame")])
                .collect()
        })
        .collect()
}

/// The regions of the open cells `settled` leaves uncovered, linked by the placements
/// it leaves possible (in the order of their first cells); `cells` are the
/// placements' ([`placement_cells`]).
pub(super) fn regions_left(
    puzzle: &Puzzle,
    cells: &[Vec<usize>],
    settled: &Settled,
) -> Vec<Region> {
    let mut parent: Vec<usize> = (0..puzzle.open.len()).collect();
    let cells_of = |k: usize| cells[k].iter().copied();
    let possible = || (0..puzzle.placements.len()).filter(|&k| settled.alive[k]);
    for k in possible() {
        let mut cells = cells_of(k);
        let Some(first) = cells.next() else {
            continue;
        };
        let a = root(&mut parent, first);
        for c in cells {
            let b = root(&mut parent, c);
            parent[b] = a;
        }
    }
    let mut region_of = vec![usize::MAX; puzzle.open.len()];
    let mut regions: Vec<Region> = Vec::new();
    for c in (0..puzzle.open.len()).filter(|&c| !settled.covered[c]) {
        let r = root(&mut parent, c);
        if region_of[r] == usize::MAX {
            region_of[r] = regions.len();
            regions.push(Region {
                cells: Vec::new(),
                placements: Vec::new(),
            });
        }
        regions[region_of[r]].cells.push(c);
    }
    for k in possible() {
        if let Some(c) = cells_of(k).next() {
            let r = root(&mut parent, c);
            regions[region_of[r]].placements.push(k);
        }
    }
    regions
}

/// The representative of `c`'s set, halving the path on the way.
fn root(parent: &mut [usize], mut c: usize) -> usize {
    while parent[c] != c {
        parent[c] = parent[parent[c]];
        c = parent[c];
    }
    c
}

/// Every way to fill `region` exactly with copies of `puzzle`'s pieces (at most the
/// copies each has left), counted by the copies they use; `None` once the search has
/// taken more than `budget` nodes in all (`nodes` counts them across calls).
pub(super) fn fillings(
    puzzle: &Puzzle,
    region: &Region,
    nodes: &mut u64,
    budget: u64,
) -> Option<Uses> {
    let local: HashMap<_, usize> = (region.cells.iter())
        .enumerate()
        .map(|(i, &c)| (puzzle.open[c], i))
        .collect();
    // The placements as (piece, cells in the region's order), listed by first cell.
    let mut options = Vec::with_capacity(region.placements.len());
    let mut by_first: Vec<Vec<usize>> = vec![Vec::new(); region.cells.len()];
    for &k in &region.placements {
        let p = &puzzle.placements[k];
        let mut cells: Vec<usize> = p.cells.iter().map(|c| local[c]).collect();
        cells.sort_unstable();
        by_first[cells[0]].push(options.len());
        options.push((p.piece, cells));
    }
    let mut fill = Fill {
        options: &options,
        by_first: &by_first,
        filled: vec![false; region.cells.len()],
        left: puzzle.remaining.clone(),
        used: vec![0; puzzle.remaining.len()],
        found: Uses::new(),
        nodes,
        budget,
    };
    fill.search(0).then_some(fill.found)
}

/// The search for one region's fillings.
struct Fill<'a> {
    /// The region's placements: piece and cells.
    options: &'a [(usize, Vec<usize>)],
    /// The placements whose first cell each cell is.
    by_first: &'a [Vec<usize>],
    filled: Vec<bool>,
    left: Vec<u32>,
    used: Vec<u32>,
    found: Uses,
    nodes: &'a mut u64,
    budget: u64,
}

impl Fill<'_> {
    /// Fills the cells from `from` on (those before it are filled); false once over
    /// the budget.
    fn search(&mut self, from: usize) -> bool {
        *self.nodes += 1;
        if *self.nodes > self.budget {
            return false;
        }
        let Some(c) = (from..self.filled.len()).find(|&c| !self.filled[c]) else {
            *self.found.entry(self.used.clone()).or_insert(0) += 1;
            return true;
        };
        let (options, by_first) = (self.options, self.by_first);
        for &o in &by_first[c] {
            let (piece, ref cells) = options[o];
            if self.left[piece] == 0 || cells.iter().any(|&d| self.filled[d]) {
                continue;
            }
            self.put(piece, cells, true);
            let within = self.search(c + 1);
            self.put(piece, cells, false);
            if !within {
                return false;
            }
        }
        true
    }

    /// Puts a copy of `piece` on `cells` (or takes it off, `!on`).
    fn put(&mut self, piece: usize, cells: &[usize], on: bool) {
        for &d in cells {
            self.filled[d] = on;
        }
        if on {
            self.left[piece] -= 1;
            self.used[piece] += 1;
        } else {
            self.left[piece] += 1;
            self.used[piece] -= 1;
        }
    }
}

/// The fillings of two sets of regions together, those that use more copies of a piece
/// than `copies` allows left out; `None` if a count passes `u128`.
pub(super) fn combine(a: &Uses, b: &Uses, copies: &[u32]) -> Option<Uses> {
    let mut both = Uses::new();
    for (ua, &na) in a {
        for (ub, &nb) in b {
            let used: Vec<u32> = ua.iter().zip(ub).map(|(x, y)| x + y).collect();
            if used.iter().zip(copies).all(|(u, c)| u <= c) {
                let n = both.entry(used).or_insert(0);
                *n = n.checked_add(na.checked_mul(nb)?)?;
            }
        }
    }
    Some(both)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Cell, Grid};
    use crate::model::samples::pentominoes;
    use crate::model::Board;

    #[test]
    fn a_strip_apart_is_filled_by_one_i_and_two_strips_not_by_one() {
        // A 2×5 room and a 1×5 strip apart: the strip takes the I (and nothing else),
        // the room two pentominoes; with one I, two strips cannot both be filled.
        let mut cells: Vec<Cell> = (0..2)
            .flat_map(|y| (0..5).map(move |x| Cell::new(x, y)))
            .collect();
        cells.extend((0..5).map(|x| Cell::new(x, 3)));
        cells.extend((0..5).map(|x| Cell::new(x, 5)));
        let mut board = Board::of_cells("strips", Grid::Square, &cells);
        board.use_all_pieces = false;
        let puzzle = Puzzle::new(board, pentominoes()).unwrap();
        let regions = regions(&puzzle);
        let sizes: Vec<usize> = regions.iter().map(|r| r.cells.len()).collect();
        assert_eq!(sizes, [10, 5, 5]);
        let i = puzzle.set.by_name("I").unwrap();
        let mut nodes = 0;
        let strip = fillings(&puzzle, &regions[1], &mut nodes, 1000).unwrap();
        let mut one_i = vec![0; puzzle.set.pieces.len()];
        one_i[i] = 1;
        assert_eq!(strip, Uses::from([(one_i, 1)]));
        let both = combine(&strip, &strip, &puzzle.remaining).unwrap();
        assert!(both.is_empty());
        // Past the budget, no answer.
        let mut nodes = 0;
        assert_eq!(fillings(&puzzle, &regions[0], &mut nodes, 2), None);
    }
}
