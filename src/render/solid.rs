//! Drawing the grids of space: the isometric view of the assembled solid ([`Iso`]):
//! cubes as their visible faces, balls as discs at their true places in the packing,
//! listed back to front for painting. Where each layer's panel goes is
//! [`super::panels`].
//!
//! The view of cubes: x (columns) runs down to the right, y (rows, toward the viewer)
//! down to the left, z (layers) up; a point (x, y, z) of space is drawn at
//! ((x − y)·cos 30°, (x + y)·sin 30° − z) in cell units. The viewer looks along
//! (−1, −1, −1), so a cube with a larger x + y + z is nearer and is painted later. Ball
//! (c, r, z) is at c·u + r·v + z·w with u, v the layer's unit axes and
//! w = (u + v)/2 + up/√2, in ball diameters; balls are seen from the front, a little to
//! the right and above ([`project_ball`]), since along the isometric direction a
//! pyramid's balls would hide each other, and are painted by their depth.

use crate::geom::{Cell, Grid, Point};
use crate::model::{Board, PieceSet, Tiling};
use crate::render::palette;
use crate::render::scene::{Region, Regions};

/// A point of space in cell units (x right, y toward the viewer, z up) drawn in the
/// isometric view.
pub fn project((x, y, z): (f64, f64, f64)) -> Point {
    let (cos, sin) = (3f64.sqrt() / 2.0, 0.5);
    ((x - y) * cos, (x + y) * sin - z)
}

/// The view of the balls: from this far round to the right of straight in front
/// (radians)...
const BALL_AZIMUTH: f64 = 0.35;
/// ...and this far above the layers. The isometric direction would look along the
/// pyramid's edges (a ball one layer up sits almost in front of the one below).
const BALL_ELEVATION: f64 = 0.5;

/// A point of space in ball diameters drawn in the view of the balls (a turn about the
/// vertical, then a tilt), with its depth toward the viewer.
pub fn project_ball((x, y, z): (f64, f64, f64)) -> (Point, f64) {
    let (sa, ca) = BALL_AZIMUTH.sin_cos();
    let (se, ce) = BALL_ELEVATION.sin_cos();
    let across = x * ca - y * sa;
    let up = -x * sa * se - y * ca * se + z * ce;
    let depth = x * sa * ce + y * ca * ce + z * se;
    ((across, -up), depth)
}

/// The centre of ball `c` in space, in ball diameters.
pub fn ball_centre(c: Cell) -> (f64, f64, f64) {
    let (x, y, z) = (f64::from(c.x), f64::from(c.y), f64::from(c.z));
    (
        x + 0.5 + z / 2.0,
        y + 0.5 + z / 2.0,
        0.5 + z * std::f64::consts::FRAC_1_SQRT_2,
    )
}

/// One thing to paint in the isometric view.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape3d {
    /// A face of a cube: its corners, clockwise on the page, and its fill.
    Face(Vec<Point>, [u8; 3]),
    /// A ball: its centre and radius, its colour.
    Ball(Point, f64, [u8; 3]),
}

/// The isometric view of a tiling: what to paint, back to front, in projected cell
/// units.
pub struct Iso {
    pub shapes: Vec<Shape3d>,
}

/// The top left corner and the size of the box around the isometric view of every cell
/// of `board`'s frame that is not outside, whatever covers it (so every tiling of one
/// board gets the same box); in projected cell units.
pub fn view_box(board: &Board) -> (Point, Point) {
    let (mut lo, mut hi) = ((f64::MAX, f64::MAX), (f64::MIN, f64::MIN));
    let mut extend = |p: Point| {
        lo = (lo.0.min(p.0), lo.1.min(p.1));
        hi = (hi.0.max(p.0), hi.1.max(p.1));
    };
    for c in board.cells() {
        if board.square(c) == crate::model::Square::Outside {
            continue;
        }
        if board.grid == Grid::Sphere {
            let centre = project_ball(ball_centre(c)).0;
            extend((centre.0 - 0.5, centre.1 - 0.5));
            extend((centre.0 + 0.5, centre.1 + 0.5));
        } else {
            cube_faces(c).iter().flatten().for_each(|&p| extend(p));
        }
    }
    if lo.0 > hi.0 {
        return ((0.0, 0.0), (0.0, 0.0));
    }
    (lo, (hi.0 - lo.0, hi.1 - lo.1))
}

/// The colour a region shows in the isometric view; `None` for outside.
fn colour(region: Region, set: &PieceSet, t: &Tiling) -> Option<[u8; 3]> {
    match region {
        Region::Outside => None,
        Region::Blocked => Some(palette::BLOCKED),
        Region::Empty => Some(palette::EMPTY_SOLID),
        Region::Piece(k) => Some(palette::piece_color(set, t.placements[k].piece)),
    }
}

impl Iso {
    /// The view of `t` on `board` (a board of a grid of space).
    pub fn new(board: &Board, set: &PieceSet, t: &Tiling) -> Iso {
        let regions = Regions::new(board, t);
        let mut cells: Vec<Cell> = board
            .cells()
            .filter(|&c| regions.of(c) != Region::Outside)
            .collect();
        // Back to front: by x + y + z in space (cubes of one sum never overlap in the
        // view, nor do balls of one depth).
        let depth = |c: &Cell| match board.grid {
            Grid::Sphere => project_ball(ball_centre(*c)).1,
            _ => f64::from(c.x + c.y + c.z),
        };
        cells.sort_by(|a, b| depth(a).total_cmp(&depth(b)).then(a.cmp(b)));
        let mut shapes = Vec::new();
        for &c in &cells {
            let region = regions.of(c);
            let fill = colour(region, set, t).expect("inside the board");
            if board.grid == Grid::Sphere {
                shapes.push(Shape3d::Ball(project_ball(ball_centre(c)).0, 0.5, fill));
                continue;
            }
            let covered = |d: Cell| regions.of(c + d) != Region::Outside;
            let faces = cube_faces(c);
            let shades = [
                (Cell::at(0, 0, 1), palette::mix(fill, [0xff; 3], 0.3)),
                (Cell::at(0, 1, 0), fill),
                (Cell::at(1, 0, 0), palette::mix(fill, [0; 3], 0.25)),
            ];
            for (face, (towards, shade)) in faces.into_iter().zip(shades) {
                if !covered(towards) {
                    shapes.push(Shape3d::Face(face, shade));
                }
            }
        }
        Iso { shapes }
    }
}

/// The three faces of cube `c` the viewer sees, projected: the top, the face toward
/// larger rows (front left) and the face toward larger columns (front right).
fn cube_faces(c: Cell) -> [Vec<Point>; 3] {
    let (x, y, z) = (f64::from(c.x), f64::from(c.y), f64::from(c.z));
    let p = |dx: f64, dy: f64, dz: f64| project((x + dx, y + dy, z + dz));
    [
        vec![p(0., 0., 1.), p(1., 0., 1.), p(1., 1., 1.), p(0., 1., 1.)],
        vec![p(0., 1., 1.), p(1., 1., 1.), p(1., 1., 0.), p(0., 1., 0.)],
        vec![p(1., 0., 1.), p(1., 0., 0.), p(1., 1., 0.), p(1., 1., 1.)],
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::fixtures;

    #[test]
    fn balls_touch_their_neighbours() {
        let c = Cell::at(1, 2, 1);
        let p = ball_centre(c);
        for n in Grid::Sphere.lattice().neighbours(c) {
            let q = ball_centre(n);
            let d = (p.0 - q.0).powi(2) + (p.1 - q.1).powi(2) + (p.2 - q.2).powi(2);
            assert!((d - 1.0).abs() < 1e-9, "{n:?}: {d}");
        }
    }

    #[test]
    fn iso_hides_covered_faces_and_paints_back_to_front() {
        let (board, set, t) = fixtures::cubes();
        let iso = Iso::new(&board, &set, &t);
        // A 3 × 2 × 2 box shows 3 × 2 tops, 3 × 2 fronts and 2 × 2 sides.
        assert_eq!(iso.shapes.len(), 6 + 6 + 4);
        let (board, set, t) = fixtures::balls();
        let iso = Iso::new(&board, &set, &t);
        assert_eq!(iso.shapes.len(), 14);
        // The top ball (blocked) is over the middle of the base, highest of all.
        let top = project_ball(ball_centre(Cell::at(0, 0, 2))).0;
        assert!(iso
            .shapes
            .contains(&Shape3d::Ball(top, 0.5, palette::BLOCKED)));
        assert!((view_box(&board).0 .1 - (top.1 - 0.5)).abs() < 1e-9);
        // The nearest ball, the base's front corner, is painted last.
        let front = project_ball(ball_centre(Cell::at(2, 2, 0))).0;
        assert!(matches!(iso.shapes[13], Shape3d::Ball(p, _, _) if p == front));
    }
}
