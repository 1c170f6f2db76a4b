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
