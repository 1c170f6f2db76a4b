//! The grids of space through the binary (issue 25): the built-in 3D puzzles count the
//! published numbers in both symmetry modes, the examples of docs/FORMATS.md count what
//! the page says, a flat ball tray counts what the same cells count on the square grid,
//! and `polyx show` reports the placements of the IQ Puzzler Pro pyramid.

use std::path::PathBuf;
use std::time::Duration;

use assert_cmd::Command;

fn polyx() -> Command {
    let mut cmd = Command::cargo_bin("polyx").unwrap();
    cmd.timeout(Duration::from_secs(600));
    cmd
}

/// `polyx count PUZZLE --symmetry MODE -j 2`, as a number.
fn count(puzzle: &str, mode: &str) -> u64 {
    let out = polyx()
        .args(["count", puzzle, "--symmetry", mode, "-j", "2"])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    text.trim()
        .parse()
        .unwrap_or_else(|_| panic!("{puzzle}: {text}"))
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("polyx-solids-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Published counts, in all (`keep`) and up to the board's symmetries (`reduce`):
/// - Soma in 3×3×3: 11,520 and 240 (Berlekamp, Conway and Guy, Winning Ways, ch. 24).
/// - IQ Puzzler Pro's pyramid: 26,720 in all (issue 25); up to the pyramid's 8
///   symmetries 3,340 (no solution is fixed by one: 26,720 = 8 × 3,340).
/// - The eight tetracubes in 2×4×4: 1,390 up to the box's 8 rotations (Goodger,
///   Polyform Puzzler, `Tetracubes2x4x4`, which fixes the branch's orientation), so
///   11,120 in all (no rotation fixes the branch); up to the box's 16 symmetries, the
///   screws A and B swapping, 695.
#[test]
fn published_counts_in_both_symmetry_modes() {
    for (board, all, distinct) in [
        ("soma-3x3x3", 11_520, 240),
        ("iq-puzzler-pro-pyramid", 26_720, 3_340),
        ("tetracubes-2x4x4", 11_120, 695),
    ] {
        assert_eq!(count(board, "keep"), all, "{board}");
        assert_eq!(count(board, "reduce"), distinct, "{board}");
    }
}

/// The twelve solid pentominoes in 3×4×5: 3,940 solutions up to the box's 8 symmetries,
/// 31,520 in all (Goodger, Polyform Puzzler, `SolidPentominoes3x4x5`; Wikipedia,
/// Pentacube). The longest run here.
#[test]
fn solid_pentominoes_in_3x4x5() {
    assert_eq!(count("solid-pentominoes-3x4x5", "reduce"), 3_940);
    assert_eq!(count("solid-pentominoes-3x4x5", "keep"), 31_520);
}

/// The NOI2005 (Kanoodle) beads in the 55-ball pyramid: no published count found; the
/// two modes agree (2,448 = 8 × 306).
#[test]
fn noi2005_pyramid() {
    assert_eq!(count("noi2005-pyramid", "keep"), 2_448);
    assert_eq!(count("noi2005-pyramid", "reduce"), 306);
}

/// The IQ Puzzler Pro pyramid has 2,004 placements (issue 25), the options of its matrix.
#[test]
fn iq_puzzler_pro_pyramid_has_2004_placements() {
    let out = polyx()
        .args(["show", "iq-puzzler-pro-pyramid"])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(text.contains("2004 options (placements)"), "{text}");
}

/// A flat tray of balls counts what the same cells count on the square grid with the 2D
/// set: the NOI2005 judge's sample (three pieces pre-placed, one solution) redrawn as one
/// layer of balls. (`kanoodle` itself, 371,020 in all like the square 5×11 board with
/// the 2D set, takes the better part of a minute on the DLX engine.)
#[test]
fn a_tray_of_balls_counts_as_the_square_grid() {
    let sample = polyx::load_board("noi2005-sample").unwrap();
    let text = sample_text();
    let path = temp("sample-balls.toml");
    std::fs::write(&path, text).unwrap();
    let path = path.to_str().unwrap();
    let planar = count("noi2005-sample", "keep");
    assert_eq!(planar, 1);
    assert_eq!(count(path, "keep"), planar);
    assert_eq!(sample.grid, polyx::Grid::Square);
}

/// The built-in noi2005-sample board redrawn on the sphere grid with the ball set.
fn sample_text() -> String {
    let text = polyx::builtin_boards()
        .iter()
        .find(|(name, _)| *name == "noi2005-sample")
        .unwrap()
        .1;
    let shape = text.find("shape").unwrap();
    format!(
        "pieces = \"noi2005-balls\"\ngrid = \"sphere\"\n{}",
        &text[shape..]
    )
}

/// The cube and pyramid examples of docs/FORMATS.md read and count what the page says.
#[test]
fn the_formats_examples_count_what_the_page_says() {
    let page =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/FORMATS.md")).unwrap();
    for (name, expected) in [("soma-steps", 3), ("iq-pyramid-top", 68)] {
        let start = page
            .find(&format!("```toml\nname = \"{name}\""))
            .unwrap_or_else(|| panic!("{name} is not on the page"));
        let body = &page[start + "```toml\n".len()..];
        let end = body.find("```").unwrap();
        let path = temp(&format!("{name}.toml"));
        std::fs::write(&path, &body[..end]).unwrap();
        let path = path.to_str().unwrap();
        assert_eq!(count(path, "keep"), expected, "{name}");
        assert!(
            page.contains(&format!("count it ({expected} solutions"))
                || page.contains(&format!("count ({expected} solutions")),
            "{name}: the page does not say {expected}"
        );
    }
    // The built-in boards shown there are the files (counted above).
    for name in ["soma-3x3x3", "iq-puzzler-pro-pyramid"] {
        let text = polyx::builtin_boards()
            .iter()
            .find(|(n, _)| *n == name)
            .unwrap()
            .1;
        let shown = format!("```toml\nname = \"{name}\"");
        assert!(page.contains(&shown), "{name}");
        assert!(text.contains("pieces = "), "{name}");
    }
}
