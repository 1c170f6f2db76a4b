//! A puzzle made ready for searching: the [`Solver`] holds the (possibly symmetry-reduced)
//! exact-cover problem, its option → placement map, the symmetry reduction and the engine
//! chosen (the bitboard one whenever it applies, else DLX). Its `run` and `count` are
//! [`crate::run`] on one thread, the one place that searches: it checks symmetry
//! classes, expands orbits for `--symmetry keep`, honours limits and yields decoded
//! tilings and counters, and adds threads, progress, checkpoints and shards.

use std::ops::ControlFlow;
use std::sync::OnceLock;
use std::time::Duration;

use crate::bitboard::BitSearch;
use crate::cover::{Problem, Stats};
use crate::model::parity;
use crate::model::puzzle::Puzzle;
use crate::model::symmetry::Reduction;
use crate::model::Tiling;
use crate::run;

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

/// Which exact-cover engine a [`Solver`] runs.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Engine {
    /// The generic Dancing Links engine ([`crate::cover`]).
    Dlx,
    /// The bitboard engine ([`crate::bitboard`]): boards of at most 128 squares whose
    /// open cells must all be covered.
    Bitboard,
}

impl Engine {
    pub fn name(self) -> &'static str {
        match self {
            Engine::Dlx => "dlx",
            Engine::Bitboard => "bitboard",
        }
    }
}

/// A puzzle made ready for searching in one symmetry mode.
pub struct Solver {
    pub puzzle: Puzzle,
    pub mode: SymmetryMode,
    pub reduction: Reduction,
    /// The problem DLX searches (reduced in both modes when the group allows) and its
    /// option → placement map, made at the first use: the bitboard engine needs
    /// neither (Scott's board: 0.4 M instructions saved).
    problem: OnceLock<(Problem, Vec<usize>)>,
    /// False when a checkerboard argument proves there is no solution (no search runs).
    pub feasible: bool,
    /// The engine that `run`, `count` and [`crate::run::run`] use: the bitboard one
    /// whenever it applies.
    pub engine: Engine,
    /// Whether counting runs of the bitboard engine may keep a memo of subtree counts
    /// (true unless turned off). It makes them faster but their node counts depend on
    /// what each thread met before: with it off, node counts are the same for every
    /// number of threads, shards and interruptions.
    pub memo: bool,
}

impl Solver {
    pub fn new(puzzle: Puzzle, mode: SymmetryMode) -> Solver {
        let reduction = Reduction::new(&puzzle);
        let engine = if BitSearch::applies(&puzzle) {
            Engine::Bitboard
        } else {
            Engine::Dlx
        };
        Solver {
            feasible: parity::may_have_solutions(&puzzle),
            puzzle,
            mode,
            reduction,
            problem: OnceLock::new(),
            engine,
            memo: true,
        }
    }

    /// The problem DLX searches (reduced in both modes when the group allows).
    pub fn problem(&self) -> &Problem {
        &self.problem_and_map().0
    }

    /// Option of [`Solver::problem`] → index into `puzzle.placements`.
    pub fn map(&self) -> &[usize] {
        &self.problem_and_map().1
    }

    fn problem_and_map(&self) -> &(Problem, Vec<usize>) {
        self.problem.get_or_init(|| {
            let allowed = &self.reduction.allowed;
            self.puzzle.problem_with(|k| allowed[k])
        })
    }

    /// Makes `run` and `count` use `engine`; false (and no change) if it does not apply.
    pub fn use_engine(&mut self, engine: Engine) -> bool {
        if engine == Engine::Bitboard && !BitSearch::applies(&self.puzzle) {
            return false;
        }
        self.engine = engine;
        true
    }

    /// The order of the board's symmetry group.
    pub fn symmetries(&self) -> usize {
        self.reduction.group.order()
    }

    /// Runs the search on one thread, giving each solution (in the chosen mode, in
    /// search order) to `visit` until it breaks or `limit` solutions were given.
    pub fn run(
        &self,
        limit: Option<u64>,
        mut visit: impl FnMut(&Tiling) -> ControlFlow<()>,
    ) -> Report {
        self.one_thread(
            run::Options {
                printing: true,
                limit,
                ..run::Options::default()
            },
            &mut visit,
        )
    }

    /// Counts the solutions in the chosen mode on one thread, without building tilings.
    pub fn count(&self) -> Report {
        self.one_thread(run::Options::default(), &mut |_| ControlFlow::Continue(()))
    }

    /// [`run::run`] with `opts`, which name no checkpoint.
    fn one_thread(&self, opts: run::Options, emit: &mut run::Emit<'_>) -> Report {
        let r = run::run(self, &opts, emit)
            .expect("a run without a checkpoint reads and writes no file");
        Report {
            solutions: r.solutions,
            complete: r.complete,
            stats: r.stats,
            elapsed: r.elapsed,
        }
    }

    /// True when the search meets every solution once (keep mode with no restricted
    /// piece): solutions need neither a symmetry check nor an orbit.
    pub fn searches_every_solution(&self) -> bool {
        self.mode == SymmetryMode::Keep && self.reduction.piece.is_none()
    }

    /// What each solution below a subproblem that `settled` describes adds to the count
    /// in the chosen mode, if that is the same for all of them and needs no look at the
    /// rest of the solution (see [`Reduction::accepts_all_with`]); `None` otherwise.
    pub fn uniform_weight(&self, settled: &run::Settled) -> Option<u64> {
        if self.searches_every_solution() {
            return Some(1);
        }
        if !(self.reduction).accepts_all_with(&settled.placements, settled.second_least) {
            return None;
        }
        Some(match self.mode {
            SymmetryMode::Reduce => 1,
            SymmetryMode::Keep => self.reduction.group.order() as u64,
        })
    }

    /// How many elements of the group map the sorted `solution` onto itself.
    pub fn stabilizer_order(&self, solution: &[usize], image: &mut Vec<usize>) -> u64 {
        let group = &self.reduction.group;
        (0..group.order())
            .filter(|&g| {
                group.image(g, solution, image);
                image[..] == *solution
            })
            .count() as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::samples::pentominoes;
    use crate::geom::Shape;
    use crate::model::{Board, Piece, PieceSet, Square};

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

    /// The count in `mode` by both engines (they must agree), and which engine `new` chose.
    fn both(puzzle: &Puzzle, mode: SymmetryMode) -> (u64, Engine) {
        let mut solver = Solver::new(puzzle.clone(), mode);
        let chosen = solver.engine;
        let fast = solver.count();
        assert!(solver.use_engine(Engine::Dlx));
        let slow = solver.count();
        assert_eq!(
            fast.solutions, slow.solutions,
            "{} {mode:?}",
            puzzle.board.name
        );
        (fast.solutions, chosen)
    }

    #[test]
    fn both_engines_agree_on_pentomino_puzzles() {
        use crate::bitboard::samples::*;
        for (puzzle, keep, reduce) in [
            (pentomino_rectangle(20, 3), 8, 2),
            (pentomino_rectangle(15, 4), 1472, 368),
            (pentomino_rectangle(12, 5), 4040, 1010),
            (pentomino_rectangle(10, 6), 9356, 2339),
            (scott(), 520, 65),
        ] {
            assert_eq!(both(&puzzle, SymmetryMode::Keep), (keep, Engine::Bitboard));
            assert_eq!(
                both(&puzzle, SymmetryMode::Reduce),
                (reduce, Engine::Bitboard)
            );
        }
    }

    #[test]
    fn both_engines_agree_on_dominoes_and_list_the_same_tilings() {
        use crate::bitboard::samples::*;
        for (w, h, keep) in [(4, 4, 36), (6, 6, 6728), (4, 7, 781)] {
            let puzzle = domino_rectangle(w, h);
            assert_eq!(both(&puzzle, SymmetryMode::Keep).0, keep);
            let reduce = both(&puzzle, SymmetryMode::Reduce).0;
            let mut tilings = Vec::new();
            for engine in [Engine::Bitboard, Engine::Dlx] {
                let mut solver = Solver::new(puzzle.clone(), SymmetryMode::Keep);
                assert!(solver.use_engine(engine));
                let mut all = Vec::new();
                let report = solver.run(None, |t| {
                    let mut t = t.placements.clone();
                    t.sort();
                    all.push(t);
                    ControlFlow::Continue(())
                });
                assert_eq!(report.solutions, keep);
                all.sort();
                tilings.push(all);
            }
            assert_eq!(tilings[0], tilings[1]);
            assert!(reduce * 8 >= keep && reduce <= keep);
        }
    }

    /// Every solution `solver` reports, as sorted lists of placements' cells, sorted.
    fn reported(solver: &Solver) -> Vec<Vec<Vec<crate::geom::Cell>>> {
        let mut out = Vec::new();
        solver.run(None, |t| {
            let mut cells: Vec<_> = t.placements.iter().map(|p| p.cells.clone()).collect();
            cells.sort();
            out.push(cells);
            ControlFlow::Continue(())
        });
        out.sort();
        out
    }

    #[test]
    fn the_parts_of_a_reduction_report_the_same_classes_as_one_search() {
        // The bitboard engine searches the reduction's parts (a second piece restricted
        // below the symmetric representatives of the first); DLX searches one tree and
        // filters. Both report the same solution of each class, in both modes.
        use crate::bitboard::samples::*;
        for (puzzle, parts) in [(scott(), 2), (pentomino_rectangle(20, 3), 2)] {
            let reduction = Reduction::new(&puzzle);
            assert!(reduction.second.is_some());
            let all = reduction.parts(&puzzle);
            assert_eq!(all.len(), parts, "{}", puzzle.board.name);
            for part in &all {
                assert!((part.iter().zip(&reduction.allowed)).all(|(&p, &a)| a || !p));
            }
            for mode in [SymmetryMode::Reduce, SymmetryMode::Keep] {
                let mut solver = Solver::new(puzzle.clone(), mode);
                assert_eq!(solver.engine, Engine::Bitboard);
                let fast = reported(&solver);
                assert!(solver.use_engine(Engine::Dlx));
                let slow = reported(&solver);
                assert_eq!(fast.len(), slow.len(), "{} {mode:?}", puzzle.board.name);
                assert_eq!(fast, slow, "{} {mode:?}", puzzle.board.name);
            }
        }
    }

    /// Every set of `n` pentominoes with X, on a `w` x `h` board: the bitboard engine
    /// and DLX report the same classes, in both modes. Returns the sets and the runs
    /// with a tiling.
    fn pentomino_sets_agree(w: i32, h: i32, n: usize) -> (usize, usize) {
        use crate::bitboard::samples::pentominoes;
        let all = pentominoes();
        let x = all.pieces.iter().position(|p| p.name == "X").unwrap();
        let others: Vec<usize> = (0..all.pieces.len()).filter(|&k| k != x).collect();
        let (mut sets, mut tiled) = (0, 0);
        for mask in 0u32..1 << others.len() {
            if mask.count_ones() as usize != n - 1 {
                continue;
            }
            let mut keep = vec![x];
            keep.extend(
                (0..others.len())
                    .filter(|&i| mask >> i & 1 == 1)
                    .map(|i| others[i]),
            );
            let mut set = all.clone();
            set.pieces = keep.iter().map(|&k| all.pieces[k].clone()).collect();
            let board = crate::model::Board::rectangle("r", w, h);
            let puzzle = Puzzle::new(board, set).unwrap();
            assert!(Reduction::new(&puzzle).parts(&puzzle).len() >= 2);
            for mode in [SymmetryMode::Reduce, SymmetryMode::Keep] {
                let mut solver = Solver::new(puzzle.clone(), mode);
                assert_eq!(solver.engine, Engine::Bitboard);
                let fast = reported(&solver);
                let fast_count = solver.count().solutions;
                assert!(solver.use_engine(Engine::Dlx));
                let slow = reported(&solver);
                assert_eq!(fast, slow, "{keep:?} {mode:?}");
                assert_eq!(fast_count, slow.len() as u64, "{keep:?} {mode:?}");
                tiled += usize::from(!fast.is_empty());
            }
            sets += 1;
        }
        (sets, tiled)
    }

    #[test]
    fn pentomino_sets_with_x_agree_on_both_engines() {
        // Every X placement on the 5x5 square is fixed by some symmetry, and on the 6x5
        // rectangle those on the middle row are: so every set searches the parts below
        // symmetric representatives (with another piece as the second), while DLX
        // searches one tree and filters.
        assert_eq!(pentomino_sets_agree(5, 5, 5), (330, 4));
        let (sets, tiled) = pentomino_sets_agree(6, 5, 6);
        assert_eq!(sets, 462);
        assert!(tiled >= 20, "{tiled}");
    }

    #[test]
    fn the_reduction_restricts_the_most_constrained_pieces() {
        use crate::bitboard::samples::eight_by_eight_square;
        use crate::model::library::load_puzzle;
        let puzzle = eight_by_eight_square();
        let r = Reduction::new(&puzzle);
        let name = |k: usize| puzzle.set.pieces[k].name.clone();
        // X has the fewest placements (36; I 64); below X on a diagonal, I, none of whose
        // placements the diagonal reflection fixes (the 2x2 square has fewer placements,
        // but 7 on the diagonal).
        assert_eq!(r.piece.map(name), Some("X".to_string()));
        assert_eq!(r.second.map(name), Some("I".to_string()));
        let mut symmetric = 0;
        for (&rep, stab) in &r.stabilizer {
            if stab.is_empty() {
                assert!(r.accepts_all_with(&[rep], false));
            } else {
                // Only in a part, where I sits at the least of its images, does every
                // solution count without a look at it.
                assert!(!r.accepts_all_with(&[rep], false));
                assert!(r.accepts_all_with(&[rep], true));
                symmetric += 1;
            }
        }
        assert_eq!(symmetric, 3);
        // NOI2005: J has the fewest placements (28; D, with 36, made a tree 2.6 times
        // larger).
        let (b, s) = load_puzzle("noi2005", None).unwrap();
        let puzzle = Puzzle::new(b, s).unwrap();
        let r = Reduction::new(&puzzle);
        assert_eq!(
            r.piece.map(|k| puzzle.set.pieces[k].name.clone()),
            Some("J".to_string())
        );
    }

    #[test]
    fn classes_counted_by_burnside_match_the_classes_listed() {
        // Dominoes have copies, so no piece is restricted: a count takes Burnside's
        // lemma, a listing keeps the least tiling of each class.
        use crate::bitboard::samples::domino_rectangle;
        for (w, h) in [(2, 2), (4, 4), (2, 6), (4, 5), (6, 6), (5, 6)] {
            let solver = Solver::new(domino_rectangle(w, h), SymmetryMode::Reduce);
            assert!(solver.reduction.piece.is_none());
            let listed = reported(&solver).len() as u64;
            assert_eq!(solver.count().solutions, listed, "{w}x{h}");
            let mut dlx = Solver::new(domino_rectangle(w, h), SymmetryMode::Reduce);
            assert!(dlx.use_engine(Engine::Dlx));
            assert_eq!(dlx.count().solutions, listed, "{w}x{h} on DLX");
        }
        // 8x8: the classes the checkpointed (so plain) reduced search of
        // `tests/long_runs.rs` lists one by one.
        let solver = Solver::new(domino_rectangle(8, 8), SymmetryMode::Reduce);
        assert_eq!(solver.count().solutions, 1_629_189);
    }

    #[test]
    fn dominoes_8x8_on_the_bitboard_engine() {
        let puzzle = crate::bitboard::samples::domino_rectangle(8, 8);
        let solver = Solver::new(puzzle, SymmetryMode::Keep);
        assert_eq!(solver.engine, Engine::Bitboard);
        assert_eq!(solver.count().solutions, 12_988_816);
    }

    #[test]
    fn dlx_runs_when_cells_may_stay_empty() {
        let mut board = Board::rectangle("r", 4, 4);
        board.cover_all_cells = false;
        let puzzle = Puzzle::new(board, crate::bitboard::samples::dominoes(8)).unwrap();
        let mut solver = Solver::new(puzzle, SymmetryMode::Keep);
        assert_eq!(solver.engine, Engine::Dlx);
        assert!(!solver.use_engine(Engine::Bitboard));
    }
}
