//! The closed-region test of the exact-cover engine's tiling searches: a node whose
//! open cells fall into a region that no choice of the pieces still unplaced can fill
//! exactly (its size is not a sum of their areas, each copy used at most once) has no
//! solution, and is pruned ([`crate::cover::Visitor::prune`]). Regions are grown
//! through the board's lattice's neighbours alone, so the test holds on every grid.
//!
//! At the root every region is checked. Below it only the regions the last choice may
//! have closed are: those beside its cells, grown no further than
//! [`Regions::small`] cells (a larger one is let be, which only prunes less). So a node
//! costs a few short floods, not one over the whole board; regions left elsewhere, or
//! large ones, are met again as the search closes them further.
//!
//! [`Regions`] is the puzzle's side, built once per search: the open cells and their
//! neighbours, each option's cells and piece. [`RegionCheck`] follows one search: the
//! cells its stack of choices fills, the copies each piece has left, and the sums
//! those make (kept per count of copies left, which repeats across the tree).

use std::collections::HashMap;

use std::ops::ControlFlow;

use crate::cover::search::Visitor;
use crate::cover::{OptionId, Visit};
use crate::model::puzzle::{Puzzle, EMPTY_CELL};

/// An option that places no piece ("leave this cell empty").
const NO_PIECE: u32 = u32::MAX;

/// The puzzle's side of the test, for one problem and its option → placement map.
#[derive(Debug)]
pub(crate) struct Regions {
    /// The open cells' neighbours among the open cells: those of cell `i` are
    /// `next[first[i]..first[i + 1]]`.
    first: Vec<u32>,
    next: Vec<u32>,
    /// Each option's open cells: `cells[cells_from[o]..cells_from[o + 1]]`.
    cells_from: Vec<u32>,
    cells: Vec<u32>,
    /// Each option's piece (`NO_PIECE` for "leave a cell empty").
    piece: Vec<u32>,
    /// Each piece's area, and the copies it has left at the root.
    area: Vec<u32>,
    copies: Vec<u32>,
    /// The largest region tested below the root: four times the largest piece.
    small: usize,
}

impl Regions {
    /// The test for `puzzle`'s problem whose options `map` maps to placements; `None`
    /// when it proves nothing (open cells may stay empty, so every region can be left
    /// as it is).
    pub fn new(puzzle: &Puzzle, map: &[usize]) -> Option<Regions> {
        if !puzzle.board.cover_all_cells {
            return None;
        }
        let index: HashMap<_, u32> = (puzzle.open.iter())
            .enumerate()
            .map(|(i, &c)| (c, i as u32))
            .collect();
        let lattice = puzzle.board.lattice();
        let (mut first, mut next) = (vec![0], Vec::new());
        for &c in &puzzle.open {
            next.extend(
                lattice
                    .neighbours(c)
                    .into_iter()
                    .filter_map(|n| index.get(&n)),
            );
            first.push(next.len() as u32);
        }
        let (mut cells_from, mut cells, mut piece) = (vec![0], Vec::new(), Vec::new());
        for &k in map {
            if k == EMPTY_CELL {
                piece.push(NO_PIECE);
            } else {
                let p = &puzzle.placements[k];
                piece.push(p.piece as u32);
                cells.extend(p.cells.iter().filter_map(|c| index.get(c)));
            }
            cells_from.push(cells.len() as u32);
        }
        let area: Vec<u32> = (puzzle.set.pieces.iter())
            .map(|p| p.shape.len() as u32)
            .collect();
        let small = 4 * area.iter().max().copied().unwrap_or(1) as usize;
        Some(Regions {
            small,
            first,
            next,
            cells_from,
            cells,
            piece,
            area,
            copies: puzzle.remaining.clone(),
        })
    }

    /// The number of open cells.
    fn open(&self) -> usize {
        self.first.len() - 1
    }

    fn option_cells(&self, o: OptionId) -> &[u32] {
        let o = o.0 as usize;
        &self.cells[self.cells_from[o] as usize..self.cells_from[o + 1] as usize]
    }

    fn neighbours(&self, c: u32) -> &[u32] {
        let c = c as usize;
        &self.next[self.first[c] as usize..self.first[c + 1] as usize]
    }
}

/// The test following one search: what its stack of choices fills and leaves.
#[derive(Debug)]
pub(crate) struct RegionCheck<'r> {
    regions: &'r Regions,
    /// The options the stack held at the last test, level by level.
    stack: Vec<Option<OptionId>>,
    filled: Vec<bool>,
    /// Copies each piece has left.
    left: Vec<u32>,
    /// The region sizes the pieces left can fill, by copies left (a bitset over sizes
    /// `0..=open`).
    sums: HashMap<Vec<u32>, Vec<u64>>,
    flood: Flood,
    /// The sizes of the regions grown at the last test.
    found: Vec<usize>,
    /// Nodes pruned.
    pub pruned: u64,
}

impl<'r> RegionCheck<'r> {
    /// The test at the root of `regions`' problem.
    pub fn new(regions: &'r Regions) -> RegionCheck<'r> {
        let open = regions.open();
        RegionCheck {
            regions,
            stack: Vec::new(),
            filled: vec![false; open],
            left: regions.copies.clone(),
            sums: HashMap::new(),
            flood: Flood::new(open),
            found: Vec::new(),
            pruned: 0,
        }
    }

    /// Whether the node `visit`'s stack leads to has a closed region that the pieces
    /// left cannot fill.
    pub fn refutes(&mut self, visit: &Visit<'_>) -> bool {
        self.follow(visit);
        let dead = self.dead_region();
        self.pruned += u64::from(dead);
        dead
    }

    /// Brings the filled cells and the copies left to `visit`'s stack: undoes the
    /// choices past the part of the stack that is as before, and takes the new ones.
    fn follow(&mut self, visit: &Visit<'_>) {
        let depth = visit.depth();
        let same = (0..depth.min(self.stack.len()))
            .find(|&l| self.stack[l] != visit.option_at(l))
            .unwrap_or(depth.min(self.stack.len()));
        while self.stack.len() > same {
            let o = self.stack.pop().expect("a level");
            self.take(o, false);
        }
        for l in same..depth {
            let o = visit.option_at(l);
            self.take(o, true);
            self.stack.push(o);
        }
    }

    /// Takes option `o` (or gives it back, `!take`).
    fn take(&mut self, o: Option<OptionId>, take: bool) {
        let Some(o) = o else {
            return;
        };
        let regions = self.regions;
        for &c in regions.option_cells(o) {
            self.filled[c as usize] = take;
        }
        let piece = regions.piece[o.0 as usize];
        if piece != NO_PIECE {
            let left = &mut self.left[piece as usize];
            *left = if take { *left - 1 } else { *left + 1 };
        }
    }

    /// Whether some region of open cells has a size the pieces left cannot make: any
    /// region at the root; below it, a region of at most [`Regions::small`] cells
    /// beside the last choice. The regions are grown first, so that a node with no
    /// small region costs no look-up of the sums.
    fn dead_region(&mut self) -> bool {
        let regions = self.regions;
        let open = regions.open();
        let (flood, filled) = (&mut self.flood, &self.filled);
        flood.next_node();
        self.found.clear();
        let mut grow = |start: u32, cap: usize| {
            if !filled[start as usize] && !flood.met(start) {
                self.found.extend(flood.size(regions, filled, start, cap));
            }
        };
        match self.stack.last() {
            Some(&Some(o)) => (regions.option_cells(o).iter())
                .flat_map(|&c| regions.neighbours(c))
                .for_each(|&start| grow(start, regions.small)),
            Some(None) => {}
            None => (0..open as u32).for_each(|start| grow(start, open)),
        }
        if self.found.is_empty() {
            return false;
        }
        let sums = (self.sums.entry(self.left.clone()))
            .or_insert_with(|| subset_sums(&regions.area, &self.left, open));
        self.found.iter().any(|&n| !has(sums, n))
    }
}

/// Growing regions, each flood with its own mark: the cells met at this node are those
/// marked `base` or later, the current flood's those marked `mark`; and its queue.
#[derive(Debug)]
struct Flood {
    marks: Vec<u32>,
    base: u32,
    mark: u32,
    queue: Vec<u32>,
}

impl Flood {
    fn new(open: usize) -> Flood {
        Flood {
            marks: vec![0; open],
            base: 1,
            mark: 0,
            queue: Vec::with_capacity(open),
        }
    }

    /// Starts a new node: no cell met.
    fn next_node(&mut self) {
        if self.mark >= u32::MAX - self.marks.len() as u32 - 2 {
            self.marks.fill(0);
            self.mark = 0;
        }
        self.base = self.mark + 1;
    }

    fn met(&self, c: u32) -> bool {
        self.marks[c as usize] >= self.base
    }

    /// The size of the region of cells not `filled` around `start` (not met yet), each
    /// cell met; or `None` once it has more than `cap` cells, or when it joins the cells
    /// of an earlier flood of this node (one that stopped at its cap: a finished
    /// region has no unmet neighbour).
    fn size(
        &mut self,
        regions: &Regions,
        filled: &[bool],
        start: u32,
        cap: usize,
    ) -> Option<usize> {
        self.mark += 1;
        self.queue.clear();
        self.queue.push(start);
        self.marks[start as usize] = self.mark;
        let mut at = 0;
        while at < self.queue.len() {
            if self.queue.len() > cap {
                return None;
            }
            let c = self.queue[at];
            at += 1;
            for &n in regions.neighbours(c) {
                let m = self.marks[n as usize];
                if filled[n as usize] || m == self.mark {
                    continue;
                }
                if m >= self.base {
                    return None;
                }
                self.marks[n as usize] = self.mark;
                self.queue.push(n);
            }
        }
        Some(self.queue.len())
    }
}

/// The sums up to `bound` of the areas `area`, each taken at most `copies` times, as a
/// bitset over `0..=bound`.
pub(crate) fn subset_sums(area: &[u32], copies: &[u32], bound: usize) -> Vec<u64> {
    let words = bound / 64 + 1;
    let mut bits = vec![0u64; words];
    bits[0] = 1;
    for (&a, &n) in area.iter().zip(copies) {
        for _ in 0..n {
            shift_or(&mut bits, a as usize);
        }
    }
    // Sizes past the bound name no region.
    let spare = words * 64 - (bound + 1);
    bits[words - 1] &= u64::MAX >> spare;
    bits
}

/// `bits |= bits << by`, past the last word dropped.
fn shift_or(bits: &mut [u64], by: usize) {
    let (words, rest) = (by / 64, by % 64);
    for i in (words..bits.len()).rev() {
        let low = bits[i - words] << rest;
        let high = if rest > 0 && i > words {
            bits[i - words - 1] >> (64 - rest)
        } else {
            0
        };
        bits[i] |= low | high;
    }
}

/// Whether bit `k` of `bits` is set.
fn has(bits: &[u64], k: usize) -> bool {
    bits.get(k / 64).is_some_and(|w| w >> (k % 64) & 1 == 1)
}

/// The test as a visitor that only prunes: what a split searches with.
impl Visitor for RegionCheck<'_> {
    fn solution(&mut self, _: &Visit<'_>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    const PRUNES: bool = true;

    fn prune(&mut self, visit: &Visit<'_>) -> bool {
        self.refutes(visit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subset_sums_count_each_copy_once() {
        // Two fives and a four, up to 20.
        let bits = subset_sums(&[5, 4], &[2, 1], 20);
        let sums: Vec<usize> = (0..=20).filter(|&k| has(&bits, k)).collect();
        assert_eq!(sums, [0, 4, 5, 9, 10, 14]);
        // Across words.
        let bits = subset_sums(&[50], &[3], 130);
        let sums: Vec<usize> = (0..=130).filter(|&k| has(&bits, k)).collect();
        assert_eq!(sums, [0, 50, 100]);
        let bits = subset_sums(&[64, 1], &[2, 1], 200);
        let sums: Vec<usize> = (0..=200).filter(|&k| has(&bits, k)).collect();
        assert_eq!(sums, [0, 1, 64, 65, 128, 129]);
    }
}
