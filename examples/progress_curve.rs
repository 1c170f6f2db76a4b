//! Measures how honest the progress estimate is: counts a puzzle with progress reports,
//! logs (elapsed seconds, CPU seconds, estimated share done, nodes) about every second,
//! and at the end prints, for each tenth of the run's CPU time, the estimate against the
//! true share of the CPU time spent (and of the nodes searched, and the error against
//! wall time). The CPU time is the process's own (user and system, from
//! `/proc/self/stat`): on a machine shared with other jobs the wall time stretches
//! unevenly, while a one-thread run's CPU time is what its wall time is on a quiet machine.
//!
//! `cargo run --release --example progress_curve -- BOARD [keep|reduce] [memo|nomemo]
//! [THREADS] [LOG] [I/N]`: BOARD is a built-in board's name or a board file; LOG (`-`:
//! none) receives the per-second lines; I/N runs that shard. `scripts/progress-curve.sh` runs the benchmark's three
//! counts.

use std::io::Write;
use std::ops::ControlFlow;
use std::time::Duration;

use polyx::{load_puzzle, Puzzle, RunOptions, Shard, Solver, SymmetryMode};

/// One progress report: elapsed seconds, CPU seconds, estimated share done, nodes,
/// credible.
#[derive(Clone, Copy)]
struct Point {
    elapsed: f64,
    cpu: f64,
    done: f64,
    nodes: u64,
    credible: bool,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let board = args.first().map_or("6x10", String::as_str);
    let mode = match args.get(1).map(String::as_str) {
        Some("reduce") => SymmetryMode::Reduce,
        _ => SymmetryMode::Keep,
    };
    let memo = args.get(2).map(String::as_str) != Some("nomemo");
    let threads = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1);
    let (b, set) = load_puzzle(board, None).expect("a board");
    let mut solver = Solver::new(Puzzle::new(b, set).expect("a valid puzzle"), mode);
    solver.memo = memo;
    let shard = args
        .get(5)
        .map_or(Shard::WHOLE, |a| Shard::parse(a).expect("I/N"));
    let opts = RunOptions {
        threads,
        shard,
        ..RunOptions::default()
    };
    let mut points: Vec<Point> = Vec::new();
    let mut log = args
        .get(4)
        .filter(|p| *p != "-")
        .map(|p| std::fs::File::create(p).expect("a log file"));
    let mut next_log = 0.0;
    let mut on_progress = |s: &polyx::Progress| {
        let p = Point {
            elapsed: s.elapsed.as_secs_f64(),
            cpu: cpu_seconds(),
            done: s.done,
            nodes: s.nodes,
            credible: s.credible,
        };
        if p.elapsed >= next_log || s.ended {
            if let Some(f) = log.as_mut() {
                let _ = writeln!(
                    f,
                    "{:.2} {:.2} {:.4} {} {}",
                    p.elapsed, p.cpu, p.done, p.nodes, p.credible
                );
            }
            next_log = p.elapsed + 1.0;
        }
        points.push(p);
    };
    let report = polyx::run_with_progress(
        &solver,
        &opts,
        &mut |_| ControlFlow::Continue(()),
        Some(&mut on_progress),
    )
    .expect("the run");
    print_table(board, &points, report.solutions, report.elapsed);
}

/// The process's CPU time so far (user and system), in seconds: fields 14 and 15 of
/// `/proc/self/stat`, in clock ticks of 1/100 s; 0 where that cannot be read.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // The command name (field 2) may hold spaces; the fields after it follow its ')'.
    let Some(rest) = stat.rfind(')').map(|i| &stat[i + 1..]) else {
        return 0.0;
    };
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    // Field 14 (utime) is the 12th after the name; field 15 (stime) the 13th.
    (ticks(11) + ticks(12)) as f64 / 100.0
}

/// The point nearest to `at` on the axis `axis` picks.
fn nearest(points: &[Point], axis: fn(&Point) -> f64, at: f64) -> Point {
    *points
        .iter()
        .min_by(|a, b| (axis(a) - at).abs().total_cmp(&(axis(b) - at).abs()))
        .expect("points")
}

/// The estimate at each tenth of the run's CPU time against the shares of CPU time and
/// nodes, and the worst errors against CPU time, wall time and nodes.
fn print_table(board: &str, points: &[Point], solutions: polyx::Count, elapsed: Duration) {
    let last = points.last().copied().expect("at least the last report");
    let (wall, cpu, nodes) = (last.elapsed, last.cpu, last.nodes as f64);
    println!(
        "{board}: {solutions} solutions, {} nodes, {wall:.1} s wall, {cpu:.1} s CPU",
        last.nodes
    );
    let credible = points
        .iter()
        .find(|p| p.credible)
        .map_or(wall, |p| p.elapsed);
    // The run's length as the progress line predicts it before smoothing (time over
    // done, once credible and after its first second), at its largest, in CPU time.
    let longest = points
        .iter()
        .filter(|p| p.credible && p.elapsed >= 1.0 && p.done > 0.0)
        .map(|p| p.cpu / p.done)
        .fold(0f64, f64::max);
    println!(
        "credible after {credible:.2} s (run {:.1} s); longest predicted run {longest:.0} s CPU",
        elapsed.as_secs_f64()
    );
    println!("| CPU time | estimated done | nodes done | error (points) |");
    println!("|---------:|---------------:|-----------:|---------------:|");
    let (mut worst_cpu, mut worst_wall, mut worst_nodes) = (0f64, 0f64, 0f64);
    for tenth in 1..=9 {
        let f = f64::from(tenth) / 10.0;
        let at = nearest(points, |p| p.cpu, f * cpu);
        let err = (at.done - f) * 100.0;
        worst_cpu = worst_cpu.max(err.abs());
        println!(
            "| {:>7.0}% | {:>13.1}% | {:>9.1}% | {:>+14.1} |",
            f * 100.0,
            at.done * 100.0,
            at.nodes as f64 / nodes * 100.0,
            err
        );
        let at = nearest(points, |p| p.elapsed, f * wall);
        worst_wall = worst_wall.max((at.done - f).abs() * 100.0);
        let at = nearest(points, |p| p.nodes as f64, f * nodes);
        worst_nodes = worst_nodes.max((at.done - f).abs() * 100.0);
    }
    println!(
        "worst error after the first 10%: {worst_cpu:.1} points against CPU time, \
         {worst_wall:.1} against wall time, {worst_nodes:.1} against nodes"
    );
}
