//! The drawing of one tiling on a grid of segments (sticks, trigs, twigs: SPEC §9),
//! shared by the SVG and the PNG: the board's segments as faint thin lines (holes are
//! not segments of the board and are left out), and each placement as thick strokes
//! with round ends, one per segment, in the piece's colour over a dark edge
//! ([`STROKE`], [`EDGE`]), as Polyform Puzzler draws its polysticks. Placements are
//! drawn in the tiling's order, each over the ones before, so where two pieces meet
//! at a point the later one's dark edge parts them. Segments run from end point to end
//! point in cell units ([`crate::geom::SegmentGrid`]'s drawing positions), sorted, so
//! output built from it is byte-stable.

use crate::geom::{Cell, SegmentGrid};
use crate::model::{Board, PieceSet, Square, Tiling};
use crate::render::lines::Segment;
use crate::render::palette;
use crate::render::scene;

/// The width of a piece's stroke, in sides.
pub const STROKE: f64 = 0.26;
/// The width of the dark edge on each side of a piece's stroke, in sides.
pub const EDGE: f64 = 0.04;
/// The width of the faint lines of the board's segments, in sides.
pub const FAINT: f64 = 0.05;
/// The colour of the board's faint lines.
pub const FAINT_COLOR: [u8; 3] = [0xcc, 0xcc, 0xcc];

/// One placement's strokes.
pub struct Piece {
    pub color: [u8; 3],
    pub label: char,
    /// One per segment, in cell order.
    pub strokes: Vec<Segment>,
    /// The stroke that carries the label: the segment nearest the piece's centre.
    pub label_at: Segment,
    /// Pre-placed by the puzzle (drawn with a dot on each segment).
    pub fixed: bool,
}

/// Everything to draw for one tiling of a board of segments, in cell units.
pub struct Sticks {
    /// Every segment of the board (open or blocked, covered or not), faint.
    pub board: Vec<Segment>,
    /// The blocked segments, drawn dark and thin.
    pub blocked: Vec<Segment>,
    pub pieces: Vec<Piece>,
}

impl Sticks {
    /// The drawing of `t` on `board`, a board of a grid of segments.
    pub fn new(board: &Board, set: &PieceSet, t: &Tiling) -> Sticks {
        let grid = board
            .lattice()
            .segments()
            .expect("Sticks::new is called on the grids of segments");
        let line = |c: Cell| stroke(grid, c);
        let (mut on, mut blocked) = (Vec::new(), Vec::new());
        for c in board.cells() {
            match board.square(c) {
                Square::Outside => {}
                Square::Blocked => blocked.extend(line(c)),
                Square::Open | Square::Preplaced(_) => {}
            }
            if board.square(c) != Square::Outside {
                on.extend(line(c));
            }
        }
        let pieces = t
            .placements
            .iter()
            .map(|p| {
                let mut cells = p.cells.clone();
                cells.sort();
                let strokes: Vec<Segment> = cells.iter().filter_map(|&c| line(c)).collect();
                let label_cell = scene::label_cell(board.lattice(), &cells);
                Piece {
                    color: palette::piece_color(set, p.piece),
                    label: set.pieces[p.piece].label,
                    label_at: line(label_cell).unwrap_or(strokes[0]),
                    strokes,
                    fixed: p.fixed,
                }
            })
            .collect();
        Sticks {
            board: on,
            blocked,
            pieces,
        }
    }
}

/// Segment `c` from end point to end point, in cell units; `None` for a position of
/// the frame that is no segment (a point).
pub fn stroke(grid: &SegmentGrid, c: Cell) -> Option<Segment> {
    let [(a, _), (b, _)] = grid.ends(c)?;
    Some(Segment {
        a: grid.position(a),
        b: grid.position(b),
    })
}

/// The middle of `s`.
pub fn middle(s: &Segment) -> (f64, f64) {
    ((s.a.0 + s.b.0) / 2.0, (s.a.1 + s.b.1) / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::fixtures;

    #[test]
    fn each_segment_of_a_solution_is_one_stroke_between_its_end_points() {
        let (board, set) = crate::load_puzzle("polysticks-123-3x3", None).unwrap();
        let (board, set, t) = fixtures::first(board, set);
        let sticks = Sticks::new(&board, &set, &t);
        // 24 edges of the 3 × 3 squares less four holes, all covered.
        assert_eq!(sticks.board.len(), 20);
        assert!(sticks.blocked.is_empty());
        let strokes: usize = sticks.pieces.iter().map(|p| p.strokes.len()).sum();
        assert_eq!(strokes, 20);
        for p in &sticks.pieces {
            assert!(p.strokes.contains(&p.label_at));
            for s in &p.strokes {
                let long = (s.b.0 - s.a.0).hypot(s.b.1 - s.a.1);
                assert!((long - 1.0).abs() < 1e-9, "{:?}", (s.a, s.b));
            }
        }
    }
}
