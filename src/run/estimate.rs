//! The share of a run's work done, measured in search nodes: the nodes searched so far
//! over the estimated nodes of the whole run. A finished task's size is what it
//! searched; an unfinished task's size is estimated from random probes below it
//! (Knuth's estimate, `probe.rs`), scaled by how the tasks' measured nodes compare with
//! their probes' estimates (a memo of subtree counts, or tables that count the last
//! pieces, make the search smaller than its tree): the finished tasks' whole, and the
//! running tasks' share searched, so the scale is known before the first task ends. A
//! running task's share searched is weighed by probing both sides of the path its
//! search is at (`rest.rs`), or, until that is sampled, read from the engine's stack.
//! The probes run on the thread that follows the run, in slices of a small share of the
//! elapsed time, the unfinished tasks in turn and the running tasks' sides between
//! them, so the estimate sharpens as the run goes.

use std::time::{Duration, Instant};

use super::checkpoint::Task;
use super::job::Tree;
use super::probe::{probe, Rng};
use super::rest::Sides;

/// What the run measured of one task so far.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Measured {
    /// Nodes searched below the task: counted in ticks while it runs, exactly once it
    /// ended (shown, not estimated with).
    pub nodes: u64,
    /// The nodes entered below the task, counted in ticks (each `2^tick_log2` of them,
    /// the phase carried from task to task, so the sum over tasks is exact to a tick):
    /// what the estimate is made with, in the unit of the probes.
    pub work: u64,
    /// The engine's own estimate of the share of the task searched (the positions on
    /// its stack read as a fraction).
    pub within: f64,
    /// The task was searched to its end.
    pub finished: bool,
    /// Where the running task's search is: the path of the node it enters next (empty
    /// when not known).
    pub path: Vec<u32>,
}

/// Probing time allowed at once from the start of a run, and as a share of the time
/// elapsed since.
const BURST: Duration = Duration::from_millis(30);
const DUTY: f64 = 0.02;
/// The longest probing slice: the following thread stays responsive.
const SLICE: Duration = Duration::from_millis(5);
/// Probes per task after which a task is not probed again.
const ENOUGH: u32 = 4096;
/// Probes per unfinished task before the estimate is credible.
const CREDIBLE: u32 = 16;
/// The weight of the prior "the search is as large as its probes say" in the
/// calibration, as a share of the estimated size of the whole run.
const PRIOR: f64 = 1e-4;
/// The share done before the estimate is credible.
const CREDIBLE_DONE: f64 = 0.002;
/// A running task whose sides are not sampled yet is taken to be at least its nodes
/// over this share of it, or over the engine's estimate of its share done if larger.
const LEAST_WITHIN: f64 = 0.5;

/// The sum of a task's probe estimates and their number.
#[derive(Clone, Copy, Debug, Default)]
struct Sample {
    sum: f64,
    probes: u32,
}

impl Sample {
    fn mean(&self) -> Option<f64> {
        (self.probes > 0).then(|| self.sum / f64::from(self.probes))
    }
}

/// A task's nodes in the unit of the probes: searched and left.
#[derive(Clone, Copy, Debug)]
struct Part {
    searched: f64,
    left: f64,
    /// The split is the engine's guess (the task runs, its sides not yet sampled).
    guessed: bool,
}

/// Estimates of the tasks' sizes, and the probing that makes them.
#[derive(Debug)]
pub(super) struct Estimator {
    samples: Vec<Sample>,
    /// The running tasks' sides, each probed at the path its search was last seen at.
    sides: Vec<Sides>,
    /// Time spent probing the running tasks' sides, and whole tasks: the sides take a
    /// third of the probing time while whole tasks want probes (a sample of the sides
    /// costs a probe per level and side).
    sides_spent: Duration,
    tasks_spent: Duration,
    rng: Rng,
    /// The next task to probe, and the next running task whose sides to probe.
    cursor: usize,
    sides_cursor: usize,
    /// Time spent probing.
    spent: Duration,
}

impl Estimator {
    /// No estimate yet for `tasks` tasks.
    pub fn new(tasks: usize) -> Estimator {
        Estimator {
            samples: vec![Sample::default(); tasks],
            sides: vec![Sides::default(); tasks],
            sides_spent: Duration::ZERO,
            tasks_spent: Duration::ZERO,
            rng: Rng::new(0x5eed),
            cursor: 0,
            sides_cursor: 0,
            spent: Duration::ZERO,
        }
    }

    /// The probing time left in the budget after `elapsed` of the run.
    fn allowed(&self, elapsed: Duration) -> Duration {
        (BURST + elapsed.mul_f64(DUTY)).saturating_sub(self.spent)
    }

    /// Whether some unfinished task wants more probes, or a task runs, and the budget
    /// allows them.
    pub fn due(&self, elapsed: Duration, measured: &[Measured]) -> bool {
        let wanted = self.wanted(measured).is_some() || self.running(measured).is_some();
        !self.allowed(elapsed).is_zero() && wanted
    }

    /// The next running task whose path is known, after the one probed last.
    fn running(&self, measured: &[Measured]) -> Option<usize> {
        let n = self.samples.len();
        (0..n)
            .map(|i| (self.sides_cursor + i) % n)
            .find(|&k| !measured[k].finished && !measured[k].path.is_empty())
    }

    /// The next unfinished task that wants probes, from the cursor on.
    fn wanted(&self, measured: &[Measured]) -> Option<usize> {
        let n = self.samples.len();
        (0..n)
            .map(|i| (self.cursor + i) % n)
            .find(|&k| !measured[k].finished && self.samples[k].probes < ENOUGH)
    }

    /// Probes the unfinished tasks in turn (each once per turn) with `tree`, for at most
    /// a slice of the budget left after `elapsed`.
    pub fn sample(
        &mut self,
        tree: &mut dyn Tree,
        tasks: &[Task],
        measured: &[Measured],
        elapsed: Duration,
    ) {
        let slice = self.allowed(elapsed).min(SLICE);
        let start = Instant::now();
        while start.elapsed() < slice {
            let at = Instant::now();
            let wanted = self.wanted(measured);
            let sides_turn = wanted.is_none() || self.sides_spent * 2 <= self.tasks_spent;
            if let Some(k) = self.running(measured).filter(|_| sides_turn) {
                let sub = &tasks[k].sub;
                self.sides[k].sample(tree, sub, &measured[k].path, &mut self.rng);
                self.sides_cursor = (k + 1) % self.samples.len();
                self.sides_spent += at.elapsed();
                continue;
            }
            let Some(k) = wanted else {
                break;
            };
            let size = probe(tree, &tasks[k].sub, &mut self.rng);
            self.samples[k].sum += size;
            self.samples[k].probes += 1;
            self.cursor = (k + 1) % self.samples.len();
            self.tasks_spent += at.elapsed();
        }
        self.spent += start.elapsed();
    }

    /// Adds `probes` estimates of `size` nodes to task `k` (for tests).
    #[cfg(test)]
    pub fn add(&mut self, k: usize, size: f64, probes: u32) {
        self.samples[k].sum += size * f64::from(probes);
        self.samples[k].probes += probes;
    }

    /// Whether every unfinished task has had enough probes, and enough was searched to
    /// know the scale, for the estimate to be credible.
    pub fn credible(&self, measured: &[Measured]) -> bool {
        let probed =
            (self.samples.iter().zip(measured)).all(|(s, m)| m.finished || s.probes >= CREDIBLE);
        probed && self.done(measured) >= CREDIBLE_DONE
    }

    /// The estimated share of the run's nodes searched, in `0..=1` (0 before any
    /// probe).
    pub fn done(&self, measured: &[Measured]) -> f64 {
        let sizes = self.probed_sizes();
        let total: f64 = sizes.iter().sum();
        if total <= 0.0 {
            return if measured.iter().all(|m| m.finished) {
                1.0
            } else {
                0.0
            };
        }
        let parts = self.parts(measured, &sizes);
        // How the tasks' nodes compare with their probes' estimates of what they
        // searched: the finished tasks' whole and the running tasks' searched side.
        let (mut nodes, mut probed) = (0.0, 0.0);
        for (m, part) in measured.iter().zip(&parts) {
            nodes += m.work as f64;
            probed += part.searched;
        }
        let prior = PRIOR * total;
        let scale = (nodes + prior) / (probed + prior);
        // What each task searched is its own node count; only what it has left is
        // estimated, scaled.
        let (mut searched, mut whole) = (0.0, 0.0);
        for (m, part) in measured.iter().zip(&parts) {
            let n = m.work as f64;
            searched += n;
            let task = n + scale * part.left;
            whole += if part.guessed {
                task.max(n / m.within.max(LEAST_WITHIN))
            } else {
                task
            };
        }
        if whole <= 0.0 {
            return 1.0;
        }
        (searched / whole).clamp(0.0, 1.0)
    }

    /// Each task's parts searched and left, in the unit of the probes: a finished task
    /// all searched; a running task's probes' size split by its sides' share searched
    /// where they are sampled, else by the engine's own share (0 for a task not
    /// started).
    fn parts(&self, measured: &[Measured], sizes: &[f64]) -> Vec<Part> {
        (measured.iter().zip(sizes).zip(&self.sides))
            .map(|((m, &size), sides)| match sides.within() {
                _ if m.finished => Part {
                    searched: size,
                    left: 0.0,
                    guessed: false,
                },
                // The sides' proportions, applied to the task's own probes: the sides
                // sample one sibling per level, too few to size the task alone.
                Some(within) if m.work > 0 => Part {
                    searched: size * within,
                    left: size * (1.0 - within),
                    guessed: false,
                },
                _ => Part {
                    searched: size * m.within,
                    left: size * (1.0 - m.within),
                    guessed: m.work > 0,
                },
            })
            .collect()
    }

    /// Each task's estimated size: its probes' mean, or the mean of the probed tasks'
    /// for a task not yet probed (all 0 before any probe).
    fn probed_sizes(&self) -> Vec<f64> {
        let means: Vec<Option<f64>> = self.samples.iter().map(Sample::mean).collect();
        let known: Vec<f64> = means.iter().flatten().copied().collect();
        let fill = if known.is_empty() {
            0.0
        } else {
            known.iter().sum::<f64>() / known.len() as f64
        };
        means.iter().map(|m| m.unwrap_or(fill)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cover::search::PathError;
    use crate::cover::{Outcome, Resume, Stats, Subproblem};
    use crate::run::job::Sink;
    use crate::run::plan::refine;

    /// A random-looking tree: a node's number of children (0 to 4, at least 2 near the
    /// root, 0 at `depth`) comes
    /// from a hash of its path; below the first child of the root every node has one
    /// more child when `trend`, so the tasks' sizes drift along the search order.
    struct Synthetic {
        depth: usize,
        trend: bool,
    }

    impl Synthetic {
        fn children(&self, path: &[u32]) -> u32 {
            if path.len() >= self.depth {
                return 0;
            }
            let mut h: u64 = 0xcbf2_9ce4_8422_2325;
            for &p in path {
                h = (h ^ u64::from(p) ^ 0x100).wrapping_mul(0x0100_0000_01b3);
            }
            h ^= h >> 29;
            // Near the root, at least two children: the tree does not die at once.
            let top = if path.len() < 3 { 2 } else { 0 };
            let extra = u32::from(self.trend && path.first().is_some_and(|&p| p > 0));
            ((h % 5) as u32).max(top) + extra
        }

        /// The exact number of nodes below `path`, itself counted.
        fn size(&self, path: &mut Vec<u32>) -> u64 {
            let mut n = 1;
            for c in 0..self.children(path) {
                path.push(c);
                n += self.size(path);
                path.pop();
            }
            n
        }
    }

    impl Tree for Synthetic {
        fn split(&mut self, sub: &Subproblem, depth: usize) -> Result<Vec<Subproblem>, PathError> {
            let k = self.children(&sub.path);
            if depth == 0 || k == 0 {
                // A leaf at full depth is a solution (itself); above it, a dead end.
                let leaf = depth == 0 || sub.path.len() >= self.depth;
                return Ok(if leaf { vec![sub.clone()] } else { Vec::new() });
            }
            let mut out = Vec::new();
            for c in 0..k {
                let mut path = sub.path.clone();
                path.push(c);
                out.extend(self.split(&Subproblem { path }, depth - 1)?);
            }
            Ok(out)
        }
        fn run_below(
            &mut self,
            _: &Subproblem,
            _: Option<&Resume>,
            _: &mut dyn Sink,
        ) -> Result<Outcome, PathError> {
            Ok(Outcome::Complete)
        }
        fn weight(&mut self, _: &Subproblem) -> f64 {
            0.0
        }
        fn stats(&self) -> Stats {
            Stats::default()
        }
        fn set_tick_interval(&mut self, _: u32) {}
    }

    /// The tasks of `tree` (at least 64), their exact sizes, and an estimator that
    /// probed each of them `probes` times.
    fn probed(tree: &mut Synthetic, probes: u32) -> (Vec<Task>, Vec<u64>, Estimator) {
        let subs = refine(tree, vec![Subproblem::root()], 64).unwrap();
        let sizes: Vec<u64> = (subs.iter())
            .map(|s| tree.size(&mut s.path.clone()))
            .collect();
        let tasks: Vec<Task> = (subs.into_iter())
            .map(|sub| Task { sub, resume: None })
            .collect();
        let mut est = Estimator::new(tasks.len());
        for _ in 0..probes {
            for (k, task) in tasks.iter().enumerate() {
                let size = probe(tree, &task.sub, &mut est.rng);
                est.add(k, size, 1);
            }
        }
        (tasks, sizes, est)
    }

    /// The largest gap, in points, between the estimate and the true share of nodes
    /// searched, over a one-threaded run of the tasks in order (each seen half-way
    /// and at its end), once a tenth of the nodes are searched.
    fn worst_gap(sizes: &[u64], est: &Estimator) -> f64 {
        let total: u64 = sizes.iter().sum();
        let mut measured = vec![Measured::default(); sizes.len()];
        let (mut searched, mut worst) = (0u64, 0f64);
        for (k, &size) in sizes.iter().enumerate() {
            for half in [false, true] {
                let nodes = if half { size } else { size / 2 };
                measured[k] = Measured {
                    nodes,
                    work: nodes,
                    within: if half { 1.0 } else { 0.5 },
                    finished: half,
                    path: Vec::new(),
                };
                let truth = (searched + nodes) as f64 / total as f64;
                let gap = (est.done(&measured) - truth).abs();
                if truth >= 0.1 {
                    worst = worst.max(gap * 100.0);
                }
            }
            searched += size;
        }
        assert!((est.done(&measured) - 1.0).abs() < 1e-9, "all done");
        worst
    }

    #[test]
    fn probes_estimate_the_size_of_a_subtree() {
        let mut tree = Synthetic {
            depth: 14,
            trend: false,
        };
        let (_, sizes, est) = probed(&mut tree, 200);
        let truth: u64 = sizes.iter().sum();
        let guess: f64 = est.probed_sizes().iter().sum();
        let ratio = guess / truth as f64;
        assert!(truth > 10_000, "a tree of {truth} nodes");
        assert!((0.85..1.15).contains(&ratio), "{guess} for {truth}");
    }

    #[test]
    fn the_share_done_follows_the_share_of_nodes_searched() {
        let mut tree = Synthetic {
            depth: 14,
            trend: false,
        };
        let (_, sizes, est) = probed(&mut tree, 64);
        let worst = worst_gap(&sizes, &est);
        assert!(worst <= 10.0, "{worst} points off");
    }

    #[test]
    fn tasks_that_grow_along_the_search_order_are_followed() {
        let mut tree = Synthetic {
            depth: 13,
            trend: true,
        };
        let (_, sizes, est) = probed(&mut tree, 64);
        let worst = worst_gap(&sizes, &est);
        assert!(worst <= 15.0, "{worst} points off");
    }

    #[test]
    fn a_search_smaller_than_its_probes_is_scaled_by_the_finished_tasks() {
        // As a memo of subtree counts makes it: every task searches a tenth of its tree.
        let mut tree = Synthetic {
            depth: 14,
            trend: false,
        };
        let (_, sizes, est) = probed(&mut tree, 64);
        let tenth: Vec<u64> = sizes.iter().map(|s| s / 10 + 1).collect();
        let worst = worst_gap(&tenth, &est);
        assert!(worst <= 15.0, "{worst} points off");
    }

    #[test]
    fn a_running_task_counts_its_own_nodes_and_the_scaled_rest_of_its_probes() {
        // Three tasks of 1,000 probed nodes each: the first finished in 1,000 nodes;
        // the second is half searched by its sides, in only 100 nodes (a memo filling
        // as it goes makes the searched side cheap); the third is not started.
        let mut est = Estimator::new(3);
        for k in 0..3 {
            est.add(k, 1000.0, CREDIBLE);
        }
        est.sides[1] = crate::run::rest::sampled(1.0, 2.0);
        let measured = [
            Measured {
                nodes: 1000,
                work: 1000,
                within: 1.0,
                finished: true,
                path: Vec::new(),
            },
            Measured {
                nodes: 100,
                work: 100,
                within: 0.1,
                finished: false,
                path: vec![0],
            },
            Measured::default(),
        ];
        // The scale: 1,100 nodes for 1,500 probed (the finished task and the running
        // one's searched half), with the prior's weight.
        let prior = PRIOR * 3000.0;
        let scale = (1100.0 + prior) / (1500.0 + prior);
        // The running task is its 100 nodes and its unsearched half scaled, not its
        // whole size scaled (which would take its searched half to cost 733 nodes).
        let whole = 1000.0 + (100.0 + scale * 500.0) + scale * 1000.0;
        assert!((est.done(&measured) - 1100.0 / whole).abs() < 1e-12);
    }

    #[test]
    fn nothing_is_done_before_any_probe_and_everything_at_the_end() {
        let est = Estimator::new(3);
        let mut measured = vec![Measured::default(); 3];
        assert_eq!(est.done(&measured), 0.0);
        assert!(!est.credible(&measured));
        for m in &mut measured {
            m.finished = true;
        }
        assert_eq!(est.done(&measured), 1.0);
        assert!(est.credible(&measured));
    }
}
