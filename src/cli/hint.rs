//! `polyx hint PUZZLE`: for a partly solved board (the pieces placed so far as
//! pre-placed labels), whether it can still be finished, and what to do next: a
//! sentence and the board with the hinted piece drawn in lower case (`*` when its label
//! has no lower case of its own). Exit 0 with a move (or a finished board), 1 when the
//! board cannot be finished. `--all` adds the placements every completion makes;
//! `--challenge FILE` names the challenge played, whose given pieces are never named to
//! take off.

use std::io::Write;

use crate::design::{self, Hint, Move, Wording};
use crate::geom::Cell;
use crate::model::{Board, PieceSet, Placement, Puzzle, Square};

use super::args::HintArgs;
use super::check::{load, marked_picture, print_stats, run_options, stopped};
use super::{output, Status};

pub fn run(args: &HintArgs) -> anyhow::Result<Status> {
    let opts = run_options(args.puzzle.max_nodes)?;
    let puzzle = load(
        &args.puzzle.puzzle,
        args.puzzle.pieces.as_deref(),
        args.puzzle.noi2005,
    )?;
    let players = match &args.challenge {
        Some(path) => players_pieces(&puzzle, &crate::model::load_board(path)?),
        None => vec![true; puzzle.fixed.len()],
    };
    let hint = match design::hint_for_player(&puzzle, &players, &opts) {
        Ok((hint, stats)) => {
            if args.puzzle.stats {
                print_stats(&puzzle.board.name, stats);
            }
            hint
        }
        Err(s) => {
            if args.puzzle.stats {
                print_stats(&puzzle.board.name, s.stats);
            }
            return Ok(stopped(&opts, args.puzzle.max_nodes));
        }
    };
    let mut text = say(&puzzle, &hint, args.challenge.is_some());
    let status = match hint {
        Hint::Finished | Hint::Next(_) => Status::Success,
        Hint::Remove(_) | Hint::Unsolvable => Status::NotFound,
    };
    if args.all && status == Status::Success {
        match design::shared_placements(&puzzle, &opts) {
            Ok(shared) => text += &say_shared(&puzzle, &shared.unwrap_or_default()),
            Err(_) => return Ok(stopped(&opts, args.puzzle.max_nodes)),
        }
    }
    let mut out = output::stdout();
    out.write_all(text.as_bytes())?;
    output::finish(out)?;
    Ok(status)
}

/// For each pre-placed piece of `puzzle`, whether the player placed it: false when the
/// `challenge` board has the same label on each of its cells.
fn players_pieces(puzzle: &Puzzle, challenge: &Board) -> Vec<bool> {
    puzzle
        .fixed
        .iter()
        .map(|p| {
            let label = puzzle.set.pieces[p.piece].label;
            !p.cells
                .iter()
                .all(|&c| challenge.square(c) == Square::Preplaced(label))
        })
        .collect()
}

/// The hint's sentence and picture.
fn say(puzzle: &Puzzle, hint: &Hint, challenge: bool) -> String {
    let wording = Wording {
        drawn: true,
        challenge,
        layered: puzzle.board.depth > 1,
    };
    let sentence = design::sentence(&puzzle.set, hint, wording);
    match hint {
        Hint::Next(Move { placement, .. }) => {
            format!(
                "{sentence}\n{}",
                marked(puzzle, std::slice::from_ref(placement))
            )
        }
        Hint::Remove(pieces) => format!("{sentence}\n{}", marked(puzzle, pieces)),
        Hint::Finished | Hint::Unsolvable => format!("{sentence}\n"),
    }
}

/// The `--all` section: the placements every completion makes.
fn say_shared(puzzle: &Puzzle, shared: &[Placement]) -> String {
    if shared.is_empty() {
        return "\nNo placement is made by every way to finish the board.\n".to_string();
    }
    let mut text = format!(
        "\nEvery way to finish the board makes these {} placements (drawn in lower case):\n{}",
        shared.len(),
        marked(puzzle, shared)
    );
    for p in shared {
        let cells: Vec<String> = p.cells.iter().map(|&c| coordinates(c)).collect();
        text += &format!(
            "{}: {}\n",
            puzzle.set.pieces[p.piece].label,
            cells.join(" ")
        );
    }
    text
}

/// The board with `placements` drawn in their pieces' marks.
fn marked(puzzle: &Puzzle, placements: &[Placement]) -> String {
    let marks: Vec<(Placement, char)> = (placements.iter())
        .map(|p| (p.clone(), mark(&puzzle.set, p.piece)))
        .collect();
    marked_picture(&puzzle.board, &puzzle.set, &marks)
}

/// The lower case of piece `k`'s label, if it is one character, differs from the label
/// and is no piece's label; else `*`.
fn mark(set: &PieceSet, k: usize) -> char {
    let label = set.pieces[k].label;
    let mut lower = label.to_lowercase();
    match (lower.next(), lower.next()) {
        (Some(l), None) if l != label && set.by_label(l).is_none() => l,
        _ => '*',
    }
}

/// "(2,3)": row and column, from 1.
fn coordinates(c: Cell) -> String {
    format!("({},{})", c.y + 1, c.x + 1)
}
