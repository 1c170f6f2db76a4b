//! The dead-region test: a node whose last placement walls in a region of empty
//! squares that no sum of the sizes of the pieces left fills, or that is too small for
//! two pieces and
//! is the shape of no option with copies left, has no tiling. A bit-parallel flood
//! from the squares next to the placement, a few steps per region (`region_cap`).

use crate::bitboard::word::Word;

use super::BitEngine;

impl<M: Word, const F: usize> BitEngine<M, F> {
    /// Is the node just entered (state `filled` in numbering 0, `avail`, after placing
    /// `m`) dead by the region test?
    #[inline(always)]
    pub(super) fn dead(&self, filled: M, avail: u64, m: M) -> bool {
        let t = &*self.t;
        if filled == t.full {
            return false;
        }
        let empty = !filled & t.full;
        let mut seeds = t.grow(m) & empty;
        while seeds != M::ZERO {
            let mut region = seeds & seeds.wrapping_neg();
            for _ in 0..self.region_cap {
                let next = (region | t.grow(region)) & empty;
                if next == region {
                    let size = region.count_ones();
                    if !t.fillable[size as usize] || !t.fillable_now(avail, size) {
                        return true;
                    }
                    if size < t.single_below && !self.one_piece_fills(region, avail) {
                        return true;
                    }
                    break;
                }
                region = next;
            }
            seeds = seeds & !region;
        }
        false
    }

    /// Is `region` (too small for two pieces) the squares of an option whose piece has
    /// copies left (its loose bits aside)?
    #[inline(never)]
    fn one_piece_fills(&self, region: M, avail: u64) -> bool {
        let t = &*self.t;
        let c = region.trailing_zeros() as usize;
        let options = t.start[c]..t.start[c + 1];
        let left = |o: u32| avail >> t.pieces[o as usize] & 1 == 1;
        if t.loose == M::ZERO {
            options
                .into_iter()
                .any(|o| t.masks[o as usize] == region && left(o))
        } else {
            (options.into_iter()).any(|o| t.masks[o as usize] & t.cells == region && left(o))
        }
    }
}
