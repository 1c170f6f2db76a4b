//! The target Sudoku's branch and bound against an independent enumeration: a plain
//! search that visits every completion (first empty cell, every digit its row, column
//! and box allow) and keeps the highest Σ weight × digit. On random 4×4 and 9×9 puzzles
//! (valid grids shuffled, cells blanked, sometimes a given changed) with the NOIP
//! weights or random ones (negative included) both give the same best score, or both
//! none; the grid the search returns is valid, keeps the givens and scores its score.

use std::sync::atomic::AtomicBool;

use proptest::prelude::*;

use super::target::Target;
use super::weights::Weights;
use super::{is_valid_solution, Sudoku};

static NEVER: AtomicBool = AtomicBool::new(false);

/// The best score over every completion of `cells` (box size `b`), by enumeration.
fn enumerate(b: usize, cells: &mut [u8], weights: &[i64]) -> Option<i64> {
    let n = b * b;
    let Some(k) = cells.iter().position(|&d| d == 0) else {
        let valid = is_valid_solution(b, cells);
        return valid.then(|| {
            cells
                .iter()
                .zip(weights)
                .map(|(&d, &w)| w * i64::from(d))
                .sum()
        });
    };
    let (r, c) = (k / n, k % n);
    let mut best = None;
    for d in 1..=n as u8 {
        let clash = (0..n).any(|j| {
            let (br, bc) = (r / b * b + j / b, c / b * b + j % b);
            cells[r * n + j] == d || cells[j * n + c] == d || cells[br * n + bc] == d
        });
        if clash {
            continue;
        }
        cells[k] = d;
        best = best.max(enumerate(b, cells, weights));
        cells[k] = 0;
    }
    best
}

/// A valid grid of box size `b`: the pattern grid, relabelled, its rows and columns
/// permuted by `rows` and `cols` (permutations that keep bands and stacks whole).
fn grid(b: usize, labels: &[u8], rows: &[usize], cols: &[usize]) -> Vec<u8> {
    let n = b * b;
    let mut out = vec![0; n * n];
    for r in 0..n {
        for c in 0..n {
            let (rr, cc) = (rows[r], cols[c]);
            out[r * n + c] = labels[(rr * b + rr / b + cc) % n];
        }
    }
    out
}

/// A permutation of 0..n (n = b²) that keeps the groups of b (bands, stacks) whole.
fn band_shuffle(b: usize) -> impl Strategy<Value = Vec<usize>> {
    let perm = move || Just((0..b).collect::<Vec<_>>()).prop_shuffle();
    (perm(), proptest::collection::vec(perm(), b)).prop_map(move |(bands, inner)| {
        (0..b * b)
            .map(|i| bands[i / b] * b + inner[i / b][i % b])
            .collect()
    })
}

/// A puzzle of box size `b`: cells, and weights (`None`: the NOIP target).
fn case(b: usize, keep: std::ops::Range<u32>) -> impl Strategy<Value = (Vec<u8>, Vec<i64>)> {
    let n = b * b;
    (
        Just((1..=n as u8).collect::<Vec<_>>()).prop_shuffle(),
        band_shuffle(b),
        band_shuffle(b),
        proptest::collection::vec(0..100u32, n * n),
        keep,
        proptest::option::of((0..n * n, 1..=n as u8)),
        proptest::option::of(proptest::collection::vec(-5i64..=12, n * n)),
    )
        .prop_map(move |(labels, rows, cols, dice, keep, change, weights)| {
            let mut cells = grid(b, &labels, &rows, &cols);
            for (cell, die) in cells.iter_mut().zip(&dice) {
                if *die >= keep {
                    *cell = 0;
                }
            }
            if let Some((at, d)) = change {
                cells[at] = d;
            }
            let weights = match weights {
                Some(w) => w,
                None if b == 3 => Weights::noip().values().to_vec(),
                None => (0..n * n).map(|k| (k % 5) as i64).collect(),
            };
            (cells, weights)
        })
}

fn check(b: usize, cells: Vec<u8>, weights: Vec<i64>) -> Result<(), TestCaseError> {
    let weights = Weights::new(b, weights).unwrap();
    let target = Target::new(&weights);
    let puzzle = Sudoku::from_cells(b, cells.clone()).unwrap();
    let answer = target.solve(&puzzle, &NEVER).unwrap();
    let oracle = enumerate(b, &mut cells.clone(), weights.values());
    prop_assert_eq!(answer.best.as_ref().map(|(s, _)| *s), oracle);
    if let Some((score, grid)) = &answer.best {
        prop_assert!(is_valid_solution(b, grid));
        prop_assert!(cells.iter().zip(grid).all(|(&g, &s)| g == 0 || g == s));
        prop_assert_eq!(weights.score(grid), *score);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn four_by_four_agrees_with_enumeration((cells, weights) in case(2, 0..100)) {
        check(2, cells, weights)?;
    }

    #[test]
    fn nine_by_nine_agrees_with_enumeration((cells, weights) in case(3, 55..100)) {
        check(3, cells, weights)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Medium cases: 35 to 45 givens, often many completions.
    #[test]
    fn medium_puzzles_agree_with_enumeration((cells, weights) in case(3, 43..56)) {
        check(3, cells, weights)?;
    }
}

#[test]
fn the_noip_samples_score_as_published() {
    // NOIP 2009 提高组 第三题 靶形数独, the problem's two samples and their answers.
    let sample1 = "7 0 0 9 0 0 0 0 1 1 0 0 0 0 5 9 0 0 0 0 0 2 0 0 0 8 0 0 0 5 0 2 0 0 0 3 \
        0 0 0 0 0 0 6 4 8 4 1 3 0 0 0 0 0 0 0 0 7 0 0 2 0 9 0 2 0 1 0 6 0 8 0 4 0 8 0 5 0 4 0 1 2";
    let cells: Vec<u8> = sample1
        .split(' ')
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().unwrap())
        .collect();
    let cells: [u8; 81] = cells.try_into().unwrap();
    assert_eq!(super::noip_score(&cells).unwrap(), Some(2829));
    let mut clash = cells;
    clash[1] = 7;
    assert_eq!(super::noip_score(&clash).unwrap(), None);
    let mut wrong = cells;
    wrong[1] = 10;
    assert!(super::noip_score(&wrong).is_err());
}

#[test]
fn the_pattern_grids_are_valid() {
    for b in [2, 3] {
        let n = b * b;
        let labels: Vec<u8> = (1..=n as u8).collect();
        let ident: Vec<usize> = (0..n).collect();
        assert!(is_valid_solution(b, &grid(b, &labels, &ident, &ident)));
    }
}
