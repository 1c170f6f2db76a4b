//! The one place that runs a tiling search: it builds the (possibly symmetry-reduced)
//! exact-cover problem of a puzzle, runs the engine, checks symmetry classes, expands
//! orbits for `--symmetry keep`, honours limits and yields decoded tilings and counters.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use crate::cover::{OptionId, Problem, Search, Stats, Visit};
use crate::model::parity;
use crate::model::puzzle::{Puzzle, EMPTY_CELL};
use crate::model::symmetry::Reduction;
use crate::model::Tiling;

/// Which solutions count as different.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SymmetryMode {
    /// One solution per class of solutions that the board's symmetries map onto each other.
    Reduce,
    /// Every solution.
    Keep,
}

impl SymmetryMode {
    pub fn name(self) -> &'static str {
        match self {
            SymmetryMode::Reduce => "reduce",
            SymmetryMode::Keep => "keep",
        }
    }
}

/// What a run did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// Solutions reported (in the chosen mode).
    pub solutions: u64,
    /// False if the run stopped before the search was exhausted (a limit or a visitor).
    pub complete: bool,
    pub stats: Stats,
    pub elapsed: Duration,
}

/// A puzzle made ready for searching in one symmetry mode.
pub struct Solver {
    pub puzzle: Puzzle,
    pub mode: SymmetryMode,
    pub reduction: Reduction,
    /// The problem the engine searches (reduced in both modes when the group allows).
    pub problem: Problem,
    /// Option → index into `puzzle.placements`.
    pub map: Vec<usize>,
    /// False when a checkerboard argument proves there is no solution (no search runs).
    pub feasible: bool,
}

impl Solver {
    pub fn new(puzzle: Puzzle, mode: SymmetryMode) -> Solver {
        let reduction = Reduction::new(&puzzle);
        let (problem, map) = puzzle.problem_with(|k| reduction.allowed[k]);
        Solver {
            feasible: parity::may_have_solutions(&puzzle),
            puzzle,
            mode,
            reduction,
            problem,
            map,
        }
    }

    /// The order of the board's symmetry group.
    pub fn symmetries(&self) -> usize {
        self.reduction.group.order()
    }

    /// Runs the search, giving each solution (in the chosen mode) to `visit` until it
    /// breaks or `limit` solutions were given.
    pub fn run(
        &self,
        limit: Option<u64>,
        mut visit: impl FnMut(&Tiling) -> ControlFlow<()>,
    ) -> Report {
        let limit = limit.unwrap_or(u64::MAX);
        let mut given = 0u64;
        let mut stopped = limit == 0;
        let report = self.search(|solution| {
            if stopped {
                return ControlFlow::Break(());
            }
            let classes = match self.mode {
                SymmetryMode::Reduce => vec![solution.to_vec()],
                SymmetryMode::Keep => self.reduction.group.orbit(solution),
            };
            for s in classes {
                given += 1;
                if visit(&self.puzzle.tiling(s)).is_break() || given >= limit {
                    stopped = true;
                    return ControlFlow::Break(());
                }
            }
            ControlFlow::Continue(())
        });
        Report {
            solutions: given,
            complete: report.complete && !stopped,
            ..report
        }
    }

    /// Counts the solutions in the chosen mode without building tilings.
    pub fn count(&self) -> Report {
        let mut total = 0u64;
        let report = self.search(|solution| {
            total += match self.mode {
                SymmetryMode::Reduce => 1,
                SymmetryMode::Keep => self.reduction.group.orbit(solution).len() as u64,
            };
            ControlFlow::Continue(())
        });
        Report {
            solutions: total,
            ..report
        }
    }

    /// The engine's loop: hands each accepted solution (sorted placement indices, one per
    /// class in both modes) to `accepted`.
    fn search(&self, mut accepted: impl FnMut(&[usize]) -> ControlFlow<()>) -> Report {
        let start = Instant::now();
        if !self.feasible {
            return Report {
                solutions: 0,
                complete: true,
                stats: Stats::default(),
                elapsed: start.elapsed(),
            };
        }
        let mut search = Search::new(&self.problem);
        let mut options: Vec<OptionId> = Vec::new();
        let mut solution: Vec<usize> = Vec::new();
        let mut scratch = Vec::new();
        let outcome = search.run(&mut |v: &Visit<'_>| {
            v.options_into(&mut options);
            solution.clear();
            solution.extend(
                options
                    .iter()
                    .map(|o| self.map[o.index()])
                    .filter(|&k| k != EMPTY_CELL),
            );
            solution.sort_unstable();
            if !self.reduction.accepts(&solution, &mut scratch) {
                return ControlFlow::Continue(());
            }
            accepted(&solution)
        });
        Report {
            solutions: 0,
            complete: outcome == crate::cover::Outcome::Complete,
            stats: search.stats(),
            elapsed: start.elapsed(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Shape;
    use crate::model::{Board, Piece, PieceSet, Square};

    pub(crate) fn pentominoes() -> PieceSet {
        let shapes = [
            ('F', ".##\n##.\n.#."),
            ('I', "#####"),
            ('L', "####\n#..."),
            ('N', "###.\n..##"),
            ('P', "##\n##\n#."),
            ('T', "###\n.#.\n.#."),
            ('U', "#.#\n###"),
            ('V', "#..\n#..\n###"),
            ('W', "#..\n##.\n.##"),
            ('X', ".#.\n###\n.#."),
            ('Y', "####\n.#.."),
            ('Z', "##.\n.#.\n.##"),
        ];
        PieceSet {
            name: "pentominoes".into(),
            description: String::new(),
            pieces: shapes
                .iter()
                .map(|&(l, s)| Piece {
                    name: l.to_string(),
                    label: l,
                    shape: Shape::from_picture(s).unwrap(),
                    count: 1,
                    mirror: true,
                    color: None,
                })
                .collect(),
        }
    }

    fn count(board: Board, set: PieceSet, mode: SymmetryMode) -> (u64, usize) {
        let puzzle = Puzzle::new(board, set).unwrap();
        let rows = puzzle.placements.len();
        (Solver::new(puzzle, mode).count().solutions, rows)
    }

    #[test]
    fn pentomino_rectangles() {
        for (w, h, keep, reduce, rows) in [(20, 3, 8, 2, 1236), (15, 4, 1472, 368, 1696)] {
            let b = || Board::rectangle("r", w, h);
            assert_eq!(count(b(), pentominoes(), SymmetryMode::Keep), (keep, rows));
            assert_eq!(count(b(), pentominoes(), SymmetryMode::Reduce).0, reduce);
        }
    }

    #[test]
    fn scott_board() {
        let mut squares = vec![Square::Open; 64];
        for (x, y) in [(3, 3), (3, 4), (4, 3), (4, 4)] {
            squares[y * 8 + x] = Square::Blocked;
        }
        let b = || Board::new("scott", 8, 8, squares.clone());
        assert_eq!(count(b(), pentominoes(), SymmetryMode::Keep), (520, 1568));
        assert_eq!(count(b(), pentominoes(), SymmetryMode::Reduce).0, 65);
    }

    #[test]
    fn dominoes_with_copies_count_each_tiling_once() {
        let set = PieceSet {
            name: "d".into(),
            description: String::new(),
            pieces: vec![Piece {
                name: "D".into(),
                label: 'D',
                shape: Shape::from_picture("##").unwrap(),
                count: 8,
                mirror: true,
                color: None,
            }],
        };
        // 4x4 has 36 domino tilings.
        assert_eq!(
            count(
                Board::rectangle("4x4", 4, 4),
                set.clone(),
                SymmetryMode::Keep
            )
            .0,
            36
        );
        // 36 tilings of the 4x4 fall into 9 classes under the 8 symmetries... check by orbit sum.
        let puzzle = Puzzle::new(Board::rectangle("4x4", 4, 4), set).unwrap();
        let solver = Solver::new(puzzle, SymmetryMode::Reduce);
        let mut orbit_sum = 0;
        solver.run(None, |t| {
            let mut s: Vec<usize> = t
                .placements
                .iter()
                .map(|p| {
                    solver
                        .puzzle
                        .placements
                        .iter()
                        .position(|q| q == p)
                        .unwrap()
                })
                .collect();
            s.sort();
            orbit_sum += solver.reduction.group.orbit(&s).len();
            ControlFlow::Continue(())
        });
        assert_eq!(orbit_sum, 36);
    }
}
