//! The puzzle fields every puzzle endpoint takes (`board` or `board_toml`, `pieces` or
//! `pieces_toml`, `placed`) turned into a [`Puzzle`], without reading any file: a
//! board whose `pieces` is a path is refused with a hint to send `pieces_toml`.

use serde::Deserialize;

use super::error::ApiError;
use super::limits;
use crate::error::{InputError, Location};
use crate::geom::{Cell, Grid};
use crate::model::Square;
use crate::model::{library, parse_board, parse_piece_set, pieces_for, Board, PieceSet, Puzzle};
use crate::solve::SymmetryMode;

/// The name errors give a board sent as text.
pub const BOARD_FILE: &str = "board.toml";
/// The name errors give a piece set sent as text.
pub const PIECES_FILE: &str = "pieces.toml";

/// The puzzle fields of a request.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct PuzzleFields {
    pub board: Option<String>,
    pub board_toml: Option<String>,
    pub pieces: Option<String>,
    pub pieces_toml: Option<String>,
    #[serde(default)]
    pub placed: Vec<PlacedPiece>,
}

/// `"symmetry"`: one solution per class of the board's symmetries, or every one.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Symmetry {
    #[default]
    Reduce,
    Keep,
}

impl Symmetry {
    /// The solver's mode.
    pub fn mode(self) -> SymmetryMode {
        match self {
            Symmetry::Reduce => SymmetryMode::Reduce,
            Symmetry::Keep => SymmetryMode::Keep,
        }
    }
}

/// A piece already on the board, as a solution line writes a placement.
#[derive(Clone, Debug, Deserialize)]
pub struct PlacedPiece {
    pub piece: String,
    pub cells: Vec<Vec<i32>>,
    /// A pre-placed piece of a solution line (`render` leaves it to the board).
    #[serde(default)]
    pub fixed: bool,
}

impl PuzzleFields {
    /// The puzzle: board, set, pre-placed pieces, checked against the server's limits
    /// and with its placements.
    pub fn puzzle(&self) -> Result<Puzzle, ApiError> {
        self.puzzle_between(&mut || Ok(()))
    }

    /// [`PuzzleFields::puzzle`], calling `checkpoint` between its phases (a job's stop
    /// flag ends the setup there).
    pub fn puzzle_between(
        &self,
        checkpoint: &mut dyn FnMut() -> Result<(), ApiError>,
    ) -> Result<Puzzle, ApiError> {
        let (board, set) = self.board_and_set(checkpoint)?;
        checkpoint()?;
        Ok(Puzzle::new(board, set)?)
    }

    /// The board (with `placed` on it) and its piece set, within the limits.
    fn board_and_set(
        &self,
        checkpoint: &mut dyn FnMut() -> Result<(), ApiError>,
    ) -> Result<(Board, PieceSet), ApiError> {
        let mut board = self.bare_board()?;
        limits::board(&board)?;
        checkpoint()?;
        let set = self.set_for(&board)?;
        limits::set(&set)?;
        checkpoint()?;
        limits::placements(&board, &set)?;
        checkpoint()?;
        place(&mut board, &set, &self.placed)?;
        Ok((board, set))
    }

    fn bare_board(&self) -> Result<Board, ApiError> {
        match (&self.board, &self.board_toml) {
            (Some(name), None) => builtin_board(name),
            (None, Some(text)) => {
                limits::board_text(BOARD_FILE, text)?;
                Ok(parse_board(BOARD_FILE, text)?)
            }
            (Some(_), Some(_)) => Err(ApiError::bad(
                "give either `board` (a built-in's name) or `board_toml`, not both",
            )),
            (None, None) => Err(ApiError::bad_hint(
                "the request names no board",
                "add `\"board\": \"6x10\"` or `\"board_toml\": \"…\"`",
            )),
        }
    }

    fn set_for(&self, board: &Board) -> Result<PieceSet, ApiError> {
        match (&self.pieces, &self.pieces_toml) {
            (Some(_), Some(_)) => Err(ApiError::bad(
                "give either `pieces` (a built-in's name) or `pieces_toml`, not both",
            )),
            (None, Some(text)) => {
                let set = parse_piece_set(PIECES_FILE, text)?;
                if set.grid != board.grid {
                    return Err(grid_mismatch(board, &set));
                }
                Ok(set)
            }
            (Some(name), None) => {
                is_builtin_set(name)?;
                Ok(pieces_for(board, Some(name))?)
            }
            (None, None) => {
                if !board.pieces.is_empty() && !builtin_set_exists(&board.pieces) {
                    return Err(not_builtin(board));
                }
                Ok(pieces_for(board, None)?)
            }
        }
    }
}

fn builtin_board(name: &str) -> Result<Board, ApiError> {
    let (_, text) = library::boards()
        .iter()
        .find(|(n, _)| *n == name)
        .ok_or_else(|| {
            ApiError::bad_hint(
                format!("`{name}` is not a built-in board"),
                "GET /api/builtins lists them; send a board of your own as `board_toml`",
            )
        })?;
    Ok(parse_board(&format!("<builtin>/boards/{name}.toml"), text)?)
}

/// The board names a piece set that is not a built-in: refused at its `pieces` key.
fn not_builtin(board: &Board) -> ApiError {
    let message = format!(
        "`{}` is not a built-in piece set, and the server reads no file",
        board.pieces
    );
    at_pieces_key(board, message)
        .with_hint("send the piece set's text as `pieces_toml`, or name a built-in set")
        .into()
}

/// A piece set sent as text on another grid than the board's, as `polyx solve` says it.
fn grid_mismatch(board: &Board, set: &PieceSet) -> ApiError {
    let message = format!(
        "the board {} is on the {} grid but its piece set {PIECES_FILE} (`{}`) is on the {} grid",
        board.origin.path,
        board.grid.name(),
        set.name,
        set.grid.name()
    );
    at_pieces_key(board, message)
        .with_hint("a board and its pieces must name the same `grid`")
        .into()
}

/// An error at the board file's `pieces` key, or at the board if it has none.
fn at_pieces_key(board: &Board, message: String) -> InputError {
    let text = &board.origin.text;
    let line = text.lines().position(|l| {
        let l = l.trim_start();
        l.strip_prefix("pieces")
            .is_some_and(|rest| rest.trim_start().starts_with('='))
    });
    let location = match line {
        Some(k) => Some(Location::at_line(&board.origin.path, text, k + 1, 1)),
        None => board.location(),
    };
    InputError {
        location: location.map(Box::new),
        ..InputError::new(message)
    }
}

fn builtin_set_exists(name: &str) -> bool {
    library::piece_sets().iter().any(|(n, _)| *n == name)
}

fn is_builtin_set(name: &str) -> Result<(), ApiError> {
    if builtin_set_exists(name) {
        return Ok(());
    }
    Err(ApiError::bad_hint(
        format!("`{name}` is not a built-in piece set"),
        "GET /api/builtins lists them; send a set of your own as `pieces_toml`",
    ))
}

/// Puts each of `placed` on `board` as a pre-placed piece, checked: its piece known,
/// one copy of it, its cells open and in the shape of one of its orientations.
fn place(board: &mut Board, set: &PieceSet, placed: &[PlacedPiece]) -> Result<(), ApiError> {
    let mut used = vec![0u32; set.pieces.len()];
    for c in board.cells() {
        if let Square::Preplaced(label) = board.square(c) {
            if let Some(k) = set.by_label(label) {
                used[k] = 1;
            }
        }
    }
    for p in placed {
        let k = piece_index(set, &p.piece)?;
        used[k] += 1;
        if used[k] > 1 {
            return Err(ApiError::bad(format!(
                "piece {} is placed more than once; a board holds one pre-placed copy of each piece",
                p.piece
            )));
        }
        let cells = cells_of(board, p)?;
        check_shape(board, set, k, &cells)?;
        for c in cells {
            board.set_square(c, Square::Preplaced(set.pieces[k].label));
        }
    }
    Ok(())
}

pub fn piece_index(set: &PieceSet, name: &str) -> Result<usize, ApiError> {
    let by_label = || {
        let mut chars = name.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => set.by_label(c),
            _ => None,
        }
    };
    set.by_name(name).or_else(by_label).ok_or_else(|| {
        ApiError::bad(format!(
            "`{name}` in `placed` names no piece of the set `{}`",
            set.name
        ))
    })
}

/// The cell `[x, y]` (layer 0) or `[x, y, z]`; on the grids of segments Puzzler's
/// segment `[x, y, d]`, as solution lines write them.
pub fn cell_of(grid: Grid, xyz: &[i32]) -> Option<Cell> {
    if let Some(segments) = grid.lattice().segments() {
        return match *xyz {
            [x, y, d] => segments.puzzler(x, y, d),
            _ => None,
        };
    }
    match *xyz {
        [x, y] => Some(Cell::new(x, y)),
        [x, y, z] => Some(Cell::at(x, y, z)),
        _ => None,
    }
}

/// The cells of a placed piece, each an open cell of the board.
pub fn cells_of(board: &Board, p: &PlacedPiece) -> Result<Vec<Cell>, ApiError> {
    let mut cells = Vec::with_capacity(p.cells.len());
    for xyz in &p.cells {
        let c = cell_of(board.grid, xyz).ok_or_else(|| {
            ApiError::bad(match board.grid.is_segments() {
                true => "a cell in `placed` is not a segment [x, y, d]",
                false => "a cell in `placed` is not [x, y] or [x, y, z]",
            })
        })?;
        if board.index(c).is_none() || board.square(c) != Square::Open {
            return Err(ApiError::bad(format!(
                "piece {} is placed on ({}, {}, {}), which is not an open cell of the board",
                p.piece, c.x, c.y, c.z
            )));
        }
        cells.push(c);
    }
    Ok(cells)
}

fn check_shape(board: &Board, set: &PieceSet, k: usize, cells: &[Cell]) -> Result<(), ApiError> {
    let piece = &set.pieces[k];
    let lattice = board.lattice();
    let fits = lattice.shape(cells).is_some_and(|s| {
        s.len() == cells.len() && piece.orientations(lattice).iter().any(|(o, _)| *o == s)
    });
    if fits {
        return Ok(());
    }
    Err(ApiError::bad(format!(
        "the cells placed as piece {} are not that piece in an orientation it may take",
        piece.name
    )))
}
