//! The TOML files of SPEC §1 (piece sets) and §2 (boards), with the grids of §8 (a
//! piece of the grids of space is a `shape` of one layer or `layers`, bottom first), read
//! into the validated [`PieceSet`] and [`Board`]. Every problem is an [`InputError`] at the line and column
//! of the offending key, value or picture cell, with a hint where one helps. Nothing here
//! panics on any input: values are checked before they are used.

use std::collections::HashSet;

use serde::Deserialize;
use toml::Spanned;

use super::board_spec;
use super::flat;
use super::layers;
use super::picture::{Picture, MAX_SIDE};
use super::piece::is_label;
use super::segments;
use super::toml_input::{file_stem, Field, Input};
use super::{Board, Piece, PieceSet};
use crate::error::InputError;
use crate::geom::{Cell, Grid, Lattice, Shape};

/// The most copies of one piece.
pub const MAX_COUNT: i64 = 10_000;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SetSpec {
    name: Field,
    description: Field,
    grid: Field,
    mirror: Field,
    #[serde(default)]
    piece: Vec<Spanned<PieceSpec>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PieceSpec {
    name: Field,
    shape: Field,
    layers: Field,
    segments: Field,
    count: Field,
    mirror: Field,
    label: Field,
    color: Field,
}

/// Reads a piece set (SPEC §1) from `text`, read from `path`; the name defaults to the
/// file stem of `path`.
pub fn parse_piece_set(path: &str, text: &str) -> Result<PieceSet, InputError> {
    let input = Input { path, text };
    let what = "a piece set with [[piece]] tables";
    input.check_not_empty(what)?;
    // The text is parsed once when it is a piece set. Otherwise the checks in the order
    // they are reported: a syntax error, a board, then the piece set's own error. (A text
    // that reads as a piece set has no `size`, `shape`, `layers` or `pyramid` key, so it is
    // no board.)
    let spec: SetSpec = match input.parse() {
        Ok(spec) => spec,
        Err(error) => {
            let table = input.table(what)?;
            if !table.contains_key("piece")
                && ["size", "shape", "layers", "pyramid", "segments"]
                    .iter()
                    .any(|k| table.contains_key(*k))
            {
                let key = ["shape", "layers", "pyramid", "size"]
                    .into_iter()
                    .find(|k| table.contains_key(*k))
                    .unwrap_or("size");
                let offset = input.line_starting_with(key).unwrap_or(0);
                return Err(input
                    .error(offset, "this is a board, not a piece set")
                    .with_hint("a piece set lists its pieces as [[piece]] tables; give this file as the puzzle instead"));
            }
            return Err(error);
        }
    };
    let grid = input.grid(&spec.grid)?;
    // Physical solids cannot be turned over: rotations only by default (SPEC §8).
    let default_mirror = input.opt_bool("mirror", &spec.mirror, !grid.is_3d())?;
    if spec.piece.is_empty() {
        return Err(input
            .error(0, "the piece set has no pieces")
            .with_hint("add pieces as [[piece]] tables with a `name` and a `shape`"));
    }
    let mut pieces: Vec<Piece> = Vec::with_capacity(spec.piece.len());
    // Where each piece's name and label are, to point at duplicates.
    let mut places: Vec<(usize, usize)> = Vec::new();
    for p in &spec.piece {
        let (piece, name_at, label_at, label_given) = read_piece(&input, grid, p, default_mirror)?;
        if let Some(k) = pieces.iter().position(|q| q.name == piece.name) {
            let line = input.location(places[k].0).line;
            return Err(input
                .error(name_at, format!("a second piece named `{}`", piece.name))
                .with_hint(format!(
                    "the first is on line {line}; piece names must be unique"
                )));
        }
        if let Some(k) = pieces.iter().position(|q| q.label == piece.label) {
            let line = input.location(places[k].1).line;
            let how = if label_given {
                "give this piece another `label`"
            } else {
                "the label defaults to the name's first character; add `label = \"...\"` with another letter or digit"
            };
            return Err(input
                .error(
                    label_at,
                    format!(
                        "label `{}` is already used by piece `{}` (line {line})",
                        piece.label, pieces[k].name
                    ),
                )
                .with_hint(how));
        }
        places.push((name_at, label_at));
        pieces.push(piece);
    }
    Ok(PieceSet {
        name: input
            .opt_string("name", &spec.name)?
            .unwrap_or_else(|| file_stem(path)),
        description: input
            .opt_string("description", &spec.description)?
            .unwrap_or_default(),
        grid,
        pieces,
    })
}

/// Reads a board (SPEC §2) from `text`, read from `path`; the name defaults to the file
/// stem of `path`.
pub fn parse_board(path: &str, text: &str) -> Result<Board, InputError> {
    board_spec::parse_board(path, text)
}

/// One piece, with the offsets of its name and label (for duplicate checks) and whether
/// the label was given.
fn read_piece(
    input: &Input,
    grid: Grid,
    spanned: &Spanned<PieceSpec>,
    default_mirror: bool,
) -> Result<(Piece, usize, usize, bool), InputError> {
    let p = spanned.get_ref();
    let table_at = spanned.span().start;
    let Some(name_value) = &p.name else {
        return Err(input
            .error(table_at, "this piece has no `name`")
            .with_hint("add `name = \"...\"`; names must be unique within the set"));
    };
    let name = input.string("name", name_value)?;
    if name.is_empty() {
        return Err(input.error_at(name_value, "a piece's name must not be empty"));
    }
    let shape = if grid.is_segments() {
        segment_shape(input, grid, &name, name_value, p)?
    } else {
        if let Some(v) = &p.segments {
            return Err(input
                .error_at(v, format!("`segments` are for the grids of segments, but this set is on the {} grid", grid.name()))
                .with_hint("write `grid = \"sticks\"` (or `trigs`, `twigs`) for pieces made of segments, or draw the piece as a `shape`"));
        }
        let pictures = piece_pictures(input, grid, &name, name_value, p)?;
        read_shape(input, grid, &name, &pictures)?
    };
    let (min, count) = match &p.count {
        Some(v) => read_count(input, v)?,
        None => (1, 1),
    };
    // A flat ball piece may always be turned over (SPEC §8).
    let mirror =
        input.opt_bool("mirror", &p.mirror, default_mirror)? || flat::turns_over(grid, &shape);
    let (label, label_at, given) = match &p.label {
        Some(v) => {
            let text = input.string("label", v)?;
            let mut chars = text.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if is_label(c) => (c, v.span().start, true),
                _ => {
                    return Err(input
                        .error_at(v, format!("the label `{text}` is not one letter or digit"))
                        .with_hint("a label is one letter or digit, e.g. label = \"F\""))
                }
            }
        }
        None => match name.chars().next() {
            Some(c) if is_label(c) => (c, name_value.span().start, false),
            _ => {
                return Err(input
                    .error_at(name_value, format!("piece `{name}` needs a `label`: its name does not start with a letter or digit"))
                    .with_hint("add `label = \"A\"` (one letter or digit, unique in the set)"))
            }
        },
    };
    let color = match &p.color {
        Some(v) => Some(parse_color(&input.string("color", v)?).ok_or_else(|| {
            input
                .error_at(v, "a colour must be written `#rrggbb`")
                .with_hint("six hexadecimal digits after `#`, e.g. color = \"#e6194b\"")
        })?),
        None => None,
    };
    let piece = Piece {
        name,
        label,
        shape,
        count,
        min,
        mirror,
        color,
    };
    Ok((piece, name_value.span().start, label_at, given))
}

/// A piece of segments (SPEC §9): its `segments`, connected through shared end points.
fn segment_shape(
    input: &Input,
    grid: Grid,
    name: &str,
    name_value: &Spanned<toml::Value>,
    p: &PieceSpec,
) -> Result<Shape, InputError> {
    if let Some(v) = p.shape.as_ref().or(p.layers.as_ref()) {
        return Err(input
            .error_at(
                v,
                format!(
                    "on the {} grid a piece is a list of `segments`, not a picture",
                    grid.name()
                ),
            )
            .with_hint("write `segments = [[0, 0, 0], [1, 0, 0]]`: each segment is [x, y, d]"));
    }
    let Some(v) = &p.segments else {
        return Err(input
            .error(
                name_value.span().start,
                format!("piece `{name}` has no `segments`"),
            )
            .with_hint("add `segments = [[0, 0, 0], [1, 0, 0]]`: each segment is [x, y, d]"));
    };
    let cells = segments::read_segments(input, grid, "segments", v, false)?;
    let lattice = grid.lattice();
    let shape = lattice.shape(&cells).expect("a non-empty list");
    if let Some(stray) = first_disconnected(lattice, &cells) {
        let [x, y, d] = (lattice.segments())
            .and_then(|s| s.to_puzzler(stray))
            .unwrap_or([0, 0, 0]);
        return Err(input
            .error_at(v, format!("piece `{name}` is not connected: segment [{x}, {y}, {d}] shares no end point with the first one, even through others"))
            .with_hint("segments are connected when they share an end point; a piece is one connected set of segments"));
    }
    Ok(shape)
}

/// A piece's `count`: `k` (exactly k copies, from 1 to [`MAX_COUNT`]) or `[min, max]` (a
/// range, `0 <= min <= max`, `max >= 1`); returned as `(min, max)`.
fn read_count(input: &Input, v: &Spanned<toml::Value>) -> Result<(u32, u32), InputError> {
    let toml::Value::Array(values) = v.get_ref() else {
        let n = input.integer("count", v, 1, MAX_COUNT)? as u32;
        return Ok((n, n));
    };
    let numbers: Option<Vec<i64>> = values.iter().map(toml::Value::as_integer).collect();
    let hint = "write `count = [min, max]` with 0 <= min <= max, e.g. count = [0, 2]";
    let Some(&[min, max]) = numbers.as_deref() else {
        return Err(input
            .error_at(
                v,
                "a range `count` must hold two whole numbers, `[min, max]`",
            )
            .with_hint(hint));
    };
    if min < 0 || max < 1 || min > max || max > MAX_COUNT {
        return Err(input
            .error_at(
                v,
                format!("the range `count = [{min}, {max}]` is not 0 <= min <= max with 1 <= max <= {MAX_COUNT}"),
            )
            .with_hint(hint));
    }
    Ok((min as u32, max as u32))
}

/// `#rrggbb` as three bytes.
pub fn parse_color(s: &str) -> Option<[u8; 3]> {
    let hex = s.strip_prefix('#')?;
    if hex.len() != 6 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?])
}

/// The pictures of a piece, bottom layer first: its `shape` (one layer) or its `layers`
/// (the grids of space), with the value each came from.
fn piece_pictures<'v>(
    input: &Input,
    grid: Grid,
    name: &str,
    name_value: &Spanned<toml::Value>,
    p: &'v PieceSpec,
) -> Result<Vec<(Picture, &'v Spanned<toml::Value>)>, InputError> {
    match (&p.shape, &p.layers) {
        (Some(shape), Some(layers)) => {
            let later = if shape.span().start > layers.span().start {
                shape
            } else {
                layers
            };
            Err(input
                .error_at(
                    later,
                    format!("piece `{name}` has both `shape` and `layers`"),
                )
                .with_hint("a `shape` is a piece of one layer; give either it or `layers`"))
        }
        (None, None) => {
            let hint = if grid.is_3d() {
                "add `layers = [\"\"\"\\n##\\n\"\"\", \"\"\"\\n#.\\n\"\"\"]` (bottom layer first), or a `shape` picture for a piece of one layer"
            } else {
                "add a picture: shape = \"\"\"\\n##\\n#.\\n\"\"\" (any character but `.` and space is a cell)"
            };
            Err(input
                .error(
                    name_value.span().start,
                    format!("piece `{name}` has no `shape`"),
                )
                .with_hint(hint))
        }
        (Some(shape), None) => {
            let text = input.string("shape", shape)?;
            Ok(vec![(
                Picture::read(input.text, shape.span(), &text),
                shape,
            )])
        }
        (None, Some(layers)) => {
            let owner = format!("piece `{name}`");
            let pictures = layers::read_layers(input, grid, &owner, layers)?;
            Ok(pictures.into_iter().map(|pic| (pic, layers)).collect())
        }
    }
}

/// A piece's shape from its pictures (layer z is `pictures[z]`) on `grid`: non-empty,
/// within the size limit, all of one parity on the hex grid, connected.
fn read_shape(
    input: &Input,
    grid: Grid,
    name: &str,
    pictures: &[(Picture, &Spanned<toml::Value>)],
) -> Result<Shape, InputError> {
    let lattice = grid.lattice();
    let mut cells = Vec::new();
    for (z, (picture, v)) in pictures.iter().enumerate() {
        if picture.rows.len() as i64 > MAX_SIDE || picture.width() as i64 > MAX_SIDE {
            return Err(input.error_at(
                v,
                format!("the shape of `{name}` is larger than {MAX_SIDE}×{MAX_SIDE}"),
            ));
        }
        for (y, row) in picture.rows.iter().enumerate() {
            for (x, &ch) in row.iter().enumerate() {
                if ch == '\t' {
                    return Err(InputError::at(
                        picture.location(input.path, input.text, x, y),
                        "a tab in a picture",
                    )
                    .with_hint(
                        "use spaces or `.` for empty places; column positions are literal",
                    ));
                }
                if ch != '.' && ch != ' ' {
                    let cell = Cell::at(x as i32, y as i32, z as i32);
                    picture.check_parity(input.path, input.text, grid, cells.first(), cell)?;
                    cells.push(cell);
                }
            }
        }
    }
    let Some(shape) = lattice.shape(&cells) else {
        let v = pictures.first().map(|(_, v)| *v);
        let at = v.map_or(0, |v| v.span().start);
        return Err(input
            .error(at, format!("the shape of piece `{name}` has no cells"))
            .with_hint(
                "mark the piece's cells with any character other than `.` and space, e.g. `#`",
            ));
    };
    if !shape.is_connected(lattice) {
        let stray = first_disconnected(lattice, &cells).unwrap_or(cells[0]);
        let picture = &pictures[stray.z as usize].0;
        let at = picture.location(input.path, input.text, stray.x as usize, stray.y as usize);
        let flat = shape.depth() == 1;
        let hint = match grid {
            Grid::Square => "cells that meet only at a corner are not connected; a piece is one edge-connected region",
            Grid::Hex => "a hexagon's neighbours are 2 columns away in its row and 1 column away in the rows above and below; a piece is one edge-connected region",
            Grid::Triangle => "a triangle's neighbours are the characters left and right of it and the one below (pointing up, column + row even) or above (pointing down); a piece is one edge-connected region",
            Grid::Cube => "a cube's neighbours share a face: left, right, above and below it in its layer's picture, and the same place in the layers under and over it; a piece is one face-connected solid",
            Grid::Sphere if flat => "in a layer a ball touches the four beside it in its row and column, not the diagonal ones; a flat piece is one set of touching balls",
            Grid::Sphere => "a ball touches the four beside it in its layer, and in the layer over it the balls at its own place and one column, one row or both to the left and up; a piece is one set of touching balls",
            Grid::Sticks | Grid::Trigs | Grid::Twigs => "segments are connected when they share an end point; a piece is one connected set of segments",
        };
        let how = match grid {
            Grid::Cube => "faces",
            Grid::Sphere => "touching balls",
            _ => "edges",
        };
        return Err(InputError::at(at, format!("piece `{name}` is not connected: this cell does not touch the first one through {how}"))
            .with_hint(hint));
    }
    Ok(shape)
}

/// A cell not reachable from `cells[0]` through edge neighbours.
pub(crate) fn first_disconnected(lattice: &dyn Lattice, cells: &[Cell]) -> Option<Cell> {
    let all: HashSet<Cell> = cells.iter().copied().collect();
    let first = *cells.first()?;
    let mut seen = HashSet::from([first]);
    let mut stack = vec![first];
    while let Some(c) = stack.pop() {
        for n in lattice.neighbours(c) {
            if all.contains(&n) && seen.insert(n) {
                stack.push(n);
            }
        }
    }
    cells.iter().copied().find(|c| !seen.contains(c))
}

#[cfg(test)]
#[path = "spec_tests.rs"]
mod tests;
