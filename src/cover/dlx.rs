//! Knuth's DLX1 node table (TAOCP 7.2.2.1, and `dlx1.w`, "Data structures"): one flat
//! table of nodes with integer links (kept by [`Store`]). Entries `1..=N` are the item
//! headers (their `top` holds `len`), then the options follow each other, separated by
//! spacers whose `top` is 0, so walking an option is `p+1, p+2, ...` until a spacer, and
//! a node needs only vertical links. Primary items still to be covered form a ring through header 0
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
//!
//! Colours (Algorithm C, see `colors.rs`) live in a per-node `color` table, built only
//! for problems that have them. A problem without colours and multiplicities commits its
//! options in a loop of its own (`plain`), so colours cost it one test per option
//! committed and one per level; the hide loops are forced inline so that this split
//! leaves their code as tight as without colours.

use super::problem::{Bounds, Problem};
use super::store::Store;

/// One entry of the node table while it is built. For a header, `top` is the item's
/// `len`; for an option node, the header it belongs to; for a spacer, 0.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Node {
    pub up: u32,
    pub down: u32,
    pub top: i32,
}

/// The node table and the item headers of one problem.
#[derive(Clone, Debug)]
pub struct Dlx {
    /// The links and tops of every node.
    pub store: Store,
    /// Horizontal links of the headers, `0` being the root of the primary ring.
    pub llink: Vec<u32>,
    pub rlink: Vec<u32>,
    /// Per header: the item's bounds and how often it has been used so far (only for
    /// items with multiplicities; unit items are simply covered).
    pub bounds: Vec<Bounds>,
    pub used: Vec<u32>,
    /// Per header: true for items whose uses are counted (`Problem::is_counted`).
    pub multiple: Vec<bool>,
    /// Per header: true for primary items (they live in the ring through header 0).
    pub primary: Vec<bool>,
    pub has_multiple: bool,
    /// Node index of the first node of each option.
    pub option_first: Vec<u32>,
    /// Number of items (headers are `1..=items`).
    pub items: u32,
    /// Updates so far: each option hidden from the lists and each item unlinked counts one.
    pub updates: u64,
    /// Per node, its colour: 0 for none, a code from 1, or -1 once its item has been
    /// purified with that colour (Knuth's `color` field). Empty without colours.
    pub color: Vec<i32>,
    /// True if some option gives an item a colour.
    pub has_colors: bool,
    /// True for problems without multiplicities and colours: every item committed is
    /// simply covered.
    pub plain: bool,
    /// Options detached while branching on items with multiplicities, to reattach when
    /// their level ends (a stack; each level remembers its height in `Level::mark`).
    pub excluded: Vec<u32>,
}

impl Dlx {
    /// Lays out `problem`; primary items join the ring in the order they were added.
    pub fn new(problem: &Problem) -> Dlx {
        let n = problem.item_count();
        let mut headers = Headers::new(problem);
        let (option_first, color) = option_nodes(problem, &mut headers.nodes);
        let table: Vec<(u32, u32, u32)> = (headers.nodes.iter())
            .map(|n| (n.up, n.down, n.top as u32))
            .collect();
        let has_multiple = headers.multiple.iter().any(|&m| m);
        let has_colors = problem.has_colors();
        Dlx {
            store: Store::new(&table),
            llink: headers.llink,
            rlink: headers.rlink,
            used: vec![0; n + 1],
            has_multiple,
            multiple: headers.multiple,
            primary: headers.primary,
            color,
            has_colors,
            plain: !has_multiple && !has_colors,
            bounds: headers.bounds,
            option_first,
            items: n as u32,
            updates: 0,
            excluded: Vec::with_capacity(problem.option_count()),
        }
    }

    /// The number of options in item `i`'s list now.
    #[inline]
    pub fn len(&self, i: u32) -> u32 {
        self.store.top(i)
    }

    /// How many more times item `i` must still be used (for items with multiplicities).
    #[inline]
    pub fn need(&self, i: u32) -> u32 {
        self.bounds[i as usize]
            .min
            .saturating_sub(self.used[i as usize])
    }

    /// The option that node `p` belongs to.
    pub fn option_of(&self, p: u32) -> u32 {
        option_of(&self.option_first, p)
    }

    /// Knuth's `hide(p)`: removes every other node of `p`'s option from its item list.
    #[inline]
    pub fn hide(&mut self, p: u32) {
        if self.has_colors {
            self.hide_colored(p);
        } else {
            self.store.hide(p);
        }
    }

    /// Undoes `hide(p)`.
    #[inline]
    pub fn unhide(&mut self, p: u32) {
        if self.has_colors {
            self.unhide_colored(p);
        } else {
            self.store.unhide(p);
        }
    }

    /// Hides every option of item `i` (other than through `i` itself).
    #[inline(always)]
    pub fn hide_options(&mut self, i: u32) {
        self.updates += self.len(i) as u64;
        if self.has_colors {
            self.hide_column_colored(i);
        } else {
            self.store.hide_column(i);
        }
    }

    /// Undoes `hide_options(i)`.
    #[inline(always)]
    pub fn unhide_options(&mut self, i: u32) {
        if self.has_colors {
            self.unhide_column_colored(i);
        } else {
            self.store.unhide_column(i);
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
    #[inline(always)]
    pub fn cover(&mut self, i: u32) {
        self.hide_options(i);
        self.unlink_item(i);
    }

    /// Knuth's `uncover(i)`.
    #[inline(always)]
    pub fn uncover(&mut self, i: u32) {
        self.relink_item(i);
        self.unhide_options(i);
    }

    /// `cover(i)` in a problem without colours.
    #[inline(always)]
    fn cover_plain(&mut self, i: u32) {
        self.updates += self.len(i) as u64;
        self.store.hide_column(i);
        self.unlink_item(i);
    }

    /// Undoes `cover_plain(i)`.
    #[inline(always)]
    fn uncover_plain(&mut self, i: u32) {
        self.relink_item(i);
        self.store.unhide_column(i);
    }

    /// One more use of item `i` with multiplicities: when its maximum is reached, its
    /// options are hidden and (if primary) it leaves the ring.
    #[inline]
    pub fn consume(&mut self, i: u32) {
        let k = i as usize;
        self.used[k] += 1;
        if self.used[k] == self.bounds[k].max {
            self.hide_options(i);
            if self.primary[k] {
                self.unlink_item(i);
            }
        }
    }

    /// Undoes `consume(i)`.
    #[inline]
    pub fn unconsume(&mut self, i: u32) {
        let k = i as usize;
        if self.used[k] == self.bounds[k].max {
            if self.primary[k] {
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
        self.store.unlink(p);
    }

    /// Undoes `detach(p)`.
    pub fn reattach(&mut self, p: u32) {
        self.store.relink(p);
        self.unhide(p);
    }

    /// Covers the items of `p`'s option other than `p`'s own (X5 of Algorithm X; C5 of
    /// Algorithm C, where a coloured item is purified instead).
    #[inline]
    pub fn commit_others(&mut self, p: u32) {
        if self.plain {
            self.commit_others_plain(p);
        } else {
            self.commit_others_general(p);
        }
    }

    /// Undoes `commit_others(p)`, in reverse order.
    #[inline]
    pub fn uncommit_others(&mut self, p: u32) {
        if self.plain {
            self.uncommit_others_plain(p);
        } else {
            self.uncommit_others_general(p);
        }
    }

    /// `commit_others` without multiplicities and colours: every item is covered.
    #[inline]
    fn commit_others_plain(&mut self, p: u32) {
        let mut q = p + 1;
        while q != p {
            let top = self.store.top(q);
            if top == 0 {
                q = self.store.up(q);
                continue;
            }
            self.cover_plain(top);
            q += 1;
        }
    }

    /// Undoes `commit_others_plain(p)`, in reverse order.
    #[inline]
    fn uncommit_others_plain(&mut self, p: u32) {
        let mut q = p - 1;
        while q != p {
            let top = self.store.top(q);
            if top == 0 {
                q = self.store.down(q);
                continue;
            }
            self.uncover_plain(top);
            q -= 1;
        }
    }

    /// `commit_others` with multiplicities or colours.
    #[inline]
    fn commit_others_general(&mut self, p: u32) {
        let mut q = p + 1;
        while q != p {
            let top = self.store.top(q);
            if top == 0 {
                q = self.store.up(q);
                continue;
            }
            self.commit(q, top);
            q += 1;
        }
    }

    /// Undoes `commit_others_general(p)`, in reverse order.
    #[inline]
    fn uncommit_others_general(&mut self, p: u32) {
        let mut q = p - 1;
        while q != p {
            let top = self.store.top(q);
            if top == 0 {
                q = self.store.down(q);
                continue;
            }
            self.uncommit(q, top);
            q -= 1;
        }
    }

    /// Commits node `q` of item `top` in a problem with multiplicities or colours: one
    /// more use of an item with multiplicities, else Knuth's `commit(p, j)`.
    #[inline(always)]
    fn commit(&mut self, q: u32, top: u32) {
        if self.multiple[top as usize] {
            self.consume(top);
        } else if self.has_colors {
            self.commit_colored(q, top);
        } else {
            self.cover_plain(top);
        }
    }

    /// Undoes `commit(q, top)`.
    #[inline(always)]
    fn uncommit(&mut self, q: u32, top: u32) {
        if self.multiple[top as usize] {
            self.unconsume(top);
        } else if self.has_colors {
            self.uncommit_colored(q, top);
        } else {
            self.uncover_plain(top);
        }
    }
}

/// The option whose nodes include node `p`, given the first node of every option.
pub fn option_of(option_first: &[u32], p: u32) -> u32 {
    (option_first.partition_point(|&first| first <= p) - 1) as u32
}

/// The item headers of a DLX1 table: node 0 (the root) and one header node per item,
/// the primary items in the root's list, each secondary one a list of its own.
struct Headers {
    nodes: Vec<Node>,
    llink: Vec<u32>,
    rlink: Vec<u32>,
    bounds: Vec<Bounds>,
    multiple: Vec<bool>,
    primary: Vec<bool>,
}

impl Headers {
    fn new(problem: &Problem) -> Headers {
        let n = problem.item_count();
        let mut h = Headers {
            nodes: Vec::with_capacity(problem.node_estimate() as usize),
            llink: vec![0u32; n + 1],
            rlink: vec![0u32; n + 1],
            bounds: vec![Bounds::PRIMARY; n + 1],
            multiple: vec![false; n + 1],
            primary: vec![false; n + 1],
        };
        h.nodes.push(Node::default());
        let mut last = 0u32;
        for item in problem.items() {
            let x = item.0 + 1;
            let b = problem.bounds(item);
            h.bounds[x as usize] = b;
            h.multiple[x as usize] = problem.is_counted(item);
            h.primary[x as usize] = problem.is_primary(item);
            h.nodes.push(Node {
                up: x,
                down: x,
                top: 0,
            });
            if problem.is_primary(item) {
                h.llink[x as usize] = last;
                h.rlink[last as usize] = x;
                last = x;
            } else {
                h.llink[x as usize] = x;
                h.rlink[x as usize] = x;
            }
        }
        h.rlink[last as usize] = 0;
        h.llink[0] = last;
        h
    }
}

/// Appends every option's nodes to `nodes` (after the item headers), each option
/// followed by a spacer, as in Knuth's DLX1; returns each option's first node and, when
/// the problem has colours, every node's colour code (empty otherwise).
fn option_nodes(problem: &Problem, nodes: &mut Vec<Node>) -> (Vec<u32>, Vec<i32>) {
    // The first spacer.
    let mut spacer = nodes.len();
    nodes.push(Node {
        up: 0,
        down: 0,
        top: 0,
    });
    let mut option_first = Vec::with_capacity(problem.option_count());
    let has_colors = problem.has_colors();
    let mut color = Vec::new();
    for option in problem.options() {
        option_first.push(nodes.len() as u32);
        if has_colors {
            color.resize(nodes.len(), 0);
            let codes = problem.color_codes_of(option).expect("colours");
            color.extend(codes.iter().map(|&c| c as i32));
        }
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
            top: 0,
        });
    }
    if has_colors {
        color.resize(nodes.len(), 0);
    }
    (option_first, color)
}
