//! Which pre-placed pieces to take off a board that cannot be finished.
//!
//! Only the *movable* pieces are candidates (all of them, or the player's own when a
//! challenge's given pieces must stay). First each piece alone: of those whose removal lets the board be finished, the one
//! that leaves the most completions (counted up to [`COUNT_CAP`]; ties: the first by
//! label, the order of [`Puzzle::fixed`]), since that is the piece most in the way. If no single piece
//! will do, the board without any pre-placed piece is tried (if even that cannot be
//! finished, the puzzle has no solution), then sets of 2, 3, … pieces in order, the
//! first set that works being the answer, testing at most [`MOST_SETS`] sets before
//! answering "all of them". Each test is one search for a completion.

use crate::model::{Placement, Puzzle, Square};

use super::searches::Searches;
use super::Stopped;

/// The most completions counted for each piece whose removal works.
pub const COUNT_CAP: u64 = 100;

/// The most sets of two or more pieces tested.
pub const MOST_SETS: usize = 1000;

/// What to take off a board that cannot be finished.
pub(super) enum Removal {
    /// These pre-placed pieces.
    Pieces(Vec<Placement>),
    /// Nothing helps: even the board without pre-placed pieces cannot be finished.
    Unsolvable,
}

/// What to take off `puzzle`, which has no completion, choosing among its pre-placed
/// pieces `movable` (indices into [`Puzzle::fixed`], in order).
pub(super) fn removal(
    puzzle: &Puzzle,
    movable: &[usize],
    searches: &mut Searches<'_>,
) -> Result<Removal, Stopped> {
    let n = movable.len();
    let mut best: Option<(u64, usize)> = None;
    for &i in movable {
        let Some(without) = without(puzzle, &[i]) else {
            continue;
        };
        let count = searches.completions(&without, COUNT_CAP)?.len() as u64;
        if count > 0 && best.is_none_or(|(c, _)| count > c) {
            best = Some((count, i));
        }
    }
    if let Some((_, i)) = best {
        return Ok(Removal::Pieces(vec![puzzle.fixed[i].clone()]));
    }
    if n <= 1 || !finishable(puzzle, movable, searches)? {
        return Ok(Removal::Unsolvable);
    }
    let mut tested = 0;
    for size in 2..n {
        let mut set: Vec<usize> = (0..size).collect();
        loop {
            if tested == MOST_SETS {
                return Ok(remove(puzzle, movable));
            }
            tested += 1;
            let pieces: Vec<usize> = set.iter().map(|&j| movable[j]).collect();
            if finishable(puzzle, &pieces, searches)? {
                return Ok(remove(puzzle, &pieces));
            }
            if !next_subset(&mut set, n) {
                break;
            }
        }
    }
    Ok(remove(puzzle, movable))
}

/// Whether `puzzle` can be finished once its pre-placed pieces `set` are taken off.
fn finishable(
    puzzle: &Puzzle,
    set: &[usize],
    searches: &mut Searches<'_>,
) -> Result<bool, Stopped> {
    match without(puzzle, set) {
        Some(p) => Ok(searches.first(&p)?.is_some()),
        None => Ok(false),
    }
}

fn remove(puzzle: &Puzzle, set: &[usize]) -> Removal {
    Removal::Pieces(set.iter().map(|&i| puzzle.fixed[i].clone()).collect())
}

/// The next `set.len()`-subset of `0..n` in lexicographic order; false after the last.
fn next_subset(set: &mut [usize], n: usize) -> bool {
    let k = set.len();
    let Some(i) = (0..k).rev().find(|&i| set[i] < n - k + i) else {
        return false;
    };
    set[i] += 1;
    for j in i + 1..k {
        set[j] = set[j - 1] + 1;
    }
    true
}

/// `puzzle` with its pre-placed pieces `set` (indices into `puzzle.fixed`) taken off
/// (`None` only if the larger puzzle passes the size limits of [`Puzzle::new`]).
fn without(puzzle: &Puzzle, set: &[usize]) -> Option<Puzzle> {
    let mut board = puzzle.board.clone();
    for &i in set {
        for &c in &puzzle.fixed[i].cells {
            board.set_square(c, Square::Open);
        }
    }
    Puzzle::new(board, puzzle.set.clone()).ok()
}

#[cfg(test)]
mod tests {
    use super::next_subset;

    #[test]
    fn subsets_come_in_lexicographic_order() {
        let mut set = vec![0, 1];
        let mut seen = vec![set.clone()];
        while next_subset(&mut set, 4) {
            seen.push(set.clone());
        }
        let expected = [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]];
        assert_eq!(seen, expected.map(|s| s.to_vec()));
    }
}
