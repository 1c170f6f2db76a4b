//! Snapshots of the pictures polyx draws for a few shipped boards, through the binary:
//! Unicode outlines and SVG (byte-stable), including a board with holes, the NOI2005
//! triangle and a board with pre-placed pieces.

use assert_cmd::Command;

fn draw(args: &[&str]) -> String {
    let out = Command::cargo_bin("polyx")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn unicode_outlines_of_shipped_boards() {
    insta::assert_snapshot!("unicode_3x20", draw(&["solve", "3x20", "-f", "unicode"]));
    insta::assert_snapshot!("unicode_scott", draw(&["solve", "scott", "-f", "unicode"]));
    insta::assert_snapshot!(
        "unicode_noi2005_sample",
        draw(&["solve", "noi2005-sample", "-f", "unicode"])
    );
}

#[test]
fn svg_of_shipped_boards() {
    insta::assert_snapshot!("svg_scott", draw(&["solve", "scott", "-f", "svg"]));
    insta::assert_snapshot!("svg_noi2005", draw(&["solve", "noi2005", "-f", "svg"]));
}

/// A file of tests/data/render (hex and triangle puzzles, copied from the grid tests).
fn render_data(file: &str) -> String {
    crate::data()
        .join("render")
        .join(file)
        .to_string_lossy()
        .into_owned()
}

#[test]
fn hex_and_triangle_text_is_the_input_layout() {
    let bee = draw(&["solve", &render_data("bee-board.toml"), "-f", "ascii"]);
    assert_eq!(bee, " b b b\n  b\n");
    // Box drawing cannot draw these grids: unicode is the same picture.
    let unicode = draw(&["solve", &render_data("bee-board.toml"), "-f", "unicode"]);
    assert_eq!(unicode, bee);
    let rhombus = draw(&["solve", &render_data("rhombus-6x6.toml")]);
    insta::assert_snapshot!("ascii_hexiamond_rhombus", rhombus);
}

#[test]
fn show_draws_orientations_on_their_grid() {
    insta::assert_snapshot!("show_bees", draw(&["show", &render_data("bee-board.toml")]));
    let hexiamonds = draw(&["show", &render_data("hexiamonds.toml")]);
    assert!(hexiamonds.contains("IIIIII  .II..  ..I  I..  ..II  .IIIIII\n        ..II."));
}

#[test]
fn svg_gallery_of_hexiamonds() {
    let svg = draw(&[
        "solve",
        &render_data("rhombus-6x6.toml"),
        "-n",
        "4",
        "-f",
        "svg",
    ]);
    assert_eq!(svg.matches("<g ").count(), 4);
    assert_eq!(svg.matches("<text").count(), 4 * 12 + 4);
    insta::assert_snapshot!("svg_hexiamond_gallery", svg);
}

#[test]
fn solids_by_layers_in_every_format() {
    let text = draw(&["solve", "soma-3x3x3"]);
    assert!(text.ends_with("\nz=0   z=1   z=2\n"), "{text}");
    insta::assert_snapshot!("ascii_soma", text);
    insta::assert_snapshot!(
        "unicode_soma",
        draw(&["solve", "soma-3x3x3", "-f", "unicode"])
    );
    let json = draw(&["solve", "soma-3x3x3", "-f", "json"]);
    assert!(json.contains(r#""cells":[[2,0,0],"#), "{json}");
    insta::assert_snapshot!("ascii_noi2005_pyramid", draw(&["solve", "noi2005-pyramid"]));
    // The README's pictures: docs/soma.svg and docs/pyramid.svg.
    let soma = draw(&["solve", "soma-3x3x3", "-f", "svg"]);
    assert_eq!(soma.matches(">z=").count(), 3);
    insta::assert_snapshot!("svg_soma", soma);
    let pyramid = draw(&["solve", "noi2005-pyramid", "-f", "svg"]);
    assert_eq!(pyramid.matches("url(#shine)").count(), 55);
    insta::assert_snapshot!("svg_noi2005_pyramid", pyramid);
}
