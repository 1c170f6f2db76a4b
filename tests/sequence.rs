//! `polyx sequence`: strip counts as an OEIS b-file or JSON Lines (SPEC §11). The 2 × n
//! domino tilings are the Fibonacci numbers F(n + 1) (OEIS A000045), whatever their size.

use assert_cmd::Command;
use serde_json::Value;

fn polyx() -> Command {
    Command::cargo_bin("polyx").unwrap()
}

fn stdout(args: &[&str]) -> String {
    let out = polyx().args(args).assert().success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

/// F(0), F(1), …, F(n).
fn fibonacci(n: usize) -> Vec<u128> {
    let mut f = vec![0u128, 1];
    while f.len() <= n {
        f.push(f[f.len() - 1] + f[f.len() - 2]);
    }
    f
}

#[test]
fn dominoes_of_width_two_are_fibonacci() {
    let text = stdout(&["sequence", "dominoes", "--width", "2", "--to", "100"]);
    let f = fibonacci(101);
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines.len(), 100);
    for (n, line) in (1..).zip(&lines) {
        assert_eq!(*line, format!("{n} {}", f[n + 1]));
    }
    assert_eq!(lines.last().unwrap(), &"100 573147844013817084101");
    assert!(text.starts_with("# "), "{text}");
}

#[test]
fn the_recurrence_is_a_comment() {
    let text = stdout(&[
        "sequence",
        "dominoes",
        "--width",
        "2",
        "--from",
        "3",
        "--to",
        "100",
        "--recurrence",
    ]);
    assert!(text.lines().nth(1).unwrap().starts_with("3 3"), "{text}");
    assert_eq!(
        text.lines().last().unwrap(),
        "# a(n) = a(n-1) + a(n-2); order 2, confirmed by 96 terms beyond its order"
    );
}

#[test]
fn json_counts_past_2_to_53_are_strings() {
    let text = stdout(&[
        "sequence",
        "dominoes",
        "--width",
        "2",
        "--to",
        "90",
        "-f",
        "json",
        "--recurrence",
    ]);
    let f = fibonacci(91);
    let objects: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(objects.len(), 91);
    for (n, o) in (1..).zip(&objects[..90]) {
        assert_eq!(o["n"], n);
        if f[n + 1] < 1 << 53 {
            assert_eq!(o["count"], Value::from(f[n + 1] as u64));
        } else {
            assert_eq!(o["count"], Value::from(f[n + 1].to_string()));
        }
    }
    assert_eq!(objects[89]["count"], "4660046610375530309");
    let r = &objects[90]["recurrence"];
    assert_eq!(r["order"], 2);
    assert_eq!(r["coefficients"], serde_json::json!([1, 1]));
    assert_eq!(r["confirmed"], 88);
}

#[test]
fn bad_input_exits_2() {
    for (args, needle) in [
        (&["--width", "0", "--to", "5"][..], "width"),
        (&["--width", "2", "--from", "6", "--to", "5"], "6 to 5"),
        (&["--width", "2", "--from", "0", "--to", "5"], "0 to 5"),
    ] {
        let out = polyx()
            .args(["sequence", "dominoes"])
            .args(args)
            .assert()
            .code(2);
        let stderr = String::from_utf8_lossy(&out.get_output().stderr).to_string();
        assert!(
            stderr.starts_with("error:") && stderr.contains(needle),
            "{stderr}"
        );
        assert!(out.get_output().stdout.is_empty());
    }
    for (set, needle) in [("no-such-set", "no-such-set"), ("tetracubes", "cube grid")] {
        let out = polyx()
            .args(["sequence", set, "--width", "2", "--to", "5"])
            .assert()
            .code(2);
        let stderr = String::from_utf8_lossy(&out.get_output().stderr).to_string();
        assert!(
            stderr.starts_with("error:") && stderr.contains(needle),
            "{stderr}"
        );
    }
    polyx()
        .args(["sequence", "dominoes", "--to", "5"])
        .assert()
        .code(2);
}
