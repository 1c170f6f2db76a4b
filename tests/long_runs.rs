//! Long runs (issue 5): counts identical for every thread count and for shards summed;
//! interrupted runs resumed from a checkpoint count every solution once; printed output
//! in the same order for every thread count; checkpoints of other runs refused.

use std::ops::ControlFlow;
use std::path::PathBuf;

use assert_cmd::Command;
use polyx::{
    load_puzzle, Engine, Puzzle, RunOptions as Options, RunReport, Shard, Solver, SymmetryMode,
};

fn solver(board: &str, mode: SymmetryMode) -> Solver {
    let (b, s) = load_puzzle(board, None).unwrap();
    Solver::new(Puzzle::new(b, s).unwrap(), mode)
}

/// The same puzzle on each engine that applies (the bitboard one first, with and
/// without its memo of counts, then DLX).
fn solvers(board: &str, mode: SymmetryMode) -> Vec<Solver> {
    let mut out = vec![solver(board, mode)];
    if out[0].engine() == Engine::Bitboard {
        let mut plain = solver(board, mode);
        plain.memo = false;
        out.push(plain);
        let mut dlx = solver(board, mode);
        assert!(dlx.use_engine(Engine::Dlx));
        out.push(dlx);
    }
    out
}

/// Whether `solver`'s node counts are the same however the run is cut up (not when
/// the memo of counts may take part: its hits depend on what each thread met before).
fn exact_nodes(solver: &Solver) -> bool {
    solver.engine() == Engine::Dlx || !solver.memo
}

fn count(solver: &Solver, opts: &Options) -> RunReport {
    polyx::run(solver, opts, &mut |_| ControlFlow::Continue(())).unwrap()
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("polyx-long-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// Every thread count and every shard split gives the known count and the same nodes.
fn check_board(board: &str, keep: u64, reduce: u64, threads: &[usize], shards: u32) {
    let modes = [(SymmetryMode::Keep, keep), (SymmetryMode::Reduce, reduce)];
    for (s, expected) in modes
        .iter()
        .flat_map(|&(mode, n)| solvers(board, mode).into_iter().map(move |s| (s, n)))
    {
        let mode = s.mode();
        let mut nodes = None;
        for &threads in threads {
            let r = count(
                &s,
                &Options {
                    threads,
                    ..Options::default()
                },
            );
            assert_eq!(r.solutions, expected, "{board} {mode:?} -j {threads}");
            assert!(r.complete);
            if exact_nodes(&s) {
                assert_eq!(
                    *nodes.get_or_insert(r.stats.nodes),
                    r.stats.nodes,
                    "{board}"
                );
            }
        }
        let (mut total, mut total_nodes) = (0, 0);
        for index in 1..=shards {
            let shard = Shard {
                index,
                count: shards,
            };
            let r = count(
                &s,
                &Options {
                    threads: 2,
                    shard,
                    ..Options::default()
                },
            );
            total += r.solutions.to_u64().unwrap();
            total_nodes += r.stats.nodes;
        }
        assert_eq!(total, expected, "{board} {mode:?} shards of {shards}");
        if exact_nodes(&s) {
            assert_eq!(Some(total_nodes), nodes, "{board} {mode:?} shard nodes");
        }
    }
}

#[test]
fn counts_agree_for_threads_and_shards() {
    check_board("3x20", 8, 2, &[1, 2, 8], 3);
    check_board("4x15", 1472, 368, &[1, 2, 8], 4);
    check_board("scott", 520, 65, &[1, 2, 8], 5);
}

#[test]
fn noi2005_counts_agree_for_threads_and_shards() {
    check_board("noi2005", 32288, 16144, &[1, 2], 3);
}

#[test]
fn interrupted_runs_resume_to_the_exact_total() {
    // 4x15 has the bitboard engine's single front, Scott's board its 8 fronts.
    let cases = [
        ("4x15", SymmetryMode::Keep, 1472),
        ("4x15", SymmetryMode::Reduce, 368),
        ("scott", SymmetryMode::Keep, 520),
        ("scott", SymmetryMode::Reduce, 65),
    ];
    for (board, s, expected) in cases
        .iter()
        .flat_map(|&(board, mode, n)| solvers(board, mode).into_iter().map(move |s| (board, s, n)))
    {
        let mode = s.mode();
        let path = temp(&format!("{board}-{}-{:?}.json", mode.name(), s.engine()));
        let (mut runs, mut most_done) = (0, 0.0f64);
        loop {
            runs += 1;
            let opts = Options {
                threads: 1 + runs % 2,
                checkpoint: Some(path.clone()),
                tick_log2: 8,
                node_budget: Some(5_000),
                ..Options::default()
            };
            let r = count(&s, &opts);
            if r.complete {
                assert_eq!(r.solutions, expected, "{mode:?} after {runs} runs");
                if exact_nodes(&s) {
                    assert_eq!(r.stats.nodes, count(&s, &Options::default()).stats.nodes);
                }
                break;
            }
            assert!(r.interrupted && r.solutions <= expected, "{r:?}");
            // The share of the tree counted as done never counts a stopped task twice.
            let saved: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            let done = saved["done"].as_f64().unwrap();
            assert!(
                (0.0..=1.0 + 1e-9).contains(&done),
                "done {done} after {runs} runs"
            );
            most_done = most_done.max(done);
            assert!(runs < 1000, "no progress");
        }
        assert!(runs > 2, "the budget should have stopped some runs");
        // Checkpoints weigh their tasks (runs without one or progress skip the weights).
        assert!(most_done > 0.0, "no share done recorded in {runs} runs");
    }
}

#[test]
fn printing_resumes_after_what_was_printed() {
    let s = solver("4x15", SymmetryMode::Reduce);
    let mut all = Vec::new();
    let opts = Options {
        printing: true,
        ..Options::default()
    };
    polyx::run(&s, &opts, &mut |t| {
        all.push(t.clone());
        ControlFlow::Continue(())
    })
    .unwrap();
    assert_eq!(all.len(), 368);
    let path = temp("4x15-print.json");
    let mut printed = Vec::new();
    for runs in 1..1000 {
        let opts = Options {
            printing: true,
            threads: 2,
            checkpoint: Some(path.clone()),
            tick_log2: 8,
            node_budget: Some(20_000),
            ..Options::default()
        };
        let r = polyx::run(&s, &opts, &mut |t| {
            printed.push(t.clone());
            ControlFlow::Continue(())
        })
        .unwrap();
        if r.complete {
            assert!(runs > 1);
            break;
        }
    }
    assert_eq!(printed, all);
}

#[test]
fn limits_give_the_first_solutions_in_order() {
    let s = solver("scott", SymmetryMode::Keep);
    let take = |threads, limit| {
        let mut out = Vec::new();
        let opts = Options {
            printing: true,
            threads,
            limit: Some(limit),
            ..Options::default()
        };
        let r = polyx::run(&s, &opts, &mut |t| {
            out.push(t.clone());
            ControlFlow::Continue(())
        })
        .unwrap();
        assert!(!r.complete);
        out
    };
    let first = take(1, 30);
    assert_eq!(first.len(), 30);
    assert_eq!(take(4, 30), first);
    assert_eq!(take(3, 7), first[..7]);
}

fn polyx() -> Command {
    Command::cargo_bin("polyx").unwrap()
}

#[test]
fn printed_output_is_the_same_for_any_threads() {
    let run = |j: &str| {
        let out = polyx()
            .args(["solve", "4x15", "-a", "-j", j])
            .output()
            .unwrap();
        assert!(out.status.success());
        out.stdout
    };
    let one = run("1");
    assert_eq!(String::from_utf8_lossy(&one).matches("\n\n").count(), 367);
    assert_eq!(run("4"), one);
}

#[test]
fn shards_merge_to_the_total() {
    let mut files = Vec::new();
    for i in 1..=3 {
        let shard = format!("{i}/3");
        let out = polyx()
            .args([
                "count",
                "4x15",
                "--symmetry",
                "keep",
                "-f",
                "json",
                "--shard",
                &shard,
            ])
            .output()
            .unwrap();
        assert!(out.status.success());
        let path = temp(&format!("shard{i}.json"));
        std::fs::write(&path, &out.stdout).unwrap();
        files.push(path);
    }
    let merged = polyx().arg("merge").args(&files).output().unwrap();
    let text = String::from_utf8(merged.stdout).unwrap();
    assert!(
        text.contains(r#""solutions":1472,"complete":true,"symmetry":"keep","puzzle":"4x15""#),
        "{text}"
    );
    polyx()
        .arg("merge")
        .args(&files[..2])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("shards missing: 3/3"));
    polyx()
        .arg("merge")
        .args([&files[0], &files[1], &files[1], &files[2]])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("repeats shard 2/3"));
}

#[test]
fn a_node_budget_stops_like_ctrl_c_and_the_resumed_count_is_exact() {
    // dominoes-8x8 in reduce mode with a checkpoint counts classes by Burnside's lemma,
    // as without one: its checkpoint holds the `keep` count's tasks, of which the
    // budget lets the first run search about 4,096 nodes before it stops as Ctrl-C
    // would, saving the checkpoint.
    let cp = temp("dominoes.json");
    let cp_arg = cp.to_str().unwrap();
    let args = [
        "count",
        "dominoes-8x8",
        "-j",
        "2",
        "--checkpoint",
        cp_arg,
        "--checkpoint-every",
        "1",
    ];
    let out = polyx()
        .args(args)
        .args(["--max-nodes", "4096"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("incomplete"), "{stderr}");
    let partial: u64 = String::from_utf8_lossy(&out.stdout).trim().parse().unwrap();
    assert!(partial < 1_629_189);
    assert!(cp.exists());
    // A checkpoint of another puzzle or other options is refused.
    polyx()
        .args(["count", "6x10", "--checkpoint", cp_arg])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("another puzzle or other options"));
    polyx()
        .args([
            "count",
            "dominoes-8x8",
            "--symmetry",
            "keep",
            "--checkpoint",
            cp_arg,
        ])
        .assert()
        .code(2);
    polyx().args(args).assert().success().stdout("1629189\n");
}

#[test]
fn progress_always_writes_plain_lines_to_a_pipe_and_never_to_stdout() {
    // dominoes-8x8 reduce enumerates all 12,988,816 tilings: several seconds on one thread.
    let out = polyx()
        .args(["count", "dominoes-8x8", "-j", "1", "--progress", "always"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), "1629189\n");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr
            .lines()
            .all(|l| l.starts_with("polyx: ") && l.contains("% done")),
        "{stderr}"
    );
    let quiet = polyx()
        .args(["count", "3x20", "--progress", "auto"])
        .output()
        .unwrap();
    assert!(
        quiet.stderr.is_empty(),
        "auto shows nothing when stderr is not a terminal"
    );
}

/// Two threads that stop after about 2,000 nodes, with neither progress nor checkpoint.
fn small_budget() -> Options {
    Options {
        threads: 2,
        tick_log2: 6,
        node_budget: Some(2_000),
        ..Options::default()
    }
}

#[test]
fn an_unwatched_count_stops_on_its_budget() {
    // No printing, progress or checkpoint: the workers do not wake the emitting thread
    // after each task, yet a stop (here the node budget) still ends the run, with a
    // partial count.
    for board in ["4x15", "scott"] {
        for s in solvers(board, SymmetryMode::Keep) {
            let r = count(&s, &small_budget());
            assert!(r.interrupted && !r.complete, "{board}: {r:?}");
            let whole = count(&s, &Options::default());
            assert!(whole.complete && r.solutions < whole.solutions, "{board}");
        }
    }
}

#[test]
fn an_interrupted_count_by_burnside_reports_a_lower_bound() {
    // dominoes-8x8 in reduce mode counts classes by Burnside's lemma (no piece can be
    // restricted): stopped during its `keep` count, it reports the tilings counted so
    // far divided by the 8 symmetries, which no class count can be below.
    for s in solvers("dominoes-8x8", SymmetryMode::Reduce) {
        let r = count(&s, &small_budget());
        assert!(r.interrupted && !r.complete, "{r:?}");
        assert!(r.solutions < 1_629_189, "{r:?}");
    }
    let whole = count(
        &solver("dominoes-8x8", SymmetryMode::Reduce),
        &Options::default(),
    );
    assert!(whole.complete);
    assert_eq!(whole.solutions, 1_629_189);
}

#[test]
fn idle_workers_share_the_rest_of_running_tasks() {
    // Counting runs of the bitboard engine with its memo that nobody watches: a worker
    // with no task left asks the busy ones to share theirs at their next tick (every 4
    // nodes here), their rest is searched as subproblems, and every count stays exact.
    use SymmetryMode::{Keep, Reduce};
    let mut shared = 0;
    for (board, mode, expected) in [
        ("6x10", Keep, 9356),
        ("6x10", Reduce, 2339),
        ("scott", Keep, 520),
        ("scott", Reduce, 65),
        ("5x12", Keep, 4040),
        ("dominoes-8x8", Keep, 12_988_816),
    ] {
        let s = solver(board, mode);
        for threads in [2, 3] {
            let opts = Options {
                threads,
                tick_log2: 2,
                ..Options::default()
            };
            let r = count(&s, &opts);
            assert_eq!(r.solutions, expected, "{board} {mode:?} -j {threads}");
            assert!(r.complete && !r.interrupted);
            shared += r.shared;
        }
    }
    assert!(shared > 0, "no task was shared");
    // Stopped at any point (here by node budgets, counted in nodes entered, up to
    // about all those of the run, so that some stop while tasks are shared: which ones
    // depends on the threads' timing), a run ends and reports a count never above the
    // whole one, and exactly the whole one if it completed.
    let s = solver("scott", Keep);
    let tried = count(&s, &Options::default()).stats.nodes;
    for percent in 40..=64 {
        let opts = Options {
            threads: 2,
            tick_log2: 2,
            node_budget: Some(tried * percent / 100),
            ..Options::default()
        };
        let r = count(&s, &opts);
        if r.complete {
            assert_eq!(r.solutions, 520);
        } else {
            assert!(r.interrupted && r.solutions <= 520, "{r:?}");
        }
    }
    // Runs whose node counts must not depend on the threads share nothing.
    let mut plain = solver("scott", Keep);
    plain.memo = false;
    let opts = Options {
        threads: 2,
        tick_log2: 2,
        ..Options::default()
    };
    let r = count(&plain, &opts);
    assert_eq!((r.solutions.to_u64(), r.shared), (Some(520), 0));
    // A run that shares splits the tree into at least 16 tasks per thread, one that
    // does not into at least 64: fewer, larger tasks when the end is shared.
    let shares = count(&solver("scott", Keep), &opts);
    assert!(
        shares.tasks >= 2 * 16 && shares.tasks < r.tasks,
        "{}",
        shares.tasks
    );
    assert!(r.tasks >= 2 * 64, "{}", r.tasks);
}

#[test]
fn a_budget_of_no_nodes_is_refused() {
    polyx()
        .args(["count", "3x20", "--max-nodes", "0"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--max-nodes 0"));
}
