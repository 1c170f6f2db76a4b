//! Tilings and cells in answers, written exactly as the lines of `polyx solve -f json`
//! write them (`render::json`): placements `{"piece", "cells", "fixed"}`, cells `[x, y]`
//! on the plane, `[x, y, z]` in space and `[x, y, d]` on the grids of segments.

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

/// `cells` as a solution line writes cells (segments as Puzzler's `[x, y, d]`).
pub fn cells(set: &PieceSet, cells: &[Cell]) -> Vec<Vec<i32>> {
    let space = set.grid.is_3d();
    let segments = set.grid.lattice().segments();
    cells
        .iter()
        .map(|&c| match (segments.and_then(|s| s.to_puzzler(c)), space) {
            (Some(xyd), _) => xyd.to_vec(),
            (None, true) => vec![c.x, c.y, c.z],
            (None, false) => vec![c.x, c.y],
        })
        .collect()
}
