//! Tables made from tables, without building them again: filtered to fewer options
//! ([`Tables::keeping`], for the parts of a symmetry reduction, which share one build)
//! and extended by lists a search branches on first ([`Tables::add_list`]).

use super::entry::{piece_cuts, Entry, Head};
use super::listing::expiry;
use super::runs::PieceRuns;
use super::tables::Tables;
use super::word::Word;

impl<M: Word> Tables<M> {
    /// The same tables with only the options that `keep` holds (by placement index):
    /// the lists, the piece lists and the expiry masks are filtered in place; option ids
    /// stay. Much cheaper than [`Tables::new`] (the parts of a reduction share one
    /// build). Numberings that read numbering 0's lists get their own first (an entry
    /// there stands for a different option in each). Lists added by
    /// [`Tables::add_list`] are not kept: filter first.
    pub fn keeping(mut self, keep: &[bool]) -> Tables<M> {
        self.unshare();
        let listed = (self.piece_lists.iter().map(|l| l.to))
            .chain(self.heads.last().map(|h| h.start))
            .max();
        assert_eq!(
            listed.unwrap_or(0) as usize,
            self.lists.len(),
            "filter the tables before adding lists to them"
        );
        // Per option: dropped? And the pieces with a dropped option (the others' entries
        // are kept without a look-up).
        let dropped: Vec<bool> = (self.places.iter().enumerate())
            .map(|(o, &place)| !keep[place as usize] || self.dropped.get(o) == Some(&true))
            .collect();
        let touched = (dropped.iter().zip(&self.pieces))
            .filter(|(&d, _)| d)
            .fold(0u64, |t, (_, &p)| t | 1 << p);
        let kept = |e: &Entry<M>| touched >> e.piece() & 1 == 0 || !dropped[e.option() as usize];
        // Compact the entries in place: each moves back by the entries dropped before
        // it (`moved[i]`, where entry `i` goes), and so does each list (some are
        // shared), the piece lists' among them.
        let mut moved = Vec::with_capacity(self.lists.len() + 1);
        let mut write = 0u32;
        for read in 0..self.lists.len() {
            moved.push(write);
            let e = self.lists[read];
            if kept(&e) {
                self.lists[write as usize] = e;
                write += 1;
            }
        }
        moved.push(write);
        self.lists.truncate(write as usize);
        for head in self.heads.iter_mut() {
            let (from, to) = head.range();
            let (from, to) = (moved[from as usize], moved[to as usize]);
            *head = Head::of(from, &self.lists[from as usize..to as usize]);
        }
        for l in self.piece_lists.iter_mut() {
            (l.from, l.to) = (moved[l.from as usize], moved[l.to as usize]);
        }
        self.piece_lists.sort_by_key(|l| (l.to - l.from, l.piece));
        self.piece_cuts = piece_cuts(&mut self.piece_lists, &self.lists, self.n);
        // A piece expires at square c of numbering f when its kept options all have
        // their lowest bit below c.
        let (n, pieces) = (self.n as usize, self.copies.len());
        let mut last = vec![None::<u32>; self.fronts * pieces];
        // (Since `unshare`, numbering `f`'s block is block `f`.)
        for (o, _) in dropped.iter().enumerate().filter(|(_, &d)| !d) {
            let p = usize::from(self.pieces[o]);
            for f in 0..self.fronts {
                let low = self.numbered[o * self.fronts + f].trailing_zeros();
                let l = &mut last[f * pieces + p];
                *l = Some(l.map_or(low, |l| l.max(low)));
            }
        }
        self.expired.clear();
        for f in 0..self.fronts {
            let last = &last[f * pieces..][..pieces];
            self.expired.extend(expiry(last, n as u32));
        }
        self.dropped = dropped;
        if !self.runs.is_empty() {
            self.runs = PieceRuns::new(&self.heads, &self.lists, pieces);
        }
        self
    }

    /// Gives every numbering its own block of lists (numbering 0's, with each option
    /// replaced by its image), so that the lists can be filtered by option.
    fn unshare(&mut self) {
        let n = self.n as usize;
        let per = n << self.key_bits;
        if (0..self.fronts).all(|f| self.block[f] as usize == f) {
            return;
        }
        let tail = self.heads.last().expect("a sentinel").start as usize;
        let (old_heads, old_lists, old_expired) = (
            std::mem::take(&mut self.heads),
            std::mem::take(&mut self.lists),
            std::mem::take(&mut self.expired),
        );
        // Per numbering, where each shared list (by its start) went.
        let mut copied = vec![u32::MAX; tail];
        for f in 0..self.fronts {
            let b = self.block[f] as usize;
            copied.fill(u32::MAX);
            for old in &old_heads[b * per..(b + 1) * per] {
                let (lo, hi) = old.range();
                if old.len > 0 && copied[lo as usize] == u32::MAX {
                    copied[lo as usize] = self.lists.len() as u32;
                    for e in &old_lists[lo as usize..hi as usize] {
                        let option = self.option_in(f as u32, e.option());
                        self.lists.push(Entry::new(e.mask, e.piece(), option));
                    }
                }
                let start = if old.len > 0 {
                    copied[lo as usize]
                } else {
                    self.lists.len() as u32
                };
                // The images of the options have the options' pieces.
                self.heads.push(Head { start, ..*old });
            }
            let expired = &old_expired[b * (n + 1)..][..n + 1];
            self.expired.extend_from_slice(expired);
            self.block[f] = f as u32;
        }
        self.heads.push(Head {
            start: self.lists.len() as u32,
            ..Head::default()
        });
        // The piece lists follow, moved.
        let moved = self.lists.len() as u32;
        self.lists.extend_from_slice(&old_lists[tail..]);
        for l in self.piece_lists.iter_mut() {
            (l.from, l.to) = (l.from - tail as u32 + moved, l.to - tail as u32 + moved);
        }
        let options = self.places.len() as u32;
        self.image = (0..self.fronts).flat_map(|_| 0..options).collect();
    }

    /// Appends a list of the options of `placements` (indices in `puzzle.placements`,
    /// each an option of these tables), in that order, with their squares in numbering
    /// 0, and returns where it is in `lists`: a list that a search can be made to branch
    /// on first ([`super::BitSearch::parts`]).
    pub fn add_list(&mut self, placements: &[usize]) -> (u32, u32) {
        let mut option_of = vec![u32::MAX; placements.iter().max().map_or(0, |&m| m + 1)];
        for (o, &place) in self.places.iter().enumerate() {
            if let Some(slot) = option_of.get_mut(place as usize) {
                *slot = o as u32;
            }
        }
        let from = self.lists.len() as u32;
        for &place in placements {
            let o = option_of[place];
            assert!(
                o != u32::MAX,
                "placement {place} is not an option of the tables"
            );
            self.lists.push(Entry::new(
                self.masks[o as usize],
                u32::from(self.pieces[o as usize]),
                o,
            ));
        }
        (from, self.lists.len() as u32)
    }
}
