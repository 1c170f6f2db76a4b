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

#[cfg(feature = "png")]
#[test]
fn png_pictures() {
    for (name, (board, set, t)) in [
        ("hex", fixtures::hexes()),
        ("triangle", fixtures::triangles()),
    ] {
        let bytes =
            crate::render::png::tiling(&board, &set, &t, &RenderOptions::default()).unwrap();
        view(&format!("{name}.png"), &bytes);
    }
}
