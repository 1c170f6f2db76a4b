//! Pieces made of round parts, as the surface of a signed distance field
//! ([`super::isosurface`]): a ball piece is its balls (spheres of diameter one cell,
//! touching their neighbours) joined by a neck (a cylinder of radius [`NECK`] cells)
//! between each two neighbours; the clearance takes `d` off every radius. Bars along
//! segments ([`bars`], capsules) are the same field with other parts, for pieces made of
//! sticks.
//!
//! The volume is known exactly: necks from one ball meet at least 60° apart, so for
//! `NECK ≤ 1/4` two necks overlap only inside their ball, and each neck adds its
//! cylinder less the two caps of it inside the balls ([`expected_volume`]).

use std::collections::HashMap;
#[cfg(test)]
use std::f64::consts::PI;

use super::isosurface::surface;
use super::mesh::{add, dot, norm, scale, sub, Mesh, Vec3};
use crate::geom::{Cell, Lattice, Shape};

/// The radius of a neck, in cells (before the clearance).
pub const NECK: f64 = 0.2;

/// Grid steps per cell for the isosurface: a step of 0.5 mm on 10 mm balls.
const STEPS_PER_CELL: f64 = 20.0;

/// The centre of ball `c` in cells: the sphere grid's face-centred cubic packing turned
/// so that a layer's rows run along x (towards −y, as the picture's rows go down) and
/// neighbouring balls are one cell apart.
pub fn centre(c: Cell) -> Vec3 {
    let (x, y, z) = (f64::from(c.x), f64::from(c.y), f64::from(c.z));
    // Packing coordinates (a, b, h) = (x + y + z, x − y, z), at distance √2 apart,
    // turned by −45° about the vertical and scaled by 1/√2.
    let (a, b, h) = (x + y + z, x - y, z);
    [(a + b) / 2.0, (b - a) / 2.0, h / std::f64::consts::SQRT_2]
}

/// The pairs of neighbouring balls of `shape`, by index.
pub fn necks(lattice: &dyn Lattice, shape: &Shape) -> Vec<(usize, usize)> {
    let cells = shape.cells();
    let mut pairs = Vec::new();
    for (i, &c) in cells.iter().enumerate() {
        for n in lattice.neighbours(c) {
            if let Ok(j) = cells.binary_search(&n) {
                if i < j {
                    pairs.push((i, j));
                }
            }
        }
    }
    pairs
}

/// The solid of a ball piece with balls of `size` mm, every radius less `d` mm.
pub fn solid(lattice: &dyn Lattice, shape: &Shape, size: f64, d: f64) -> Mesh {
    let centres: Vec<Vec3> = shape
        .cells()
        .iter()
        .map(|&c| scale(centre(c), size))
        .collect();
    let radius = size / 2.0 - d;
    let neck = NECK * size - d;
    let segments: Vec<(Vec3, Vec3)> = necks(lattice, shape)
        .into_iter()
        .map(|(i, j)| (centres[i], centres[j]))
        .collect();
    round_parts(&centres, radius, &segments, neck, size / STEPS_PER_CELL)
}

/// Bars of radius `radius` mm along `segments` (capsules: rounded at their ends), the
/// surface of a piece of sticks.
pub fn bars(segments: &[(Vec3, Vec3)], radius: f64, step: f64) -> Mesh {
    round_parts(&[], 0.0, segments, radius, step)
}

/// The union of spheres of `radius` around `centres` and capsules of `neck` along
/// `segments`, sampled every `step` mm.
fn round_parts(
    centres: &[Vec3],
    radius: f64,
    segments: &[(Vec3, Vec3)],
    neck: f64,
    step: f64,
) -> Mesh {
    // Each part by its middle and how far it reaches from there, filed in buckets of a
    // side no part outreaches (with a margin of two steps), so that a point looks only
    // at the parts of its own and the neighbouring buckets: every part it is in or near.
    // Farther from all of them the field only needs to be positive.
    let parts: Vec<(Vec3, f64, Part)> = centres
        .iter()
        .map(|&c| (c, radius, Part::Sphere(c)))
        .chain(segments.iter().map(|&(a, b)| {
            let middle = scale(add(a, b), 0.5);
            (middle, norm(sub(b, a)) / 2.0 + neck, Part::Capsule(a, b))
        }))
        .collect();
    let side = parts.iter().map(|p| p.1).fold(0.0, f64::max) + 3.0 * step;
    let bucket = |p: Vec3| p.map(|v| (v / side).floor() as i64);
    // For each bucket, the parts filed in it and its neighbours.
    let mut near: HashMap<[i64; 3], Vec<usize>> = HashMap::new();
    for (k, part) in parts.iter().enumerate() {
        let [x, y, z] = bucket(part.0);
        for dz in -1..=1 {
            for dy in -1..=1 {
                for dx in -1..=1 {
                    near.entry([x + dx, y + dy, z + dz]).or_default().push(k);
                }
            }
        }
    }
    let field = |p: Vec3| -> f64 {
        let Some(near) = near.get(&bucket(p)) else {
            return side;
        };
        near.iter()
            .map(|&k| match parts[k].2 {
                Part::Sphere(c) => norm(sub(p, c)) - radius,
                Part::Capsule(a, b) => capsule(p, a, b) - neck,
            })
            .fold(side, f64::min)
    };
    let reach = radius.max(neck) + 2.0 * step;
    let mut lo = [f64::INFINITY; 3];
    let mut hi = [f64::NEG_INFINITY; 3];
    for p in centres
        .iter()
        .chain(segments.iter().flat_map(|(a, b)| [a, b]))
    {
        for k in 0..3 {
            lo[k] = lo[k].min(p[k] - reach);
            hi[k] = hi[k].max(p[k] + reach);
        }
    }
    surface(&field, lo, hi, step)
}

/// A part of a round solid.
#[derive(Clone, Copy, Debug)]
enum Part {
    Sphere(Vec3),
    Capsule(Vec3, Vec3),
}

/// The distance from `p` to the segment `a`–`b`.
fn capsule(p: Vec3, a: Vec3, b: Vec3) -> f64 {
    let ab = sub(b, a);
    let t = (dot(sub(p, a), ab) / dot(ab, ab)).clamp(0.0, 1.0);
    norm(sub(p, add(a, scale(ab, t))))
}

/// The volume of a ball piece of `balls` balls and `necks` necks, in mm³: balls of
/// radius `R = size/2 − d`, each neck a cylinder of radius `ρ = NECK·size − d` and length
/// `size` less the two caps inside its balls, `2π/3 · (R³ − (R² − ρ²)^{3/2})` each.
#[cfg(test)]
pub fn expected_volume(balls: usize, necks: usize, size: f64, d: f64) -> f64 {
    let r = size / 2.0 - d;
    let rho = NECK * size - d;
    let ball = 4.0 / 3.0 * PI * r.powi(3);
    let cap = 2.0 * PI / 3.0 * (r.powi(3) - (r * r - rho * rho).powf(1.5));
    let neck = PI * rho * rho * size - 2.0 * cap;
    balls as f64 * ball + necks as f64 * neck
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Grid;

    #[test]
    fn neighbouring_centres_are_one_cell_apart() {
        let lattice = Grid::Sphere.lattice();
        let c = Cell::at(2, 1, 1);
        for n in lattice.neighbours(c) {
            let d = norm(sub(centre(n), centre(c)));
            assert!((d - 1.0).abs() < 1e-12, "{n:?} {d}");
        }
    }

    #[test]
    fn three_balls_in_a_row_have_their_volume() {
        let lattice = Grid::Sphere.lattice();
        let shape = Shape::new([Cell::at(0, 0, 0), Cell::at(1, 0, 0), Cell::at(2, 0, 0)]).unwrap();
        let mesh = solid(lattice, &shape, 10.0, 0.2);
        assert!(mesh.is_closed());
        let want = expected_volume(3, 2, 10.0, 0.2);
        let got = mesh.signed_volume();
        assert!((got / want - 1.0).abs() < 0.01, "{got} {want}");
    }

    #[test]
    fn a_bar_is_a_capsule() {
        let mesh = bars(&[([0.0; 3], [10.0, 0.0, 0.0])], 1.0, 0.1);
        assert!(mesh.is_closed());
        let want = PI * 10.0 + 4.0 / 3.0 * PI;
        assert!((mesh.signed_volume() / want - 1.0).abs() < 0.01);
    }
}
