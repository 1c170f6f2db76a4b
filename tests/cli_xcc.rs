//! `polyx dlx` on Knuth's DLX2 and MCC formats (colours, multiplicities): the toy
//! problem, a published count, items with minimum 0, located errors for colours where
//! they cannot go, and `no solution` on stderr.

use assert_cmd::Command;
use predicates::prelude::*;

fn polyx() -> Command {
    Command::cargo_bin("polyx").unwrap()
}

/// Knuth's toy XCC problem (TAOCP 7.2.2.1, "Color controls").
const TOY: &str = "p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n";

#[test]
fn dlx_solves_knuths_toy_xcc_problem() {
    let out = polyx().arg("dlx").write_stdin(TOY).assert().success();
    let stdout = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    let mut lines: Vec<&str> = stdout.lines().collect();
    lines.sort();
    assert_eq!(lines, ["p r x:A y", "q x:A"]);
    polyx()
        .args(["dlx", "--count", "--stats"])
        .write_stdin(TOY)
        .assert()
        .success()
        .stdout("1\n")
        .stderr(predicate::str::starts_with("dlx (dlx):"));
}

#[test]
fn dlx_counts_the_petersen_graph_colourings() {
    // 120 proper 3-colourings: the Petersen graph's chromatic polynomial at 3 (the file's
    // header).
    polyx()
        .args(["dlx", "--count"])
        .arg(crate::data().join("xcc/petersen_3colours.dlx"))
        .assert()
        .success()
        .stdout("120\n");
}

#[test]
fn dlx_counts_primary_items_with_minimum_0_as_knuth_does() {
    // Issue 36: 11 solutions by brute force and by Knuth's DLX3 (an option of items with
    // minimum 0 only may be chosen or not); and {b}, {a, b}, {a b} for the small one.
    polyx()
        .args(["dlx", "--count"])
        .arg(crate::data().join("xcc/mcc_min0.dlx"))
        .assert()
        .success()
        .stdout("11\n");
    polyx()
        .args(["dlx", "--count"])
        .write_stdin("0:1|a b\na\nb\na b\n")
        .assert()
        .success()
        .stdout("3\n");
}

/// Runs `dlx` on `stdin`, expects exit 2 and one `error:` at `at` saying `needle`.
fn bad(stdin: &str, at: &str, needle: &str) {
    let out = polyx().arg("dlx").write_stdin(stdin).assert().code(2);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(
        stderr.starts_with(&format!("error: <stdin>:{at}: ")),
        "{stderr}"
    );
    assert!(stderr.contains(needle), "{needle:?} not in {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(out.get_output().stdout.is_empty());
}

#[test]
fn dlx_refuses_bad_colours_at_their_place() {
    bad("p q | x\np:A q\n", "2:3", "`p` is not secondary");
    bad("p q | x\nq p x:\n", "2:7", "empty colour");
    bad("p q | x\np x: q\n", "2:5", "empty colour");
    bad("p | x\np :A\n", "2:3", "names no item");
    bad("p | x\np zz:A\n", "2:3", "unknown item `zz`");
    bad("p | x\np x:A x:B\n", "2:1", "names item `x` twice");
    bad("2:3|m p | x\nm:A p\n", "2:3", "`m` is not secondary");
}

#[test]
fn dlx_says_no_solution_on_stderr() {
    polyx()
        .arg("dlx")
        .write_stdin("a b\na\n")
        .assert()
        .code(1)
        .stdout("")
        .stderr("polyx: no solution\n");
    // Colours that clash leave nothing: x cannot be both A and B.
    polyx()
        .arg("dlx")
        .write_stdin("p q | x\np x:A\nq x:B\n")
        .assert()
        .code(1)
        .stderr("polyx: no solution\n");
    // With --count, 0 is the answer.
    polyx()
        .args(["dlx", "--count"])
        .write_stdin("a b\na\n")
        .assert()
        .success()
        .stdout("0\n")
        .stderr("");
}

/// Options with costs (Knuth's DLX5): `a b c` covered by `a |1`, `b |2`, `c |1 |2`
/// (costs add up), `a b |5`, `a b c |4` and a free `c`.
const COSTS: &str = "a b c\na b |5\na |1\nb |2\nc |1 |2\na b c |4\nc\n";

#[test]
fn dlx_with_costs_prints_the_cheapest_solutions_first() {
    polyx()
        .arg("dlx")
        .write_stdin(COSTS)
        .assert()
        .success()
        .stdout("a\nb\nc\ncost 3\n");
    // All five solutions, cheapest first: 3, 4, 5, 6, 8.
    let out = polyx()
        .args(["dlx", "--best", "9", "-j", "2"])
        .write_stdin(COSTS)
        .assert()
        .success();
    let stdout = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    let costs: Vec<&str> = stdout.lines().filter(|l| l.starts_with("cost ")).collect();
    assert_eq!(costs, ["cost 3", "cost 4", "cost 5", "cost 6", "cost 8"]);
    // `-n K` is `--best K` when there are costs.
    let out = polyx()
        .args(["dlx", "-n", "2"])
        .write_stdin(COSTS)
        .assert()
        .success();
    let stdout = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    let costs: Vec<&str> = stdout.lines().filter(|l| l.starts_with("cost ")).collect();
    assert_eq!(costs, ["cost 3", "cost 4"]);
    // Counting ignores the costs.
    polyx()
        .args(["dlx", "--count"])
        .write_stdin(COSTS)
        .assert()
        .success()
        .stdout("5\n");
    let out = polyx()
        .args(["dlx", "--best", "2", "-f", "json"])
        .write_stdin(COSTS)
        .assert()
        .success();
    let stdout = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(
        (lines[0]["cost"].as_u64(), lines[1]["cost"].as_u64()),
        (Some(3), Some(4))
    );
    assert_eq!(lines[2]["type"], "summary");
    assert_eq!(lines[2]["optimum"].as_u64(), Some(3));
}

#[test]
fn dlx_finds_the_best_target_sudoku_score_as_a_cost_problem() {
    // NOIP 2009 靶形数独 written as a cost problem (the files' header): the optimum is
    // 5130 minus the best score. Samples 1 and 2 score 2829 and 2852 (the problem's own
    // statement); the first puzzle of the project's target benchmark scores 2866.
    for (file, optimum) in [
        ("target_sample1.dlx", 5130 - 2829),
        ("target_sample2.dlx", 5130 - 2852),
        ("target_hard0.dlx", 5130 - 2866),
    ] {
        let out = polyx()
            .arg("dlx")
            .arg(crate::data().join("xcc").join(file))
            .assert()
            .success();
        let stdout = String::from_utf8_lossy(&out.get_output().stdout).to_string();
        assert_eq!(
            stdout.lines().last(),
            Some(format!("cost {optimum}").as_str()),
            "{file}"
        );
    }
}

#[test]
fn dlx_refuses_bad_costs_at_their_place() {
    bad("a b\na |x\n", "2:3", "is not a cost");
    bad("a b\na |2 b\n", "2:6", "comes after the cost");
    bad("a b\nb |1 |-2\n", "2:6", "is not a cost");
    bad(
        "a b\nb |18446744073709551615 |1\n",
        "2:25",
        "add up past 2^64",
    );
}
