//! Straight lines of a drawing in cell units, on any grid: [`Segment`]s, their merging
//! into maximal straight runs ([`merge`]) and the outline of a row's run of cells
//! ([`run_outlines`]). Points come from [`Lattice::polygon`], so two cells compute a
//! shared corner separately; comparisons go through [`key`], which rounds to a millionth
//! of a cell, so that those copies are one point.

use crate::geom::{Cell, Lattice, Point};

/// A straight line from `a` to `b` in cell units. Merged segments run left to right (or
/// top to bottom when vertical).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Segment {
    pub a: Point,
    pub b: Point,
}

impl Segment {
    /// Whether it runs along a row of pixels.
    pub fn is_horizontal(&self) -> bool {
        key(self.a).1 == key(self.b).1
    }

    /// Whether it runs along a column of pixels.
    pub fn is_vertical(&self) -> bool {
        key(self.a).0 == key(self.b).0
    }
}

/// A point rounded to millionths of a cell, for comparing corners.
pub fn key(p: Point) -> (i64, i64) {
    ((p.0 * 1e6).round() as i64, (p.1 * 1e6).round() as i64)
}

/// `s` pointing right, or down when it is vertical.
fn canonical(s: Segment) -> Segment {
    let (a, b) = (key(s.a), key(s.b));
    if b.0 > a.0 || (b.0 == a.0 && b.1 > a.1) {
        s
    } else {
        Segment { a: s.b, b: s.a }
    }
}

/// Where a canonical segment sorts: its direction (by angle, so horizontal lines come
/// before steeper ones and vertical ones last), the line it lies on (the offset along a
/// normal pointing down, or right for vertical lines), and its start along that line.
fn sort_key(s: &Segment) -> (i64, i64, i64) {
    let (dx, dy) = (s.b.0 - s.a.0, s.b.1 - s.a.1);
    let len = (dx * dx + dy * dy).sqrt();
    let (ux, uy) = (dx / len, dy / len);
    let angle = (uy.atan2(ux) * 1e6).round() as i64;
    let (mut nx, mut ny) = (-uy, ux);
    if (ny * 1e6).round() < 0.0 || ((ny * 1e6).round() == 0.0 && nx < 0.0) {
        (nx, ny) = (-nx, -ny);
    }
    let offset = ((s.a.0 * nx + s.a.1 * ny) * 1e6).round() as i64;
    let along = ((s.a.0 * ux + s.a.1 * uy) * 1e6).round() as i64;
    (angle, offset, along)
}

/// Edges merged into maximal straight runs, sorted by direction (horizontal first), then
/// by line (top to bottom, left to right), then along the line. On the square grid:
/// horizontal runs by row, then column, then vertical runs by column, then row.
pub fn merge(edges: Vec<Segment>) -> Vec<Segment> {
    let mut keyed: Vec<((i64, i64, i64), Segment)> = edges
        .into_iter()
        .map(canonical)
        .map(|s| (sort_key(&s), s))
        .collect();
    keyed.sort_by_key(|(k, _)| *k);
    let mut out: Vec<((i64, i64), Segment)> = Vec::new();
    for ((angle, offset, _), s) in keyed {
        match out.last_mut() {
            Some((line, last)) if *line == (angle, offset) && key(last.b) == key(s.a) => {
                last.b = s.b;
            }
            _ => out.push(((angle, offset), s)),
        }
    }
    out.into_iter().map(|(_, s)| s).collect()
}

/// The cells of `cells` (sorted by layer, row, then column) in runs: cells of one row
/// of one layer each of which is a neighbour of the one before.
fn runs(lattice: &dyn Lattice, cells: &[Cell]) -> Vec<Vec<Cell>> {
    let mut sorted = cells.to_vec();
    sorted.sort();
    let mut out: Vec<Vec<Cell>> = Vec::new();
    for c in sorted {
        match out.last_mut() {
            Some(run)
                if run.last().is_some_and(|&p| {
                    (p.z, p.y) == (c.z, c.y) && lattice.neighbours(p).as_slice().contains(&c)
                }) =>
            {
                run.push(c)
            }
            _ => out.push(vec![c]),
        }
    }
    out
}

/// The outline of each run of `cells` (see [`runs`]) as the corners of one polygon,
/// clockwise, starting at the corner where the first side of the run's first cell
/// that borders no other cell of the run begins (on the square grid, the top left
/// corner), with corners inside straight sides left out.
pub fn run_outlines(lattice: &dyn Lattice, cells: &[Cell]) -> Vec<Vec<Point>> {
    // Segments are strokes apart from each other: one outline each.
    if lattice.segments().is_some() {
        return cells.iter().map(|&c| lattice.polygon(c)).collect();
    }
    runs(lattice, cells)
        .into_iter()
        .map(|run| run_outline(lattice, &run))
        .collect()
}

fn run_outline(lattice: &dyn Lattice, run: &[Cell]) -> Vec<Point> {
    // The sides on the border, each from its start corner, in the cells' order.
    let border: Vec<(Point, Point)> = run
        .iter()
        .flat_map(|&c| lattice.sides(c))
        .filter(|(_, _, across)| !run.contains(across))
        .map(|(a, b, _)| (a, b))
        .collect();
    let mut corners: Vec<Point> = Vec::with_capacity(border.len());
    let Some(&(start, _)) = border.first() else {
        return corners;
    };
    let mut at = start;
    for _ in 0..border.len() {
        corners.push(at);
        match border.iter().find(|(a, _)| key(*a) == key(at)) {
            Some(&(_, b)) if key(b) != key(start) => at = b,
            _ => break,
        }
    }
    drop_straight_corners(corners)
}

/// The polygon without the corners that lie on a straight line between their
/// neighbours (the first corner is kept when it is a real corner).
fn drop_straight_corners(corners: Vec<Point>) -> Vec<Point> {
    let n = corners.len();
    let straight = |i: usize| {
        let (p, q, r) = (corners[(i + n - 1) % n], corners[i], corners[(i + 1) % n]);
        let cross = (q.0 - p.0) * (r.1 - q.1) - (q.1 - p.1) * (r.0 - q.0);
        cross.abs() < 1e-9
    };
    let kept: Vec<usize> = (0..n).filter(|&i| !straight(i)).collect();
    // Start at the first real corner at or after corner 0.
    kept.iter().map(|&i| corners[i]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Grid;

    fn seg(x0: f64, y0: f64, x1: f64, y1: f64) -> Segment {
        Segment {
            a: (x0, y0),
            b: (x1, y1),
        }
    }

    #[test]
    fn square_runs_merge_horizontal_first() {
        let edges = vec![
            seg(1.0, 0.0, 1.0, 1.0),
            seg(2.0, 1.0, 1.0, 1.0),
            seg(0.0, 1.0, 1.0, 1.0),
            seg(1.0, 1.0, 1.0, 2.0),
        ];
        assert_eq!(
            merge(edges),
            [seg(0.0, 1.0, 2.0, 1.0), seg(1.0, 0.0, 1.0, 2.0)]
        );
    }

    #[test]
    fn run_of_squares_is_a_rectangle() {
        let lattice = Grid::Square.lattice();
        let cells = [Cell::new(1, 0), Cell::new(2, 0), Cell::new(0, 1)];
        let outlines = run_outlines(lattice, &cells);
        assert_eq!(
            outlines,
            [
                vec![(1.0, 0.0), (3.0, 0.0), (3.0, 1.0), (1.0, 1.0)],
                vec![(0.0, 1.0), (1.0, 1.0), (1.0, 2.0), (0.0, 2.0)],
            ]
        );
    }

    #[test]
    fn runs_on_hex_and_triangle() {
        let hex = Grid::Hex.lattice();
        let row = [Cell::new(0, 0), Cell::new(2, 0), Cell::new(4, 0)];
        let outline = &run_outlines(hex, &row)[0];
        // Three hexagons in a row: 7 corners along the top (3 tops, 2 joints, the 2
        // upper ends) and 7 along the bottom.
        assert_eq!(outline.len(), 14);
        let tri = Grid::Triangle.lattice();
        // ∇Δ∇ in row 0 (columns 1..=3): a trapezoid with 4 corners.
        let trapezoid = &run_outlines(tri, &[Cell::new(1, 0), Cell::new(2, 0), Cell::new(3, 0)])[0];
        assert_eq!(trapezoid.len(), 4);
        let (a, b) = (Cell::new(0, 0), Cell::new(5, 0));
        assert_eq!(run_outlines(tri, &[a, b]).len(), 2);
    }
}
