//! Long runs: a search split into many subproblems ([`crate::cover::split`]) that worker
//! threads take in search order, with ordered output, progress, interruption,
//! checkpoints and shards. At the end of a counting run, a busy worker shares the rest
//! of its task with idle ones (`share.rs`).
//!
//! Guarantees: the count is the same for every number of threads, shards summed, and
//! any sequence of interruptions and resumptions, and so is the node count unless the
//! bitboard engine's memo of subtree counts took part (counting runs; see
//! [`crate::solve::Solver::memo`]); printed solutions come out in the order of the
//! one-threaded search. The layer is generic over
//! [`Subtrees`], anything that can split its tree into subproblem paths and search below
//! one of them, stopping and resuming exactly: the exact-cover [`AnySearch`] (DLX or
//! option bitsets, which visit the same tree) and the bitboard [`BitSearch`], whichever
//! the solver chose.

pub mod checkpoint;
mod classes;
mod commit;
pub mod parallel;
pub mod plan;
pub mod progress;
mod queue;
pub mod shard;
mod share;
mod worker;

use std::ops::ControlFlow;

use crate::bitboard::{BitSearch, BitVisitor};
use crate::cover::search::PathError;
use crate::cover::{AnySearch, OptionId, Outcome, Resume, Stats, Subproblem, Visit};
use crate::model::puzzle::placements_of;
use crate::solve::Solver;

pub use checkpoint::Checkpoint;
pub use parallel::{run, Emit, LongReport, Options};
pub use shard::Shard;

/// What a search sends while it runs below a subproblem.
pub trait Sink {
    /// A solution: the placements chosen (indices into the puzzle's placements, in the
    /// order they were chosen); empty when [`Sink::wants_placements`] is false.
    fn solution(&mut self, placements: &[usize]) -> ControlFlow<()>;
    /// False when only the number of solutions matters, so engines need not decode them.
    fn wants_placements(&self) -> bool {
        true
    }
    /// `n` solutions at once, from an engine that counts without visiting each one
    /// (only when [`Sink::wants_placements`] is false).
    fn solutions(&mut self, n: u64) -> ControlFlow<()>;
    /// Every so many nodes: `done` estimates the share of the subtree below the
    /// subproblem already searched. Breaking stops the run so that it can be resumed.
    fn tick(&mut self, done: f64) -> ControlFlow<()>;
}

/// An engine whose search tree can be cut into subproblems and searched below each one.
pub trait Subtrees: Send {
    /// The subproblems `depth` choices below `sub`, in search order.
    fn split(&mut self, sub: &Subproblem, depth: usize) -> Result<Vec<Subproblem>, PathError>;
    /// Searches below `sub` (after `resume`, if given).
    fn run_below(
        &mut self,
        sub: &Subproblem,
        resume: Option<&Resume>,
        sink: &mut dyn Sink,
    ) -> Result<Outcome, PathError>;
    /// Knuth's estimate of the share of the whole tree below `sub`.
    fn weight(&mut self, sub: &Subproblem) -> f64;
    /// What every solution below `sub` shares. The DLX engines name nothing: their
    /// solutions are checked one by one, as they keep no memo of counts that a uniform
    /// weight would let them use.
    fn settled(&mut self, _sub: &Subproblem) -> Settled {
        Settled::default()
    }
    /// Counters over every call so far.
    fn stats(&self) -> Stats;
    /// Ticks every `2^log2` nodes.
    fn set_tick_interval(&mut self, log2: u32);
}

/// What every solution below a subproblem shares ([`Subtrees::settled`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settled {
    /// Placements they all contain (the choices on the path, or fewer).
    pub placements: Vec<usize>,
    /// Whether they all place the reduction's second piece at the least of its images
    /// under the stabilizer of their restricted placement (the search is a part of
    /// [`crate::model::symmetry::Reduction::parts`] below symmetric representatives).
    pub second_least: bool,
}

/// Adapts a [`Sink`] to the DLX engine's visitor.
struct DlxVisitor<'a> {
    sink: &'a mut dyn Sink,
    floor: usize,
    map: &'a [usize],
    options: Vec<OptionId>,
    placements: Vec<usize>,
}

impl crate::cover::search::Visitor for DlxVisitor<'_> {
    fn solution(&mut self, visit: &Visit<'_>) -> ControlFlow<()> {
        if !self.sink.wants_placements() {
            return self.sink.solution(&[]);
        }
        visit.options_into(&mut self.options);
        self.placements.clear();
        self.placements
            .extend(placements_of(&self.options, self.map));
        self.sink.solution(&self.placements)
    }

    fn tick(&mut self, visit: &Visit<'_>) -> ControlFlow<()> {
        self.sink.tick(visit.progress(self.floor))
    }
}

/// The exact-cover engine (DLX, or option bitsets when they take the problem) with the
/// tick interval it was given (to restore it after a probe), and the map from its
/// options to the puzzle's placements.
pub struct DlxSubtrees<'a> {
    search: AnySearch,
    map: &'a [usize],
    tick_log2: u32,
}

impl DlxSubtrees<'_> {
    /// The exact-cover search of `solver`'s problem.
    pub fn new(solver: &Solver) -> DlxSubtrees<'_> {
        DlxSubtrees {
            search: AnySearch::new(solver.problem()),
            map: solver.map(),
            tick_log2: 12,
        }
    }
}

impl Subtrees for DlxSubtrees<'_> {
    fn split(&mut self, sub: &Subproblem, depth: usize) -> Result<Vec<Subproblem>, PathError> {
        self.search.split(sub, depth)
    }

    fn run_below(
        &mut self,
        sub: &Subproblem,
        resume: Option<&Resume>,
        sink: &mut dyn Sink,
    ) -> Result<Outcome, PathError> {
        let mut visitor = DlxVisitor {
            sink,
            floor: sub.path.len(),
            map: self.map,
            options: Vec::new(),
            placements: Vec::new(),
        };
        self.search.run_from(sub, resume, &mut visitor)
    }

    fn weight(&mut self, sub: &Subproblem) -> f64 {
        // A tick at every node: the first comes at `sub` itself, before it is counted.
        self.search.set_tick_interval(0);
        let mut weight = 0.0;
        let mut probe = WeightProbe {
            floor: sub.path.len(),
            weight: &mut weight,
        };
        let _ = self.search.run_from(sub, None, &mut probe);
        self.search.set_tick_interval(self.tick_log2);
        weight
    }

    fn stats(&self) -> Stats {
        self.search.stats()
    }

    fn set_tick_interval(&mut self, log2: u32) {
        self.tick_log2 = log2;
        self.search.set_tick_interval(log2);
    }
}

struct WeightProbe<'a> {
    floor: usize,
    weight: &'a mut f64,
}

impl crate::cover::search::Visitor for WeightProbe<'_> {
    fn solution(&mut self, visit: &Visit<'_>) -> ControlFlow<()> {
        *self.weight = visit.weight(self.floor);
        ControlFlow::Break(())
    }

    fn tick(&mut self, visit: &Visit<'_>) -> ControlFlow<()> {
        *self.weight = visit.weight(self.floor);
        ControlFlow::Break(())
    }
}

/// The bitboard engine as [`Subtrees`]: one search per part of the reduction
/// ([`crate::model::symmetry::Reduction::parts`]), under a root of its own. A path's
/// first position names the part; the rest is a path in that part's search.
pub struct BitSubtrees {
    parts: Vec<BitSearch>,
    /// Each part's share of the tree, for Knuth's estimate: its share of the root's
    /// options (the part's allowed placements of the restricted piece).
    shares: Vec<f64>,
}

impl BitSubtrees {
    /// The bitboard search of `solver`'s puzzle, if that engine applies.
    pub fn new(solver: &Solver) -> Option<BitSubtrees> {
        let allowed = solver.reduction.parts(&solver.puzzle);
        let mut parts = BitSearch::for_parts(&solver.puzzle, &solver.reduction, &allowed)?;
        if !solver.memo {
            for part in &mut parts {
                part.set_memo_bits(0);
            }
        }
        let roots: Vec<f64> = (solver.reduction.firsts(&solver.puzzle, &allowed, false))
            .iter()
            .map(|firsts| firsts[0].len().max(1) as f64)
            .collect();
        let total: f64 = roots.iter().sum();
        let shares = roots.iter().map(|r| r / total).collect();
        Some(BitSubtrees { parts, shares })
    }

    /// A fresh engine over the same tables (for another thread).
    pub fn fork(&self) -> BitSubtrees {
        BitSubtrees {
            parts: self.parts.iter().map(BitSearch::fork).collect(),
            shares: self.shares.clone(),
        }
    }

    /// The part a path names and the path in it.
    fn part<'p>(&self, path: &'p [u32]) -> Result<(usize, &'p [u32]), PathError> {
        match path.split_first() {
            Some((&i, rest)) if (i as usize) < self.parts.len() => Ok((i as usize, rest)),
            _ => Err(PathError { level: 0 }),
        }
    }
}

/// `path` with `part` in front.
fn in_part(part: usize, path: &[u32]) -> Vec<u32> {
    let mut out = Vec::with_capacity(path.len() + 1);
    out.push(part as u32);
    out.extend_from_slice(path);
    out
}

/// Adapts a [`Sink`] to the bitboard engine's visitor.
struct BitSink<'a> {
    sink: &'a mut dyn Sink,
    placements: Vec<usize>,
    /// `sink.wants_placements()`, asked once.
    wants: bool,
}

impl BitVisitor for BitSink<'_> {
    fn wants_placements(&self) -> bool {
        self.wants
    }

    fn solution(&mut self, placements: &[u32]) -> ControlFlow<()> {
        if !self.wants {
            return self.sink.solution(&[]);
        }
        self.placements.clear();
        self.placements
            .extend(placements.iter().map(|&k| k as usize));
        self.sink.solution(&self.placements)
    }

    fn solutions(&mut self, n: u64) -> ControlFlow<()> {
        self.sink.solutions(n)
    }

    fn tick(&mut self, done: f64) -> ControlFlow<()> {
        self.sink.tick(done)
    }
}

fn bit_path_error(e: PathError) -> PathError {
    PathError { level: e.level }
}

impl Subtrees for BitSubtrees {
    fn split(&mut self, sub: &Subproblem, depth: usize) -> Result<Vec<Subproblem>, PathError> {
        let mut out = Vec::new();
        if sub.path.is_empty() {
            if depth == 0 {
                return Ok(vec![sub.clone()]);
            }
            for i in 0..self.parts.len() {
                let paths = (self.parts[i].split_below(&[], depth - 1)).map_err(bit_path_error)?;
                out.extend(paths.iter().map(|p| Subproblem {
                    path: in_part(i, p),
                }));
            }
        } else {
            let (i, rest) = self.part(&sub.path)?;
            let paths = (self.parts[i].split_below(rest, depth)).map_err(bit_path_error)?;
            out.extend(paths.iter().map(|p| Subproblem {
                path: in_part(i, p),
            }));
        }
        Ok(out)
    }

    fn run_below(
        &mut self,
        sub: &Subproblem,
        resume: Option<&Resume>,
        sink: &mut dyn Sink,
    ) -> Result<Outcome, PathError> {
        let wants = sink.wants_placements();
        let mut visitor = BitSink {
            sink,
            placements: Vec::new(),
            wants,
        };
        // The parts below `sub` (all of them below the root), from the one `resume`
        // names on.
        let (from, below) = if sub.path.is_empty() {
            let from = match resume {
                Some(r) => self.part(&r.path)?.0,
                None => 0,
            };
            (from, None)
        } else {
            let (i, rest) = self.part(&sub.path)?;
            (i, Some(rest))
        };
        let to = if below.is_some() {
            from + 1
        } else {
            self.parts.len()
        };
        for i in from..to {
            let resume_here = match resume {
                Some(r) if i == from && !r.path.is_empty() => Some(Resume {
                    path: self.part(&r.path)?.1.to_vec(),
                    visited: r.visited,
                }),
                _ => None,
            };
            let stopped = self.parts[i]
                .run_below(below.unwrap_or(&[]), resume_here.as_ref(), &mut visitor)
                .map_err(bit_path_error)?;
            if let Some(r) = stopped {
                return Ok(Outcome::Stopped(Resume {
                    path: in_part(i, &r.path),
                    visited: r.visited,
                }));
            }
        }
        Ok(Outcome::Complete)
    }

    fn weight(&mut self, sub: &Subproblem) -> f64 {
        if sub.path.is_empty() {
            return 1.0;
        }
        match self.part(&sub.path) {
            Ok((i, rest)) => self.shares[i] * self.parts[i].weight(rest).unwrap_or(0.0),
            Err(_) => 0.0,
        }
    }

    fn settled(&mut self, sub: &Subproblem) -> Settled {
        let Ok((i, rest)) = self.part(&sub.path) else {
            return Settled::default();
        };
        let placements = self.parts[i].placements_on(rest).unwrap_or_default();
        Settled {
            placements: placements.into_iter().map(|k| k as usize).collect(),
            // Parts after the first are those below symmetric representatives.
            second_least: i > 0,
        }
    }

    fn stats(&self) -> Stats {
        let mut total = Stats::default();
        for p in &self.parts {
            total += p.stats();
        }
        total
    }

    fn set_tick_interval(&mut self, log2: u32) {
        for p in &mut self.parts {
            p.set_tick_interval(log2);
        }
    }
}
