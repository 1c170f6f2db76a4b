//! Hand-written SVG, byte-stable (coordinates to a hundredth of a pixel, integers on the
//! square grid; fixed element order), on any grid through the cells' polygons. Per
//! tiling: one `<path>` per placement filling the union of its cells (each row's run of
//! neighbouring cells one polygon; a rectangle on the square grid) in the piece's colour;
//! blocked cells dark; uncovered open cells light grey; outside cells absent. Then thin
//! grid lines inside each piece (a shade of its colour), one dark outline path along
//! every edge between different regions, a dot toward the upper left corner of each cell
//! of a pre-placed piece (clear of the label), and the label at the cell nearest the
//! piece's centre, sized by the cell's inscribed circle.
//! Galleries add the solution number under each board. The `viewBox` makes it scale.
//! On the grids of space: one panel per layer, side by side, bottom first, named
//! `z=0 z=1 …` underneath (on the sphere grid each ball a disc, the balls of a piece
//! in a layer joined by bonds; labels in every cell), and to their right the isometric
//! view of the solid: cube faces shaded by their direction, balls shaded discs.

use std::fmt::Write;

use crate::error::Error;
use crate::geom::{Cell, Grid, Lattice};
use crate::model::{Board, PieceSet, Tiling};
use crate::render::layout::Layout;
use crate::render::lines::{self, Segment};
use crate::render::palette::{self, hex};
use crate::render::scene::{self, Scene};
use crate::render::solid::{Iso, Shape3d};
use crate::render::sticks::{self, Sticks};
use crate::render::RenderOptions;

/// One tiling as an SVG document.
///
/// # Errors
/// An [`crate::Error::Input`] for a cell size out of range (4 to 1024).
pub fn tiling(
    board: &Board,
    set: &PieceSet,
    t: &Tiling,
    opts: &RenderOptions,
) -> Result<String, Error> {
    gallery(board, set, std::slice::from_ref(t), opts)
}

/// Several tilings in one SVG document, in rows and columns in solution order.
///
/// # Errors
/// An [`crate::Error::Input`] for no tilings, too many, or a cell size out
/// of range (a gallery holds at most 10,000 tilings and 100 million pixels; cells are 4 to 1024 pixels).
pub fn gallery(
    board: &Board,
    set: &PieceSet,
    ts: &[Tiling],
    opts: &RenderOptions,
) -> Result<String, Error> {
    let layout = Layout::new(ts.len(), board, opts.cell_size, opts.captions)?;
    let (w, h) = (layout.width, layout.height);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#
    );
    let _ = writeln!(
        out,
        r#"<rect width="{w}" height="{h}" fill="{}"/>"#,
        hex(palette::BACKGROUND)
    );
    if board.grid == Grid::Sphere {
        out.push_str(SHINE);
    }
    for (k, t) in ts.iter().enumerate() {
        let (x, y) = layout.origin(k);
        let _ = writeln!(out, r#"<g transform="translate({x} {y})">"#);
        let scene = Scene::new(board, set, t);
        if scene.grid == Grid::Sphere {
            draw_balls(&mut out, &scene, &layout, opts.labels);
        } else if scene.grid.is_segments() {
            draw_sticks(&mut out, &Sticks::new(board, set, t), &layout, opts.labels);
        } else {
            draw(&mut out, &scene, &layout, opts.labels);
        }
        if board.grid.is_3d() {
            layer_names(&mut out, board, &layout);
            iso(&mut out, &Iso::new(board, set, t), &layout);
        }
        out.push_str("</g>\n");
        if layout.caption > 0 {
            let (bx, by) = layout.caption_band(k);
            let size = layout.caption * 7 / 10;
            let _ = writeln!(
                out,
                r#"<text x="{}" y="{}" font-family="sans-serif" font-size="{size}" text-anchor="middle" fill="{}">{}</text>"#,
                bx + layout.tile_width / 2,
                by + layout.caption * 3 / 4,
                hex(palette::INK),
                k + 1
            );
        }
    }
    out.push_str("</svg>\n");
    Ok(out)
}

fn draw(out: &mut String, scene: &Scene, layout: &Layout, labels: bool) {
    let lattice = &scene.lattice;
    for fill in &scene.fills {
        fill_cells(out, lattice, &fill.cells, fill.color, layout);
    }
    fill_cells(out, lattice, &scene.blocked, palette::BLOCKED, layout);
    fill_cells(out, lattice, &scene.empty, palette::EMPTY, layout);
    for fill in &scene.fills {
        stroke(out, &fill.grid, fill.grid_color, 1, layout);
    }
    stroke(
        out,
        &scene.empty_grid,
        palette::grid_color(palette::EMPTY),
        1,
        layout,
    );
    stroke(out, &scene.outline, palette::INK, layout.outline, layout);
    dots(out, scene, layout);
    if labels {
        piece_labels(out, scene, layout);
    }
}

/// A dot in each cell of each pre-placed piece.
fn dots(out: &mut String, scene: &Scene, layout: &Layout) {
    let lattice = &scene.lattice;
    let s = layout.cell as i32;
    for fill in scene.fills.iter().filter(|f| f.fixed) {
        let r = (s / 10).max(1);
        let color = hex(palette::text_color(fill.color));
        for &c in &fill.cells {
            let (x, y) = layout.pixel(scene::dot_point(lattice, c));
            let _ = writeln!(
                out,
                r#"<circle cx="{}" cy="{}" r="{r}" fill="{color}"/>"#,
                x.floor(),
                y.floor()
            );
        }
    }
}

/// Each piece's label at the cell nearest its centre; on the grids of space, where a
/// piece's cells are spread over several panels, in every cell.
fn piece_labels(out: &mut String, scene: &Scene, layout: &Layout) {
    let lattice = &scene.lattice;
    for fill in &scene.fills {
        let every = scene.grid.is_3d();
        let cells = if every {
            &fill.cells[..]
        } else {
            std::slice::from_ref(&fill.label_cell)
        };
        for &c in cells {
            let (x, y) = layout.pixel(scene::centre(lattice, c));
            // The label's height follows the cell's inscribed circle: half a cell on
            // the square and hex grids; the baseline sits below the centre so that
            // capitals look centred.
            let across = f64::from(layout.cell) * 2.0 * scene::inradius(lattice, c);
            let mut label = String::new();
            escape(&mut label, fill.label);
            let _ = writeln!(
                out,
                r#"<text x="{}" y="{}" font-family="sans-serif" font-size="{}" text-anchor="middle" fill="{}">{label}</text>"#,
                x.floor(),
                y.floor() + (across * 9.0 / 50.0).floor(),
                (across / 2.0).floor(),
                hex(palette::text_color(fill.color)),
            );
        }
    }
}

/// The shading laid over every ball of the isometric view: light at the upper left,
/// darker toward the rim.
const SHINE: &str = r##"<defs><radialGradient id="shine" cx="0.35" cy="0.3" r="0.75"><stop offset="0" stop-color="#ffffff" stop-opacity="0.7"/><stop offset="0.45" stop-color="#ffffff" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.35"/></radialGradient></defs>
"##;

/// A ball's radius in the panels, in cells (they do not quite touch, so that the bonds
/// between the balls of a piece show).
const BALL: f64 = 0.42;

/// The panels of the sphere grid: each ball a disc in its piece's colour (blocked dark,
/// uncovered light), the balls of one piece in one layer joined by bonds, dots on
/// pre-placed pieces, labels.
fn draw_balls(out: &mut String, scene: &Scene, layout: &Layout, labels: bool) {
    let lattice = &scene.lattice;
    let s = f64::from(layout.cell);
    let px = |c: Cell| {
        let (x, y) = layout.pixel(scene::centre(lattice, c));
        (hundredths(x), hundredths(y))
    };
    // Bonds: an outline, then the piece's colour over it.
    let bond = (s * 0.3).round() as u32;
    for fill in &scene.fills {
        let pairs: Vec<(Cell, Cell)> = (fill.cells.iter())
            .flat_map(|&a| fill.cells.iter().map(move |&b| (a, b)))
            .filter(|(a, b)| a.z == b.z && a < b && (b.x - a.x) + (b.y - a.y) == 1)
            .filter(|(a, b)| a.x <= b.x && a.y <= b.y)
            .collect();
        if pairs.is_empty() {
            continue;
        }
        for (width, color) in [
            (bond + 2 * layout.outline, palette::INK),
            (bond, fill.color),
        ] {
            let _ = write!(
                out,
                r#"<path fill="none" stroke="{}" stroke-width="{width}" d=""#,
                hex(color)
            );
            for &(a, b) in &pairs {
                let (a, b) = (px(a), px(b));
                let _ = write!(out, "M{} {}", number(a.0), number(a.1));
                line_to(out, a, b);
            }
            out.push_str("\"/>\n");
        }
    }
    let r = hundredths(s * BALL);
    let disc = |out: &mut String, c: Cell, color: [u8; 3]| {
        let (x, y) = px(c);
        let _ = writeln!(
            out,
            r#"<circle cx="{}" cy="{}" r="{}" fill="{}" stroke="{}" stroke-width="{}"/>"#,
            number(x),
            number(y),
            number(r),
            hex(color),
            hex(palette::INK),
            layout.outline.div_ceil(2)
        );
    };
    for fill in &scene.fills {
        fill.cells.iter().for_each(|&c| disc(out, c, fill.color));
    }
    scene
        .blocked
        .iter()
        .for_each(|&c| disc(out, c, palette::BLOCKED));
    scene
        .empty
        .iter()
        .for_each(|&c| disc(out, c, palette::EMPTY));
    dots(out, scene, layout);
    if labels {
        piece_labels(out, scene, layout);
    }
}

/// A tiling of a grid of segments ([`sticks`]): the board's segments faint, blocked ones
/// dark, then each placement as one path of round-capped strokes, one per segment, over
/// a wider dark path of the same strokes; dots on the segments of pre-placed pieces and
/// the label on the piece's middle segment.
fn draw_sticks(out: &mut String, drawing: &Sticks, layout: &Layout, labels: bool) {
    let s = f64::from(layout.cell);
    // A width in pixels, at least one.
    let width = |w: f64| number(hundredths(w * s).max(100));
    round_strokes(
        out,
        &drawing.board,
        sticks::FAINT_COLOR,
        &width(sticks::FAINT),
        layout,
    );
    round_strokes(
        out,
        &drawing.blocked,
        palette::BLOCKED,
        &width(2.0 * sticks::FAINT),
        layout,
    );
    for piece in &drawing.pieces {
        let edge = width(sticks::STROKE + 2.0 * sticks::EDGE);
        round_strokes(out, &piece.strokes, palette::INK, &edge, layout);
        round_strokes(
            out,
            &piece.strokes,
            piece.color,
            &width(sticks::STROKE),
            layout,
        );
    }
    for piece in &drawing.pieces {
        let ink = hex(palette::text_color(piece.color));
        if piece.fixed {
            let r = number(hundredths(sticks::STROKE * s / 5.0).max(50));
            for g in (piece.strokes.iter()).filter(|&g| !labels || *g != piece.label_at) {
                let (x, y) = at(layout, sticks::middle(g));
                let _ = writeln!(
                    out,
                    r#"<circle cx="{}" cy="{}" r="{r}" fill="{ink}"/>"#,
                    number(x),
                    number(y)
                );
            }
        }
        if labels {
            let (x, y) = at(layout, sticks::middle(&piece.label_at));
            let size = sticks::STROKE * s * 0.9;
            let mut label = String::new();
            escape(&mut label, piece.label);
            let _ = writeln!(
                out,
                r#"<text x="{}" y="{}" font-family="sans-serif" font-size="{}" text-anchor="middle" fill="{ink}">{label}</text>"#,
                number(x),
                number(y + hundredths(size * 0.36)),
                number(hundredths(size)),
            );
        }
    }
}

/// One path of `segments` (in cell units) with round caps, each segment its own
/// subpath (`M` then one line), `width` pixels wide.
fn round_strokes(
    out: &mut String,
    segments: &[Segment],
    color: [u8; 3],
    width: &str,
    layout: &Layout,
) {
    strokes(out, segments, color, width, "round", layout);
}

/// One path of `segments` (in cell units), each segment its own subpath, `width` pixels
/// wide with caps `cap`.
fn strokes(
    out: &mut String,
    segments: &[Segment],
    color: [u8; 3],
    width: &str,
    cap: &str,
    layout: &Layout,
) {
    if segments.is_empty() {
        return;
    }
    let _ = write!(
        out,
        r#"<path fill="none" stroke="{}" stroke-width="{width}" stroke-linecap="{cap}" d=""#,
        hex(color)
    );
    for g in segments {
        let (a, b) = (at(layout, g.a), at(layout, g.b));
        let _ = write!(out, "M{} {}", number(a.0), number(a.1));
        line_to(out, a, b);
    }
    out.push_str("\"/>\n");
}

/// `z=0`, `z=1`, … centred under the layers' panels.
fn layer_names(out: &mut String, board: &Board, layout: &Layout) {
    let size = layout.layer_labels * 7 / 10;
    for z in 0..board.depth {
        let (x, y) = layout.layer_label(z);
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-family="sans-serif" font-size="{size}" text-anchor="middle" fill="{}">z={z}</text>"#,
            number(hundredths(x)),
            number(hundredths(y + f64::from(layout.layer_labels) * 0.8)),
            hex(palette::INK),
        );
    }
}

/// The isometric view: cube faces and shaded balls, back to front, thin dark edges.
fn iso(out: &mut String, view: &Iso, layout: &Layout) {
    let s = f64::from(layout.cell);
    let at = |p: crate::geom::Point| {
        let (x, y) = layout.iso_pixel(p).expect("a solid has an isometric view");
        (hundredths(x), hundredths(y))
    };
    for shape in &view.shapes {
        match shape {
            Shape3d::Face(corners, color) => {
                let corners: Vec<(i64, i64)> = corners.iter().map(|&p| at(p)).collect();
                let _ = write!(
                    out,
                    r#"<path fill="{}" stroke="{}" stroke-width="1" stroke-linejoin="round" d="M{} {}"#,
                    hex(*color),
                    hex(palette::INK),
                    number(corners[0].0),
                    number(corners[0].1)
                );
                for pair in corners.windows(2) {
                    line_to(out, pair[0], pair[1]);
                }
                out.push_str("z\"/>\n");
            }
            Shape3d::Ball(centre, radius, color) => {
                let (x, y) = at(*centre);
                let (x, y, r) = (number(x), number(y), number(hundredths(radius * s)));
                let _ = writeln!(
                    out,
                    r##"<circle cx="{x}" cy="{y}" r="{r}" fill="{}" stroke="{}" stroke-width="1"/><circle cx="{x}" cy="{y}" r="{r}" fill="url(#shine)"/>"##,
                    hex(*color),
                    hex(palette::INK),
                );
            }
        }
    }
}

/// A pixel coordinate in hundredths, the precision of the SVG's numbers.
fn hundredths(v: f64) -> i64 {
    (v * 100.0).round() as i64
}

/// A number of hundredths as SVG text: an integer where it is one, else up to two
/// decimals.
fn number(h: i64) -> String {
    if h % 100 == 0 {
        return (h / 100).to_string();
    }
    let sign = if h < 0 { "-" } else { "" };
    let (whole, frac) = (h.abs() / 100, h.abs() % 100);
    let frac = format!("{frac:02}");
    format!("{sign}{whole}.{}", frac.trim_end_matches('0'))
}

/// A point in hundredths of a pixel.
fn at(layout: &Layout, p: crate::geom::Point) -> (i64, i64) {
    let (x, y) = layout.pixel(p);
    (hundredths(x), hundredths(y))
}

/// The relative path command from `from` to `to` (both in hundredths): `h`, `v` or `l`.
fn line_to(out: &mut String, from: (i64, i64), to: (i64, i64)) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let _ = match (dx, dy) {
        (_, 0) => write!(out, "h{}", number(dx)),
        (0, _) => write!(out, "v{}", number(dy)),
        _ => write!(out, "l{} {}", number(dx), number(dy)),
    };
}

/// One path filling `cells`: each run of neighbouring cells in a row is one polygon (on
/// the square grid, one rectangle).
fn fill_cells(
    out: &mut String,
    lattice: &dyn Lattice,
    cells: &[Cell],
    color: [u8; 3],
    layout: &Layout,
) {
    if cells.is_empty() {
        return;
    }
    let _ = write!(out, r#"<path fill="{}" d=""#, hex(color));
    for polygon in lines::run_outlines(lattice, cells) {
        let corners: Vec<(i64, i64)> = polygon.iter().map(|&p| at(layout, p)).collect();
        let Some(first) = corners.first() else {
            continue;
        };
        let _ = write!(out, "M{} {}", number(first.0), number(first.1));
        for pair in corners.windows(2) {
            line_to(out, pair[0], pair[1]);
        }
        out.push('z');
    }
    out.push_str("\"/>\n");
}

/// One path stroking `segments` (given in cell units).
fn stroke(out: &mut String, segments: &[Segment], color: [u8; 3], width: u32, layout: &Layout) {
    if segments.is_empty() {
        return;
    }
    // Square caps close the corners of lines at right angles; where lines meet at
    // other angles (hex and triangle grids), square caps would stick out, round ones
    // do not.
    let upright = segments
        .iter()
        .all(|g| g.is_horizontal() || g.is_vertical());
    let cap = if upright { "square" } else { "round" };
    strokes(out, segments, color, &width.to_string(), cap, layout);
}

fn escape(out: &mut String, c: char) {
    match c {
        '&' => out.push_str("&amp;"),
        '<' => out.push_str("&lt;"),
        '>' => out.push_str("&gt;"),
        '"' => out.push_str("&quot;"),
        c => out.push(c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::fixtures;

    fn opts(cell_size: u32) -> RenderOptions {
        RenderOptions {
            cell_size,
            ..RenderOptions::default()
        }
    }

    #[test]
    fn two_l_trominoes() {
        let (board, set, t) = fixtures::two_l();
        let svg = tiling(&board, &set, &t, &opts(20)).unwrap();
        assert!(svg.starts_with(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="70" height="50" viewBox="0 0 70 50">"#
        ));
        insta::assert_snapshot!(svg);
    }

    #[test]
    fn holes_outside_and_blocked() {
        let (board, set, t) = fixtures::holes();
        insta::assert_snapshot!(tiling(&board, &set, &t, &opts(20)).unwrap());
    }

    #[test]
    fn pentominoes() {
        let (board, set, t) = fixtures::pentominoes();
        insta::assert_snapshot!(tiling(&board, &set, &t, &RenderOptions::default()).unwrap());
    }

    #[test]
    fn preplaced_is_dotted() {
        let (board, set, t) = fixtures::preplaced();
        let svg = tiling(&board, &set, &t, &opts(20)).unwrap();
        assert_eq!(svg.matches("<circle").count(), 2);
        assert!(svg.contains(r##"fill="#102030""##));
        insta::assert_snapshot!(svg);
    }

    #[test]
    fn gallery_has_captions_in_order() {
        let (board, set, t) = fixtures::two_l();
        let ts = vec![t; 3];
        let o = RenderOptions {
            labels: false,
            ..opts(8)
        };
        let svg = gallery(&board, &set, &ts, &o).unwrap();
        let layout = Layout::new(3, &board, 8, true).unwrap();
        let size = format!(r#"width="{}" height="{}""#, layout.width, layout.height);
        assert!(svg.contains(&size), "{size}");
        assert_eq!(svg.matches("<g ").count(), 3);
        let captions: Vec<&str> = svg
            .lines()
            .filter(|l| l.starts_with("<text"))
            .map(|l| &l[l.find('>').unwrap() + 1..l.len() - "</text>".len()])
            .collect();
        assert_eq!(captions, ["1", "2", "3"]);
        insta::assert_snapshot!(svg);
    }
}
