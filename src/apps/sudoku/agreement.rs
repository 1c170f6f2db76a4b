//! The 9×9 solver against the exact-cover engine, an independent method: on random
//! puzzles (valid grids, shuffled, with cells blanked, sometimes one given changed) both
//! count the same solutions up to 2, and every solution the 9×9 solver gives is a valid
//! grid that keeps the givens.

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

#[test]
fn the_pattern_grid_is_valid() {
    let ident: Vec<usize> = (0..9).collect();
    let labels: Vec<u8> = (1..=9).collect();
    assert!(is_valid_solution(3, &grid(&labels, &ident, &ident, false)));
}
