//! JSON Lines (SPEC §3): one `{"type":"solution",...}` object per tiling, then one
//! `{"type":"summary",...}`. Keys come in a fixed order; cells are `[x, y]` pairs, and
//! `[x, y, z]` triples on the grids of space (SPEC §8), and on the grids of segments each
//! segment's `[x, y, d]` in Polyform Puzzler's coordinates, as boards write them (SPEC §9).
//! [`Summary`] also reads back (the `merge` command sums the summaries of shards).

use serde::{Deserialize, Serialize};

use crate::count::Count;
use crate::error::{Error, InputError};
use crate::model::{PieceSet, Tiling};

/// The last line of a JSON run: what was searched and how it went.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Summary {
    /// Solutions found (reported ones, after symmetry reduction if `symmetry` is reduce),
    /// exactly: a JSON number up to 2^53 − 1, a string of digits past it.
    pub solutions: Count,
    /// The search ran to the end (not stopped by a limit or an interruption).
    pub complete: bool,
    /// `reduce` or `keep`.
    pub symmetry: String,
    /// The puzzle's name, when it has one.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub puzzle: String,
    /// `I/N` when the run was one shard of a search (`--shard`).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub shard: String,
    /// Search nodes (engine counter).
    pub nodes: u64,
    /// Link updates (engine counter).
    pub updates: u64,
    /// Wall-clock time in milliseconds.
    pub elapsed_ms: u64,
}

#[derive(Serialize)]
struct Tagged<'a, T> {
    #[serde(rename = "type")]
    kind: &'static str,
    #[serde(flatten)]
    body: &'a T,
}

#[derive(Serialize)]
struct SolutionBody<'a> {
    index: u64,
    placements: Vec<PlacementOut<'a>>,
}

#[derive(Serialize)]
struct PlacementOut<'a> {
    piece: &'a str,
    cells: Vec<Coordinates>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    fixed: bool,
}

/// A cell's coordinates: `[column, row]` in the plane, `[column, row, layer]` in space.
#[derive(Serialize)]
#[serde(untagged)]
enum Coordinates {
    Plane([i32; 2]),
    Space([i32; 3]),
}

/// One solution line (no newline): placements in the tiling's order, `"fixed":true`
/// only on pre-placed ones.
pub fn solution(index: u64, set: &PieceSet, t: &Tiling) -> String {
    let space = set.grid.is_3d();
    let segments = set.grid.lattice().segments();
    let body = SolutionBody {
        index,
        placements: t
            .placements
            .iter()
            .map(|p| PlacementOut {
                piece: &set.pieces[p.piece].name,
                cells: (p.cells.iter())
                    .map(|&c| match (segments.and_then(|s| s.to_puzzler(c)), space) {
                        (Some(xyd), _) => Coordinates::Space(xyd),
                        (None, false) => Coordinates::Plane([c.x, c.y]),
                        (None, true) => Coordinates::Space([c.x, c.y, c.z]),
                    })
                    .collect(),
                fixed: p.fixed,
            })
            .collect(),
    };
    let line = Tagged {
        kind: "solution",
        body: &body,
    };
    serde_json::to_string(&line).expect("a solution always serializes")
}

/// The summary line (no newline).
pub fn summary(s: &Summary) -> String {
    let line = Tagged {
        kind: "summary",
        body: s,
    };
    serde_json::to_string(&line).expect("a summary always serializes")
}

/// Reads a summary line back; `what` names the input for the error message.
///
/// # Errors
/// An [`InputError`] if the line is not JSON or not a `"type":"summary"` object.
pub fn parse_summary(line: &str, what: &str) -> Result<Summary, Error> {
    let value: serde_json::Value = serde_json::from_str(line)
        .map_err(|e| InputError::in_file(what, format!("not a JSON line: {e}")))?;
    if value.get("type").and_then(|t| t.as_str()) != Some("summary") {
        return Err(
            InputError::in_file(what, "expected a {\"type\":\"summary\",...} line")
                .with_hint("give the output of `polyx solve --format json`")
                .into(),
        );
    }
    serde_json::from_value(value)
        .map_err(|e| InputError::in_file(what, format!("bad summary: {e}")).into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::fixtures;

    #[test]
    fn solution_lines() {
        let (_, set, t) = fixtures::two_l();
        assert_eq!(
            solution(1, &set, &t),
            r#"{"type":"solution","index":1,"placements":[{"piece":"L","cells":[[0,0],[1,0],[0,1]]},{"piece":"L","cells":[[2,0],[1,1],[2,1]]}]}"#
        );
        let (_, set, t) = fixtures::preplaced();
        let line = solution(7, &set, &t);
        assert!(line.starts_with(
            r#"{"type":"solution","index":7,"placements":[{"piece":"P","cells":[[0,0],[1,0]],"fixed":true},{"piece":"L","#
        ));
        assert_eq!(line.matches("fixed").count(), 1);
    }

    #[test]
    fn summary_round_trips() {
        let s = Summary {
            solutions: Count::from(2339u64),
            complete: true,
            symmetry: "reduce".to_string(),
            puzzle: "6x10".to_string(),
            shard: String::new(),
            nodes: 12,
            updates: 34,
            elapsed_ms: 5,
        };
        let line = summary(&s);
        assert_eq!(
            line,
            r#"{"type":"summary","solutions":2339,"complete":true,"symmetry":"reduce","puzzle":"6x10","nodes":12,"updates":34,"elapsed_ms":5}"#
        );
        assert_eq!(parse_summary(&line, "a.jsonl").unwrap(), s);
        let partial = r#"{"type":"summary","solutions":3,"complete":false}"#;
        assert_eq!(parse_summary(partial, "b").unwrap().solutions, 3);
        let (_, set, t) = fixtures::two_l();
        assert!(parse_summary(&solution(1, &set, &t), "c").is_err());
        assert!(parse_summary("nope", "d").is_err());
    }

    #[test]
    fn cells_in_space_have_layers() {
        let (_, set, t) = fixtures::cubes();
        let line = solution(1, &set, &t);
        assert!(
            line.contains(r#""cells":[[0,0,0],[1,0,0],[2,0,0]],"fixed":true"#),
            "{line}"
        );
    }
}
