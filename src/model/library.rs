//! The built-in library: the piece sets under `pieces/` and the boards under `boards/`,
//! embedded with `include_str!` so that `polyx solve 6x10` works from any folder. A name
//! that is not a built-in is read as a path (SPEC §2). Built-ins are reported in messages
//! as `<builtin>/pieces/NAME.toml` and `<builtin>/boards/NAME.toml`.

use std::path::{Path, PathBuf};

use super::suggest::close_matches;
use super::{parse_board, parse_piece_set, Board, PieceSet};
use crate::error::{Error, InputError, Location};

static PIECE_SETS: &[(&str, &str)] = &[
    ("bedlam", include_str!("../../pieces/bedlam.toml")),
    ("dominoes", include_str!("../../pieces/dominoes.toml")),
    ("heptiamonds", include_str!("../../pieces/heptiamonds.toml")),
    ("hexiamonds", include_str!("../../pieces/hexiamonds.toml")),
    ("hexominoes", include_str!("../../pieces/hexominoes.toml")),
    (
        "iq-puzzler-pro",
        include_str!("../../pieces/iq-puzzler-pro.toml"),
    ),
    ("noi2005", include_str!("../../pieces/noi2005.toml")),
    (
        "noi2005-balls",
        include_str!("../../pieces/noi2005-balls.toml"),
    ),
    (
        "one-sided-hexiamonds",
        include_str!("../../pieces/one-sided-hexiamonds.toml"),
    ),
    (
        "one-sided-pentominoes",
        include_str!("../../pieces/one-sided-pentominoes.toml"),
    ),
    (
        "one-sided-tetrahexes",
        include_str!("../../pieces/one-sided-tetrahexes.toml"),
    ),
    (
        "one-sided-tetrominoes",
        include_str!("../../pieces/one-sided-tetrominoes.toml"),
    ),
    ("pentacubes", include_str!("../../pieces/pentacubes.toml")),
    ("pentahexes", include_str!("../../pieces/pentahexes.toml")),
    ("pentatwigs", include_str!("../../pieces/pentatwigs.toml")),
    ("pentiamonds", include_str!("../../pieces/pentiamonds.toml")),
    ("pentominoes", include_str!("../../pieces/pentominoes.toml")),
    (
        "pentominoes-and-square",
        include_str!("../../pieces/pentominoes-and-square.toml"),
    ),
    (
        "polysticks-123",
        include_str!("../../pieces/polysticks-123.toml"),
    ),
    (
        "solid-pentominoes",
        include_str!("../../pieces/solid-pentominoes.toml"),
    ),
    ("soma", include_str!("../../pieces/soma.toml")),
    ("tetracubes", include_str!("../../pieces/tetracubes.toml")),
    ("tetrahexes", include_str!("../../pieces/tetrahexes.toml")),
    ("tetrasticks", include_str!("../../pieces/tetrasticks.toml")),
    ("tetrominoes", include_str!("../../pieces/tetrominoes.toml")),
    ("tritrigs", include_str!("../../pieces/tritrigs.toml")),
];

static BOARDS: &[(&str, &str)] = &[
    ("3x20", include_str!("../../boards/3x20.toml")),
    ("4x15", include_str!("../../boards/4x15.toml")),
    ("5x12", include_str!("../../boards/5x12.toml")),
    ("6x10", include_str!("../../boards/6x10.toml")),
    ("8x8-square", include_str!("../../boards/8x8-square.toml")),
    (
        "bedlam-4x4x4",
        include_str!("../../boards/bedlam-4x4x4.toml"),
    ),
    (
        "dominoes-8x8",
        include_str!("../../boards/dominoes-8x8.toml"),
    ),
    (
        "hexiamonds-3x12",
        include_str!("../../boards/hexiamonds-3x12.toml"),
    ),
    (
        "hexiamonds-4x9",
        include_str!("../../boards/hexiamonds-4x9.toml"),
    ),
    (
        "hexiamonds-6x6",
        include_str!("../../boards/hexiamonds-6x6.toml"),
    ),
    (
        "hexiamonds-hexagon",
        include_str!("../../boards/hexiamonds-hexagon.toml"),
    ),
    (
        "hexiamonds-ring",
        include_str!("../../boards/hexiamonds-ring.toml"),
    ),
    (
        "hexiamonds-snowflake",
        include_str!("../../boards/hexiamonds-snowflake.toml"),
    ),
    (
        "hexominoes-15x14",
        include_str!("../../boards/hexominoes-15x14.toml"),
    ),
    (
        "iq-puzzler-pro-pyramid",
        include_str!("../../boards/iq-puzzler-pro-pyramid.toml"),
    ),
    ("kanoodle", include_str!("../../boards/kanoodle.toml")),
    ("noi2005", include_str!("../../boards/noi2005.toml")),
    (
        "noi2005-pyramid",
        include_str!("../../boards/noi2005-pyramid.toml"),
    ),
    (
        "noi2005-sample",
        include_str!("../../boards/noi2005-sample.toml"),
    ),
    (
        "one-sided-tetrominoes-4x7",
        include_str!("../../boards/one-sided-tetrominoes-4x7.toml"),
    ),
    (
        "pentatwigs-triangle",
        include_str!("../../boards/pentatwigs-triangle.toml"),
    ),
    (
        "polysticks-123-3x3",
        include_str!("../../boards/polysticks-123-3x3.toml"),
    ),
    ("scott", include_str!("../../boards/scott.toml")),
    (
        "solid-pentominoes-2x5x6",
        include_str!("../../boards/solid-pentominoes-2x5x6.toml"),
    ),
    (
        "solid-pentominoes-3x4x5",
        include_str!("../../boards/solid-pentominoes-3x4x5.toml"),
    ),
    ("soma-3x3x3", include_str!("../../boards/soma-3x3x3.toml")),
    (
        "tetracubes-2x4x4",
        include_str!("../../boards/tetracubes-2x4x4.toml"),
    ),
    (
        "tetrahexes-4x7",
        include_str!("../../boards/tetrahexes-4x7.toml"),
    ),
    (
        "tetrahexes-coin",
        include_str!("../../boards/tetrahexes-coin.toml"),
    ),
    (
        "tetrasticks-5x5",
        include_str!("../../boards/tetrasticks-5x5.toml"),
    ),
    (
        "tetrominoes-4x5",
        include_str!("../../boards/tetrominoes-4x5.toml"),
    ),
    (
        "tritrigs-5x2",
        include_str!("../../boards/tritrigs-5x2.toml"),
    ),
];

/// The built-in piece sets: (name, TOML text), sorted by name.
pub fn piece_sets() -> &'static [(&'static str, &'static str)] {
    PIECE_SETS
}

/// The built-in boards: (name, TOML text), sorted by name.
pub fn boards() -> &'static [(&'static str, &'static str)] {
    BOARDS
}

fn builtin(list: &'static [(&'static str, &'static str)], name: &str) -> Option<&'static str> {
    list.iter().find(|(n, _)| *n == name).map(|(_, text)| *text)
}

/// The `description` of a built-in piece set or board (its TOML `text`) for `polyx list`,
/// read without loading it (which parses every piece and checks it): from the lines before
/// its first table header or multi-line string, whose keys TOML puts in the top-level
/// table. `None` if those lines do not hold it as a string; then load it instead. Equal
/// to the loaded `description` for every built-in (tested).
#[cfg(any(test, feature = "cli"))]
pub fn quick_description(text: &str) -> Option<String> {
    #[derive(serde::Deserialize)]
    struct Head {
        description: Option<String>,
    }
    let mut end = 0;
    for line in text.split_inclusive('\n') {
        if line.trim_start().starts_with('[') || line.contains("\"\"\"") || line.contains("'''") {
            break;
        }
        end += line.len();
    }
    toml::from_str::<Head>(&text[..end]).ok()?.description
}

/// Loads a piece set: a built-in name wins; otherwise a path, taken relative to
/// `relative_to` (a folder) when it is relative and a folder is given.
pub fn load_piece_set(name_or_path: &str, relative_to: Option<&Path>) -> Result<PieceSet, Error> {
    if let Some(text) = builtin(PIECE_SETS, name_or_path) {
        let path = format!("<builtin>/pieces/{name_or_path}.toml");
        return Ok(parse_piece_set(&path, text)?);
    }
    let path = resolve(name_or_path, relative_to);
    let shown = path.to_string_lossy().into_owned();
    let text = read(&path, &shown, name_or_path, "piece set", PIECE_SETS, BOARDS)?;
    Ok(parse_piece_set(&shown, &text)?)
}

/// Loads a board: a built-in name wins; otherwise a path.
pub fn load_board(name_or_path: &str) -> Result<Board, Error> {
    if let Some(text) = builtin(BOARDS, name_or_path) {
        let path = format!("<builtin>/boards/{name_or_path}.toml");
        return Ok(parse_board(&path, text)?);
    }
    let text = read(
        Path::new(name_or_path),
        name_or_path,
        name_or_path,
        "board",
        BOARDS,
        PIECE_SETS,
    )?;
    Ok(parse_board(name_or_path, &text)?)
}

/// A board read from text that came from elsewhere (stdin); `path_for_messages` names it.
#[cfg(any(test, feature = "cli"))]
pub fn load_board_text(path_for_messages: &str, text: &str) -> Result<Board, Error> {
    Ok(parse_board(path_for_messages, text)?)
}

/// Loads a board and its piece set: `pieces_override` if given, else the board's
/// `pieces` value, a built-in set's name or a path relative to the board file's folder.
///
/// ```
/// let (board, set) = polyx::load_puzzle("6x10", None).unwrap();
/// assert_eq!((board.width, board.height, set.pieces.len()), (10, 6, 12));
/// assert_eq!(set.area(), board.open_count() as u64);
/// ```
pub fn load_puzzle(board: &str, pieces_override: Option<&str>) -> Result<(Board, PieceSet), Error> {
    let board = load_board(board)?;
    let pieces = pieces_for(&board, pieces_override)?;
    Ok((board, pieces))
}

/// The piece set of an already loaded `board`: `pieces_override` if given, else the
/// board's `pieces` value (relative paths from the board file's folder; from the current
/// folder for built-in boards and boards read from stdin).
pub fn pieces_for(board: &Board, pieces_override: Option<&str>) -> Result<PieceSet, Error> {
    let set = find_pieces(board, pieces_override)?;
    if set.grid != board.grid {
        return Err(grid_mismatch(board, &set, pieces_override).into());
    }
    Ok(set)
}

/// The piece set [`pieces_for`] names, whatever its grid.
fn find_pieces(board: &Board, pieces_override: Option<&str>) -> Result<PieceSet, Error> {
    if let Some(name) = pieces_override {
        return load_piece_set(name, None);
    }
    if board.pieces.is_empty() {
        let error = InputError::new(format!(
            "the board `{}` does not name its piece set",
            board.name
        ));
        let error = InputError {
            location: board.location().map(Box::new),
            ..error
        };
        return Err(error
            .with_hint(
                "add `pieces = \"pentominoes\"` (a built-in set or a path) or pass `--pieces`",
            )
            .into());
    }
    let path = board.origin.path.as_str();
    load_piece_set(&board.pieces, board_folder(board)).map_err(|e| match e {
        // Point at the board's `pieces` key when the set cannot be found.
        Error::Input(mut input) if input.location.is_none() => {
            if let Some(line) = pieces_line(&board.origin.text) {
                input.location = Some(Box::new(Location::at_line(
                    path,
                    &board.origin.text,
                    line,
                    1,
                )));
                if let Some(file) = input.path.take() {
                    input.message = format!("{file}: {}", input.message);
                }
            }
            Error::Input(input)
        }
        other => other,
    })
}

/// A board and a piece set on different grids: the error is at the board's `pieces` key
/// (or the board itself, for `--pieces` and boards without a file) and names the set's
/// file and grid.
fn grid_mismatch(board: &Board, set: &PieceSet, pieces_override: Option<&str>) -> InputError {
    let (name, folder) = match pieces_override {
        Some(name) => (name, None),
        None => (board.pieces.as_str(), board_folder(board)),
    };
    let set_file = if builtin(PIECE_SETS, name).is_some() {
        format!("<builtin>/pieces/{name}.toml")
    } else {
        resolve(name, folder).to_string_lossy().into_owned()
    };
    let board_file = if board.origin.path.is_empty() {
        format!("`{}`", board.name)
    } else {
        board.origin.path.clone()
    };
    let message = format!(
        "the board {board_file} is on the {} grid but its piece set {set_file} (`{}`) is on the {} grid",
        board.grid.name(),
        set.name,
        set.grid.name()
    );
    let key_line = pieces_line(&board.origin.text).filter(|_| pieces_override.is_none());
    let location = match key_line {
        Some(line) => Some(Location::at_line(
            &board.origin.path,
            &board.origin.text,
            line,
            1,
        )),
        None => board.location(),
    };
    let via = if pieces_override.is_some() {
        "`--pieces`"
    } else {
        "the board's `pieces`"
    };
    let error = InputError {
        location: location.map(Box::new),
        ..InputError::new(message)
    };
    error.with_hint(format!(
        "a board and its pieces must be on the same grid: give {via} a {} set, or write `grid = \"{}\"` in both files",
        board.grid.name(),
        set.grid.name()
    ))
}

/// The file the piece set of `board` is read from (as [`pieces_for`] finds it), or `None`
/// for a built-in set; `-o` must never write over it.
#[cfg(feature = "cli")]
pub fn pieces_path(board: &Board, pieces_override: Option<&str>) -> Option<PathBuf> {
    let (name, folder) = match pieces_override {
        Some(name) => (name, None),
        None => (board.pieces.as_str(), board_folder(board)),
    };
    if name.is_empty() || builtin(PIECE_SETS, name).is_some() {
        return None;
    }
    Some(resolve(name, folder))
}

/// The folder relative piece-set paths of `board` start from: its file's folder; `None`
/// (the current folder) for built-in boards and boards read from stdin.
fn board_folder(board: &Board) -> Option<&Path> {
    let path = board.origin.path.as_str();
    if path.starts_with('<') {
        return None;
    }
    Path::new(path)
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
}

/// The 1-based line of a `pieces = ...` key in `text`.
fn pieces_line(text: &str) -> Option<usize> {
    text.split('\n')
        .position(|l| {
            let l = l.trim_start();
            l.strip_prefix("pieces")
                .is_some_and(|r| r.trim_start().starts_with('='))
        })
        .map(|i| i + 1)
}

fn resolve(name: &str, relative_to: Option<&Path>) -> PathBuf {
    let path = Path::new(name);
    match relative_to {
        Some(folder) if path.is_relative() => folder.join(path),
        _ => path.to_path_buf(),
    }
}

/// Reads a file; a missing one is an input error naming close built-ins of `kind`.
fn read(
    path: &Path,
    shown: &str,
    name: &str,
    kind: &str,
    same: &'static [(&'static str, &'static str)],
    other: &'static [(&'static str, &'static str)],
) -> Result<String, Error> {
    match crate::input::read_file(path, shown) {
        Ok(text) => Ok(text),
        Err(Error::Io { source: e, .. }) if e.kind() == std::io::ErrorKind::NotFound => {
            let mut error =
                InputError::new(format!("`{name}` is neither a built-in {kind} nor a file"));
            let close = close_matches(name, same.iter().map(|(n, _)| *n));
            let other_kind = if kind == "board" {
                "piece set"
            } else {
                "board"
            };
            let hint = if builtin(other, name).is_some() {
                format!("`{name}` is a built-in {other_kind}, not a {kind}")
            } else if !close.is_empty() {
                format!("did you mean {}?", quoted(&close))
            } else {
                let all: Vec<&str> = same.iter().map(|(n, _)| *n).collect();
                format!("the built-in {kind}s are {}", quoted(&all))
            };
            error.path = (shown != name).then(|| shown.to_string());
            Err(error.with_hint(hint).into())
        }
        Err(e) => Err(e),
    }
}

fn quoted(names: &[&str]) -> String {
    let names: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    names.join(", ")
}

#[cfg(test)]
#[path = "library_tests.rs"]
mod tests;
