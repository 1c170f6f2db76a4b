//! Knuth's DLX1 node table (TAOCP 7.2.2.1, and `dlx1.w`, "Data structures"): one flat
//! `Vec` of nodes with `u32` links. Entries `1..=N` are the item headers (their `top`
//! holds `len`), then the options follow each other, separated by spacers whose `top` is
//! `<= 0`, so walking an option is `p+1, p+2, ...` until a spacer, and a node needs only
//! vertical links. Primary items still to be covered form a ring through header 0
//! (`llink`/`rlink`); secondary items are linked to themselves.
//!
//! After every `cover(i)`/`uncover(i)` pair, and every `hide(p)`/`unhide(p)` pair done in
//! reverse order, all links are exactly as before: that is what makes the search
//! backtrack without copying anything. `sanity()` (in `check.rs`) checks it.
//!
//! Items with multiplicities (Algorithm M) keep a `used` count; they are covered (their
//! options hidden) and leave the ring only when they reach their maximum. Between their
//! minimum and maximum they stay in the ring, and the search may branch on them with the
//! extra choice "no further option" (see `search.rs`).

use super::{Bounds, Problem};

/// One entry of the node table. For a header, `top` is the item's `len`; for an option
/// node, the header it belongs to; for a spacer, `-k` where `k` options precede it.
/// (Used to build the table; the table itself keeps links and tops apart, below.)
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Node {
    pub up: u32,
    pub down: u32,
    pub top: i32,
}

/// The vertical links of one node: 8 bytes, so an index scales for free in an address.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Link {
    pub up: u32,
    pub down: u32,
}

/// The node table and the item headers of one problem.
#[derive(Clone, Debug)]
pub struct Dlx {
    /// `links[p]` and `top[p]` of node `p`; both have the same power-of-two length, so the
    /// hot loops index them with `& mask`, which the compiler proves in bounds (the padding
    /// entries are never linked).
    pub links: Vec<Link>,
    pub top: Vec<i32>,
    /// Horizontal links of the headers, `0` being the root of the primary ring.
    pub llink: Vec<u32>,
    pub rlink: Vec<u32>,
    /// Per header: the item's bounds and how often it has been used so far (only for
    /// items with multiplicities; unit items are simply covered).
    pub bounds: Vec<Bounds>,
    pub used: Vec<u32>,
    pub multiple: Vec<bool>,
    pub has_multiple: bool,
    /// Node index of the first node of each option.
    pub option_first: Vec<u32>,
    /// Number of items (headers are `1..=items`).
    pub items: u32,
    /// Updates so far: each option hidden from the lists and each item unlinked counts one.
    pub updates: u64,
}

/// Tables of at most this many nodes are padded to exactly this length, so that the hot
/// loops can index them with a `u16`, which the compiler knows is in bounds; larger tables
/// get a power-of-two length and are indexed with `& mask`. Either way the loops carry no
/// bounds checks (measured: 4.8 G instructions against 6.9 G with them on pent_8x8_hole).
const SMALL: usize = 1 << 16;

/// The body of `hide`: `ix` turns a node number into an index known to be in bounds.
/// Walks right from `p` to the spacer, then from the option's first node back to `p`,
/// so neither loop tests for spacers on the way.
macro_rules! hide_loop {
    ($links:expr, $top:expr, $p:expr, $ix:expr) => {{
        let (links, top, p, ix) = ($links, $top, $p, $ix);
        let mut q = p + 1;
        loop {
            let x = top[ix(q)];
            if x <= 0 {
                break;
            }
            let Link { up, down } = links[ix(q)];
            links[ix(up)].down = down;
            links[ix(down)].up = up;
            top[ix(x as u32)] -= 1;
            q += 1;
        }
        q = links[ix(q)].up;
        while q != p {
            let x = top[ix(q)];
            let Link { up, down } = links[ix(q)];
            links[ix(up)].down = down;
            links[ix(down)].up = up;
            top[ix(x as u32)] -= 1;
            q += 1;
        }
    }};
}

/// The body of `unhide`, the exact reverse of `hide_loop`.
macro_rules! unhide_loop {
    ($links:expr, $top:expr, $p:expr, $ix:expr) => {{
        let (links, top, p, ix) = ($links, $top, $p, $ix);
        let mut q = p - 1;
        loop {
            let x = top[ix(q)];
            if x <= 0 {
                break;
            }
            let Link { up, down } = links[ix(q)];
            links[ix(up)].down = q;
            links[ix(down)].up = q;
            top[ix(x as u32)] += 1;
            q -= 1;
        }
        q = links[ix(q)].down;
        while q != p {
            let x = top[ix(q)];
            let Link { up, down } = links[ix(q)];
            links[ix(up)].down = q;
            links[ix(down)].up = q;
            top[ix(x as u32)] += 1;
            q -= 1;
        }
    }};
}

impl Dlx {
    /// Lays out `problem`; primary items join the ring in the order they were added.
    pub fn new(problem: &Problem) -> Dlx {
        let n = problem.item_count();
        let total = problem.node_estimate() as usize;
        let mut nodes = Vec::with_capacity(total);
        let mut llink = vec![0u32; n + 1];
        let mut rlink = vec![0u32; n + 1];
        let mut bounds = vec![Bounds::PRIMARY; n + 1];
        let mut multiple = vec![false; n + 1];
        nodes.push(Node::default());
        let mut last = 0u32;
        for item in problem.items() {
            let h = item.0 + 1;
            let b = problem.bounds(item);
            bounds[h as usize] = b;
            multiple[h as usize] = b.is_multiple();
            nodes.push(Node {
                up: h,
                down: h,
                top: 0,
            });
            if b.is_primary() {
                llink[h as usize] = last;
                rlink[last as usize] = h;
                last = h;
            } else {
                llink[h as usize] = h;
                rlink[h as usize] = h;
            }
        }
        rlink[last as usize] = 0;
        llink[0] = last;
        // The first spacer.
        let mut spacer = nodes.len();
        nodes.push(Node {
            up: 0,
            down: 0,
            top: 0,
        });
        let mut option_first = Vec::with_capacity(problem.option_count());
        for (k, option) in problem.options().enumerate() {
            option_first.push(nodes.len() as u32);
            for &item in problem.option(option) {
                let h = item.0 + 1;
                let p = nodes.len() as u32;
                let up = nodes[h as usize].up;
                nodes.push(Node {
                    up,
                    down: h,
                    top: h as i32,
                });
                nodes[up as usize].down = p;
                nodes[h as usize].up = p;
                nodes[h as usize].top += 1;
            }
            let last_node = nodes.len() as u32 - 1;
            nodes[spacer].down = last_node;
            spacer = nodes.len();
            nodes.push(Node {
                up: spacer as u32 - problem.option(option).len() as u32,
                down: 0,
                top: -(k as i32 + 1),
            });
        }
        nodes.resize(nodes.len().next_power_of_two().max(SMALL), Node::default());
        Dlx {
            links: nodes
                .iter()
                .map(|n| Link {
                    up: n.up,
                    down: n.down,
                })
                .collect(),
            top: nodes.iter().map(|n| n.top).collect(),
            llink,
            rlink,
            used: vec![0; n + 1],
            has_multiple: multiple.iter().any(|&m| m),
            multiple,
            bounds,
            option_first,
            items: n as u32,
            updates: 0,
        }
    }

    /// The number of options in item `i`'s list now.
    #[inline]
    pub fn len(&self, i: u32) -> u32 {
        self.top[i as usize] as u32
    }

    /// How many more times item `i` must still be used (for items with multiplicities).
    #[inline]
    pub fn need(&self, i: u32) -> u32 {
        self.bounds[i as usize]
            .min
            .saturating_sub(self.used[i as usize])
    }

    /// The option that node `p` belongs to (walks right to the spacer).
    pub fn option_of(&self, mut p: u32) -> u32 {
        while self.top[p as usize] > 0 {
            p += 1;
        }
        (-self.top[p as usize] - 1) as u32
    }

    /// Removes every other node of `p`'s option from its item list.
    #[inline]
    pub fn hide(&mut self, p: u32) {
        match (
            <&mut [Link; SMALL]>::try_from(&mut self.links[..]),
            <&mut [i32; SMALL]>::try_from(&mut self.top[..]),
        ) {
            (Ok(links), Ok(top)) => hide_loop!(links, top, p, |q: u32| q as u16 as usize),
            _ => {
                let mask = self.links.len() - 1;
                let (links, top) = (&mut self.links[..], &mut self.top[..mask + 1]);
                hide_loop!(links, top, p, |q: u32| q as usize & mask)
            }
        }
    }

    /// Undoes `hide(p)`.
    #[inline]
    pub fn unhide(&mut self, p: u32) {
        match (
            <&mut [Link; SMALL]>::try_from(&mut self.links[..]),
            <&mut [i32; SMALL]>::try_from(&mut self.top[..]),
        ) {
            (Ok(links), Ok(top)) => unhide_loop!(links, top, p, |q: u32| q as u16 as usize),
            _ => {
                let mask = self.links.len() - 1;
                let (links, top) = (&mut self.links[..], &mut self.top[..mask + 1]);
                unhide_loop!(links, top, p, |q: u32| q as usize & mask)
            }
        }
    }

    /// Hides every option of item `i` (other than through `i` itself).
    #[inline]
    pub fn hide_options(&mut self, i: u32) {
        let mask = self.links.len() - 1;
        self.updates += self.len(i) as u64;
        let mut p = self.links[i as usize & mask].down;
        while p != i {
            self.hide(p);
            p = self.links[p as usize & mask].down;
        }
    }

    /// Undoes `hide_options(i)`.
    #[inline]
    pub fn unhide_options(&mut self, i: u32) {
        let mask = self.links.len() - 1;
        let mut p = self.links[i as usize & mask].up;
        while p != i {
            self.unhide(p);
            p = self.links[p as usize & mask].up;
        }
    }

    #[inline]
    fn unlink_item(&mut self, i: u32) {
        let (l, r) = (self.llink[i as usize], self.rlink[i as usize]);
        self.rlink[l as usize] = r;
        self.llink[r as usize] = l;
        self.updates += 1;
    }

    #[inline]
    fn relink_item(&mut self, i: u32) {
        let (l, r) = (self.llink[i as usize], self.rlink[i as usize]);
        self.rlink[l as usize] = i;
        self.llink[r as usize] = i;
    }

    /// Knuth's `cover(i)`: hides all options of `i` and takes `i` out of the ring.
    #[inline]
    pub fn cover(&mut self, i: u32) {
        self.hide_options(i);
        self.unlink_item(i);
    }

    /// Knuth's `uncover(i)`.
    #[inline]
    pub fn uncover(&mut self, i: u32) {
        self.relink_item(i);
        self.unhide_options(i);
    }

    /// One more use of item `i` with multiplicities: when its maximum is reached, its
    /// options are hidden and (if primary) it leaves the ring.
    #[inline]
    pub fn consume(&mut self, i: u32) {
        let k = i as usize;
        self.used[k] += 1;
        let b = self.bounds[k];
        if self.used[k] == b.max {
            self.hide_options(i);
            if b.is_primary() {
                self.unlink_item(i);
            }
        }
    }

    /// Undoes `consume(i)`.
    #[inline]
    pub fn unconsume(&mut self, i: u32) {
        let k = i as usize;
        let b = self.bounds[k];
        if self.used[k] == b.max {
            if b.is_primary() {
                self.relink_item(i);
            }
            self.unhide_options(i);
        }
        self.used[k] -= 1;
    }

    /// Takes primary item `i` out of the ring without touching its options (the choice
    /// "no further option" for an item that has reached its minimum).
    #[inline]
    pub fn retire(&mut self, i: u32) {
        self.unlink_item(i);
    }

    /// Undoes `retire(i)`.
    #[inline]
    pub fn unretire(&mut self, i: u32) {
        self.relink_item(i);
    }

    /// Takes the whole option of node `p` out of every list, `p`'s own included.
    pub fn detach(&mut self, p: u32) {
        self.updates += 1;
        self.hide(p);
        let Link { up, down } = self.links[p as usize];
        self.links[up as usize].down = down;
        self.links[down as usize].up = up;
        let item = self.top[p as usize] as usize;
        self.top[item] -= 1;
    }

    /// Undoes `detach(p)`.
    pub fn reattach(&mut self, p: u32) {
        let Link { up, down } = self.links[p as usize];
        self.links[up as usize].down = p;
        self.links[down as usize].up = p;
        let item = self.top[p as usize] as usize;
        self.top[item] += 1;
        self.unhide(p);
    }

    /// Covers the items of `p`'s option other than `p`'s own (X5 of Algorithm X).
    #[inline]
    pub fn commit_others(&mut self, p: u32) {
        let mask = self.links.len() - 1;
        let mut q = p + 1;
        while q != p {
            let top = self.top[q as usize & mask];
            if top <= 0 {
                q = self.links[q as usize & mask].up;
                continue;
            }
            if self.has_multiple && self.multiple[top as usize] {
                self.consume(top as u32);
            } else {
                self.cover(top as u32);
            }
            q += 1;
        }
    }

    /// Undoes `commit_others(p)`, in reverse order.
    #[inline]
    pub fn uncommit_others(&mut self, p: u32) {
        let mask = self.links.len() - 1;
        let mut q = p - 1;
        while q != p {
            let top = self.top[q as usize & mask];
            if top <= 0 {
                q = self.links[q as usize & mask].down;
                continue;
            }
            if self.has_multiple && self.multiple[top as usize] {
                self.unconsume(top as u32);
            } else {
                self.uncover(top as u32);
            }
            q -= 1;
        }
    }
}
