//! What the symmetry module needs of a grid: its point group, the transforms of cells
//! about the origin that map the lattice onto itself, numbered with the identity first.
//! Everything else (the board's group, the reduction, classes, Burnside's count) is
//! written once against [`PointGroup`]; a new grid supplies its group and nothing more.
//! Images of shapes are normalized by [`Shape::new`]; a transform must map the lattice's
//! cells to cells (so that a placement's image is a placement) and be linear in the cell
//! coordinates, `t(x, y) = x·t(1, 0) + y·t(0, 1)` (the placement index relies on it).

use std::fmt::Debug;
use std::panic::RefUnwindSafe;

use crate::geom::{Cell, Shape, Transform};

/// A lattice's point group: transforms `0..order()`, transform 0 the identity. It is
/// data that never changes, shared by every thread.
pub trait PointGroup: Debug + Sync + RefUnwindSafe {
    /// The number of transforms.
    fn order(&self) -> usize;
    /// The image of `c` under transform `t`.
    fn apply(&self, t: usize, c: Cell) -> Cell;
    /// Whether `t` keeps orientation (a rotation, not a reflection).
    fn is_rotation(&self, t: usize) -> bool;
    /// The transform `a ∘ b`: first `b`, then `a`.
    fn after(&self, a: usize, b: usize) -> usize;
    /// A short name for `t`, for people.
    #[cfg_attr(not(feature = "cli"), allow(dead_code))] // for `polyx show`
    fn name(&self, t: usize) -> &'static str;

    /// The image of `shape` under `t`, normalized.
    fn shape_image(&self, t: usize, shape: &Shape) -> Shape {
        Shape::new(shape.cells().iter().map(|&c| self.apply(t, c))).expect("a non-empty image")
    }
}

/// The square grid's 8 transforms, the dihedral group D4, in the order of
/// [`Transform::ALL`] (the rotations first).
#[derive(Debug)]
pub struct SquareGroup;

/// The square grid's point group.
pub static SQUARE: SquareGroup = SquareGroup;

impl PointGroup for SquareGroup {
    fn order(&self) -> usize {
        Transform::ALL.len()
    }

    fn apply(&self, t: usize, c: Cell) -> Cell {
        Transform::ALL[t].apply(c)
    }

    fn is_rotation(&self, t: usize) -> bool {
        Transform::ALL[t].is_rotation()
    }

    fn after(&self, a: usize, b: usize) -> usize {
        let ab = Transform::ALL[a].after(Transform::ALL[b]);
        (Transform::ALL.iter())
            .position(|&t| t == ab)
            .expect("D4 is closed under composition")
    }

    fn name(&self, t: usize) -> &'static str {
        Transform::ALL[t].name()
    }

    fn shape_image(&self, t: usize, shape: &Shape) -> Shape {
        shape.transformed(Transform::ALL[t])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_square_group_is_d4_with_the_identity_first() {
        assert_eq!(SQUARE.order(), 8);
        assert_eq!(Transform::ALL[0], Transform::IDENTITY);
        let c = Cell::new(2, -5);
        for a in 0..8 {
            for b in 0..8 {
                let ab = SQUARE.after(a, b);
                assert_eq!(SQUARE.apply(ab, c), SQUARE.apply(a, SQUARE.apply(b, c)));
            }
        }
        assert_eq!((0..8).filter(|&t| SQUARE.is_rotation(t)).count(), 4);
    }
}
