//! `polyx sudoku --target` (NOIP 2009 靶形数独): the problem's two samples (2829, 2852),
//! `-1` for a puzzle without a completion, the 24 puzzles of the benchmark against their
//! known best scores on one thread and two, `--show-grid` verified (a valid grid that
//! keeps the givens and scores what is printed), `--weights` files good and bad, and the
//! judge layout's count line with and without `--target`.

use assert_cmd::Command;

fn polyx() -> Command {
    Command::cargo_bin("polyx").unwrap()
}

fn data(name: &str) -> String {
    crate::data()
        .join("sudoku")
        .join(name)
        .display()
        .to_string()
}

fn read(name: &str) -> String {
    std::fs::read_to_string(data(name)).unwrap()
}

fn stdout(assert: assert_cmd::assert::Assert) -> String {
    String::from_utf8(assert.get_output().stdout.clone()).unwrap()
}

fn stderr(assert: &assert_cmd::assert::Assert) -> String {
    String::from_utf8(assert.get_output().stderr.clone()).unwrap()
}

/// A fresh folder for weight files, removed when dropped.
struct Scratch(std::path::PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("polyx-target-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    /// The path of `file` in the folder, holding `text`.
    fn file(&self, file: &str, text: &str) -> String {
        let path = self.0.join(file);
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The NOIP weight of cell (r, c).
fn weight(r: usize, c: usize) -> i64 {
    10 - (r as i64 - 4).abs().max((c as i64 - 4).abs())
}

#[test]
fn the_noip_samples_score_2829_and_2852() {
    // NOIP 2009 提高组, 靶形数独: the problem's samples and their published answers.
    for (file, want) in [
        ("noip2009-sample1.txt", "2829\n"),
        ("noip2009-sample2.txt", "2852\n"),
    ] {
        let out = polyx()
            .args(["sudoku", "--target", &data(file)])
            .assert()
            .success();
        assert_eq!(stdout(out), want, "{file}");
    }
}

#[test]
fn a_puzzle_without_completion_scores_minus_one() {
    // Two 7s in the first row; then a puzzle whose givens allow no completion (the
    // first row's last cell has no digit left), between two that have one.
    let clash = format!("77{}\n", "0".repeat(79));
    let out = polyx()
        .args(["sudoku", "--target"])
        .write_stdin(clash)
        .assert()
        .code(1);
    assert_eq!(stdout(out), "-1\n");
    let sample = read("noip2009-sample1.txt");
    let dead = format!("12345678.{}........9{}\n", ".".repeat(9), ".".repeat(54));
    let input = format!("{sample}\n{dead}\n{sample}");
    let out = polyx()
        .args(["sudoku", "--target", "-j2"])
        .write_stdin(input)
        .assert()
        .code(1);
    assert_eq!(stdout(out), "2829\n-1\n2829\n");
}

#[test]
fn the_hard_puzzles_reach_their_known_best_scores() {
    let want = read("target-hard-answers.txt");
    for j in ["-j1", "-j2"] {
        let out = polyx()
            .args(["sudoku", "--target", j, &data("target-hard.txt")])
            .assert()
            .success();
        assert_eq!(stdout(out), want, "{j}");
    }
}

#[test]
fn the_grid_shown_is_valid_keeps_the_givens_and_scores_the_score() {
    let input = read("target-hard.txt");
    let puzzles: Vec<Vec<u8>> = input
        .lines()
        .take(6)
        .map(|l| l.split_whitespace().map(|w| w.parse().unwrap()).collect())
        .collect();
    let text: String = input.lines().take(6).map(|l| format!("{l}\n")).collect();
    let out = polyx()
        .args(["sudoku", "--target", "--show-grid"])
        .write_stdin(text)
        .assert()
        .success();
    let out = stdout(out);
    let answers: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(answers.len(), 6);
    let want: Vec<i64> = read("target-hard-answers.txt")
        .lines()
        .map(|l| l.parse().unwrap())
        .collect();
    for (k, (answer, puzzle)) in answers.iter().zip(&puzzles).enumerate() {
        let (score, grid) = answer.split_once('\n').unwrap();
        let cells: Vec<u8> = grid
            .split_whitespace()
            .map(|w| w.parse().unwrap())
            .collect();
        assert!(polyx::apps::sudoku::is_valid_solution(3, &cells), "{k}");
        assert!(puzzle.iter().zip(&cells).all(|(&g, &d)| g == 0 || g == d));
        let scored: i64 = (0..81)
            .map(|i| weight(i / 9, i % 9) * i64::from(cells[i]))
            .sum();
        assert_eq!(score.parse::<i64>().unwrap(), scored, "{k}");
        assert_eq!(scored, want[k], "{k}");
    }
}

#[test]
fn weights_from_a_file() {
    let dir = Scratch::new("weights");
    // Every 9×9 grid scores 405 with unit weights.
    let ones = dir.file("ones", &"1 ".repeat(81));
    let out = polyx()
        .args(["sudoku", "--target", "--weights", &ones])
        .arg(data("noip2009-sample2.txt"))
        .assert()
        .success();
    assert_eq!(stdout(out), "405\n");
    // 4×4: only the first row weighs, 8 4 2 1; its first cell is given as 1, and the
    // best puts 4, 3, 2 after it: 8·1 + 4·4 + 2·3 + 1·2 = 32.
    let row = dir.file("row", "8 4 2 1\n0 0 0 0\n0 0 0 0\n0 0 0 0\n");
    let out = polyx()
        .args(["sudoku", "--target", "--show-grid", "--weights", &row])
        .write_stdin("1...\n....\n....\n....\n")
        .assert()
        .success();
    let out = stdout(out);
    assert!(out.starts_with("32\n1432\n"), "{out}");
    let cells: Vec<u8> = out
        .lines()
        .skip(1)
        .flat_map(|l| l.bytes().map(|b| b - b'0'))
        .collect();
    assert!(polyx::apps::sudoku::is_valid_solution(2, &cells), "{out}");
    // Negative weights: the best puts the small digits there.
    let neg = dir.file("neg", &format!("-5 {}", "0 ".repeat(15)));
    let out = polyx()
        .args(["sudoku", "--target", "--weights", &neg])
        .write_stdin("................\n")
        .assert()
        .success();
    assert_eq!(stdout(out), "-5\n");
}

#[test]
fn bad_weights_and_sizes_are_errors_at_their_place() {
    let dir = Scratch::new("bad");
    let file = dir.file("w", "1 2 3 4\n5 6 seven 8\n");
    let out = polyx()
        .args(["sudoku", "--target", "--weights", &file])
        .write_stdin("1...............\n")
        .assert()
        .code(2);
    assert!(stderr(&out).contains(&format!("{file}:2:5: `seven` is not a whole number")));
    let file = dir.file("w", "1 2 3\n");
    let out = polyx()
        .args(["sudoku", "--target", "--weights", &file])
        .write_stdin("1...............\n")
        .assert()
        .code(2);
    assert!(stderr(&out).contains("3 weights are not those of a Sudoku board"));
    // A 4×4 puzzle after a 9×9 one, with the NOIP weights: the first is answered.
    let input = format!("{}\n1...............\n", ".".repeat(81));
    let out = polyx()
        .args(["sudoku", "--target", "-j1"])
        .write_stdin(input)
        .assert()
        .code(2);
    assert!(stderr(&out).contains("<stdin>:2:1: --target scores 9×9 puzzles unless --weights"));
    assert_eq!(stdout(out).lines().count(), 1);
    // --weights and --show-grid need --target; --count and --target exclude each other.
    for args in [
        &["sudoku", "--weights", "w"][..],
        &["sudoku", "--show-grid"],
        &["sudoku", "--count", "--target"],
    ] {
        polyx().args(args).write_stdin("").assert().code(2);
    }
}

#[test]
fn a_count_line_first_is_the_judge_layout() {
    let sample = read("noip2009-sample1.txt");
    let two = format!("2\n{sample}\n{}", read("noip2009-sample2.txt"));
    for j in ["-j1", "-j2"] {
        let out = polyx()
            .args(["sudoku", "--target", j])
            .write_stdin(two.clone())
            .assert()
            .success();
        assert_eq!(stdout(out), "2829\n2852\n");
        let out = polyx()
            .args(["sudoku", "--count", j])
            .write_stdin(two.clone())
            .assert()
            .success();
        // The samples have 3 and 85 completions.
        assert_eq!(stdout(out), "3\n85\n");
    }
    // A count that does not match: an error at line 1, after the answers before it.
    let three = format!("3\n{sample}\n{}", read("noip2009-sample2.txt"));
    let out = polyx()
        .args(["sudoku", "--target"])
        .write_stdin(three)
        .assert()
        .code(2);
    assert!(stderr(&out).contains("<stdin>:1:1: the first line says 3 puzzles, but only 2 follow"));
    assert_eq!(stdout(out), "2829\n2852\n");
    let one = format!("1\n{sample}\n{sample}");
    let out = polyx()
        .args(["sudoku", "-j2"])
        .write_stdin(one)
        .assert()
        .code(2);
    assert!(stderr(&out)
        .contains("<stdin>:1:1: the first line says 1 puzzle, but puzzle 2 starts on line 12"));
    assert_eq!(stdout(out).lines().count(), 9);
}
