//! What the loop of Algorithm X ([`super::search`]) asks of a table: choose an item (X3),
//! begin a level on it (X4), take and give back an option (X5, X6), step to the next
//! option and end the level (X7). Two tables answer: Knuth's DLX1 node table
//! ([`super::dlx::Dlx`], every problem, multiplicities included) and option bitsets
//! ([`super::bits::Bitsets`], problems without multiplicities).
//!
//! # Guarantees
//! Both tables choose the same item (the first primary item of minimum length, as dlx1
//! does) and try its options in increasing option order, so on the same problem they
//! visit the same tree in the same order: same nodes, updates, solutions and paths.

use super::dlx::Dlx;
use super::visit::Level;

/// A table that Algorithm X can run on, undoing every step in reverse order.
pub trait Table {
    /// True when no primary item is left to cover: the choices made form a solution.
    fn solved(&self) -> bool;
    /// X3: the item to branch on, its branching degree and whether it has
    /// multiplicities; `None` if some item can no longer be satisfied.
    fn choose(&self) -> Option<(u32, u32, bool)>;
    /// X4: covers `item` (chosen by `choose`) and returns its level, pointing at the
    /// first option (or at `item` itself when there is none).
    fn begin(&mut self, item: u32, total: u32, multiple: bool) -> Level;
    /// X5: takes the option at `level.x`.
    fn apply(&mut self, level: &Level);
    /// X6 (first half): gives back the option at `level.x`.
    fn unapply(&mut self, level: &Level);
    /// X6 (second half): points `level` at its next option. `replay` is true when the
    /// option left behind was never applied (re-entering a saved path).
    fn advance(&mut self, level: &mut Level, replay: bool);
    /// X7: ends `level`, uncovering its item.
    fn end(&mut self, level: &Level);
    /// Updates so far (each option hidden and each item unlinked counts one).
    fn updates(&self) -> u64;
    /// The node number of the first node of each option, as in Knuth's layout (the
    /// `x` of a level is such a node; `visit.rs` turns it back into an option).
    fn option_first(&self) -> &[u32];
}

impl Table for Dlx {
    #[inline]
    fn solved(&self) -> bool {
        self.rlink[0] == 0
    }

    #[inline]
    fn choose(&self) -> Option<(u32, u32, bool)> {
        let mut best = 0;
        let mut best_degree = u32::MAX;
        let mut i = self.rlink[0];
        if !self.has_multiple {
            while i != 0 {
                let len = self.len(i);
                if len < best_degree {
                    best_degree = len;
                    best = i;
                }
                i = self.rlink[i as usize];
            }
        } else {
            while i != 0 {
                let len = self.len(i);
                let degree = if self.multiple[i as usize] {
                    let need = self.need(i);
                    if len < need {
                        return None;
                    }
                    len - need + 1
                } else {
                    len
                };
                if degree < best_degree {
                    best_degree = degree;
                    best = i;
                }
                i = self.rlink[i as usize];
            }
        }
        if best_degree == 0 {
            return None;
        }
        Some((best, best_degree, self.multiple[best as usize]))
    }

    #[inline]
    fn begin(&mut self, item: u32, total: u32, multiple: bool) -> Level {
        if !multiple {
            self.cover(item);
        }
        Level {
            item,
            x: self.store.down(item),
            pos: 0,
            total,
            multiple,
            mark: self.excluded.len() as u32,
        }
    }

    #[inline]
    fn apply(&mut self, level: &Level) {
        if level.multiple && level.x == level.item {
            self.retire(level.item);
            return;
        }
        if level.multiple {
            self.detach(level.x);
            self.excluded.push(level.x);
            self.consume(level.item);
        }
        self.commit_others(level.x);
    }

    #[inline]
    fn unapply(&mut self, level: &Level) {
        if level.multiple && level.x == level.item {
            self.unretire(level.item);
            return;
        }
        self.uncommit_others(level.x);
        if level.multiple {
            self.unconsume(level.item);
        }
    }

    #[inline]
    fn advance(&mut self, level: &mut Level, replay: bool) {
        let x = level.x;
        level.x = self.store.down(x);
        level.pos += 1;
        if replay && level.multiple {
            // Trying x and coming back would have detached it (X5 of Algorithm M).
            self.detach(x);
            self.excluded.push(x);
        }
    }

    #[inline]
    fn end(&mut self, level: &Level) {
        if level.multiple {
            while self.excluded.len() > level.mark as usize {
                let p = self.excluded.pop().expect("an excluded option");
                self.reattach(p);
            }
        } else {
            self.uncover(level.item);
        }
    }

    fn updates(&self) -> u64 {
        self.updates
    }

    fn option_first(&self) -> &[u32] {
        &self.option_first
    }
}
