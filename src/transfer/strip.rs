//! Strip counts: the tilings of the W × n rectangle for every n in one sweep along the
//! strip (Klarner & Pollack 1980, "Domino tilings of rectangles with fixed width";
//! Stanley, *Enumerative Combinatorics* I §4.7). Positions go column by column, each
//! column across the width, so the profile is about W times a piece's length; the
//! placements anchored at a position depend only on its row, so one list per row serves
//! the whole strip. After column n the count of the empty profile is the count of W × n.
//! Each piece may be used as often as needed; its orientations follow its `mirror`.

use std::sync::atomic::AtomicBool;

use crate::count::Count;
use crate::geom::Grid;
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
/// only. Square grid only.
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
    if set.grid != Grid::Square {
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

/// For each row of a column, the masks of the placements anchored there: bit i for the
/// position i after the anchor in the scan (x · width + y).
fn row_masks(set: &PieceSet, width: u32) -> Result<Vec<Vec<u128>>, StripError> {
    let lattice = set.lattice();
    let w = i64::from(width);
    let mut rows = vec![Vec::new(); width as usize];
    for piece in &set.pieces {
        for (shape, _) in piece.shape.orientations(lattice, !piece.mirror) {
            let cells = shape.cells();
            let first = (cells.iter())
                .map(|c| (c.x, c.y))
                .min()
                .expect("a shape has cells");
            let offsets: Vec<i64> = (cells.iter())
                .map(|c| i64::from(c.x - first.0) * w + i64::from(c.y - first.1))
                .collect();
            let (low, high) = (cells.iter())
                .map(|c| c.y - first.1)
                .fold((0, 0), |(lo, hi), d| (d.min(lo), d.max(hi)));
            if i64::from(high - low) >= w {
                continue; // taller than the strip
            }
            let span = offsets.iter().copied().max().unwrap_or(0);
            if span >= 128 {
                return Err(StripError::TooWide {
                    piece: piece.name.clone(),
                    width,
                    span: span as u64 + 1,
                });
            }
            let mask = offsets.iter().fold(0u128, |m, &o| m | 1 << o);
            for (y, row) in rows.iter_mut().enumerate() {
                let y = y as i32;
                if y + low >= 0 && i64::from(y + high) < w {
                    row.push(mask);
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
