//! `polyx show … --stl PATH`: a piece set's pieces as STL files in the directory PATH,
//! one per piece, or a board's tray as the file PATH (`render::stl`). A board with a
//! directory (one that exists, or a path ending in `/`) gets its set's pieces and, on a
//! grid of squares, hexagons or triangles, `tray.stl` there. Sizes are checked before anything is written; files are
//! written atomically and never over an input.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;

use crate::error::InputError;
use crate::model::{library, Board, PieceSet};
use crate::output::write_atomically;
use crate::render::stl::{self, StlOptions};

use super::args::ShowArgs;
use super::{output, Status};

/// Writes `board`'s tray (or with a directory, its pieces and tray), or `set`'s pieces
/// when there is no board.
pub fn write(
    args: &ShowArgs,
    path: &Path,
    board: Option<&Board>,
    set: &PieceSet,
) -> anyhow::Result<Status> {
    let opts = StlOptions {
        cell_size: args.cell_size,
        thickness: args.thickness,
        clearance: args.clearance,
    };
    opts.check()?;
    let mut inputs: Vec<PathBuf> = [Some(args.puzzle.as_str()), args.pieces.as_deref()]
        .into_iter()
        .flatten()
        .map(PathBuf::from)
        .collect();
    let mut text = String::new();
    match board {
        Some(board) => {
            inputs.extend(library::pieces_path(board, args.pieces.as_deref()));
            let directory = path.is_dir() || path.as_os_str().to_string_lossy().ends_with('/');
            if !directory {
                tray(board, path, &opts, &inputs, &mut text)?;
            } else {
                pieces(set, path, &opts, &inputs, &mut text)?;
                if !board.grid.is_3d() && !board.grid.is_segments() {
                    tray(board, &path.join("tray.stl"), &opts, &inputs, &mut text)?;
                }
            }
        }
        None => pieces(set, path, &opts, &inputs, &mut text)?,
    }
    let mut out = output::stdout();
    out.write_all(text.as_bytes())?;
    output::finish(out)?;
    Ok(Status::Success)
}

/// The tray of `board` into the file `path`.
fn tray(
    board: &Board,
    path: &Path,
    opts: &StlOptions,
    inputs: &[PathBuf],
    text: &mut String,
) -> anyhow::Result<()> {
    if path.is_dir() {
        return Err(InputError::new(format!(
            "{} is a directory; a board's tray is one file",
            path.display()
        ))
        .with_hint("give a file name, such as tray.stl")
        .into());
    }
    let mesh = stl::board_tray(board, opts)?;
    write_atomically(path, &stl::binary(&mesh, &board.name), &paths(inputs))?;
    report(text, path, &format!("tray of {}", board.name), &mesh);
    Ok(())
}

/// One file per piece of `set` into the directory `dir` (made if missing).
fn pieces(
    set: &PieceSet,
    dir: &Path,
    opts: &StlOptions,
    inputs: &[PathBuf],
    text: &mut String,
) -> anyhow::Result<()> {
    if dir.exists() && !dir.is_dir() {
        return Err(InputError::new(format!(
            "{} is a file; a piece set's pieces go into a directory, one file each",
            dir.display()
        ))
        .with_hint("give a directory (it is made if missing)")
        .into());
    }
    // Every mesh first, so that a piece the grid cannot print writes nothing.
    let mut meshes = Vec::with_capacity(set.pieces.len());
    for piece in &set.pieces {
        meshes.push(stl::piece(set.grid, &piece.shape, opts)?);
    }
    std::fs::create_dir_all(dir)
        .with_context(|| format!("cannot make the directory {}", dir.display()))?;
    let mut taken = HashSet::new();
    for (piece, mesh) in set.pieces.iter().zip(&meshes) {
        let mut name = stl::file_name(&piece.name);
        let mut k = 2;
        while !taken.insert(name.clone()) {
            name = stl::file_name(&format!("{}-{k}", piece.name));
            k += 1;
        }
        let file = dir.join(&name);
        let title = format!("{} {}", set.name, piece.name);
        write_atomically(&file, &stl::binary(mesh, &title), &paths(inputs))?;
        let copies = match piece.count {
            1 => "1 copy".to_string(),
            n => format!("{n} copies"),
        };
        let what = format!(
            "piece {}, {} cells, {copies}",
            piece.name,
            piece.shape.len()
        );
        report(text, &file, &what, mesh);
    }
    Ok(())
}

fn paths(inputs: &[PathBuf]) -> Vec<&Path> {
    inputs.iter().map(PathBuf::as_path).collect()
}

/// One line per file written: what it is, its triangles and its volume.
fn report(text: &mut String, file: &Path, what: &str, mesh: &stl::Mesh) {
    let _ = writeln!(
        text,
        "{}: {what}, {} triangles, {:.1} mm³",
        file.display(),
        mesh.triangles.len(),
        mesh.signed_volume()
    );
}
