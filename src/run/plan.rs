//! Cutting the tree into tasks: split one level at a time, every subproblem in order,
//! until there are enough of them or every one is a leaf. Splitting keeps search order,
//! so the tasks taken in order are the unsplit search; the nodes above the cut are
//! counted by the engine that splits ([`super::Tree::stats`]).

use crate::cover::search::PathError;
use crate::cover::{Stats, Subproblem};

use super::job::Tree;
use super::shard::Shard;

/// Splits each of `tasks` one level further, repeatedly, until there are at least
/// `target` of them or none can be split.
pub fn refine(
    engine: &mut dyn Tree,
    mut tasks: Vec<Subproblem>,
    target: usize,
) -> Result<Vec<Subproblem>, PathError> {
    while tasks.len() < target {
        let mut next = Vec::with_capacity(tasks.len() * 4);
        for t in &tasks {
            next.extend(engine.split(t, 1)?);
        }
        if next == tasks {
            break;
        }
        tasks = next;
    }
    Ok(tasks)
}

/// The subproblems per shard part in the deterministic shard split.
pub const PER_SHARD: usize = 64;

/// Tasks per thread when workers share their tasks at the end (`share.rs`), and when
/// they do not: sharing keeps the workers together at the end, so fewer, larger tasks
/// save replays and splitting (and still balance the threads).
pub const SHARED_PER_THREAD: usize = 16;
pub const PER_THREAD: usize = 64;

/// The split every shard of `count` makes alike: the tree cut into at least `64 ×
/// count` subproblems, in search order; subproblem `k` belongs to shard `k mod count`
/// ([`Shard::owns`]).
pub fn shard_split(engine: &mut dyn Tree, count: u32) -> Result<Vec<Subproblem>, PathError> {
    refine(engine, vec![Subproblem::root()], PER_SHARD * count as usize)
}

/// The tasks of `shard`: its share of [`shard_split`], then split further until there
/// are `per_thread × threads`. Returns the tasks and the counters of the splitting that
/// this shard accounts for (the shared split only in shard 1, so that summed shards
/// count every node once).
pub fn shard_tasks(
    engine: &mut dyn Tree,
    shard: Shard,
    threads: usize,
    per_thread: usize,
) -> Result<(Vec<Subproblem>, Stats), PathError> {
    let start = engine.stats();
    let mut tasks = vec![Subproblem::root()];
    let mut shared = Stats::default();
    if !shard.is_whole() {
        tasks = shard_split(engine, shard.count)?;
        shared = minus(engine.stats(), start);
        tasks = tasks
            .into_iter()
            .enumerate()
            .filter(|(k, _)| shard.owns(*k))
            .map(|(_, t)| t)
            .collect();
    }
    let before = engine.stats();
    let tasks = refine(engine, tasks, per_thread * threads.max(1))?;
    let mut counted = minus(engine.stats(), before);
    if shard.index == 1 {
        counted += shared;
    }
    Ok((tasks, counted))
}

/// `a - b` for counters taken from one engine, `b` before `a`.
pub fn minus(a: Stats, b: Stats) -> Stats {
    Stats {
        nodes: a.nodes - b.nodes,
        updates: a.updates - b.updates,
        solutions: a.solutions - b.solutions,
    }
}
