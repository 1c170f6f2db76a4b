//! The renderers on the hex and triangle grids: text in the input's picture layout that
//! reads back as a board with the pieces pre-placed, JSON cells in picture coordinates,
//! SVG snapshots and PNG pictures of real hexagons and triangles.

use crate::geom::Cell;
use crate::model::{Board, PieceSet, Placement, Puzzle, Square, Tiling};
use crate::render::{ascii, fixtures, json, svg, RenderOptions};

/// Writes a picture to /tmp/render-view when POLYX_VIEW is set, for looking at it.
fn view(name: &str, bytes: &[u8]) {
    if std::env::var_os("POLYX_VIEW").is_some() {
        let dir = std::path::Path::new("/tmp/render-view");
        std::fs::create_dir_all(dir).unwrap();
        std::fs::write(dir.join(name), bytes).unwrap();
    }
}

#[test]
fn hex_svg() {
    let (board, set, t) = fixtures::hexes();
    let svg = svg::tiling(&board, &set, &t, &RenderOptions::default()).unwrap();
    view("hex.svg", svg.as_bytes());
    insta::assert_snapshot!(svg);
}

#[test]
fn triangle_svg() {
    let (board, set, t) = fixtures::triangles();
    let svg = svg::tiling(&board, &set, &t, &RenderOptions::default()).unwrap();
    view("triangle.svg", svg.as_bytes());
    insta::assert_snapshot!(svg);
}

/// A PNG of each: the layout's size, and no pixel of the background inside any cell of
/// the board (the polygons tile without gaps), with every piece's colour present.
#[cfg(feature = "png")]
#[test]
fn png_pictures_have_no_gaps() {
    use crate::render::{layout::Layout, palette, png};
    for (name, (board, set, t)) in [
        ("hex", fixtures::hexes()),
        ("triangle", fixtures::triangles()),
    ] {
        let opts = RenderOptions::default();
        view(
            &format!("{name}.png"),
            &png::tiling(&board, &set, &t, &opts).unwrap(),
        );
        let img = png::image(&board, &set, std::slice::from_ref(&t), &opts).unwrap();
        let layout = Layout::new(1, &board, opts.cell_size, false).unwrap();
        assert_eq!((img.width(), img.height()), (layout.width, layout.height));
        let (ox, oy) = layout.origin(0);
        let lattice = board.lattice();
        let mut colours = std::collections::BTreeSet::new();
        for c in board.open_cells() {
            let corners: Vec<(f64, f64)> = lattice
                .polygon(c)
                .into_iter()
                .map(|p| layout.pixel(p))
                .collect();
            let inside = |x: f64, y: f64| {
                let n = corners.len();
                (0..n).all(|i| {
                    let (p, q) = (corners[i], corners[(i + 1) % n]);
                    (q.0 - p.0) * (y - p.1) - (q.1 - p.1) * (x - p.0) > 0.0
                })
            };
            for py in 0..layout.height {
                for px in 0..layout.width {
                    let (x, y) = (
                        f64::from(px) + 0.5 - f64::from(ox),
                        f64::from(py) + 0.5 - f64::from(oy),
                    );
                    if inside(x, y) {
                        let pixel = img.get_pixel(px, py).0;
                        assert_ne!(pixel, palette::BACKGROUND, "{name}: gap at ({px}, {py})");
                        colours.insert(pixel);
                    }
                }
            }
        }
        for k in 0..set.pieces.len() {
            assert!(
                colours.contains(&palette::piece_color(&set, k)),
                "{name}: piece {k}"
            );
        }
    }
}

/// Reads a text picture back as a board of `grid`: labels pre-placed, except those of
/// `open_label`, which are left open to cover.
fn read_back(text: &str, grid: crate::geom::Grid, open_label: char) -> Board {
    let lines: Vec<&str> = text.lines().collect();
    let width = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let mut squares = Vec::new();
    for line in &lines {
        let mut row: Vec<Square> = line
            .chars()
            .map(|ch| match ch {
                ' ' => Square::Outside,
                '#' => Square::Blocked,
                '.' => Square::Open,
                c if c == open_label => Square::Open,
                c => Square::Preplaced(c),
            })
            .collect();
        row.resize(width, Square::Outside);
        squares.extend(row);
    }
    let mut board = Board::new("read back", width as i32, lines.len() as i32, squares);
    board.grid = grid;
    board
}

fn sorted(mut placements: Vec<Placement>) -> Vec<Placement> {
    placements.sort();
    placements
}

/// The text of a solution, read back as a board with every piece but the last
/// pre-placed (a board needs an open cell), makes a puzzle whose pre-placed pieces are
/// the solution's and whose only completion is the solution itself.
fn round_trip(board: &Board, set: &PieceSet, t: &Tiling) {
    let text = ascii::tiling(board, set, t);
    let last = t.placements.last().unwrap();
    let label = set.pieces[last.piece].label;
    let back = read_back(&text, board.grid, label);
    let puzzle = Puzzle::new(back, set.clone()).unwrap();
    let expected: Vec<Placement> = (t.placements.iter())
        .filter(|p| p.piece != last.piece)
        .map(|p| Placement {
            fixed: true,
            ..p.clone()
        })
        .collect();
    assert_eq!(sorted(puzzle.fixed.clone()), sorted(expected));
    let solver = crate::solve::Solver::new(puzzle, crate::solve::SymmetryMode::Keep);
    let mut found = Vec::new();
    solver.run(None, |s| {
        found.push(s.clone());
        std::ops::ControlFlow::Continue(())
    });
    assert_eq!(found.len(), 1, "{text}");
    let unfixed = |ps: &[Placement]| {
        sorted(
            ps.iter()
                .map(|p| Placement {
                    fixed: false,
                    ..p.clone()
                })
                .collect(),
        )
    };
    assert_eq!(unfixed(&found[0].placements), unfixed(&t.placements));
}

#[test]
fn ascii_reads_back_as_a_board_on_hex_and_triangle() {
    let (board, set, t) = fixtures::hexes();
    let text = ascii::tiling(&board, &set, &t);
    // The 7 × 4 parallelogram: row r starts at column r, cells two columns apart.
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4);
    for (r, line) in lines.iter().enumerate() {
        assert_eq!(line.len(), r + 13, "{text}");
        assert!(line
            .chars()
            .skip(r)
            .step_by(2)
            .all(|c| c.is_ascii_uppercase()));
        assert!(line.chars().skip(r + 1).step_by(2).all(|c| c == ' '));
    }
    insta::assert_snapshot!("hex_ascii", text);
    round_trip(&board, &set, &t);
    let (board, set, t) = fixtures::triangles();
    let text = ascii::tiling(&board, &set, &t);
    insta::assert_snapshot!("triangle_ascii", text);
    round_trip(&board, &set, &t);
}

#[test]
fn unicode_is_the_ascii_picture_off_the_square_grid() {
    use crate::render::unicode::{self, UnicodeOptions};
    for (board, set, t) in [fixtures::hexes(), fixtures::triangles()] {
        let text = unicode::tiling(&board, &set, &t, &UnicodeOptions::default());
        assert_eq!(text, ascii::tiling(&board, &set, &t));
    }
}

#[test]
fn json_cells_are_picture_coordinates() {
    for (board, set, t) in [fixtures::hexes(), fixtures::triangles()] {
        let line = json::solution(1, &set, &t);
        let value: serde_json::Value = serde_json::from_str(&line).unwrap();
        let text = ascii::tiling(&board, &set, &t);
        let rows: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
        let mut seen = 0;
        for p in value["placements"].as_array().unwrap() {
            let name = p["piece"].as_str().unwrap();
            let label = set.pieces[set.by_name(name).unwrap()].label;
            for cell in p["cells"].as_array().unwrap() {
                let (x, y) = (cell[0].as_i64().unwrap(), cell[1].as_i64().unwrap());
                assert_eq!(rows[y as usize][x as usize], label, "[{x}, {y}]");
                assert_eq!(board.square(Cell::new(x as i32, y as i32)), Square::Open);
                seen += 1;
            }
        }
        assert_eq!(seen, board.open_count());
    }
    // The hexes' first rows hold even columns; the triangles' first row starts at 1.
    let (_, set, t) = fixtures::hexes();
    assert!(json::solution(1, &set, &t).contains("[0,0]"));
    let (_, set, t) = fixtures::triangles();
    let line = json::solution(1, &set, &t);
    assert!(line.contains("[1,0]") && !line.contains("[0,0]"));
}

/// Pre-placed pieces keep their dot, one per cell, on every grid.
#[test]
fn preplaced_pieces_are_dotted_on_hex_and_triangle() {
    for (name, (board, set, t)) in [
        ("hex", fixtures::hexes()),
        ("triangle", fixtures::triangles()),
    ] {
        let last = t.placements.last().unwrap().piece;
        let back = read_back(
            &ascii::tiling(&board, &set, &t),
            board.grid,
            set.pieces[last].label,
        );
        let puzzle = Puzzle::new(back, set.clone()).unwrap();
        let fixed: usize = puzzle.fixed.iter().map(|p| p.cells.len()).sum();
        let solver = crate::solve::Solver::new(puzzle, crate::solve::SymmetryMode::Keep);
        let mut found = None;
        solver.run(Some(1), |s| {
            found = Some(s.clone());
            std::ops::ControlFlow::Break(())
        });
        let (board, set) = (&solver.puzzle().board, &solver.puzzle().set);
        let svg = svg::tiling(board, set, &found.unwrap(), &RenderOptions::default()).unwrap();
        view(&format!("{name}-preplaced.svg"), svg.as_bytes());
        assert_eq!(svg.matches("<circle").count(), fixed);
    }
}
