//! A checkerboard argument that proves some puzzles have no solution before any search.
//! Colour the cells like a chessboard: every placement of a piece covers black and white
//! cells whose difference is `+d` or `-d` for a `d` fixed by the piece's shape. A tiling
//! exists only if the board's own difference is a sum of `±d` over all copies to place.
//! (Golomb, "Polyominoes", ch. 2; it dismisses the 35 hexominoes in any rectangle.)

use crate::geom::Cell;

use super::Puzzle;

fn colour(c: Cell) -> i64 {
    if (c.x + c.y).rem_euclid(2) == 0 {
        1
    } else {
        -1
    }
}

/// False when the checkerboard argument proves that `puzzle` has no solution; true when
/// it proves nothing (always true unless every piece and every cell must be used).
pub fn may_have_solutions(puzzle: &Puzzle) -> bool {
    if !puzzle.board.use_all_pieces || !puzzle.board.cover_all_cells {
        return true;
    }
    let target: i64 = puzzle.open.iter().map(|&c| colour(c)).sum();
    // Reachable sums, offset by `bound` so they index a vector.
    let imbalances: Vec<(i64, u32)> = puzzle
        .set
        .pieces
        .iter()
        .zip(&puzzle.remaining)
        .filter(|(_, &r)| r > 0)
        .map(|(p, &r)| {
            (
                p.shape
                    .cells()
                    .iter()
                    .map(|&c| colour(c))
                    .sum::<i64>()
                    .abs(),
                r,
            )
        })
        .collect();
    let bound: i64 = imbalances.iter().map(|&(d, r)| d * r as i64).sum();
    if target.abs() > bound {
        return false;
    }
    let width = (2 * bound + 1) as usize;
    let mut reach = vec![false; width];
    reach[bound as usize] = true;
    for &(d, r) in &imbalances {
        if d == 0 {
            continue;
        }
        for _ in 0..r {
            let mut next = vec![false; width];
            for (k, _) in reach.iter().enumerate().filter(|(_, &on)| on) {
                let k = k as i64;
                for s in [k - d, k + d] {
                    if (0..width as i64).contains(&s) {
                        next[s as usize] = true;
                    }
                }
            }
            reach = next;
        }
    }
    reach[(target + bound) as usize]
}
