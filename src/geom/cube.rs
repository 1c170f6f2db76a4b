//! The cube grid: polycubes. A cell is the cube at column x, row y of layer z (layers
//! bottom first, each drawn as a square-grid picture); it has six face neighbours, and
//! the group is the cube's 48 symmetries acting on (x, y, z) itself, about the origin
//! ([`super::space`] has the rest).

use super::space::SpaceLattice;
use super::Cell;

/// The cube grid's lattice.
pub static CUBE: SpaceLattice = SpaceLattice {
    steps: &[
        Cell::at(1, 0, 0),
        Cell::at(-1, 0, 0),
        Cell::at(0, 1, 0),
        Cell::at(0, -1, 0),
        Cell::at(0, 0, 1),
        Cell::at(0, 0, -1),
    ],
    to_group: |c| [c.x, c.y, c.z],
    from_group: |[x, y, z]| Cell::at(x, y, z),
};
