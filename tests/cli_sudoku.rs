//! `polyx sudoku` as a stream: every answer to the 17-given sample verified (givens kept,
//! rows, columns and boxes complete), the same output in input order whatever `-j`, the
//! layouts it reads, an error per bad layout (exit 2, at its line and column), and
//! Ctrl-C that leaves every finished answer printed.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command as Process, Stdio};

use assert_cmd::Command;

fn polyx() -> Command {
    Command::cargo_bin("polyx").unwrap()
}

fn sample() -> String {
    std::fs::read_to_string(crate::data().join("sudoku/17clue-100.txt")).unwrap()
}

/// True if `answer` (81 digits) solves `puzzle` (81 cells, `.` empty).
fn solves(puzzle: &str, answer: &str) -> bool {
    let cells: Vec<u8> = answer.bytes().map(|b| b.wrapping_sub(b'0')).collect();
    let kept = puzzle
        .bytes()
        .zip(answer.bytes())
        .all(|(p, a)| p == b'.' || p == a);
    kept && cells.len() == 81 && polyx::apps::sudoku::is_valid_solution(3, &cells)
}

fn stdout_of(args: &[&str], input: &str) -> String {
    let out = polyx().args(args).write_stdin(input).assert().success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

#[test]
fn every_answer_to_the_sample_is_verified() {
    let input = sample();
    for j in ["-j1", "-j2"] {
        let out = stdout_of(&["sudoku", j], &input);
        let puzzles: Vec<&str> = input.lines().collect();
        let answers: Vec<&str> = out.lines().collect();
        assert_eq!(answers.len(), 100);
        for (p, a) in puzzles.iter().zip(&answers) {
            assert!(solves(p, a), "{j}: {p} -> {a}");
        }
    }
    // Each has exactly one solution.
    let counts = stdout_of(&["sudoku", "--count", "-j2"], &input);
    assert_eq!(counts, "1\n".repeat(100));
}

/// 300 more of Royle's 17-given puzzles (tests/data/sudoku/README.md), with CRLF line
/// ends, `0` and `-` for empty cells on some lines, and the last line without its line
/// end: each answer printed is verified, in its puzzle's own characters.
#[test]
fn three_hundred_more_royle_puzzles_in_mixed_one_line_forms() {
    let text = std::fs::read_to_string(crate::data().join("sudoku/17clue-spread-300.txt")).unwrap();
    let puzzles: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(k, line)| match k % 3 {
            1 => line.replace('.', "0"),
            2 => line.replace('.', "-"),
            _ => line.to_string(),
        })
        .collect();
    let input = puzzles.join("\r\n");
    let out = stdout_of(&["sudoku", "-j1"], &input);
    let answers: Vec<&str> = out.lines().collect();
    assert_eq!(answers.len(), 300);
    for (p, a) in puzzles.iter().zip(&answers) {
        let p = p.replace(['0', '-'], ".");
        assert!(solves(&p, a), "{p} -> {a}");
    }
    assert_eq!(stdout_of(&["sudoku", "-j2"], &input), out);
}

#[test]
fn many_puzzles_keep_their_order_on_two_threads() {
    // Lines, grids and unsolvable puzzles mixed, 3,000 puzzles.
    let sample = sample();
    let mut input = String::new();
    let mut expect = Vec::new();
    for (k, line) in sample.lines().cycle().take(2_800).enumerate() {
        input.push_str(line);
        input.push('\n');
        expect.push(line.to_string());
        if k % 15 == 0 {
            input.push_str("11..............\n");
            expect.push("No solution".to_string());
        }
    }
    let serial = polyx()
        .args(["sudoku", "-j1"])
        .write_stdin(input.clone())
        .assert()
        .code(1);
    let parallel = polyx()
        .args(["sudoku", "-j2"])
        .write_stdin(input)
        .assert()
        .code(1);
    let out = String::from_utf8(parallel.get_output().stdout.clone()).unwrap();
    assert_eq!(out.as_bytes(), &serial.get_output().stdout[..]);
    let answers: Vec<&str> = out.lines().collect();
    assert_eq!(answers.len(), expect.len());
    for (want, got) in expect.iter().zip(&answers) {
        if want == "No solution" {
            assert_eq!(got, want);
        } else {
            assert!(solves(want, got), "{want} -> {got}");
        }
    }
}

#[test]
fn boxed_grids_with_rules_and_dashes_come_back_in_their_layout() {
    let input = "\
+-------+-------+-------+
| 5 3 - | - 7 - | - - - |
| 6 - - | 1 9 5 | - - - |
| - 9 8 | - - - | - 6 - |
+-------+-------+-------+
| 8 - - | - 6 - | - - 3 |
| 4 - - | 8 - 3 | - - 1 |
| 7 - - | - 2 - | - - 6 |
+-------+-------+-------+
| - 6 - | - - - | 2 8 - |
| - - - | 4 1 9 | - - 5 |
| - - - | - 8 - | - 7 9 |
+-------+-------+-------+
53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
";
    let out = stdout_of(&["sudoku"], input);
    let want = "\
+-------+-------+-------+
| 5 3 4 | 6 7 8 | 9 1 2 |
| 6 7 2 | 1 9 5 | 3 4 8 |
| 1 9 8 | 3 4 2 | 5 6 7 |
+-------+-------+-------+
| 8 5 9 | 7 6 1 | 4 2 3 |
| 4 2 6 | 8 5 3 | 7 9 1 |
| 7 1 3 | 9 2 4 | 8 5 6 |
+-------+-------+-------+
| 9 6 1 | 5 3 7 | 2 8 4 |
| 2 8 7 | 4 1 9 | 6 3 5 |
| 3 4 5 | 2 8 6 | 1 7 9 |
+-------+-------+-------+

534678912672195348198342567859761423426853791713924856961537284287419635345286179
";
    assert_eq!(out, want);
}

#[test]
fn a_uva_1309_grid_solves() {
    // A 16×16 grid in UVa 1309's form: letters A-P, `-` empty.
    let rows: Vec<String> = (0..16)
        .map(|r| {
            (0..16)
                .map(|c| {
                    let d = ((r % 4) * 4 + r / 4 + c) % 16;
                    if (r * 7 + c * 3) % 4 == 0 {
                        '-'
                    } else {
                        char::from(b'A' + d as u8)
                    }
                })
                .collect()
        })
        .collect();
    let input = rows.join("\n") + "\n";
    let out = stdout_of(&["sudoku"], &input);
    assert_eq!(out.lines().count(), 16);
    let cells: Vec<u8> = out
        .lines()
        .flat_map(|l| l.bytes().map(|b| b - b'A' + 1))
        .collect();
    assert!(polyx::apps::sudoku::is_valid_solution(4, &cells), "{out}");
    let kept = input
        .bytes()
        .zip(out.bytes())
        .all(|(i, o)| i == b'-' || i == o);
    assert!(kept, "{out}");
}

fn bad_layout(input: &str, needle: &str) {
    let out = polyx().arg("sudoku").write_stdin(input).assert().code(2);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(stderr.starts_with("error:"), "{stderr}");
    assert!(stderr.contains(needle), "{needle:?} not in {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn each_bad_layout_is_an_error_at_its_place() {
    let row = "5 3 . | . 7 . | . . .\n";
    let rule = "------+-------+------\n";
    // A grid row with a cell too many.
    let long = format!("{row}{row}{rule}5 3 . | . 7 . | . . . 1\n");
    bad_layout(&long, "<stdin>:4:23: this row has 10 cells");
    // A blank line inside a grid.
    bad_layout(&format!("{row}{row}\n{row}"), "<stdin>:3:1: the 9×9 grid");
    // A symbol that is not one, inside `|` cells.
    bad_layout(
        &format!("{row}{}{}", row.replace('7', "*"), row.repeat(7)),
        "<stdin>:2:11: `*` is not a symbol",
    );
    // A one-line puzzle with a separator too few cells.
    bad_layout(
        &format!("{}\n", "|...".repeat(20)),
        "<stdin>:1:81: a line of 60 cells",
    );
    // The answers before a bad puzzle are printed.
    let input = format!("{}{}\n", sample().lines().next().unwrap(), "\n12.4\n..x.\n");
    let out = polyx().arg("sudoku").write_stdin(input).assert().code(2);
    assert_eq!(out.get_output().stdout.len(), 82);
}

/// Starts `polyx sudoku ARGS` with piped stdin and stdout.
fn spawn(args: &[&str]) -> std::process::Child {
    Process::new(env!("CARGO_BIN_EXE_polyx"))
        .arg("sudoku")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

#[test]
fn ctrl_c_leaves_every_finished_answer_printed() {
    for j in ["-j1", "-j2"] {
        let mut child = spawn(&["--count", j]);
        let mut stdin = child.stdin.take().unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        for line in sample().lines().take(5) {
            writeln!(stdin, "{line}").unwrap();
        }
        stdin.flush().unwrap();
        // The five answers come while the input stays open.
        for _ in 0..5 {
            let mut line = String::new();
            stdout.read_line(&mut line).unwrap();
            assert_eq!(line, "1\n", "{j}");
        }
        // An empty grid: its count never ends, until Ctrl-C.
        writeln!(stdin, "{}", ".".repeat(81)).unwrap();
        stdin.flush().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(200));
        let pid = child.id().to_string();
        let killed = Process::new("kill").args(["-INT", &pid]).status().unwrap();
        assert!(killed.success());
        let status = child.wait().unwrap();
        drop(stdin);
        assert_eq!(status.code(), Some(130), "{j}");
        let mut rest = String::new();
        stdout.read_to_string(&mut rest).unwrap();
        assert_eq!(rest, "", "{j}");
        let mut stderr = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut stderr)
            .unwrap();
        assert!(
            stderr.contains("interrupted: 5 puzzles answered"),
            "{j}: {stderr}"
        );
    }
}
