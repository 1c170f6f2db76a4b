//! The progress line on stderr, drawn from the [`Status`] a run reports: solutions so
//! far, the estimated share of the tree done, the rate and the time left. On a terminal
//! one line redrawn in place; elsewhere (`--progress always` into a file or a pipe) one
//! plain line every few seconds. Nothing of it reaches stdout.

use std::time::Duration;

use crate::run::progress::Status;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Seconds between plain progress lines.
const LINE_EVERY: Duration = Duration::from_secs(5);

/// When the first plain line comes.
const FIRST_LINE: Duration = Duration::from_secs(1);

/// Where the progress goes.
pub enum ProgressLine {
    /// A line redrawn in place on a terminal.
    Bar(ProgressBar),
    /// Not a terminal: one plain line from `next` on, which `indicatif` would not draw
    /// there.
    Lines { next: Duration },
}

impl ProgressLine {
    /// The line, redrawn in place if `terminal`.
    pub fn new(terminal: bool) -> ProgressLine {
        if terminal {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            bar.set_style(ProgressStyle::with_template("{spinner} {msg}").expect("a template"));
            ProgressLine::Bar(bar)
        } else {
            ProgressLine::Lines { next: FIRST_LINE }
        }
    }

    /// Shows `status`.
    pub fn update(&mut self, status: &Status) {
        match self {
            ProgressLine::Bar(bar) => {
                bar.set_message(line(status));
                bar.tick();
            }
            ProgressLine::Lines { next } => {
                if status.elapsed >= *next {
                    eprintln!("polyx: {}", line(status));
                    *next = status.elapsed + LINE_EVERY;
                }
            }
        }
    }

    /// Removes the line.
    pub fn finish(&self) {
        if let ProgressLine::Bar(bar) = self {
            bar.finish_and_clear();
        }
    }
}

/// "N solutions, P% done, R solutions/s, T left", the rate and the time left measured
/// over this run alone.
fn line(status: &Status) -> String {
    let elapsed = status.elapsed.as_secs_f64();
    let found = status.solutions.saturating_sub(status.start_solutions);
    let rate = found as f64 / elapsed.max(1e-3);
    let (done, gained) = (status.done, status.done - status.start_done);
    let left = if gained > 1e-9 && done < 1.0 {
        format_duration(Duration::from_secs_f64(
            (elapsed * (1.0 - done) / gained).min(1e9),
        ))
    } else {
        "?".to_string()
    };
    format!(
        "{} solutions, {:.2}% done, {rate:.0} solutions/s, {left} left",
        status.solutions,
        done * 100.0
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

    #[test]
    fn durations_are_short() {
        assert_eq!(format_duration(Duration::from_secs(125)), "2m05s");
        assert_eq!(format_duration(Duration::from_secs(7300)), "2h01m");
    }
}
