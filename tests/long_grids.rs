//! The long-run features on a hex and a triangle board (SPEC §8: they work on every
//! grid), through the binary: a run stopped by `--max-nodes` and resumed from its
//! `--checkpoint` counts exactly; `--shard I/N` for every I, added up by `polyx merge`,
//! gives the total; `--progress always` reports and ends with its summary; the matrix
//! of `polyx show --dlx` counts the same with `polyx dlx --count`; `-f json` cells are
//! the picture's coordinates.
//!
//! Boards (tests/data/long_grids): `hexagon4`, the hexagon of side 4 (37 hexagons) with
//! the 3 trihexes and 7 tetrahexes, 147,480 tilings, 12,290 up to its 12 symmetries
//! (no tiling is symmetric: 147,480 = 12 × 12,290); `hexiamond-rhombus`, the 6×6 rhombus
//! with the 12 hexiamonds that `polyx pieces` writes, 624 tilings, 156 up to symmetry
//! (published: Goodger, Polyform Puzzler).

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::Duration;

use assert_cmd::Command;

/// Each board, its count in `keep` and in `reduce` mode.
const BOARDS: [(&str, u64, u64); 2] = [
    ("hexagon4", 147_480, 12_290),
    ("hexiamond-rhombus", 624, 156),
];

fn polyx() -> Command {
    let mut cmd = Command::cargo_bin("polyx").unwrap();
    cmd.timeout(Duration::from_secs(300));
    cmd
}

fn board(name: &str) -> String {
    let path = crate::data().join(format!("long_grids/{name}.toml"));
    path.to_string_lossy().into_owned()
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("polyx-long-grids-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn a_run_stopped_and_resumed_from_its_checkpoint_counts_exactly() {
    for (name, keep, reduce) in BOARDS {
        for (symmetry, expected) in [("keep", keep), ("reduce", reduce)] {
            let cp = temp(&format!("{name}-{symmetry}.json"));
            let args = [
                "count",
                &board(name),
                "--symmetry",
                symmetry,
                "-j",
                "2",
                "--checkpoint",
                cp.to_str().unwrap(),
                "--checkpoint-every",
                "1",
            ];
            let out = polyx()
                .args(args)
                .args(["--max-nodes", "8192"])
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(130), "{name} {symmetry}: {stderr}");
            assert!(stderr.contains("incomplete"), "{stderr}");
            let partial: u64 = stdout(&out).trim().parse().unwrap();
            assert!(partial < expected, "{name} {symmetry}: {partial}");
            assert!(cp.exists(), "{name} {symmetry}: no checkpoint");
            polyx()
                .args(args)
                .assert()
                .success()
                .stdout(format!("{expected}\n"));
        }
    }
}

#[test]
fn shards_merged_give_the_total() {
    for (name, keep, reduce) in BOARDS {
        for (symmetry, expected) in [("keep", keep), ("reduce", reduce)] {
            let shards = 3;
            let mut files = Vec::new();
            for i in 1..=shards {
                let out = polyx()
                    .args(["count", &board(name), "--symmetry", symmetry, "-f", "json"])
                    .args(["--shard", &format!("{i}/{shards}")])
                    .assert()
                    .success();
                let file = temp(&format!("{name}-{symmetry}-{i}.json"));
                std::fs::write(&file, &out.get_output().stdout).unwrap();
                files.push(file);
            }
            let merged = polyx().arg("merge").args(&files).assert().success();
            let merged = stdout(merged.get_output());
            assert!(
                merged.contains(&format!("\"solutions\":{expected},\"complete\":true")),
                "{name} {symmetry}: {merged}"
            );
        }
    }
}

#[test]
fn progress_always_reports_and_ends_with_a_summary() {
    for (name, _, reduce) in BOARDS {
        let out = polyx()
            .args(["count", &board(name), "-j", "1", "--progress", "always"])
            .output()
            .unwrap();
        assert!(out.status.success());
        assert_eq!(stdout(&out), format!("{reduce}\n"));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.lines().all(|l| l.starts_with("polyx: ")), "{stderr}");
        let last = stderr.lines().last().unwrap_or_default();
        assert!(
            last.starts_with(&format!("polyx: finished: {reduce} solutions, ")),
            "{name}: {stderr}"
        );
        assert!(last.ends_with("(100.00% done)"), "{name}: {stderr}");
    }
}

#[test]
fn the_matrix_of_show_dlx_counts_every_tiling() {
    for (name, keep, _) in BOARDS {
        let matrix = polyx()
            .args(["show", "--dlx", &board(name)])
            .assert()
            .success();
        polyx()
            .args(["dlx", "--count"])
            .write_stdin(matrix.get_output().stdout.clone())
            .assert()
            .success()
            .stdout(format!("{keep}\n"));
    }
}

/// The positions of the cells of a picture board (`.`), as (column, row).
fn open_cells(picture: &str) -> BTreeSet<(i64, i64)> {
    let mut cells = BTreeSet::new();
    for (y, line) in picture.lines().enumerate() {
        for (x, ch) in line.chars().enumerate() {
            if ch == '.' {
                cells.insert((x as i64, y as i64));
            }
        }
    }
    cells
}

/// Every cell of a JSON solution is a cell of the board as the picture places it (the
/// hexagon's `.`, the rhombus's row r columns r + 1 to r + 12 by SPEC §8), each covered
/// once, each piece with its number of cells.
#[test]
fn json_cells_are_picture_coordinates() {
    let hexagon = "   . . . .\n  . . . . .\n . . . . . .\n. . . . . . .\n . . . . . .\n  . . . . .\n   . . . .\n";
    let rhombus: BTreeSet<(i64, i64)> = (0..6)
        .flat_map(|r| (r + 1..=r + 12).map(move |c| (c, r)))
        .collect();
    for (name, cells, sizes) in [
        ("hexagon4", open_cells(hexagon), &[3, 4][..]),
        ("hexiamond-rhombus", rhombus, &[6][..]),
    ] {
        let out = polyx()
            .args(["solve", &board(name), "-f", "json", "-n", "3"])
            .assert()
            .success();
        let text = stdout(out.get_output());
        let solutions: Vec<serde_json::Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .filter(|v: &serde_json::Value| v["type"] == "solution")
            .collect();
        assert_eq!(solutions.len(), 3, "{text}");
        for s in solutions {
            let mut covered = BTreeSet::new();
            for p in s["placements"].as_array().unwrap() {
                let piece = p["cells"].as_array().unwrap();
                assert!(sizes.contains(&piece.len()), "{p}");
                for c in piece {
                    let cell = (c[0].as_i64().unwrap(), c[1].as_i64().unwrap());
                    assert!(cells.contains(&cell), "{name}: {cell:?} is not a cell");
                    assert!(covered.insert(cell), "{name}: {cell:?} covered twice");
                }
            }
            assert_eq!(covered, cells, "{name}");
        }
    }
}
