//! The neighbours of squares in a numbering of the frame, as shifts of a whole word: a
//! set of squares grows by one step in four shifts, and a flood fill is such steps
//! repeated until nothing changes.

use super::word::Word;

/// The neighbours of squares in a numbering of the frame: rows (`RowMajor`) or
/// columns (`ColumnMajor`) of `stride` bits.
#[derive(Copy, Clone, Debug)]
pub struct Grid<M> {
    pub stride: u32,
    /// Bits whose `minor` is not 0 / not `stride - 1` (for the shifts by one).
    pub not_first: M,
    pub not_last: M,
}

impl<M: Word> Grid<M> {
    /// The squares next to `m` (not `m` itself, not limited to empty squares).
    #[inline(always)]
    pub fn grow(&self, m: M) -> M {
        ((m << 1) & self.not_first)
            | ((m >> 1) & self.not_last)
            | (m << self.stride)
            | (m >> self.stride)
    }

    /// The squares of `within` connected to `from` through `within` (`from` itself
    /// where it lies in `within`): a flood to its end.
    pub fn fill(&self, from: M, within: M) -> M {
        let mut reached = from & within;
        loop {
            let next = (reached | self.grow(reached)) & within;
            if next == reached {
                return reached;
            }
            reached = next;
        }
    }
}
