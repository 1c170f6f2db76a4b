//! The cluster recipe of docs/CLUSTER.md, run here as a scheduler would run it: every
//! shard of a count a separate process, all at once, through the shipped scripts
//! (`scripts/cluster/`: the Slurm array's batch script and the Kubernetes Indexed Job's
//! `shard.sh`), one of them killed in the middle and run again, then `merge.sh`. The
//! merged total must be the whole count's.
#![cfg(unix)]

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output};
use std::time::{Duration, Instant};

const SHARDS: u32 = 4;
const BOARD: &str = "tests/data/cluster/one-sided-10x6.toml";

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("polyx-cluster-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A script of `scripts/cluster/` with the environment a scheduler and the docs give it.
fn script(name: &str, out: &Path) -> Command {
    let mut cmd = Command::new("sh");
    cmd.arg(repo().join("scripts/cluster").join(name))
        .current_dir(repo())
        .env("POLYX", env!("CARGO_BIN_EXE_polyx"))
        .env("CHECKPOINT_EVERY", "1")
        .env("PUZZLE", BOARD)
        .env("OUT", out)
        .env("POLYX_ARGS", "--symmetry keep");
    cmd
}

/// Shard `i` as a task of the Slurm array `--array=1-SHARDS`.
fn slurm_task(i: u32, out: &Path) -> Command {
    let mut cmd = script("slurm.sbatch", out);
    cmd.env("SLURM_ARRAY_TASK_ID", i.to_string())
        .env("SLURM_ARRAY_TASK_COUNT", SHARDS.to_string())
        .env("SLURM_SUBMIT_DIR", repo())
        .env("SLURM_CPUS_PER_TASK", "1");
    cmd
}

/// Shard `i` as the pod of index `i - 1` of the Kubernetes Indexed Job.
fn k8s_pod(i: u32, out: &Path) -> Command {
    let mut cmd = script("shard.sh", out);
    cmd.args([
        BOARD,
        out.to_str().unwrap(),
        "--symmetry",
        "keep",
        "--threads",
        "1",
    ])
    .env("SHARDS", SHARDS.to_string())
    .env("JOB_COMPLETION_INDEX", (i - 1).to_string());
    cmd
}

/// Starts `cmd` in a process group of its own, as a scheduler's task is, so that killing
/// the group kills polyx with its shell.
fn spawn(mut cmd: Command) -> Child {
    cmd.process_group(0).spawn().unwrap()
}

/// Kills the task's whole process group, as a scheduler does when it preempts a task.
fn kill_task(child: &mut Child) {
    let group = format!("-{}", child.id());
    let status = Command::new("kill").args(["-KILL", "--", &group]).status();
    assert!(status.unwrap().success());
    child.wait().unwrap();
}

fn solutions(output: &Output) -> u64 {
    let text = String::from_utf8_lossy(&output.stdout);
    let line = text.lines().last().unwrap_or_default();
    let value: serde_json::Value = serde_json::from_str(line)
        .unwrap_or_else(|e| panic!("{e}: {text} {}", String::from_utf8_lossy(&output.stderr)));
    assert_eq!(value["complete"], true, "{line}");
    value["solutions"].as_u64().unwrap()
}

#[test]
fn shards_run_at_once_one_killed_and_rerun_merge_to_the_whole_count() {
    let out = scratch();
    let whole = Command::new(env!("CARGO_BIN_EXE_polyx"))
        .args(["count", BOARD, "--symmetry", "keep", "-f", "json"])
        .current_dir(repo())
        .output()
        .unwrap();
    let total = solutions(&whole);

    let mut tasks: Vec<(u32, Child)> = (1..=SHARDS)
        .map(|i| {
            let cmd = if i == 2 {
                k8s_pod(i, &out)
            } else {
                slurm_task(i, &out)
            };
            (i, spawn(cmd))
        })
        .collect();

    // Shard 2 (a few seconds of search) dies as soon as it has saved its first
    // checkpoint (after a second), as a preempted task does.
    let checkpoint = out.join(format!("part-2-of-{SHARDS}.checkpoint"));
    let start = Instant::now();
    while !checkpoint.exists() && start.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(
        checkpoint.exists(),
        "shard 2 saved no checkpoint in a minute"
    );
    assert!(
        tasks[1].1.try_wait().unwrap().is_none(),
        "shard 2 ended too soon"
    );
    kill_task(&mut tasks[1].1);
    for (i, task) in &mut tasks {
        let status = task.wait().unwrap();
        assert!(*i == 2 || status.success(), "shard {i}: {status}");
    }
    let part = out.join(format!("part-2-of-{SHARDS}.jsonl"));
    assert!(!part.exists(), "a killed shard leaves no part");
    let early = script("merge.sh", &out)
        .args([out.to_str().unwrap(), &SHARDS.to_string()])
        .output()
        .unwrap();
    assert_eq!(early.status.code(), Some(1));
    let message = String::from_utf8_lossy(&early.stderr);
    assert!(
        message.contains("shards not finished: 2 (of 4)"),
        "{message}"
    );

    // Run again, as `sbatch --array=2` would: it resumes from the checkpoint.
    let rerun = slurm_task(2, &out).output().unwrap();
    assert!(rerun.status.success(), "{rerun:?}");
    let said = String::from_utf8_lossy(&rerun.stderr);
    assert!(
        said.contains("shard 2/4: resuming from its checkpoint"),
        "{said}"
    );
    // A finished shard run once more does nothing.
    let again = slurm_task(2, &out).output().unwrap();
    assert!(again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("already finished"));

    let merged = script("merge.sh", &out)
        .args([out.to_str().unwrap(), &SHARDS.to_string()])
        .output()
        .unwrap();
    assert!(merged.status.success(), "{merged:?}");
    assert_eq!(solutions(&merged), total);
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn the_kubernetes_manifest_runs_as_many_shards_as_it_declares() {
    let text = std::fs::read_to_string(repo().join("scripts/cluster/k8s-count.yaml")).unwrap();
    let field = |key: &str| -> String {
        let line = text.lines().find(|l| l.trim_start().starts_with(key));
        let line = line.unwrap_or_else(|| panic!("no {key} in the manifest"));
        line.split_once(':')
            .unwrap()
            .1
            .trim()
            .trim_matches('"')
            .to_string()
    };
    assert_eq!(field("completionMode"), "Indexed");
    let shards_line = text
        .lines()
        .position(|l| l.contains("name: SHARDS"))
        .unwrap();
    let shards = text.lines().nth(shards_line + 1).unwrap();
    assert_eq!(
        field("completions"),
        shards.split_once(':').unwrap().1.trim().trim_matches('"')
    );
    let merge = std::fs::read_to_string(repo().join("scripts/cluster/k8s-merge.yaml")).unwrap();
    let merge_line = format!(
        r#"command: ["merge.sh", "/parts", "{}"]"#,
        field("completions")
    );
    assert!(
        merge.contains(&merge_line),
        "k8s-merge.yaml merges another number of parts"
    );
}
