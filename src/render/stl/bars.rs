//! Pieces of sticks, trigs and twigs as bars (SPEC §10): each segment a round rod of
//! diameter `--thickness` from point to point, `--cell-size` long, with a ball at each
//! point, so that the rods of a piece join smoothly where they meet: the union of
//! capsules ([`super::balls::bars`]), lying in the plane z = 0 as the piece is drawn
//! (seen from above). The clearance takes `d` off the radius.
//!
//! The volume is known exactly ([`expected_volume`]): a ball at each point of the piece,
//! each rod's cylinder less the two half balls at its ends, less what two rods from one
//! point share beyond that point's ball. Two half-infinite cylinders of radius r from
//! one point at an angle θ between their axes share `4/3·r³·cot(θ/2)` (at θ = 90°, a
//! quarter of Steinmetz's bicylinder), of which the ball holds the wedge of angle π − θ;
//! three at 0°, 60° and 120° share what the two outer ones share, so inclusion and
//! exclusion takes it back once for each such triple (trigs only); rods at 180° share
//! nothing. This holds while rods that meet at no point stay apart and what two rods
//! share stays clear of their far ends, which [`MAX_THICKNESS`] ensures.

#[cfg(test)]
use std::f64::consts::PI;

use super::mesh::{Mesh, Vec3};
use crate::geom::{SegmentGrid, Shape};

/// The thickest bar, as a fraction of the cell size: rods that meet at no point are at
/// least √3/2 of a side apart (trigs), and two rods at 60° share up to
/// `r·cot 30°` along each from their point, which must stay clear of the ball at the
/// far end.
pub const MAX_THICKNESS: f64 = 0.7;

/// Grid steps per bar radius for the isosurface.
const STEPS_PER_RADIUS: f64 = 7.0;

/// The end points of `shape`'s segments (doubled lattice points), each once, and each
/// segment as the pair of its end points' indices.
fn skeleton(grid: &SegmentGrid, shape: &Shape) -> (Vec<(i32, i32)>, Vec<[usize; 2]>) {
    let mut points: Vec<(i32, i32)> = Vec::new();
    let mut rods = Vec::new();
    for &c in shape.cells() {
        let Some(ends) = grid.ends(c) else {
            continue;
        };
        let rod = ends.map(|(p, _)| {
            points.iter().position(|&q| q == p).unwrap_or_else(|| {
                points.push(p);
                points.len() - 1
            })
        });
        rods.push(rod);
    }
    (points, rods)
}

/// The position of doubled lattice point `p` in millimetres.
fn position(grid: &SegmentGrid, p: (i32, i32), size: f64) -> Vec3 {
    let (x, y) = grid.position(p);
    [x * size, -y * size, 0.0]
}

/// The solid of a piece of `grid` made of the segments `shape`: rods of radius
/// `thickness / 2 − d` mm, `size` mm long.
pub fn solid(grid: &SegmentGrid, shape: &Shape, size: f64, thickness: f64, d: f64) -> Mesh {
    let (points, rods) = skeleton(grid, shape);
    let segments: Vec<(Vec3, Vec3)> = rods
        .iter()
        .map(|&[a, b]| {
            (
                position(grid, points[a], size),
                position(grid, points[b], size),
            )
        })
        .collect();
    let radius = thickness / 2.0 - d;
    super::balls::bars(&segments, radius, radius / STEPS_PER_RADIUS)
}

/// The volume of the bars of `shape` in mm³ (see the module's header).
#[cfg(test)]
pub fn expected_volume(
    grid: &SegmentGrid,
    shape: &Shape,
    size: f64,
    thickness: f64,
    d: f64,
) -> f64 {
    let r = thickness / 2.0 - d;
    let (points, rods) = skeleton(grid, shape);
    let ball = 4.0 / 3.0 * PI * r.powi(3);
    let mut volume = points.len() as f64 * ball + rods.len() as f64 * (PI * r * r * size - ball);
    // The directions of the rods at each point, as angles.
    for (k, &p) in points.iter().enumerate() {
        let angles: Vec<f64> = rods
            .iter()
            .filter_map(|rod| {
                let other = match rod {
                    [a, b] if *a == k => *b,
                    [a, b] if *b == k => *a,
                    _ => return None,
                };
                let (from, to) = (position(grid, p, 1.0), position(grid, points[other], 1.0));
                Some((to[1] - from[1]).atan2(to[0] - from[0]))
            })
            .collect();
        let between = |a: f64, b: f64| {
            let t = (a - b).abs() % (2.0 * PI);
            t.min(2.0 * PI - t)
        };
        let shared =
            |theta: f64| 4.0 / 3.0 * r.powi(3) * (1.0 / (theta / 2.0).tan() - (PI - theta) / 2.0);
        for i in 0..angles.len() {
            for j in i + 1..angles.len() {
                let theta = between(angles[i], angles[j]);
                if theta < PI - 1e-9 {
                    volume -= shared(theta);
                }
                for l in j + 1..angles.len() {
                    // Three rods within 120° of each other, the middle one 60° from both.
                    let t = [
                        theta,
                        between(angles[j], angles[l]),
                        between(angles[i], angles[l]),
                    ];
                    let mut t = t;
                    t.sort_by(f64::total_cmp);
                    let near = |a: f64, b: f64| (a - b).abs() < 1e-9;
                    if near(t[0], PI / 3.0) && near(t[1], PI / 3.0) && near(t[2], 2.0 * PI / 3.0) {
                        volume += shared(2.0 * PI / 3.0);
                    }
                }
            }
        }
    }
    volume
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Cell, Grid, Lattice};

    fn grid(g: Grid) -> &'static SegmentGrid {
        g.lattice().segments().unwrap()
    }

    /// The cells of segments `[x, y, d]` of `grid` (Puzzler's coordinates).
    fn segments(grid: &SegmentGrid, list: &[[i32; 3]]) -> Shape {
        let cells: Vec<Cell> = list
            .iter()
            .map(|&[x, y, d]| grid.puzzler(x, y, d).unwrap())
            .collect();
        grid.shape(&cells).unwrap()
    }

    fn check(grid: &SegmentGrid, list: &[[i32; 3]], want: Option<f64>) {
        let shape = segments(grid, list);
        let mesh = solid(grid, &shape, 10.0, 5.0, 0.0);
        assert!(mesh.is_closed(), "{list:?}");
        let expected = expected_volume(grid, &shape, 10.0, 5.0, 0.0);
        if let Some(want) = want {
            assert!((expected / want - 1.0).abs() < 1e-12, "{expected} {want}");
        }
        let got = mesh.signed_volume();
        assert!(
            (got / expected - 1.0).abs() < 0.01,
            "{list:?}: {got} {expected}"
        );
    }

    #[test]
    fn one_rod_is_a_capsule() {
        let r: f64 = 2.5;
        let capsule = PI * r * r * 10.0 + 4.0 / 3.0 * PI * r.powi(3);
        check(grid(Grid::Sticks), &[[0, 0, 0]], Some(capsule));
        check(grid(Grid::Trigs), &[[0, 0, 2]], Some(capsule));
        check(grid(Grid::Twigs), &[[0, 0, 1]], Some(capsule));
    }

    #[test]
    fn two_rods_in_a_line_are_one_long_capsule() {
        let r: f64 = 2.5;
        let capsule = PI * r * r * 20.0 + 4.0 / 3.0 * PI * r.powi(3);
        check(grid(Grid::Sticks), &[[0, 0, 0], [1, 0, 0]], Some(capsule));
        check(grid(Grid::Trigs), &[[0, 0, 1], [0, 1, 1]], Some(capsule));
    }

    #[test]
    fn rods_at_an_angle_share_their_overlap() {
        // A right angle: two capsules less their shared ball and the rest of the
        // quarter bicylinder beyond it, (4 − π)/3 · r³.
        let r: f64 = 2.5;
        let capsule = PI * r * r * 10.0 + 4.0 / 3.0 * PI * r.powi(3);
        let ball = 4.0 / 3.0 * PI * r.powi(3);
        let corner = 2.0 * capsule - ball - (4.0 - PI) / 3.0 * r.powi(3);
        check(grid(Grid::Sticks), &[[0, 0, 0], [0, 0, 1]], Some(corner));
        // 60° and 120° (trigs), 120° (twigs), a fan of three (trigs), a plus (sticks).
        check(grid(Grid::Trigs), &[[1, 0, 0], [1, 0, 1]], None);
        check(grid(Grid::Trigs), &[[1, 0, 0], [1, 0, 2]], None);
        check(grid(Grid::Trigs), &[[1, 0, 0], [1, 0, 1], [1, 0, 2]], None);
        check(grid(Grid::Twigs), &[[1, 0, 0], [1, 0, 1]], None);
        check(
            grid(Grid::Sticks),
            &[[0, 1, 0], [1, 1, 0], [1, 0, 1], [1, 1, 1]],
            None,
        );
    }
}
