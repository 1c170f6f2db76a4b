//! Where each piece's options lie in the lists ([`PieceRuns`]). A list holds its
//! options by piece, so the options of one piece are one run of it; weighing a front
//! square through its runs reads only the options of pieces with copies left. On a box of
//! solid pentominoes most of a list's options belong to pieces already placed (on
//! 3×4×5, three in five of those weighed), and reading them costs as much as reading
//! the others.

use std::collections::HashMap;

use super::entry::{Entry, Head};

/// Lists are given runs only when the pieces with copies are at most this many (a
/// list's runs take one offset per piece and one more).
pub const MAX_RUN_PIECES: usize = 16;

/// Per head of [`super::tables::Tables::heads`] (but the sentinel): where its list's run
/// offsets start in `offsets`. There, for each compact piece id `p`, the entries of `p`
/// are `offsets[at + p]..offsets[at + p + 1]`, counted from the list's start. Empty when
/// the tables have no runs.
#[derive(Clone, Debug, Default)]
pub struct PieceRuns {
    pub at: Vec<u32>,
    pub offsets: Vec<u16>,
}

impl PieceRuns {
    /// The runs of the lists of `heads` (less the sentinel, the last) in `lists`, for
    /// `pieces` compact piece ids; lists that share their entries share their runs.
    ///
    /// Panics if a list does not hold its options by piece.
    pub fn new<M: Copy>(heads: &[Head], lists: &[Entry<M>], pieces: usize) -> PieceRuns {
        let mut runs = PieceRuns::default();
        let mut seen: HashMap<(u32, u16), u32> = HashMap::new();
        let listed = heads.len().saturating_sub(1);
        for head in &heads[..listed] {
            let at = *seen.entry((head.start, head.len)).or_insert_with(|| {
                let (from, to) = head.range();
                let at = runs.offsets.len() as u32;
                runs.push(&lists[from as usize..to as usize], pieces);
                at
            });
            runs.at.push(at);
        }
        runs
    }

    /// Appends the offsets of `list`'s runs.
    fn push<M: Copy>(&mut self, list: &[Entry<M>], pieces: usize) {
        let mut i = 0usize;
        for p in 0..=pieces {
            self.offsets.push(i as u16);
            while i < list.len() && list[i].piece() as usize == p {
                i += 1;
            }
        }
        assert_eq!(i, list.len(), "a list holds its options by piece");
    }

    /// Whether the lists have runs.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.at.is_empty()
    }

    /// The run offsets of the list of head `head` (an index in `heads`).
    #[inline(always)]
    pub fn of(&self, head: usize) -> &[u16] {
        &self.offsets[self.at[head] as usize..]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_piece_has_its_run_and_shared_lists_share_runs() {
        let list: Vec<Entry<u64>> = [0, 0, 2, 2, 2]
            .iter()
            .enumerate()
            .map(|(o, &p)| Entry::new(1 << o, p, o as u32))
            .collect();
        let whole = Head::of(0, &list);
        let tail = Head::of(2, &list[2..]);
        let sentinel = Head::of::<u64>(5, &[]);
        let runs = PieceRuns::new(&[whole, tail, whole, sentinel], &list, 3);
        assert_eq!(runs.of(0)[..4], [0, 2, 2, 5]);
        assert_eq!(runs.of(1)[..4], [0, 0, 0, 3]);
        assert_eq!(runs.at[2], runs.at[0]);
        assert_eq!(runs.at.len(), 3);
    }
}
