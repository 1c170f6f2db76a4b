//! Tilings and cells in answers, written exactly as the lines of `polyx solve -f json`
//! write them (`render::json`): placements `{"piece", "cells", "fixed"}`, cells `[x, y]`
//! on the plane and `[x, y, z]` in space.

use serde_json::Value;

use crate::geom::Cell;
use crate::model::{PieceSet, Placement, Tiling};
use crate::render::json;

/// The placements of `t`, as a solution line has them.
pub fn placements(set: &PieceSet, t: &Tiling) -> Value {
    let line: Value = serde_json::from_str(&json::solution(0, set, t)).unwrap_or_default();
    line.get("placements").cloned().unwrap_or_default()
}

/// `list` as a solution line's placements.
pub fn placement_list(set: &PieceSet, list: &[Placement]) -> Value {
    let t = Tiling {
        placements: list.to_vec(),
    };
    placements(set, &t)
}

/// `cells` as a solution line writes cells.
pub fn cells(set: &PieceSet, cells: &[Cell]) -> Vec<Vec<i32>> {
    let space = set.grid.is_3d();
    cells
        .iter()
        .map(|c| match space {
            true => vec![c.x, c.y, c.z],
            false => vec![c.x, c.y],
        })
        .collect()
}
