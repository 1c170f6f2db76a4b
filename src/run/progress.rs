//! What a run reports of its progress, to a callback of the caller's ([`OnProgress`]),
//! from the thread that called [`super::run`]: solutions so far, the estimated share of
//! the tree done (finished tasks' share plus Knuth's estimate inside the tasks in
//! flight, never going backwards) and the time spent. Drawing it is the caller's.

use std::time::Duration;

/// How far a run has come.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Status {
    /// Solutions so far, those of earlier runs of a resumed checkpoint included.
    pub solutions: u64,
    /// The estimated share of the tree done, in `0..=1`; it never goes back.
    pub done: f64,
    /// Time since this run started searching.
    pub elapsed: Duration,
    /// What earlier runs of a resumed checkpoint had done: their solutions and share.
    pub start_solutions: u64,
    pub start_done: f64,
}

/// Receives the run's [`Status`] while it runs, every tenth of a second or so.
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
