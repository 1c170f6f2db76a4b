//! The placements every tiling makes: an open cell that only one placement can cover
//! (the tip of a one-wide arm that only the I reaches, a pocket of one piece's shape)
//! is covered by it in every tiling, and so is a piece that must be placed and fits in
//! one place only; such placements are settled before any search. Settling a
//! placement takes its cells and one copy of its piece, which removes the placements
//! that overlap it (and, once its piece has no copy left, that piece's others), and
//! that may leave another cell with one placement: the cells are settled until none is
//! left with exactly one. What stays open is then split into regions
//! ([`super::fillings::regions`]): a board joined only through settled cells falls
//! apart, and each part is counted on its own ([`super::apart`]).

use crate::model::Puzzle;

/// What settling a puzzle's forced placements leaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Settled {
    /// The copies of each piece the settled placements take (indexed like the set).
    pub used: Vec<u32>,
    /// Per open cell (indexed like `puzzle.open`): covered by a settled placement.
    pub covered: Vec<bool>,
    /// Per placement (indexed like `puzzle.placements`): still possible, neither
    /// settled nor ruled out by the settled ones.
    pub alive: Vec<bool>,
}

impl Settled {
    /// Nothing settled: every cell open, every placement possible.
    pub fn nothing(puzzle: &Puzzle) -> Settled {
        Settled {
            used: vec![0; puzzle.remaining.len()],
            covered: vec![false; puzzle.open.len()],
            alive: vec![true; puzzle.placements.len()],
        }
    }

    /// How many placements were settled.
    pub fn placed(&self) -> u32 {
        self.used.iter().sum()
    }
}

/// Settles `puzzle`'s forced placements: while some open cell has exactly one possible
/// placement, or a piece that must still be placed has exactly one, that placement is
/// made. A cell left with none stays open with no placement (its region has no
/// filling, so the count is 0).
/// `cells` are the placements' cells ([`super::fillings::placement_cells`]).
pub(super) fn settle(puzzle: &Puzzle, cells: &[Vec<usize>]) -> Settled {
    let mut covering: Vec<Vec<usize>> = vec![Vec::new(); puzzle.open.len()];
    for (k, cs) in cells.iter().enumerate() {
        for &c in cs {
            covering[c].push(k);
        }
    }
    let pieces = puzzle.remaining.len();
    let mut by_piece: Vec<Vec<usize>> = vec![Vec::new(); pieces];
    let mut settled = Settled::nothing(puzzle);
    for (k, p) in puzzle.placements.iter().enumerate() {
        by_piece[p.piece].push(k);
        settled.alive[k] = puzzle.remaining[p.piece] > 0;
    }
    let alive = |ks: &[usize]| ks.iter().filter(|&&k| settled.alive[k]).count();
    let mut s = Settling {
        possible: covering.iter().map(|ks| alive(ks)).collect(),
        of_piece: by_piece.iter().map(|ks| alive(ks)).collect(),
        left: puzzle.remaining.clone(),
        must: (0..pieces).map(|k| puzzle.least(k)).collect(),
        pieces: puzzle.placements.iter().map(|p| p.piece).collect(),
        cells,
        covering,
        by_piece,
        settled,
    };
    let mut cell_queue: Vec<usize> = (0..s.possible.len())
        .filter(|&c| s.possible[c] == 1)
        .collect();
    let mut piece_queue: Vec<usize> = (0..pieces).filter(|&p| s.forces(p)).collect();
    loop {
        let k = if let Some(c) = cell_queue.pop() {
            if s.settled.covered[c] || s.possible[c] != 1 {
                continue;
            }
            s.covering[c].iter().find(|&&k| s.settled.alive[k])
        } else if let Some(p) = piece_queue.pop() {
            if !s.forces(p) {
                continue;
            }
            s.by_piece[p].iter().find(|&&k| s.settled.alive[k])
        } else {
            break;
        };
        if let Some(&k) = k {
            s.place(k, &mut cell_queue, &mut piece_queue);
        }
    }
    s.settled
}

/// The state of [`settle`]: what is settled, and what is left possible.
struct Settling<'a> {
    /// Per placement: its cells (indices into `puzzle.open`) and its piece.
    cells: &'a [Vec<usize>],
    pieces: Vec<usize>,
    /// Per cell: the placements over it, and how many of them are possible.
    covering: Vec<Vec<usize>>,
    possible: Vec<usize>,
    /// Per piece: its placements, how many are possible, the copies left, and how many
    /// of those must still be placed.
    by_piece: Vec<Vec<usize>>,
    of_piece: Vec<usize>,
    left: Vec<u32>,
    must: Vec<u32>,
    settled: Settled,
}

impl Settling<'_> {
    /// Must piece `p` still be placed, with one possible placement left?
    fn forces(&self, p: usize) -> bool {
        self.must[p] > 0 && self.of_piece[p] == 1
    }

    /// Settles placement `k`: its cells are covered, and the placements over them (and
    /// its piece's, once no copy is left) are no longer possible; cells and pieces left
    /// with one placement join the queues.
    fn place(&mut self, k: usize, cell_queue: &mut Vec<usize>, piece_queue: &mut Vec<usize>) {
        let piece = self.pieces[k];
        let mut gone: Vec<usize> = (self.cells[k].iter())
            .flat_map(|&d| self.covering[d].iter().copied())
            .collect();
        for &d in &self.cells[k] {
            self.settled.covered[d] = true;
        }
        self.left[piece] -= 1;
        self.must[piece] = self.must[piece].saturating_sub(1);
        self.settled.used[piece] += 1;
        if self.left[piece] == 0 {
            gone.extend(self.by_piece[piece].iter().copied());
        }
        for g in gone {
            if !std::mem::replace(&mut self.settled.alive[g], false) {
                continue;
            }
            let p = self.pieces[g];
            self.of_piece[p] -= 1;
            if self.forces(p) {
                piece_queue.push(p);
            }
            for &d in &self.cells[g] {
                self.possible[d] -= 1;
                if self.possible[d] == 1 && !self.settled.covered[d] {
                    cell_queue.push(d);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Cell, Grid};
    use crate::model::samples::{self, pentominoes};
    use crate::model::Board;
    use crate::solve::fillings::placement_cells;

    /// A board of `cells` with the pentominoes, `i` copies of the I; pieces may stay
    /// unused.
    fn with_is(cells: &[Cell], i: u32) -> Puzzle {
        let mut board = Board::of_cells("strips", Grid::Square, cells);
        board.use_all_pieces = false;
        let mut set = pentominoes();
        let k = set.by_name("I").expect("the I pentomino");
        (set.pieces[k].count, set.pieces[k].min) = (i, 0);
        Puzzle::new(board, set).unwrap()
    }

    /// The cells of a 1×`n` strip in row `y`.
    fn strip(n: i32, y: i32) -> Vec<Cell> {
        (0..n).map(|x| Cell::new(x, y)).collect()
    }

    #[test]
    fn a_strip_of_two_is_settled_one_i_after_the_other() {
        // In a 1×10 strip only the I fits: its first cell forces the I on cells 0–4,
        // which leaves cell 5 one placement, the I on cells 5–9.
        let puzzle = with_is(&strip(10, 0), 2);
        let settled = settle(&puzzle, &placement_cells(&puzzle));
        let i = puzzle.set.by_name("I").unwrap();
        assert_eq!(settled.placed(), 2);
        assert_eq!(settled.used[i], 2);
        assert!(settled.covered.iter().all(|&c| c));
        assert!(settled.alive.iter().all(|&a| !a));
    }

    #[test]
    fn a_piece_used_up_leaves_the_next_strip_nothing() {
        // Two 1×5 strips apart and one I: the first strip settles the I, and the second
        // is left open with no placement (no tiling).
        let mut cells = strip(5, 0);
        cells.extend(strip(5, 2));
        let puzzle = with_is(&cells, 1);
        let settled = settle(&puzzle, &placement_cells(&puzzle));
        assert_eq!(settled.placed(), 1);
        assert_eq!(settled.covered.iter().filter(|&&c| c).count(), 5);
        assert!(settled.alive.iter().all(|&a| !a));
    }

    #[test]
    fn a_piece_that_must_be_placed_and_fits_once_is_settled() {
        // A 2×5 rectangle short of a corner, the I and two dominoes, all to be used:
        // every cell has two placements or more, but the I fits only along the full
        // row. Once it lies there, the short row's end cell has one domino left, and
        // so on: all three are settled.
        let mut cells = strip(5, 0);
        cells.extend((1..5).map(|x| Cell::new(x, 1)));
        let board = Board::of_cells("short corner", Grid::Square, &cells);
        let mut set = pentominoes();
        set.pieces.retain(|p| p.name == "I");
        let mut domino = samples::polyforms(Grid::Square, 2, false).pieces.remove(0);
        (domino.count, domino.min) = (2, 2);
        set.pieces.push(domino);
        let puzzle = Puzzle::new(board, set).unwrap();
        let open: Vec<usize> = (0..puzzle.open.len()).collect();
        let covers = |c: usize| {
            let cell = puzzle.open[c];
            (puzzle.placements.iter())
                .filter(|p| p.cells.contains(&cell))
                .count()
        };
        assert!(open.iter().all(|&c| covers(c) >= 2));
        let settled = settle(&puzzle, &placement_cells(&puzzle));
        assert_eq!((settled.placed(), settled.used.clone()), (3, vec![1, 2]));
        assert!(settled.covered.iter().all(|&c| c));
    }

    #[test]
    fn a_board_where_every_cell_has_a_choice_settles_nothing() {
        let puzzle = with_is(&[strip(5, 0), strip(5, 1)].concat(), 1);
        assert_eq!(
            settle(&puzzle, &placement_cells(&puzzle)),
            Settled::nothing(&puzzle)
        );
    }
}
