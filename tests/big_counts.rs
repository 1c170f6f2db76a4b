//! Counts past 2^64 through the binary, exactly, on every path a user takes: `count` as
//! text and JSON (a string of digits past 2^53), shards added up by `merge`, and a
//! checkpoint that holds a partial count and resumes it (SPEC §11).
//!
//! The counts: the 2 × n strip has F(n + 1) domino tilings (Fibonacci; OEIS A000045),
//! so the 2 × 93 strip has F(94) = 19,740,274,219,868,223,167, past 2^64 − 1 =
//! 18,446,744,073,709,551,615; the 14 × 14 square has 112,202,208,776,036,178,000,000
//! (Kasteleyn 1961, "The statistics of dimers on a lattice"; OEIS A004003).

use std::path::PathBuf;

use assert_cmd::Command;

const STRIP: &str = "tests/data/big/strip-2x93.toml";
const F94: &str = "19740274219868223167";

fn polyx() -> Command {
    Command::cargo_bin("polyx").unwrap()
}

fn stdout_of(args: &[&str]) -> String {
    let out = polyx().args(args).assert().success();
    String::from_utf8(out.get_output().stdout.clone()).expect("UTF-8 output")
}

/// The JSON summary line of a `-f json` run.
fn summary(out: &str) -> serde_json::Value {
    let line = out.lines().last().expect("a summary line");
    serde_json::from_str(line).expect("JSON")
}

/// A fresh folder for output files, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("polyx-big-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn a_count_past_two_to_the_64_is_printed_exactly() {
    assert_eq!(
        stdout_of(&["count", STRIP, "--symmetry", "keep"]),
        format!("{F94}\n")
    );
    let square = stdout_of(&[
        "count",
        "tests/data/big/square-14x14.toml",
        "--symmetry",
        "keep",
    ]);
    assert_eq!(square, "112202208776036178000000\n");
}

/// Boards past the search's frames (676 and 1,104 cells) and too wide for the sweep, with
/// a range of copies (`count = [0, 2000]`): Kasteleyn's determinant counts them. The
/// 26 × 26 square by Kasteleyn's product formula (1961; OEIS A004003), the Aztec diamond
/// of order 23 has 2^276 tilings (Elkies, Kuperberg, Larsen, Propp 1992). The boards are
/// those of the counts benchmark (`benches/data/counts`).
#[test]
fn boards_past_the_frames_count_exactly_with_a_range_of_copies() {
    let count = |board: &str| {
        let path = format!("benches/data/counts/{board}.toml");
        stdout_of(&["count", &path, "--symmetry", "keep"])
    };
    assert_eq!(
        count("dominoes-26x26"),
        "18818218480813456762421856963999286650475155898066955228295925806777884028153700352\n"
    );
    let two_to_the_276 = num_bigint::BigUint::from(1u32) << 276u32;
    assert_eq!(count("aztec-23"), format!("{two_to_the_276}\n"));
}

#[test]
fn json_writes_a_count_past_two_to_the_53_as_a_string_of_digits() {
    let out = stdout_of(&["count", STRIP, "--symmetry", "keep", "-f", "json"]);
    assert_eq!(summary(&out)["solutions"], serde_json::json!(F94));
    // 8x8 dominoes, 12,988,816, is still a number.
    let out = stdout_of(&["count", "dominoes-8x8", "--symmetry", "keep", "-f", "json"]);
    assert_eq!(summary(&out)["solutions"], serde_json::json!(12988816));
}

#[test]
fn shards_of_a_count_past_two_to_the_64_merge_exactly() {
    let dir = TempDir::new("shards");
    let mut parts = Vec::new();
    for i in 1..=3 {
        let out = stdout_of(&[
            "count",
            STRIP,
            "--symmetry",
            "keep",
            "--shard",
            &format!("{i}/3"),
            "-f",
            "json",
        ]);
        let path = dir.0.join(format!("part{i}.jsonl"));
        std::fs::write(&path, out).unwrap();
        parts.push(path.to_string_lossy().into_owned());
    }
    let mut args = vec!["merge"];
    args.extend(parts.iter().map(String::as_str));
    let merged = summary(&stdout_of(&args));
    assert_eq!(merged["solutions"], serde_json::json!(F94));
    assert_eq!(merged["complete"], serde_json::json!(true));
}

#[test]
fn a_checkpoint_keeps_a_partial_count_past_two_to_the_64_and_resumes_it() {
    let dir = TempDir::new("checkpoint");
    let cp = dir.0.join("cp.json");
    let cp = cp.to_str().unwrap();
    let args = [
        "count",
        STRIP,
        "--symmetry",
        "keep",
        "-j",
        "1",
        "--checkpoint",
        cp,
    ];
    // Stopped after a few thousand nodes: most of the count is done, the rest is not.
    polyx()
        .args(args)
        .args(["--max-nodes", "3000"])
        .assert()
        .code(130);
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(cp).unwrap()).unwrap();
    let partial: polyx::Count = serde_json::from_value(saved["solutions"].clone()).unwrap();
    let total: polyx::Count = F94.parse().unwrap();
    assert!(partial < total, "{partial}");
    assert_eq!(stdout_of(&args), format!("{F94}\n"));
}
