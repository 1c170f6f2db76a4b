//! The bitboard search: always branch on the first empty square (the lowest clear bit),
//! trying, in table order, the options whose lowest bit it is, that miss every filled
//! square and whose piece has copies left. Each set of options is met once, so identical
//! copies never repeat a tiling. A loop over an explicit stack of [`Level`]s (no
//! recursion); the positions on the stack name a node, as in [`crate::cover::split`].
//!
//! Pruning at each node entered (each measured in `benches/tiling.rs`):
//! - a piece that must still be placed but has no option at or after the first empty
//!   square (this is what makes Knuth's one-piece symmetry restriction bite early);
//! - a dead region: an isolated region of empty squares next to the piece just placed
//!   whose size no sum of piece sizes makes (bit-parallel flood fill), or that is too
//!   small for two pieces and is not the shape of one piece with copies left.

use crate::cover::{Resume, Stats};

use super::layout::Tables;
use super::{BitVisitor, Bits};

const NONE: u32 = u32::MAX;

/// One open node on the stack: its state and where its branching has got to.
#[derive(Copy, Clone, Debug)]
struct Level<M> {
    filled: M,
    /// Compact piece ids with copies left.
    avail: u64,
    /// The next option to try, and the end of this square's options.
    next: u32,
    end: u32,
    /// The first option of this square (positions are counted from it).
    base: u32,
    /// Where this node's list began (for progress estimates).
    first: u32,
    /// The option chosen (for the child being searched), or `NONE`.
    chosen: u32,
}

/// The search state over [`Tables`].
pub struct Engine<M> {
    pub t: Tables<M>,
    left: Vec<u32>,
    stack: Vec<Level<M>>,
    solution: Vec<u32>,
    path: Vec<u32>,
    pub stats: Stats,
    /// Flood steps the dead-region test takes before taking a region as open.
    pub region_cap: u32,
    /// Ticks come when `ticks & tick_mask == 0`.
    pub tick_mask: u64,
    ticks: u64,
}

/// Why a path does not name a node of this search.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the path of choices does not fit this puzzle (level {level})")]
pub struct PathError {
    pub level: usize,
}

impl<M: Bits> Engine<M> {
    pub fn new(t: Tables<M>) -> Engine<M> {
        let depth = t.n as usize + 1;
        Engine {
            left: t.copies.clone(),
            stack: Vec::with_capacity(depth),
            solution: Vec::with_capacity(depth),
            path: Vec::with_capacity(depth),
            stats: Stats::default(),
            region_cap: t.n,
            tick_mask: (1 << 12) - 1,
            ticks: 0,
            t,
        }
    }

    fn reset(&mut self) {
        self.left.clear();
        self.left.extend_from_slice(&self.t.copies);
        self.stack.clear();
    }

    fn root_avail(&self) -> u64 {
        if self.t.copies.len() == 64 {
            u64::MAX
        } else {
            (1u64 << self.t.copies.len()) - 1
        }
    }

    /// Opens the node with state (`filled`, `avail`) on top of the stack.
    #[inline(always)]
    fn open(&mut self, filled: M, avail: u64) {
        let t = &self.t;
        let (base, next, end) = match t.root_list {
            Some((lo, hi)) if self.stack.is_empty() => (t.lists[lo as usize].option, lo, hi),
            _ => {
                let c = filled.trailing_ones();
                let key = (filled >> c >> 1).low_u32() & ((1 << t.window) - 1);
                let at = ((c << t.window) | key) as usize;
                (t.start[c as usize], t.list_start[at], t.list_start[at + 1])
            }
        };
        self.stack.push(Level {
            filled,
            avail,
            next,
            end,
            base,
            first: next,
            chosen: NONE,
        });
    }

    /// Replays `path` from the root; leaves the stack holding one level per choice and
    /// returns the state of the node it names. Levels from `floor` on go on with the
    /// options after the one replayed (a resumed run); those below it try no other.
    fn replay(&mut self, path: &[u32], floor: usize) -> Result<(M, u64), PathError> {
        self.reset();
        let (mut filled, mut avail) = (self.t.init, self.root_avail());
        for (level, &pos) in path.iter().enumerate() {
            if filled == self.t.full {
                return Err(PathError { level });
            }
            self.open(filled, avail);
            let top = self.stack.last_mut().expect("just pushed");
            let o = top.base + pos;
            let at = &self.t.lists[top.next as usize..top.end as usize];
            let Some(k) = at.iter().position(|e| e.option == o) else {
                return Err(PathError { level });
            };
            let after = top.next + k as u32 + 1;
            let p = self.t.pieces[o as usize] as usize;
            let m = self.t.masks[o as usize];
            if avail >> p & 1 == 0 || m & filled != M::ZERO {
                return Err(PathError { level });
            }
            top.chosen = o;
            top.next = if level < floor { top.end } else { after };
            self.left[p] -= 1;
            if self.left[p] == 0 {
                avail &= !(1 << p);
            }
            filled = filled | m;
        }
        Ok((filled, avail))
    }

    /// Is the node just entered (state `filled`, `avail`, after placing `m`) dead?
    #[inline(always)]
    fn dead(&self, filled: M, avail: u64, m: M) -> bool {
        let t = &self.t;
        if filled == t.full {
            return false;
        }
        if t.use_all && avail & t.expired[filled.trailing_ones() as usize] != 0 {
            return true;
        }
        let empty = !filled & t.full;
        let mut seeds = t.grow(m) & empty;
        while seeds != M::ZERO {
            let mut region = seeds & seeds.wrapping_neg();
            for _ in 0..self.region_cap {
                let next = (region | t.grow(region)) & empty;
                if next == region {
                    let size = region.count_ones();
                    if !t.fillable[size as usize] {
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
    /// copies left?
    #[inline(never)]
    fn one_piece_fills(&self, region: M, avail: u64) -> bool {
        let t = &self.t;
        let c = region.trailing_zeros() as usize;
        (t.start[c]..t.start[c + 1])
            .any(|o| t.masks[o as usize] == region && avail >> t.pieces[o as usize] & 1 == 1)
    }

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
        let (filled, avail) = self.replay(path, floor)?;
        let cut = cut.map_or(usize::MAX, |c| floor + c);
        let mut state = if visited { None } else { Some((filled, avail)) };
        loop {
            // Enter the node `state` (a child of the top level, or the start node).
            if let Some((filled, avail)) = state.take() {
                self.ticks += 1;
                if self.ticks & self.tick_mask == 0 {
                    let done = self.progress(floor);
                    if visitor.tick(done).is_break() {
                        self.fill_path();
                        let path = self.path.clone();
                        return Ok(Some(Resume {
                            path,
                            visited: false,
                        }));
                    }
                }
                if filled == self.t.full {
                    if !self.t.use_all || avail == 0 {
                        if cut != usize::MAX {
                            self.fill_path();
                            on_cut(&self.path);
                        } else {
                            self.stats.solutions += 1;
                            if FILL {
                                self.solution.clear();
                                for l in &self.stack {
                                    self.solution.push(self.t.places[l.chosen as usize]);
                                }
                            }
                            if visitor.solution(&self.solution).is_break() {
                                self.fill_path();
                                let path = self.path.clone();
                                return Ok(Some(Resume {
                                    path,
                                    visited: true,
                                }));
                            }
                        }
                    }
                } else if self.stack.len() >= cut {
                    self.fill_path();
                    on_cut(&self.path);
                } else if self.stack.len() > floor
                    || !self.t.use_all
                    || avail & self.t.expired[filled.trailing_ones() as usize] == 0
                {
                    self.open(filled, avail);
                }
            }
            // Advance the top level to its next option, or pop it.
            if self.stack.len() <= floor {
                return Ok(None);
            }
            let top = self.stack.last_mut().expect("above the floor");
            if top.chosen != NONE {
                self.left[self.t.pieces[top.chosen as usize] as usize] += 1;
                top.chosen = NONE;
            }
            let (f, a, from, end) = (top.filled, top.avail, top.next, top.end);
            let mut nodes = 0;
            let (mut i, mut o) = (end, NONE);
            for (k, e) in self.t.lists[from as usize..end as usize].iter().enumerate() {
                if a & e.bit == 0 || e.mask & f != M::ZERO {
                    continue;
                }
                nodes += 1;
                let left = self.left[e.piece as usize] - 1;
                let avail = if left == 0 { a & !e.bit } else { a };
                let filled = f | e.mask;
                if self.dead(filled, avail, e.mask) {
                    continue;
                }
                (i, o) = (from + k as u32 + 1, e.option);
                state = Some((filled, avail));
                break;
            }
            self.stats.nodes += nodes;
            if o != NONE {
                self.left[self.t.pieces[o as usize] as usize] -= 1;
            }
            let top = self.stack.last_mut().expect("above the floor");
            if state.is_some() {
                top.next = i;
                top.chosen = o;
            } else {
                self.stack.pop();
            }
        }
    }

    /// Knuth's estimate of the share of the subtree below `floor` already searched,
    /// from the positions in the option lists (list lengths stand in for degrees).
    fn progress(&self, floor: usize) -> f64 {
        let (mut done, mut scale) = (0.0, 1.0);
        for l in self.stack.iter().skip(floor) {
            let len = f64::from((l.end - l.first).max(1));
            let tried = if l.chosen == NONE { l.next } else { l.next - 1 };
            scale /= len;
            done += f64::from(tried.saturating_sub(l.first)) * scale;
        }
        done
    }

    /// The estimated share of the whole tree below the node `path` names.
    pub fn weight(&mut self, path: &[u32]) -> Result<f64, PathError> {
        self.replay(path, path.len())?;
        Ok(self
            .stack
            .iter()
            .map(|l| 1.0 / f64::from((l.end - l.first).max(1)))
            .product())
    }

    fn fill_path(&mut self) {
        self.path.clear();
        for l in &self.stack {
            self.path.push(l.chosen - l.base);
        }
    }
}
