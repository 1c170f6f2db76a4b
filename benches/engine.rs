//! The engine against the yardstick: `polyx dlx --count` done through the library (parse
//! and search, on the table `AnySearch` picks: option bitsets on these instances), the
//! same on Knuth's DLX1 table (`polyx_dlx`), and Knuth-style plain C
//! (`shared/bench/refdlx.c`, compiled here with `cc -O2`, run as a process on the same
//! file) in the same run. All sides include reading the file; refdlx also pays one
//! process start. After each group the ratios to refdlx of the mean times are printed.
//! Without `cc`, only polyx runs.
//!
//! Measured (callgrind, `pent_8x8_hole.dlx`, whole `polyx dlx --count`): DLX 3.16 G
//! instructions, bitsets 1.25 G, refdlx 3.19 G; wall time on `pent_6x10.dlx` see
//! BENCHMARKS.md.

use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use criterion::{black_box, criterion_group, criterion_main, Criterion, SamplingMode};
use polyx::cover::{knuth, AnySearch, Search};

fn shared() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared"))
}

/// Compiles refdlx.c into the target dir; `None` (with a message) if that fails.
fn build_refdlx() -> Option<PathBuf> {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/target")));
    let out = target.join("refdlx");
    let source = shared().join("bench/refdlx.c");
    let status = Command::new("cc")
        .args(["-O2", "-o"])
        .arg(&out)
        .arg(&source)
        .status();
    match status {
        Ok(s) if s.success() => Some(out),
        Ok(s) => {
            eprintln!("skipping refdlx: cc failed ({s})");
            None
        }
        Err(e) => {
            eprintln!("skipping refdlx: cannot run cc ({e})");
            None
        }
    }
}

fn polyx_count(text: &str) -> u64 {
    let problem = knuth::read("bench", text).expect("a valid instance");
    u64::try_from(AnySearch::new(&problem).count()).expect("a benchmark's count fits a word")
}

fn polyx_dlx_count(text: &str) -> u64 {
    let problem = knuth::read("bench", text).expect("a valid instance");
    u64::try_from(Search::new(&problem).count()).expect("a benchmark's count fits a word")
}

fn refdlx_count(refdlx: &Path, file: &Path) -> u64 {
    let stdin = std::fs::File::open(file).expect("the instance file");
    let out = Command::new(refdlx)
        .stdin(stdin)
        .stderr(Stdio::null())
        .output()
        .expect("refdlx runs");
    String::from_utf8_lossy(&out.stdout)
        .trim()
        .parse()
        .expect("refdlx prints a count")
}

/// Times `f` through criterion, also summing the time per iteration for the ratio.
fn timed(total: &Cell<(Duration, u64)>, iters: u64, mut f: impl FnMut() -> u64) -> Duration {
    let start = Instant::now();
    for _ in 0..iters {
        black_box(f());
    }
    let elapsed = start.elapsed();
    let (d, n) = total.get();
    total.set((d + elapsed, n + iters));
    elapsed
}

fn mean(total: &Cell<(Duration, u64)>) -> f64 {
    let (d, n) = total.get();
    d.as_secs_f64() / n.max(1) as f64
}

fn instance(c: &mut Criterion, name: &str, refdlx: Option<&Path>, seconds: u64) {
    let file = shared().join(format!("instances/{name}.dlx"));
    let text = std::fs::read_to_string(&file).expect("the instance file");
    let count = polyx_count(&text);
    if let Some(r) = refdlx {
        assert_eq!(
            refdlx_count(r, &file),
            count,
            "{name}: polyx and refdlx disagree"
        );
    }
    assert_eq!(
        polyx_dlx_count(&text),
        count,
        "{name}: the two tables disagree"
    );
    let (ours, dlx, theirs) = (Cell::default(), Cell::default(), Cell::default());
    let mut group = c.benchmark_group(name);
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(seconds));
    group.bench_function("polyx", |b| {
        b.iter_custom(|iters| timed(&ours, iters, || polyx_count(&text)))
    });
    group.bench_function("polyx_dlx", |b| {
        b.iter_custom(|iters| timed(&dlx, iters, || polyx_dlx_count(&text)))
    });
    if let Some(r) = refdlx {
        group.bench_function("refdlx", |b| {
            b.iter_custom(|iters| timed(&theirs, iters, || refdlx_count(r, &file)))
        });
    }
    group.finish();
    if refdlx.is_some() {
        let (p, d, r) = (mean(&ours), mean(&dlx), mean(&theirs));
        println!(
            "{name}: {count} solutions; polyx {p:.4} s, polyx_dlx {d:.4} s, refdlx {r:.4} s, \
             polyx/refdlx = {:.3}, polyx_dlx/refdlx = {:.3}",
            p / r,
            d / r
        );
    }
}

fn engine(c: &mut Criterion) {
    let refdlx = build_refdlx();
    let r = refdlx.as_deref();
    instance(c, "queens_12", r, 5);
    instance(c, "pent_8x8_hole", r, 5);
    instance(c, "pent_6x10", r, 20);
}

criterion_group!(benches, engine);
criterion_main!(benches);
