//! What a search shows the outside while it runs: the counters ([`Stats`]), the stack of
//! choices (`Level`), the view a [`Visitor`] gets at each solution, at periodic ticks
//! and, for a visitor that prunes, after each choice ([`Visit`]: the chosen options, the
//! path of positions, Knuth's progress estimate), and how a run ended ([`Outcome`]). Kept apart from the loop in
//! `search.rs` so that the loop reads as Algorithm X and nothing else.

use std::ops::ControlFlow;

use super::problem::OptionId;
use super::split::Resume;

/// Counters that do not depend on the machine.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Stats {
    /// Search-tree nodes entered (X2), as dlx1 counts them.
    pub nodes: u64,
    /// Link updates.
    pub updates: u64,
    /// Solutions found (by the bitboard engine, with the counts its memo knows), modulo
    /// 2^128: the exact count of a run is [`crate::RunReport::solutions`].
    pub solutions: u128,
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, other: Stats) {
        self.nodes += other.nodes;
        self.updates += other.updates;
        self.solutions = self.solutions.wrapping_add(other.solutions);
    }
}

/// One choice on the stack.
#[derive(Copy, Clone, Debug)]
pub struct Level {
    /// The item chosen in X3 (a header index).
    pub item: u32,
    /// The node of the option being tried (`== item` when the list is exhausted).
    pub x: u32,
    /// 0-based index of the option being tried among the item's options.
    pub pos: u32,
    /// How many options the item had to try when it was chosen.
    pub total: u32,
    /// True if `item` has multiplicities (branching on its first used option).
    pub multiple: bool,
    /// Length of the stack of excluded options when this level began.
    pub mark: u32,
}

/// What a visitor sees: the current stack, at a solution or at a periodic tick.
pub struct Visit<'a> {
    pub(crate) option_first: &'a [u32],
    pub(crate) levels: &'a [Level],
    pub(crate) stats: Stats,
}

impl Visit<'_> {
    /// The chosen options, in the order they were chosen (at a solution: the solution).
    pub fn options(&self) -> Vec<OptionId> {
        let mut out = Vec::with_capacity(self.levels.len());
        self.options_into(&mut out);
        out
    }

    /// The option chosen at `level` of the stack (0 the first choice), or `None` for an
    /// item with multiplicities that took "no further option" there.
    pub fn option_at(&self, level: usize) -> Option<OptionId> {
        let l = &self.levels[level];
        (l.x != l.item).then(|| OptionId(super::dlx::option_of(self.option_first, l.x)))
    }

    /// Like [`Visit::options`], reusing `out`.
    pub fn options_into(&self, out: &mut Vec<OptionId>) {
        out.clear();
        for level in self.levels {
            if level.x == level.item {
                // "No further option" for an item with multiplicities: nothing chosen.
                continue;
            }
            out.push(OptionId(super::dlx::option_of(self.option_first, level.x)));
        }
    }

    /// The positions of the choices on the stack.
    pub fn path(&self) -> Vec<u32> {
        self.levels.iter().map(|l| l.pos).collect()
    }

    /// Like [`Visit::path`], reusing `out`.
    pub fn path_into(&self, out: &mut Vec<u32>) {
        out.clear();
        out.extend(self.levels.iter().map(|l| l.pos));
    }

    /// Knuth's estimate of the fraction of the tree below the start that is done:
    /// the positions on the stack read as a mixed-radix fraction.
    pub fn progress(&self, floor: usize) -> f64 {
        let mut fraction = 0.0;
        let mut scale = 1.0;
        for level in self.levels.iter().skip(floor) {
            scale /= level.total.max(1) as f64;
            fraction += level.pos as f64 * scale;
        }
        fraction
    }

    /// Knuth's estimate of the share of the whole tree that lies below the node at
    /// depth `floor` on the stack: the product of `1 / total` over the levels above it.
    pub fn weight(&self, floor: usize) -> f64 {
        self.levels
            .iter()
            .take(floor)
            .map(|l| 1.0 / l.total.max(1) as f64)
            .product()
    }

    /// The number of choices on the stack.
    pub fn depth(&self) -> usize {
        self.levels.len()
    }

    /// Counters of this search so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }
}

/// Ticks come every `2^TICK_LOG2` nodes unless a search is told otherwise
/// (`set_tick_interval`).
pub const TICK_LOG2: u32 = 12;

/// The mask of a node counter that is 0 every `2^log2` nodes.
pub fn tick_mask(log2: u32) -> u64 {
    (1u64 << log2.min(62)) - 1
}

/// Receives solutions (and, every so many nodes, a tick) and may stop the search.
pub trait Visitor {
    /// Called at each solution (see [`Visit::options`]); breaking stops the search just
    /// after it.
    fn solution(&mut self, visit: &Visit<'_>) -> ControlFlow<()>;

    /// Called before entering a node, every 4096 nodes (or as set with
    /// [`Search::set_tick_interval`](super::Search::set_tick_interval)). Breaking here
    /// stops the search so that it can be resumed at exactly this node.
    fn tick(&mut self, _visit: &Visit<'_>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    /// Whether the search asks [`Visitor::prune`] about its nodes. A constant, so that
    /// the search of a visitor that never prunes (the default) carries no test for it.
    const PRUNES: bool = false;

    /// Asked, when [`Visitor::PRUNES`], about each node before the search enters it:
    /// after each choice, with the option just taken on top of the stack, and once at
    /// the start of a run or split below a subproblem (the stack then holds its path).
    /// `true` skips the node: the visitor knows that no solution lies below it. The
    /// node is not counted, and the path positions of its siblings stay as they are.
    fn prune(&mut self, _visit: &Visit<'_>) -> bool {
        false
    }
}

impl<F: FnMut(&Visit<'_>) -> ControlFlow<()>> Visitor for F {
    fn solution(&mut self, visit: &Visit<'_>) -> ControlFlow<()> {
        self(visit)
    }
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The whole (sub)tree was searched.
    Complete,
    /// The visitor stopped the search; resuming from here finishes the same (sub)tree.
    Stopped(Resume),
}
