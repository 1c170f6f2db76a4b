//! `POST /api/puzzle`: what the page needs to draw a puzzle and play it on any grid:
//! every cell with its polygon (in its layer's panel, as the SVG draws it) and its
//! place in space, the pieces with their orientations and the moves between them, every
//! placement, and the board as a file. On the grids of segments every cell and every
//! orientation's cell also has its segment in Puzzler's `[x, y, d]`, which the editor
//! writes into board and piece files (SPEC §9).

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use super::board_file::board_toml;
use super::body::RawBody;
use super::error::ApiError;
use super::request::{PuzzleFields, PIECES_FILE};
use super::turns::{self, Moves};
use super::{limits, App};
use crate::geom::{Cell, Lattice, Point, Shape};
use crate::model::{Puzzle, Square};
use crate::render::palette::{hex, piece_color};
use crate::render::panels::Panels;
use crate::render::scene::centre;
use crate::render::solid::ball_centre;

/// The answer.
#[derive(Serialize)]
pub struct Geometry {
    name: String,
    grid: &'static str,
    dimension: usize,
    size: [i32; 3],
    cells: Vec<CellOut>,
    pieces: Vec<PieceOut>,
    placements: Vec<PlacementOut>,
    toml: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pieces_toml: Option<String>,
}

#[derive(Serialize)]
struct CellOut {
    at: [i32; 3],
    state: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    label: Option<String>,
    polygon: Vec<[f64; 2]>,
    centre: [f64; 2],
    space: [f64; 3],
    /// The segment `[x, y, d]`, on the grids of segments.
    #[serde(skip_serializing_if = "Option::is_none")]
    segment: Option<[i32; 3]>,
}

#[derive(Serialize)]
struct PieceOut {
    label: String,
    name: String,
    count: u32,
    colour: String,
    orientations: Vec<OrientationOut>,
}

#[derive(Serialize)]
struct OrientationOut {
    cells: Vec<[i32; 3]>,
    /// The cells' segments `[x, y, d]`, on the grids of segments.
    #[serde(skip_serializing_if = "Option::is_none")]
    segments: Option<Vec<[i32; 3]>>,
    /// The cells' polygons (thin strokes), on the grids of segments.
    #[serde(skip_serializing_if = "Option::is_none")]
    polygons: Option<Vec<Vec<[f64; 2]>>>,
    rotate: Option<usize>,
    flip: Option<usize>,
}

#[derive(Serialize)]
struct PlacementOut {
    piece: usize,
    orientation: usize,
    cells: Vec<[i32; 3]>,
}

/// `POST /api/puzzle`, in a slot of the pool for short work; an answer over the
/// server's limit is 413.
pub async fn puzzle(State(app): State<Arc<App>>, body: RawBody) -> Result<Response, ApiError> {
    let bytes = app
        .light
        .run(body, move |fields: PuzzleFields| {
            let puzzle = fields.puzzle()?;
            let pieces = match (&fields.pieces, &fields.pieces_toml) {
                (Some(name), _) => name.clone(),
                (None, Some(_)) => PIECES_FILE.to_string(),
                (None, None) => puzzle.board.pieces.clone(),
            };
            let answer = geometry(&puzzle, &pieces, fields.pieces_toml.clone());
            let bytes = serde_json::to_vec(&answer)
                .map_err(|e| ApiError::internal(format!("the answer: {e}")))?;
            limits::answer(bytes.len())?;
            Ok(bytes)
        })
        .await?;
    Ok(([(header::CONTENT_TYPE, "application/json")], bytes).into_response())
}

fn geometry(puzzle: &Puzzle, pieces: &str, pieces_toml: Option<String>) -> Geometry {
    let board = &puzzle.board;
    let lattice = board.lattice();
    let orientations: Vec<Vec<Shape>> = (puzzle.set.pieces.iter())
        .map(|p| {
            p.orientations(lattice)
                .into_iter()
                .map(|(s, _)| s)
                .collect()
        })
        .collect();
    Geometry {
        name: board.name.clone(),
        grid: board.grid.name(),
        dimension: lattice.dimension(),
        size: [board.width, board.height, board.depth],
        cells: cells(puzzle),
        pieces: pieces_out(puzzle, &orientations, turns::moves(lattice)),
        placements: placements(puzzle, &orientations),
        toml: board_toml(board, pieces),
        pieces_toml,
    }
}

fn cells(puzzle: &Puzzle) -> Vec<CellOut> {
    let board = &puzzle.board;
    let panels = Panels::of(board);
    let plane = board.lattice();
    let mut out = Vec::new();
    for c in board.cells() {
        let (state, label) = match board.square(c) {
            Square::Outside => continue,
            Square::Open => ("open", None),
            Square::Blocked => ("blocked", None),
            Square::Preplaced(l) => ("placed", Some(l.to_string())),
        };
        out.push(CellOut {
            at: xyz(c),
            state,
            label,
            polygon: panels.polygon(c).into_iter().map(|(x, y)| [x, y]).collect(),
            centre: pair(centre(&panels, c)),
            space: space(board.grid, plane, c),
            segment: segment(plane, c),
        });
    }
    out
}

/// The cell's centre in space: a cube's centre, a ball's packing position, or the
/// cell's centre in the plane.
fn space(grid: crate::geom::Grid, lattice: &dyn Lattice, c: Cell) -> [f64; 3] {
    use crate::geom::Grid;
    match grid {
        Grid::Sphere => {
            let (x, y, z) = ball_centre(c);
            [x, y, z]
        }
        Grid::Cube => [c.x, c.y, c.z].map(|v| f64::from(v) + 0.5),
        _ => {
            let (x, y) = centre(lattice, c);
            [x, y, 0.0]
        }
    }
}

fn pieces_out(puzzle: &Puzzle, orientations: &[Vec<Shape>], moves: Moves) -> Vec<PieceOut> {
    let lattice = puzzle.board.lattice();
    let on_segments = lattice.segments().is_some();
    (puzzle.set.pieces.iter().enumerate())
        .map(|(k, p)| {
            let shapes = &orientations[k];
            let rotate = turns::images(lattice, shapes, moves.rotate);
            let flip = turns::images(lattice, shapes, moves.flip);
            PieceOut {
                label: p.label.to_string(),
                name: p.name.clone(),
                count: p.count,
                colour: hex(piece_color(&puzzle.set, k)),
                orientations: (shapes.iter().enumerate())
                    .map(|(i, s)| OrientationOut {
                        cells: s.cells().iter().map(|&c| xyz(c)).collect(),
                        segments: on_segments.then(|| {
                            s.cells()
                                .iter()
                                .filter_map(|&c| segment(lattice, c))
                                .collect()
                        }),
                        polygons: on_segments.then(|| {
                            (s.cells().iter())
                                .map(|&c| lattice.polygon(c).into_iter().map(pair).collect())
                                .collect()
                        }),
                        rotate: rotate[i],
                        flip: flip[i],
                    })
                    .collect(),
            }
        })
        .collect()
}

/// Every placement, with the orientation whose cells (shifted) it covers in order.
fn placements(puzzle: &Puzzle, orientations: &[Vec<Shape>]) -> Vec<PlacementOut> {
    let lattice = puzzle.board.lattice();
    let index: Vec<BTreeMap<&Shape, usize>> = (orientations.iter())
        .map(|shapes| shapes.iter().enumerate().map(|(i, s)| (s, i)).collect())
        .collect();
    (puzzle.placements.iter())
        .map(|p| {
            let shape = lattice.shape(&p.cells);
            let orientation = shape.and_then(|s| index[p.piece].get(&s).copied());
            PlacementOut {
                piece: p.piece,
                orientation: orientation.unwrap_or(0),
                cells: p.cells.iter().map(|&c| xyz(c)).collect(),
            }
        })
        .collect()
}

/// Segment `c`'s `[x, y, d]`, on a grid of segments.
fn segment(lattice: &dyn Lattice, c: Cell) -> Option<[i32; 3]> {
    lattice.segments().and_then(|g| g.to_puzzler(c))
}

fn xyz(c: Cell) -> [i32; 3] {
    [c.x, c.y, c.z]
}

fn pair((x, y): Point) -> [f64; 2] {
    [x, y]
}
