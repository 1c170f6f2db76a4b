//! The progress line on stderr: solutions so far, the estimated share of the tree done
//! (finished tasks' share plus Knuth's estimate inside the tasks in flight, never going
//! backwards), the rate and the time left. Nothing of it reaches stdout.

use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

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

/// The progress line, if shown.
pub struct Progress {
    bar: Option<ProgressBar>,
    start: Instant,
    start_done: f64,
    done: Monotone,
}

impl Progress {
    /// `show`: draw on stderr; `start_done`: the share done by earlier runs.
    pub fn new(show: bool, start_done: f64) -> Progress {
        let bar = show.then(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            bar.set_style(ProgressStyle::with_template("{spinner} {msg}").expect("a template"));
            bar
        });
        let mut done = Monotone::default();
        done.update(start_done);
        Progress {
            bar,
            start: Instant::now(),
            start_done,
            done,
        }
    }

    /// Shows `solutions` and the share `estimate` of the tree done.
    pub fn update(&mut self, solutions: u64, estimate: f64) {
        let done = self.done.update(estimate);
        let Some(bar) = &self.bar else { return };
        let elapsed = self.start.elapsed().as_secs_f64();
        let rate = solutions as f64 / elapsed.max(1e-3);
        let gained = done - self.start_done;
        let left = if gained > 1e-9 && done < 1.0 {
            format_duration(Duration::from_secs_f64(
                (elapsed * (1.0 - done) / gained).min(1e9),
            ))
        } else {
            "?".to_string()
        };
        bar.set_message(format!(
            "{solutions} solutions, {:.2}% done, {rate:.0} solutions/s, {left} left",
            done * 100.0
        ));
        bar.tick();
    }

    /// Removes the line.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

fn format_duration(d: Duration) -> String {
    let s = d.as_secs();
    match s {
        0..=99 => format!("{s}s"),
        100..=5999 => format!("{}m{:02}s", s / 60, s % 60),
        _ => format!("{}h{:02}m", s / 3600, (s / 60) % 60),
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
        assert_eq!(format_duration(Duration::from_secs(125)), "2m05s");
        assert_eq!(format_duration(Duration::from_secs(7300)), "2h01m");
    }
}
