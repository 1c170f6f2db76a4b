//! The search loop. Each turn moves the top level on: gives back the copy its last
//! choice took, tries its next options until one's child is not dead, and enters that
//! child (a solution, a node at the cut, a node the memo counts, or a node to open);
//! when no option is left it backs up (pops the level, recording its count).

use std::ops::ControlFlow;

use crate::bitboard::entry::Entry;
use crate::bitboard::visitor::BitVisitor;
use crate::bitboard::word::Word;
use crate::cover::search::PathError;
use crate::cover::Resume;

use super::fit::Fits;
use super::{BitEngine, Filled, NONE, PARTIAL};

/// A child about to be entered: its state, its count if the memo or the tails know it,
/// and its list (entries and fit bits) if its parent looked ahead
/// ([`BitEngine::first_list`]).
#[derive(Copy, Clone)]
struct Child<M, const F: usize> {
    filled: Filled<M, F>,
    avail: u64,
    left: u64,
    recorded: Option<u128>,
    list: Option<(u32, u32, u64)>,
}

/// What one call of the search goes by: the floor it stays above, the depth of the cut
/// (`usize::MAX`: none), and whether the memo may be used and is.
struct Run {
    floor: usize,
    cut: usize,
    memo_fits: bool,
    memo_on: bool,
}

/// What the top level's options are tried against: its state.
#[derive(Copy, Clone)]
struct Parent<M, const F: usize> {
    filled: Filled<M, F>,
    avail: u64,
    left: u64,
    front: u32,
    mirrored: M,
    depth: usize,
}

impl<M: Word, const F: usize> BitEngine<M, F> {
    /// Searches the subtree below the node `floor` choices down `path` (the first
    /// `floor` positions of it): every solution goes to `visitor`; with `cut`, nodes
    /// `cut` levels below the floor are handed to `on_cut` (as paths) instead of being
    /// searched. A longer `path` resumes a stopped run at the node it names (already
    /// searched if `visited`). Returns where the visitor stopped the search, if it did.
    pub fn search<V: BitVisitor, const FILL: bool>(
        &mut self,
        floor: usize,
        path: &[u32],
        visited: bool,
        cut: Option<usize>,
        visitor: &mut V,
        on_cut: &mut impl FnMut(&[u32]),
    ) -> Result<Option<Resume>, PathError> {
        let (filled, avail, left) = self.replay(path, floor)?;
        // The stack changes from here on.
        self.replayed = None;
        let cut = cut.map_or(usize::MAX, |c| floor + c);
        // Counting only: subtrees' counts can be looked up and recorded.
        let memo_fits = !FILL && cut == usize::MAX && self.memo.0 > 0 && self.signature.full > 0;
        // Not before the engine has searched a while (checked here and at ticks): a
        // small search is over before the table's first touches (cache misses, page
        // faults) pay off. Levels opened before it starts are recorded all the same.
        let memo_on = memo_fits && self.start_memo();
        let mut run = Run {
            floor,
            cut,
            memo_fits,
            memo_on,
        };
        if !visited {
            let start = Child {
                filled,
                avail,
                left,
                recorded: None,
                list: None,
            };
            if let ControlFlow::Break(stop) =
                self.arrive::<V, FILL>(start, &mut run, visitor, on_cut)
            {
                return Ok(Some(stop));
            }
        }
        while self.stack.len() > floor {
            self.give_back();
            if let ControlFlow::Break(stop) = self.advance::<V, FILL>(&mut run, visitor, on_cut) {
                return Ok(Some(stop));
            }
        }
        Ok(None)
    }

    /// Arrives at `node`: ticks if a tick is due (the memo may start then), then
    /// enters it. Breaks with where the search stopped if the visitor stops it.
    #[inline(always)]
    fn arrive<V: BitVisitor, const FILL: bool>(
        &mut self,
        node: Child<M, F>,
        run: &mut Run,
        visitor: &mut V,
        on_cut: &mut impl FnMut(&[u32]),
    ) -> ControlFlow<Resume> {
        self.ticks += 1;
        if self.ticks & self.tick_mask == 0 {
            run.memo_on = run.memo_fits && self.start_memo();
            let done = self.progress(run.floor);
            self.fill_path();
            if visitor.tick(done, &self.path).is_break() {
                return ControlFlow::Break(self.stopped(false));
            }
        }
        if self
            .enter::<V, FILL>(node, run.cut, visitor, on_cut)
            .is_break()
        {
            return ControlFlow::Break(self.stopped(true));
        }
        ControlFlow::Continue(())
    }

    /// Enters `node`, a child of the top level (or the node the search starts at): a
    /// solution goes to the visitor, a node at the cut to `on_cut`, a node whose count
    /// is known is counted, any other is opened. Breaks if the visitor stops.
    #[inline(always)]
    fn enter<V: BitVisitor, const FILL: bool>(
        &mut self,
        node: Child<M, F>,
        cut: usize,
        visitor: &mut V,
        on_cut: &mut impl FnMut(&[u32]),
    ) -> ControlFlow<()> {
        let Child {
            filled,
            avail,
            left,
            recorded,
            list,
        } = node;
        if filled[0] == self.t.full {
            if !self.t.use_all || avail == 0 {
                if cut != usize::MAX {
                    self.fill_path();
                    on_cut(&self.path);
                } else {
                    return self.found::<V, FILL>(visitor);
                }
            }
        } else if self.stack.len() >= cut {
            self.fill_path();
            on_cut(&self.path);
        } else if let Some(n) = recorded {
            self.add_solutions(n);
            return visitor.solutions(n);
        } else {
            match list {
                Some((from, to, fit)) => self.push(&filled, avail, left, (from, to, 0), fit),
                None => {
                    // A node that cannot branch may still be a solution with loose
                    // bits open (`bitboard::loose`).
                    if !self.open(&filled, avail, left) && self.t.loose != M::ZERO {
                        return self.loose_end::<V, FILL>(filled[0], avail, cut, visitor, on_cut);
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// A node with loose bits ([`crate::bitboard::loose`]) that cannot branch: a
    /// solution if its cells are all filled (handed to `visitor`, or to `on_cut` in a
    /// search with a cut), else dead. Out of line: the other boards never come here.
    #[cold]
    #[inline(never)]
    fn loose_end<V: BitVisitor, const FILL: bool>(
        &mut self,
        filled: M,
        avail: u64,
        cut: usize,
        visitor: &mut V,
        on_cut: &mut impl FnMut(&[u32]),
    ) -> ControlFlow<()> {
        if filled | self.t.loose != self.t.full || self.t.use_all && avail != 0 {
            return ControlFlow::Continue(());
        }
        if cut != usize::MAX {
            self.fill_path();
            on_cut(&self.path);
            return ControlFlow::Continue(());
        }
        self.found::<V, FILL>(visitor)
    }

    /// Hands the solution the stack holds to `visitor` (its placements if `FILL`).
    #[inline(always)]
    fn found<V: BitVisitor, const FILL: bool>(&mut self, visitor: &mut V) -> ControlFlow<()> {
        self.add_solutions(1);
        if FILL {
            self.solution.clear();
            for l in &self.stack {
                let e = self.entries()[l.chosen as usize];
                let o = self.t.option_in(l.front, e.option());
                self.solution.push(self.t.places[o as usize]);
            }
        }
        visitor.solution(&self.solution)
    }

    /// Gives back the copy of its piece that the top level's last choice took.
    #[inline(always)]
    fn give_back(&mut self) {
        let chosen = self.stack.last().expect("above the floor").chosen;
        if chosen != NONE {
            let piece = self.entries()[chosen as usize].piece();
            self.left[piece as usize] += 1;
            self.stack.last_mut().expect("above the floor").chosen = NONE;
        }
    }

    /// Moves the top level on: tries its next options that fit, in list order, until
    /// one's child is not dead, makes that option the level's choice (its copy taken)
    /// and arrives at the child; with no option left, backs up. Breaks with where the
    /// search stopped if the visitor stops it.
    #[inline(always)]
    fn advance<V: BitVisitor, const FILL: bool>(
        &mut self,
        run: &mut Run,
        visitor: &mut V,
        on_cut: &mut impl FnMut(&[u32]),
    ) -> ControlFlow<Resume> {
        let depth = self.stack.len();
        let top = self.stack.last().expect("above the floor");
        let parent = Parent {
            filled: top.filled,
            avail: top.avail,
            left: top.left,
            front: top.front,
            mirrored: top.mirrored,
            depth,
        };
        let mut fits = Fits {
            bits: top.fit,
            from: top.fit_from,
            end: top.end,
        };
        let fm = parent.filled[parent.front as usize];
        let ahead = self.looks_ahead(depth);
        let mut nodes = 0;
        while let Some(k) = fits.next(self.entries(), fm, parent.avail) {
            nodes += 1;
            let e = self.entries()[k as usize];
            let Some(child) = self.try_option(e, &parent, ahead, run.memo_on) else {
                continue;
            };
            self.stats.nodes += nodes;
            let top = self.stack.last_mut().expect("above the floor");
            (top.fit, top.fit_from) = (fits.bits, fits.from);
            top.next = k + 1;
            top.chosen = k;
            self.left[e.piece() as usize] -= 1;
            return self.arrive::<V, FILL>(child, run, visitor, on_cut);
        }
        self.stats.nodes += nodes;
        self.back_up(run.memo_on);
        ControlFlow::Continue(())
    }

    /// Whether the children of a level `depth` deep have their lists found before they
    /// are entered ([`super::super::Tuning::look_ahead`]): with one front, a board of
    /// one word and the usual rule below, a child with no option that fits is then
    /// never entered. (On boards of two words the look costs more than it saves.)
    #[inline(always)]
    fn looks_ahead(&self, depth: usize) -> bool {
        F == 1
            && M::BITS == u64::BITS
            && self.t.look_ahead
            && !self.t.fewest
            && depth as u32 >= self.t.piece_depth
            && self.firsts.len() <= depth
    }

    /// The child of `parent` through the entry `e` of its list, if it is not dead: not
    /// without an option that fits (when looking `ahead`), not by the region test. With
    /// `memo_on`, its count if the tails or the memo know it.
    #[inline(always)]
    fn try_option(
        &mut self,
        e: Entry<M>,
        parent: &Parent<M, F>,
        ahead: bool,
        memo_on: bool,
    ) -> Option<Child<M, F>> {
        let piece = e.piece();
        let avail = if self.left[piece as usize] == 1 {
            parent.avail & !(1 << piece)
        } else {
            parent.avail
        };
        let (filled, m0) = if F == 1 {
            // One numbering: the entry's own mask is all there is to add.
            let mut child = parent.filled;
            child[0] = child[0] | e.mask;
            (child, e.mask)
        } else if parent.front == 0 {
            (self.place(&parent.filled, e.option()), e.mask)
        } else {
            let o = self.t.option_in(parent.front, e.option());
            (self.place(&parent.filled, o), self.t.masks[o as usize])
        };
        let left = parent.left - self.signature.weight[piece as usize];
        let mut list = None;
        if ahead && filled[0] != self.t.full {
            list = Some(self.first_list(filled[0], avail)?);
        }
        if self.dead(filled[0], avail, m0) {
            return None;
        }
        // Looked up after the region test: a dead child needs no look-up, and the
        // look-up's cache miss overlapped the test less than it cost.
        let recorded = if memo_on {
            let mirrored = self.image_of_child(parent.mirrored, parent.front, e.option());
            self.look_up((filled[0], mirrored), left, avail, parent.depth)
        } else {
            None
        };
        Some(Child {
            filled,
            avail,
            left,
            recorded,
            list,
        })
    }

    /// The count of a child `depth` choices deep (its parent's depth) with filled
    /// squares and their mirror image `state`, copies `left` of the pieces `avail`:
    /// near the leaves through the tails, else through the memo.
    #[inline(always)]
    fn look_up(&mut self, state: (M, M), left: u64, avail: u64, depth: usize) -> Option<u128> {
        if let Some(count) = self.tail_count(state, left, avail, depth) {
            return Some(u128::from(count));
        }
        let key = self.memo_key(state.0, state.1, avail, depth);
        self.table.as_ref()?.get(key, left)
    }

    /// Pops the top level, all of whose options are tried, and records the count of
    /// its subtree in the memo (unless it was replayed, having seen only part of it).
    #[inline(always)]
    fn back_up(&mut self, memo_on: bool) {
        let done = self.stack.pop().expect("above the floor");
        self.drop_live(self.stack.len());
        if memo_on && done.base != PARTIAL {
            let depth = self.stack.len();
            let key = self.memo_key(done.filled[0], done.mirrored, done.avail, depth);
            let memo = self.table.as_mut().expect("made above");
            let count = self.stats.solutions.wrapping_sub(done.base);
            let nodes = self.stats.nodes - done.base_nodes;
            memo.put(key, done.left, count, nodes);
        }
    }

    /// Adds `n` to the solutions found (which the visitor adds up exactly).
    #[inline(always)]
    fn add_solutions(&mut self, n: u128) {
        let (sum, wrapped) = self.stats.solutions.overflowing_add(n);
        self.stats.solutions = sum;
        if wrapped {
            self.passed_a_word();
        }
    }

    /// `stats.solutions` passed 2^128 and went on from 0: the levels open now would
    /// take the wrong difference, so their counts are not recorded. (A subtree whose
    /// count is 2^128 or more is never recorded; a smaller one is open at such a pass
    /// with a chance of its count over 2^128.)
    #[cold]
    #[inline(never)]
    fn passed_a_word(&mut self) {
        for l in &mut self.stack {
            l.base = PARTIAL;
        }
    }
}
