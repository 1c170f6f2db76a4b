//! Where the node table's links live. Two layouts with one interface: tables of at most
//! 65,536 entries keep `u16` links and tops in arrays of exactly that length, so an index
//! is a `u16` that the compiler knows is in bounds and every value loads already
//! widened; larger tables keep `u32` links in a power-of-two `Vec` indexed with `& mask`.
//! Either way the hot loops (`hide`, `unhide`; TAOCP 7.2.2.1, "hide(p)") carry no bounds
//! checks and no `unsafe`. `top` is the item of an option node, the `len` of a header,
//! and 0 for a spacer.
//!
//! Measured with callgrind on `pent_8x8_hole.dlx`: 6.86 G instructions with bounds
//! checks, 3.27 G with `u32` links and `u16` indices, 3.16 G with this narrow layout
//! (Knuth-style C, `refdlx.c`, takes 3.19 G); the narrow layout's smaller footprint also
//! makes it about 10% faster in time than the C on `pent_6x10.dlx` (BENCHMARKS.md).

/// Tables up to this many entries use the narrow layout.
pub const SMALL: usize = 1 << 16;

/// Vertical links of a node, narrow.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Link16 {
    pub up: u16,
    pub down: u16,
}

/// Vertical links of a node, wide.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Link32 {
    pub up: u32,
    pub down: u32,
}

/// The links and tops of every node.
#[derive(Clone, Debug)]
pub enum Store {
    Narrow {
        links: Box<[Link16; SMALL]>,
        top: Box<[u16; SMALL]>,
    },
    Wide {
        links: Vec<Link32>,
        top: Vec<u32>,
    },
}

impl Store {
    /// A store of `(up, down, top)` per node.
    pub fn new(nodes: &[(u32, u32, u32)]) -> Store {
        if nodes.len() <= SMALL {
            let mut links = vec![Link16::default(); SMALL];
            let mut top = vec![0u16; SMALL];
            for (k, &(u, d, t)) in nodes.iter().enumerate() {
                links[k] = Link16 {
                    up: u as u16,
                    down: d as u16,
                };
                top[k] = t as u16;
            }
            Store::Narrow {
                links: links.into_boxed_slice().try_into().expect("SMALL entries"),
                top: top.into_boxed_slice().try_into().expect("SMALL entries"),
            }
        } else {
            let size = nodes.len().next_power_of_two();
            let mut links = vec![Link32::default(); size];
            let mut top = vec![0u32; size];
            for (k, &(up, down, t)) in nodes.iter().enumerate() {
                links[k] = Link32 { up, down };
                top[k] = t;
            }
            Store::Wide { links, top }
        }
    }

    /// How many entries the store holds (padding included).
    pub fn capacity(&self) -> usize {
        match self {
            Store::Narrow { .. } => SMALL,
            Store::Wide { links, .. } => links.len(),
        }
    }

    #[inline]
    pub fn up(&self, p: u32) -> u32 {
        match self {
            Store::Narrow { links, .. } => links[p as u16 as usize].up as u32,
            Store::Wide { links, .. } => links[p as usize & (links.len() - 1)].up,
        }
    }

    #[inline]
    pub fn down(&self, p: u32) -> u32 {
        match self {
            Store::Narrow { links, .. } => links[p as u16 as usize].down as u32,
            Store::Wide { links, .. } => links[p as usize & (links.len() - 1)].down,
        }
    }

    #[inline]
    pub fn top(&self, p: u32) -> u32 {
        match self {
            Store::Narrow { top, .. } => top[p as u16 as usize] as u32,
            Store::Wide { top, .. } => top[p as usize & (top.len() - 1)],
        }
    }

    /// Takes node `p` out of its item's list (its own links stay, to put it back).
    #[inline]
    pub fn unlink(&mut self, p: u32) {
        match self {
            Store::Narrow { links, top } => {
                let Link16 { up, down } = links[p as u16 as usize];
                links[up as usize].down = down;
                links[down as usize].up = up;
                let item = top[p as u16 as usize] as usize;
                top[item] -= 1;
            }
            Store::Wide { links, top } => {
                let mask = links.len() - 1;
                let Link32 { up, down } = links[p as usize & mask];
                links[up as usize & mask].down = down;
                links[down as usize & mask].up = up;
                let top = &mut top[..mask + 1];
                let item = top[p as usize & mask] as usize;
                top[item & mask] -= 1;
            }
        }
    }

    /// Puts node `p` back where `unlink(p)` took it from.
    #[inline]
    pub fn relink(&mut self, p: u32) {
        match self {
            Store::Narrow { links, top } => {
                let Link16 { up, down } = links[p as u16 as usize];
                links[up as usize].down = p as u16;
                links[down as usize].up = p as u16;
                let item = top[p as u16 as usize] as usize;
                top[item] += 1;
            }
            Store::Wide { links, top } => {
                let mask = links.len() - 1;
                let Link32 { up, down } = links[p as usize & mask];
                links[up as usize & mask].down = p;
                links[down as usize & mask].up = p;
                let top = &mut top[..mask + 1];
                let item = top[p as usize & mask] as usize;
                top[item & mask] += 1;
            }
        }
    }

    /// Knuth's `hide(p)`: unlinks every other node of `p`'s option. Walks right to the
    /// spacer, then from the option's first node back to `p`, so neither loop tests for
    /// spacers on the way.
    #[inline(always)]
    pub fn hide(&mut self, p: u32) {
        match self {
            Store::Narrow { links, top } => {
                let mut q = p as u16 + 1;
                loop {
                    let x = top[q as usize];
                    if x == 0 {
                        break;
                    }
                    let Link16 { up, down } = links[q as usize];
                    links[up as usize].down = down;
                    links[down as usize].up = up;
                    top[x as usize] -= 1;
                    q += 1;
                }
                q = links[q as usize].up;
                while q != p as u16 {
                    let x = top[q as usize];
                    let Link16 { up, down } = links[q as usize];
                    links[up as usize].down = down;
                    links[down as usize].up = up;
                    top[x as usize] -= 1;
                    q += 1;
                }
            }
            Store::Wide { links, top } => {
                let mask = links.len() - 1;
                let top = &mut top[..mask + 1];
                let mut q = p + 1;
                loop {
                    let x = top[q as usize & mask];
                    if x == 0 {
                        break;
                    }
                    let Link32 { up, down } = links[q as usize & mask];
                    links[up as usize & mask].down = down;
                    links[down as usize & mask].up = up;
                    top[x as usize & mask] -= 1;
                    q += 1;
                }
                q = links[q as usize & mask].up;
                while q != p {
                    let x = top[q as usize & mask];
                    let Link32 { up, down } = links[q as usize & mask];
                    links[up as usize & mask].down = down;
                    links[down as usize & mask].up = up;
                    top[x as usize & mask] -= 1;
                    q += 1;
                }
            }
        }
    }

    /// Undoes `hide(p)`, in exactly the reverse order.
    #[inline(always)]
    pub fn unhide(&mut self, p: u32) {
        match self {
            Store::Narrow { links, top } => {
                let mut q = p as u16 - 1;
                loop {
                    let x = top[q as usize];
                    if x == 0 {
                        break;
                    }
                    let Link16 { up, down } = links[q as usize];
                    links[up as usize].down = q;
                    links[down as usize].up = q;
                    top[x as usize] += 1;
                    q -= 1;
                }
                q = links[q as usize].down;
                while q != p as u16 {
                    let x = top[q as usize];
                    let Link16 { up, down } = links[q as usize];
                    links[up as usize].down = q;
                    links[down as usize].up = q;
                    top[x as usize] += 1;
                    q -= 1;
                }
            }
            Store::Wide { links, top } => {
                let mask = links.len() - 1;
                let top = &mut top[..mask + 1];
                let mut q = p - 1;
                loop {
                    let x = top[q as usize & mask];
                    if x == 0 {
                        break;
                    }
                    let Link32 { up, down } = links[q as usize & mask];
                    links[up as usize & mask].down = q;
                    links[down as usize & mask].up = q;
                    top[x as usize & mask] += 1;
                    q -= 1;
                }
                q = links[q as usize & mask].down;
                while q != p {
                    let x = top[q as usize & mask];
                    let Link32 { up, down } = links[q as usize & mask];
                    links[up as usize & mask].down = q;
                    links[down as usize & mask].up = q;
                    top[x as usize & mask] += 1;
                    q -= 1;
                }
            }
        }
    }

    /// `hide` for every option in item `i`'s list (Knuth's `cover` without the ring).
    #[inline(always)]
    pub fn hide_column(&mut self, i: u32) {
        let mut p = self.down(i);
        while p != i {
            self.hide(p);
            p = self.down(p);
        }
    }

    /// Undoes `hide_column(i)`.
    #[inline(always)]
    pub fn unhide_column(&mut self, i: u32) {
        let mut p = self.up(i);
        while p != i {
            self.unhide(p);
            p = self.up(p);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::cover::{check, knuth, Problem, Search};

    /// pent_3x20 (8 solutions, 32,978 nodes in dlx1), padded with options that touch only a
    /// secondary item, so that its table needs the wide layout; the search must not change.
    #[test]
    fn the_wide_layout_searches_like_the_narrow_one() {
        let path = "tests/data/instances/pent_3x20.dlx";
        let text = include_str!("../../tests/data/instances/pent_3x20.dlx");
        let narrow = knuth::read(path, text).unwrap();
        let mut wide = knuth::read(path, text).unwrap();
        let pad = wide.add_secondary("pad");
        while wide.node_estimate() <= super::SMALL as u64 {
            wide.add_option(&[pad]).unwrap();
        }
        for (problem, layout) in [(&narrow, "narrow"), (&wide, "wide")] {
            let mut search = Search::new(problem);
            assert_eq!(search.count(), 8, "{layout}");
            assert_eq!(search.stats().nodes, 32_978, "{layout}");
            check::sanity(search.dlx()).unwrap();
            for solution in search.solutions(usize::MAX) {
                check::verify(problem, &solution).unwrap();
            }
        }
        assert!(matches!(
            Search::new(&wide).dlx().store,
            super::Store::Wide { .. }
        ));
        assert!(matches!(
            Search::new(&narrow).dlx().store,
            super::Store::Narrow { .. }
        ));
    }

    #[test]
    fn a_large_table_counts_exactly() {
        // 30,000 options {a, b}: choosing any one covers both; 30,000 solutions.
        let mut p = Problem::new();
        let (a, b) = (p.add_primary("a"), p.add_primary("b"));
        for _ in 0..30_000 {
            p.add_option(&[a, b]).unwrap();
        }
        let mut s = Search::new(&p);
        assert!(matches!(s.dlx().store, super::Store::Wide { .. }));
        assert_eq!(s.count(), 30_000);
        check::sanity(s.dlx()).unwrap();
    }

    #[test]
    fn multiplicities_detach_and_reattach_in_the_wide_layout() {
        // m must be covered twice by three options {m}: 3 ways. The padding options touch
        // only a secondary item and make the table wide.
        let mut p = Problem::new();
        let m = p.add_item("m", 2, 2).unwrap();
        let pad = p.add_secondary("pad");
        for _ in 0..3 {
            p.add_option(&[m]).unwrap();
        }
        while p.node_estimate() <= super::SMALL as u64 {
            p.add_option(&[pad]).unwrap();
        }
        let mut s = Search::new(&p);
        assert!(matches!(s.dlx().store, super::Store::Wide { .. }));
        assert_eq!(s.count(), 3);
        check::sanity(s.dlx()).unwrap();
    }
}
