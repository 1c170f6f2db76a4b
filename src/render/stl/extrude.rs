//! A piece of a plane grid as a prism: its cells, shrunk by the clearance
//! ([`super::outline`]), as the top and bottom faces, and one wall under each side of
//! the outline. Every cell is triangulated as a fan of its own (convex) polygon, so the
//! faces share their corners with the walls and with each other: the mesh is closed by
//! construction, and its volume is the shrunk area times the thickness.

use super::mesh::{Mesh, MeshBuilder};
use super::outline::{key, Key, Plane, P2};

/// The prism over the region `inside` of `plane` (corners already moved: `rings`, one
/// list per cell, empty outside the region) from `z0` to `z1` millimetres.
pub fn prism(plane: &Plane, inside: &[bool], rings: &[Vec<P2>], z0: f64, z1: f64) -> Mesh {
    let mut b = MeshBuilder::new();
    add_prism(&mut b, plane, inside, rings, z0, z1);
    b.finish()
}

/// A vertex at `p` on the level numbered `level` (a height).
pub fn corner(b: &mut MeshBuilder<(Key, u8)>, p: P2, level: u8, z: f64) -> u32 {
    b.vertex((key(p), level), [p.0, p.1, z])
}

/// The faces of a prism, added to `b` (levels 0 and 1 for its bottom and top).
pub fn add_prism(
    b: &mut MeshBuilder<(Key, u8)>,
    plane: &Plane,
    inside: &[bool],
    rings: &[Vec<P2>],
    z0: f64,
    z1: f64,
) {
    for ring in rings.iter().filter(|r| !r.is_empty()) {
        cap(b, ring, 1, z1, true);
        cap(b, ring, 0, z0, false);
    }
    walls(b, plane, inside, rings, (0, z0), (1, z1));
}

/// A horizontal face over `ring` (counter-clockwise), facing up or down.
pub fn cap(b: &mut MeshBuilder<(Key, u8)>, ring: &[P2], level: u8, z: f64, up: bool) {
    let mut ids: Vec<u32> = ring.iter().map(|&p| corner(b, p, level, z)).collect();
    if !up {
        ids.reverse();
    }
    b.polygon(&ids);
}

/// A wall under each boundary side of the region, from level `lo` to level `hi`, facing
/// out of the region.
pub fn walls(
    b: &mut MeshBuilder<(Key, u8)>,
    plane: &Plane,
    inside: &[bool],
    rings: &[Vec<P2>],
    lo: (u8, f64),
    hi: (u8, f64),
) {
    for (c, i) in plane.boundary(inside) {
        let ring = &rings[c];
        let (p, q) = (ring[i], ring[(i + 1) % ring.len()]);
        let quad = [
            corner(b, p, lo.0, lo.1),
            corner(b, q, lo.0, lo.1),
            corner(b, q, hi.0, hi.1),
            corner(b, p, hi.0, hi.1),
        ];
        b.polygon(&quad);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Cell, Grid};

    #[test]
    fn an_l_tromino_is_a_closed_prism() {
        let cells = [Cell::new(0, 0), Cell::new(0, 1), Cell::new(1, 1)];
        let plane = Plane::new(Grid::Square.lattice(), &cells, 10.0);
        let inside = [true; 3];
        for d in [0.0, 0.5] {
            let mesh = prism(&plane, &inside, &plane.shrunk(&inside, d), 0.0, 5.0);
            assert!(mesh.is_closed(), "{:?}", mesh.open_edges());
            // 300 mm² less the strip along 80 mm of outline, plus the mitres' corners
            // (5 convex at +d², 1 reflex at −d²).
            let area = 300.0 - 80.0 * d + 4.0 * d * d;
            assert!((mesh.signed_volume() - 5.0 * area).abs() < 1e-9, "{d}");
        }
    }
}
