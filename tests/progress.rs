//! Progress (issue 23): `--progress always` prints a line and a summary however short
//! the run; the reports a run gives its caller start at once, never go back, and end
//! with one that matches the run's report.

use std::ops::ControlFlow;

use assert_cmd::Command;
use polyx::{load_puzzle, Progress, Puzzle, RunOptions, Solver, SymmetryMode};

fn polyx() -> Command {
    Command::cargo_bin("polyx").unwrap()
}

/// The stderr of `polyx ARGS --progress always`, after checking its stdout.
fn progress_of(args: &[&str], stdout: &str) -> String {
    let out = polyx()
        .args(args)
        .args(["--progress", "always"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), stdout);
    String::from_utf8_lossy(&out.stderr).to_string()
}

#[test]
fn progress_always_prints_a_line_and_a_summary_on_a_short_run() {
    // 6x10 in keep mode: 9,356 tilings in a few hundredths of a second.
    let stderr = progress_of(
        &["count", "6x10", "--symmetry", "keep", "-j", "1"],
        "9356\n",
    );
    let lines: Vec<&str> = stderr.lines().collect();
    assert!(lines.len() >= 2, "{stderr}");
    assert!(lines
        .iter()
        .all(|l| l.starts_with("polyx: ") && l.contains("% done")));
    assert!(lines[0].contains("solutions, "), "{stderr}");
    let last = lines.last().unwrap();
    assert!(
        last.starts_with("polyx: finished: 9356 solutions, ") && last.contains(" nodes, "),
        "{stderr}"
    );
    assert!(last.ends_with("(100.00% done)"), "{stderr}");
}

#[test]
fn a_puzzle_settled_before_the_search_has_its_summary_too() {
    // The five tetrominoes in 4x5: refuted by parity, no node searched.
    let stderr = progress_of(&["count", "tetrominoes-4x5"], "0\n");
    assert!(
        stderr.contains("polyx: finished: 0 solutions, 0 nodes, "),
        "{stderr}"
    );
}

#[test]
fn a_stopped_run_says_so_in_its_summary() {
    let out = polyx()
        .args(["count", "8x8-square", "-j", "1", "--max-nodes", "5000"])
        .args(["--progress", "always"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(130));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("polyx: stopped: "), "{stderr}");
}

#[test]
fn reports_start_at_once_never_go_back_and_end_with_the_run() {
    let (b, set) = load_puzzle("5x12", None).unwrap();
    let mut solver = Solver::new(Puzzle::new(b, set).unwrap(), SymmetryMode::Keep);
    solver.memo = false;
    for threads in [1, 2] {
        let opts = RunOptions {
            threads,
            tick_log2: 8,
            ..RunOptions::default()
        };
        let mut seen: Vec<Progress> = Vec::new();
        let report = polyx::run_with_progress(
            &solver,
            &opts,
            &mut |_| ControlFlow::Continue(()),
            Some(&mut |s: &Progress| seen.push(s.clone())),
        )
        .unwrap();
        let (first, last) = (seen[0].clone(), seen.last().unwrap().clone());
        assert!(!first.ended && first.done < 1.0);
        assert!(seen.windows(2).all(|w| w[0].done <= w[1].done));
        assert_eq!(seen.iter().filter(|s| s.ended).count(), 1);
        assert!(last.ended && last.done == 1.0 && last.credible);
        assert_eq!(last.solutions, report.solutions);
        assert_eq!(last.nodes, report.stats.nodes);
    }
}

#[test]
fn a_count_by_burnsides_lemma_sums_up_the_classes_it_prints() {
    // dominoes-8x8 in reduce mode counts every tiling and divides by Burnside's lemma:
    // the summary gives the 1,629,189 classes printed, not the 12,988,816 tilings.
    let stderr = progress_of(&["count", "dominoes-8x8"], "1629189\n");
    let last = stderr.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("polyx: finished: 1629189 solutions, "),
        "{stderr}"
    );
}
