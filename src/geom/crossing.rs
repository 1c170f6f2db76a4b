//! The no-crossing rule of the grids of segments (SPEC §9), as Knuth models it for
//! polysticks (`polysticks.w`): at each point, a piece that uses two of the point's
//! directions i and j there uses the *chord* {i, j}; two chords cross when their
//! directions interleave around the point. A [`Crossing`] is one pair of crossing chords
//! at one point, a secondary item of the exact cover: every placement that uses either
//! chord claims it, so no two placements use the two. On squares the only pair is the
//! two straight passes; on the triangular grid each 4 of the 6 directions make one
//! pair; on the hexagonal grid (3 directions at a point) nothing crosses.

use std::collections::BTreeMap;

use super::segment_grid::SegmentGrid;
use super::Cell;

/// One pair of crossing chords `{a, b}` and `{c, d}` (a < b, c < d, (a, b) < (c, d),
/// indices of the point's directions) at `point` (in cell coordinates: the doubled
/// point, as a cell of the grid's frame).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Crossing {
    /// The point.
    pub point: Cell,
    /// The two chords' directions, `[a, b, c, d]`.
    pub chords: [u8; 4],
    /// Which of the two chords the placement uses: bit 0 the first, bit 1 the second
    /// (both when a piece crosses itself).
    pub sides: u8,
}

impl Crossing {
    /// The item's name: `x{row}c{column}` and the four directions.
    pub fn name(&self) -> String {
        let [a, b, c, d] = self.chords;
        format!("x{}c{}_{a}{b}{c}{d}", self.point.y, self.point.x)
    }
}

/// Whether chords {a, b} and {c, d} (a < b, c < d) cross: all four directions distinct
/// and exactly one of c, d strictly between a and b.
fn interleave((a, b): (usize, usize), (c, d): (usize, usize)) -> bool {
    let inside = |v: usize| a < v && v < b;
    a != c && a != d && b != c && b != d && inside(c) != inside(d)
}

/// The crossings that a piece made of `cells` claims, each once, in order.
pub(crate) fn crossings(grid: &SegmentGrid, cells: &[Cell]) -> Vec<Crossing> {
    let n = grid.steps().len();
    // The directions used at each end point.
    let mut used: BTreeMap<(i32, i32), u16> = BTreeMap::new();
    for &c in cells {
        for (p, k) in grid.ends(c).into_iter().flatten() {
            *used.entry(p).or_default() |= 1 << k;
        }
    }
    let mut out: BTreeMap<(Cell, [u8; 4]), u8> = BTreeMap::new();
    for (&p, &mask) in &used {
        let point = grid.cell(p);
        let has = |k: usize| mask & (1 << k) != 0;
        // The directions the grid has at this point (3 of the 6 on hexagons).
        let exists = |k: usize| grid.ends(grid.segment_at(p, k)).is_some();
        for a in 0..n {
            for b in a + 1..n {
                if !(has(a) && has(b)) {
                    continue;
                }
                for c in 0..n {
                    for d in c + 1..n {
                        if !interleave((a, b), (c, d)) || !exists(c) || !exists(d) {
                            continue;
                        }
                        let (first, side) = if (a, b) < (c, d) {
                            (true, 1)
                        } else {
                            (false, 2)
                        };
                        let chords = if first { [a, b, c, d] } else { [c, d, a, b] };
                        let chords = chords.map(|v| v as u8);
                        *out.entry((point, chords)).or_default() |= side;
                    }
                }
            }
        }
    }
    out.into_iter()
        .map(|((point, chords), sides)| Crossing {
            point,
            chords,
            sides,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::segment_grid::{STICKS, TRIGS, TWIGS};
    use super::*;

    fn segments(grid: &SegmentGrid, list: &[[i32; 3]]) -> Vec<Cell> {
        list.iter()
            .map(|&[x, y, d]| grid.puzzler(x, y, d).unwrap())
            .collect()
    }

    #[test]
    fn on_squares_a_straight_pass_blocks_the_other_one() {
        // I2 through (1, 0): the horizontal chord at that point, which crosses only the
        // vertical one.
        let straight = crossings(&STICKS, &segments(&STICKS, &[[0, 0, 0], [1, 0, 0]]));
        assert_eq!(straight.len(), 1);
        assert_eq!(straight[0].sides, 1);
        // A bend (V2) uses no chord that anything can cross.
        assert!(crossings(&STICKS, &segments(&STICKS, &[[0, 0, 0], [0, 0, 1]])).is_empty());
        // The vertical pass claims the same item from the other side.
        let vertical = crossings(&STICKS, &segments(&STICKS, &[[1, -1, 1], [1, 0, 1]]));
        assert_eq!(vertical.len(), 1);
        assert_eq!(
            (vertical[0].point, vertical[0].chords),
            (straight[0].point, straight[0].chords)
        );
        assert_eq!(vertical[0].sides, 2);
        // The X tetrastick crosses itself: both sides of one item.
        let x = crossings(
            &STICKS,
            &segments(&STICKS, &[[0, 1, 0], [1, 1, 0], [1, 0, 1], [1, 1, 1]]),
        );
        assert_eq!(x.len(), 1);
        assert_eq!(x[0].sides, 3);
    }

    #[test]
    fn on_triangles_interleaving_chords_cross() {
        // A straight pass {0, 3} is crossed by every chord with one direction on each
        // side: {1, 4}, {1, 5}, {2, 4}, {2, 5}.
        let straight = crossings(&TRIGS, &segments(&TRIGS, &[[0, 0, 0], [1, 0, 0]]));
        assert_eq!(straight.len(), 4);
        // A sharp turn of 60° ({0, 1}) has nothing between its directions; a turn of
        // 120° ({0, 2}) is crossed by {1, 3}, {1, 4} and {1, 5}.
        assert!(crossings(&TRIGS, &segments(&TRIGS, &[[0, 0, 0], [0, 0, 1]])).is_empty());
        assert_eq!(
            crossings(&TRIGS, &segments(&TRIGS, &[[0, 0, 0], [0, 0, 2]])).len(),
            3
        );
        // On hexagons nothing crosses.
        assert!(crossings(
            &TWIGS,
            &segments(&TWIGS, &[[0, 0, 0], [0, 0, 1], [0, 0, 2]])
        )
        .is_empty());
    }
}
