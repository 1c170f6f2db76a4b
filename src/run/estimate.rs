//! The share of a run's work done, measured in search nodes: the nodes searched so far
//! over the estimated nodes of the whole run. A finished task's size is what it
//! searched; an unfinished task's size is estimated from random probes below it
//! (Knuth's estimate, `probe.rs`), scaled by how the finished tasks' measured nodes
//! compare with their probes' estimates (a memo of subtree counts, or checks that the
//! probes do not make, make the search smaller than its tree). The probes run on the
//! thread that follows the run, in slices of a small share of the elapsed time, the
//! unfinished tasks in turn, so the estimate sharpens as the run goes.

use std::time::{Duration, Instant};

use super::checkpoint::Task;
use super::job::Tree;
use super::probe::{probe, Rng};

/// What the run measured of one task so far.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct Measured {
    /// Nodes searched below the task: counted in ticks while it runs, exactly once it
    /// ended.
    pub nodes: u64,
    /// The engine's own estimate of the share of the task searched (the positions on
    /// its stack read as a fraction).
    pub within: f64,
    /// The task was searched to its end.
    pub finished: bool,
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
const PRIOR: f64 = 0.005;
/// A running task is taken to be at least its nodes over this share of it, or over the
/// engine's estimate of its share done if larger.
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

/// Estimates of the tasks' sizes, and the probing that makes them.
#[derive(Debug)]
pub(super) struct Estimator {
    samples: Vec<Sample>,
    rng: Rng,
    /// The next task to probe.
    cursor: usize,
    /// Time spent probing.
    spent: Duration,
}

impl Estimator {
    /// No estimate yet for `tasks` tasks.
    pub fn new(tasks: usize) -> Estimator {
        Estimator {
            samples: vec![Sample::default(); tasks],
            rng: Rng::new(0x5eed),
            cursor: 0,
            spent: Duration::ZERO,
        }
    }

    /// The probing time left in the budget after `elapsed` of the run.
    fn allowed(&self, elapsed: Duration) -> Duration {
        (BURST + elapsed.mul_f64(DUTY)).saturating_sub(self.spent)
    }

    /// Whether some unfinished task wants more probes and the budget allows them.
    pub fn due(&self, elapsed: Duration, measured: &[Measured]) -> bool {
        !self.allowed(elapsed).is_zero() && self.wanted(measured).is_some()
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
            let Some(k) = self.wanted(measured) else {
                break;
            };
            let size = probe(tree, &tasks[k].sub, &mut self.rng);
            self.samples[k].sum += size;
            self.samples[k].probes += 1;
            self.cursor = (k + 1) % self.samples.len();
        }
        self.spent += start.elapsed();
    }

    /// Adds `probes` estimates of `size` nodes to task `k` (for tests).
    #[cfg(test)]
    pub fn add(&mut self, k: usize, size: f64, probes: u32) {
        self.samples[k].sum += size * f64::from(probes);
        self.samples[k].probes += probes;
    }

    /// Whether every unfinished task has had enough probes for the estimate to be
    /// credible.
    pub fn credible(&self, measured: &[Measured]) -> bool {
        (self.samples.iter().zip(measured)).all(|(s, m)| m.finished || s.probes >= CREDIBLE)
    }

    /// The estimated share of the run's nodes searched, in `0..=1` (0 before any
    /// probe).
    pub fn done(&self, measured: &[Measured]) -> f64 {
        let sizes = self.probed_sizes();
        let total: f64 = sizes.iter().sum();
        if total <= 0.0 {
            return if measured.iter().all(|m| m.finished) { 1.0 } else { 0.0 };
        }
        // How the finished tasks' nodes compare with their probes' estimates.
        let (mut nodes, mut probed) = (0.0, 0.0);
        for (m, size) in measured.iter().zip(&sizes) {
            if m.finished {
                nodes += m.nodes as f64;
                probed += size;
            }
        }
        let prior = PRIOR * total;
        let scale = (nodes + prior) / (probed + prior);
        let (mut searched, mut whole) = (0.0, 0.0);
        for (m, size) in measured.iter().zip(&sizes) {
            let n = m.nodes as f64;
            searched += n;
            whole += if m.finished {
                n
            } else {
                (scale * size).max(n / m.within.max(LEAST_WITHIN))
            };
        }
        if whole <= 0.0 {
            return 1.0;
        }
        (searched / whole).clamp(0.0, 1.0)
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
