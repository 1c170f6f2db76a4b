//! Where results go: a buffered stdout, and `--stats` lines on stderr.

use std::io::{self, BufWriter, StdoutLock, Write};
use std::time::Duration;

use crate::cover::Stats;

pub fn stdout() -> BufWriter<StdoutLock<'static>> {
    BufWriter::with_capacity(1 << 16, io::stdout().lock())
}

/// Prints the engine's counters on stderr.
pub fn print_stats(what: &str, items: usize, options: usize, stats: Stats, elapsed: Duration) {
    eprintln!(
        "{what}: {items} items, {options} options, {} nodes, {} updates, {} solutions, {:.3} s",
        stats.nodes,
        stats.updates,
        stats.solutions,
        elapsed.as_secs_f64()
    );
}

/// Flushes `out`, turning errors into the binary's error type.
pub fn finish(mut out: impl Write) -> anyhow::Result<()> {
    out.flush()?;
    Ok(())
}
