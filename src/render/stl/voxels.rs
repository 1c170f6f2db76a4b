//! A piece of the cube grid as one closed surface around its unit cubes, with no faces
//! between cubes. The clearance `d` moves every outer face inward: a point stays when
//! the cube of half-side `d` around it lies in the piece. Cut each unit at `k ± d` and
//! that shrunk solid is a union of boxes of the finer grid: a box is kept when every unit
//! cube it reaches into (one or two along each axis) is the piece's. Along each axis a
//! box that reaches two units is kept only if the box beside it that reaches one of them
//! is, so for `d > 0` no two kept boxes meet at only an edge and the surface is a
//! manifold; at `d = 0` cubes of the piece that meet only along an edge share it.

use std::collections::HashSet;

use super::mesh::{Mesh, MeshBuilder};
use crate::geom::{Cell, Shape};

/// The solid of `shape` (a polycube) with cubes of `size` mm, shrunk by `d` mm
/// (`0 ≤ d < size / 2`). The picture's rows run towards −y and layers up.
pub fn solid(shape: &Shape, size: f64, d: f64) -> Mesh {
    // World units: x, then −y (so the picture seen from above is not mirrored), then z.
    let units: HashSet<[i32; 3]> = shape
        .cells()
        .iter()
        .map(|c: &Cell| [c.x, -c.y - 1, c.z])
        .collect();
    let lo: [i32; 3] = std::array::from_fn(|a| units.iter().map(|u| u[a]).min().unwrap_or(0));
    let hi: [i32; 3] = std::array::from_fn(|a| units.iter().map(|u| u[a]).max().unwrap_or(0) + 1);
    let axes: [Axis; 3] = std::array::from_fn(|a| Axis::new(lo[a], hi[a], d / size));
    let kept = |j: [usize; 3]| -> bool {
        let [xs, ys, zs] = std::array::from_fn(|a| axes[a].units(j[a]));
        xs.iter().all(|&x| {
            ys.iter()
                .all(|&y| zs.iter().all(|&z| units.contains(&[x, y, z])))
        })
    };
    let n: [usize; 3] = std::array::from_fn(|a| axes[a].intervals());
    let mut inside = vec![false; n[0] * n[1] * n[2]];
    let at = |j: [usize; 3]| (j[2] * n[1] + j[1]) * n[0] + j[0];
    for z in 0..n[2] {
        for y in 0..n[1] {
            for x in 0..n[0] {
                inside[at([x, y, z])] = kept([x, y, z]);
            }
        }
    }
    let filled = |j: [i64; 3]| -> bool {
        (0..3).all(|a| j[a] >= 0 && (j[a] as usize) < n[a]) && inside[at(j.map(|v| v as usize))]
    };
    let mut b: MeshBuilder<[usize; 3]> = MeshBuilder::new();
    for z in 0..n[2] {
        for y in 0..n[1] {
            for x in 0..n[0] {
                if !inside[at([x, y, z])] {
                    continue;
                }
                let j = [x, y, z];
                for a in 0..3 {
                    let (a1, a2) = ((a + 1) % 3, (a + 2) % 3);
                    for up in [false, true] {
                        let mut beside = j.map(|v| v as i64);
                        beside[a] += if up { 1 } else { -1 };
                        if filled(beside) {
                            continue;
                        }
                        // The face's corner with the least coordinates, then the square
                        // spanned by the other two axes, counter-clockwise seen from
                        // outside.
                        let mut p = j;
                        p[a] += usize::from(up);
                        let step = |p: [usize; 3], k: usize| {
                            let mut q = p;
                            q[k] += 1;
                            q
                        };
                        let ring = if up {
                            [p, step(p, a1), step(step(p, a1), a2), step(p, a2)]
                        } else {
                            [p, step(p, a2), step(step(p, a1), a2), step(p, a1)]
                        };
                        let ids = ring.map(|g| {
                            let at = std::array::from_fn(|k| axes[k].cut(g[k]) * size);
                            b.vertex(g, at)
                        });
                        b.polygon(&ids);
                    }
                }
            }
        }
    }
    b.finish()
}

/// One axis of the finer grid: the units `lo..hi` cut at `k − d` and `k + d` (at `k`
/// alone when `d = 0`).
struct Axis {
    lo: i32,
    hi: i32,
    d: f64,
}

impl Axis {
    fn new(lo: i32, hi: i32, d: f64) -> Axis {
        Axis { lo, hi, d }
    }

    fn split(&self) -> bool {
        self.d > 0.0
    }

    /// The number of intervals between cuts.
    fn intervals(&self) -> usize {
        let units = (self.hi - self.lo) as usize;
        if self.split() {
            2 * units + 1
        } else {
            units
        }
    }

    /// The position of cut `g`, in units.
    fn cut(&self, g: usize) -> f64 {
        if !self.split() {
            return f64::from(self.lo) + g as f64;
        }
        let k = f64::from(self.lo) + (g / 2) as f64;
        if g % 2 == 0 {
            k - self.d
        } else {
            k + self.d
        }
    }

    /// The units interval `j` reaches into: one for a unit's middle, the two on either
    /// side of a cut.
    fn units(&self, j: usize) -> Vec<i32> {
        if !self.split() {
            return vec![self.lo + j as i32];
        }
        let k = self.lo + (j / 2) as i32;
        if j % 2 == 0 {
            vec![k - 1, k]
        } else {
            vec![k]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(cells: &[(i32, i32, i32)]) -> Shape {
        Shape::new(cells.iter().map(|&(x, y, z)| Cell::at(x, y, z))).unwrap()
    }

    #[test]
    fn one_cube_shrinks_on_every_side() {
        let m = solid(&shape(&[(0, 0, 0)]), 10.0, 0.5);
        assert!(m.is_closed(), "{:?}", m.open_edges());
        assert!((m.signed_volume() - 9.0f64.powi(3)).abs() < 1e-9);
    }

    #[test]
    fn a_tricube_has_no_inner_faces() {
        let s = shape(&[(0, 0, 0), (1, 0, 0), (1, 1, 0)]);
        let m = solid(&s, 1.0, 0.0);
        assert!(m.is_closed());
        assert!((m.signed_volume() - 3.0).abs() < 1e-12);
        assert!((m.area() - 14.0).abs() < 1e-12);
    }

    #[test]
    fn cubes_meeting_along_an_edge_come_apart_with_clearance() {
        // A pentacube whose first and last cubes share only an edge.
        let s = shape(&[(0, 0, 0), (0, 0, 1), (1, 0, 1), (1, 1, 1), (1, 1, 0)]);
        assert!(!solid(&s, 1.0, 0.0).is_closed());
        let m = solid(&s, 1.0, 0.1);
        assert!(m.is_closed(), "{:?}", m.open_edges());
    }
}
