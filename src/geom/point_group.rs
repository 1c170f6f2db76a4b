//! The point group of a lattice as a table ([`PointGroup`]): the composition `a ∘ b` of
//! every pair of its transforms, the inverse and the order of each. It is the one place
//! that composes transforms: the symmetry group of a puzzle and the web page's moves
//! both read it.

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

    /// The order of `t`: how many times it is applied to come back to the identity.
    // Only the web page's turn buttons (`serve`) and tests ask for it.
    #[cfg_attr(not(feature = "serve"), allow(dead_code))]
    pub fn order_of(&self, t: usize) -> usize {
        let mut power = t;
        let mut k = 1;
        while power != 0 {
            power = self.after(t, power);
            k += 1;
        }
        k
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Grid;

    /// A few cells of both parities around the origin, in a few layers in space.
    fn cells_near(grid: Grid) -> Vec<Cell> {
        let (layers, side) = if grid.is_3d() { (2, 3) } else { (0, 4) };
        (-layers..=layers)
            .flat_map(|z| {
                (-side..=side).flat_map(move |y| (-5..=5).map(move |x| Cell::at(x, y, z)))
            })
            .collect()
    }

    #[test]
    fn the_table_composes_as_the_lattice_applies() {
        for grid in Grid::ALL {
            let lattice = grid.lattice();
            let group = PointGroup::of(lattice);
            for a in 0..lattice.order() {
                assert_eq!(group.after(group.inverse(a), a), 0, "{grid:?}");
                assert_eq!(group.after(a, group.inverse(a)), 0, "{grid:?}");
                for b in 0..lattice.order() {
                    let ab = group.after(a, b);
                    assert_eq!(
                        lattice.is_rotation(ab),
                        lattice.is_rotation(a) == lattice.is_rotation(b),
                        "{grid:?}"
                    );
                    for c in cells_near(grid) {
                        let want = lattice.apply(a, lattice.apply(b, c));
                        assert_eq!(lattice.apply(ab, c), want, "{grid:?} {a}∘{b} at {c:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn orders_divide_the_group_and_the_identity_alone_has_order_one() {
        for grid in Grid::ALL {
            let lattice = grid.lattice();
            let group = PointGroup::of(lattice);
            for t in 0..lattice.order() {
                let k = group.order_of(t);
                assert_eq!(lattice.order() % k, 0, "{grid:?} {t}");
                assert_eq!(k == 1, t == 0, "{grid:?} {t}");
            }
        }
    }
}
