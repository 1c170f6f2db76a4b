//! What a bitboard search hands its solutions to: [`BitVisitor`], which may stop the
//! search (at a solution or at a tick) so that it can be resumed at that node.

use std::ops::ControlFlow;

/// Receives each solution as placement indices (into `puzzle.placements`), in the order
/// they were chosen, and may stop the search.
pub trait BitVisitor {
    fn solution(&mut self, placements: &[u32]) -> ControlFlow<()>;

    /// Whether [`BitVisitor::solution`] reads its placements (if not, it is given an
    /// empty slice and the engine does not collect them).
    fn wants_placements(&self) -> bool {
        true
    }

    /// `n` solutions at once, found by a counting search (one that does not want
    /// placements) in its memo of subtree counts.
    fn solutions(&mut self, n: u128) -> ControlFlow<()> {
        for _ in 0..n {
            self.solution(&[])?;
        }
        ControlFlow::Continue(())
    }

    /// Called before entering a node, every so many nodes, with the estimated share of
    /// the subtree searched so far and the path of that node (what a stop here would
    /// resume at). Breaking stops the search so that it can be resumed at exactly this
    /// node.
    fn tick(&mut self, _done: f64, _path: &[u32]) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

impl<F: FnMut(&[u32]) -> ControlFlow<()>> BitVisitor for F {
    fn solution(&mut self, placements: &[u32]) -> ControlFlow<()> {
        self(placements)
    }
}
