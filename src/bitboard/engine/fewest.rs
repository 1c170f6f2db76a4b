//! Branching by the rule of the fewest options over the whole board
//! ([`crate::bitboard::Tuning::fewest`]), Knuth's MRV rule: a node branches on the open
//! square or the piece used once with the fewest live options
//! ([`Live`](crate::bitboard::live::Live)); a node with an open square that no option
//! covers, or with a piece that must still be placed and has no option, is dead.
//!
//! The sphere grid uses it ([`crate::bitboard::Tuning::for_puzzle`]): on the IQ Puzzler
//! Pro pyramid it takes 2.37 M nodes and 12.9 G instructions where weighing the box's
//! eight corners and the pieces took 19.5 M and 55.1 G.

use crate::bitboard::entry::Entry;
use crate::bitboard::live::Tally;
use crate::bitboard::word::Word;

use super::{BitEngine, Filled};

impl<M: Word, const F: usize> BitEngine<M, F> {
    /// [`BitEngine::open`] by the rule of the fewest options (one front): false (and
    /// nothing kept) if the node is dead. Not inlined into `open`, whose other rules
    /// (the flat boards') then keep their registers.
    #[inline(never)]
    pub(super) fn open_fewest(&mut self, filled: &Filled<M, F>, avail: u64, left: u64) -> bool {
        let depth = self.stack.len();
        let planes = self.t.tally_planes;
        let tally = self.live.filter(depth, filled[0], avail, planes);
        let Some((from, to, mut among)) = self.fewest_list(depth, filled[0], avail, tally) else {
            self.live.drop_from(depth);
            return false;
        };
        // The list's members as bits (all of its first 64 when it is not picked out).
        let whole = match to - from {
            n if n >= u64::BITS => u64::MAX,
            n => (1 << n) - 1,
        };
        let members = if among != 0 { among } else { whole };
        if members != 0 && members.count_ones() <= self.t.children {
            let living = members & !self.dying(depth, filled[0], from, members);
            if living == 0 {
                self.live.drop_from(depth);
                return false;
            }
            if living != members {
                among = living;
            }
        }
        let fit = if among != 0 { among } else { whole };
        self.push(filled, avail, left, (from, to, 0), fit);
        self.live.set_among(depth, among);
        true
    }

    /// The list a node `depth` deep whose live options are the last segment branches
    /// on (gathered if need be), with the bits of its entries if it is picked out of
    /// the segment ([`crate::bitboard::live::Live::among`], else 0), or `None` if the
    /// node is dead: a part's own list at this depth, else the options of the piece
    /// used once or of the open square with the fewest (the square on a tie).
    fn fewest_list(
        &mut self,
        depth: usize,
        filled: M,
        avail: u64,
        tally: Tally<M>,
    ) -> Option<(u32, u32, u64)> {
        let t = &*self.t;
        let open = t.cells & !filled;
        if open == M::ZERO {
            // Only loose bits open: a solution (`bitboard::loose`), not a node to open.
            return None;
        }
        let square = tally.fewest(open)?;
        let cuts = self.live.cuts_of(depth + 1);
        let mut piece = None;
        if t.use_all {
            let mut pieces = avail;
            // While every open square has at least `crowded` options, the piece used
            // once with the fewest, however many (`Tuning::crowded`).
            let mut fewest = if square.1 >= t.crowded {
                u32::MAX
            } else {
                square.1
            };
            while pieces != 0 {
                let p = pieces.trailing_zeros() as usize;
                pieces &= pieces - 1;
                let count = cuts[p + 1] - cuts[p];
                if count == 0 {
                    return None;
                }
                if count < fewest && self.left[p] == 1 {
                    (piece, fewest) = (Some(p), count);
                }
            }
        }
        if let Some(&(from, to)) = self.firsts.get(depth) {
            let list = &t.lists[from as usize..to as usize];
            let (from, to) = self.live.gather(list, filled, avail);
            return Some((from, to, 0));
        }
        match piece {
            Some(p) => Some((cuts[p], cuts[p + 1], 0)),
            None => Some(self.live.square_list(square.0)),
        }
    }

    /// The entries of level `depth`'s list among `first..end` as bits, 0 for all of them
    /// ([`crate::bitboard::live::Live::among`]).
    #[inline(always)]
    pub(super) fn among(&self, depth: usize) -> u64 {
        if self.t.fewest {
            self.live.among(depth)
        } else {
            0
        }
    }

    /// Drops the live options of the levels `depth` deep and deeper.
    #[inline(always)]
    pub(super) fn drop_live(&mut self, depth: usize) {
        if self.t.fewest {
            self.live.drop_from(depth);
        }
    }

    /// The entries the levels' lists index: the live options' array with the rule of
    /// the fewest options, else the tables' lists.
    #[inline(always)]
    pub(super) fn entries(&self) -> &[Entry<M>] {
        if self.t.fewest {
            self.live.entries()
        } else {
            &self.t.lists
        }
    }
}
