//! The engine's other front ends through the library: N-Queens against OEIS A000170,
//! Sudoku against the counts in KNOWN_COUNTS.md. Every solution passes `verify`.

use std::ops::ControlFlow;

use crate::apps::queens::Queens;
use crate::apps::sudoku::{self, Form, Sudoku};
use crate::cover::{check, verify, OptionId, Problem, Search, Visit};

/// Every solution of `problem`, each checked by `verify`; the links checked afterwards.
fn verified_solutions(problem: &Problem) -> Vec<Vec<OptionId>> {
    let mut search = Search::new(problem);
    let mut all = Vec::new();
    search.run(&mut |v: &Visit<'_>| {
        let s = v.options();
        verify(problem, &s).unwrap();
        all.push(s);
        ControlFlow::Continue(())
    });
    check::sanity(search.dlx()).unwrap();
    all
}

#[test]
fn queens_match_oeis_a000170() {
    const A000170: [usize; 12] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
    for (n, &want) in (1..=12).zip(&A000170) {
        let q = Queens::new(n).unwrap();
        let all = verified_solutions(q.problem());
        assert_eq!(all.len(), want, "n = {n}");
        for s in all.iter().take(50) {
            let board = q.render(s);
            assert_eq!(board.lines().count(), n as usize);
            assert!(board.lines().all(|l| l.matches('Q').count() == 1));
        }
    }
}

#[test]
fn organ_pipe_order_beats_natural_order_on_queens_12() {
    let q = Queens::new(12).unwrap();
    let mut s = Search::new(q.problem());
    assert_eq!(s.count(), 14200);
    // dlx1 on shared/instances/queens_12.dlx (natural order) visits 327,813 nodes.
    assert!(s.stats().nodes < 327_813, "{} nodes", s.stats().nodes);
}

#[test]
fn empty_4x4_sudoku_has_288_solutions() {
    let puzzle = Sudoku::from_cells(2, vec![0; 16]).unwrap();
    let cover = puzzle.cover();
    let all = verified_solutions(cover.problem());
    assert_eq!(all.len(), 288);
    for s in &all {
        assert!(sudoku::is_valid_solution(2, &cover.fill(&puzzle, s)));
    }
}

const HARD: [&str; 2] = [
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
];

#[test]
fn hard_9x9_puzzles_have_exactly_one_solution() {
    for text in HARD {
        let puzzle = &sudoku::parse("hard", text).unwrap()[0];
        assert_eq!(puzzle.box_size(), 3);
        let cover = puzzle.cover();
        let all = verified_solutions(cover.problem());
        assert_eq!(all.len(), 1, "{text}");
        let cells = cover.fill(puzzle, &all[0]);
        assert!(sudoku::is_valid_solution(3, &cells));
        for (k, &given) in puzzle.cells().iter().enumerate() {
            assert!(given == 0 || given == cells[k], "a given changed at {k}");
        }
        let line = puzzle.render(&cells);
        assert_eq!(line.trim_end().len(), 81);
        assert!(!line.contains('.'));
    }
}

#[test]
fn a_grid_is_printed_in_its_own_layout() {
    let text = "1 . | . .\n. . | 1 .\n. 1 | . .\n. . | . 1\n";
    // `|` is layout, as spaces are.
    assert_eq!(sudoku::parse("g", text).unwrap()[0].cells()[6], 1);
    let text = "1 . . .\n. . 1 .\n. 1 . .\n. . . 1\n";
    let puzzle = &sudoku::parse("g", text).unwrap()[0];
    assert_eq!(puzzle.form(), Form::Grid);
    let cover = puzzle.cover();
    let all = verified_solutions(cover.problem());
    assert!(!all.is_empty());
    let shown = puzzle.render(&cover.fill(puzzle, &all[0]));
    assert_eq!(shown.lines().count(), 4);
    assert!(shown
        .lines()
        .all(|l| l.len() == 7 && l.split(' ').count() == 4));
    assert!(shown.starts_with("1 "));
}

#[test]
fn a_16x16_letter_grid_solves() {
    // A solved 16×16 grid (pattern), with some cells emptied.
    let b = 4;
    let n = 16;
    let mut rows = Vec::new();
    for r in 0..n {
        let row: String = (0..n)
            .map(|c| {
                let d = ((r % b) * b + r / b + c) % n;
                let keep = (r * 7 + c * 3) % 5 != 0;
                if keep {
                    sudoku::symbol(b, d as u8 + 1)
                } else {
                    '.'
                }
            })
            .collect();
        rows.push(row);
    }
    let text = rows.join("\n") + "\n";
    let puzzle = &sudoku::parse("uva", &text).unwrap()[0];
    assert_eq!((puzzle.box_size(), puzzle.form()), (4, Form::Grid));
    let cover = puzzle.cover();
    let all = verified_solutions(cover.problem());
    assert!(!all.is_empty());
    assert!(sudoku::is_valid_solution(4, &cover.fill(puzzle, &all[0])));
}

#[test]
fn contradictory_givens_have_no_solution() {
    let puzzle = &sudoku::parse("c", "11..............\n").unwrap()[0];
    let cover = puzzle.cover();
    assert!(cover.is_contradictory());
    assert_eq!(Search::new(cover.problem()).count(), 0);
}
