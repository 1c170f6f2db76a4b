//! The grids of segments (SPEC §9): the edges of the square grid (polysticks), of the
//! triangular grid (polytrigs) and of the hexagonal grid (polytwigs). A segment is a cell
//! at its midpoint in doubled coordinates of the lattice of points, so the point group
//! acts on midpoints as it acts on points and the translations are the even shifts (on
//! the hexagonal grid, those of the lattice of hexagon centres); two segments are
//! neighbours when they share an end point.
//!
//! Coordinates: on squares a cell is `(2x + 1, 2y)` for Puzzler's `[x, y, 0]` and
//! `(2x, 2y + 1)` for `[x, y, 1]`, with the square's 8 symmetries about the origin. On
//! the two hexagonal grids the points are `i·u + j·v` (u at 0°, v at 60°, as in Puzzler's
//! triangular coordinates), a doubled point `(X, Y) = (2i, 2j)`, and a cell is
//! `(X + Y, Y)` plus an offset that keeps Puzzler's coordinates of a board at or above
//! 0; D6 ([`super::d6`]) acts on `(X, Y)`. On the hexagonal grid the hexagon centres are
//! the points with `j − i` a multiple of 3 (the origin is one), and its points the
//! others; [`SegmentGrid::puzzler`] maps Puzzler's `[x, y, d]` to cells and back.

use super::d6;
use super::lattice::{Lattice, Neighbours, Point};
use super::segment_grid::{Edges, SegmentGrid};
use super::square::Transform;
use super::Cell;

/// The cell offset of the hexagonal grid, so that Puzzler's segments `[x, y, d]` with
/// `x, y ≥ 0` are cells with both coordinates at or above 0 (an even shift).
const TWIG_OFFSET: (i32, i32) = (4, 4);

/// Half of each direction at a point, in doubled coordinates, counterclockwise in the
/// lattice's own basis (on squares x right, y down).
const SQUARE_STEPS: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const HEX_STEPS: [(i32, i32); 6] = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];

/// The height of a row of the triangular lattice, in sides.
const ROW: f64 = 0.866_025_403_784_438_6; // √3 / 2

/// The half-width of a segment's drawing, in sides.
const HALF_WIDTH: f64 = 0.14;
/// The gap left at each end of a segment's drawing, so that neighbours do not touch.
const END_GAP: f64 = 0.06;

impl SegmentGrid {
    /// Which lattice's edges these are.
    pub fn edges(&self) -> Edges {
        self.edges
    }

    /// The directions at a point, as half steps in doubled coordinates.
    pub(crate) fn steps(&self) -> &'static [(i32, i32)] {
        match self.edges {
            Edges::Square => &SQUARE_STEPS,
            _ => &HEX_STEPS,
        }
    }

    /// The doubled lattice coordinates `(X, Y)` of cell `c`.
    pub(crate) fn doubled(&self, c: Cell) -> (i32, i32) {
        match self.edges {
            Edges::Square => (c.x, c.y),
            Edges::Triangle => (c.x - c.y, c.y),
            Edges::Hexagon => {
                let (x, y) = (c.x - TWIG_OFFSET.0, c.y - TWIG_OFFSET.1);
                (x - y, y)
            }
        }
    }

    /// The cell at doubled lattice coordinates `(X, Y)`.
    pub(crate) fn cell(&self, (x, y): (i32, i32)) -> Cell {
        match self.edges {
            Edges::Square => Cell::new(x, y),
            Edges::Triangle => Cell::new(x + y, y),
            Edges::Hexagon => Cell::new(x + y + TWIG_OFFSET.0, y + TWIG_OFFSET.1),
        }
    }

    /// Whether the doubled point `(X, Y)` (both even) is a point of the grid (on the
    /// hexagonal grid, not a hexagon centre).
    fn is_point(&self, (x, y): (i32, i32)) -> bool {
        self.edges != Edges::Hexagon || (y / 2 - x / 2).rem_euclid(3) != 0
    }

    /// The two end points of segment `c` in doubled coordinates, with the index of the
    /// segment's direction at each; `None` if `c` is no segment of the grid.
    pub(crate) fn ends(&self, c: Cell) -> Option<[((i32, i32), usize); 2]> {
        let (x, y) = self.doubled(c);
        if x.rem_euclid(2) == 0 && y.rem_euclid(2) == 0 {
            return None;
        }
        let steps = self.steps();
        let n = steps.len();
        // The direction k with (x, y) − step k a point: the segment runs from there.
        let k = (0..n / 2).find(|&k| {
            let (dx, dy) = steps[k];
            (x - dx).rem_euclid(2) == 0 && (y - dy).rem_euclid(2) == 0
        })?;
        let (dx, dy) = steps[k];
        let (a, b) = ((x - dx, y - dy), (x + dx, y + dy));
        if !self.is_point(a) || !self.is_point(b) {
            return None;
        }
        Some([(a, k), (b, k + n / 2)])
    }

    /// The segment from doubled point `p` in direction `k`.
    pub(crate) fn segment_at(&self, p: (i32, i32), k: usize) -> Cell {
        let (dx, dy) = self.steps()[k];
        self.cell((p.0 + dx, p.1 + dy))
    }

    /// Puzzler's segment `[x, y, d]` as a cell, or `None` if `d` is not a direction of
    /// the grid (0 or 1 on squares, 0 to 2 on the others).
    pub fn puzzler(&self, x: i32, y: i32, d: i32) -> Option<Cell> {
        match (self.edges, d) {
            (Edges::Square, 0) => Some(Cell::new(2 * x + 1, 2 * y)),
            (Edges::Square, 1) => Some(Cell::new(2 * x, 2 * y + 1)),
            (Edges::Triangle, 0..=2) => {
                let k = [0, 1, 2][d as usize];
                Some(self.segment_at((2 * x, 2 * y), k))
            }
            (Edges::Hexagon, 0..=2) => {
                // The lower left corner of hexagon (x, y): its centre is
                // (x − y)·u + (x + 2y)·v; the corner is one step of −v from it.
                let p = (2 * (x - y), 2 * (x + 2 * y - 1));
                // 0°, 120°, 240°.
                let k = [0, 2, 4][d as usize];
                Some(self.segment_at(p, k))
            }
            _ => None,
        }
    }

    /// The inverse of [`SegmentGrid::puzzler`]: `[x, y, d]` of segment `c`.
    pub fn to_puzzler(&self, c: Cell) -> Option<[i32; 3]> {
        let [(a, ka), (b, kb)] = self.ends(c)?;
        let half = |p: (i32, i32)| (p.0 / 2, p.1 / 2);
        match self.edges {
            Edges::Square => {
                let (x, y) = half(a);
                Some([x, y, ka as i32])
            }
            Edges::Triangle => {
                // Directions 0, 1, 2 start at their point; 3, 4, 5 at the other end.
                let (x, y) = half(a);
                Some([x, y, ka as i32])
            }
            Edges::Hexagon => {
                // From the corner with directions 0°, 120°, 240° (0, 2, 4).
                let (p, k) = if ka % 2 == 0 { (a, ka) } else { (b, kb) };
                let (i, j) = half(p);
                // i = x − y, j = x + 2y − 1.
                let y = (j + 1 - i) / 3;
                Some([i + y, y, (k / 2) as i32])
            }
        }
    }

    /// The drawing position of doubled point `p`, in sides (y down on the page; on the
    /// hexagonal grids the lattice's y goes up, as in Puzzler's pictures).
    pub(crate) fn position(&self, (x, y): (i32, i32)) -> Point {
        let (i, j) = (f64::from(x) / 2.0, f64::from(y) / 2.0);
        match self.edges {
            Edges::Square => (i, j),
            _ => (i + j / 2.0, -j * ROW),
        }
    }
}

impl Lattice for SegmentGrid {
    fn neighbours(&self, c: Cell) -> Neighbours {
        let mut out = [Cell::new(0, 0); 12];
        let mut len = 0;
        if let Some(ends) = self.ends(c) {
            for (p, own) in ends {
                for k in (0..self.steps().len()).filter(|&k| k != own) {
                    let m = self.segment_at(p, k);
                    if self.ends(m).is_some() {
                        out[len] = m;
                        len += 1;
                    }
                }
            }
        }
        Neighbours::of(&out[..len])
    }

    fn class(&self, _: Cell) -> u8 {
        0
    }

    fn is_translation(&self, d: Cell) -> bool {
        if d.x.rem_euclid(2) != 0 || d.y.rem_euclid(2) != 0 {
            return false;
        }
        // The hexagon centres: j − i a multiple of 3, with (2i, 2j) = (d.x − d.y, d.y).
        self.edges != Edges::Hexagon || (d.y / 2 - (d.x - d.y) / 2).rem_euclid(3) == 0
    }

    fn normal_shift(&self, cells: &[Cell]) -> Cell {
        let floor_even = |v: i32| v - v.rem_euclid(2);
        let dy = floor_even(cells.iter().map(|c| c.y).min().unwrap_or(0));
        let min_x = cells.iter().map(|c| c.x).min().unwrap_or(0);
        let dx = match self.edges {
            Edges::Hexagon => min_x - (min_x - 2 * dy).rem_euclid(6),
            _ => floor_even(min_x),
        };
        Cell::new(dx, dy)
    }

    fn parallelogram(&self, width: i32, height: i32) -> Vec<Cell> {
        let mut out = Vec::new();
        match self.edges {
            // Sticks: the w × h squares with their border. Trigs: Puzzler's bordered
            // parallelogram of sides w and h, the points (x, y) with 0 ≤ x ≤ w,
            // 0 ≤ y ≤ h and every segment between two of them (the squares' segments
            // and one diagonal, d = 2, of each).
            Edges::Square | Edges::Triangle => {
                for y in 0..=height {
                    for x in 0..=width {
                        if x < width {
                            out.extend(self.puzzler(x, y, 0));
                        }
                        if y < height {
                            out.extend(self.puzzler(x, y, 1));
                            if self.edges == Edges::Triangle && x > 0 {
                                out.extend(self.puzzler(x, y, 2));
                            }
                        }
                    }
                }
            }
            // Puzzler's bordered parallelogram of w × h hexagons.
            Edges::Hexagon => {
                for y in 0..=height {
                    for x in 0..=width {
                        for d in 0..3 {
                            let skip = (d == 2 && x == 0 && y == 0)
                                || (d == 1 && y == height)
                                || (d == 0 && x == width)
                                || (x == width && y == height);
                            if !skip {
                                out.extend(self.puzzler(x, y, d));
                            }
                        }
                    }
                }
            }
        }
        out.sort();
        out
    }

    fn order(&self) -> usize {
        match self.edges {
            Edges::Square => Transform::ALL.len(),
            _ => d6::ORDER,
        }
    }

    fn apply(&self, t: usize, c: Cell) -> Cell {
        match self.edges {
            Edges::Square => Transform::ALL[t].apply(c),
            _ => self.cell(d6::apply(t, self.doubled(c))),
        }
    }

    fn is_rotation(&self, t: usize) -> bool {
        match self.edges {
            Edges::Square => Transform::ALL[t].is_rotation(),
            _ => d6::is_rotation(t),
        }
    }

    fn name(&self, t: usize) -> String {
        match self.edges {
            Edges::Square => Transform::ALL[t].name().to_string(),
            _ => d6::name(t),
        }
    }

    /// A thin hexagon along the segment, short of its end points (a stroke); a tiny
    /// triangle at a position that is no segment (a point of the frame).
    fn polygon(&self, c: Cell) -> Vec<Point> {
        let Some([(a, _), (b, _)]) = self.ends(c) else {
            let p = self.position(self.doubled(c));
            return vec![p, (p.0 + 0.01, p.1 + 0.01), (p.0, p.1 + 0.01)];
        };
        let (p, q) = (self.position(a), self.position(b));
        let len = ((q.0 - p.0).powi(2) + (q.1 - p.1).powi(2)).sqrt();
        let t = ((q.0 - p.0) / len, (q.1 - p.1) / len);
        let n = (-t.1, t.0);
        let at = |s: f64, w: f64| (p.0 + t.0 * s + n.0 * w, p.1 + t.1 * s + n.1 * w);
        let (near, far) = (END_GAP + HALF_WIDTH, len - END_GAP - HALF_WIDTH);
        let mut corners = vec![
            at(END_GAP, 0.0),
            at(near, -HALF_WIDTH),
            at(far, -HALF_WIDTH),
            at(len - END_GAP, 0.0),
            at(far, HALF_WIDTH),
            at(near, HALF_WIDTH),
        ];
        // Clockwise on the page (y down): a positive shoelace sum.
        let area: f64 = (0..corners.len())
            .map(|i| {
                let (u, v) = (corners[i], corners[(i + 1) % corners.len()]);
                u.0 * v.1 - v.0 * u.1
            })
            .sum();
        if area < 0.0 {
            corners.reverse();
        }
        corners
    }

    fn sides(&self, c: Cell) -> Vec<(Point, Point, Cell)> {
        // Strokes share no side with their neighbours.
        let corners = self.polygon(c);
        let n = corners.len();
        (0..n)
            .map(|i| (corners[i], corners[(i + 1) % n], c))
            .collect()
    }

    fn crossings(&self, cells: &[Cell]) -> Vec<super::Crossing> {
        super::crossing::crossings(self, cells)
    }

    fn segments(&self) -> Option<&SegmentGrid> {
        Some(self)
    }
}

#[cfg(test)]
mod tests {
    use super::super::segment_grid::{STICKS, TRIGS, TWIGS};
    use super::*;

    #[test]
    fn puzzler_coordinates_go_both_ways() {
        for grid in [&STICKS, &TRIGS, &TWIGS] {
            let ds = if grid.edges == Edges::Square { 2 } else { 3 };
            for y in 0..6 {
                for x in 0..6 {
                    for d in 0..ds {
                        let c = grid.puzzler(x, y, d).unwrap();
                        assert!(c.x >= 0 && c.y >= 0, "{grid:?} {x} {y} {d}");
                        assert!(grid.ends(c).is_some(), "{grid:?} {x} {y} {d}");
                        assert_eq!(grid.to_puzzler(c), Some([x, y, d]), "{grid:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn boards_of_size_have_the_segments_puzzler_lists() {
        // Sticks: 2wh + w + h. Trigs: the 5 × 2 parallelogram has 37 segments (Puzzler's
        // `coordinates_bordered(5, 2)`). Twigs: the hexagon counts of a w × h block.
        assert_eq!(STICKS.parallelogram(5, 5).len(), 60);
        assert_eq!(STICKS.parallelogram(3, 3).len(), 24);
        assert_eq!(TRIGS.parallelogram(5, 2).len(), 37);
        // One hexagon has 6 sides; a row of two shares one.
        assert_eq!(TWIGS.parallelogram(1, 1).len(), 6);
        assert_eq!(TWIGS.parallelogram(2, 1).len(), 11);
    }

    #[test]
    fn points_have_their_grids_degree() {
        // A segment's neighbours: 3 at each end on squares, 5 on triangles, 2 on hexagons.
        let inner = |grid: &SegmentGrid, x, y, d| grid.neighbours(grid.puzzler(x, y, d).unwrap());
        assert_eq!(inner(&STICKS, 3, 3, 0).as_slice().len(), 6);
        assert_eq!(inner(&TRIGS, 3, 3, 2).as_slice().len(), 10);
        assert_eq!(inner(&TWIGS, 3, 3, 1).as_slice().len(), 4);
    }
}
