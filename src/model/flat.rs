//! Flat pieces of the sphere grid (SPEC §8): a piece whose balls all lie in one plane of
//! space may be turned over, so it takes the reflections of the packing too. Turning a
//! flat piece over is a half turn of space about a line in its plane: on the piece it acts
//! as the reflection in the plane perpendicular to that line. When the piece lies in a
//! square layer of the packing (a `shape`, or a 45° vertical plane) that reflection is
//! one of the packing's rotations already; in the other planes (the triangular planes of
//! the packing, say, where three mutually touching balls lie) it is not, and only this
//! rule lets the piece be turned over as a physical piece can. On the cube grid every
//! flat polycube lies in a plane of the grid, so nothing is needed there.

use crate::geom::{Cell, Grid, Shape};

/// The centre of ball `c` in the coordinates of the face-centred cubic lattice (the map
/// of `geom::sphere`: ball (c, r, z) is c·(1, 1, 0) + r·(1, −1, 0) + z·(1, 0, 1)).
fn centre(c: Cell) -> [i64; 3] {
    let (x, y, z) = (c.x as i64, c.y as i64, c.z as i64);
    [x + y + z, x - y, z]
}

fn sub(a: [i64; 3], b: [i64; 3]) -> [i64; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn cross(a: [i64; 3], b: [i64; 3]) -> [i64; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

fn dot(a: [i64; 3], b: [i64; 3]) -> i64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// Whether `shape` on `grid` is a flat piece of balls that may be turned over: on the
/// sphere grid, all its balls' centres in one plane (three or fewer always are).
pub fn turns_over(grid: Grid, shape: &Shape) -> bool {
    if grid != Grid::Sphere {
        return false;
    }
    let points: Vec<[i64; 3]> = shape.cells().iter().map(|&c| centre(c)).collect();
    let origin = points[0];
    let mut normal = None;
    for (k, &p) in points.iter().enumerate().skip(1) {
        for &q in &points[k + 1..] {
            let n = cross(sub(p, origin), sub(q, origin));
            if n != [0, 0, 0] {
                normal = Some(n);
                break;
            }
        }
        if normal.is_some() {
            break;
        }
    }
    let Some(n) = normal else {
        return true; // all on one line
    };
    points.iter().all(|&p| dot(sub(p, origin), n) == 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(cells: &[(i32, i32, i32)]) -> Shape {
        let cells: Vec<Cell> = cells.iter().map(|&(x, y, z)| Cell::at(x, y, z)).collect();
        Grid::Sphere.lattice().shape(&cells).unwrap()
    }

    /// The centres agree with the lattice: touching balls are √2 apart, and no others.
    #[test]
    fn centres_of_touching_balls_are_at_the_packing_distance() {
        let lattice = Grid::Sphere.lattice();
        let c = Cell::at(1, -2, 3);
        let touching: Vec<Cell> = lattice.neighbours(c).into_iter().collect();
        for z in 1..6 {
            for y in -4..1 {
                for x in -1..4 {
                    let n = Cell::at(x, y, z);
                    let d = sub(centre(n), centre(c));
                    assert_eq!(dot(d, d) == 2, touching.contains(&n), "{n:?}");
                }
            }
        }
    }

    #[test]
    fn pieces_in_a_plane_turn_over_and_others_do_not() {
        // In a layer; in a 45° vertical plane; three touching balls (a triangular plane).
        assert!(turns_over(
            Grid::Sphere,
            &shape(&[(0, 0, 0), (1, 0, 0), (1, 1, 0), (2, 1, 0)])
        ));
        assert!(turns_over(
            Grid::Sphere,
            &shape(&[(0, 0, 0), (1, 0, 0), (0, 0, 1)])
        ));
        assert!(turns_over(
            Grid::Sphere,
            &shape(&[(0, 0, 0), (1, 0, 0), (1, 0, 1), (1, 0, 2)])
        ));
        // A ball over a 2×2 square: a square pyramid, not flat.
        let pyramid = shape(&[(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 1, 0), (0, 0, 1)]);
        assert!(!turns_over(Grid::Sphere, &pyramid));
        assert!(!turns_over(Grid::Cube, &shape(&[(0, 0, 0), (1, 0, 0)])));
    }
}
