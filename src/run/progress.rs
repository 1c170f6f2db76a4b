//! What a run reports of its progress, to a callback of the caller's ([`OnProgress`]),
//! from the thread that called [`super::run`]: solutions so far, the estimated share of
//! the work done (the nodes searched over the estimated nodes of the run,
//! `estimate.rs`; never going backwards), the nodes and the time spent, and a last
//! report when the run ends. Drawing it is the caller's.

use std::time::Duration;

use crate::count::Count;

/// How far a run has come.
#[derive(Clone, Debug, PartialEq)]
pub struct Status {
    /// Solutions so far, those of earlier runs of a resumed checkpoint included.
    pub solutions: Count,
    /// The estimated share of the work done, in `0..=1`; it never goes back.
    pub done: f64,
    /// Whether the estimate rests on enough samples to be believed (before, `done` is a
    /// guess and a time left would be a wild one).
    pub credible: bool,
    /// Nodes searched by this run so far (those of running tasks counted in ticks).
    pub nodes: u64,
    /// The run has ended: this is its last report (`done` is 1 if it searched
    /// everything).
    pub ended: bool,
    /// Time since this run started searching.
    pub elapsed: Duration,
    /// The solutions of earlier runs of a resumed checkpoint.
    pub start_solutions: Count,
    /// The share done by earlier runs of a resumed checkpoint.
    pub start_done: f64,
}

/// Receives the run's [`Status`] as soon as it starts, every tenth of a second or so
/// while it runs, and once when it ends.
pub type OnProgress<'a> = dyn FnMut(&Status) + 'a;

/// An estimate that only moves forward.
#[derive(Debug, Default, Clone, Copy)]
pub struct Monotone(f64);

impl Monotone {
    /// Takes a new estimate; returns the current value, at least every earlier one.
    pub fn update(&mut self, estimate: f64) -> f64 {
        let e = estimate.clamp(0.0, 1.0);
        if e > self.0 {
            self.0 = e;
        }
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn estimate_never_goes_back() {
        let mut m = Monotone::default();
        assert_eq!(m.update(0.3), 0.3);
        assert_eq!(m.update(0.2), 0.3);
        assert_eq!(m.update(1.5), 1.0);
    }
}
