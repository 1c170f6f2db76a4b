//! Re-entering a node from its path (the positions of the choices on the way to it),
//! and what a path tells: the share of the tree below it, the placements on the way,
//! where a stopped run resumes.

use crate::bitboard::word::Word;
use crate::cover::search::PathError;
use crate::cover::Resume;

use super::fit::fit_mask;
use super::{BitEngine, State, NONE, PARTIAL};

impl<M: Word, const F: usize> BitEngine<M, F> {
    /// Replays `path` from the root; leaves the stack holding one level per choice and
    /// returns the state of the node it names. Levels from `floor` on go on with the
    /// entries after the one replayed (a resumed run); those below it try no other.
    pub(super) fn replay(&mut self, path: &[u32], floor: usize) -> Result<State<M, F>, PathError> {
        // The stack is still that of the last replay if nothing searched since (a
        // worker asks for a task's placements, then searches it).
        if let Some((p, fl, state)) = &self.replayed {
            if *fl == floor && p[..] == *path {
                return Ok(*state);
            }
        }
        let state = self.replay_afresh(path, floor)?;
        let mut p = self.replayed.take().map(|r| r.0).unwrap_or_default();
        p.clear();
        p.extend_from_slice(path);
        self.replayed = Some((p, floor, state));
        Ok(state)
    }

    /// Replays `path` from an empty stack ([`BitEngine::replay`]).
    fn replay_afresh(&mut self, path: &[u32], floor: usize) -> Result<State<M, F>, PathError> {
        self.replayed = None;
        self.reset();
        let mut filled = [M::ZERO; F];
        filled[..self.t.fronts].copy_from_slice(&self.t.init[..self.t.fronts]);
        let mut avail = self.root_avail();
        let mut left = self.signature.full;
        for (level, &pos) in path.iter().enumerate() {
            if filled[0] == self.t.full || !self.open(&filled, avail, left) {
                return Err(PathError { level });
            }
            let top = *self.stack.last().expect("just pushed");
            let k = top.first as usize + pos as usize;
            if k >= top.end as usize {
                return Err(PathError { level });
            }
            let e = self.entries()[k];
            let fm = top.filled[top.front as usize];
            if avail >> e.piece() & 1 == 0 || e.mask & fm != M::ZERO {
                return Err(PathError { level });
            }
            let among = self.among(level);
            if among != 0 && among >> pos & 1 == 0 {
                return Err(PathError { level });
            }
            let next = if level < floor { top.end } else { k as u32 + 1 };
            let mut fit = fit_mask(self.entries(), next, top.end, fm, avail);
            if among != 0 {
                fit &= among.checked_shr(next - top.first).unwrap_or(0);
            }
            let top = self.stack.last_mut().expect("just pushed");
            top.base = PARTIAL;
            top.chosen = k as u32;
            (top.next, top.fit_from, top.fit) = (next, next, fit);
            let p = e.piece() as usize;
            self.left[p] -= 1;
            left -= self.signature.weight[p];
            if self.left[p] == 0 {
                avail &= !(1 << e.piece());
            }
            let o = self.t.option_in(top.front, e.option());
            filled = self.place(&filled, o);
        }
        Ok((filled, avail, left))
    }

    /// Knuth's estimate of the share of the subtree below `floor` already searched,
    /// from the positions in the lists (list lengths stand in for degrees).
    pub(super) fn progress(&self, floor: usize) -> f64 {
        let (mut done, mut scale) = (0.0, 1.0);
        for (depth, l) in self.stack.iter().enumerate().skip(floor) {
            let tried = if l.chosen == NONE { l.next } else { l.next - 1 };
            let tried = tried.saturating_sub(l.first);
            let among = self.among(depth);
            let (len, tried) = if among != 0 {
                let below = 1u64.checked_shl(tried).map_or(u64::MAX, |b| b - 1);
                (among.count_ones(), (among & below).count_ones())
            } else {
                (l.end - l.first, tried)
            };
            scale /= f64::from(len.max(1));
            done += f64::from(tried) * scale;
        }
        done
    }

    /// The estimated share of the whole tree below the node `path` names.
    pub fn weight(&mut self, path: &[u32]) -> Result<f64, PathError> {
        let _ = self.replay(path, path.len())?;
        Ok(self
            .stack
            .iter()
            .enumerate()
            .map(|(depth, l)| match self.among(depth) {
                0 => 1.0 / f64::from((l.end - l.first).max(1)),
                among => 1.0 / f64::from(among.count_ones()),
            })
            .product())
    }

    /// The placements chosen on the way to the node `path` names.
    pub fn placements_on(&mut self, path: &[u32]) -> Result<Vec<u32>, PathError> {
        let _ = self.replay(path, path.len())?;
        let t = &*self.t;
        Ok((self.stack.iter())
            .map(|l| {
                t.places[t.option_in(l.front, self.entries()[l.chosen as usize].option()) as usize]
            })
            .collect())
    }

    /// Where a stopped search resumes: the node on top of the stack, already searched
    /// if `visited`.
    pub(super) fn stopped(&mut self, visited: bool) -> Resume {
        self.fill_path();
        Resume {
            path: self.path.clone(),
            visited,
        }
    }

    pub(super) fn fill_path(&mut self) {
        self.path.clear();
        for l in &self.stack {
            self.path.push(l.chosen - l.first);
        }
    }
}
