//! Symmetries of an exact-cover problem found from its matrix alone: permutations of
//! the items that map every option onto an option (and primary items, bounds, onto
//! their like). A count uses them to search one option of each orbit of an item that
//! they all fix ([`super::tally`]).
//!
//! The search is the individualisation–refinement of graph-automorphism programs
//! (nauty, bliss, saucy), on the bipartite graph of items and options: colour refinement
//! until the colours of both sides are stable; along a base path that gives the first
//! item of the first non-singleton cell a colour of its own at each level, try every
//! other item of that cell in its place, refining both partitions with one shared
//! relabelling, and extend to a discrete partition by trying the items of each further
//! cell in turn. Every candidate is checked option by option, so a permutation is only
//! kept if it is a symmetry; the search stops at a budget of work, and the symmetries
//! found by then generate a subgroup, which is all a count needs.

use std::collections::{BTreeMap, HashMap};

use super::problem::{ItemId, Problem};

/// A symmetry of a problem: where each item and each option goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Automorphism {
    /// The image of every item.
    pub items: Vec<u32>,
    /// The image of every option.
    pub options: Vec<u32>,
}

/// Symmetries that generate a subgroup of the problem's automorphism group (the whole
/// group unless the budget of `work` steps, about one per incidence refined, runs out).
/// None for problems with colours.
pub(crate) fn generators(problem: &Problem, work: u64) -> Vec<Automorphism> {
    if problem.has_colors() || problem.item_count() == 0 {
        return Vec::new();
    }
    let graph = Graph::new(problem);
    let mut search = Finder {
        graph: &graph,
        budget: work,
        found: Vec::new(),
    };
    let base = graph.refined(graph.initial(), &mut search.budget);
    search.base_path(base);
    search.found
}

/// The bipartite graph of items and options.
struct Graph {
    /// Items of each option.
    option_items: Vec<Vec<u32>>,
    /// Options of each item.
    item_options: Vec<Vec<u32>>,
    /// Each item's initial colour: primary or not, and its bounds.
    item_kind: Vec<u32>,
    /// The options by their sorted items (duplicates listed in order).
    by_items: HashMap<Vec<u32>, Vec<u32>>,
    /// Incidences: the work of one refinement round.
    size: u64,
}

/// A colouring of items and options.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Colours {
    items: Vec<u32>,
    options: Vec<u32>,
}

impl Colours {
    /// The smallest colour shared by two items or more, with those items in order.
    fn first_cell(&self) -> Option<(u32, Vec<u32>)> {
        let mut cells: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
        for (i, &c) in self.items.iter().enumerate() {
            cells.entry(c).or_default().push(i as u32);
        }
        cells.into_iter().find(|(_, members)| members.len() > 1)
    }

    /// Gives `item` the colour `fresh`.
    fn individualised(&self, item: u32, fresh: u32) -> Colours {
        let mut c = self.clone();
        c.items[item as usize] = fresh;
        c
    }

    /// A colour no item or option has.
    fn fresh(&self) -> u32 {
        let top = |v: &[u32]| v.iter().copied().max().unwrap_or(0);
        top(&self.items).max(top(&self.options)) + 1
    }
}

impl Graph {
    fn new(problem: &Problem) -> Graph {
        let option_items: Vec<Vec<u32>> = problem
            .options()
            .map(|o| problem.option(o).iter().map(|i| i.index() as u32).collect())
            .collect();
        let mut item_options = vec![Vec::new(); problem.item_count()];
        let mut by_items: HashMap<Vec<u32>, Vec<u32>> = HashMap::new();
        for (o, items) in option_items.iter().enumerate() {
            for &i in items {
                item_options[i as usize].push(o as u32);
            }
            let mut key = items.clone();
            key.sort_unstable();
            by_items.entry(key).or_default().push(o as u32);
        }
        let mut kinds: BTreeMap<(bool, u32, u32), u32> = BTreeMap::new();
        let item_kind: Vec<(bool, u32, u32)> = problem
            .items()
            .map(|i: ItemId| {
                let b = problem.bounds(i);
                (problem.is_primary(i), b.min, b.max)
            })
            .collect();
        for &k in &item_kind {
            kinds.insert(k, 0);
        }
        for (n, v) in kinds.values_mut().enumerate() {
            *v = n as u32;
        }
        let size = option_items.iter().map(|o| o.len() as u64).sum::<u64>() * 2 + 1;
        Graph {
            item_kind: item_kind.iter().map(|k| kinds[k]).collect(),
            option_items,
            item_options,
            by_items,
            size,
        }
    }

    fn initial(&self) -> Colours {
        Colours {
            items: self.item_kind.clone(),
            options: vec![0; self.option_items.len()],
        }
    }

    /// Colour refinement of one colouring until it is stable. Spends `work`.
    fn refined(&self, c: Colours, work: &mut u64) -> Colours {
        let (a, _) = self.refined_pair(c.clone(), c, work);
        a.expect("a colouring refines like itself")
    }

    /// Colour refinement of two colourings with one relabelling, so that equal colours
    /// mean the same in both; `None` as soon as they differ in the number of items or
    /// options of some colour (no symmetry maps one onto the other). Spends `work`.
    fn refined_pair(
        &self,
        mut left: Colours,
        mut right: Colours,
        work: &mut u64,
    ) -> (Option<Colours>, Colours) {
        let mut classes = 0;
        loop {
            *work = work.saturating_sub(self.size);
            let lo = self.option_signatures(&left);
            let ro = self.option_signatures(&right);
            let li = self.item_signatures(&left);
            let ri = self.item_signatures(&right);
            let Some((lo, ro)) = relabel(lo, ro) else {
                return (None, right);
            };
            let Some((li, ri)) = relabel(li, ri) else {
                return (None, right);
            };
            // Labels are dense: the largest is one less than the number of colours.
            let top = |v: &[u32]| v.iter().max().map_or(0, |&m| m as usize + 1);
            let count = top(&li) + top(&lo);
            left = Colours {
                items: li,
                options: lo,
            };
            right = Colours {
                items: ri,
                options: ro,
            };
            if count == classes {
                return (Some(left), right);
            }
            classes = count;
        }
    }

    /// Each option's colour and a hash of the multiset of its items' colours.
    fn option_signatures(&self, c: &Colours) -> Vec<(u32, u64)> {
        (self.option_items.iter().enumerate())
            .map(|(o, items)| (c.options[o], multiset(items, &c.items)))
            .collect()
    }

    /// Each item's colour and a hash of the multiset of its options' colours.
    fn item_signatures(&self, c: &Colours) -> Vec<(u32, u64)> {
        (self.item_options.iter().enumerate())
            .map(|(i, options)| (c.items[i], multiset(options, &c.options)))
            .collect()
    }

    /// The permutation a pair of discrete item colourings makes, if it is a symmetry.
    fn symmetry(&self, left: &Colours, right: &Colours) -> Option<Automorphism> {
        let mut item_of_colour = HashMap::new();
        for (i, &c) in right.items.iter().enumerate() {
            item_of_colour.insert(c, i as u32);
        }
        let items: Vec<u32> = left.items.iter().map(|c| item_of_colour[c]).collect();
        if (0..items.len()).any(|i| self.item_kind[i] != self.item_kind[items[i] as usize]) {
            return None;
        }
        let mut options = vec![u32::MAX; self.option_items.len()];
        for (key, group) in &self.by_items {
            let mut image: Vec<u32> = key.iter().map(|&i| items[i as usize]).collect();
            image.sort_unstable();
            let targets = self.by_items.get(&image)?;
            if targets.len() != group.len() {
                return None;
            }
            for (&o, &t) in group.iter().zip(targets) {
                options[o as usize] = t;
            }
        }
        Some(Automorphism { items, options })
    }
}

/// A hash of the multiset of the colours of `members` (a sum of mixed colours, so the
/// order does not matter). Two different multisets may collide; that only makes the
/// refinement coarser or a candidate wrong, and every candidate is checked.
fn multiset(members: &[u32], colours: &[u32]) -> u64 {
    (members.iter())
        .map(|&m| mix(u64::from(colours[m as usize])))
        .fold(0u64, u64::wrapping_add)
}

/// SplitMix64's finaliser.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Two lists of signatures relabelled 0, 1, … in sorted order of the signatures of
/// both, or `None` if the lists do not hold each signature equally often.
fn relabel(left: Vec<(u32, u64)>, right: Vec<(u32, u64)>) -> Option<(Vec<u32>, Vec<u32>)> {
    let mut all: Vec<((u32, u64), u32)> = (left.iter().enumerate())
        .map(|(n, &s)| (s, n as u32))
        .chain(
            right
                .iter()
                .enumerate()
                .map(|(n, &s)| (s, (left.len() + n) as u32)),
        )
        .collect();
    all.sort_unstable();
    let mut labels = vec![0u32; all.len()];
    let mut label = 0;
    let mut balance = 0i64;
    for (k, &(sig, at)) in all.iter().enumerate() {
        if k > 0 && all[k - 1].0 != sig {
            if balance != 0 {
                return None;
            }
            label += 1;
        }
        balance += if (at as usize) < left.len() { 1 } else { -1 };
        labels[at as usize] = label;
    }
    if balance != 0 {
        return None;
    }
    let right_labels = labels.split_off(left.len());
    Some((labels, right_labels))
}

/// The search for symmetries, with what is left of its budget.
struct Finder<'g> {
    graph: &'g Graph,
    budget: u64,
    found: Vec<Automorphism>,
}

impl Finder<'_> {
    /// Down the base path: at each level, every other item of the first non-singleton
    /// cell tried in place of its first item (unless a symmetry found at this level or
    /// below already maps the first item there).
    fn base_path(&mut self, mut base: Colours) {
        while let Some((_, cell)) = base.first_cell() {
            let x = cell[0];
            let fresh = base.fresh();
            let level_start = self.found.len();
            for &y in &cell[1..] {
                if self.budget == 0 {
                    return;
                }
                if orbit(&self.found[level_start..], x).contains(&y) {
                    continue;
                }
                let left = base.individualised(x, fresh);
                let right = base.individualised(y, fresh);
                let (left, right) = self.graph.refined_pair(left, right, &mut self.budget);
                if let Some(left) = left {
                    if let Some(a) = self.extend(left, right, 2) {
                        self.found.push(a);
                    }
                }
            }
            base = (self.graph).refined(base.individualised(x, fresh), &mut self.budget);
        }
    }

    /// A symmetry mapping `left` to `right` (equitable, with equal cell sizes), found by
    /// individualising the first item of each non-singleton cell on the left and each
    /// item of that cell in turn on the right (at most `tries` of them per level).
    fn extend(&mut self, left: Colours, right: Colours, tries: usize) -> Option<Automorphism> {
        let Some((colour, cell)) = left.first_cell() else {
            return self.graph.symmetry(&left, &right);
        };
        let x = cell[0];
        let fresh = left.fresh();
        let candidates: Vec<u32> = (0..right.items.len() as u32)
            .filter(|&i| right.items[i as usize] == colour)
            .take(tries.max(1))
            .collect();
        for y in candidates {
            if self.budget == 0 {
                return None;
            }
            let (l, r) = self.graph.refined_pair(
                left.individualised(x, fresh),
                right.individualised(y, fresh),
                &mut self.budget,
            );
            if let Some(l) = l {
                if let Some(a) = self.extend(l, r, tries) {
                    return Some(a);
                }
            }
        }
        None
    }
}

/// The orbit of `item` under the group `generators` generate.
fn orbit(generators: &[Automorphism], item: u32) -> Vec<u32> {
    let mut seen = vec![item];
    let mut next = 0;
    while next < seen.len() {
        let i = seen[next];
        next += 1;
        for g in generators {
            let j = g.items[i as usize];
            if !seen.contains(&j) {
                seen.push(j);
            }
        }
    }
    seen
}
