//! Counting a puzzle whose open cells fall apart into regions (`fillings.rs`) region by
//! region, once the placements every tiling makes are settled (`forced.rs`: a board
//! joined only through them falls apart; with one region left, that region is the
//! puzzle to search, without them). The settled placements count as one filling; the
//! small regions' fillings are listed and grouped by the copies of each
//! piece they use; for each such group the largest region is a puzzle of its own, with
//! the copies left, searched by its own [`Solver`] (its own symmetry group, the bitboard
//! engine's memo, the frame of that region alone). The count of every tiling is the sum,
//! over the groups, of the fillings in the group times the tilings of the largest
//! region with what they leave. A small region that nothing fills ends the count at 0.
//!
//! In `keep` mode that is the count. In `reduce` mode it is the count when the board's
//! group is the identity alone; otherwise the classes are counted by Burnside's lemma
//! (`burnside.rs`): that sum, plus the tilings each other symmetry fixes, over the
//! group's order, where the lemma applies, and the search of the whole board where it
//! does not.
//!
//! Only whole counts take this path: a run that prints, a shard, a checkpoint or a node
//! budget searches the whole board as before (they name nodes of that search), as does a
//! board whose cells may stay empty, and one whose small regions have too many fillings
//! or use the copies in too many ways ([`FILL_BUDGET`], [`MAX_RESTS`]), and a board of
//! segments under the no-crossing rule (its regions may meet at a point).

use std::time::{Duration, Instant};

use crate::count::Count;
use crate::cover::Stats;
use crate::error::Error;
use crate::geom::Cell;
use crate::model::{Board, Piece, PieceSet, Puzzle};
use crate::run::progress::Status;
use crate::run::{OnProgress, RunOptions, RunReport};
use crate::symmetry::{burnside, SymmetryMode};

use super::burnside::fixed_by_the_others;
use super::fillings::{self, Region, Uses};
use super::forced;
use super::solver::Solver;

/// The most nodes the search for the small regions' fillings may take, all together.
pub(crate) const FILL_BUDGET: u64 = 200_000;

/// The most groups of fillings (searches of the largest region) a count may take.
pub(crate) const MAX_RESTS: usize = 64;

/// A count of one solver's puzzle with the run's options, its progress given to the
/// callback if any: [`super::run_with_progress`], which calls this module.
pub(super) type Search<'a> =
    dyn FnMut(&Solver, Option<&mut OnProgress<'_>>) -> Result<RunReport, Error> + 'a;

/// A count of a puzzle region by region, its small regions' fillings listed.
pub(super) struct Apart<'s> {
    solver: &'s Solver,
    /// The largest region as a puzzle with the copies the others leave, and in how many
    /// ways they leave them; groups whose copies cannot fill it are left out.
    rests: Vec<(u128, Puzzle)>,
    /// In `reduce` mode with more than the identity: the group's order and the tilings
    /// its other symmetries fix.
    burnside: Option<(u64, Count)>,
    /// The mode the rests are counted in: `keep`, but for the ways of leaving pieces
    /// out (`left_out.rs`), which count in the solver's mode.
    mode: SymmetryMode,
    /// The nodes that listing the fillings and counting the fixed tilings took.
    nodes: u64,
    /// The time that took.
    took: Duration,
}

impl<'s> Apart<'s> {
    /// The count of `solver`'s puzzle region by region, or `None` if it does not apply
    /// to this run (see the module's header).
    pub fn plan(solver: &'s Solver, opts: &RunOptions) -> Option<Apart<'s>> {
        let puzzle = &solver.puzzle;
        let applies = splits(solver, opts)
            // Regions of segments may still meet at a point, where the no-crossing
            // rule ties them.
            && !puzzle.has_crossing_rule();
        if !applies {
            return None;
        }
        let start = Instant::now();
        let cells = fillings::placement_cells(puzzle);
        let settled = forced::settle(puzzle, &cells);
        let mut regions = fillings::regions_left(puzzle, &cells, &settled);
        if regions.len() < 2 && settled.placed() == 0 {
            return None;
        }
        // The largest region is searched as a puzzle; the others are listed.
        let largest =
            (0..regions.len()).max_by_key(|&r| (regions[r].cells.len(), usize::MAX - r))?;
        let rest = regions.swap_remove(largest);
        let mut nodes = 0;
        let mut uses = Uses::from([(settled.used, 1)]);
        for region in &regions {
            let found = fillings::fillings(puzzle, region, &mut nodes, FILL_BUDGET)?;
            uses = fillings::combine(&uses, &found, &puzzle.remaining)?;
            if uses.len() > MAX_RESTS {
                return None;
            }
        }
        let burnside = match solver.mode {
            SymmetryMode::Keep => None,
            SymmetryMode::Reduce => {
                let group = &solver.reduction.group;
                if group.order() == 1 {
                    None
                } else if burnside::applies(puzzle, group) {
                    let (fixed, n, stopped) = fixed_by_the_others(solver, opts)?;
                    if stopped {
                        return None;
                    }
                    nodes += n;
                    Some((group.order() as u64, fixed))
                } else {
                    return None;
                }
            }
        };
        let mut groups: Vec<(Vec<u32>, u128)> = uses.into_iter().collect();
        groups.sort_unstable();
        let mut rests = Vec::with_capacity(groups.len());
        for (used, ways) in groups {
            if let Some(p) = rest_puzzle(puzzle, &rest, &used)? {
                rests.push((ways, p));
            }
        }
        Some(Apart {
            solver,
            rests,
            burnside,
            mode: SymmetryMode::Keep,
            nodes,
            took: start.elapsed(),
        })
    }

    /// A count of `solver`'s puzzle as the sum of the counts of `rests` (each found in
    /// as many ways as it says), counted in `mode`, planned in `took`.
    pub(super) fn of_rests(
        solver: &'s Solver,
        rests: Vec<(u128, Puzzle)>,
        mode: SymmetryMode,
        took: Duration,
    ) -> Apart<'s> {
        Apart {
            solver,
            rests,
            burnside: None,
            mode,
            nodes: 0,
            took,
        }
    }

    /// Runs the searches of the largest region by `search` (a count with `opts`, giving
    /// its progress to the callback it is given), their progress given to `progress`
    /// as that of one run (`None` for the same reasons as the whole board's search).
    ///
    /// # Errors
    /// Those of `search`.
    pub fn run(
        self,
        opts: &RunOptions,
        search: &mut Search<'_>,
        mut progress: Option<&mut OnProgress<'_>>,
    ) -> Option<Result<RunReport, Error>> {
        let start = Instant::now();
        let mut report = RunReport {
            solutions: Count::ZERO,
            complete: true,
            interrupted: false,
            stats: Stats {
                nodes: self.nodes,
                ..Stats::default()
            },
            elapsed: Duration::ZERO,
            threads: opts.threads,
            tasks: 0,
            resumed: false,
            shared: 0,
        };
        let mut every = Count::ZERO;
        let searches = self.rests.len().max(1) as f64;
        let mut last: Option<Status> = None;
        let watched = progress.is_some();
        for (i, (ways, puzzle)) in self.rests.into_iter().enumerate() {
            let rest = rest_solver(self.solver, puzzle, self.mode);
            let (so_far, nodes_before) = (every.clone(), report.stats.nodes);
            let mut forward = |s: &Status| {
                let status = Status {
                    solutions: so_far.clone() + s.solutions.times(ways),
                    done: (i as f64 + s.done) / searches,
                    credible: s.credible,
                    nodes: nodes_before + s.nodes,
                    ended: false,
                    elapsed: start.elapsed(),
                    start_solutions: Count::ZERO,
                    start_done: 0.0,
                };
                if s.ended {
                    last = Some(status);
                } else if let Some(p) = progress.as_deref_mut() {
                    p(&status);
                }
            };
            let on_progress: Option<&mut OnProgress<'_>> =
                if watched { Some(&mut forward) } else { None };
            let r = match search(&rest, on_progress) {
                Ok(r) => r,
                Err(e) => return Some(Err(e)),
            };
            every += r.solutions.times(ways);
            report.stats.nodes += r.stats.nodes;
            report.stats.updates += r.stats.updates;
            report.stats.solutions = report.stats.solutions.wrapping_add(r.stats.solutions);
            report.tasks += r.tasks;
            report.shared += r.shared;
            report.threads = r.threads;
            if !r.complete {
                report.complete = false;
                report.interrupted = r.interrupted;
                break;
            }
        }
        report.solutions = match self.burnside {
            None => every,
            Some((order, fixed)) if report.complete => {
                let (classes, rest) = (every + fixed).div_rem(u128::from(order));
                debug_assert_eq!(rest, 0, "Burnside's sum is a multiple of the order");
                classes
            }
            // An interrupted count: a lower bound on the classes, as Burnside's own.
            Some((order, _)) => every.div_rem(u128::from(order)).0,
        };
        report.elapsed = self.took + start.elapsed();
        if let Some(p) = progress {
            let mut status = last.unwrap_or(Status {
                solutions: Count::ZERO,
                done: 0.0,
                credible: true,
                nodes: 0,
                ended: true,
                elapsed: Duration::ZERO,
                start_solutions: Count::ZERO,
                start_done: 0.0,
            });
            status.solutions = report.solutions.clone();
            status.done = if report.complete { 1.0 } else { status.done };
            status.nodes = report.stats.nodes;
            status.elapsed = start.elapsed();
            status.ended = true;
            p(&status);
        }
        Some(Ok(report))
    }
}

/// Whether `solver`'s run with `opts` is a whole count that may be split into puzzles
/// of their own (here, and by the pieces left out): not a run that prints, a shard, a
/// checkpoint or a node budget, whose nodes name those of the whole board's search; the
/// puzzle feasible and every open cell to be covered.
pub(super) fn splits(solver: &Solver, opts: &RunOptions) -> bool {
    solver.split_regions
        && !opts.printing
        && opts.shard.is_whole()
        && opts.checkpoint.is_none()
        && opts.node_budget.is_none()
        && solver.is_feasible()
        && solver.puzzle.board.cover_all_cells
}

/// The solver of one search of the largest region: `keep` mode (every tiling of it
/// counts; or `mode`), `solver`'s engine and settings. Its count may go apart again:
/// the copies the other regions leave may force more placements, and with pieces that
/// may stay unused, it may leave them out (`left_out.rs`). Each time a placement is
/// settled, the board split or the pieces made all needed, so this ends.
fn rest_solver(solver: &Solver, puzzle: Puzzle, mode: SymmetryMode) -> Solver {
    let mut rest = Solver::new(puzzle, mode);
    rest.use_engine(solver.engine);
    rest.memo = solver.memo;
    rest.region_check = solver.region_check;
    rest.split_regions = solver.split_regions;
    rest
}

/// Region `rest` of `puzzle` as a puzzle of its own, in the smallest frame that holds
/// it, with the copies of each piece left once `used` are taken; `Some(None)` if those
/// cannot fill it by area (no tiling), `None` if the puzzle cannot be built (the whole
/// board's search is then the one to run).
fn rest_puzzle(puzzle: &Puzzle, rest: &Region, used: &[u32]) -> Option<Option<Puzzle>> {
    let board = &puzzle.board;
    let mut pieces = Vec::new();
    for (k, piece) in puzzle.set.pieces.iter().enumerate() {
        let count = puzzle.remaining[k] - used[k];
        if count == 0 {
            continue;
        }
        let min = if board.use_all_pieces {
            puzzle.least(k).saturating_sub(used[k])
        } else {
            count
        };
        pieces.push(Piece {
            count,
            min,
            ..piece.clone()
        });
    }
    let area = |n: fn(&Piece) -> u32| -> u64 {
        (pieces.iter())
            .map(|p| p.shape.len() as u64 * u64::from(n(p)))
            .sum()
    };
    let (most, least, open) = (area(|p| p.count), area(|p| p.min), rest.cells.len() as u64);
    let fills = if board.use_all_pieces {
        least <= open && open <= most
    } else {
        open <= most
    };
    if !fills || pieces.is_empty() {
        return Some(None);
    }
    let cells: Vec<Cell> = rest.cells.iter().map(|&c| puzzle.open[c]).collect();
    let lattice = board.lattice();
    let shift = lattice.normal_shift(&cells);
    let shift = if lattice.is_translation(shift) {
        shift
    } else {
        Cell::at(0, 0, 0)
    };
    let moved: Vec<Cell> = (cells.iter())
        .map(|c| Cell::at(c.x - shift.x, c.y - shift.y, c.z - shift.z))
        .collect();
    let mut region = Board::of_cells(board.name.clone(), board.grid, &moved);
    region.use_all_pieces = board.use_all_pieces;
    region.cover_all_cells = board.cover_all_cells;
    region.crossing = board.crossing;
    let set = PieceSet {
        pieces,
        ..puzzle.set.clone()
    };
    Puzzle::new(region, set).ok().map(Some)
}
