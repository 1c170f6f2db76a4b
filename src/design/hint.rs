//! Hints for a partly solved board: the pieces placed so far are the board's pre-placed
//! pieces, a *completion* is a way to cover the open cells with the pieces left. A hint
//! says whether the board can still be finished, and then what to do next, chosen to
//! teach rather than to tell:
//!
//! 1. a *forced* placement, seen in the placement lists without any search: an open
//!    cell that only one placement can cover (when every cell must be covered), or a
//!    piece with as many placements left as copies to place (when every piece must be
//!    used); the first such cell in the board's row order, then the first such piece;
//! 2. else a placement that *every completion* makes, found by search: of the first
//!    completion's placements, the first (by its most constrained cell, the open cell
//!    fewest placements cover) that no completion avoids;
//! 3. else a *guess that works*: the placement of the first completion covering the
//!    most constrained open cell.
//!
//! A board that cannot be finished gets the pieces to take off instead
//! (`remove.rs`): any pre-placed piece, or with [`hint_for_player`] only the player's,
//! never a challenge's given pieces. The searches run in keep mode on one thread (`super::searches`).

use crate::cover::Stats;
use crate::geom::Cell;
use crate::model::{Placement, Puzzle, Tiling};
use crate::run::RunOptions;

use super::remove::{removal, Removal};
use super::searches::Searches;
use super::Stopped;

/// What to do next on a partly solved board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// Every open cell is covered: the board is finished.
    Finished,
    /// The board can be finished; this placement is a good next move.
    Next(Move),
    /// The board cannot be finished, but it can once these pre-placed pieces (as few as
    /// the search found; usually one) are taken off.
    Remove(Vec<Placement>),
    /// The board cannot be finished even with every pre-placed piece taken off: the
    /// puzzle has no solution.
    Unsolvable,
}

/// A placement to make next and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// The placement (a piece with copies left on open cells).
    pub placement: Placement,
    /// Why this one.
    pub reason: Reason,
}

/// Why a hinted placement was chosen, from the most to the least instructive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Forced: it is the only placement that covers this open cell.
    OnlyCover(Cell),
    /// Forced: its piece has no other place left.
    OnlyPlace,
    /// Every completion makes it, though the lists alone do not show it.
    EveryCompletion,
    /// Some completion makes it, some do not: the cell is the most constrained one.
    Guess(Cell),
}

impl Reason {
    /// True for the placements every completion makes (all but a guess).
    pub fn is_sure(self) -> bool {
        !matches!(self, Reason::Guess(_))
    }
}

/// The hint for `puzzle` (see the module header). Costs one search for a completion;
/// without a forced placement, up to one more per placement of that completion; on a
/// board that cannot be finished, those of `remove.rs` (one search per pre-placed
/// piece, then one per set of pieces tried).
///
/// # Errors
/// [`Stopped`] if `opts`' stop flag or node budget ended a search first.
///
/// ```
/// use polyx::design::{hint, Hint, Reason};
/// use polyx::{load_puzzle, Puzzle, RunOptions};
///
/// let (board, pieces) = load_puzzle("noi2005-sample", None).unwrap();
/// let puzzle = Puzzle::new(board, pieces).unwrap();
/// let Hint::Next(next) = hint(&puzzle, &RunOptions::default()).unwrap() else {
///     panic!("the sample can be finished");
/// };
/// assert!(next.reason.is_sure()); // its completion is unique
/// ```
pub fn hint(puzzle: &Puzzle, opts: &RunOptions) -> Result<Hint, Stopped> {
    hint_counted(puzzle, opts).map(|(hint, _)| hint)
}

/// [`hint()`] and the counters of its searches.
///
/// # Errors
/// As [`hint()`].
pub fn hint_counted(puzzle: &Puzzle, opts: &RunOptions) -> Result<(Hint, Stats), Stopped> {
    let movable: Vec<usize> = (0..puzzle.fixed.len()).collect();
    let mut searches = Searches::new(opts);
    let hint = hint_with(puzzle, &movable, &mut searches)?;
    Ok((hint, searches.stats))
}

/// [`hint()`] for a player of a challenge: `players[i]` says whether the pre-placed
/// piece `puzzle.fixed[i]` is one the player placed. A board that cannot be finished
/// gets the player's pieces to take off, never the challenge's given ones, and
/// [`Hint::Unsolvable`] means that taking off all of the player's pieces does not help.
///
/// # Errors
/// As [`hint()`].
pub fn hint_for_player(
    puzzle: &Puzzle,
    players: &[bool],
    opts: &RunOptions,
) -> Result<(Hint, Stats), Stopped> {
    let movable: Vec<usize> = (0..puzzle.fixed.len())
        .filter(|&i| players.get(i).copied().unwrap_or(false))
        .collect();
    let mut searches = Searches::new(opts);
    let hint = hint_with(puzzle, &movable, &mut searches)?;
    Ok((hint, searches.stats))
}

fn hint_with(
    puzzle: &Puzzle,
    movable: &[usize],
    searches: &mut Searches<'_>,
) -> Result<Hint, Stopped> {
    if puzzle.open.is_empty() {
        return Ok(Hint::Finished);
    }
    let Some(first) = searches.first(puzzle)? else {
        return Ok(match removal(puzzle, movable, searches)? {
            Removal::Pieces(pieces) => Hint::Remove(pieces),
            Removal::Unsolvable => Hint::Unsolvable,
        });
    };
    if let Some(forced) = forced(puzzle) {
        return Ok(Hint::Next(forced));
    }
    let counts = cover_counts(puzzle);
    let chosen = by_constraint(puzzle, &first, &counts);
    for &(k, _) in &chosen {
        if !searches.avoids(puzzle, k)? {
            return Ok(Hint::Next(Move {
                placement: puzzle.placements[k].clone(),
                reason: Reason::EveryCompletion,
            }));
        }
    }
    let &(k, cell) = chosen
        .first()
        .expect("a completion of open cells places a piece");
    Ok(Hint::Next(Move {
        placement: puzzle.placements[k].clone(),
        reason: Reason::Guess(cell),
    }))
}

/// The placements every completion of `puzzle` makes, in the placement order, or `None`
/// if it has no completion. Costs one search for a completion and one more per
/// placement of it (does a completion avoid it?): about as many searches as pieces.
///
/// # Errors
/// [`Stopped`] if `opts`' stop flag or node budget ended a search first.
pub fn shared_placements(
    puzzle: &Puzzle,
    opts: &RunOptions,
) -> Result<Option<Vec<Placement>>, Stopped> {
    if puzzle.open.is_empty() {
        return Ok(Some(Vec::new()));
    }
    let mut searches = Searches::new(opts);
    let Some(first) = searches.first(puzzle)? else {
        return Ok(None);
    };
    let mut shared = Vec::new();
    for k in indices(puzzle, &first) {
        if !searches.avoids(puzzle, k)? {
            shared.push(k);
        }
    }
    shared.sort_unstable();
    Ok(Some(
        (shared.into_iter())
            .map(|k| puzzle.placements[k].clone())
            .collect(),
    ))
}

/// A forced placement from the lists alone (tier 1 of the module header), if any.
fn forced(puzzle: &Puzzle) -> Option<Move> {
    let board = &puzzle.board;
    if board.cover_all_cells {
        let counts = cover_counts(puzzle);
        if let Some(i) = counts.iter().position(|&n| n == 1) {
            let cell = puzzle.open[i];
            let k = (puzzle.placements.iter())
                .position(|p| p.cells.contains(&cell))
                .expect("one placement covers it");
            return Some(Move {
                placement: puzzle.placements[k].clone(),
                reason: Reason::OnlyCover(cell),
            });
        }
    }
    if board.use_all_pieces {
        let mut places = vec![0u32; puzzle.set.pieces.len()];
        for p in &puzzle.placements {
            places[p.piece] += 1;
        }
        let piece = (0..places.len()).find(|&q| {
            let r = puzzle.remaining[q];
            r > 0 && puzzle.least(q) == r && places[q] == r
        })?;
        let k = (puzzle.placements.iter()).position(|p| p.piece == piece)?;
        return Some(Move {
            placement: puzzle.placements[k].clone(),
            reason: Reason::OnlyPlace,
        });
    }
    None
}

/// For each open cell (in `puzzle.open`'s order), how many placements cover it.
fn cover_counts(puzzle: &Puzzle) -> Vec<u32> {
    let index: std::collections::HashMap<Cell, usize> = (puzzle.open.iter().enumerate())
        .map(|(i, &c)| (c, i))
        .collect();
    let mut counts = vec![0u32; puzzle.open.len()];
    for p in &puzzle.placements {
        for c in &p.cells {
            if let Some(&i) = index.get(c) {
                counts[i] += 1;
            }
        }
    }
    counts
}

/// The placements of the completion `t` that the search made (not the pre-placed ones),
/// as indices into `puzzle.placements`.
fn indices(puzzle: &Puzzle, t: &Tiling) -> Vec<usize> {
    let index: std::collections::HashMap<(usize, &[Cell]), usize> =
        (puzzle.placements.iter().enumerate())
            .map(|(k, p)| ((p.piece, p.cells.as_slice()), k))
            .collect();
    (t.placements.iter())
        .filter(|p| !p.fixed)
        .filter_map(|p| index.get(&(p.piece, p.cells.as_slice())).copied())
        .collect()
}

/// The placements of the completion `t`, each with its most constrained cell (fewest
/// covering placements, by `counts`), the most constrained first (ties: row order).
fn by_constraint(puzzle: &Puzzle, t: &Tiling, counts: &[u32]) -> Vec<(usize, Cell)> {
    let position: std::collections::HashMap<Cell, usize> = (puzzle.open.iter().enumerate())
        .map(|(i, &c)| (c, i))
        .collect();
    let mut chosen: Vec<(u32, usize, usize)> = indices(puzzle, t)
        .into_iter()
        .map(|k| {
            let i = (puzzle.placements[k].cells.iter())
                .map(|c| position[c])
                .min_by_key(|&i| (counts[i], i))
                .expect("a placement covers cells");
            (counts[i], i, k)
        })
        .collect();
    chosen.sort_unstable();
    (chosen.into_iter())
        .map(|(_, i, k)| (k, puzzle.open[i]))
        .collect()
}
