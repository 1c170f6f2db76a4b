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
