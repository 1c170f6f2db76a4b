//! The loaders never panic (issue 7): random bytes, and random mutations of the shipped
//! TOML files and of well-formed NOI2005, DLX and Sudoku texts, go to every loader; each
//! returns a value or an error whose message renders. Whatever loads goes one step
//! further without panicking: boards and piece sets meet in `Puzzle::new` and build their
//! matrix, DLX problems are written back and read again unchanged, Sudoku puzzles build
//! their cover. A quick companion of the cargo-fuzz targets in `fuzz/`; the inputs those
//! found are kept under `tests/regressions/` and replayed here.

use std::ops::ControlFlow;
use std::path::Path;

use polyx::apps::{noi2005, sudoku};
use polyx::cover::{knuth, Search, Visit};
use polyx::{
    builtin_boards, builtin_piece_sets, load_piece_set, parse_board, parse_piece_set, Puzzle,
};
use proptest::prelude::*;

/// A small board on which any piece set may be tried (pieces and cells optional).
const ANY_SET_BOARD: &str = "size = [5, 4]\nuse_all_pieces = false\ncover_all_cells = false\n";

/// Board text → a board, then a puzzle with its built-in set (if it names one), or errors.
fn try_board(text: &str) {
    match parse_board("fuzz.toml", text) {
        Ok(board) => {
            let set = builtin_piece_sets()
                .iter()
                .find(|(name, _)| *name == board.pieces)
                .map_or("pentominoes", |(name, _)| name);
            let set = load_piece_set(set, None).expect("built-in sets load");
            if let Ok(puzzle) = Puzzle::new(board, set) {
                let _ = puzzle.problem();
            }
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

/// Piece-set text → a set, then a puzzle on a small board, or errors.
fn try_set(text: &str) {
    match parse_piece_set("fuzz.toml", text) {
        Ok(set) => {
            let board = parse_board("board.toml", ANY_SET_BOARD).unwrap();
            if let Ok(puzzle) = Puzzle::new(board, set) {
                let _ = puzzle.problem();
            }
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

/// NOI2005 text → a board checked against the NOI2005 set (no search), or errors.
fn try_noi(text: &str) {
    match noi2005::read("fuzz.in", text) {
        Ok(board) => {
            let set = load_piece_set("noi2005", None).unwrap();
            if let Ok(puzzle) = Puzzle::new(board, set) {
                let _ = puzzle.problem();
            }
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

/// DLX text → a problem that writes back to itself and searches, or errors.
fn try_knuth(text: &str) {
    match knuth::read("fuzz.dlx", text) {
        Ok(problem) => {
            let written = knuth::write(&problem);
            let again = knuth::read("again.dlx", &written)
                .unwrap_or_else(|e| panic!("our own output must read back:\n{written}\n{e}"));
            assert_eq!(knuth::write(&again), written);
            if problem.option_count() > 64 {
                return;
            }
            let mut search = Search::new(&problem);
            let mut found = 0;
            search.run(&mut |_: &Visit<'_>| {
                found += 1;
                if found >= 4 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

/// Sudoku text → puzzles whose covers build and whose givens render, or errors.
fn try_sudoku(text: &str) {
    match sudoku::parse("fuzz.txt", text) {
        Ok(puzzles) => {
            for p in &puzzles {
                let _ = p.cover().problem().option_count();
                let _ = p.render(p.cells());
            }
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

fn try_all(text: &str) {
    try_board(text);
    try_set(text);
    try_noi(text);
    try_knuth(text);
    try_sudoku(text);
}

/// One edit of a text.
#[derive(Clone, Debug)]
enum Edit {
    Delete(usize, usize),
    Insert(usize, String),
    DuplicateLine(usize),
    SwapLines(usize, usize),
    Truncate(usize),
}

/// Characters that matter to one of the formats, and a few that do not.
fn fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "\n",
            " ",
            "\t",
            "\r\n",
            ".",
            "#",
            "\"",
            "'''",
            "\"\"\"",
            "[",
            "]",
            "[[piece]]\n",
            "=",
            ",",
            "-",
            "0",
            "9",
            "99999999999999999999",
            "-1",
            "1000",
            "|",
            ":",
            "\\",
            "\\n",
            "A",
            "L",
            "M",
            "F",
            "é",
            "漢",
            "\u{0}",
            "size = [3, 2]\n",
            "shape = \"\"\"\n.\n\"\"\"\n",
            "count = 3\n",
            "mirror = false\n",
            "label = \"Q\"\n",
            "color = \"#zzzzzz\"\n",
            "use_all_pieces = false\n",
            "cover_all_cells = false\n",
        ])
        .prop_map(str::to_string),
        "[ -~]{0,6}",
    ]
}

fn edit() -> impl Strategy<Value = Edit> {
    let at = 0usize..4000;
    prop_oneof![
        1 => (at.clone(), 1usize..20).prop_map(|(a, n)| Edit::Delete(a, n)),
        3 => (at.clone(), fragment()).prop_map(|(a, s)| Edit::Insert(a, s)),
        1 => at.clone().prop_map(Edit::DuplicateLine),
        1 => (at.clone(), at.clone()).prop_map(|(a, b)| Edit::SwapLines(a, b)),
        1 => at.prop_map(Edit::Truncate),
    ]
}

/// The nearest char boundary at or below `at % (len + 1)`.
fn boundary(text: &str, at: usize) -> usize {
    let mut i = at % (text.len() + 1);
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut text = text.to_string();
    for e in edits {
        match e {
            Edit::Delete(a, n) => {
                let a = boundary(&text, *a);
                let b = boundary(&text, a + n);
                if b >= a {
                    text.replace_range(a..b, "");
                }
            }
            Edit::Insert(a, s) => {
                let a = boundary(&text, *a);
                text.insert_str(a, s);
            }
            Edit::DuplicateLine(k) | Edit::SwapLines(k, _) | Edit::Truncate(k)
                if text.is_empty() =>
            {
                let _ = k;
            }
            Edit::DuplicateLine(k) => {
                let mut lines: Vec<&str> = text.split('\n').collect();
                let k = k % lines.len();
                lines.insert(k, lines[k]);
                text = lines.join("\n");
            }
            Edit::SwapLines(a, b) => {
                let mut lines: Vec<&str> = text.split('\n').collect();
                let n = lines.len();
                lines.swap(a % n, b % n);
                text = lines.join("\n");
            }
            Edit::Truncate(a) => {
                let a = boundary(&text, *a);
                text.truncate(a);
            }
        }
    }
    text
}

/// Well-formed texts of the line formats, to mutate.
const NOI: &str = ".\n..\n...\n....\n.....\n.....C\n...CCC.\nEEEHH...\nE.HHH....\nE.........\n";
const DLX: &str = "| a comment\na b c 2:3|m | x y\na x m\nb c m\na b y\nc m\nm\n";
const SUDOKU: &str = "1 . | . .\n. . | 1 .\n. 1 | . .\n. . | . 1\n\n4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";

fn shipped() -> Vec<&'static str> {
    let mut texts: Vec<&str> = builtin_piece_sets().iter().map(|(_, t)| *t).collect();
    texts.extend(builtin_boards().iter().map(|(_, t)| *t));
    texts.extend([NOI, DLX, SUDOKU]);
    texts
}

fn cases() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(256);
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(cases())]

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        try_all(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn mutated_inputs_never_panic(
        which in any::<prop::sample::Index>(),
        edits in prop::collection::vec(edit(), 1..6),
    ) {
        let texts = shipped();
        let text = apply(texts[which.index(texts.len())], &edits);
        try_all(&text);
    }

    #[test]
    fn random_triangles_never_panic(
        rows in prop::collection::vec("[.A-M]{0,11}", 8..12),
    ) {
        try_noi(&(rows.join("\n") + "\n"));
    }
}

/// Every input a fuzz target once crashed on, replayed through its loader:
/// `tests/regressions/LOADER/*` with LOADER one of `toml_board`, `toml_pieces`,
/// `noi2005`, `knuth`, `sudoku`.
#[test]
fn fuzz_regressions_never_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/regressions");
    let mut seen = 0;
    for (loader, run) in [
        ("toml_board", try_board as fn(&str)),
        ("toml_pieces", try_set),
        ("noi2005", try_noi),
        ("knuth", try_knuth),
        ("sudoku", try_sudoku),
    ] {
        let Ok(entries) = std::fs::read_dir(root.join(loader)) else {
            continue;
        };
        for entry in entries {
            let bytes = std::fs::read(entry.unwrap().path()).unwrap();
            run(&String::from_utf8_lossy(&bytes));
            seen += 1;
        }
    }
    assert!(seen > 0, "no regression inputs under {}", root.display());
}
