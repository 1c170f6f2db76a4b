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
    leave_out(&sizes, &puzzle.remaining, 0, spare, &mut out, &mut ways)?;
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

/// Pushes onto `ways` each way of leaving out copies of the pieces `k..` (at most
/// `remaining[k]` of piece `k`) whose sizes add up to `spare`, with `out` holding the
/// copies left out of the pieces before `k`; `None` past [`MAX_RESTS`] ways.
fn leave_out(
    sizes: &[u64],
    remaining: &[u32],
    k: usize,
    spare: u64,
    out: &mut Vec<u32>,
    ways: &mut Vec<Vec<u32>>,
) -> Option<()> {
    if spare == 0 {
        if ways.len() == MAX_RESTS {
            return None;
        }
        ways.push(out.clone());
        return Some(());
    }
    if k == sizes.len() {
        return Some(());
    }
    for n in 0..=remaining[k] {
        let used = sizes[k] * u64::from(n);
        if used > spare {
            break;
        }
        out[k] = n;
        leave_out(sizes, remaining, k + 1, spare - used, out, ways)?;
    }
    out[k] = 0;
    Some(())
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
