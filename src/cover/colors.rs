//! Colours on the node table: Knuth's Algorithm C (TAOCP 7.2.2.1, "Color controls", and
//! `dlx2.w`). Choosing an option that gives secondary item `j` the colour `c` purifies
//! `j`: every other option that names `j` without `c` is hidden, and every node of `j`
//! with colour `c` is marked known (colour -1), so that later choices of such options
//! commit nothing more for `j`. `hide` leaves known nodes in their lists (their item is
//! done with; unpurify needs them there to give them their colour back).
//!
//! These loops run only for problems with colours (`Dlx::has_colors`); a colourless
//! problem keeps the tighter loops of [`super::store::Store`], inlined into its search
//! as before (hence `inline(never)` here: the colour paths must not crowd them out).
//! Each option hidden counts one update, as in the colourless engine.

use super::dlx::Dlx;

impl Dlx {
    /// The colour of node `q` (0 for none, -1 when known).
    #[inline]
    fn color_of(&self, q: u32) -> i32 {
        self.color[q as usize]
    }

    /// `hide(p)` with colours: unlinks every other node of `p`'s option that is not
    /// known.
    #[inline(never)]
    pub(crate) fn hide_colored(&mut self, p: u32) {
        let mut q = p + 1;
        while q != p {
            if self.store.top(q) == 0 {
                q = self.store.up(q);
                continue;
            }
            if self.color_of(q) >= 0 {
                self.store.unlink(q);
            }
            q += 1;
        }
    }

    /// Undoes `hide_colored(p)`, in reverse order.
    #[inline(never)]
    pub(crate) fn unhide_colored(&mut self, p: u32) {
        let mut q = p - 1;
        while q != p {
            if self.store.top(q) == 0 {
                q = self.store.down(q);
                continue;
            }
            if self.color_of(q) >= 0 {
                self.store.relink(q);
            }
            q -= 1;
        }
    }

    /// `hide_colored` for every option in item `i`'s list.
    #[inline(never)]
    pub(crate) fn hide_column_colored(&mut self, i: u32) {
        let mut p = self.store.down(i);
        while p != i {
            self.hide_colored(p);
            p = self.store.down(p);
        }
    }

    /// Undoes `hide_column_colored(i)`.
    #[inline(never)]
    pub(crate) fn unhide_column_colored(&mut self, i: u32) {
        let mut p = self.store.up(i);
        while p != i {
            self.unhide_colored(p);
            p = self.store.up(p);
        }
    }

    /// Knuth's `purify(p)`: node `p` gives its item `i` the colour `c`; every option of
    /// `i` with another colour (or none) is hidden, every other node of colour `c` known.
    pub(crate) fn purify(&mut self, p: u32) {
        let c = self.color_of(p);
        let i = self.store.top(p);
        let mut q = self.store.down(i);
        while q != i {
            if self.color_of(q) == c {
                if q != p {
                    self.color[q as usize] = -1;
                }
            } else {
                self.hide_colored(q);
                self.updates += 1;
            }
            q = self.store.down(q);
        }
    }

    /// Undoes `purify(p)`, in reverse order.
    pub(crate) fn unpurify(&mut self, p: u32) {
        let c = self.color_of(p);
        let i = self.store.top(p);
        let mut q = self.store.up(i);
        while q != i {
            if self.color_of(q) < 0 {
                self.color[q as usize] = c;
            } else if q != p {
                self.unhide_colored(q);
            }
            q = self.store.up(q);
        }
    }

    /// Knuth's `commit(p, j)` for node `q` of item `top`, not one with multiplicities:
    /// covers an item named without a colour, purifies one given a colour, and does
    /// nothing for one an earlier choice purified with the same colour.
    #[inline(never)]
    pub(crate) fn commit_colored(&mut self, q: u32, top: u32) {
        match self.color_of(q) {
            0 => self.cover(top),
            c if c > 0 => self.purify(q),
            _ => {}
        }
    }

    /// Undoes `commit_colored(q, top)`.
    #[inline(never)]
    pub(crate) fn uncommit_colored(&mut self, q: u32, top: u32) {
        match self.color_of(q) {
            0 => self.uncover(top),
            c if c > 0 => self.unpurify(q),
            _ => {}
        }
    }
}
