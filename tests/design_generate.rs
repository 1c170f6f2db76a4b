//! `polyx generate` and the library's `design::generate`: every challenge, written as
//! the board file users write and read back by the board parser, has exactly one
//! solution (in keep mode, so in reduce mode too), on the NOI2005 triangle, the
//! Kanoodle 5×11 tray, the pentominoes' 6×10 and the hexiamonds' boards on the triangle
//! grid, the tetrahexes' on the hex grid, and the solids of the Soma cube and the
//! NOI2005 pyramid (written layer by layer); the same seed gives the same bytes;
//! `--min` reaches at most 4 of the 12 pieces on the triangle; levels are what they say.

use std::path::Path;

use assert_cmd::Command;
use polyx::design::{board_toml, generate, picture, Challenge, GenerateOptions, Level, Title};
use polyx::{load_puzzle, parse_board, pieces_for, Puzzle, Solver, SymmetryMode};

fn polyx() -> Command {
    Command::cargo_bin("polyx").unwrap()
}

fn puzzle(name: &str) -> Puzzle {
    let (board, set) = load_puzzle(name, None).unwrap();
    Puzzle::new(board, set).unwrap()
}

fn kanoodle() -> String {
    crate::data()
        .join("design/kanoodle-5x11.toml")
        .display()
        .to_string()
}

/// Writes `c` as a board file, reads it back with the library's parser and counts its
/// solutions: exactly one in both modes, and the one the generator gave.
fn assert_read_back_unique(c: &Challenge, pieces: &str) {
    let title = Title {
        name: "challenge".into(),
        description: "read back".into(),
        pieces: pieces.into(),
    };
    let toml = board_toml(&c.puzzle.board, &title);
    let board = parse_board("challenge.toml", &toml).unwrap();
    assert_eq!(picture(&board), picture(&c.puzzle.board), "{toml}");
    let set = pieces_for(&board, None).unwrap();
    let read = Puzzle::new(board, set).unwrap();
    let keep = Solver::new(read.clone(), SymmetryMode::Keep);
    let mut found = Vec::new();
    let report = keep.run(None, |t| {
        found.push(t.clone());
        std::ops::ControlFlow::Continue(())
    });
    assert!(report.complete);
    assert_eq!(found.len(), 1, "{toml}");
    let mut ours = c.solution.placements.clone();
    let mut theirs = found[0].placements.clone();
    ours.iter_mut().for_each(|p| p.fixed = false);
    theirs.iter_mut().for_each(|p| p.fixed = false);
    ours.sort();
    theirs.sort();
    assert_eq!(ours, theirs, "{toml}");
    let reduce = Solver::new(read, SymmetryMode::Reduce).count();
    assert_eq!(reduce.solutions, 1, "{toml}");
}

/// `count` challenges from each of `seeds`, each read back unique; returns them.
fn generate_checked(
    name: &str,
    pieces: &str,
    seeds: std::ops::RangeInclusive<u64>,
    count: usize,
) -> Vec<Challenge> {
    let p = puzzle(name);
    let mut all = Vec::new();
    for seed in seeds {
        let opts = GenerateOptions {
            seed,
            count,
            ..GenerateOptions::default()
        };
        let made = generate(&p, &opts).unwrap();
        assert_eq!(made.challenges.len(), count);
        for c in &made.challenges {
            assert!(c.preplaced < c.pieces);
            assert_read_back_unique(c, pieces);
        }
        all.extend(made.challenges);
    }
    all
}

#[test]
fn noi2005_triangle_challenges_over_200_seeds_read_back_unique() {
    let all = generate_checked("noi2005", "noi2005", 1..=200, 1);
    // The generator's challenges cannot lose a piece: each is at most 6 of 12.
    assert!(all.iter().all(|c| c.preplaced <= 6));
}

#[test]
fn kanoodle_tray_challenges_over_100_seeds_read_back_unique() {
    generate_checked(&kanoodle(), "noi2005", 1..=100, 1);
}

#[test]
fn pentomino_6x10_challenges_over_100_seeds_read_back_unique() {
    generate_checked("6x10", "pentominoes", 1..=100, 1);
}

#[test]
fn solid_challenges_are_written_layer_by_layer_and_read_back_unique() {
    // A challenge on a solid board is written as `layers`, bottom first: the Soma cube
    // and the NOI2005 pyramid of balls (their layers shrink, so rows end early).
    generate_checked("soma-3x3x3", "soma", 1..=20, 1);
    generate_checked("noi2005-pyramid", "noi2005-balls", 1..=3, 1);
}

#[test]
fn hexiamond_and_tetrahex_challenges_read_back_unique() {
    generate_checked("hexiamonds-6x6", "hexiamonds", 1..=100, 1);
    generate_checked("hexiamonds-hexagon", "hexiamonds", 1..=50, 1);
    generate_checked("tetrahexes-4x7", "tetrahexes", 1..=50, 1);
}

#[test]
fn min_reaches_at_most_four_of_twelve_on_the_triangle() {
    let p = puzzle("noi2005");
    for seed in 1..=10 {
        let opts = GenerateOptions {
            seed,
            minimize: true,
            ..GenerateOptions::default()
        };
        let made = generate(&p, &opts).unwrap();
        let c = &made.challenges[0];
        assert!(c.preplaced <= 4, "seed {seed}: {} pieces", c.preplaced);
        assert_read_back_unique(c, "noi2005");
    }
}

#[test]
fn levels_are_what_they_say() {
    let p = puzzle("noi2005");
    for level in Level::ALL {
        let opts = GenerateOptions {
            seed: 7,
            count: 3,
            level: Some(level),
            ..GenerateOptions::default()
        };
        let made = generate(&p, &opts).unwrap();
        assert_eq!(made.challenges.len(), 3, "{level}");
        for c in &made.challenges {
            assert_eq!(c.level, level);
            let (lo, hi) = level.guesses();
            assert!((lo..=hi).contains(&c.difficulty.guesses));
            assert_read_back_unique(c, "noi2005");
        }
    }
}

#[test]
fn the_same_seed_prints_the_same_bytes_and_count_reads_them_back() {
    let run = |seed: &str| {
        let out = polyx()
            .args(["generate", "noi2005", "--count", "3", "--seed", seed])
            .assert()
            .success();
        String::from_utf8(out.get_output().stdout.clone()).unwrap()
    };
    let first = run("11");
    assert_eq!(first, run("11"));
    assert_ne!(first, run("12"));
    assert_eq!(first.matches("# challenge ").count(), 3);
    // Each challenge, as `polyx count` reads it from stdin.
    for doc in first.split("\n# challenge ").skip(1) {
        let doc = doc.split_once('\n').unwrap().1;
        for mode in ["keep", "reduce"] {
            polyx()
                .args(["count", "-", "--symmetry", mode])
                .write_stdin(doc)
                .assert()
                .success()
                .stdout("1\n");
        }
    }
}

#[test]
fn out_writes_one_file_each_that_count_reads_and_never_overwrites() {
    let dir = tempdir("out");
    polyx()
        .args([
            "generate", "noi2005", "--count", "2", "--seed", "5", "--out",
        ])
        .arg(&dir)
        .assert()
        .success()
        .stdout("");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 2);
    assert!(files[0].ends_with("noi2005-5-1.toml"), "{files:?}");
    for f in &files {
        polyx()
            .args(["count", "--symmetry", "keep"])
            .arg(f)
            .assert()
            .success()
            .stdout("1\n");
    }
    let before = std::fs::read(&files[0]).unwrap();
    let out = polyx()
        .args([
            "generate", "noi2005", "--count", "2", "--seed", "5", "--out",
        ])
        .arg(&dir)
        .assert()
        .code(2);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(stderr.contains("refusing to write over"), "{stderr}");
    assert_eq!(std::fs::read(&files[0]).unwrap(), before);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_judge_format_is_what_polyx_noi2005_solves() {
    let out = polyx()
        .args(["generate", "noi2005", "--seed", "3", "-f", "noi2005"])
        .assert()
        .success();
    let judge = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert_eq!(judge.lines().count(), 10);
    for (i, line) in judge.lines().enumerate() {
        assert_eq!(line.chars().count(), i + 1);
    }
    let solved = polyx()
        .arg("noi2005")
        .write_stdin(judge.clone())
        .assert()
        .success();
    let answer = String::from_utf8(solved.get_output().stdout.clone()).unwrap();
    assert!(!answer.contains('.'));
    for (a, q) in answer.lines().zip(judge.lines()) {
        for (x, y) in a.chars().zip(q.chars()) {
            assert!(y == '.' || x == y);
        }
    }
    // Not the staircase: refused before any search.
    polyx()
        .args(["generate", "6x10", "-f", "noi2005"])
        .assert()
        .code(2);
}

#[test]
fn the_book_has_challenge_and_solution_pages() {
    let dir = tempdir("book");
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("book.svg");
    polyx()
        .args([
            "generate", "noi2005", "--count", "14", "--seed", "2", "--book",
        ])
        .arg(&svg)
        .assert()
        .success();
    let text = std::fs::read_to_string(&svg).unwrap();
    // 14 boards at 12 a page: two pages of challenges, two of solutions.
    assert_eq!(text.matches("<g id=\"page-").count(), 4);
    assert!(text.contains(">Solutions<"));
    assert!(text.contains("14 · "));
    assert_eq!(text.matches("<svg ").count(), 1 + 28);
    if cfg!(feature = "png") {
        let png = dir.join("book.png");
        polyx()
            .args(["generate", "hexiamonds-6x6", "--count", "3", "--book"])
            .arg(&png)
            .assert()
            .success();
        assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    }
    polyx()
        .args(["generate", "noi2005", "--book", "book.pdf"])
        .assert()
        .code(2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sets_with_copies_and_boards_with_gaps_are_refused() {
    let out = polyx().args(["generate", "dominoes-8x8"]).assert().code(2);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(stderr.contains("copies"), "{stderr}");
}

fn tempdir(what: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("polyx-design-{what}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    assert!(!Path::new(&dir).exists());
    dir
}
