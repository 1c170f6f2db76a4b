//! The `layers` key of the grids of space (SPEC §8): a list of pictures, bottom layer
//! (z = 0) first, that share one frame, so that column c and row r are the same place in
//! every layer; a shorter or narrower layer has nothing beyond its end. Each layer is read
//! as a [`Picture`] that knows the line and column of its rows, so that an error in any
//! layer points at its character. `size = [x, y, z]` and `pyramid = n` are read here too.

use toml::de::DeValue;
use toml::{Spanned, Value};

use super::picture::{Picture, MAX_SIDE};
use super::toml_input::{type_name, Input};
use crate::error::InputError;
use crate::geom::Grid;

/// The pictures of a `layers` value, bottom first, each non-blank.
pub(crate) fn read_layers(
    input: &Input,
    grid: Grid,
    owner: &str,
    v: &Spanned<Value>,
) -> Result<Vec<Picture>, InputError> {
    if !grid.is_3d() {
        return Err(input
            .error_at(v, format!("`layers` is for the grids of space, not the {} grid", grid.name()))
            .with_hint(format!(
                "draw {owner} as one `shape` picture, or write `grid = \"cube\"` (or `\"sphere\"`) for a solid"
            )));
    }
    let Value::Array(items) = v.get_ref() else {
        return Err(input
            .error_at(v, format!("`layers` must be a list of pictures, not {}", type_name(v.get_ref())))
            .with_hint("write layers = [\"\"\"\\n##\\n\"\"\", \"\"\"\\n#.\\n\"\"\"], the bottom layer first; a single layer may be a `shape`"));
    };
    if items.is_empty() {
        return Err(input
            .error_at(v, format!("`layers` of {owner} is empty"))
            .with_hint("give at least one picture, the bottom layer first"));
    }
    if items.len() as i64 > MAX_SIDE {
        return Err(input.error_at(
            v,
            format!("{} layers are too many: at most {MAX_SIDE}", items.len()),
        ));
    }
    let spans = element_spans(input.text, v);
    let mut pictures = Vec::with_capacity(items.len());
    for (z, item) in items.iter().enumerate() {
        let span = spans.get(z).cloned().unwrap_or_else(|| v.span());
        let Value::String(text) = item else {
            let message = format!(
                "layer {} (z = {z}) of `layers` must be a string (a picture), not {}",
                z + 1,
                type_name(item)
            );
            return Err(input
                .error(span.start, message)
                .with_hint("each layer is a picture in quotes, e.g. \"\"\"\\n##\\n#.\\n\"\"\""));
        };
        let picture = Picture::read(input.text, span.clone(), text);
        if picture.rows.is_empty() {
            let message = format!("layer {} (z = {z}) of {owner} is empty", z + 1);
            return Err(input
                .error(span.start, message)
                .with_hint("every layer has at least one character that is not a space; layers are bottom first, with no gaps between them"));
        }
        pictures.push(picture);
    }
    Ok(pictures)
}

/// Where each element of the array `v` is in `text` (byte ranges), read again from the
/// array's own text; empty when that fails, and callers then point at the array.
fn element_spans(text: &str, v: &Spanned<Value>) -> Vec<std::ops::Range<usize>> {
    let base = v.span().start;
    let Some(raw) = text.get(v.span()) else {
        return Vec::new();
    };
    match DeValue::parse(raw) {
        Ok(value) => match value.get_ref() {
            DeValue::Array(items) => items
                .iter()
                .map(|item| item.span().start + base..item.span().end + base)
                .collect(),
            _ => Vec::new(),
        },
        Err(_) => Vec::new(),
    }
}

/// `size = [x, y, z]` on the cube grid: the box's three sides, each at least 1, with at
/// most `max_cells` cells.
pub(crate) fn box_size(
    input: &Input,
    size: &Spanned<Value>,
    max_cells: i64,
) -> Result<[i32; 3], InputError> {
    let bad = |found: &str| {
        input
            .error_at(
                size,
                format!("on the cube grid `size` is [x, y, z], three whole numbers; found {found}"),
            )
            .with_hint("e.g. size = [3, 4, 5] for 3 columns, 4 rows and 5 layers")
    };
    let Value::Array(items) = size.get_ref() else {
        return Err(bad(type_name(size.get_ref())));
    };
    let mut sides = Vec::with_capacity(3);
    for item in items {
        match item {
            Value::Integer(n) => sides.push(*n),
            other => return Err(bad(&format!("{} in the list", type_name(other)))),
        }
    }
    let [x, y, z] = sides[..] else {
        return Err(bad(&format!("{} numbers", sides.len())));
    };
    if x <= 0 || y <= 0 || z <= 0 {
        return Err(input
            .error_at(
                size,
                format!("the box's sides must be positive, not {x}×{y}×{z}"),
            )
            .with_hint("size = [x, y, z], each at least 1"));
    }
    let cells = x.saturating_mul(y).saturating_mul(z);
    if x > MAX_SIDE || y > MAX_SIDE || z > MAX_SIDE || cells > max_cells {
        return Err(input.error_at(
            size,
            format!("a {x}×{y}×{z} box is too large: at most {MAX_SIDE} cells a side and {max_cells} cells in all"),
        ));
    }
    Ok([x as i32, y as i32, z as i32])
}

/// The largest `pyramid = n` (its frame, n³ positions, stays within the board limit).
pub(crate) const MAX_PYRAMID: i64 = 100;

/// `pyramid = n` on the sphere grid: n from 1 to [`MAX_PYRAMID`].
pub(crate) fn pyramid_layers(
    input: &Input,
    grid: Grid,
    v: &Spanned<Value>,
) -> Result<i32, InputError> {
    if grid != Grid::Sphere {
        return Err(input
            .error_at(v, format!("`pyramid` is for the sphere grid, not the {} grid", grid.name()))
            .with_hint("write `grid = \"sphere\"` for a pyramid of balls; a box of cubes is `size = [x, y, z]` on the cube grid"));
    }
    let hint = "`pyramid = n` is the square pyramid of balls with layers n×n, (n−1)×(n−1), …, 1×1; e.g. pyramid = 5 has 55 balls";
    let n = match v.get_ref() {
        Value::Integer(n) => *n,
        other => {
            return Err(input
                .error_at(
                    v,
                    format!("`pyramid` must be a whole number, not {}", type_name(other)),
                )
                .with_hint(hint))
        }
    };
    if n < 1 {
        return Err(input
            .error_at(v, format!("`pyramid` must be at least 1, not {n}"))
            .with_hint(hint));
    }
    if n > MAX_PYRAMID {
        return Err(input
            .error_at(
                v,
                format!("`pyramid = {n}` is too large: at most {MAX_PYRAMID} layers"),
            )
            .with_hint(hint));
    }
    Ok(n as i32)
}

#[cfg(test)]
#[path = "layers_tests.rs"]
mod tests;
