//! Choosing the pieces a [`super::Reduction`] restricts. The first is used once in
//! every solution and mapped to itself by every symmetry (or, failing that, a one-sided
//! piece that the reflections swap with its mirror piece, restricted under the
//! rotations): it keeps one placement per orbit, its representative. The piece with the
//! fewest placements wins: the search branches on the restricted piece first, and the
//! most constrained piece (Knuth restricts X) leaves the smallest trees below its
//! representatives (8x8-square: X 7.6 M nodes, I 8.8 M; NOI2005: J 2.9 M, D 7.5 M).
//! Ties go to fewer representatives, symmetric ones counting twice (their subtrees are
//! searched whole).

use std::collections::BTreeSet;
use std::collections::HashMap;

use crate::model::Puzzle;

use super::group::Group;
use super::mirrored::Mirrored;

/// Placements that represent their orbit, each with its stabilizer's non-identity elements.
pub(super) type Representatives = Vec<(usize, Vec<usize>)>;

/// A piece to restrict: its cost (placements, then representatives with symmetric ones
/// counted twice), its index and its representatives.
pub(super) type Candidate = ((usize, usize), usize, Representatives);

/// The restricted piece and its representatives, if some piece qualifies; with
/// [`Mirrored`] when the reflections swap it with its mirror piece.
pub(super) fn restricted_piece(
    puzzle: &Puzzle,
    group: &Group,
) -> Option<(Candidate, Option<Mirrored>)> {
    // A piece "used once" must be used exactly once: not so with optional pieces or
    // ranges of copies.
    if group.order() == 1 || !puzzle.board.use_all_pieces || puzzle.has_ranges() {
        return None;
    }
    if let Some(best) = fixed_piece(puzzle, group) {
        return Some((best, None));
    }
    mirrored_piece(puzzle, group).map(|(best, m)| (best, Some(m)))
}

/// The cheapest piece used once that every symmetry maps to itself.
fn fixed_piece(puzzle: &Puzzle, group: &Group) -> Option<Candidate> {
    let mut best = None;
    for (k, &r) in puzzle.remaining.iter().enumerate() {
        let fixed_by_all = group.elements.iter().all(|g| g.pieces[k] == k);
        if r == 1 && fixed_by_all {
            let reps = || representatives(puzzle, group, k);
            offer(&mut best, k, of_piece(puzzle, k).len(), reps);
        }
    }
    best
}

/// The cheapest piece used once that every reflection maps to one same other piece
/// (its mirror piece), with representatives under the rotations.
fn mirrored_piece(puzzle: &Puzzle, group: &Group) -> Option<(Candidate, Mirrored)> {
    let rotations: Vec<usize> = (0..group.order())
        .filter(|&g| group.is_rotation(g))
        .collect();
    let reflections: Vec<usize> = (0..group.order())
        .filter(|&g| !group.is_rotation(g))
        .collect();
    let mut best = None;
    for (k, &r) in puzzle.remaining.iter().enumerate() {
        let swapped = reflections.first().map(|&g| group.elements[g].pieces[k]);
        let qualifies = r == 1
            && swapped.is_some_and(|m| m != k)
            && reflections
                .iter()
                .all(|&g| Some(group.elements[g].pieces[k]) == swapped);
        if qualifies {
            let reps = || representatives_in(puzzle, group, k, &rotations);
            offer(&mut best, k, of_piece(puzzle, k).len(), reps);
        }
    }
    let best = best?;
    let k = best.1;
    let mirrored = Mirrored {
        reflection: reflections[0],
        rotations,
        of_piece: puzzle.placements.iter().map(|p| p.piece == k).collect(),
    };
    Some((best, mirrored))
}

/// The second piece to restrict below the representatives that some symmetry fixes (its
/// non-identity elements across `stabilizer`). Below such a representative the
/// solutions come in pairs (or more) that those symmetries swap; a second piece tells
/// them apart, which lets the search skip half of them (without the memo, 8x8-square:
/// 8.8 M nodes in one tree, 6.7 M in its parts; Scott's board: 79 k and 59 k). It is a
/// piece used once and mapped to itself, other than `piece`, with the fewest placements
/// that those symmetries fix (their solutions still need a check, and only they are
/// not halved), then the fewest placements (8x8-square, without the memo: I, none of
/// whose placements a diagonal reflection fixes, 6.7 M nodes; the 2x2 square, 7 of 49
/// fixed, 7.6 M).
pub(super) fn second_piece(
    puzzle: &Puzzle,
    group: &Group,
    piece: usize,
    stabilizer: &HashMap<usize, Vec<usize>>,
) -> Option<usize> {
    let symmetric: Vec<usize> = (stabilizer.values().flatten().copied())
        .collect::<BTreeSet<usize>>()
        .into_iter()
        .collect();
    if symmetric.is_empty() {
        return None;
    }
    (0..puzzle.set.pieces.len())
        .filter(|&j| {
            j != piece
                && puzzle.remaining[j] == 1
                && group.elements.iter().all(|g| g.pieces[j] == j)
        })
        .min_by_key(|&j| {
            let of_j = of_piece(puzzle, j);
            let fixed = (of_j.clone())
                .filter(|&x| symmetric.iter().any(|&h| group.images[h][x] as usize == x))
                .count();
            (fixed, of_j.len())
        })
}

/// Makes piece `k`, with `placements` placements, the `best` candidate if its cost is
/// less. A piece with more placements than the best so far cannot win, so its
/// representatives (`reps`: them and how many are symmetric) are not found (Scott's
/// board: 3 pieces' of 12).
fn offer(
    best: &mut Option<Candidate>,
    k: usize,
    placements: usize,
    reps: impl FnOnce() -> (Representatives, usize),
) {
    if best.as_ref().is_some_and(|b| placements > b.0 .0) {
        return;
    }
    let (reps, symmetric) = reps();
    let cost = (placements, reps.len() + 2 * symmetric);
    if best.as_ref().is_none_or(|b| cost < b.0) {
        *best = Some((cost, k, reps));
    }
}

/// The indices of piece `k`'s placements (they are sorted by piece): found by two
/// binary searches, not a pass over every placement.
pub(super) fn of_piece(puzzle: &Puzzle, k: usize) -> std::ops::Range<usize> {
    let first = puzzle.placements.partition_point(|p| p.piece < k);
    first..first + puzzle.placements[first..].partition_point(|p| p.piece <= k)
}

/// One placement of piece `k` per orbit (the least index), each with its stabilizer's
/// non-identity elements; and how many of them have a non-trivial stabilizer.
pub(super) fn representatives(
    puzzle: &Puzzle,
    group: &Group,
    k: usize,
) -> (Representatives, usize) {
    let all: Vec<usize> = (0..group.order()).collect();
    representatives_in(puzzle, group, k, &all)
}

/// [`representatives`] under the elements `gs` (a subgroup, the identity first).
fn representatives_in(
    puzzle: &Puzzle,
    group: &Group,
    k: usize,
    gs: &[usize],
) -> (Representatives, usize) {
    let mut reps = Vec::new();
    let mut symmetric = 0;
    for index in of_piece(puzzle, k) {
        let orbit_min = gs
            .iter()
            .map(|&g| group.images[g][index] as usize)
            .min()
            .expect("the identity");
        if orbit_min != index {
            continue;
        }
        let stab: Vec<usize> = gs
            .iter()
            .copied()
            .filter(|&g| g != 0 && group.images[g][index] as usize == index)
            .collect();
        if !stab.is_empty() {
            symmetric += 1;
        }
        reps.push((index, stab));
    }
    (reps, symmetric)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::samples::{domino_rectangle, eight_by_eight_square, scott};

    #[test]
    fn a_candidate_wins_on_placements_then_representatives_and_losers_are_not_weighed() {
        let reps =
            |n: usize, symmetric: usize| move || ((0..n).map(|i| (i, vec![])).collect(), symmetric);
        let never = || -> (Representatives, usize) { panic!("a sure loser was weighed") };
        let mut best = None;
        offer(&mut best, 0, 10, reps(3, 0));
        offer(&mut best, 1, 12, never);
        assert_eq!(best.as_ref().map(|b| b.1), Some(0));
        // Equal placements: fewer representatives (symmetric ones twice) win, the first
        // of equals stays.
        offer(&mut best, 2, 10, reps(1, 1));
        assert_eq!(best.as_ref().map(|b| b.1), Some(0));
        offer(&mut best, 3, 10, reps(2, 0));
        assert_eq!(best.as_ref().map(|b| (b.0, b.1)), Some(((10, 2), 3)));
        // One placement fewer wins, however many representatives.
        offer(&mut best, 4, 9, reps(40, 5));
        assert_eq!(best.as_ref().map(|b| (b.0, b.1)), Some(((9, 50), 4)));
    }

    #[test]
    fn each_pieces_placements_are_one_range() {
        // `of_piece` finds a piece's placements by binary search, which holds because
        // they are sorted by piece: the same indices as a pass over all of them, also
        // with pre-placed pieces (NOI2005's sample: some pieces have none left) and
        // copies (dominoes).
        let sample = crate::model::library::load_puzzle("noi2005-sample", None)
            .map(|(b, s)| Puzzle::new(b, s).expect("valid"))
            .expect("a built-in board");
        let dominoes = domino_rectangle(4, 4);
        for p in [scott(), eight_by_eight_square(), sample, dominoes] {
            let mut empty = 0;
            for k in 0..p.set.pieces.len() {
                let pass: Vec<usize> = (0..p.placements.len())
                    .filter(|&i| p.placements[i].piece == k)
                    .collect();
                assert_eq!(of_piece(&p, k).collect::<Vec<_>>(), pass, "piece {k}");
                empty += usize::from(pass.is_empty());
            }
            assert_eq!(
                empty > 0,
                p.board.name == "noi2005-sample",
                "{}",
                p.board.name
            );
        }
    }
}
