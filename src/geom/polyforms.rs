//! Every free (or one-sided) polyform of n cells on a grid, grown cell by cell from the
//! single cell: each (n − 1)-cell shape with one neighbour more, named by its canonical
//! form so that each class is kept once.

use std::collections::BTreeSet;

use super::{Cell, Lattice, Shape};

/// The distinct n-cell shapes of `lattice` up to its rotations (`one_sided`) or its whole
/// group, each in canonical form, in order. `n = 0` gives none.
pub fn polyforms(lattice: &dyn Lattice, n: usize, one_sided: bool) -> Vec<Shape> {
    if n == 0 {
        return Vec::new();
    }
    let mut layer: BTreeSet<Shape> = BTreeSet::new();
    // Both kinds of cell where a grid has two (the triangle grid's up and down); on the
    // grids of segments, one segment (the group maps it onto every other).
    let seeds = match lattice.segments() {
        Some(segments) => vec![segments.puzzler(0, 0, 0).expect("direction 0")],
        None => vec![Cell::new(0, 0), Cell::new(1, 0)],
    };
    for c in seeds {
        layer.insert(
            lattice
                .shape(&[c])
                .expect("one cell")
                .canonical(lattice, one_sided),
        );
    }
    for _ in 1..n {
        layer = grown(lattice, &layer, one_sided);
    }
    layer.into_iter().collect()
}

/// The classes of the shapes of `layer` with one cell added.
fn grown(lattice: &dyn Lattice, layer: &BTreeSet<Shape>, one_sided: bool) -> BTreeSet<Shape> {
    let mut next = BTreeSet::new();
    let mut cells = Vec::new();
    for s in layer {
        for &c in s.cells() {
            for m in lattice.neighbours(c) {
                if s.contains(m) {
                    continue;
                }
                cells.clear();
                cells.extend_from_slice(s.cells());
                cells.push(m);
                let shape = lattice.shape(&cells).expect("non-empty");
                next.insert(shape.canonical(lattice, one_sided));
            }
        }
    }
    next
}
