//! A puzzle in a random order: the same board, pieces and placements, with the pieces
//! and each piece's placements (and the open cells, the exact-cover engine's cell items)
//! listed in a seeded random order. The engines break ties by these orders (which piece
//! to try first on a square, which item of equal length to branch on), so a restarted
//! search on a shuffled puzzle makes different early choices without any change to the
//! engines.

use crate::model::Puzzle;

use super::restart::Rng;

/// `puzzle` in an order drawn from `rng`, and for each of its placements the index of
/// the same placement in `puzzle`.
pub fn shuffled(puzzle: &Puzzle, rng: &mut Rng) -> (Puzzle, Vec<usize>) {
    let pieces = puzzle.set.pieces.len();
    // New piece `j` is old piece `order[j]`.
    let order = rng.permutation(pieces);
    let mut new_of = vec![0; pieces];
    for (j, &old) in order.iter().enumerate() {
        new_of[old] = j;
    }
    let mut by_piece: Vec<Vec<usize>> = vec![Vec::new(); pieces];
    for (k, p) in puzzle.placements.iter().enumerate() {
        by_piece[new_of[p.piece]].push(k);
    }
    let mut original = Vec::with_capacity(puzzle.placements.len());
    for list in &mut by_piece {
        rng.shuffle(list);
        original.extend_from_slice(list);
    }
    let mut set = puzzle.set.clone();
    set.pieces = order
        .iter()
        .map(|&old| puzzle.set.pieces[old].clone())
        .collect();
    let renumber = |p: &crate::model::Placement| {
        let mut p = p.clone();
        p.piece = new_of[p.piece];
        p
    };
    let mut open = puzzle.open.clone();
    rng.shuffle(&mut open);
    let shuffled = Puzzle {
        board: puzzle.board.clone(),
        set,
        fixed: puzzle.fixed.iter().map(renumber).collect(),
        remaining: order.iter().map(|&old| puzzle.remaining[old]).collect(),
        placements: (original.iter())
            .map(|&k| renumber(&puzzle.placements[k]))
            .collect(),
        open,
    };
    (shuffled, original)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::samples::pentomino_rectangle;

    #[test]
    fn a_shuffled_puzzle_lists_the_same_placements_of_the_same_pieces() {
        let p = pentomino_rectangle(6, 10);
        let (s, original) = shuffled(&p, &mut Rng::new(3));
        assert_eq!(s.placements.len(), p.placements.len());
        for (k, q) in s.placements.iter().enumerate() {
            let o = &p.placements[original[k]];
            assert_eq!(q.cells, o.cells);
            assert_eq!(s.set.pieces[q.piece].name, p.set.pieces[o.piece].name);
        }
        let mut seen = original.clone();
        seen.sort_unstable();
        assert_eq!(seen, (0..p.placements.len()).collect::<Vec<_>>());
        assert_ne!(original, (0..p.placements.len()).collect::<Vec<_>>());
    }
}
