//! The binary on tiling puzzles: `solve`, `count`, `show`, `list`, `noi2005`, the output
//! formats and files, and exit codes (0 found or counted, 1 nothing found, 2 bad usage).

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;

fn polyx() -> Command {
    Command::cargo_bin("polyx").unwrap()
}

fn stdout_of(args: &[&str]) -> String {
    let out = polyx().args(args).assert().success();
    String::from_utf8(out.get_output().stdout.clone()).expect("UTF-8 output")
}

/// A fresh folder for output files, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("polyx-test-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        TempDir(dir)
    }

    fn path(&self, file: &str) -> PathBuf {
        self.0.join(file)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const PNG_MAGIC: &[u8] = b"\x89PNG\r\n\x1a\n";

/// Width and height from a PNG's header.
fn png_size(path: &Path) -> (u32, u32) {
    let bytes = std::fs::read(path).expect("the PNG was written");
    assert!(
        bytes.starts_with(PNG_MAGIC),
        "not a PNG: {}",
        path.display()
    );
    let be = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (be(16), be(20))
}

#[test]
fn solve_without_a_puzzle_tiles_6x10() {
    let text = stdout_of(&["solve"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 6, "{text}");
    assert!(lines.iter().all(|l| l.chars().count() == 10), "{text}");
    assert!(lines
        .iter()
        .all(|l| l.chars().all(|c| "FILNPTUVWXYZ".contains(c))));
}

#[test]
fn counts_in_both_symmetry_modes() {
    polyx()
        .args(["count", "6x10"])
        .assert()
        .success()
        .stdout("2339\n");
    polyx()
        .args(["count", "scott", "--symmetry", "keep"])
        .assert()
        .success()
        .stdout("520\n");
    polyx()
        .args(["count", "3x20", "--symmetry", "keep"])
        .assert()
        .success()
        .stdout("8\n");
    polyx()
        .args(["solve", "3x20", "--count"])
        .assert()
        .success()
        .stdout("2\n");
}

#[test]
fn no_solution_exits_1_but_a_count_of_0_succeeds() {
    polyx()
        .args(["solve", "tetrominoes-4x5"])
        .assert()
        .code(1)
        .stdout("");
    polyx()
        .args(["count", "tetrominoes-4x5"])
        .assert()
        .success()
        .stdout("0\n");
}

const NOI_SAMPLE_IN: &str = "\
.
..
...
....
.....
.....C
...CCC.
EEEHH...
E.HHH....
E.........
";

const NOI_SAMPLE_OUT: &str = "\
B
BK
BKK
BJKK
JJJDD
GJGDDC
GGGCCCI
EEEHHIIA
ELHHHIAAF
ELLLLIFFFF
";

#[test]
fn noi2005_judge_sample() {
    polyx()
        .arg("noi2005")
        .write_stdin(NOI_SAMPLE_IN)
        .assert()
        .success()
        .stdout(NOI_SAMPLE_OUT);
}

#[test]
fn noi2005_without_completion_prints_no_solution() {
    // The L-tromino A cuts off the top cell.
    let input = ".\nAA\n.A.\n....\n.....\n......\n.......\n........\n.........\n..........\n";
    polyx()
        .arg("noi2005")
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout("No solution\n");
}

#[test]
fn json_lines_end_with_a_summary() {
    let text = stdout_of(&["solve", "-n", "3", "-f", "json"]);
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    assert_eq!(lines.len(), 4, "{text}");
    for (k, line) in lines[..3].iter().enumerate() {
        assert_eq!(line["type"], "solution");
        assert_eq!(line["index"], k as u64 + 1);
        assert_eq!(line["placements"].as_array().map(Vec::len), Some(12));
    }
    let summary = &lines[3];
    assert_eq!(summary["type"], "summary");
    assert_eq!(summary["solutions"], 3);
    assert_eq!(summary["complete"], false);
    assert_eq!(summary["symmetry"], "reduce");
}

#[test]
fn unicode_draws_boxes() {
    let text = stdout_of(&["solve", "-f", "unicode"]);
    for c in ['┌', '┐', '└', '┘', '│', '─'] {
        assert!(text.contains(c), "no {c} in\n{text}");
    }
}

#[test]
fn images_go_to_files() {
    let dir = TempDir::new("images");
    let svg = dir.path("out.svg");
    polyx()
        .args(["solve", "-o"])
        .arg(&svg)
        .assert()
        .success()
        .stdout("");
    let text = std::fs::read_to_string(&svg).expect("the SVG was written");
    assert!(
        text.starts_with("<svg") || text.starts_with("<?xml"),
        "{text}"
    );

    let png = dir.path("out.png");
    polyx()
        .args(["solve", "-o"])
        .arg(&png)
        .assert()
        .success()
        .stdout("");
    let single = png_size(&png);

    let gallery = dir.path("g.png");
    polyx()
        .args(["solve", "-n", "4", "-o"])
        .arg(&gallery)
        .assert()
        .success();
    let (w, h) = png_size(&gallery);
    assert!(
        w > single.0 || h > single.1,
        "a gallery of 4 ({w}x{h}) is no larger than one ({single:?})"
    );
}

#[test]
fn png_to_stdout_is_a_usage_error() {
    polyx()
        .args(["solve", "-f", "png"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::starts_with("error:"))
        .stderr(predicate::str::contains("-o"));
}

#[test]
fn show_a_puzzle_and_a_piece_set() {
    let text = stdout_of(&["show", "6x10"]);
    assert!(text.contains("72 items"), "{text}");
    assert!(text.contains("2056 options"), "{text}");
    let text = stdout_of(&["show", "pentominoes"]);
    assert!(text.contains("63 orientations"), "{text}");
}

#[test]
fn piece_ranges_count_every_choice_of_copies() {
    // 2x5 with up to two I pentominoes and up to five dominoes: the 8 domino tilings
    // (compositions of 5 into 1s and 2s) and the two I's, 9 in all; under the board's
    // four symmetries, (8 + 8 + 2 + 2) / 4 = 5 classes of domino tilings, and the I's.
    let board = crate::data().join("ranges/2x5.toml");
    let count = |args: &[&str]| {
        let out = polyx()
            .arg("count")
            .arg(&board)
            .args(args)
            .assert()
            .success();
        String::from_utf8_lossy(&out.get_output().stdout).to_string()
    };
    assert_eq!(count(&["--symmetry", "keep"]), "9\n");
    assert_eq!(count(&[]), "6\n");
    // Knuth's programs read the matrix: the pieces are `0:2|I 0:5|D`.
    let matrix = stdout_of(&["show", board.to_str().unwrap(), "--dlx"]);
    assert!(matrix.starts_with("0:2|I 0:5|D "), "{matrix}");
    polyx()
        .args(["dlx", "--count"])
        .write_stdin(matrix)
        .assert()
        .success()
        .stdout("9\n");
}

#[test]
fn piece_ranges_are_checked_where_they_are_written() {
    let out = polyx()
        .arg("show")
        .arg(crate::data().join("ranges/bad-range.toml"))
        .assert()
        .code(2);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(
        stderr.contains("bad-range.toml:6:9: the range `count = [3, 1]`"),
        "{stderr}"
    );
    let out = polyx()
        .arg("count")
        .arg(crate::data().join("ranges/too-few.toml"))
        .assert()
        .code(2);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(
        stderr.contains("too-few.toml:3:1: the pieces cover from 0 to 20 cells"),
        "{stderr}"
    );
}

#[test]
fn show_dlx_feeds_the_dlx_solver() {
    let matrix = stdout_of(&["show", "6x10", "--dlx"]);
    polyx()
        .args(["dlx", "--count"])
        .write_stdin(matrix)
        .assert()
        .success()
        .stdout("9356\n");
}

#[test]
fn list_names_every_built_in() {
    let text = stdout_of(&["list"]);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for folder in ["boards", "pieces"] {
        for entry in std::fs::read_dir(root.join(folder)).expect("a folder") {
            let path = entry.expect("an entry").path();
            let name = path.file_stem().unwrap().to_string_lossy().to_string();
            let listed = text
                .lines()
                .any(|l| l.split_whitespace().next() == Some(name.as_str()));
            assert!(listed, "{folder}/{name} not listed in\n{text}");
        }
    }
}

#[test]
fn a_board_on_stdin() {
    let board = "name = \"piped\"\npieces = \"pentominoes\"\nsize = [20, 3]\n";
    let out = polyx()
        .args(["solve", "-"])
        .write_stdin(board)
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines.iter().all(|l| l.len() == 20), "{text}");
    polyx()
        .args(["count", "-", "--symmetry", "keep"])
        .write_stdin(board)
        .assert()
        .success()
        .stdout("8\n");
}

/// Runs `args`, expects clap's refusal: exit 2, nothing on stdout, one `error:` message.
fn refused(args: &[&str]) {
    let out = polyx().args(args).assert().code(2).stdout("");
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(stderr.starts_with("error:"), "{args:?}: {stderr}");
}

#[test]
fn a_count_takes_only_the_options_it_honours() {
    // A count prints one number (or, with -f json, one summary line): it has no limit,
    // no output file and no picture.
    for extra in [
        &["-o", "c.txt"][..],
        &["-n", "2"],
        &["-a"],
        &["-f", "svg"],
        &["-f", "png"],
        &["-f", "unicode"],
        &["--cell-size", "20"],
        &["--count"],
    ] {
        refused(&[&["count", "3x20"][..], extra].concat());
        if extra != ["--count"] {
            refused(&[&["solve", "3x20", "--count"][..], extra].concat());
        }
    }
    for count in [&["count", "3x20"][..], &["solve", "3x20", "--count"]] {
        polyx()
            .args(count)
            .args(["-f", "ascii"])
            .assert()
            .success()
            .stdout("2\n");
        polyx()
            .args(count)
            .args(["-f", "json", "--symmetry", "keep", "-j", "1"])
            .assert()
            .success()
            .stdout(predicate::str::starts_with(
                r#"{"type":"summary","solutions":8,"complete":true,"#,
            ));
    }
}

#[test]
fn show_names_the_size_in_rows_and_columns() {
    // The built-in rectangles are named rows x columns: 6x10 is 6 rows of 10.
    let text = stdout_of(&["show", "6x10"]);
    assert_eq!(
        text.lines().next(),
        Some("board 6x10: 6 rows × 10 columns, 60 open cells"),
        "{text}"
    );
    let text = stdout_of(&["show", "3x20"]);
    assert!(
        text.starts_with("board 3x20: 3 rows × 20 columns,"),
        "{text}"
    );
}

#[test]
fn list_aligns_its_columns() {
    let text = stdout_of(&["list"]);
    // Where each entry's description starts, in characters.
    let starts: Vec<usize> = (text.lines())
        .filter(|l| l.starts_with("  "))
        .map(|l| {
            let name = l.trim_start().split(' ').next().unwrap_or_default();
            let after = 2 + name.chars().count();
            let gap = l.chars().skip(after).take_while(|&c| c == ' ').count();
            assert!(gap >= 2, "name and description run together: {l:?}");
            after + gap
        })
        .collect();
    assert!(starts.len() >= 20, "{text}");
    assert!(starts.iter().all(|&s| s == starts[0]), "{text}");
}

#[test]
fn cell_sizes_are_refused_outside_what_the_renderers_draw() {
    for px in ["3", "1025"] {
        polyx()
            .args(["solve", "3x20", "-f", "svg", "--cell-size", px])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("between 4 and 1024 pixels"));
    }
    polyx()
        .args(["solve", "3x20", "-f", "svg", "--cell-size", "4"])
        .assert()
        .success();
}
