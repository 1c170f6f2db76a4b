//! Unit potentials: the weights of the target Sudoku rewritten so that most cells weigh
//! nothing. Each row, column and box of a filled n×n grid holds the digits 1 to n once,
//! so its digits add up to S = n(n + 1)/2 whatever the grid. Taking a number p_u off
//! every cell of unit u therefore changes every grid's score by the same S·p_u:
//!
//! score = S·Σ p_u + Σ_cells w'_i·d_i, with w'_i = w_i − p_row − p_column − p_box.
//!
//! The potentials are chosen to make the optimistic score Σ_i max_d w'_i·d (d from 1 to
//! n) small, by coordinate descent: each p_u in turn is set to the best value for its
//! unit (a weighted median of the reduced weights of its cells), until no unit gains.
//! For the NOIP target this leaves 17 cells with a weight: the four 2×2 corner blocks
//! (2 at the corners, 1 beside them) and the centre (1), and S·Σp = 2745. It is the
//! Lagrangian dual of the sum constraints; the branch and bound of [`super::target`]
//! branches only on the cells that keep a weight.

/// The most rounds of coordinate descent (each round visits every unit once).
const MAX_ROUNDS: usize = 100;

/// Reduced weights and the constant that makes up the difference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reduced {
    /// w'_i per cell, row-major.
    pub weights: Vec<i64>,
    /// S·Σ p_u: every filled grid scores `constant + Σ w'_i·d_i`.
    pub constant: i64,
}

/// The cells of each unit of a board of box size `b`: rows, then columns, then boxes.
pub(crate) fn units(b: usize) -> Vec<Vec<usize>> {
    let n = b * b;
    let rows = (0..n).map(|r| (0..n).map(|c| r * n + c).collect());
    let cols = (0..n).map(|c| (0..n).map(|r| r * n + c).collect());
    let boxes = (0..n).map(|x| {
        let (r0, c0) = (x / b * b, x % b * b);
        (0..n).map(|k| (r0 + k / b) * n + c0 + k % b).collect()
    });
    rows.chain(cols).chain(boxes).collect()
}

/// The potentials of `weights` on a board of box size `b`, and the reduced weights.
pub fn reduce(b: usize, weights: &[i64]) -> Reduced {
    let n = b * b;
    let sum = (n * (n + 1) / 2) as i64;
    let top = n as i64;
    let units = units(b);
    let mut reduced = weights.to_vec();
    // The optimistic value of a unit's cells whose reduced weights plus `p` are `values`,
    // when `p` is taken off them instead, plus S·p.
    let cost = |values: &[i64], p: i64| -> i64 {
        let cells: i64 = values
            .iter()
            .map(|&v| if v > p { top * (v - p) } else { v - p })
            .sum();
        sum * p + cells
    };
    let mut potentials = vec![0i64; units.len()];
    let mut values = Vec::with_capacity(n);
    for _ in 0..MAX_ROUNDS {
        let mut changed = false;
        for (u, cells) in units.iter().enumerate() {
            values.clear();
            values.extend(cells.iter().map(|&i| reduced[i] + potentials[u]));
            // A convex piecewise-linear function of p: its minimum is at a breakpoint.
            let now = cost(&values, potentials[u]);
            let best = values
                .iter()
                .map(|&p| (cost(&values, p), p))
                .min()
                .expect("a unit has cells");
            if best.0 < now {
                let shift = best.1 - potentials[u];
                for &i in cells {
                    reduced[i] -= shift;
                }
                potentials[u] = best.1;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    Reduced {
        weights: reduced,
        constant: sum * potentials.iter().sum::<i64>(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::apps::sudoku::weights::Weights;

    #[test]
    fn the_noip_target_keeps_seventeen_weighted_cells() {
        let r = reduce(3, Weights::noip().values());
        assert_eq!(r.constant, 2745);
        let weighted: Vec<(usize, i64)> = (r.weights.iter().copied().enumerate())
            .filter(|&(_, w)| w != 0)
            .collect();
        assert_eq!(weighted.len(), 17, "{weighted:?}");
        assert_eq!(r.weights[0], 2);
        assert_eq!(r.weights[40], 1);
        assert!(r.weights.iter().all(|&w| w >= 0));
    }

    #[test]
    fn every_grid_scores_the_same_reduced() {
        // A valid 9×9 grid and its relabellings: the score is kept by the rewriting.
        let weights: Vec<i64> = (0..81).map(|k| (k * 37 % 11) - 3).collect();
        let r = reduce(3, &weights);
        for shift in 0..9u8 {
            let grid: Vec<u8> = (0..81)
                .map(|k| {
                    let (row, col) = (k / 9, k % 9);
                    ((row * 3 + row / 3 + col + shift as usize) % 9) as u8 + 1
                })
                .collect();
            assert!(crate::apps::sudoku::is_valid_solution(3, &grid));
            let plain: i64 = weights
                .iter()
                .zip(&grid)
                .map(|(&w, &d)| w * i64::from(d))
                .sum();
            let by_reduced: i64 = (r.weights.iter().zip(&grid))
                .map(|(&w, &d)| w * i64::from(d))
                .sum::<i64>()
                + r.constant;
            assert_eq!(plain, by_reduced);
        }
    }
}
