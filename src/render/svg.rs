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

use std::fmt::Write;

use crate::error::Error;
use crate::geom::{Cell, Lattice};
use crate::model::{Board, PieceSet, Tiling};
use crate::render::layout::Layout;
use crate::render::lines::{self, Segment};
use crate::render::palette::{self, hex};
use crate::render::scene::{self, Scene};
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
    for (k, t) in ts.iter().enumerate() {
        let (x, y) = layout.origin(k);
        let _ = writeln!(out, r#"<g transform="translate({x} {y})">"#);
        draw(&mut out, &Scene::new(board, set, t), &layout, opts.labels);
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
    let lattice = scene.lattice;
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
    if labels {
        for fill in &scene.fills {
            let c = fill.label_cell;
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
        let _ = write!(out, "M{} {}", number(corners[0].0), number(corners[0].1));
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
