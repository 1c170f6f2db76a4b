//! Counting a puzzle whose pieces need not all be used, when the board's area leaves
//! out a known number of cells: each way of leaving copies out whose sizes add up to
//! the cells the pieces have too many is a puzzle of its own in which every piece left
//! is used, searched by its own [`Solver`] (`apart.rs` runs them and adds their counts
//! up). Such a puzzle has a piece used exactly once, which the symmetry reduction
//! restricts to one placement per orbit, so the searches take about one class in
//! `order` of the tree, which the search of the whole, where no piece must be used,
//! cannot (the 15 tetrasticks of 16 on the 5×5 square, SPEC §9).
//!
//! Only whole counts take this path, as in `apart.rs`; in `reduce` mode only when each
//! symmetry maps every piece to itself and each puzzle keeps the board's group (then
//! a class never mixes two ways of leaving pieces out).

use std::time::Instant;

use crate::model::{Piece, PieceSet, Puzzle};
use crate::run::RunOptions;
use crate::symmetry::{Group, SymmetryMode};

use super::apart::{splits, Apart, MAX_RESTS};
use super::solver::Solver;

/// The count of `solver`'s puzzle as one search per way of leaving copies out, or
/// `None` if it does not apply (see the module's header).
pub(super) fn plan<'s>(solver: &'s Solver, opts: &RunOptions) -> Option<Apart<'s>> {
    let puzzle = &solver.puzzle;
    let board = &puzzle.board;
    if !splits(solver, opts) || board.use_all_pieces {
        return None;
    }
    let start = Instant::now();
    let sizes: Vec<u64> = (puzzle.set.pieces.iter())
        .map(|p| p.shape.len() as u64)
        .collect();
    let area: u64 = (sizes.iter().zip(&puzzle.remaining))
        .map(|(&s, &r)| s * u64::from(r))
        .sum();
    let open = puzzle.open.len() as u64;
    let spare = area.checked_sub(open)?;
    if spare == 0 {
        return None;
    }
    let mut ways = Vec::new();
    let mut out = vec![0u32; sizes.len()];
    let mut room: Vec<u64> = (sizes.iter().zip(&puzzle.remaining))
        .map(|(&s, &r)| s * u64::from(r))
        .collect();
    for k in (0..room.len().saturating_sub(1)).rev() {
        room[k] += room[k + 1];
    }
    let mut ways_out = WaysOut {
        sizes: &sizes,
        remaining: &puzzle.remaining,
        room: &room,
        steps: 0,
        ways: &mut ways,
    };
    ways_out.leave_out(0, spare, &mut out)?;
    let group = &solver.reduction.group;
    if solver.mode == SymmetryMode::Reduce && !fixes_every_piece(group, sizes.len()) {
        return None;
    }
    let mut rests = Vec::with_capacity(ways.len());
    for left in &ways {
        let rest = rest_puzzle(puzzle, left)?;
        if solver.mode == SymmetryMode::Reduce && Group::of(&rest).order() != group.order() {
            return None;
        }
        rests.push((1, rest));
    }
    Some(Apart::of_rests(solver, rests, solver.mode, start.elapsed()))
}

/// The ways of leaving copies out, as they are listed.
struct WaysOut<'a> {
    /// Per piece: its size, its copies, and the cells that it and the pieces after it
    /// can leave out at most.
    sizes: &'a [u64],
    remaining: &'a [u32],
    room: &'a [u64],
    /// The calls so far, at most [`MAX_STEPS`].
    steps: u64,
    ways: &'a mut Vec<Vec<u32>>,
}

/// The most calls a listing of the ways takes: a few milliseconds. Past it the count is
/// the whole board's search (a set with many kinds of piece and many copies of each has
/// more ways than [`MAX_RESTS`] anyway).
const MAX_STEPS: u64 = 1 << 20;

impl WaysOut<'_> {
    /// Pushes onto `ways` each way of leaving out copies of the pieces `k..` (at most
    /// `remaining[k]` of piece `k`) whose sizes add up to `spare`, with `out` holding
    /// the copies left out of the pieces before `k`; `None` past [`MAX_RESTS`] ways or
    /// [`MAX_STEPS`] calls.
    fn leave_out(&mut self, k: usize, spare: u64, out: &mut Vec<u32>) -> Option<()> {
        self.steps += 1;
        if self.steps > MAX_STEPS {
            return None;
        }
        if spare == 0 {
            if self.ways.len() == MAX_RESTS {
                return None;
            }
            self.ways.push(out.clone());
            return Some(());
        }
        if k == self.sizes.len() || spare > self.room[k] {
            return Some(());
        }
        for n in 0..=self.remaining[k] {
            let used = self.sizes[k] * u64::from(n);
            if used > spare {
                break;
            }
            out[k] = n;
            self.leave_out(k + 1, spare - used, out)?;
        }
        out[k] = 0;
        Some(())
    }
}

/// Whether every element of `group` maps each of the `pieces` to itself.
fn fixes_every_piece(group: &Group, pieces: usize) -> bool {
    (group.elements.iter()).all(|g| (0..pieces).all(|k| g.pieces[k] == k))
}

/// `puzzle` with the copies `left` out, every other copy to be used; `None` if it
/// cannot be built.
fn rest_puzzle(puzzle: &Puzzle, left: &[u32]) -> Option<Puzzle> {
    let pieces: Vec<Piece> = (puzzle.set.pieces.iter().zip(left))
        .filter(|(p, &n)| p.count > n)
        .map(|(p, &n)| Piece {
            count: p.count - n,
            min: p.count - n,
            ..p.clone()
        })
        .collect();
    let mut board = puzzle.board.clone();
    board.use_all_pieces = true;
    let set = PieceSet {
        pieces,
        ..puzzle.set.clone()
    };
    Puzzle::new(board, set).ok()
}
