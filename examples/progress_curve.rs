//! Measures how honest the progress estimate is: counts a puzzle with progress reports,
//! logs (elapsed seconds, estimated share done, nodes) about every second, and at the end
//! prints, for each tenth of the run's time, the estimate against the true share of the
//! time elapsed (and of the nodes searched).
//!
//! `cargo run --release --example progress_curve -- BOARD [keep|reduce] [memo|nomemo]
//! [THREADS] [LOG] [I/N]`: BOARD is a built-in board's name or a board file; LOG (`-`:
//! none) receives the per-second lines; I/N runs that shard. `scripts/progress-curve.sh` runs the benchmark's three
//! counts.

use std::io::Write;
use std::ops::ControlFlow;
use std::time::Duration;

use polyx::{load_puzzle, Puzzle, RunOptions, Shard, Solver, SymmetryMode};

/// One progress report: elapsed seconds, estimated share done, nodes, credible.
#[derive(Clone, Copy)]
struct Point {
    elapsed: f64,
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
            done: s.done,
            nodes: s.nodes,
            credible: s.credible,
        };
        if p.elapsed >= next_log || s.ended {
            if let Some(f) = log.as_mut() {
                let _ = writeln!(
                    f,
                    "{:.2} {:.4} {} {}",
                    p.elapsed, p.done, p.nodes, p.credible
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

/// The estimate at each tenth of the run's time against the shares of time and nodes.
fn print_table(board: &str, points: &[Point], solutions: u64, elapsed: Duration) {
    let last = points.last().copied().expect("at least the last report");
    let (total, nodes) = (last.elapsed, last.nodes as f64);
    println!(
        "{board}: {solutions} solutions, {} nodes, {total:.1} s",
        last.nodes
    );
    let credible = points
        .iter()
        .find(|p| p.credible)
        .map_or(total, |p| p.elapsed);
    println!(
        "credible after {credible:.2} s (run {:.1} s)",
        elapsed.as_secs_f64()
    );
    println!("| elapsed | estimated done | nodes done | error (points) |");
    println!("|--------:|---------------:|-----------:|---------------:|");
    let mut worst: f64 = 0.0;
    for tenth in 1..=9 {
        let f = f64::from(tenth) / 10.0;
        let at = points
            .iter()
            .min_by(|a, b| {
                let (da, db) = ((a.elapsed - f * total).abs(), (b.elapsed - f * total).abs());
                da.total_cmp(&db)
            })
            .expect("points");
        let err = (at.done - f) * 100.0;
        worst = worst.max(err.abs());
        println!(
            "| {:>6.0}% | {:>13.1}% | {:>9.1}% | {:>+14.1} |",
            f * 100.0,
            at.done * 100.0,
            at.nodes as f64 / nodes * 100.0,
            err
        );
    }
    println!("worst error after the first 10%: {worst:.1} points");
}
