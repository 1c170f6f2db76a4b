//! The two moves a player makes with a piece in hand, as elements of the grid's point
//! group: `rotate`, the smallest turn in the drawing's plane (a quarter turn on
//! squares and cubes, a sixth on hexagons and triangles; on the grids of space about
//! the vertical axis), and `flip`, turning it over (a reflection in the plane; in space
//! the half turn that swaps up and down). Each orientation of a piece then has the
//! orientation each move leads to.

use crate::geom::{Lattice, PointGroup, Shape};

/// The group elements of the two moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moves {
    pub rotate: usize,
    pub flip: usize,
}

/// The moves of `lattice`.
pub fn moves(lattice: &dyn Lattice) -> Moves {
    let group = PointGroup::of(lattice);
    let probes = lattice.probes();
    let keeps_layers = |t: usize| probes.iter().all(|&c| lattice.apply(t, c).z == c.z);
    let swaps_layers = |t: usize| probes.iter().all(|&c| lattice.apply(t, c).z == -c.z);
    let elements = 0..lattice.order();
    let rotate = elements
        .clone()
        .filter(|&t| lattice.is_rotation(t) && keeps_layers(t))
        .max_by_key(|&t| (group.order_of(t), std::cmp::Reverse(t)))
        .unwrap_or(0);
    let flip = if lattice.dimension() == 3 {
        elements
            .clone()
            .find(|&t| lattice.is_rotation(t) && group.order_of(t) == 2 && swaps_layers(t))
    } else {
        elements.clone().find(|&t| !lattice.is_rotation(t))
    };
    Moves {
        rotate,
        flip: flip.unwrap_or(0),
    }
}

/// For each of `orientations`, the index of its image under `t`, if that image is
/// one of them (a one-sided piece has no mirror image).
pub fn images(lattice: &dyn Lattice, orientations: &[Shape], t: usize) -> Vec<Option<usize>> {
    orientations
        .iter()
        .map(|s| {
            let image = lattice.shape_image(t, s);
            orientations.iter().position(|o| *o == image)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Grid;

    #[test]
    fn a_rotation_of_largest_order_and_a_flip_on_every_grid() {
        for (grid, turns) in [
            (Grid::Square, 4),
            (Grid::Hex, 6),
            (Grid::Triangle, 6),
            (Grid::Cube, 4),
            (Grid::Sphere, 4),
        ] {
            let lattice = grid.lattice();
            let group = PointGroup::of(lattice);
            let m = moves(lattice);
            assert_eq!(group.order_of(m.rotate), turns, "{grid:?}");
            assert_eq!(group.order_of(m.flip), 2, "{grid:?}");
            assert_ne!(m.flip, 0, "{grid:?}");
        }
    }
}
