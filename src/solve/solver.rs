//! A puzzle made ready for searching: the [`Solver`] holds the (possibly symmetry-reduced)
//! exact-cover problem, its option → placement map, the symmetry reduction and the engine
//! chosen (the bitboard one whenever it applies, else DLX).

use std::sync::OnceLock;

use crate::bitboard::BitSearch;
use crate::cover::Problem;
use crate::model::puzzle::Puzzle;
use crate::model::refute::{self, Refutation};
use crate::symmetry::{Reduction, SymmetryMode};

use super::regions::Regions;

/// Which exact-cover engine a [`Solver`] runs.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Engine {
    /// The generic Dancing Links engine ([`crate::cover`]).
    Dlx,
    /// The bitboard engine, written for tilings: boards whose frame has at most
    /// 512 squares and whose open cells must all be covered.
    Bitboard,
}

impl Engine {
    /// The engine's name on the command line (`--engine dlx|bitboard`).
    pub fn name(self) -> &'static str {
        match self {
            Engine::Dlx => "dlx",
            Engine::Bitboard => "bitboard",
        }
    }
}

/// A puzzle made ready for searching in one symmetry mode.
///
/// ```
/// use std::ops::ControlFlow;
/// use polyx::{load_puzzle, Puzzle, Solver, SymmetryMode};
///
/// let (board, pieces) = load_puzzle("6x10", None).unwrap();
/// let solver = Solver::new(Puzzle::new(board, pieces).unwrap(), SymmetryMode::Reduce);
/// assert_eq!(solver.count().solutions, 2339);
///
/// // The first three solutions; the visitor breaks to stop the search.
/// let mut seen = 0;
/// let report = solver.run(None, |tiling| {
///     assert_eq!(tiling.placements.len(), 12);
///     seen += 1;
///     if seen == 3 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
/// });
/// assert_eq!(report.solutions, 3);
/// assert!(!report.complete);
/// ```
pub struct Solver {
    pub(crate) puzzle: Puzzle,
    pub(crate) mode: SymmetryMode,
    pub(crate) reduction: Reduction,
    /// The problem DLX searches (reduced in both modes when the group allows) and its
    /// option → placement map, made at the first use: the bitboard engine needs
    /// neither.
    problem: OnceLock<(Problem, Vec<usize>)>,
    /// Why the puzzle has no solution, when an argument proves it before any search
    /// ([`refute`]); then no search runs.
    pub(crate) refutation: Option<Refutation>,
    /// The engine that `run`, `count` and [`super::run()`] use: the bitboard one whenever it
    /// applies.
    pub(crate) engine: Engine,
    /// Whether counting runs of the bitboard engine may keep a memo of subtree counts,
    /// and whole counts may go by the transfer matrix (`frontier.rs`), which visits no
    /// node (true unless turned off). It makes them faster but their node counts depend
    /// on what each thread met before: with it off, node counts are the same for every
    /// number of threads, shards and interruptions.
    pub memo: bool,
    /// The seed of the restarts of a search for first solutions (see [`Solver::run`]);
    /// `0x5EED` unless set.
    pub seed: u64,
    /// Whether a search for first solutions restarts under a growing node budget (true
    /// unless turned off).
    pub restarts: bool,
    /// The node budget of the shortest attempt of a search that restarts.
    pub(crate) restart_unit: u64,
    /// Whether the exact-cover engine prunes nodes with a closed region that the pieces
    /// left cannot fill (true unless turned off, for tests that compare).
    pub(crate) region_check: bool,
    /// That test's view of the puzzle, made at the first use.
    regions: OnceLock<Option<Regions>>,
    /// Whether a count of a board whose open cells fall apart into regions counts them
    /// region by region (`apart.rs`; true unless turned off, for tests that compare).
    pub(crate) split_regions: bool,
}

impl Solver {
    /// Makes `puzzle` ready for searching in `mode`: finds the board's symmetries and,
    /// in [`SymmetryMode::Reduce`], restricts the placements to one representative of
    /// each class; picks the bitboard engine whenever it applies.
    pub fn new(puzzle: Puzzle, mode: SymmetryMode) -> Solver {
        let refutation = refute::refute(&puzzle);
        Solver::refuted_by(puzzle, mode, refutation)
    }

    /// [`Solver::new`] for a puzzle whose refutation is already known: the same puzzle
    /// in another mode or another order (a count by Burnside's lemma, a restart on a
    /// shuffle), which the arguments settle alike.
    pub(crate) fn refuted_by(
        puzzle: Puzzle,
        mode: SymmetryMode,
        refutation: Option<Refutation>,
    ) -> Solver {
        let reduction = Reduction::new(&puzzle);
        let engine = if BitSearch::applies(&puzzle) {
            Engine::Bitboard
        } else {
            Engine::Dlx
        };
        Solver {
            refutation,
            puzzle,
            mode,
            reduction,
            problem: OnceLock::new(),
            engine,
            memo: true,
            seed: super::DEFAULT_SEED,
            restarts: true,
            restart_unit: super::restart::RESTART_UNIT,
            region_check: true,
            regions: OnceLock::new(),
            split_regions: true,
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

    /// The closed-region test of the exact-cover engine, if on and if it can prove
    /// anything on this puzzle.
    pub(crate) fn regions(&self) -> Option<&Regions> {
        if !self.region_check {
            return None;
        }
        (self.regions)
            .get_or_init(|| Regions::new(&self.puzzle, self.map()))
            .as_ref()
    }

    /// Makes `run` and `count` use `engine`; false (and no change) if it does not apply.
    pub fn use_engine(&mut self, engine: Engine) -> bool {
        if engine == Engine::Bitboard && !BitSearch::applies(&self.puzzle) {
            return false;
        }
        self.engine = engine;
        true
    }

    /// The puzzle being solved: its placements are what [`Solver::map`] indexes.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The symmetry mode the solutions are counted and listed in.
    pub fn mode(&self) -> SymmetryMode {
        self.mode
    }

    /// The engine that [`Solver::run`], [`Solver::count`] and [`crate::run`] use.
    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// False when an argument proves, before any search, that there is no solution
    /// (then no search runs).
    pub fn is_feasible(&self) -> bool {
        self.refutation.is_none()
    }

    /// Why there is no solution, when an argument (area, colourings) proves it before
    /// any search.
    pub fn refutation(&self) -> Option<&Refutation> {
        self.refutation.as_ref()
    }

    /// The order of the board's symmetry group.
    pub fn symmetries(&self) -> usize {
        self.reduction.group.order()
    }
}
