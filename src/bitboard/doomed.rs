//! Options that doom their child, found once, when the lists are built. A list is
//! read only when its key's squares (those after the front square, and beside it) are
//! filled as its key says, and every square before the front square is filled. An
//! option that, so placed, walls in a region of the key's empty squares that no piece
//! sizes fill (or, too small for two pieces, that is no option's shape) leads to a
//! child the region test would kill whatever lies past the key, so it is left out of
//! that key's list. The search then neither tries the option nor counts the node
//! (one thread: 6x10 1.15 M -> 0.88 M nodes, 8x8-square 5.6 M -> 4.6 M).

use super::layout::Grid;
use super::Bits;

/// Tells, when the lists are built, the options that leave a region of the key's
/// squares that no tiling fills, whatever the squares outside the key hold: such an
/// option's child would die at the region test, so it is left out of that key's list.
/// Worked in numbering 0 (the one the region test grows in).
pub struct Doomed<'a, M> {
    pub n: u32,
    pub window: u32,
    pub beside: u32,
    pub grid: Grid<M>,
    pub full: M,
    pub init: M,
    pub fillable: &'a [bool],
    pub single_below: u32,
    /// Options' squares in numbering 0, grouped by lowest bit (`start`).
    pub masks: &'a [M],
    pub start: &'a [u32],
}

impl<M: Bits> Doomed<'_, M> {
    /// Fills `out` (one entry per key) with the squares (numbering 0) that key says are
    /// filled, at front square `c` of the numbering `square_f` maps to numbering 0
    /// (bits past the frame name no square), as in the key of the lists.
    pub fn key_fills(&self, square_f: &[u8], c: u32, offset: u32, out: &mut Vec<M>) {
        let bits = self.window + self.beside;
        out.clear();
        out.push(M::ZERO);
        for j in 0..bits {
            let b = if j < self.window {
                c + 1 + j
            } else {
                c + offset - 1 + (j - self.window)
            };
            let square = if b < self.n {
                M::bit(u32::from(square_f[b as usize]))
            } else {
                M::ZERO
            };
            // Keys with bit j set: those without it, plus its square.
            for k in 0..out.len() {
                let with = out[k] | square;
                out.push(with);
            }
        }
    }

    /// What [`Doomed::doomed`] needs of the option with squares `m` (numbering 0) at a
    /// front square whose squares up to it are `before` and whose key's squares are
    /// `keyed`, whatever the key: the key's squares it leaves open, and the squares
    /// next to the squares outside the key. `None` if every square it leaves open is
    /// next to one outside the key: then no key dooms it.
    pub fn prepare(&self, before: M, keyed: M, m: M) -> Option<(M, M)> {
        let known = before | self.init | m;
        let win = keyed & !known & self.full;
        let unknown = self.full & !known & !keyed;
        let touch = self.grid.grow(unknown);
        (win & !touch != M::ZERO).then_some((win, touch))
    }

    /// Does the option [`Doomed::prepare`]d as `(win, touch)`, with the key's squares
    /// `filled` filled, leave a closed region of the key's squares that no piece sizes
    /// fill (or, if too small for two pieces, that is no option's shape)?
    pub fn doomed(&self, filled: M, (win, touch): (M, M)) -> bool {
        let free = win & !filled;
        if free == M::ZERO {
            return false;
        }
        // The free squares connected to the squares outside the key.
        let mut open = free & touch;
        loop {
            let next = (open | self.grid.grow(open)) & free;
            if next == open {
                break;
            }
            open = next;
        }
        let mut closed = free & !open;
        while closed != M::ZERO {
            let mut region = closed & closed.wrapping_neg();
            loop {
                let next = (region | self.grid.grow(region)) & closed;
                if next == region {
                    break;
                }
                region = next;
            }
            closed = closed & !region;
            let size = region.count_ones();
            if !self.fillable[size as usize] {
                return true;
            }
            if size < self.single_below {
                let low = region.trailing_zeros() as usize;
                let (a, b) = (self.start[low] as usize, self.start[low + 1] as usize);
                if !self.masks[a..b].contains(&region) {
                    return true;
                }
            }
        }
        false
    }
}
