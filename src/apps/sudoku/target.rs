//! The target Sudoku (NOIP 2009 靶形数独): the highest score Σ weight × digit that any
//! completion of a puzzle reaches, by branch and bound.
//!
//! - The weights are first rewritten by unit potentials ([`super::potentials`]) so that
//!   few cells weigh anything (17 of 81 for the NOIP target); the search branches only
//!   on those cells, and once they are all placed the score is known and one completion
//!   of the rest (a plain solve) decides whether it is reached.
//! - Every node propagates naked and hidden singles ([`super::board`]) and is cut when
//!   its upper bound is no better than the best score found. The bound, per row (or
//!   column, or box), is the lesser of two: each open cell's weight times its best
//!   candidate, and the unit's missing digits against its open cells' weights, greatest
//!   with greatest (the rearrangement inequality); the least of the row, column and box
//!   sums is kept.
//! - The branching cell is the weighted open cell with the fewest candidates (the
//!   heaviest first on ties), its digits tried best first, so that a good score comes
//!   early. A plain solve at the root gives a first score (or refutes the puzzle).
//!   Solving at every node as well costs more than it cuts (docs/benchmarks/target.md).

use std::sync::atomic::{AtomicBool, Ordering};

use super::board::{digit, is_placed, Board};
use super::potentials::reduce;
use super::weights::Weights;
use super::{by_cover, nine, Sudoku};
use crate::error::InputError;

/// The search checks the stop flag every this many nodes (a power of two).
const STOP_CHECK: u64 = 1 << 10;

/// The weights prepared for the search: reduced weights, the tables of the board, and
/// the cells and units that weigh something.
#[derive(Clone, Debug)]
pub struct Target {
    weights: Weights,
    board: Board,
    /// Reduced weights w'_i ([`super::potentials`]).
    reduced: Vec<i64>,
    /// What every filled grid scores on top of Σ w'_i·d_i.
    constant: i64,
    /// Per unit, its cells heaviest (by reduced weight) first.
    sorted_units: Vec<Vec<u16>>,
    /// Per partition (rows, columns, boxes), the units with a weighted cell.
    weighted_units: [Vec<usize>; 3],
    /// The cells with a reduced weight, the heaviest (in absolute value) first.
    weighted: Vec<u16>,
}

/// A puzzle whose size is not that of the weights.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a {puzzle}×{puzzle} puzzle, but weights for a {weights}×{weights} board")]
pub struct SizeMismatch {
    /// The side of the puzzle.
    pub puzzle: usize,
    /// The side of the weights' board.
    pub weights: usize,
}

/// Counters of one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TargetStats {
    /// Nodes of the branch and bound (the root and one per digit tried that propagation
    /// did not refute).
    pub nodes: u64,
    /// Digits tried that propagation refuted.
    pub refuted: u64,
    /// Nodes cut because their bound was no better than the best score found.
    pub cut_by_bound: u64,
    /// Plain solves run to find a completion (at the root and at leaves).
    pub solves: u64,
    /// Of those, the ones that found none (the node is cut).
    pub dead: u64,
}

impl std::ops::AddAssign for TargetStats {
    fn add_assign(&mut self, o: TargetStats) {
        self.nodes += o.nodes;
        self.refuted += o.refuted;
        self.cut_by_bound += o.cut_by_bound;
        self.solves += o.solves;
        self.dead += o.dead;
    }
}

/// What the search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TargetAnswer {
    /// The best score and a filled grid that reaches it; `None` if the puzzle has no
    /// completion.
    pub best: Option<(i64, Vec<u8>)>,
    /// True if the stop flag ended the search: `best` is then only the best found.
    pub stopped: bool,
    /// Counters.
    pub stats: TargetStats,
}

impl Target {
    /// The search's tables for `weights`.
    pub fn new(weights: &Weights) -> Target {
        let b = weights.box_size();
        let n = b * b;
        let board = Board::new(b);
        let r = reduce(b, weights.values());
        let sorted_units: Vec<Vec<u16>> = (0..3 * n)
            .map(|u| {
                let mut cells = board.unit(u).to_vec();
                cells.sort_by_key(|&i| std::cmp::Reverse(r.weights[usize::from(i)]));
                cells
            })
            .collect();
        let weighted_units = [0, 1, 2].map(|p| {
            (p * n..(p + 1) * n)
                .filter(|&u| {
                    board
                        .unit(u)
                        .iter()
                        .any(|&i| r.weights[usize::from(i)] != 0)
                })
                .collect()
        });
        let mut weighted: Vec<u16> = (0..(n * n) as u16)
            .filter(|&i| r.weights[usize::from(i)] != 0)
            .collect();
        weighted.sort_by_key(|&i| std::cmp::Reverse(r.weights[usize::from(i)].abs()));
        Target {
            weights: weights.clone(),
            board,
            reduced: r.weights,
            constant: r.constant,
            sorted_units,
            weighted_units,
            weighted,
        }
    }

    /// The weights.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// The number of cells the search branches on (those with a reduced weight).
    pub fn weighted_cells(&self) -> usize {
        self.weighted.len()
    }

    /// The best score of `puzzle` and a grid reaching it; polls `stop`.
    pub fn solve(&self, puzzle: &Sudoku, stop: &AtomicBool) -> Result<TargetAnswer, SizeMismatch> {
        let n = self.board.side();
        if puzzle.side() != n {
            return Err(SizeMismatch {
                puzzle: puzzle.side(),
                weights: n,
            });
        }
        let mut search = Search {
            target: self,
            stop,
            levels: vec![0; n * n],
            queue: Vec::new(),
            cells: vec![0; n * n],
            best: i64::MIN,
            grid: None,
            stopped: false,
            stats: TargetStats::default(),
        };
        let (root, queue) = (&mut search.levels[..], &mut search.queue);
        self.board.start(puzzle.cells(), root, queue);
        if self.board.propagate(root, queue) {
            search.node(0);
        }
        let best = search.grid.map(|grid| {
            let score = self.weights.score(&grid);
            debug_assert_eq!(score, self.constant + search.best);
            (score, grid)
        });
        Ok(TargetAnswer {
            best,
            stopped: search.stopped,
            stats: search.stats,
        })
    }

    /// The reduced score of the placed cells plus the bound of the open ones: the least
    /// over rows, columns and boxes of Σ_unit min(per-cell bound, rearrangement bound).
    fn bound(&self, cand: &[u64]) -> i64 {
        let mut placed = 0;
        for &i in &self.weighted {
            let (i, c) = (usize::from(i), cand[usize::from(i)]);
            if is_placed(c) {
                placed += self.reduced[i] * i64::from(digit(c));
            }
        }
        let mut open = i64::MAX;
        for units in &self.weighted_units {
            let mut sum = 0;
            for &u in units {
                sum += self.unit_bound(&self.sorted_units[u], cand);
            }
            open = open.min(sum);
        }
        placed + open
    }

    /// The open cells of one unit: the lesser of Σ w'·(best candidate) and the
    /// rearrangement of the missing digits against the sorted weights.
    fn unit_bound(&self, cells: &[u16], cand: &[u64]) -> i64 {
        let mut used = 0u64;
        for &i in cells {
            let c = cand[usize::from(i)];
            if is_placed(c) {
                used |= c;
            }
        }
        let mut missing = self.board.full() & !used;
        let (mut per_cell, mut paired) = (0, 0);
        for &i in cells {
            let c = cand[usize::from(i)];
            if is_placed(c) {
                continue;
            }
            let w = self.reduced[usize::from(i)];
            let top = 63 - missing.leading_zeros();
            missing &= !(1 << top);
            paired += w * i64::from(top + 1);
            per_cell += if w > 0 {
                w * i64::from(64 - c.leading_zeros())
            } else {
                w * i64::from(digit(c))
            };
        }
        per_cell.min(paired)
    }

    /// Some completion of the placed cells of `cand`, by a plain solve.
    fn complete(&self, cand: &[u64], cells: &mut [u8], stop: &AtomicBool) -> Option<Vec<u8>> {
        for (d, &c) in cells.iter_mut().zip(cand) {
            *d = if is_placed(c) { digit(c) } else { 0 };
        }
        if let Ok(nine_cells) = <&[u8; 81]>::try_from(&*cells) {
            return nine::solve(nine_cells, 1, stop).first.map(|g| g.to_vec());
        }
        let b = self.weights.box_size();
        let puzzle = Sudoku::from_cells(b, cells.to_vec()).ok()?;
        by_cover(&puzzle, 1, stop).first
    }
}

struct Search<'a> {
    target: &'a Target,
    stop: &'a AtomicBool,
    /// The candidates of each level of the search, n² masks a level.
    levels: Vec<u64>,
    queue: Vec<u16>,
    /// A buffer for the cells handed to a plain solve.
    cells: Vec<u8>,
    /// The best reduced score found (`i64::MIN`: none yet) and its grid.
    best: i64,
    grid: Option<Vec<u8>>,
    stopped: bool,
    stats: TargetStats,
}

impl Search<'_> {
    /// The node at `level`, its candidates propagated.
    fn node(&mut self, level: usize) {
        let t = self.target;
        let nn = self.cells.len();
        self.stats.nodes += 1;
        if self.stats.nodes % STOP_CHECK == 0 && self.stop.load(Ordering::Relaxed) {
            self.stopped = true;
        }
        if self.stopped {
            return;
        }
        let bound = t.bound(&self.levels[level * nn..(level + 1) * nn]);
        if bound <= self.best {
            self.stats.cut_by_bound += 1;
            return;
        }
        let Some(cell) = self.branch_cell(level) else {
            // Every weighted cell placed: the bound is the score, if the rest completes.
            self.probe(level);
            return;
        };
        // At the root, a completion gives a first best score, and refutes a puzzle that
        // has none at once.
        if level == 0 && (!self.probe(level) || self.best >= bound) {
            return;
        }
        let mut choices = self.levels[level * nn + cell];
        let rising = t.reduced[cell] < 0;
        if self.levels.len() < (level + 2) * nn {
            self.levels.resize((level + 2) * nn, 0);
        }
        while choices != 0 {
            let bit = if rising {
                choices & choices.wrapping_neg()
            } else {
                1 << (63 - choices.leading_zeros())
            };
            choices &= !bit;
            let (this, next) = self.levels.split_at_mut((level + 1) * nn);
            let next = &mut next[..nn];
            next.copy_from_slice(&this[level * nn..]);
            next[cell] = bit;
            self.queue.clear();
            self.queue.push(cell as u16);
            if t.board.propagate(next, &mut self.queue) {
                self.node(level + 1);
            } else {
                self.stats.refuted += 1;
            }
            if self.stopped {
                return;
            }
        }
    }

    /// Completes the placed cells of `level` by a plain solve, keeping the completion
    /// if it beats the best score; false if there is none.
    fn probe(&mut self, level: usize) -> bool {
        let (t, nn) = (self.target, self.cells.len());
        self.stats.solves += 1;
        let cand = &self.levels[level * nn..(level + 1) * nn];
        let Some(grid) = t.complete(cand, &mut self.cells, self.stop) else {
            // A plain solve also ends early on the stop flag: then nothing is known.
            if self.stop.load(Ordering::Relaxed) {
                self.stopped = true;
            } else {
                self.stats.dead += 1;
            }
            return false;
        };
        let score = t.weights.score(&grid) - t.constant;
        if score > self.best {
            self.best = score;
            self.grid = Some(grid);
        }
        true
    }

    /// The open weighted cell with the fewest candidates, the heaviest on ties.
    fn branch_cell(&self, level: usize) -> Option<usize> {
        let nn = self.cells.len();
        let cand = &self.levels[level * nn..(level + 1) * nn];
        let mut best: Option<(u32, usize)> = None;
        for &i in &self.target.weighted {
            let c = cand[usize::from(i)];
            if is_placed(c) {
                continue;
            }
            let k = c.count_ones();
            if best.is_none_or(|(bk, _)| k < bk) {
                best = Some((k, usize::from(i)));
                if k == 2 {
                    break;
                }
            }
        }
        best.map(|(_, i)| i)
    }
}

/// The best NOIP 2009 score of a 9×9 puzzle (81 cells, row-major, 0 blank, else 1 to
/// 9), or `None` when it has no completion (the problem's `-1`).
pub fn noip_score(cells: &[u8; 81]) -> Result<Option<i64>, InputError> {
    static NEVER: AtomicBool = AtomicBool::new(false);
    let puzzle = Sudoku::from_cells(3, cells.to_vec())?;
    let target = Target::new(&Weights::noip());
    let answer = target
        .solve(&puzzle, &NEVER)
        .expect("a 9×9 puzzle, 9×9 weights");
    Ok(answer.best.map(|(score, _)| score))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_stop_flag_ends_the_search() {
        let stop = AtomicBool::new(true);
        let empty = Sudoku::from_cells(3, vec![0; 81]).unwrap();
        let answer = Target::new(&Weights::noip()).solve(&empty, &stop).unwrap();
        assert!(answer.stopped);
        assert!(answer.stats.nodes <= STOP_CHECK);
    }

    #[test]
    fn a_puzzle_of_another_size_is_refused() {
        let never = AtomicBool::new(false);
        let small = Sudoku::from_cells(2, vec![0; 16]).unwrap();
        let err = Target::new(&Weights::noip())
            .solve(&small, &never)
            .unwrap_err();
        assert_eq!(err.to_string(), "a 4×4 puzzle, but weights for a 9×9 board");
    }

    #[test]
    fn the_search_branches_on_the_seventeen_weighted_cells() {
        assert_eq!(Target::new(&Weights::noip()).weighted_cells(), 17);
    }
}
