//! Strip counts: the tilings of the W × n rectangle for every n in one sweep along the
//! strip (Klarner & Pollack 1980, "Domino tilings of rectangles with fixed width";
//! Stanley, *Enumerative Combinatorics* I §4.7). Positions go column by column, each
//! column across the width, so the profile is about W times a piece's length; the
//! placements anchored at a position depend only on its row, so one list per row serves
//! the whole strip. After column n the count of the empty profile is the count of W × n.
//! Each piece may be used as often as needed; its orientations follow its `mirror`. On
//! the hex and triangle grids the strip is the parallelogram of `size = [n, W]` (W rows,
//! each shifted half a cell from the last), a column one step along it.

use std::sync::atomic::AtomicBool;

use crate::count::Count;
use crate::geom::{Cell, Grid};
use crate::model::PieceSet;

use super::error::StripError;
use super::sweep::{Halt, Plan, Sweeper};
use super::table::Key;

/// The most profiles a strip's sweep holds (about 2 GB of tables at 32 bytes a slot).
pub(crate) const MAX_STRIP_STATES: usize = 1 << 25;

/// The number of tilings of the `width` × n rectangle by the pieces of `set`, each as
/// often as needed, for n = `from` ..= `to`, with n.
///
/// The set's counts do not apply; its one-sided pieces are placed in their rotations
/// only. On the square, hex and triangle grids; the W × n rectangle of the hex and
/// triangle grids is their parallelogram `size = [n, W]`.
pub fn strip_counts(
    set: &PieceSet,
    width: u32,
    from: u32,
    to: u32,
    stop: &AtomicBool,
) -> Result<Vec<(u32, Count)>, StripError> {
    if width == 0 {
        return Err(StripError::ZeroWidth);
    }
    if from == 0 || from > to {
        return Err(StripError::Range { from, to });
    }
    if !matches!(set.grid, Grid::Square | Grid::Hex | Grid::Triangle) {
        return Err(StripError::Grid {
            set: set.name.clone(),
            grid: set.grid.name(),
        });
    }
    let rows = row_masks(set, width)?;
    let span = (rows.iter().flatten())
        .map(|m| 127 - m.leading_zeros())
        .max()
        .unwrap_or(0);
    if span < u64::BITS {
        let rows: Vec<Vec<u64>> = (rows.iter())
            .map(|r| r.iter().map(|&m| m as u64).collect())
            .collect();
        sweep::<u64>(&rows, span, width, from, to, stop)
    } else {
        sweep::<u128>(&rows, span, width, from, to, stop)
    }
}

/// The strip of width W on a plane grid: each cell's column k along the strip and its
/// slot in the column (0..`slots`), or `None` off the strip. A column is one step of
/// the grid's W × n parallelogram (`size = [n, W]`): W squares, W hexagons, or 2W
/// triangles (each row's ∇ then Δ).
#[derive(Clone, Copy)]
struct Strip {
    grid: Grid,
    width: i32,
}

impl Strip {
    fn slots(self) -> i64 {
        match self.grid {
            Grid::Triangle => 2 * i64::from(self.width),
            _ => i64::from(self.width),
        }
    }

    fn locate(self, c: Cell) -> Option<(i64, i64)> {
        if !(0..self.width).contains(&c.y) {
            return None;
        }
        let (x, y) = (i64::from(c.x), i64::from(c.y));
        match self.grid {
            Grid::Square => Some((x, y)),
            // Row r holds columns r, r + 2, …
            Grid::Hex => ((x - y).rem_euclid(2) == 0).then(|| ((x - y).div_euclid(2), y)),
            // Row r holds columns r + 1, r + 2, …, a ∇ first.
            _ => {
                let t = x - y - 1;
                Some((t.div_euclid(2), 2 * y + t.rem_euclid(2)))
            }
        }
    }
}

/// For each slot of a column, the masks of the placements anchored there: bit i for the
/// position i after the anchor in the scan (column by column, slot by slot).
fn row_masks(set: &PieceSet, width: u32) -> Result<Vec<Vec<u128>>, StripError> {
    let lattice = set.lattice();
    let strip = Strip {
        grid: set.grid,
        width: width as i32,
    };
    let slots = strip.slots();
    let mut rows = vec![Vec::new(); slots as usize];
    for piece in &set.pieces {
        for (shape, _) in piece.shape.orientations(lattice, !piece.mirror) {
            let cells = shape.cells();
            let (top, bottom) =
                (cells.iter()).fold((i32::MAX, i32::MIN), |(t, b), c| (t.min(c.y), b.max(c.y)));
            // Every shift across the strip, and both parities along it: the other shifts
            // along it move whole columns, which the anchoring takes out.
            let mut seen = std::collections::HashSet::new();
            for dy in -top..strip.width - bottom {
                for dx in 0..2 {
                    let d = Cell::new(dx - dy, dy);
                    if !lattice.is_translation(d) {
                        continue;
                    }
                    let Some(ranks) = (cells.iter())
                        .map(|&c| strip.locate(c + d).map(|(k, slot)| k * slots + slot))
                        .collect::<Option<Vec<i64>>>()
                    else {
                        continue;
                    };
                    let anchor = *ranks.iter().min().expect("a shape has cells");
                    let span = ranks.iter().max().expect("a shape has cells") - anchor;
                    if span >= 128 {
                        return Err(StripError::TooWide {
                            piece: piece.name.clone(),
                            width,
                            span: span as u64 + 1,
                        });
                    }
                    let mask = ranks.iter().fold(0u128, |m, &r| m | 1 << (r - anchor));
                    let slot = anchor.rem_euclid(slots) as usize;
                    if seen.insert((slot, mask)) {
                        rows[slot].push(mask);
                    }
                }
            }
        }
    }
    Ok(rows)
}

fn sweep<K: Key>(
    rows: &[Vec<K>],
    span: u32,
    width: u32,
    from: u32,
    to: u32,
    stop: &AtomicBool,
) -> Result<Vec<(u32, Count)>, StripError> {
    let plan = Plan {
        profile: span,
        fields: Vec::new(),
    };
    let mut sweeper = Sweeper::<K>::new(MAX_STRIP_STATES);
    let mut out = Vec::with_capacity((to - from + 1) as usize);
    for n in 1..=to {
        for row in rows {
            sweeper.step(row, &[], &plan, stop).map_err(|h| match h {
                Halt::Stopped => StripError::Stopped,
                Halt::TooMany => StripError::TooManyStates {
                    width,
                    states: MAX_STRIP_STATES,
                },
            })?;
        }
        if n >= from {
            out.push((n, sweeper.count_of(K::zero())));
        }
    }
    Ok(out)
}
