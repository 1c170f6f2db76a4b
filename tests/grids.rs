//! Hex and triangle puzzles read from TOML, through the binary (SPEC §8): `grid`, pieces
//! and boards on their grid, `size` parallelograms, counts against published results, and
//! the located errors for bad grid input (exit 2).

use std::path::{Path, PathBuf};
use std::time::Duration;

use assert_cmd::Command;

fn polyx() -> Command {
    let mut cmd = Command::cargo_bin("polyx").unwrap();
    cmd.timeout(Duration::from_secs(300));
    cmd
}

fn grids() -> PathBuf {
    crate::data().join("grids")
}

fn data(file: &str) -> String {
    grids().join(file).to_string_lossy().into_owned()
}

/// `polyx count ARGS`'s stdout.
fn count(args: &[&str]) -> String {
    let out = polyx().arg("count").args(args).assert().success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

/// A fresh folder for one test's files.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("polyx-grids-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).unwrap();
}

/// `polyx ARGS` in `dir` fails with exit 2 and an error holding every needle.
fn fails(dir: &Path, args: &[&str], needles: &[&str]) -> String {
    let out = polyx().current_dir(dir).args(args).assert().code(2);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(stderr.starts_with("error:"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    for needle in needles {
        assert!(stderr.contains(needle), "{needle:?} not in\n{stderr}");
    }
    assert!(out.get_output().stdout.is_empty());
    stderr
}

#[test]
fn hexiamonds_fill_the_6x6_rhombus_in_156_ways() {
    // O'Beirne's hexiamonds: 156 tilings of the 6×6 rhombus up to its symmetries (624
    // in all, the rhombus having 4). Source: D. Goodger, Polyform Puzzler,
    // https://puzzler.sourceforge.net/docs/hexiamonds.html ("Hexiamonds6x6: 156 solutions").
    let board = data("rhombus-6x6.toml");
    assert_eq!(count(&[&board]), "156\n");
    assert_eq!(count(&[&board, "--symmetry", "keep"]), "624\n");
}

#[test]
fn hexiamonds_do_not_fill_the_3x12_parallelogram() {
    // Goodger, Polyform Puzzler, hexiamonds page: "Hexiamonds3x12: 0 solutions".
    let board = data("parallelogram-3x12.toml");
    assert_eq!(count(&[&board, "--symmetry", "keep"]), "0\n");
    assert_eq!(count(&[&board]), "0\n");
}

#[test]
fn a_hex_board_drawn_from_an_odd_column() {
    // The board is the bee itself, one column to the right of the piece's picture.
    let board = data("bee-board.toml");
    assert_eq!(count(&[&board, "--symmetry", "keep"]), "1\n");
    assert_eq!(count(&[&board]), "1\n");
}

#[test]
fn the_pieces_of_another_grid_are_refused_naming_both_files() {
    let dir = scratch("mismatch");
    write(
        &dir,
        "b.toml",
        "grid = \"hex\"\npieces = \"p.toml\"\nsize = [2, 2]\n",
    );
    write(
        &dir,
        "p.toml",
        "grid = \"triangle\"\n[[piece]]\nname = \"A\"\nshape = \"AA\"\n",
    );
    fails(
        &dir,
        &["solve", "b.toml"],
        &[
            "b.toml:2:1:",
            "is on the hex grid",
            "p.toml",
            "is on the triangle grid",
        ],
    );
    // With --pieces: the board as a whole, and the set named as given.
    write(&dir, "sq.toml", "[[piece]]\nname = \"A\"\nshape = \"AA\"\n");
    fails(
        &dir,
        &["count", "b.toml", "--pieces", "sq.toml"],
        &["b.toml:3:1:", "sq.toml", "square grid", "`--pieces`"],
    );
    // A built-in square board with a triangle set.
    write(
        &dir,
        "t.toml",
        "grid = \"triangle\"\n[[piece]]\nname = \"A\"\nshape = \"AA\"\n",
    );
    fails(
        &dir,
        &["solve", "6x10", "--pieces", "t.toml"],
        &["<builtin>/boards/6x10.toml", "t.toml", "triangle grid"],
    );
}

#[test]
fn bad_grid_input_is_located() {
    let dir = scratch("bad-grid");
    write(
        &dir,
        "g.toml",
        "grid = \"hexagon\"\nsize = [2, 2]\npieces = \"x\"\n",
    );
    fails(
        &dir,
        &["solve", "g.toml"],
        &["g.toml:1:8: unknown grid `hexagon`", "did you mean `hex`?"],
    );
    // A hexagon between two columns, in a piece and in a board.
    write(
        &dir,
        "p.toml",
        "grid = \"hex\"\n[[piece]]\nname = \"A\"\nshape = \"\"\"\nA A\n A\n A\n\"\"\"\n",
    );
    write(
        &dir,
        "b.toml",
        "grid = \"hex\"\npieces = \"p.toml\"\nsize = [3, 1]\n",
    );
    fails(
        &dir,
        &["solve", "b.toml"],
        &["p.toml:7:2:", "between two columns", "doubled-width"],
    );
    write(
        &dir,
        "b2.toml",
        "grid = \"hex\"\npieces = \"p.toml\"\nshape = \"\"\"\n. .\n..\n\"\"\"\n",
    );
    fails(
        &dir,
        &["solve", "b2.toml"],
        &["b2.toml:5:1:", "between two columns"],
    );
    // A piece that is connected on the square grid but not on the triangle grid.
    write(
        &dir,
        "t.toml",
        "grid = \"triangle\"\n[[piece]]\nname = \"A\"\nshape = \"\"\"\n.A\n.A\n\"\"\"\n",
    );
    write(
        &dir,
        "tb.toml",
        "grid = \"triangle\"\npieces = \"t.toml\"\nsize = [1, 1]\n",
    );
    fails(
        &dir,
        &["solve", "tb.toml"],
        &["t.toml:6:2:", "piece `A` is not connected"],
    );
}

/// `polyx count NAME` in both symmetry modes.
fn counts(name: &str) -> (String, String) {
    (count(&[name]), count(&[name, "--symmetry", "keep"]))
}

#[test]
fn builtin_hexiamond_boards_count_as_published() {
    // Every count below is published by D. Goodger, Polyform Puzzler, "Hexiamonds:
    // Puzzles & Solutions", https://puzzler.sourceforge.net/docs/hexiamonds.html (the
    // solution counts of its puzzles Hexiamonds6x6, Hexiamonds3x12, Hexiamonds4x9,
    // HexiamondsRing2, HexiamondsRing and HexiamondsSnowflake, which is Kadon's Iamond
    // Hex), each counted there up to the board's symmetries; the same counts are in the
    // docstrings of Polyform Puzzler's source, puzzler/puzzles/hexiamonds.py (mirrored at
    // https://github.com/tiwo/puzzler).
    assert_eq!(counts("hexiamonds-6x6"), ("156\n".into(), "624\n".into()));
    assert_eq!(counts("hexiamonds-3x12"), ("0\n".into(), "0\n".into()));
    // The 9×4 parallelogram has the half turn only.
    assert_eq!(counts("hexiamonds-4x9"), ("74\n".into(), "148\n".into()));
    // A hexagon of side 4 with a hole of side 2 one step off centre (one mirror line).
    assert_eq!(counts("hexiamonds-hexagon"), ("11\n".into(), "22\n".into()));
    // The same hexagon with its hole in the centre: none.
    assert_eq!(counts("hexiamonds-ring"), ("0\n".into(), "0\n".into()));
    // The snowflake (star) has the six rotations and no reflection.
    assert_eq!(
        counts("hexiamonds-snowflake"),
        ("55\n".into(), "330\n".into())
    );
}

#[test]
fn builtin_tetrahex_boards_count_as_published() {
    // D. Goodger, Polyform Puzzler, "Polyhexes: Puzzles & Solutions",
    // https://puzzler.sourceforge.net/docs/polyhexes.html: Tetrahexes4x7, 9 solutions;
    // TetrahexesCoin, 4 solutions (up to the board's symmetries); also in the docstrings
    // of puzzler/puzzles/tetrahexes.py (https://github.com/tiwo/puzzler).
    assert_eq!(counts("tetrahexes-4x7"), ("9\n".into(), "18\n".into()));
    assert_eq!(counts("tetrahexes-coin"), ("4\n".into(), "16\n".into()));
}

#[test]
fn list_shows_the_hex_and_triangle_builtins_with_their_grid() {
    let out = polyx().arg("list").assert().success();
    let list = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    for name in [
        "hexiamonds",
        "one-sided-hexiamonds",
        "pentiamonds",
        "heptiamonds",
        "tetrahexes",
        "one-sided-tetrahexes",
        "pentahexes",
        "hexiamonds-6x6",
        "hexiamonds-snowflake",
        "tetrahexes-coin",
    ] {
        let line = list
            .lines()
            .find(|l| l.split_whitespace().next() == Some(name))
            .unwrap_or_else(|| panic!("{name} not listed:\n{list}"));
        assert!(
            line.contains("triangle grid") || line.contains("hex grid"),
            "{line}"
        );
    }
}
