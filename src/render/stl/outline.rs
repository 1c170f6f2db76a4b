//! The cells of a plane grid laid out in millimetres, and their outlines moved by a
//! clearance. A region (some of the cells) shrinks by moving each boundary side inward by
//! `d` and each corner to where its two moved sides meet (a mitre); interior corners stay.
//! Corners are taken one *run* at a time: the cells of the region around a corner that
//! follow one another across shared sides. Where two runs touch at one point (a pinch),
//! each has its own mitre, so the shrunk region comes apart there instead of meeting in a
//! point. [`Plane::around`] gives the cells of the complement the matching corners, so a
//! region and its complement, both moved, still tile the plane (the tray's walls and
//! recess).

use std::collections::HashMap;

use crate::geom::{Cell, Lattice};

/// A point of the plane in millimetres, y up (the picture's rows go down).
pub type P2 = (f64, f64);

/// A corner's position rounded to a millionth of a millimetre: equal corners of
/// different cells get equal keys.
pub type Key = (i64, i64);

pub fn key(p: P2) -> Key {
    ((p.0 * 1e6).round() as i64, (p.1 * 1e6).round() as i64)
}

/// Cells as counter-clockwise polygons in millimetres, and which cells meet at each
/// corner.
#[derive(Debug)]
pub struct Plane {
    /// The cells, in the order given.
    pub cells: Vec<Cell>,
    /// Each cell's corners, counter-clockwise, y up.
    pub corners: Vec<Vec<P2>>,
    keys: Vec<Vec<Key>>,
    /// At each corner, the (cell, corner index) pairs that have it.
    star: HashMap<Key, Vec<(usize, usize)>>,
    /// The cell with each directed side `(from, to)` (counter-clockwise in that cell).
    sides: HashMap<(Key, Key), usize>,
}

/// One run of a region's cells around a corner: its mitre point.
#[derive(Clone, Copy, Debug)]
struct Run {
    mitre: P2,
}

impl Plane {
    /// `cells` of `lattice`, each `size` millimetres across (the side of a square, the
    /// distance between the centres of neighbouring hexagons, the side of a triangle).
    pub fn new(lattice: &dyn Lattice, cells: &[Cell], size: f64) -> Plane {
        let mut corners = Vec::with_capacity(cells.len());
        for &c in cells {
            let mut polygon: Vec<P2> = lattice
                .polygon(c)
                .into_iter()
                .map(|(x, y)| (x * size, -y * size))
                .collect();
            if signed_area(&polygon) < 0.0 {
                polygon.reverse();
            }
            corners.push(polygon);
        }
        let keys: Vec<Vec<Key>> = corners
            .iter()
            .map(|p| p.iter().map(|&q| key(q)).collect())
            .collect();
        let mut star: HashMap<Key, Vec<(usize, usize)>> = HashMap::new();
        let mut sides = HashMap::new();
        for (c, ks) in keys.iter().enumerate() {
            for (i, &k) in ks.iter().enumerate() {
                star.entry(k).or_default().push((c, i));
                sides.insert((k, ks[(i + 1) % ks.len()]), c);
            }
        }
        Plane {
            cells: cells.to_vec(),
            corners,
            keys,
            star,
            sides,
        }
    }

    /// The cell across side `i` (from corner `i` to `i + 1`) of cell `c`, if it is one of
    /// this plane's cells.
    pub fn across(&self, c: usize, i: usize) -> Option<usize> {
        let ks = &self.keys[c];
        self.sides.get(&(ks[(i + 1) % ks.len()], ks[i])).copied()
    }

    /// The sides `(cell, i)` of the region `inside` with no cell of the region across.
    pub fn boundary(&self, inside: &[bool]) -> Vec<(usize, usize)> {
        let mut sides = Vec::new();
        for c in (0..self.cells.len()).filter(|&c| inside[c]) {
            for i in 0..self.keys[c].len() {
                if !self.across(c, i).is_some_and(|a| inside[a]) {
                    sides.push((c, i));
                }
            }
        }
        sides
    }

    /// The corners of each cell of the region `inside`, shrunk by `d` millimetres (empty
    /// lists for the cells outside it).
    pub fn shrunk(&self, inside: &[bool], d: f64) -> Vec<Vec<P2>> {
        (0..self.cells.len())
            .map(|c| match inside[c] {
                false => Vec::new(),
                true => (0..self.keys[c].len())
                    .map(|i| {
                        let v = self.corners[c][i];
                        let (runs, of) = self.runs(self.keys[c][i], inside, d);
                        of.get(&(c, i)).map_or(v, |&r| runs[r].mitre)
                    })
                    .collect(),
            })
            .collect()
    }

    /// The corners of each cell of `hole` (cells outside `inside`) when `inside` shrinks
    /// by `d`: the hole grows into what the region gave up. A corner where the region has
    /// one run moves to its mitre; where it has several, the corner stays and a hole cell
    /// next to a run also takes that run's mitre, so the cells keep sharing sides.
    pub fn around(&self, inside: &[bool], hole: &[bool], d: f64) -> Vec<Vec<P2>> {
        (0..self.cells.len())
            .map(|c| {
                if !hole[c] {
                    return Vec::new();
                }
                let mut ring = Vec::new();
                for i in 0..self.keys[c].len() {
                    let v = self.corners[c][i];
                    let k = self.keys[c][i];
                    let (runs, of) = self.runs(k, inside, d);
                    match runs.len() {
                        0 => ring.push(v),
                        1 => ring.push(runs[0].mitre),
                        _ => {
                            let n = self.keys[c].len();
                            let (next, prev) =
                                (self.keys[c][(i + 1) % n], self.keys[c][(i + n - 1) % n]);
                            // The region's cell across the side arriving at this corner,
                            // then the one across the side leaving it.
                            let after = self.sector_from(k, prev).and_then(|s| of.get(&s));
                            let before = self.sector_to(k, next).and_then(|s| of.get(&s));
                            if let Some(&r) = after {
                                ring.push(runs[r].mitre);
                            }
                            ring.push(v);
                            if let Some(&r) = before {
                                ring.push(runs[r].mitre);
                            }
                        }
                    }
                }
                ring
            })
            .collect()
    }

    /// The sector at corner `v` that starts along the side towards `towards`.
    fn sector_from(&self, v: Key, towards: Key) -> Option<(usize, usize)> {
        self.star[&v].iter().copied().find(|&(c, i)| {
            let ks = &self.keys[c];
            ks[(i + 1) % ks.len()] == towards
        })
    }

    /// The sector at corner `v` that ends along the side towards `towards`.
    fn sector_to(&self, v: Key, towards: Key) -> Option<(usize, usize)> {
        self.star[&v].iter().copied().find(|&(c, i)| {
            let ks = &self.keys[c];
            ks[(i + ks.len() - 1) % ks.len()] == towards
        })
    }

    /// The runs of the region's cells around corner `v` that do not close up around it,
    /// each with its mitre, and which run each sector `(cell, corner)` belongs to.
    fn runs(&self, v: Key, inside: &[bool], d: f64) -> (Vec<Run>, HashMap<(usize, usize), usize>) {
        let sectors: Vec<(usize, usize)> = self.star[&v]
            .iter()
            .copied()
            .filter(|&(c, _)| inside[c])
            .collect();
        let ks = |c: usize| &self.keys[c];
        let start = |(c, i): (usize, usize)| ks(c)[(i + 1) % ks(c).len()];
        let end = |(c, i): (usize, usize)| ks(c)[(i + ks(c).len() - 1) % ks(c).len()];
        let next = |s: (usize, usize)| sectors.iter().copied().find(|&t| start(t) == end(s));
        let prev = |s: (usize, usize)| sectors.iter().copied().find(|&t| end(t) == start(s));
        let mut runs = Vec::new();
        let mut of = HashMap::new();
        for &first in &sectors {
            if prev(first).is_some() {
                continue;
            }
            // `first` begins a run: follow it counter-clockwise to its last sector.
            let mut last = first;
            of.insert(first, runs.len());
            while let Some(s) = next(last) {
                last = s;
                of.insert(s, runs.len());
            }
            let (c, i) = first;
            let at = self.corners[c][i];
            let point = |k: Key| (k.0 as f64 * 1e-6, k.1 as f64 * 1e-6);
            runs.push(Run {
                mitre: mitre(at, point(start(first)), point(end(last)), d),
            });
        }
        (runs, of)
    }
}

/// Where the sides from `v` towards `a` and towards `b` meet after moving `d` into the
/// region that lies counter-clockwise from the first to the second.
fn mitre(v: P2, a: P2, b: P2, d: f64) -> P2 {
    let unit = |p: P2| {
        let (x, y) = (p.0 - v.0, p.1 - v.1);
        let n = x.hypot(y);
        (x / n, y / n)
    };
    let (u1, u2) = (unit(a), unit(b));
    let n1 = (-u1.1, u1.0);
    let n2 = (u2.1, -u2.0);
    // s·u1 − t·u2 = d·(n2 − n1)
    let rhs = (d * (n2.0 - n1.0), d * (n2.1 - n1.1));
    let det = -u1.0 * u2.1 + u2.0 * u1.1;
    if det.abs() < 1e-9 {
        return (v.0 + d * n1.0, v.1 + d * n1.1);
    }
    let s = (rhs.0 * -u2.1 + u2.0 * rhs.1) / det;
    (v.0 + s * u1.0 + d * n1.0, v.1 + s * u1.1 + d * n1.1)
}

/// The signed area of a polygon (positive counter-clockwise).
pub fn signed_area(p: &[P2]) -> f64 {
    let n = p.len();
    (0..n)
        .map(|i| {
            let (a, b) = (p[i], p[(i + 1) % n]);
            a.0 * b.1 - b.0 * a.1
        })
        .sum::<f64>()
        / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Grid;

    fn area(rings: &[Vec<P2>]) -> f64 {
        rings
            .iter()
            .filter(|r| !r.is_empty())
            .map(|r| signed_area(r))
            .sum()
    }

    #[test]
    fn a_square_corner_mitres_diagonally() {
        assert_eq!(mitre((0.0, 0.0), (1.0, 0.0), (0.0, 1.0), 0.5), (0.5, 0.5));
        // A reflex corner (270°) moves out of the region's missing quadrant.
        let p = mitre((0.0, 0.0), (0.0, 1.0), (1.0, 0.0), 0.5);
        assert!(
            (p.0 + 0.5).abs() < 1e-12 && (p.1 + 0.5).abs() < 1e-12,
            "{p:?}"
        );
        // A straight side moves along its normal.
        let p = mitre((0.0, 0.0), (1.0, 0.0), (-1.0, 0.0), 0.5);
        assert!(p.0.abs() < 1e-12 && (p.1 - 0.5).abs() < 1e-12, "{p:?}");
    }

    #[test]
    fn a_shrunk_domino_loses_its_perimeter_strip() {
        let cells = [Cell::new(0, 0), Cell::new(1, 0)];
        let plane = Plane::new(Grid::Square.lattice(), &cells, 10.0);
        let shrunk = plane.shrunk(&[true, true], 1.0);
        assert!((area(&shrunk) - 18.0 * 8.0).abs() < 1e-9);
        assert_eq!(plane.boundary(&[true, true]).len(), 6);
    }

    #[test]
    fn a_region_and_its_complement_still_tile_at_a_pinch() {
        // Two squares meeting at one corner in the middle of a 4×4 block.
        let cells: Vec<Cell> = (0..16).map(|k| Cell::new(k % 4, k / 4)).collect();
        let plane = Plane::new(Grid::Square.lattice(), &cells, 1.0);
        let inside: Vec<bool> = cells
            .iter()
            .map(|c| *c == Cell::new(1, 1) || *c == Cell::new(2, 2))
            .collect();
        let hole: Vec<bool> = inside.iter().map(|&i| !i).collect();
        let walls = plane.shrunk(&inside, 0.1);
        let rest = plane.around(&inside, &hole, 0.1);
        assert!((area(&walls) - 2.0 * 0.8 * 0.8).abs() < 1e-9, "{walls:?}");
        assert!((area(&walls) + area(&rest) - 16.0).abs() < 1e-9);
        assert!(rest.iter().all(|r| r.is_empty() || signed_area(r) > 0.5));
        // The two cells across the pinch take both mitres and the corner between them.
        let pinch = |c: Cell| rest[cells.iter().position(|&d| d == c).unwrap()].len();
        assert_eq!((pinch(Cell::new(2, 1)), pinch(Cell::new(1, 2))), (6, 6));
    }

    #[test]
    fn triangles_and_hexagons_keep_their_area() {
        for grid in [Grid::Hex, Grid::Triangle] {
            let lattice = grid.lattice();
            let cells: Vec<Cell> = lattice.parallelogram(3, 2);
            let plane = Plane::new(lattice, &cells, 1.0);
            let all = vec![true; cells.len()];
            let a0 = area(&plane.shrunk(&all, 0.0));
            let total: f64 = plane.corners.iter().map(|p| signed_area(p)).sum();
            assert!((a0 - total).abs() < 1e-9);
            // Shrinking by d takes about d × perimeter.
            let perimeter: f64 = plane
                .boundary(&all)
                .iter()
                .map(|&(c, i)| {
                    let p = &plane.corners[c];
                    let (a, b) = (p[i], p[(i + 1) % p.len()]);
                    (b.0 - a.0).hypot(b.1 - a.1)
                })
                .sum();
            let a1 = area(&plane.shrunk(&all, 0.01));
            assert!(
                ((total - a1) / (0.01 * perimeter) - 1.0).abs() < 0.05,
                "{grid:?}"
            );
        }
    }
}
