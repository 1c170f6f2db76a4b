//! The 3D keys of SPEC §8 read into the model: `layers` pieces and boards (ragged layers
//! are fine), `size = [x, y, z]`, `pyramid = n`, `mirror` defaulting to false, flat ball
//! pieces turned over; and each bad input an error at its line and column with a hint.

use crate::error::InputError;
use crate::geom::{Cell, Grid};
use crate::model::{parse_board, parse_piece_set, Square};

fn set_error(text: &str) -> InputError {
    match parse_piece_set("set.toml", text) {
        Ok(set) => panic!("expected an error, got {set:?}"),
        Err(e) => e,
    }
}

fn board_error(text: &str) -> InputError {
    match parse_board("board.toml", text) {
        Ok(board) => panic!("expected an error, got {board:?}"),
        Err(e) => e,
    }
}

/// Asserts the error is at `line:column`, its message contains `message` and its hint
/// `hint`.
#[track_caller]
fn check(e: &InputError, line: usize, column: usize, message: &str, hint: &str) {
    let shown = e.to_string();
    let loc = e
        .location
        .as_ref()
        .unwrap_or_else(|| panic!("no location: {shown}"));
    assert_eq!((loc.line, loc.column), (line, column), "{shown}");
    assert!(e.message.contains(message), "{shown}");
    assert!(e.hint.as_deref().unwrap_or("").contains(hint), "{shown}");
}

const CUBE: &str = "grid = \"cube\"\n";
const SPHERE: &str = "grid = \"sphere\"\n";

#[test]
fn a_piece_of_layers_reads_bottom_first_in_one_frame() {
    let text = format!(
        "{CUBE}[[piece]]\nname = \"A\"\nlayers = [\"\"\"\nAA\n.A\n\"\"\", \"\"\"\nA\n\"\"\"]\n"
    );
    let set = parse_piece_set("s.toml", &text).unwrap();
    let p = &set.pieces[0];
    let cells: Vec<Cell> = p.shape.cells().to_vec();
    let expected = [
        Cell::at(0, 0, 0),
        Cell::at(1, 0, 0),
        Cell::at(1, 1, 0),
        Cell::at(0, 0, 1),
    ];
    assert_eq!(cells, expected);
    assert!(!p.mirror, "3D pieces are rotations only by default");
    assert_eq!(p.orientations(set.lattice()).len(), 12);
    let text = format!("{CUBE}mirror = true\n[[piece]]\nname = \"A\"\nshape = \"AA\"\n");
    assert!(parse_piece_set("s.toml", &text).unwrap().pieces[0].mirror);
}

#[test]
fn a_flat_ball_piece_in_any_plane_may_be_turned_over() {
    // Three balls bent at 120°, in a plane of the packing that is not a square layer.
    let text = format!("{SPHERE}[[piece]]\nname = \"B\"\nlayers = [\"BB\", \".B\"]\n");
    let set = parse_piece_set("s.toml", &text).unwrap();
    assert!(set.pieces[0].mirror);
    // A ball on a 2×2 square is not flat: rotations only.
    let text = format!("{SPHERE}[[piece]]\nname = \"P\"\nlayers = [\"PP\\nPP\", \"P\"]\n");
    assert!(!parse_piece_set("s.toml", &text).unwrap().pieces[0].mirror);
}

#[test]
fn boxes_pyramids_and_ragged_layers() {
    let b = parse_board("b.toml", &format!("{CUBE}size = [5, 4, 3]\n")).unwrap();
    assert_eq!((b.width, b.height, b.depth, b.open_count()), (5, 4, 3, 60));
    let b = parse_board("b.toml", &format!("{SPHERE}pyramid = 5\n")).unwrap();
    assert_eq!((b.width, b.height, b.depth, b.open_count()), (5, 5, 5, 55));
    assert_eq!(b.square(Cell::at(0, 0, 4)), Square::Open);
    assert_eq!(b.square(Cell::at(1, 0, 4)), Square::Outside);
    assert_eq!(b.square(Cell::at(3, 3, 1)), Square::Open);
    assert_eq!(b.square(Cell::at(4, 0, 1)), Square::Outside);
    // Layers of different sizes share the frame of the largest; a pre-placed label and a
    // blocked cell in the second layer.
    let text = format!("{SPHERE}layers = [\"\"\"\n...\n...\n...\n\"\"\", \"\"\"\nA#\n\"\"\"]\n");
    let b = parse_board("b.toml", &text).unwrap();
    assert_eq!(
        (b.width, b.height, b.depth, b.grid),
        (3, 3, 2, Grid::Sphere)
    );
    assert_eq!(b.square(Cell::at(0, 0, 1)), Square::Preplaced('A'));
    assert_eq!(b.square(Cell::at(1, 0, 1)), Square::Blocked);
    assert_eq!(b.square(Cell::at(0, 1, 1)), Square::Outside);
    let at = b.cell_location(Cell::at(1, 0, 1)).unwrap();
    assert_eq!((at.line, at.column, at.line_text.as_str()), (7, 2, "A#"));
    let at = b.cell_location(Cell::at(2, 2, 0)).unwrap();
    assert_eq!((at.line, at.column), (5, 3));
}

#[test]
fn layer_cells_are_located() {
    // The second layer's `x` (line 8, column 2) is not a board square.
    let text = format!("{CUBE}layers = [\"\"\"\n..\n..\n\"\"\", \"\"\"\n..\n.x\n\"\"\"]\n");
    let e = board_error(&text.replace(".x", ".~"));
    check(&e, 7, 2, "`~` is not a board square", "`.` for a cell");
    // One-line strings on one line: each layer's own column.
    let e = set_error(&format!(
        "{CUBE}[[piece]]\nname = \"A\"\nlayers = [\"AA\", \"..A\"]\n"
    ));
    check(&e, 4, 20, "not connected", "share a face");
}

#[test]
fn size_and_pyramid_are_for_their_grids() {
    let e = board_error(&format!("{SPHERE}size = [3, 3, 3]\n"));
    check(&e, 2, 8, "`size` is not for the sphere grid", "pyramid = 5");
    let e = board_error(&format!("{CUBE}size = [3, 3]\n"));
    check(
        &e,
        2,
        8,
        "on the cube grid `size` is [x, y, z]",
        "size = [3, 4, 5]",
    );
    let e = board_error("size = [3, 3, 3]\n");
    check(
        &e,
        1,
        8,
        "`size = [x, y, z]` is a box of cubes",
        "grid = \"cube\"",
    );
    let e = board_error(&format!("{CUBE}size = [3, 0, 3]\n"));
    check(&e, 2, 8, "must be positive", "each at least 1");
    let e = board_error(&format!("{SPHERE}pyramid = 0\n"));
    check(&e, 2, 11, "`pyramid` must be at least 1, not 0", "55 balls");
    let e = board_error(&format!("{SPHERE}pyramid = -2\n"));
    check(&e, 2, 11, "at least 1, not -2", "pyramid = 5");
    let e = board_error(&format!("{SPHERE}pyramid = \"5\"\n"));
    check(&e, 2, 11, "must be a whole number", "pyramid = 5");
    let e = board_error(&format!("{SPHERE}pyramid = 101\n"));
    check(&e, 2, 11, "too large", "pyramid = 5");
    let e = board_error(&format!("{CUBE}pyramid = 3\n"));
    check(
        &e,
        2,
        11,
        "`pyramid` is for the sphere grid, not the cube grid",
        "size = [x, y, z]",
    );
    let e = board_error(&format!("{SPHERE}pyramid = 3\nlayers = [\".\"]\n"));
    check(
        &e,
        3,
        10,
        "not both `pyramid` and `layers`",
        "`pyramid` a square pyramid",
    );
    let e = board_error(&format!("{SPHERE}name = \"x\"\n"));
    check(&e, 1, 1, "neither `pyramid` nor `layers`", "pyramid = 5");
}

#[test]
fn layers_must_be_a_list_of_pictures_on_a_grid_of_space() {
    let e = board_error("layers = [\"..\"]\n");
    check(
        &e,
        1,
        10,
        "`layers` is for the grids of space, not the square grid",
        "`shape`",
    );
    let e = set_error("[[piece]]\nname = \"A\"\nlayers = [\"A\"]\n");
    check(&e, 3, 10, "not the square grid", "grid = \"cube\"");
    let e = board_error(&format!("{CUBE}layers = \"..\"\n"));
    check(
        &e,
        2,
        10,
        "`layers` must be a list of pictures, not a string",
        "bottom layer first",
    );
    let e = board_error(&format!("{CUBE}layers = []\n"));
    check(
        &e,
        2,
        10,
        "`layers` of the board is empty",
        "at least one picture",
    );
    let e = board_error(&format!("{CUBE}layers = [\"..\", 3]\n"));
    check(
        &e,
        2,
        17,
        "layer 2 (z = 1) of `layers` must be a string (a picture), not an integer",
        "in quotes",
    );
    let e = board_error(&format!("{CUBE}layers = [\"..\", \"  \"]\n"));
    check(
        &e,
        2,
        17,
        "layer 2 (z = 1) of the board is empty",
        "no gaps",
    );
    let e = set_error(&format!(
        "{CUBE}[[piece]]\nname = \"A\"\nlayers = [\"A\", \"\"]\n"
    ));
    check(
        &e,
        4,
        16,
        "layer 2 (z = 1) of piece `A` is empty",
        "at least one character",
    );
    let e = set_error(&format!(
        "{CUBE}[[piece]]\nname = \"A\"\nshape = \"A\"\nlayers = [\"A\"]\n"
    ));
    check(&e, 5, 10, "both `shape` and `layers`", "either");
    let e = set_error(&format!("{CUBE}[[piece]]\nname = \"A\"\n"));
    check(&e, 3, 8, "has no `shape`", "layers = [");
}

#[test]
fn flat_ball_pieces_must_touch_in_their_layer() {
    // Diagonal balls in a layer do not touch.
    let e = set_error(&format!(
        "{SPHERE}[[piece]]\nname = \"A\"\nshape = \"\"\"\nA.\n.A\n\"\"\"\n"
    ));
    check(
        &e,
        6,
        2,
        "piece `A` is not connected",
        "not the diagonal ones",
    );
    // The same two balls, one a layer up, touch.
    let text = format!("{SPHERE}[[piece]]\nname = \"A\"\nlayers = [\"A\", \".\\n.A\"]\n");
    assert!(parse_piece_set("s.toml", &text).is_err());
    let text = format!("{SPHERE}[[piece]]\nname = \"A\"\nlayers = [\".\\n.A\", \"A\"]\n");
    assert_eq!(
        parse_piece_set("s.toml", &text).unwrap().pieces[0]
            .shape
            .len(),
        2
    );
}
