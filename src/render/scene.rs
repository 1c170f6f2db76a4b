//! The drawing of one tiling, shared by every picture format: which region owns each
//! cell (a placement, the blocked cells, the uncovered open cells, or outside), the
//! fills, and the edges to draw, in cell units, on any grid: the edges are the sides of
//! the cells' polygons ([`Lattice::sides`]). An edge between two different regions
//! is an outline (never between two outside cells); an edge inside a placement is a thin
//! grid line. Edges are merged into maximal straight segments, sorted, so output built
//! from a scene is byte-stable. On the grids of space every layer is drawn in its own
//! panel ([`Panels`]), and the outlines are those within each layer.

use crate::geom::{Cell, Grid, Lattice, Point};
use crate::model::{Board, PieceSet, Square, Tiling};
use crate::render::lines::{merge, Segment};
use crate::render::palette;
use crate::render::panels::Panels;

/// What owns a cell, for deciding where lines go.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Region {
    Outside,
    /// All blocked cells together.
    Blocked,
    /// All open cells no placement covers (and pre-placed squares with no placement).
    Empty,
    /// The placement with this index in the tiling.
    Piece(usize),
}

/// The regions of a board's cells under a tiling, with `Outside` all around.
pub struct Regions {
    width: i32,
    height: i32,
    depth: i32,
    cells: Vec<Region>,
}

impl Regions {
    pub fn new(board: &Board, t: &Tiling) -> Regions {
        let owners = t.owners(board);
        let cells = board
            .cells()
            .zip(owners)
            .map(|(c, owner)| match (owner, board.square(c)) {
                (Some(k), _) => Region::Piece(k),
                (None, Square::Outside) => Region::Outside,
                (None, Square::Blocked) => Region::Blocked,
                (None, Square::Open | Square::Preplaced(_)) => Region::Empty,
            })
            .collect();
        Regions {
            width: board.width,
            height: board.height,
            depth: board.depth,
            cells,
        }
    }

    /// The region at `(x, y)` of layer `z`; `Outside` beyond the frame.
    pub fn at(&self, x: i32, y: i32, z: i32) -> Region {
        let inside = |v: i32, n: i32| (0..n).contains(&v);
        if !(inside(x, self.width) && inside(y, self.height) && inside(z, self.depth)) {
            return Region::Outside;
        }
        self.cells[((z * self.height + y) * self.width + x) as usize]
    }

    /// The region of cell `c`.
    pub fn of(&self, c: Cell) -> Region {
        self.at(c.x, c.y, c.z)
    }
}

/// One placement's drawing.
pub struct Fill {
    pub color: [u8; 3],
    /// The colour of the thin grid lines inside it.
    pub grid_color: [u8; 3],
    pub cells: Vec<Cell>,
    /// Thin lines between its own cells.
    pub grid: Vec<Segment>,
    pub label: char,
    /// The cell that carries the label: the one nearest the placement's centre.
    pub label_cell: Cell,
    /// Pre-placed by the puzzle (drawn with a dot in each cell).
    pub fixed: bool,
}

/// Everything to draw for one tiling, in cell units.
pub struct Scene {
    /// The board's grid.
    pub grid: Grid,
    /// The board's grid as drawn, for the cells' polygons (on the grids of space, each
    /// layer in its panel).
    pub lattice: Panels,
    pub fills: Vec<Fill>,
    pub blocked: Vec<Cell>,
    pub empty: Vec<Cell>,
    /// Thin lines between uncovered open cells.
    pub empty_grid: Vec<Segment>,
    /// Outlines: every edge between two different regions.
    pub outline: Vec<Segment>,
}

impl Scene {
    pub fn new(board: &Board, set: &PieceSet, t: &Tiling) -> Scene {
        let regions = Regions::new(board, t);
        let lattice = Panels::of(board);
        let mut fills: Vec<Fill> = t
            .placements
            .iter()
            .map(|p| {
                let piece = &set.pieces[p.piece];
                let color = palette::piece_color(set, p.piece);
                Fill {
                    color,
                    grid_color: palette::grid_color(color),
                    cells: p.cells.clone(),
                    grid: Vec::new(),
                    label: piece.label,
                    label_cell: label_cell(&lattice, &p.cells),
                    fixed: p.fixed,
                }
            })
            .collect();
        let (mut blocked, mut empty) = (Vec::new(), Vec::new());
        for c in board.cells() {
            match regions.of(c) {
                Region::Blocked => blocked.push(c),
                Region::Empty => empty.push(c),
                _ => {}
            }
        }
        let (mut outline, mut empty_grid) = (Vec::new(), Vec::new());
        let mut grids: Vec<Vec<Segment>> = vec![Vec::new(); fills.len()];
        for c in board.cells() {
            let here = regions.of(c);
            if here == Region::Outside {
                continue;
            }
            for (a, b, across) in lattice.sides(c) {
                let other = if across == c {
                    Region::Outside
                } else {
                    regions.of(across)
                };
                // Each side between two cells of the board once, from the smaller cell.
                if other != Region::Outside && across < c {
                    continue;
                }
                let edge = Segment { a, b };
                match (here, other) {
                    (a, b) if a != b => outline.push(edge),
                    (Region::Piece(k), _) => grids[k].push(edge),
                    (Region::Empty, _) => empty_grid.push(edge),
                    _ => {}
                }
            }
        }
        for (fill, grid) in fills.iter_mut().zip(grids) {
            fill.grid = merge(grid);
        }
        blocked.sort();
        empty.sort();
        Scene {
            grid: board.grid,
            lattice,
            fills,
            blocked,
            empty,
            empty_grid: merge(empty_grid),
            outline: merge(outline),
        }
    }
}

/// The cell of `cells` nearest their centre of mass, measured between the centres of
/// the cells' polygons (ties: the first in row order).
pub fn label_cell(lattice: &dyn Lattice, cells: &[Cell]) -> Cell {
    let mut sorted = cells.to_vec();
    sorted.sort();
    let centres: Vec<Point> = sorted.iter().map(|&c| centre(lattice, c)).collect();
    let n = centres.len().max(1) as f64;
    let (sx, sy) = centres
        .iter()
        .fold((0.0, 0.0), |(sx, sy), p| (sx + p.0, sy + p.1));
    let dist = |p: &Point| {
        let (dx, dy) = (p.0 * n - sx, p.1 * n - sy);
        dx * dx + dy * dy
    };
    (sorted.iter().zip(&centres))
        .min_by(|(_, p), (_, q)| dist(p).total_cmp(&dist(q)))
        .map_or(Cell::new(0, 0), |(&c, _)| c)
}

/// The centre of cell `c`: the mean of its polygon's corners.
pub fn centre(lattice: &dyn Lattice, c: Cell) -> Point {
    let corners = lattice.polygon(c);
    let n = corners.len() as f64;
    let (sx, sy) = corners
        .iter()
        .fold((0.0, 0.0), |(sx, sy), p| (sx + p.0, sy + p.1));
    (sx / n, sy / n)
}

/// Where a pre-placed piece's dot goes in cell `c`: halfway from the centre to the
/// polygon's upper left corner (the one with the smallest x + y; on the square grid the
/// top left one), clear of the label.
pub fn dot_point(lattice: &dyn Lattice, c: Cell) -> Point {
    let (x, y) = centre(lattice, c);
    let corners = lattice.polygon(c);
    let corner = corners
        .iter()
        .copied()
        .reduce(|best, p| {
            if p.0 + p.1 < best.0 + best.1 - 1e-9 {
                p
            } else {
                best
            }
        })
        .unwrap_or((x, y));
    ((x + corner.0) / 2.0, (y + corner.1) / 2.0)
}

/// The radius of the circle inside cell `c`'s polygon (twice its area over its
/// perimeter): one half on the square and hex grids, less on the triangle grid. Labels
/// are sized by it.
pub fn inradius(lattice: &dyn Lattice, c: Cell) -> f64 {
    let corners = lattice.polygon(c);
    let n = corners.len();
    let (mut area, mut perimeter) = (0.0, 0.0);
    for i in 0..n {
        let (p, q) = (corners[i], corners[(i + 1) % n]);
        area += p.0 * q.1 - q.0 * p.1;
        perimeter += ((q.0 - p.0).powi(2) + (q.1 - p.1).powi(2)).sqrt();
    }
    area.abs() / perimeter
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::fixtures;

    fn seg(x0: i32, y0: i32, x1: i32, y1: i32) -> Segment {
        let f = f64::from;
        Segment {
            a: (f(x0), f(y0)),
            b: (f(x1), f(y1)),
        }
    }

    #[test]
    fn outline_of_two_trominoes() {
        let (board, set, t) = fixtures::two_l();
        let scene = Scene::new(&board, &set, &t);
        assert_eq!(
            scene.outline,
            [
                seg(0, 0, 3, 0),
                seg(1, 1, 2, 1),
                seg(0, 2, 3, 2),
                seg(0, 0, 0, 2),
                seg(1, 1, 1, 2),
                seg(2, 0, 2, 1),
                seg(3, 0, 3, 2),
            ]
        );
        assert_eq!(scene.fills[0].grid, [seg(0, 1, 1, 1), seg(1, 0, 1, 1)]);
        assert_eq!(scene.fills[1].label_cell, Cell::new(2, 1));
        assert!(scene.blocked.is_empty() && scene.empty.is_empty());
    }

    #[test]
    fn holes_have_outlines_and_no_lines_outside() {
        let (board, set, t) = fixtures::holes();
        let scene = Scene::new(&board, &set, &t);
        assert_eq!(scene.blocked, [Cell::new(2, 1)]);
        assert_eq!(scene.empty, [Cell::new(3, 0)]);
        // Nothing is drawn left of x = 0 or above row 0 except where cells are.
        assert!(scene.outline.contains(&seg(1, 0, 4, 0)));
        assert!(scene.outline.iter().all(|s| s.b.0 <= 4.0 && s.b.1 <= 3.0));
        assert!(!scene.outline.contains(&seg(0, 0, 1, 0)));
    }
}
