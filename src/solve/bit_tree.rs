//! The bitboard engine as a [`Tree`] of a run: one search per part of the reduction
//! ([`crate::symmetry::Reduction::parts`]), under a root of its own. A path's first
//! position names the part; the rest is a path in that part's search. Below a path
//! whose placements settle the symmetry check, counting runs let the engine count with
//! its memo instead of visiting each solution.

use std::ops::ControlFlow;

use crate::bitboard::{BitSearch, BitVisitor};
use crate::cover::search::PathError;
use crate::cover::{Outcome, Resume, Stats, Subproblem};
use crate::run::{Sink, Tree};
use crate::symmetry::Settled;

use super::solver::Solver;
use super::weigh::Weigher;

/// The bitboard engine's searches of the parts of a solver's reduction.
pub struct BitTree<'a> {
    parts: Vec<BitSearch>,
    /// Each part's share of the tree, for Knuth's estimate: its share of the root's
    /// options (the part's allowed placements of the restricted piece).
    shares: Vec<f64>,
    weigher: Weigher<'a>,
}

impl BitTree<'_> {
    /// The bitboard search of `solver`'s puzzle, if that engine applies.
    pub fn new(solver: &Solver) -> Option<BitTree<'_>> {
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
        Some(BitTree {
            parts,
            shares,
            weigher: Weigher::new(solver),
        })
    }
}

impl BitTree<'_> {
    /// A fresh engine over the same tables (for another thread).
    pub fn fork(&self) -> Self {
        BitTree {
            parts: self.parts.iter().map(BitSearch::fork).collect(),
            shares: self.shares.clone(),
            weigher: self.weigher.clone(),
        }
    }

    /// The part a path names and the path in it.
    fn part<'p>(&self, path: &'p [u32]) -> Result<(usize, &'p [u32]), PathError> {
        part_of(self.parts.len(), path)
    }

    /// The parts to search for `sub` (all of them below the root, from the one `resume`
    /// names on), and the path below which to search in them (`None`: each whole).
    fn parts_below<'p>(
        &self,
        sub: &'p Subproblem,
        resume: Option<&Resume>,
    ) -> Result<(std::ops::Range<usize>, Option<&'p [u32]>), PathError> {
        if sub.path.is_empty() {
            let from = match resume {
                Some(r) => self.part(&r.path)?.0,
                None => 0,
            };
            Ok((from..self.parts.len(), None))
        } else {
            let (i, rest) = self.part(&sub.path)?;
            Ok((i..i + 1, Some(rest)))
        }
    }
}

/// The part a path names among `parts` parts, and the path in it.
fn part_of(parts: usize, path: &[u32]) -> Result<(usize, &[u32]), PathError> {
    match path.split_first() {
        Some((&i, rest)) if (i as usize) < parts => Ok((i as usize, rest)),
        _ => Err(PathError { level: 0 }),
    }
}

/// What every solution below `sub` shares: the placements on its path, and whether it
/// lies in a part below symmetric representatives (all parts after the first).
fn settled(parts: &mut [BitSearch], sub: &Subproblem) -> Settled {
    let Ok((i, rest)) = part_of(parts.len(), &sub.path) else {
        return Settled::default();
    };
    let placements = parts[i].placements_on(rest).unwrap_or_default();
    Settled {
        placements: placements.into_iter().map(|k| k as usize).collect(),
        second_least: i > 0,
    }
}

/// `path` with `part` in front.
fn in_part(part: usize, path: &[u32]) -> Vec<u32> {
    let mut out = Vec::with_capacity(path.len() + 1);
    out.push(part as u32);
    out.extend_from_slice(path);
    out
}

impl Tree for BitTree<'_> {
    fn split(&mut self, sub: &Subproblem, depth: usize) -> Result<Vec<Subproblem>, PathError> {
        let mut out = Vec::new();
        if sub.path.is_empty() {
            if depth == 0 {
                return Ok(vec![sub.clone()]);
            }
            for i in 0..self.parts.len() {
                let paths = (self.parts[i].split_below(&[], depth - 1))?;
                out.extend(paths.iter().map(|p| Subproblem {
                    path: in_part(i, p),
                }));
            }
        } else {
            let (i, rest) = self.part(&sub.path)?;
            let paths = (self.parts[i].split_below(rest, depth))?;
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
        let (parts, below) = self.parts_below(sub, resume)?;
        let n = self.parts.len();
        (self.weigher).start(sink, || settled(&mut self.parts, sub));
        let mut visitor = BitSink {
            sink,
            weigher: &mut self.weigher,
            part: parts.start,
            path: Vec::new(),
        };
        let from = parts.start;
        for i in parts {
            visitor.part = i;
            let resume_here = match resume {
                Some(r) if i == from && !r.path.is_empty() => Some(Resume {
                    path: part_of(n, &r.path)?.1.to_vec(),
                    visited: r.visited,
                }),
                _ => None,
            };
            let stopped = self.parts[i].run_below(
                below.unwrap_or(&[]),
                resume_here.as_ref(),
                &mut visitor,
            )?;
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

/// Adapts a run's [`Sink`] to the bitboard engine's visitor.
struct BitSink<'v, 'a> {
    sink: &'v mut dyn Sink,
    weigher: &'v mut Weigher<'a>,
    /// The part searched, the first position of the tree's paths.
    part: usize,
    /// The tree's path at the last tick.
    path: Vec<u32>,
}

impl BitVisitor for BitSink<'_, '_> {
    fn wants_placements(&self) -> bool {
        self.weigher.wants_placements()
    }

    fn solution(&mut self, placements: &[u32]) -> ControlFlow<()> {
        (self.weigher).solution(placements.iter().map(|&k| k as usize), self.sink)
    }

    fn solutions(&mut self, n: u128) -> ControlFlow<()> {
        self.weigher.counted(n, self.sink)
    }

    fn tick(&mut self, done: f64, path: &[u32]) -> ControlFlow<()> {
        self.path.clear();
        self.path.push(self.part as u32);
        self.path.extend_from_slice(path);
        self.sink.tick(done, &self.path)
    }
}
