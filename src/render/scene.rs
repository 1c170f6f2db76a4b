//! The drawing of one tiling, shared by every picture format: which region owns each
//! cell (a placement, the blocked cells, the uncovered open cells, or outside), the
//! fills, and the edges to draw, in cell units. An edge between two different regions
//! is an outline (never between two outside cells); an edge inside a placement is a thin
//! grid line. Edges are merged into maximal straight segments, sorted, so output built
//! from a scene is byte-stable.

use crate::geom::Cell;
use crate::model::{Board, PieceSet, Square, Tiling};
use crate::render::palette;

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

/// The regions of a board's cells under a tiling, with a ring of `Outside` around.
pub struct Regions {
    width: i32,
    height: i32,
    cells: Vec<Region>,
}

impl Regions {
    pub fn new(board: &Board, t: &Tiling) -> Regions {
        let owners = t.owners(board.width, board.height);
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
            cells,
        }
    }

    /// The region at `(x, y)`; `Outside` beyond the frame.
    pub fn at(&self, x: i32, y: i32) -> Region {
        if x < 0 || y < 0 || x >= self.width || y >= self.height {
            return Region::Outside;
        }
        self.cells[(y * self.width + x) as usize]
    }
}

/// An axis-aligned segment from `(x0, y0)` to `(x1, y1)` in cell units, `x0 <= x1`,
/// `y0 <= y1`; a unit edge or a run of them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Segment {
    pub x0: i32,
    pub y0: i32,
    pub x1: i32,
    pub y1: i32,
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
                    label_cell: label_cell(&p.cells),
                    fixed: p.fixed,
                }
            })
            .collect();
        let (mut blocked, mut empty) = (Vec::new(), Vec::new());
        for c in board.cells() {
            match regions.at(c.x, c.y) {
                Region::Blocked => blocked.push(c),
                Region::Empty => empty.push(c),
                _ => {}
            }
        }
        let (mut outline, mut empty_grid) = (Vec::new(), Vec::new());
        let mut grids: Vec<Vec<Segment>> = vec![Vec::new(); fills.len()];
        for y in -1..=board.height {
            for x in -1..=board.width {
                let here = regions.at(x, y);
                // The edge right of (x, y), then the edge below it.
                let right = Segment {
                    x0: x + 1,
                    y0: y,
                    x1: x + 1,
                    y1: y + 1,
                };
                let below = Segment {
                    x0: x,
                    y0: y + 1,
                    x1: x + 1,
                    y1: y + 1,
                };
                for (other, edge) in [(regions.at(x + 1, y), right), (regions.at(x, y + 1), below)]
                {
                    match (here, other) {
                        (Region::Outside, Region::Outside) => {}
                        (a, b) if a != b => outline.push(edge),
                        (Region::Piece(k), _) => grids[k].push(edge),
                        (Region::Empty, _) => empty_grid.push(edge),
                        _ => {}
                    }
                }
            }
        }
        for (fill, grid) in fills.iter_mut().zip(grids) {
            fill.grid = merge(grid);
        }
        blocked.sort();
        empty.sort();
        Scene {
            fills,
            blocked,
            empty,
            empty_grid: merge(empty_grid),
            outline: merge(outline),
        }
    }
}

/// The cell of `cells` nearest their centre of mass (ties: the first in row order).
fn label_cell(cells: &[Cell]) -> Cell {
    let n = cells.len().max(1) as i64;
    let (sx, sy) = cells.iter().fold((0i64, 0i64), |(sx, sy), c| {
        (sx + c.x as i64, sy + c.y as i64)
    });
    let dist = |c: &Cell| {
        let dx = c.x as i64 * n - sx;
        let dy = c.y as i64 * n - sy;
        dx * dx + dy * dy
    };
    let mut sorted = cells.to_vec();
    sorted.sort();
    sorted
        .into_iter()
        .min_by_key(dist)
        .unwrap_or(Cell::new(0, 0))
}

/// Unit edges merged into maximal runs: horizontal ones first (by row, then column),
/// then vertical ones (by column, then row).
pub fn merge(mut edges: Vec<Segment>) -> Vec<Segment> {
    let (mut horizontal, mut vertical): (Vec<Segment>, Vec<Segment>) =
        edges.drain(..).partition(|s| s.y0 == s.y1);
    horizontal.sort_by_key(|s| (s.y0, s.x0));
    vertical.sort_by_key(|s| (s.x0, s.y0));
    let mut out: Vec<Segment> = Vec::new();
    for s in horizontal {
        match out.last_mut() {
            Some(last) if last.y0 == s.y0 && last.y1 == s.y1 && last.x1 == s.x0 => last.x1 = s.x1,
            _ => out.push(s),
        }
    }
    let first_vertical = out.len();
    for s in vertical {
        match out[first_vertical..].last_mut() {
            Some(last) if last.x0 == s.x0 && last.y1 == s.y0 => last.y1 = s.y1,
            _ => out.push(s),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::fixtures;

    fn seg(x0: i32, y0: i32, x1: i32, y1: i32) -> Segment {
        Segment { x0, y0, x1, y1 }
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
        assert!(scene.outline.iter().all(|s| s.x1 <= 4 && s.y1 <= 3));
        assert!(!scene.outline.contains(&seg(0, 0, 1, 0)));
    }
}
