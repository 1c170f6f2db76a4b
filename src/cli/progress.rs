//! The progress line on stderr, drawn from the [`Status`] a run reports: solutions so
//! far, the estimated share of the work done, the rate and the time left. On a terminal
//! one line redrawn in place; elsewhere (`--progress always` into a file or a pipe) one
//! plain line at once and then every few seconds. When the run ends, a summary line
//! (solutions, nodes, time). The time left is smoothed, and "estimating…" until the
//! run's estimate is credible. Nothing of it reaches stdout.

use std::time::Duration;

use crate::run::progress::Status;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Seconds between plain progress lines.
const LINE_EVERY: Duration = Duration::from_secs(5);

/// No time left is said before this much of the run has passed.
const FIRST_ETA: Duration = Duration::from_secs(1);

/// The time constant, in seconds, of the smoothing of the predicted end.
const SMOOTHING: f64 = 3.0;

/// Where the progress goes, and the smoothed prediction of the run's length.
pub struct ProgressLine {
    draw: Draw,
    eta: Eta,
}

enum Draw {
    /// A line redrawn in place on a terminal.
    Bar(ProgressBar),
    /// Not a terminal: one plain line from `next` on, which `indicatif` would not draw
    /// there.
    Lines { next: Duration },
}

impl ProgressLine {
    /// The line, redrawn in place if `terminal`.
    pub fn new(terminal: bool) -> ProgressLine {
        let draw = if terminal {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            bar.set_style(ProgressStyle::with_template("{spinner} {msg}").expect("a template"));
            Draw::Bar(bar)
        } else {
            Draw::Lines {
                next: Duration::ZERO,
            }
        };
        ProgressLine {
            draw,
            eta: Eta::default(),
        }
    }

    /// Shows `status`; the last one of a run becomes the summary line.
    pub fn update(&mut self, status: &Status) {
        let left = self.eta.update(status);
        if status.ended {
            if let Draw::Bar(bar) = &self.draw {
                bar.finish_and_clear();
            }
            eprintln!("polyx: {}", summary(status));
            return;
        }
        match &mut self.draw {
            Draw::Bar(bar) => {
                bar.set_message(line(status, left));
                bar.tick();
            }
            Draw::Lines { next } => {
                if status.elapsed >= *next {
                    eprintln!("polyx: {}", line(status, left));
                    *next = status.elapsed + LINE_EVERY;
                }
            }
        }
    }

    /// Removes the line (if the run ended without its last report).
    pub fn finish(&self) {
        if let Draw::Bar(bar) = &self.draw {
            bar.finish_and_clear();
        }
    }
}

/// The predicted length of the run (this run alone, from its start), smoothed.
#[derive(Default)]
struct Eta {
    total: Option<f64>,
    at: f64,
}

impl Eta {
    /// Takes `status` in; the time left, once the estimate is credible.
    fn update(&mut self, status: &Status) -> Option<Duration> {
        let elapsed = status.elapsed.as_secs_f64();
        let gained = status.done - status.start_done;
        let credible = status.credible && status.elapsed >= FIRST_ETA;
        if !credible || gained <= 1e-6 || status.done >= 1.0 {
            return None;
        }
        let predicted = elapsed * (1.0 - status.start_done) / gained;
        let total = match self.total {
            None => predicted,
            Some(t) => {
                let keep = (-(elapsed - self.at).max(0.0) / SMOOTHING).exp();
                keep * t + (1.0 - keep) * predicted
            }
        };
        self.total = Some(total);
        self.at = elapsed;
        Some(Duration::from_secs_f64((total - elapsed).clamp(0.0, 1e9)))
    }
}

/// "N solutions, P% done, R solutions/s, T left", the rate and the time left measured
/// over this run alone; "estimating…" in place of the time left until it is credible.
fn line(status: &Status, left: Option<Duration>) -> String {
    let elapsed = status.elapsed.as_secs_f64();
    let found = (status.solutions.checked_sub(&status.start_solutions)).unwrap_or_default();
    let rate = found.to_f64() / elapsed.max(1e-3);
    let left = match left {
        Some(d) => format!("{} left", format_duration(d)),
        None => "estimating…".to_string(),
    };
    format!(
        "{} solutions, {:.2}% done, {rate:.0} solutions/s, {left}",
        status.solutions,
        status.done * 100.0
    )
}

/// "finished: N solutions, M nodes, T (100.00% done)", or "stopped: …" with the share
/// done when the run did not search everything.
fn summary(status: &Status) -> String {
    let verb = if status.done >= 1.0 {
        "finished"
    } else {
        "stopped"
    };
    let secs = status.elapsed.as_secs_f64();
    let time = if secs < 100.0 {
        format!("{secs:.2}s")
    } else {
        format_duration(status.elapsed)
    };
    format!(
        "{verb}: {} solutions, {} nodes, {time} ({:.2}% done)",
        status.solutions,
        status.nodes,
        status.done * 100.0
    )
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
    use crate::Count;

    fn status(done: f64, secs: f64) -> Status {
        Status {
            solutions: Count::from(10u64),
            done,
            credible: true,
            nodes: 1000,
            ended: false,
            elapsed: Duration::from_secs_f64(secs),
            start_solutions: Count::ZERO,
            start_done: 0.0,
        }
    }

    #[test]
    fn no_time_left_until_the_estimate_is_credible() {
        let mut eta = Eta::default();
        assert_eq!(eta.update(&status(0.001, 0.2)), None, "too early");
        let guess = Status {
            credible: false,
            ..status(0.1, 2.0)
        };
        assert_eq!(eta.update(&guess), None);
        let left = eta.update(&status(0.1, 2.0)).expect("credible");
        assert_eq!(left.as_secs(), 18);
        assert!(line(&guess, None).ends_with("estimating…"));
    }

    #[test]
    fn the_time_left_is_smoothed() {
        let mut eta = Eta::default();
        eta.update(&status(0.5, 10.0));
        // A jump of the estimate moves the prediction (20 s in all) only part of the way.
        let left = eta.update(&status(0.6, 10.1)).expect("credible");
        assert!(
            left.as_secs_f64() > 9.0 && left.as_secs_f64() < 10.0,
            "{left:?}"
        );
    }

    #[test]
    fn the_summary_names_solutions_nodes_and_time() {
        let end = Status {
            ended: true,
            ..status(1.0, 0.5)
        };
        assert_eq!(
            summary(&end),
            "finished: 10 solutions, 1000 nodes, 0.50s (100.00% done)"
        );
    }

    #[test]
    fn durations_are_short() {
        assert_eq!(format_duration(Duration::from_secs(125)), "2m05s");
        assert_eq!(format_duration(Duration::from_secs(7300)), "2h01m");
    }
}
