//! The progress line on stderr: solutions so far, the estimated share of the tree done
//! (finished tasks' share plus Knuth's estimate inside the tasks in flight, never going
//! backwards), the rate and the time left. Nothing of it reaches stdout.

use std::io::IsTerminal;
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

/// Where the progress goes.
enum Shown {
    Hidden,
    /// A line redrawn in place on a terminal.
    Bar(ProgressBar),
    /// Not a terminal (`--progress always` into a file or a pipe): one plain line every
    /// few seconds, which `indicatif` would not draw there.
    Lines {
        last: Instant,
    },
}

/// The progress line, if shown.
pub struct Progress {
    shown: Shown,
    start: Instant,
    start_done: f64,
    /// Solutions counted by earlier runs (not part of this run's rate).
    start_solutions: u64,
    done: Monotone,
}

/// Seconds between plain progress lines.
const LINE_EVERY: Duration = Duration::from_secs(5);

impl Progress {
    /// `show`: report on stderr; `start_done` and `start_solutions`: what earlier runs of
    /// a resumed search did.
    pub fn new(show: bool, start_done: f64, start_solutions: u64) -> Progress {
        let shown = match (show, std::io::stderr().is_terminal()) {
            (false, _) => Shown::Hidden,
            (true, true) => {
                let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
                bar.set_style(ProgressStyle::with_template("{spinner} {msg}").expect("a template"));
                Shown::Bar(bar)
            }
            // The first line comes after a second, then one every `LINE_EVERY`.
            (true, false) => Shown::Lines {
                last: Instant::now()
                    .checked_sub(LINE_EVERY - Duration::from_secs(1))
                    .unwrap_or_else(Instant::now),
            },
        };
        let mut done = Monotone::default();
        done.update(start_done);
        Progress {
            shown,
            start: Instant::now(),
            start_done,
            start_solutions,
            done,
        }
    }

    /// Shows `solutions` and the share `estimate` of the tree done.
    pub fn update(&mut self, solutions: u64, estimate: f64) {
        let done = self.done.update(estimate);
        if let Shown::Lines { last } = &self.shown {
            if last.elapsed() < LINE_EVERY {
                return;
            }
        }
        if matches!(self.shown, Shown::Hidden) {
            return;
        }
        let elapsed = self.start.elapsed().as_secs_f64();
        let rate = solutions.saturating_sub(self.start_solutions) as f64 / elapsed.max(1e-3);
        let gained = done - self.start_done;
        let left = if gained > 1e-9 && done < 1.0 {
            format_duration(Duration::from_secs_f64(
                (elapsed * (1.0 - done) / gained).min(1e9),
            ))
        } else {
            "?".to_string()
        };
        let line = format!(
            "{solutions} solutions, {:.2}% done, {rate:.0} solutions/s, {left} left",
            done * 100.0
        );
        match &mut self.shown {
            Shown::Hidden => {}
            Shown::Bar(bar) => {
                bar.set_message(line);
                bar.tick();
            }
            Shown::Lines { last } => {
                eprintln!("polyx: {line}");
                *last = Instant::now();
            }
        }
    }

    /// Removes the line.
    pub fn finish(&self) {
        if let Shown::Bar(bar) = &self.shown {
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
