//! The composition table of a lattice's point group ([`PointGroup`]): what
//! [`Lattice::after`] finds by a search over the transforms for one pair, computed once
//! for every pair, for callers that compose many (the symmetry group of a puzzle).

use std::collections::HashMap;

use super::lattice::Lattice;
use super::Cell;

/// `a ∘ b` and the inverse of every transform of a lattice's point group.
#[derive(Clone, Debug)]
pub struct PointGroup {
    order: usize,
    /// `after[a * order + b]` is `a ∘ b` (first `b`, then `a`).
    after: Vec<usize>,
    inverse: Vec<usize>,
}

impl PointGroup {
    /// The table of `lattice`'s point group, found by the images of its probe cells,
    /// which tell the transforms apart.
    pub fn of(lattice: &dyn Lattice) -> PointGroup {
        let order = lattice.order();
        let probes = lattice.probes();
        let images = |f: &dyn Fn(Cell) -> Cell| probes.iter().map(|&c| f(c)).collect::<Vec<_>>();
        let by_images: HashMap<Vec<Cell>, usize> = (0..order)
            .map(|t| (images(&|c| lattice.apply(t, c)), t))
            .collect();
        let after: Vec<usize> = (0..order * order)
            .map(|i| {
                let (a, b) = (i / order, i % order);
                by_images[&images(&|c| lattice.apply(a, lattice.apply(b, c)))]
            })
            .collect();
        let inverse = (0..order)
            .map(|t| {
                (0..order)
                    .find(|&u| after[u * order + t] == 0)
                    .expect("every element of the point group has an inverse")
            })
            .collect();
        PointGroup {
            order,
            after,
            inverse,
        }
    }

    /// The transform `a ∘ b`: first `b`, then `a`.
    pub fn after(&self, a: usize, b: usize) -> usize {
        self.after[a * self.order + b]
    }

    /// The inverse of `t`.
    pub fn inverse(&self, t: usize) -> usize {
        self.inverse[t]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Grid;

    #[test]
    fn the_table_agrees_with_the_lattice() {
        for grid in Grid::ALL {
            let lattice = grid.lattice();
            let group = PointGroup::of(lattice);
            for a in 0..lattice.order() {
                assert_eq!(group.after(group.inverse(a), a), 0, "{grid:?}");
                for b in 0..lattice.order() {
                    assert_eq!(group.after(a, b), lattice.after(a, b), "{grid:?}");
                }
            }
        }
    }
}
