//! `polyx pieces --grid G --size N [--one-sided]`: every free (or one-sided) n-cell
//! shape of a grid, written as a piece-set TOML (SPEC §1) that polyx reads back. Shapes
//! come in the generator's order (their canonical forms sorted), each drawn in the
//! grid's own picture layout (SPEC §8) with a unique name and a unique one-character
//! label: `A`–`Z`, `a`–`z`, `0`–`9`, then further cased letters of the Latin, Greek,
//! Cyrillic, Armenian and Georgian alphabets. Sizes are bounded so that a set fits in
//! those labels ([`max_size`]).

use std::fmt::Write as _;
use std::io::Write;

use crate::geom::{polyforms, Cell, Grid, Shape};
use crate::InputError;

use super::args::{GridArg, PiecesArgs};
use super::{output, Status};

/// Ranges of code points whose cased letters continue the labels after the 62 ASCII ones.
const MORE_LETTERS: [(u32, u32); 7] = [
    (0x00C0, 0x024F), // Latin-1 Supplement, Latin Extended-A and -B
    (0x0370, 0x03FF), // Greek and Coptic
    (0x0400, 0x052F), // Cyrillic and its supplement
    (0x0531, 0x0587), // Armenian
    (0x10A0, 0x10FF), // Georgian
    (0x1E00, 0x1EFF), // Latin Extended Additional
    (0x1F00, 0x1FFF), // Greek Extended
];

pub fn run(args: &PiecesArgs) -> anyhow::Result<Status> {
    let grid = match args.grid {
        GridArg::Square => Grid::Square,
        GridArg::Hex => Grid::Hex,
        GridArg::Triangle => Grid::Triangle,
    };
    if args.mirror {
        return Err(InputError::new(format!(
            "--mirror is for the 3D grids, whose pieces turn by rotations only unless mirrored; the {} grid's shapes are free already",
            grid.name()
        ))
        .with_hint("leave it out for free shapes, or give --one-sided for rotations only")
        .into());
    }
    let n = args.size as usize;
    let max = max_size(grid, args.one_sided);
    if n > max {
        let kind = if args.one_sided { "one-sided" } else { "free" };
        return Err(InputError::new(format!(
            "--size {n} is too large: `polyx pieces` makes {kind} shapes of at most {max} cells on the {} grid",
            grid.name()
        ))
        .with_hint(format!(
            "the next size has more shapes than there are one-character labels ({})",
            labels().count()
        ))
        .into());
    }
    let shapes = polyforms(grid.lattice(), n, args.one_sided);
    let text = piece_set(grid, n, args.one_sided, &shapes);
    match &args.output {
        Some(path) => crate::output::write_atomically(path, text.as_bytes(), &[])?,
        None => {
            let mut out = output::stdout();
            out.write_all(text.as_bytes())?;
            output::finish(out)?;
        }
    }
    Ok(Status::Success)
}

/// The largest size generated: the last whose set (free or one-sided) fits in the
/// labels. The counts of the next sizes, from OEIS (A000105, A000988, A000228, A006535,
/// A000577, A006534): square 2,500 one-sided 9-cells and 4,655 free 10-cells; hex 2,821
/// one-sided 8-cells and 6,572 free 9-cells; triangle 2,336 one-sided 11-cells and 3,334
/// free 12-cells.
pub fn max_size(grid: Grid, one_sided: bool) -> usize {
    match (grid, one_sided) {
        (Grid::Square, false) => 9,
        (Grid::Square, true) => 8,
        (Grid::Hex, false) => 8,
        (Grid::Hex, true) => 7,
        (Grid::Triangle, false) => 11,
        (Grid::Triangle, true) => 10,
        (Grid::Cube | Grid::Sphere, _) => 7,
    }
}

/// The labels, in the order pieces take them: ASCII letters and digits, then
/// [`MORE_LETTERS`].
fn labels() -> impl Iterator<Item = char> {
    let more = MORE_LETTERS
        .into_iter()
        .flat_map(|(a, b)| (a..=b).filter_map(char::from_u32))
        .filter(|c| c.is_alphabetic() && (c.is_uppercase() || c.is_lowercase()));
    ('A'..='Z').chain('a'..='z').chain('0'..='9').chain(more)
}

/// The name of an n-cell shape of `grid` (`pentomino`, `tetrahex`, `hexiamond`, …).
fn family(grid: Grid, n: usize) -> String {
    const PREFIX: [&str; 12] = [
        "", "mon", "d", "tr", "tetr", "pent", "hex", "hept", "oct", "enne", "dec", "hendec",
    ];
    let p = PREFIX.get(n).copied().unwrap_or("poly");
    match grid {
        Grid::Square => match n {
            1 => "monomino".to_string(),
            2 => "domino".to_string(),
            3 => "tromino".to_string(),
            9 => "nonomino".to_string(),
            _ => format!("{p}omino"),
        },
        Grid::Hex => match n {
            1 => "monohex".to_string(),
            2 => "dihex".to_string(),
            3 => "trihex".to_string(),
            _ => format!("{p}ahex"),
        },
        Grid::Triangle => match n {
            2 => "diamond".to_string(),
            3 => "triamond".to_string(),
            4 => "tetriamond".to_string(),
            _ => format!("{p}iamond"),
        },
        Grid::Cube | Grid::Sphere => {
            let solid = if grid == Grid::Cube { "cube" } else { "sphere" };
            match n {
                1 => format!("mono{solid}"),
                2 => format!("di{solid}"),
                3 => format!("tri{solid}"),
                _ => format!("{p}a{solid}"),
            }
        }
    }
}

/// The TOML text of the set of `shapes`.
fn piece_set(grid: Grid, n: usize, one_sided: bool, shapes: &[Shape]) -> String {
    let family = family(grid, n);
    let kind = if one_sided { "one-sided" } else { "free" };
    let plural = plural(&family);
    let set_name = if one_sided {
        format!("one-sided-{plural}")
    } else {
        plural.clone()
    };
    let mut text = String::new();
    let _ = writeln!(text, "name = \"{set_name}\"");
    let _ = writeln!(
        text,
        "description = \"All {} {kind} {plural} ({} of {n} cell{} on the {} grid), written by polyx pieces\"",
        shapes.len(),
        family_plural(grid),
        if n == 1 { "" } else { "s" },
        grid.name()
    );
    let _ = writeln!(text, "grid = \"{}\"", grid.name());
    let _ = writeln!(text, "mirror = {}", !one_sided);
    let width = shapes.len().to_string().len();
    for ((k, shape), label) in shapes.iter().enumerate().zip(labels()) {
        let _ = writeln!(text, "\n[[piece]]");
        let _ = writeln!(text, "name = \"{family}-{:0width$}\"", k + 1);
        let _ = writeln!(text, "label = \"{label}\"");
        let _ = writeln!(
            text,
            "shape = \"\"\"\n{}\"\"\"",
            picture(grid, shape, label)
        );
    }
    text
}

/// `pentominoes`, `tetrahexes`, `hexiamonds`.
fn plural(family: &str) -> String {
    if family.ends_with('o') || family.ends_with('x') {
        format!("{family}es")
    } else {
        format!("{family}s")
    }
}

fn family_plural(grid: Grid) -> &'static str {
    match grid {
        Grid::Square => "polyominoes",
        Grid::Hex => "polyhexes",
        Grid::Triangle => "polyiamonds",
        Grid::Cube => "polycubes",
        Grid::Sphere => "polyspheres",
    }
}

/// `shape` drawn with `label` in the grid's picture layout, one line per row: on the
/// square and triangle grids every place before a row's last cell that is not a cell is
/// `.` (so a triangle row that begins with a ∇ starts with `.`); on the hex grid the
/// places between hexagons are spaces, as are the hexagons that are not cells.
fn picture(grid: Grid, shape: &Shape, label: char) -> String {
    let gap = if grid == Grid::Hex { ' ' } else { '.' };
    let mut text = String::new();
    for y in 0..shape.height() {
        let last = shape.cells().iter().filter(|c| c.y == y).map(|c| c.x).max();
        for x in 0..=last.unwrap_or(-1) {
            text.push(if shape.contains(Cell::new(x, y)) {
                label
            } else {
                gap
            });
        }
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The largest sets allowed (OEIS A000228: 1,448 free octahexes) have labels enough.
    #[test]
    fn labels_are_unique_letters_or_digits_enough_for_the_largest_set() {
        let all: Vec<char> = labels().collect();
        assert!(all.len() >= 1448, "{}", all.len());
        let distinct: std::collections::BTreeSet<char> = all.iter().copied().collect();
        assert_eq!(distinct.len(), all.len());
        assert!(all.iter().all(|c| c.is_alphanumeric()));
    }

    #[test]
    fn families_are_named() {
        assert_eq!(family(Grid::Square, 5), "pentomino");
        assert_eq!(family(Grid::Hex, 4), "tetrahex");
        assert_eq!(family(Grid::Triangle, 6), "hexiamond");
        assert_eq!(family(Grid::Triangle, 1), "moniamond");
    }
}
