//! The design tools: `polyx check` (exit 0 unique, 1 none, 3 several) on square, hex and
//! triangle boards and on NOI2005 judge inputs, and `polyx hint`, whose answers are
//! checked against a brute-force completion search written here.

use std::collections::HashSet;

use assert_cmd::Command;
use proptest::prelude::*;

use polyx::design::{hint, Hint, Reason};
use polyx::{parse_piece_set, Board, Cell, PieceSet, Puzzle, RunOptions, Square};

fn polyx() -> Command {
    Command::cargo_bin("polyx").unwrap()
}

fn design(file: &str) -> String {
    crate::data()
        .join("design")
        .join(file)
        .display()
        .to_string()
}

/// Runs polyx with `args` (and `stdin`), expects exit `code`, returns stdout.
fn run(args: &[&str], stdin: &str, code: i32) -> String {
    let out = polyx().args(args).write_stdin(stdin).assert().code(code);
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

#[test]
fn check_agrees_with_the_noi2005_judge_answers() {
    let dir = crate::data().join("design/noi2005");
    let mut inputs: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    assert!(inputs.len() >= 6, "{inputs:?}");
    for input in inputs {
        let answer = std::fs::read_to_string(input.with_extension("out")).unwrap();
        let path = input.display().to_string();
        let out = polyx()
            .args(["check", "--noi2005", &path])
            .output()
            .unwrap();
        let code = out.status.code();
        let stdout = String::from_utf8(out.stdout).unwrap();
        if answer == "No solution\n" {
            assert_eq!(code, Some(1), "{path}: {stdout}");
            assert!(stdout.starts_with("no solution"), "{path}: {stdout}");
        } else {
            assert!(matches!(code, Some(0 | 3)), "{path}: {code:?} {stdout}");
        }
    }
}

#[test]
fn the_judge_sample_is_unique_and_its_solution_is_the_official_answer() {
    let input = std::fs::read_to_string(design("noi2005/sample.in")).unwrap();
    let answer = std::fs::read_to_string(design("noi2005/sample.out")).unwrap();
    let out = run(&["check", "--noi2005", "-"], &input, 0);
    assert_eq!(out, format!("unique: exactly one solution\n{answer}"));
    // The same puzzle as a built-in board.
    let out = run(&["check", "noi2005-sample"], "", 0);
    assert_eq!(out, format!("unique: exactly one solution\n{answer}"));
}

#[test]
fn the_empty_noi2005_triangle_has_several_solutions() {
    let out = run(&["check", "--noi2005", &design("noi2005/empty.in")], "", 3);
    assert!(out.starts_with("several solutions up to the board's 2 symmetries"));
}

/// The two pictures and the difference picture of `check`'s output on several.
fn several(out: &str) -> (String, String, String) {
    let parts: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(parts.len(), 3, "{out}");
    let first = parts[0].split_once('\n').unwrap().1.to_string();
    let (said, diff) = parts[2].split_once('\n').unwrap();
    assert!(said.starts_with("they differ in "), "{out}");
    (first, parts[1].to_string() + "\n", diff.to_string())
}

#[test]
fn check_prints_two_solutions_of_the_3x20_and_where_they_differ() {
    let out = run(&["check", "3x20"], "", 3);
    let (a, b, diff) = several(&out);
    assert_ne!(a, b);
    let (a, b) = (a.trim_end().to_string(), b.trim_end().to_string());
    for ((la, lb), ld) in a.lines().zip(b.lines()).zip(diff.lines()) {
        for ((ca, cb), cd) in la.chars().zip(lb.chars()).zip(ld.chars()) {
            // A cell whose label differs is marked; a marked one may carry the same
            // label (the same piece placed elsewhere).
            assert!(ca == cb || cd == '*', "{out}");
            assert!(cd == '*' || cd == '.', "{out}");
        }
    }
    let marked = diff.chars().filter(|&c| c == '*').count();
    assert!(
        out.contains(&format!("they differ in {marked} cells (*)")),
        "{out}"
    );
}

#[test]
fn mirror_images_are_one_answer_in_reduce_mode_and_two_in_keep_mode() {
    let dir = std::env::temp_dir().join(format!("polyx-design-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pieces = dir.join("two.toml");
    std::fs::write(
        &pieces,
        "name = \"two\"\n[[piece]]\nname = \"A\"\nshape = \"AA\"\n[[piece]]\nname = \"B\"\nshape = \"BB\"\n",
    )
    .unwrap();
    let board = "name = \"square\"\nshape = \"\"\"\n..\n..\n\"\"\"\n";
    let set = pieces.display().to_string();
    let out = run(&["check", "-", "--pieces", &set], board, 0);
    assert!(out.starts_with("unique: exactly one solution up to the board's 8 symmetries"));
    let out = run(
        &["check", "-", "--pieces", &set, "--symmetry", "keep"],
        board,
        3,
    );
    let (a, b, _) = several(&out);
    assert_ne!(a, b);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_on_hex_boards() {
    let out = run(&["check", &design("tetrahexes-three-left.toml")], "", 0);
    assert!(out.starts_with("unique"), "{out}");
    let out = run(&["check", &design("tetrahexes-stuck.toml")], "", 1);
    assert!(out.starts_with("no solution"), "{out}");
    let out = run(&["check", "tetrahexes-4x7"], "", 3);
    let (a, b, _) = several(&out);
    assert_ne!(a, b);
}

#[test]
fn check_on_triangle_boards() {
    let out = run(&["check", &design("hexiamonds-two-left.toml")], "", 0);
    assert!(out.starts_with("unique"), "{out}");
    run(&["check", "hexiamonds-6x6"], "", 3);
}

#[test]
fn a_node_budget_stops_check_without_an_answer() {
    // Or, if the first nodes happen to meet two solutions, the answer.
    let code = polyx()
        .args(["check", "6x10", "--max-nodes", "1"])
        .output()
        .unwrap()
        .status
        .code();
    assert!(matches!(code, Some(130 | 3)), "{code:?}");
}

#[test]
fn hint_names_the_piece_to_take_off_a_board_that_cannot_be_finished() {
    let out = run(&["hint", &design("tetrahexes-stuck.toml")], "", 1);
    assert!(
        out.starts_with("The board cannot be finished; take off piece O"),
        "{out}"
    );
    // The removed piece is drawn in lower case.
    assert!(out.contains("  J . . Y o o ."), "{out}");
    let cut = std::fs::read_to_string(design("noi2005/corner-cut.in")).unwrap();
    let out = run(&["hint", "--noi2005", "-"], &cut, 1);
    assert!(out.contains("take off piece A"), "{out}");
}

#[test]
fn hint_takes_off_only_the_players_pieces_of_a_challenge() {
    let stuck = design("tetrahexes-stuck.toml");
    // O was the player's: it is the piece named, as without --challenge.
    let given = design("tetrahexes-given.toml");
    let out = run(&["hint", &stuck, "--challenge", &given], "", 1);
    assert!(out.contains("take off piece O"), "{out}");
    // O was given: only I is the player's, and taking it off does not help.
    let given = design("tetrahexes-given-o.toml");
    let out = run(&["hint", &stuck, "--challenge", &given], "", 1);
    assert!(
        out.starts_with("The board cannot be finished, even with all of the player's pieces"),
        "{out}"
    );
}

#[test]
fn hint_on_the_judge_sample_is_sure_and_all_lists_every_piece() {
    let out = run(&["hint", "noi2005-sample", "--all"], "", 0);
    assert!(
        out.starts_with("The board can be finished; place "),
        "{out}"
    );
    // The completion is unique: every placement of it is shared.
    assert!(out.contains("makes these 9 placements"), "{out}");
}

#[test]
fn hint_on_an_empty_or_a_finished_board() {
    let out = run(&["hint", "noi2005", "--all"], "", 0);
    assert!(out.contains("No placement is made by every way"), "{out}");
    let finished = std::fs::read_to_string(design("noi2005/sample.out")).unwrap();
    let out = run(&["hint", "--noi2005", "-"], &finished, 0);
    assert_eq!(out, "The board is finished.\n");
}

// ---------------------------------------------------------------------------------
// `hint` against a brute-force completion search, on small square boards.

/// Pieces the random puzzles draw from: (label, picture).
const MENU: [(char, &str); 8] = [
    ('A', "AA"),
    ('B', "BBB"),
    ('C', "CC\nC."),
    ('D', "DD\nDD"),
    ('E', "EEE\n.E."),
    ('F', "FFF\nF.."),
    ('G', "GG.\n.GG"),
    ('H', "HHHH"),
];

fn piece_set(chosen: &[usize]) -> PieceSet {
    let mut text = String::from("name = \"menu\"\n");
    for &i in chosen {
        let (label, picture) = MENU[i];
        text += &format!("[[piece]]\nname = \"{label}\"\nshape = \"\"\"\n{picture}\n\"\"\"\n");
    }
    parse_piece_set("menu.toml", &text).unwrap()
}

/// A `w × h` board with `blocked` cells and pieces pre-placed as (label, cells).
fn board(w: i32, h: i32, blocked: &[Cell], placed: &[(char, Vec<Cell>)]) -> Board {
    let mut squares = vec![Square::Open; (w * h) as usize];
    for c in blocked {
        squares[(c.y * w + c.x) as usize] = Square::Blocked;
    }
    for (label, cells) in placed {
        for c in cells {
            squares[(c.y * w + c.x) as usize] = Square::Preplaced(*label);
        }
    }
    Board::new("random", w, h, squares)
}

/// Every completion of `puzzle`, as sets of indices into its placements, found by
/// covering the first uncovered open cell in every possible way (at most `cap`).
fn completions(puzzle: &Puzzle, cap: usize) -> Vec<Vec<usize>> {
    fn go(
        puzzle: &Puzzle,
        covered: &mut HashSet<Cell>,
        left: &mut Vec<u32>,
        chosen: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
        cap: usize,
    ) {
        if out.len() >= cap {
            return;
        }
        let Some(&cell) = puzzle.open.iter().find(|c| !covered.contains(c)) else {
            out.push(chosen.clone());
            return;
        };
        for (k, p) in puzzle.placements.iter().enumerate() {
            if left[p.piece] == 0 || !p.cells.contains(&cell) {
                continue;
            }
            if p.cells.iter().any(|c| covered.contains(c)) {
                continue;
            }
            covered.extend(p.cells.iter().copied());
            left[p.piece] -= 1;
            chosen.push(k);
            go(puzzle, covered, left, chosen, out, cap);
            chosen.pop();
            left[p.piece] += 1;
            for c in &p.cells {
                covered.remove(c);
            }
        }
    }
    let mut out = Vec::new();
    let mut left = puzzle.remaining.clone();
    go(
        puzzle,
        &mut HashSet::new(),
        &mut left,
        &mut Vec::new(),
        &mut out,
        cap,
    );
    out
}

/// Pre-placed pieces: each label with its cells.
type Placed = Vec<(char, Vec<Cell>)>;

/// A small xorshift generator for the random choices of one case.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A random case: the board's size, its blocked cells, the pieces, and the pre-placed
/// pieces (non-overlapping placements of some of them).
fn case(w: i32, h: i32, mask: u8, seed: u64) -> Option<(Vec<Cell>, PieceSet, Placed)> {
    let chosen: Vec<usize> = (0..MENU.len()).filter(|i| mask & (1 << i) != 0).collect();
    let set = piece_set(&chosen);
    let area = set.area() as i32;
    if area == 0 || area > w * h {
        return None;
    }
    let mut rng = Rng(seed | 1);
    let mut cells: Vec<Cell> = (0..h)
        .flat_map(|y| (0..w).map(move |x| Cell::new(x, y)))
        .collect();
    for i in (1..cells.len()).rev() {
        cells.swap(i, rng.below(i + 1));
    }
    let blocked: Vec<Cell> = cells[..(w * h - area) as usize].to_vec();
    let empty = Puzzle::new(board(w, h, &blocked, &[]), set.clone()).ok()?;
    let mut placed: Vec<(char, Vec<Cell>)> = Vec::new();
    let mut used: HashSet<Cell> = HashSet::new();
    for (k, piece) in set.pieces.iter().enumerate() {
        if rng.below(2) == 0 {
            continue;
        }
        let fits: Vec<&polyx::Placement> = (empty.placements.iter())
            .filter(|p| p.piece == k && p.cells.iter().all(|c| !used.contains(c)))
            .collect();
        if fits.is_empty() {
            continue;
        }
        let p = fits[rng.below(fits.len())];
        used.extend(p.cells.iter().copied());
        placed.push((piece.label, p.cells.clone()));
    }
    Some((blocked, set, placed))
}

/// Checks `hint` on the case against the brute force; the kind of hint it gave.
fn check_hint(
    w: i32,
    h: i32,
    blocked: &[Cell],
    set: &PieceSet,
    placed: &[(char, Vec<Cell>)],
) -> &'static str {
    let puzzle = Puzzle::new(board(w, h, blocked, placed), set.clone()).unwrap();
    let answer = hint(&puzzle, &RunOptions::default()).unwrap();
    let all = completions(&puzzle, usize::MAX);
    let without = |drop: &[char]| {
        let kept: Vec<(char, Vec<Cell>)> = placed
            .iter()
            .filter(|(l, _)| !drop.contains(l))
            .cloned()
            .collect();
        Puzzle::new(board(w, h, blocked, &kept), set.clone()).unwrap()
    };
    match answer {
        Hint::Finished => {
            assert!(puzzle.open.is_empty());
            "finished"
        }
        Hint::Next(m) => {
            assert!(!all.is_empty(), "a hint on a board that cannot be finished");
            let k = (puzzle.placements.iter().position(|p| *p == m.placement)).unwrap();
            assert!(
                all.iter().any(|c| c.contains(&k)),
                "no completion makes {m:?}"
            );
            if m.reason.is_sure() {
                assert!(
                    all.iter().all(|c| c.contains(&k)),
                    "not in every completion: {m:?}"
                );
            }
            if let Reason::OnlyCover(cell) = m.reason {
                let n = puzzle
                    .placements
                    .iter()
                    .filter(|p| p.cells.contains(&cell))
                    .count();
                assert_eq!(n, 1);
            }
            let forced_cell = puzzle.open.iter().any(|c| {
                puzzle
                    .placements
                    .iter()
                    .filter(|p| p.cells.contains(c))
                    .count()
                    == 1
            });
            if forced_cell {
                assert!(
                    matches!(m.reason, Reason::OnlyCover(_)),
                    "forced not preferred: {m:?}"
                );
                return "forced cell";
            }
            match m.reason {
                Reason::OnlyPlace => "forced piece",
                Reason::EveryCompletion => "every completion",
                _ => "guess",
            }
        }
        Hint::Remove(pieces) => {
            assert!(
                all.is_empty(),
                "told to remove from a board that can be finished"
            );
            let labels: Vec<char> = pieces.iter().map(|p| set.pieces[p.piece].label).collect();
            assert!(!completions(&without(&labels), 1).is_empty());
            // The single removal with the most completions (up to 100), first on ties.
            let singles: Vec<usize> = (placed.iter())
                .map(|(l, _)| completions(&without(&[*l]), 100).len())
                .collect();
            let best = singles.iter().copied().max().unwrap_or(0);
            if labels.len() == 1 {
                let first = singles.iter().position(|&n| n == best).unwrap();
                assert!(best > 0);
                assert_eq!(labels[0], placed[first].0);
                "remove one"
            } else {
                assert_eq!(best, 0, "a single piece would do");
                "remove several"
            }
        }
        Hint::Unsolvable => {
            assert!(all.is_empty());
            let labels: Vec<char> = placed.iter().map(|(l, _)| *l).collect();
            assert!(completions(&without(&labels), 1).is_empty());
            "unsolvable"
        }
    }
}

/// Fixed cases that meet every kind of hint, so that the property below is known to
/// test each: forced placements (preferred whenever one exists), shared ones, guesses,
/// pieces to take off, and puzzles with no solution.
#[test]
fn hint_agrees_with_brute_force_on_every_kind_of_hint() {
    let mut kinds = std::collections::BTreeMap::new();
    for seed in 0..1500u64 {
        let (w, h, mask) = (
            3 + (seed % 3) as i32,
            2 + (seed % 2) as i32,
            (seed * 37 % 255 + 1) as u8,
        );
        if let Some((blocked, set, placed)) = case(w, h, mask, seed) {
            *kinds
                .entry(check_hint(w, h, &blocked, &set, &placed))
                .or_insert(0) += 1;
        }
    }
    let kinds_met = [
        "forced cell",
        "every completion",
        "guess",
        "remove one",
        "remove several",
    ];
    for kind in kinds_met {
        assert!(kinds.get(kind).is_some_and(|&n| n >= 2), "{kinds:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn hint_agrees_with_brute_force(w in 2i32..=5, h in 2i32..=4, mask in 1u8..=255, seed in any::<u64>()) {
        let made = case(w, h, mask, seed);
        prop_assume!(made.is_some(), "the mask and seed make no case");
        let (blocked, set, placed) = made.expect("assumed");
        check_hint(w, h, &blocked, &set, &placed);
    }
}

#[test]
fn bad_input_to_check_and_hint_is_an_error() {
    for command in ["check", "hint"] {
        let out = polyx()
            .args([command, "--noi2005", "-"])
            .write_stdin(".\n..\n")
            .assert()
            .code(2);
        let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
        assert!(
            stderr.contains("<stdin>:3:1: expected 10 lines, found 2"),
            "{stderr}"
        );
        let out = polyx().args([command, "no-such-board"]).assert().code(2);
        let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
        assert!(stderr.starts_with("error: "), "{stderr}");
        polyx()
            .args([command, "6x10", "--max-nodes", "0"])
            .assert()
            .code(2);
    }
}
