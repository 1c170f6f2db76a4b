//! Sticks, trigs and twigs (SPEC §9) through the binary: the published counts of the
//! built-in boards in both symmetry modes, with and without the no-crossing rule; the
//! generator's piece counts; `show --dlx` with the crossings as secondary items, read
//! back by `polyx dlx`; the design tools on a stick board; located errors (exit 2).
//!
//! The counts are Polyform Puzzler's (D. Goodger, https://github.com/tiwo/puzzler,
//! `puzzler/puzzles/*.py`, each class's docstring), re-counted independently in the
//! project's KNOWN_COUNTS; "total" is `--symmetry keep`, "distinct" the default.

use std::path::{Path, PathBuf};
use std::time::Duration;

use assert_cmd::Command;

fn polyx() -> Command {
    let mut cmd = Command::cargo_bin("polyx").unwrap();
    cmd.timeout(Duration::from_secs(600));
    cmd
}

fn data(file: &str) -> String {
    crate::data()
        .join("sticks")
        .join(file)
        .to_string_lossy()
        .into_owned()
}

/// `polyx ARGS`'s stdout, trimmed, after a success.
fn run(args: &[&str]) -> String {
    let out = polyx().args(args).assert().success();
    String::from_utf8(out.get_output().stdout.clone())
        .unwrap()
        .trim()
        .to_string()
}

/// The counts of `board` in keep and reduce mode.
fn counts(board: &str) -> (String, String) {
    (
        run(&["count", board, "--symmetry", "keep"]),
        run(&["count", board]),
    )
}

fn pair(total: u64, distinct: u64) -> (String, String) {
    (total.to_string(), distinct.to_string())
}

#[test]
fn polysticks_of_1_to_3_fill_the_clipped_3x3_in_84_ways_21_distinct() {
    // Puzzler's Polysticks123_4x4ClippedCorners1: "21 solutions".
    assert_eq!(counts("polysticks-123-3x3"), pair(84, 21));
}

#[test]
fn tritrigs_fill_the_5x2_parallelogram_in_18_ways_9_distinct() {
    // Puzzler's TritrigsParallelogram5x2: "9 solutions".
    assert_eq!(counts("tritrigs-5x2"), pair(18, 9));
}

#[test]
fn pentatwigs_fill_the_triangle_of_side_5_in_336_ways_56_distinct() {
    // Puzzler's PentatwigsTriangle: "56 solutions"; twigs never cross.
    assert_eq!(counts("pentatwigs-triangle"), pair(336, 56));
}

#[test]
fn without_the_rule_the_boards_have_200_and_4638_tilings() {
    // KNOWN_COUNTS: the no-crossing rule cuts 200 tilings to 84 and 4,638 to 18. The
    // distinct counts: no tiling of either is symmetric (200 = 4 × 50, 4,638 = 2 × 2,319).
    assert_eq!(counts(&data("polysticks-123-crossing.toml")), pair(200, 50));
    assert_eq!(counts(&data("tritrigs-crossing.toml")), pair(4638, 2319));
}

#[test]
fn tetrasticks_less_h_fill_the_5x5_square_in_72_distinct_ways() {
    // Puzzler's Tetrasticks6x6: "72 solutions omitting H" of its 1,795; none is
    // symmetric (KNOWN_COUNTS: 14,360 = 8 × 1,795 in all), so 576 in all.
    assert_eq!(counts(&data("tetrasticks-5x5-no-h.toml")), pair(576, 72));
}

#[test]
#[ignore = "about 30 s of CPU in release (both modes, 39 M nodes each); the H case above runs normally"]
fn fifteen_tetrasticks_fill_the_5x5_square_in_14360_ways_1795_distinct() {
    // Puzzler's Tetrasticks6x6: 1,795 = 72 + 382 + 607 + 530 + 204 (H, J, L, N or Y left
    // out); 14,360 in all.
    assert_eq!(counts("tetrasticks-5x5"), pair(14_360, 1_795));
}

/// The number of pieces `polyx pieces --grid GRID --size N` writes.
fn generated(grid: &str, n: u32) -> usize {
    let text = run(&["pieces", "--grid", grid, "--size", &n.to_string()]);
    text.matches("[[piece]]").count()
}

#[test]
fn the_generator_finds_the_published_numbers_of_pieces() {
    // Free polysticks: OEIS A019988 (1, 2, 5, 16, 55, 222). Polytwigs and polytrigs: the
    // sizes of Puzzler's sets (Monotwigs … Pentatwigs: 1, 1, 3, 4, 12; Monotrigs,
    // Ditrigs, Tritrigs: 1, 3, 12).
    let sizes = |grid, n| (1..=n).map(|k| generated(grid, k)).collect::<Vec<_>>();
    assert_eq!(sizes("sticks", 5), [1, 2, 5, 16, 55]);
    assert_eq!(sizes("twigs", 5), [1, 1, 3, 4, 12]);
    assert_eq!(sizes("trigs", 3), [1, 3, 12]);
}

#[test]
fn generated_tritrigs_read_back_and_tile_the_parallelogram() {
    let dir = scratch("generated");
    let set = dir.join("tritrigs.toml").to_string_lossy().into_owned();
    run(&["pieces", "--grid", "trigs", "--size", "3", "-o", &set]);
    let keep = ["--symmetry", "keep"];
    let count = run(&[&["count", "tritrigs-5x2", "--pieces", &set][..], &keep[..]].concat());
    assert_eq!(count, "18");
}

#[test]
fn show_dlx_writes_the_crossings_for_knuths_dlx() {
    for (board, total) in [("polysticks-123-3x3", "84"), ("tritrigs-5x2", "18")] {
        let matrix = run(&["show", board, "--dlx"]);
        let items = matrix.lines().find(|l| !l.starts_with('|')).unwrap();
        let (_, secondary) = items.split_once('|').expect("secondary items");
        assert!(
            secondary.split_whitespace().any(|i| i.starts_with('x')),
            "{items}"
        );
        let dir = scratch(board);
        let file = dir.join("matrix.dlx");
        std::fs::write(&file, format!("{matrix}\n")).unwrap();
        let count = run(&["dlx", "--count", &file.to_string_lossy()]);
        assert_eq!(count, total, "{board}");
    }
}

#[test]
fn solutions_come_out_as_text_and_json_with_puzzler_coordinates() {
    let text = run(&["solve", "polysticks-123-3x3"]);
    assert!(text.lines().count() >= 7, "{text}");
    let json = run(&["solve", "tritrigs-5x2", "-f", "json"]);
    let first = json.lines().next().unwrap();
    let value: serde_json::Value = serde_json::from_str(first).unwrap();
    let placements = value["placements"].as_array().unwrap();
    assert_eq!(placements.len(), 12);
    for p in placements {
        for cell in p["cells"].as_array().unwrap() {
            assert_eq!(cell.as_array().unwrap().len(), 3, "[x, y, d]: {cell}");
        }
    }
}

#[test]
fn check_tells_one_solution_from_several() {
    // The tritrig board has 9 classes: several.
    polyx().args(["check", "tritrigs-5x2"]).assert().code(3);
}

/// A fresh folder for one test's files.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("polyx-sticks-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `polyx count FILE` in `dir` fails with exit 2 and an error holding every needle.
fn fails(dir: &Path, file: &str, text: &str, needles: &[&str]) {
    std::fs::write(dir.join(file), text).unwrap();
    let out = polyx()
        .current_dir(dir)
        .args(["count", file])
        .assert()
        .code(2);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(stderr.starts_with("error:"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    for needle in needles {
        assert!(stderr.contains(needle), "{needle:?} not in\n{stderr}");
    }
}

#[test]
fn bad_segments_are_located_errors() {
    let dir = scratch("errors");
    let set = "grid = \"sticks\"\n[[piece]]\nname = \"A\"\nsegments = [[0, 0, 0], [1, 0, 0]]\n";
    std::fs::write(dir.join("set.toml"), set).unwrap();
    let board = |rest: &str| format!("pieces = \"set.toml\"\ngrid = \"sticks\"\n{rest}\n");
    // A direction the grid does not have: line 3, at the segment.
    fails(
        &dir,
        "d.toml",
        &board("segments = [[0, 0, 0], [1, 0, 2]]"),
        &["d.toml:3:24", "no direction 2 on the sticks grid"],
    );
    fails(
        &dir,
        "hole.toml",
        &board("size = [2, 1]\nholes = [[5, 5, 0]]"),
        &["hole [5, 5, 0] is not a segment of the board"],
    );
    fails(
        &dir,
        "neg.toml",
        &board("segments = [[-1, 0, 0], [0, 0, 0]]"),
        &["below 0"],
    );
    fails(
        &dir,
        "shape.toml",
        &board("shape = \"..\""),
        &["not `shape`"],
    );
    fails(
        &dir,
        "square.toml",
        "pieces = \"pentominoes\"\nsize = [10, 6]\nholes = [[0, 0, 0]]\n",
        &["`holes` is for the grids of segments"],
    );
    let loose = "grid = \"sticks\"\n[[piece]]\nname = \"A\"\nsegments = [[0, 0, 0], [5, 0, 0]]\n";
    std::fs::write(dir.join("loose.toml"), loose).unwrap();
    fails(
        &dir,
        "b.toml",
        "pieces = \"loose.toml\"\ngrid = \"sticks\"\nsize = [6, 1]\nuse_all_pieces = false\ncover_all_cells = false\n",
        &["not connected", "[5, 0, 0]"],
    );
}
