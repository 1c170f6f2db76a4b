//! The puzzle left when some pieces of a solution stay on the board (pre-placed) and the
//! rest are taken off, and how many completions it has, up to two: the search for a
//! challenge's pre-placed pieces asks this at every step, so it builds the smaller
//! puzzle from the whole one's placement list (no new placement search) and stops the
//! keep-mode search at its second solution, on the engine the [`Solver`] picks (the
//! bitboard one whenever it applies).

use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::geom::Cell;
use crate::model::{Board, Placement, Puzzle, Square};
use crate::run::RunOptions;
use crate::solve::{self, Solver, SymmetryMode};

/// How many completions a puzzle has, counting up to two.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Completions {
    /// No completion.
    None,
    /// Exactly one.
    One,
    /// Two or more.
    Several,
    /// The search was stopped before it knew.
    Stopped,
}

/// A puzzle and one of its solutions, whose pieces can stay or go.
pub(crate) struct Completion<'a> {
    /// The whole puzzle (its own pre-placed pieces stay in every challenge).
    pub puzzle: &'a Puzzle,
    /// The solution's placements of the pieces the search places.
    pub solution: &'a [Placement],
    /// Set to stop the searches.
    pub stop: Arc<AtomicBool>,
    /// Searches run, for the benchmark's counters.
    pub searches: u64,
    /// Nodes of those searches.
    pub nodes: u64,
}

impl Completion<'_> {
    /// The puzzle with the solution's placements `kept[i]` pre-placed.
    pub fn puzzle_with(&self, kept: &[bool]) -> Puzzle {
        with_preplaced(self.puzzle, self.solution, kept)
    }

    /// The completions of the puzzle with the solution's placements `kept[i]` pre-placed,
    /// up to two, in keep mode (mirror images are different completions).
    pub fn count(&mut self, kept: &[bool]) -> Completions {
        let solver = solver_of(self.puzzle_with(kept));
        let (found, stats) = up_to_two(&solver, &self.stop);
        self.searches += 1;
        self.nodes += stats;
        found
    }
}

/// `puzzle`'s keep-mode solver without restarts (a search that must exhaust its tree
/// gains nothing from them) and without the refutation arguments (a puzzle that
/// `Puzzle::new` accepted is checked by the search as fast).
pub(crate) fn solver_of(puzzle: Puzzle) -> Solver {
    let mut solver = Solver::refuted_by(puzzle, SymmetryMode::Keep, None);
    solver.restarts = false;
    solver
}

/// The completions of `solver`'s puzzle up to two, and the nodes searched.
pub(crate) fn up_to_two(solver: &Solver, stop: &Arc<AtomicBool>) -> (Completions, u64) {
    let opts = RunOptions {
        printing: true,
        limit: Some(2),
        stop: Arc::clone(stop),
        ..RunOptions::default()
    };
    let report = solve::run(solver, &opts, &mut |_| ControlFlow::Continue(()))
        .expect("a run without a checkpoint reads and writes no file");
    let found = match report.solutions.to_u64() {
        _ if report.interrupted => Completions::Stopped,
        Some(0) => Completions::None,
        Some(1) => Completions::One,
        _ => Completions::Several,
    };
    (found, report.stats.nodes)
}

/// `puzzle` with `solution[i]` pre-placed for every `kept[i]`: its board shows their
/// labels, their cells leave the open cells, and the placements of the pieces still to
/// place are those of `puzzle` that avoid them, in `puzzle`'s order (what
/// [`Puzzle::new`] lists for that board, without searching for them again).
pub(crate) fn with_preplaced(puzzle: &Puzzle, solution: &[Placement], kept: &[bool]) -> Puzzle {
    let b = &puzzle.board;
    let mut squares: Vec<Square> = b.cells().map(|c| b.square(c)).collect();
    let mut fixed = puzzle.fixed.clone();
    let mut remaining = puzzle.remaining.clone();
    let mut taken = vec![false; squares.len()];
    let index = |c: &Cell| b.index(*c).expect("a placed cell is in the frame");
    for (p, _) in solution.iter().zip(kept).filter(|(_, &k)| k) {
        let label = puzzle.set.pieces[p.piece].label;
        for c in &p.cells {
            squares[index(c)] = Square::Preplaced(label);
            taken[index(c)] = true;
        }
        remaining[p.piece] -= 1;
        fixed.push(Placement {
            fixed: true,
            ..p.clone()
        });
    }
    let size = [b.width, b.height, b.depth];
    let mut board = Board::layered(b.name.clone(), b.grid, size, squares);
    board.description = b.description.clone();
    board.pieces = b.pieces.clone();
    board.use_all_pieces = b.use_all_pieces;
    board.cover_all_cells = b.cover_all_cells;
    let placements = (puzzle.placements.iter())
        .filter(|p| remaining[p.piece] > 0 && !p.cells.iter().any(|c| taken[index(c)]))
        .cloned()
        .collect();
    let open = (puzzle.open.iter())
        .filter(|c| !taken[index(c)])
        .copied()
        .collect();
    Puzzle {
        board,
        set: puzzle.set.clone(),
        fixed,
        remaining,
        placements,
        open,
    }
}
