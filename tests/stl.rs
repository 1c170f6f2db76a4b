//! `polyx show --stl` through the binary: one binary STL per piece of a set (a file the
//! size its triangle count says, whose triangles' signed volumes add up to the volume
//! printed), a board's tray (and with a directory, its pieces and tray), and the errors:
//! sizes out of range (bars too thick for their sticks), a file where a directory is
//! wanted, a tray for a board of space or of sticks, a directory that
//! cannot be made, and never a write over an input file. Exit code 2 and nothing written.

use std::path::{Path, PathBuf};
use std::time::Duration;

use assert_cmd::Command;

fn polyx() -> Command {
    let mut cmd = Command::cargo_bin("polyx").unwrap();
    cmd.timeout(Duration::from_secs(120));
    cmd
}

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("polyx-stl-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The triangles of a binary STL file and the volume they enclose (mm³).
fn read_stl(path: &Path) -> (usize, f64) {
    let bytes = std::fs::read(path).unwrap();
    let n = u32::from_le_bytes(bytes[80..84].try_into().unwrap()) as usize;
    assert_eq!(bytes.len(), 84 + 50 * n, "{}", path.display());
    let f = |at: usize| f64::from(f32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()));
    let mut volume = 0.0;
    for t in 0..n {
        let at = 84 + 50 * t + 12;
        let p: Vec<[f64; 3]> = (0..3)
            .map(|k| [f(at + 12 * k), f(at + 12 * k + 4), f(at + 12 * k + 8)])
            .collect();
        let (a, b, c) = (p[0], p[1], p[2]);
        volume += (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
            + a[2] * (b[0] * c[1] - b[1] * c[0]))
            / 6.0;
    }
    (n, volume)
}

/// `path: what, N triangles, V mm³` lines: (path, triangles, volume).
fn reported(stdout: &[u8]) -> Vec<(PathBuf, usize, f64)> {
    String::from_utf8_lossy(stdout)
        .lines()
        .map(|line| {
            let (path, rest) = line.split_once(": ").unwrap();
            let parts: Vec<&str> = rest.rsplitn(3, ", ").collect();
            let triangles = parts[1].trim_end_matches(" triangles").parse().unwrap();
            let volume = parts[0].trim_end_matches(" mm³").parse().unwrap();
            (PathBuf::from(path), triangles, volume)
        })
        .collect()
}

#[test]
fn a_piece_set_writes_one_file_per_piece() {
    let dir = scratch("set").join("soma");
    let out = polyx()
        .args(["show", "soma", "--stl"])
        .arg(&dir)
        .args(["--cell-size", "20", "--clearance", "0"])
        .assert()
        .success();
    let lines = reported(&out.get_output().stdout);
    assert_eq!(lines.len(), 7);
    let mut total = 0.0;
    for (path, triangles, volume) in &lines {
        let (n, v) = read_stl(path);
        assert_eq!(n, *triangles);
        assert!((v - volume).abs() < 0.1, "{} {v} {volume}", path.display());
        total += v;
    }
    // 27 cubes of 20 mm.
    assert!((total - 27.0 * 8000.0).abs() < 1.0, "{total}");
}

#[test]
fn a_board_writes_a_tray() {
    let dir = scratch("tray");
    let file = dir.join("tray.stl");
    let out = polyx()
        .args(["show", "6x10", "--stl"])
        .arg(&file)
        .assert()
        .success();
    let lines = reported(&out.get_output().stdout);
    assert_eq!(lines.len(), 1);
    let (n, v) = read_stl(&file);
    assert_eq!(n, lines[0].1);
    assert!(v > 0.0);
}

#[test]
fn a_board_with_a_directory_writes_its_pieces_and_tray() {
    let dir = scratch("board-dir");
    let out = polyx()
        .args(["show", "tetrominoes-4x5", "--stl"])
        .arg(&dir)
        .assert()
        .success();
    let lines = reported(&out.get_output().stdout);
    let names: Vec<String> = lines
        .iter()
        .map(|(p, _, _)| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 6, "{names:?}");
    assert_eq!(names.last().unwrap(), "tray.stl");
    for (path, triangles, _) in &lines {
        assert_eq!(read_stl(path).0, *triangles);
    }
}

#[test]
fn bad_sizes_and_paths_are_refused() {
    let dir = scratch("errors");
    let file = dir.join("file.stl");
    std::fs::write(&file, "x").unwrap();
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec![
                "pentominoes".into(),
                "--stl".into(),
                dir.join("a").display().to_string(),
                "--cell-size".into(),
                "0".into(),
            ],
            "--cell-size",
        ),
        (
            vec![
                "pentominoes".into(),
                "--stl".into(),
                dir.join("a").display().to_string(),
                "--thickness".into(),
                "nan".into(),
            ],
            "--thickness",
        ),
        (
            vec![
                "pentominoes".into(),
                "--stl".into(),
                dir.join("a").display().to_string(),
                "--clearance".into(),
                "5".into(),
            ],
            "--clearance",
        ),
        (
            vec![
                "pentominoes".into(),
                "--stl".into(),
                dir.join("a").display().to_string(),
                "--clearance".into(),
                "abc".into(),
            ],
            "--clearance",
        ),
        (
            vec![
                "pentominoes".into(),
                "--stl".into(),
                file.display().to_string(),
            ],
            "is a file",
        ),
        (
            vec![
                "soma-3x3x3".into(),
                "--stl".into(),
                dir.join("t.stl").display().to_string(),
            ],
            "tray",
        ),
        (
            vec!["pentominoes".into(), "--cell-size".into(), "3".into()],
            "--stl",
        ),
        (
            vec![
                "tetrasticks".into(),
                "--stl".into(),
                dir.join("a").display().to_string(),
                "--thickness".into(),
                "8".into(),
            ],
            "--thickness 8 is too thick",
        ),
        (
            vec![
                "tetrasticks-5x5".into(),
                "--stl".into(),
                dir.join("t.stl").display().to_string(),
            ],
            "tray",
        ),
    ];
    for (args, needle) in cases {
        let out = polyx().arg("show").args(&args).assert().code(2);
        let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
        assert!(out.get_output().stdout.is_empty(), "{args:?}");
    }
    assert!(!dir.join("a").exists());
    assert_eq!(std::fs::read(&file).unwrap(), b"x");
}

#[test]
fn an_input_file_is_never_written_over() {
    let dir = scratch("input");
    let board = dir.join("board.toml");
    std::fs::write(
        &board,
        "name = \"b\"\npieces = \"tetrominoes\"\nsize = [4, 2]\n",
    )
    .unwrap();
    let before = std::fs::read(&board).unwrap();
    let out = polyx()
        .arg("show")
        .arg(&board)
        .arg("--stl")
        .arg(&board)
        .assert()
        .code(2);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(stderr.contains("refusing to write"), "{stderr}");
    assert_eq!(std::fs::read(&board).unwrap(), before);
}

#[test]
fn a_directory_that_cannot_be_made_is_an_error() {
    // Under a file: no one, not even root, can make it.
    let dir = scratch("unmakeable");
    let file = dir.join("plain");
    std::fs::write(&file, "x").unwrap();
    let out = polyx()
        .args(["show", "tetrominoes", "--stl"])
        .arg(file.join("pieces"))
        .assert()
        .code(2);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(
        stderr.starts_with("error: cannot make the directory") && stderr.contains("plain"),
        "{stderr}"
    );
}

#[test]
fn a_board_of_sticks_with_a_directory_writes_its_pieces_as_bars() {
    // Sixteen tetrasticks, no tray: a board of segments has none.
    let dir = scratch("sticks").join("out/");
    let out = polyx()
        .args(["show", "tetrasticks-5x5", "--stl"])
        .arg(&dir)
        .args(["--clearance", "0"])
        .assert()
        .success();
    let lines = reported(&out.get_output().stdout);
    assert_eq!(lines.len(), 16);
    assert!(!dir.join("tray.stl").exists());
    // Four rods of 10 mm and 5 mm across, joined: between one rod's capsule and four
    // whole capsules.
    let r: f64 = 2.5;
    let capsule = std::f64::consts::PI * (r * r * 10.0 + 4.0 / 3.0 * r.powi(3));
    for (path, triangles, volume) in &lines {
        let (n, v) = read_stl(path);
        assert_eq!(n, *triangles);
        assert!((v - volume).abs() < 0.1, "{} {v} {volume}", path.display());
        assert!(capsule < v && v < 4.0 * capsule, "{} {v}", path.display());
    }
}
