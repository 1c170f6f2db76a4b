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
use crate::model::flat::turns_over;
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
        GridArg::Cube => Grid::Cube,
        GridArg::Sphere => Grid::Sphere,
        GridArg::Sticks => Grid::Sticks,
        GridArg::Trigs => Grid::Trigs,
        GridArg::Twigs => Grid::Twigs,
    };
    if grid.is_3d() && args.one_sided {
        return Err(InputError::new(format!(
            "--one-sided is the plane grids' word; on the {} grid shapes are physical pieces, turned by rotations only, already",
            grid.name()
        ))
        .with_hint("leave it out for rotations only, or give --mirror to count mirror images as one shape")
        .into());
    }
    if !grid.is_3d() && args.mirror {
        return Err(InputError::new(format!(
            "--mirror is for the 3D grids, whose pieces turn by rotations only unless mirrored; the {} grid's shapes are free already",
            grid.name()
        ))
        .with_hint("leave it out for free shapes, or give --one-sided for rotations only")
        .into());
    }
    let n = args.size as usize;
    // Rotations only: one-sided shapes in the plane; physical solids unless `--mirror`.
    let rotations_only = if grid.is_3d() {
        !args.mirror
    } else {
        args.one_sided
    };
    let max = max_size(grid, rotations_only);
    if n > max {
        let kind = kind(grid, rotations_only);
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
    let shapes = physical(
        grid,
        polyforms(grid.lattice(), n, rotations_only),
        rotations_only,
    );
    let text = piece_set(grid, n, rotations_only, &shapes);
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

/// The shapes of `grid` that are distinct as pieces: on the sphere grid under rotations
/// only, a flat shape and its mirror image are one piece, since a flat piece may be
/// turned over (SPEC §8; [`turns_over`]); the first of each such pair is kept.
fn physical(grid: Grid, shapes: Vec<Shape>, rotations_only: bool) -> Vec<Shape> {
    if grid != Grid::Sphere || !rotations_only {
        return shapes;
    }
    let lattice = grid.lattice();
    let mut seen = std::collections::BTreeSet::new();
    shapes
        .into_iter()
        .filter(|s| !turns_over(grid, s) || seen.insert(s.canonical(lattice, false)))
        .collect()
}

/// The largest size generated: the last whose set (free or rotations only) fits in the
/// labels. The counts of the next sizes, from OEIS (A000105, A000988, A000228, A006535,
/// A000577, A006534, A000162, A038119): square 2,500 one-sided 9-cells and 4,655 free
/// 10-cells; hex 2,821 one-sided 8-cells and 6,572 free 9-cells; triangle 2,336
/// one-sided 11-cells and 3,334 free 12-cells; cube 6,922 octacubes under rotations and
/// 3,811 up to reflection too. Polyspheres (no OEIS entry found; counted by this
/// generator and by an independent brute force in the packing's coordinates): 2,209
/// hexaspheres as physical pieces, and 1,211 up to reflection, which fit.
pub fn max_size(grid: Grid, rotations_only: bool) -> usize {
    match (grid, rotations_only) {
        (Grid::Square, false) => 9,
        (Grid::Square, true) => 8,
        (Grid::Hex, false) => 8,
        (Grid::Hex, true) => 7,
        (Grid::Triangle, false) => 11,
        (Grid::Triangle, true) => 10,
        (Grid::Cube, _) => 7,
        (Grid::Sphere, true) => 5,
        (Grid::Sphere, false) => 6,
        (Grid::Sticks, false) => 7,
        (Grid::Sticks, true) => 6,
        (Grid::Trigs, _) => 5,
        (Grid::Twigs, _) => 8,
    }
}

/// What the shapes are: `free` or `one-sided` in the plane; `physical` (rotations only)
/// or `free` (up to reflection too) in space.
fn kind(grid: Grid, rotations_only: bool) -> &'static str {
    match (grid.is_3d(), rotations_only) {
        (false, false) | (true, false) => "free",
        (false, true) => "one-sided",
        (true, true) => "physical",
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
        Grid::Sticks | Grid::Trigs | Grid::Twigs => {
            let kind = &grid.name()[..grid.name().len() - 1];
            match n {
                1 => format!("mono{kind}"),
                2 => format!("di{kind}"),
                3 => format!("tri{kind}"),
                _ => format!("{p}a{kind}"),
            }
        }
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

/// The TOML text of the set of `shapes` (up to rotation if `rotations_only`).
fn piece_set(grid: Grid, n: usize, rotations_only: bool, shapes: &[Shape]) -> String {
    let family = family(grid, n);
    let kind = kind(grid, rotations_only);
    let plural = plural(&family);
    // The plane grids name their one-sided sets, the grids of space their free ones: the
    // other kind is each grid's usual set.
    let set_name = match (grid.is_3d(), rotations_only) {
        (false, true) => format!("one-sided-{plural}"),
        (true, false) => format!("free-{plural}"),
        _ => plural.clone(),
    };
    let moves = match (grid.is_3d(), rotations_only) {
        (true, true) => ", turned by rotations only",
        (true, false) => ", mirror images counted once",
        _ => "",
    };
    let mut text = String::new();
    let _ = writeln!(text, "name = \"{set_name}\"");
    let _ = writeln!(
        text,
        "description = \"All {} {kind} {plural} ({} of {n} cell{} on the {} grid{moves}), written by polyx pieces\"",
        shapes.len(),
        family_plural(grid),
        if n == 1 { "" } else { "s" },
        grid.name()
    );
    let _ = writeln!(text, "grid = \"{}\"", grid.name());
    let _ = writeln!(text, "mirror = {}", !rotations_only);
    let width = shapes.len().to_string().len();
    for ((k, shape), label) in shapes.iter().enumerate().zip(labels()) {
        let _ = writeln!(text, "\n[[piece]]");
        let _ = writeln!(text, "name = \"{family}-{:0width$}\"", k + 1);
        let _ = writeln!(text, "label = \"{label}\"");
        if grid.is_3d() {
            text.push_str(&solid(grid, shape, rotations_only, label));
        } else if grid.is_segments() {
            let _ = writeln!(text, "segments = {}", segments(grid, shape));
        } else {
            let _ = writeln!(
                text,
                "shape = \"\"\"\n{}\"\"\"",
                picture(grid, shape, label)
            );
        }
    }
    text
}

/// A shape of the grids of space as TOML: a `shape` picture when one of its orientations
/// lies in a single layer (the first such, in the group's order), else its `layers`.
fn solid(grid: Grid, shape: &Shape, rotations_only: bool, label: char) -> String {
    let lattice = grid.lattice();
    let flat = shape
        .orientations(lattice, rotations_only)
        .into_iter()
        .map(|(s, _)| s)
        .find(|s| s.depth() == 1);
    let layers = flat.as_ref().unwrap_or(shape).layer_pictures(label);
    let text = |layer: &Vec<String>| {
        let mut t = String::from("\n");
        for row in layer {
            t.push_str(row);
            t.push('\n');
        }
        t
    };
    if let [layer] = &layers[..] {
        return format!("shape = \"\"\"{}\"\"\"\n", text(layer));
    }
    let parts: Vec<String> = layers
        .iter()
        .map(|l| format!("\"\"\"{}\"\"\"", text(l)))
        .collect();
    format!("layers = [{}]\n", parts.join(", "))
}

/// A shape of segments as Puzzler's `[[x, y, d], …]`, shifted to x and y from 0.
fn segments(grid: Grid, shape: &Shape) -> String {
    let lattice = grid.lattice();
    let Some(segments) = lattice.segments() else {
        return "[]".to_string();
    };
    let list: Vec<[i32; 3]> = (shape.cells().iter())
        .filter_map(|&c| segments.to_puzzler(c))
        .collect();
    let min = |k: usize| list.iter().map(|s| s[k]).min().unwrap_or(0);
    let (x0, y0) = (min(0), min(1));
    let mut list: Vec<[i32; 3]> = list.iter().map(|&[x, y, d]| [x - x0, y - y0, d]).collect();
    list.sort();
    let items: Vec<String> = (list.iter())
        .map(|[x, y, d]| format!("[{x}, {y}, {d}]"))
        .collect();
    format!("[{}]", items.join(", "))
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
        Grid::Sticks => "polysticks",
        Grid::Trigs => "polytrigs",
        Grid::Twigs => "polytwigs",
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
