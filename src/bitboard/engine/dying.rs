//! Children found dead in their parent, under the rule of the fewest options. A child
//! dies at its open when an open square is left that none of its live options covers;
//! those are the parent's live options that miss the option placed and are not of its
//! piece when its last copy is placed. Finding that out in the child takes a full pass
//! over the live options (copied, then counted), and half the children die so. When a
//! node branches on a few options ([`MAX_CHILDREN`] at most), one pass over its own live
//! options finds, for all of them at once, the squares each child's options cover, and
//! the children that would die are taken out of its list: they are neither entered nor
//! counted as nodes.

use crate::bitboard::entry::Entry;
use crate::bitboard::tuning::MAX_CHILDREN;
use crate::bitboard::word::Word;

use super::BitEngine;

impl<M: Word, const F: usize> BitEngine<M, F> {
    /// Of the entries `members` (bits from entry `from` of the live options) of the list
    /// a node `depth` deep with `filled` squares branches on, those whose
    /// child would leave an open square no option covers.
    #[inline(never)]
    pub(super) fn dying(&self, depth: usize, filled: M, from: u32, members: u64) -> u64 {
        let entries = self.live.entries();
        let cuts = self.live.cuts_of(depth + 1);
        let options = &entries[cuts[0] as usize..cuts[cuts.len() - 1] as usize];
        let mut children = [(M::ZERO, u32::MAX); MAX_CHILDREN as usize];
        let mut bits = members;
        let mut k = 0;
        while bits != 0 {
            let e = entries[from as usize + bits.trailing_zeros() as usize];
            bits &= bits - 1;
            let piece = e.piece();
            // Its piece's options go with its last copy.
            let gone = if self.left[piece as usize] == 1 {
                piece
            } else {
                u32::MAX
            };
            children[k] = (e.mask, gone);
            k += 1;
        }
        let covered = match k {
            1 => covers::<M, 1>(options, &children),
            2 => covers::<M, 2>(options, &children),
            3 => covers::<M, 3>(options, &children),
            4 => covers::<M, 4>(options, &children),
            5 => covers::<M, 5>(options, &children),
            6 => covers::<M, 6>(options, &children),
            7 => covers::<M, 7>(options, &children),
            _ => covers::<M, 8>(options, &children),
        };
        let open = self.t.cells & !filled;
        let mut dying = 0;
        let mut bits = members;
        for (&(mask, _), &reach) in children.iter().zip(&covered).take(k) {
            let at = bits.trailing_zeros();
            bits &= bits - 1;
            if open & !mask & !reach != M::ZERO {
                dying |= 1 << at;
            }
        }
        dying
    }
}

/// For each of the first `K` `children` (an option's squares and the piece whose
/// options go with it, or `u32::MAX`), the squares that the `options` it keeps cover.
/// Without a branch per option: whether a child keeps one is a coin toss.
#[inline(always)]
fn covers<M: Word, const K: usize>(
    options: &[Entry<M>],
    children: &[(M, u32); MAX_CHILDREN as usize],
) -> [M; MAX_CHILDREN as usize] {
    let mut covered = [M::ZERO; MAX_CHILDREN as usize];
    for x in options {
        let (mask, piece) = (x.mask, x.piece());
        for i in 0..K {
            let keep = (mask & children[i].0 == M::ZERO) & (piece != children[i].1);
            let select = M::from_u128(u128::from(keep)).wrapping_neg();
            covered[i] = covered[i] | (mask & select);
        }
    }
    covered
}
