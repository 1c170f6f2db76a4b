//! The 9×9 solver against the exact-cover engine, an independent method: on random
//! puzzles (valid grids, shuffled, with cells blanked, sometimes one given changed; and
//! grids filled at random by a plain backtracking of their own, with cells blanked) both
//! count the same solutions up to a limit, a puzzle with one solution gets the same
//! grid from both, and every solution the 9×9 solver gives is a valid grid that keeps
//! the givens.

use std::sync::atomic::AtomicBool;

use proptest::prelude::*;

use super::{by_cover, is_valid_solution, nine, Sudoku};

static NEVER: AtomicBool = AtomicBool::new(false);

/// A valid grid: the pattern grid relabelled and shuffled by moves that keep validity
/// (rows inside a band, bands, the same for columns, and transposition).
fn grid(labels: &[u8], rows: &[usize], cols: &[usize], transpose: bool) -> [u8; 81] {
    let mut out = [0; 81];
    for (r, &rr) in rows.iter().enumerate() {
        for (c, &cc) in cols.iter().enumerate() {
            let d = (rr * 3 + rr / 3 + cc) % 9;
            let at = if transpose { c * 9 + r } else { r * 9 + c };
            out[at] = labels[d];
        }
    }
    out
}

/// A permutation of 0..9 that keeps the three groups of three (rows of bands).
fn band_shuffle() -> impl Strategy<Value = Vec<usize>> {
    let three = || Just(vec![0usize, 1, 2]).prop_shuffle();
    (three(), three(), three(), three()).prop_map(|(bands, a, b, c)| {
        let inner = [a, b, c];
        (0..9)
            .map(|i| bands[i / 3] * 3 + inner[i / 3][i % 3])
            .collect()
    })
}

fn puzzle() -> impl Strategy<Value = [u8; 81]> {
    let labels = Just((1..=9u8).collect::<Vec<_>>()).prop_shuffle();
    (
        labels,
        band_shuffle(),
        band_shuffle(),
        any::<bool>(),
        proptest::collection::vec(0..100u32, 81),
        15..60u32,
        proptest::option::of((0..81usize, 1..=9u8)),
    )
        .prop_map(|(labels, rows, cols, t, dice, keep, change)| {
            let mut cells = grid(&labels, &rows, &cols, t);
            for (cell, die) in cells.iter_mut().zip(&dice) {
                if *die >= keep {
                    *cell = 0;
                }
            }
            if let Some((at, d)) = change {
                cells[at] = d;
            }
            cells
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn the_nine_solver_agrees_with_exact_cover(cells in puzzle()) {
        let fast = nine::solve(&cells, 2, &NEVER);
        let sudoku = Sudoku::from_cells(3, cells.to_vec()).unwrap();
        let cover = by_cover(&sudoku, 2, &NEVER);
        prop_assert_eq!(fast.solutions, cover.solutions);
        if let Some(first) = fast.first {
            prop_assert!(is_valid_solution(3, &first));
            prop_assert!(cells.iter().zip(&first).all(|(&g, &s)| g == 0 || g == s));
        }
    }
}

/// A solved grid filled cell by cell in row-major order, the digits of each cell tried
/// in an order drawn from `seed` (xorshift); `None` if the backtracking takes more than
/// a million steps.
fn random_grid(seed: u64) -> Option<[u8; 81]> {
    fn fill(cells: &mut [u8; 81], at: usize, rng: &mut u64, steps: &mut u32) -> bool {
        if at == 81 {
            return true;
        }
        *steps += 1;
        if *steps > 1_000_000 {
            return false;
        }
        let (r, c) = (at / 9, at % 9);
        let mut digits: Vec<u8> = (1..=9).collect();
        for i in (1..9).rev() {
            *rng ^= *rng << 13;
            *rng ^= *rng >> 7;
            *rng ^= *rng << 17;
            digits.swap(i, (*rng % (i as u64 + 1)) as usize);
        }
        for d in digits {
            let clash = (0..9).any(|i| {
                let (br, bc) = (r / 3 * 3 + i / 3, c / 3 * 3 + i % 3);
                cells[r * 9 + i] == d || cells[i * 9 + c] == d || cells[br * 9 + bc] == d
            });
            if !clash {
                cells[at] = d;
                if fill(cells, at + 1, rng, steps) {
                    return true;
                }
                cells[at] = 0;
            }
        }
        false
    }
    let mut cells = [0; 81];
    let mut rng = seed | 1;
    fill(&mut cells, 0, &mut rng, &mut 0).then_some(cells)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn on_random_grids_both_count_alike_and_a_unique_solution_is_the_same(
        seed in any::<u64>(),
        dice in proptest::collection::vec(0..100u32, 81),
        keep in 20..45u32,
    ) {
        let grid = random_grid(seed);
        prop_assume!(grid.is_some(), "the backtracking gave up");
        let grid = grid.unwrap_or([0; 81]);
        prop_assert!(is_valid_solution(3, &grid));
        let mut cells = grid;
        for (cell, die) in cells.iter_mut().zip(&dice) {
            if *die >= keep {
                *cell = 0;
            }
        }
        let limit = 20;
        let fast = nine::solve(&cells, limit, &NEVER);
        let sudoku = Sudoku::from_cells(3, cells.to_vec()).unwrap();
        let cover = by_cover(&sudoku, limit, &NEVER);
        prop_assert!(fast.solutions >= 1);
        prop_assert_eq!(fast.solutions, cover.solutions);
        let first = fast.first.unwrap_or([0; 81]);
        prop_assert!(is_valid_solution(3, &first));
        prop_assert!(cells.iter().zip(&first).all(|(&g, &s)| g == 0 || g == s));
        if fast.solutions == 1 {
            prop_assert_eq!(&first[..], &grid[..]);
            prop_assert_eq!(cover.first.as_deref(), Some(&grid[..]));
        }
    }
}

#[test]
fn the_pattern_grid_is_valid() {
    let ident: Vec<usize> = (0..9).collect();
    let labels: Vec<u8> = (1..=9).collect();
    assert!(is_valid_solution(3, &grid(&labels, &ident, &ident, false)));
}

/// 300 of Gordon Royle's 17-given puzzles (tests/data/sudoku/README.md): each has
/// exactly one solution, and both methods find the same verified grid.
#[test]
fn royles_seventeen_given_puzzles_have_one_solution_by_both() {
    let text = include_str!("../../../tests/data/sudoku/17clue-spread-300.txt");
    let puzzles = super::parse("17clue-spread-300.txt", text).unwrap();
    assert_eq!(puzzles.len(), 300);
    for puzzle in &puzzles {
        let cells: &[u8; 81] = puzzle.cells().try_into().unwrap();
        assert_eq!(cells.iter().filter(|&&d| d != 0).count(), 17);
        let fast = nine::solve(cells, 2, &NEVER);
        assert_eq!(fast.solutions, 1, "line {}", puzzle.line());
        let first = fast.first.unwrap();
        assert!(is_valid_solution(3, &first));
        assert!(cells.iter().zip(&first).all(|(&g, &s)| g == 0 || g == s));
        let cover = by_cover(puzzle, 2, &NEVER);
        assert_eq!(cover.solutions, 1, "line {}", puzzle.line());
        assert_eq!(cover.first.as_deref(), Some(&first[..]));
    }
}
