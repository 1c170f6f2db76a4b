//! Challenges with exactly one completion ([`generate`]): a random solution of the
//! puzzle (the first one of a keep-mode search on a seeded shuffle of its pieces,
//! placements and cells), all of whose pieces are pre-placed; then pieces are taken
//! off one by one in a seeded random order, each put back if the puzzle would have
//! more than one completion. What is left is a challenge from which no piece can be
//! taken off. With [`GenerateOptions::minimize`], a local search goes on from there
//! within a budget of uniqueness checks: swap a pre-placed piece for one taken off,
//! keep the swap if the completion is still unique, and try again to take pieces off.
//! With a [`Level`], the challenge is the state with the fewest pre-placed pieces, on
//! the way down or at its end, whose difficulty is in the level's range; solutions are
//! drawn again until one gives such a state.
//!
//! Everything random comes from one generator seeded with [`GenerateOptions::seed`],
//! and the searches run on one thread, so the same options give the same challenges.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::error::InputError;
use crate::model::{Placement, Puzzle, Tiling};
use crate::run::RunOptions;
use crate::solve::restart::Rng;
use crate::solve::shuffle::shuffled;
use crate::solve::{self, Solver, SymmetryMode};

use super::completion::{Completion, Completions};
use super::grade::{grade, Difficulty, Level};

/// How to generate challenges.
#[derive(Clone, Debug)]
pub struct GenerateOptions {
    /// How many challenges.
    pub count: usize,
    /// The seed of every random choice.
    pub seed: u64,
    /// Go on, after no piece can be taken off, with the local search for fewer pieces.
    pub minimize: bool,
    /// Uniqueness checks the local search of [`GenerateOptions::minimize`] may make per
    /// solution.
    pub swaps: u64,
    /// Only challenges of this level.
    pub level: Option<Level>,
    /// Solutions drawn per challenge, at most, to reach [`GenerateOptions::level`].
    pub attempts: u64,
    /// Set to stop: the challenges made so far are returned.
    pub stop: Arc<AtomicBool>,
}

impl Default for GenerateOptions {
    fn default() -> GenerateOptions {
        GenerateOptions {
            count: 1,
            seed: solve::DEFAULT_SEED,
            minimize: false,
            swaps: 200,
            level: None,
            attempts: 100,
            stop: Arc::new(AtomicBool::new(false)),
        }
    }
}

/// One challenge: a puzzle with exactly one completion.
#[derive(Clone, Debug)]
pub struct Challenge {
    /// The challenge: the board with its pre-placed pieces, and the pieces to place.
    pub puzzle: Puzzle,
    /// Its one completion, pre-placed pieces first.
    pub solution: Tiling,
    /// Pieces pre-placed by the challenge (not counting those of the board itself).
    pub preplaced: usize,
    /// Pieces of the whole solution that the challenge could pre-place.
    pub pieces: usize,
    /// What the forced-move solver met finishing it.
    pub difficulty: Difficulty,
    /// Its level, from [`Challenge::difficulty`].
    pub level: Level,
}

/// What [`generate`] made.
#[derive(Clone, Debug, Default)]
pub struct Generated {
    /// The challenges, in order.
    pub challenges: Vec<Challenge>,
    /// Challenges asked for that reached no state of the level within the attempts.
    pub missed: usize,
    /// Stopped by [`GenerateOptions::stop`].
    pub interrupted: bool,
    /// Uniqueness searches run, and their nodes (machine-independent counters).
    pub searches: u64,
    /// Nodes of those searches.
    pub nodes: u64,
}

/// Makes `opts.count` challenges of `puzzle` (see the module header).
///
/// # Errors
/// A puzzle that is not a tiling (a board that lets pieces or cells go unused), a set
/// with copies of a piece (a board picture pre-places one copy per label), or a puzzle
/// with no solution.
pub fn generate(puzzle: &Puzzle, opts: &GenerateOptions) -> Result<Generated, InputError> {
    check(puzzle)?;
    let mut rng = Rng::new(opts.seed);
    let mut out = Generated::default();
    while out.challenges.len() + out.missed < opts.count {
        let mut made = None;
        for _ in 0..opts.attempts.max(1) {
            let Some(solution) = random_solution(puzzle, &mut rng, &opts.stop) else {
                if opts.stop.load(Ordering::Relaxed) {
                    out.interrupted = true;
                    return Ok(out);
                }
                return Err(InputError::new(format!(
                    "the puzzle `{}` has no solution, so it makes no challenge",
                    puzzle.board.name
                )));
            };
            let mut c = Completion {
                puzzle,
                solution: &solution,
                stop: Arc::clone(&opts.stop),
                searches: 0,
                nodes: 0,
            };
            let found = challenge(&mut c, &mut rng, opts);
            out.searches += c.searches;
            out.nodes += c.nodes;
            match found {
                Err(Stopped) => {
                    out.interrupted = true;
                    return Ok(out);
                }
                Ok(Some(challenge)) => {
                    made = Some(challenge);
                    break;
                }
                Ok(None) => {}
            }
        }
        match made {
            Some(challenge) => out.challenges.push(challenge),
            None => out.missed += 1,
        }
    }
    Ok(out)
}

/// Refuses the puzzles generation does not handle.
fn check(puzzle: &Puzzle) -> Result<(), InputError> {
    if !puzzle.board.use_all_pieces || !puzzle.board.cover_all_cells {
        return Err(InputError::new(format!(
            "the board `{}` lets pieces or cells go unused; challenges are made from tilings",
            puzzle.board.name
        ))
        .with_hint("remove `use_all_pieces = false` and `cover_all_cells = false`"));
    }
    if let Some(p) = puzzle.set.pieces.iter().find(|p| p.min < p.count) {
        return Err(InputError::new(format!(
            "piece {} of the set `{}` has a range of copies; challenges are made from tilings of every piece",
            p.name, puzzle.set.name
        ))
        .with_hint("use a set whose pieces have one copy each"));
    }
    if let Some(p) = puzzle.set.pieces.iter().find(|p| p.count > 1) {
        return Err(InputError::new(format!(
            "piece {} of the set `{}` has {} copies; challenges pre-place pieces by label, one copy each",
            p.name, puzzle.set.name, p.count
        ))
        .with_hint("use a set whose pieces have one copy each"));
    }
    Ok(())
}

/// The search was stopped.
struct Stopped;

/// A random solution of `puzzle`: the first of a seeded shuffle's search, as placements
/// of `puzzle`'s pieces (its own pre-placed pieces left out), by piece; `None` if there
/// is none or the search was stopped.
pub(super) fn random_solution(
    puzzle: &Puzzle,
    rng: &mut Rng,
    stop: &Arc<AtomicBool>,
) -> Option<Vec<Placement>> {
    let (order, _) = shuffled(puzzle, rng);
    let mut solver = Solver::new(order, SymmetryMode::Keep);
    solver.seed = rng.next_u64();
    let opts = RunOptions {
        printing: true,
        limit: Some(1),
        stop: Arc::clone(stop),
        ..RunOptions::default()
    };
    let mut first = None;
    solve::run(&solver, &opts, &mut |t: &Tiling| {
        first = Some(t.clone());
        ControlFlow::Break(())
    })
    .expect("a run without a checkpoint reads and writes no file");
    let set = &solver.puzzle().set;
    let mut solution: Vec<Placement> = (first?.placements.into_iter())
        .filter(|p| !p.fixed)
        .map(|p| Placement {
            piece: (puzzle.set)
                .by_label(set.pieces[p.piece].label)
                .expect("the shuffle keeps the pieces"),
            ..p
        })
        .collect();
    solution.sort();
    Some(solution)
}

/// The challenge made from `c.solution` (see the module header); `None` if no state
/// on the way reaches `opts.level`.
fn challenge(
    c: &mut Completion<'_>,
    rng: &mut Rng,
    opts: &GenerateOptions,
) -> Result<Option<Challenge>, Stopped> {
    let n = c.solution.len();
    let mut kept = vec![true; n];
    let mut path = vec![kept.clone()];
    let order = rng.permutation(n);
    reduce(
        c,
        &mut kept,
        &order,
        opts.level.is_some().then_some(&mut path),
    )?;
    if opts.minimize {
        minimize(c, &mut kept, rng, opts.swaps)?;
        if path.last() != Some(&kept) {
            path.push(kept.clone());
        }
    }
    let candidates: Vec<Vec<bool>> = match opts.level {
        None => vec![kept],
        Some(_) => path,
    };
    // The fewest pieces first: the last state of the path.
    for kept in candidates.into_iter().rev() {
        let puzzle = c.puzzle_with(&kept);
        let difficulty = grade(&puzzle);
        let level = Level::of(difficulty.guesses);
        if opts.level.is_some_and(|l| l != level) {
            continue;
        }
        let solution = c.puzzle.tiling(std::iter::empty()).placements;
        let mut placements: Vec<Placement> = solution;
        for (p, &k) in c.solution.iter().zip(&kept) {
            placements.push(Placement {
                fixed: k,
                ..p.clone()
            });
        }
        placements.sort_by_key(|p| !p.fixed);
        return Ok(Some(Challenge {
            preplaced: kept.iter().filter(|&&k| k).count(),
            pieces: n,
            puzzle,
            solution: Tiling { placements },
            difficulty,
            level,
        }));
    }
    Ok(None)
}

/// Takes off the kept pieces in `order`, each put back if the completion would not be
/// unique; each state reached is added to `path` if given.
fn reduce(
    c: &mut Completion<'_>,
    kept: &mut [bool],
    order: &[usize],
    mut path: Option<&mut Vec<Vec<bool>>>,
) -> Result<(), Stopped> {
    for &i in order {
        if !kept[i] {
            continue;
        }
        kept[i] = false;
        if !unique(c, kept)? {
            kept[i] = true;
        } else if let Some(path) = path.as_deref_mut() {
            path.push(kept.to_vec());
        }
    }
    Ok(())
}

/// Whether the completion with `kept` pre-placed is unique. With at most one piece to
/// place it is: the one hole left has that piece's shape.
fn unique(c: &mut Completion<'_>, kept: &[bool]) -> Result<bool, Stopped> {
    if kept.iter().filter(|&&k| !k).count() <= 1 {
        return Ok(true);
    }
    match c.count(kept) {
        Completions::One => Ok(true),
        Completions::Stopped => Err(Stopped),
        Completions::None | Completions::Several => Ok(false),
    }
}

/// The local search: swaps a random kept piece for a random removed one while `swaps`
/// uniqueness checks last; a swap that keeps the completion unique stays (a move on
/// the plateau of states of one size), and pieces are then taken off again.
fn minimize(
    c: &mut Completion<'_>,
    kept: &mut [bool],
    rng: &mut Rng,
    swaps: u64,
) -> Result<(), Stopped> {
    let budget_end = c.searches + swaps;
    for _ in 0..swaps {
        if c.searches >= budget_end {
            break;
        }
        let on: Vec<usize> = (0..kept.len()).filter(|&i| kept[i]).collect();
        let off: Vec<usize> = (0..kept.len()).filter(|&i| !kept[i]).collect();
        if on.is_empty() || off.is_empty() {
            return Ok(());
        }
        let (a, b) = (on[rng.below(on.len())], off[rng.below(off.len())]);
        kept[a] = false;
        kept[b] = true;
        if unique(c, kept)? {
            let mut order: Vec<usize> = (0..kept.len()).filter(|&i| kept[i] && i != b).collect();
            rng.shuffle(&mut order);
            reduce(c, kept, &order, None)?;
        } else {
            kept[a] = true;
            kept[b] = false;
        }
    }
    Ok(())
}
