//! Every input problem of SPEC §1–2 gives an `InputError` at the right line and column,
//! with the expected message; valid files read into the expected model.

use super::*;
use crate::geom::{Cell, Grid};
use crate::model::Square;

const DOMINO: &str = "[[piece]]\nname = \"D\"\nshape = \"DD\"\n";

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

/// Asserts the error is at `line:column` and its message contains `message`.
#[track_caller]
fn check(e: &InputError, line: usize, column: usize, message: &str) {
    let shown = e.to_string();
    let loc = e
        .location
        .as_ref()
        .unwrap_or_else(|| panic!("no location: {shown}"));
    assert_eq!((loc.line, loc.column), (line, column), "{shown}");
    assert!(e.message.contains(message), "{shown}");
    let prefix = format!("{}:{line}:{column}: ", loc.path);
    assert!(shown.starts_with(&prefix), "{shown}");
}

#[track_caller]
fn hint(e: &InputError, part: &str) {
    assert!(e.hint.as_deref().unwrap_or("").contains(part), "{e}");
}

#[test]
fn a_piece_set_reads() {
    let text = "description = \"d\"\nmirror = false\n\n[[piece]]\nname = \"long\"\nlabel = \"7\"\ncount = 3\ncolor = \"#FF8000\"\nshape = \"\"\"\n\n xx\nxx.\n\n\"\"\"\n";
    let set = parse_piece_set("dir/my-set.toml", text).unwrap();
    assert_eq!(set.name, "my-set");
    assert_eq!(set.description, "d");
    let p = &set.pieces[0];
    assert_eq!(
        (p.label, p.count, p.mirror, p.color),
        ('7', 3, false, Some([255, 128, 0]))
    );
    assert_eq!(p.shape, Shape::from_picture(".##\n##.").unwrap());
    assert_eq!(p.shape.len(), 4);
}

#[test]
fn syntax_errors() {
    let e = set_error("name = \n");
    check(&e, 1, 8, "string values must be quoted");
    hint(&e, "quotes");
    check(&set_error("a = 1\na = 2\n"), 2, 1, "duplicate key `a`");
    check(
        &set_error("[[piece]]\nname = \"D\nshape = \"DD\"\n"),
        2,
        10,
        "",
    );
    check(&set_error(""), 1, 1, "the file is empty");
    check(&board_error("  \n\n"), 1, 1, "the file is empty");
}

#[test]
fn unknown_keys_suggest() {
    let e = set_error("[[piece]]\nname = \"D\"\nshap = \"DD\"\n");
    check(&e, 3, 1, "unknown key `shap`");
    hint(&e, "did you mean `shape`?");
    let e = set_error("mirorr = true\n[[piece]]\nname = \"D\"\nshape = \"DD\"\n");
    check(&e, 1, 1, "unknown key `mirorr`");
    hint(&e, "`mirror`");
    let e = board_error("size = [2, 1]\nuse_all_piece = false\n");
    check(&e, 2, 1, "unknown key `use_all_piece`");
    hint(&e, "`use_all_pieces`");
    let e = board_error("size = [2, 1]\nqqqqqqq = 1\n");
    hint(&e, "the keys allowed here are");
}

#[test]
fn wrong_types() {
    let e = set_error("[[piece]]\nname = \"D\"\nshape = \"DD\"\ncount = \"2\"\n");
    check(&e, 4, 9, "`count` must be a whole number, not a string");
    let e = set_error("[[piece]]\nname = 5\nshape = \"DD\"\n");
    check(&e, 2, 8, "`name` must be a string, not an integer");
    let e = set_error("mirror = \"yes\"\n[[piece]]\nname = \"D\"\nshape = \"DD\"\n");
    check(&e, 1, 10, "`mirror` must be true or false");
    let e = set_error("piece = 3\n");
    check(&e, 1, 9, "`piece` must be a list of tables");
    let e = board_error("size = [2, \"1\"]\n");
    check(&e, 1, 8, "`size` must be [width, height]");
    let e = board_error("size = [2, 1]\ncover_all_cells = 1\n");
    check(&e, 2, 19, "`cover_all_cells` must be true or false");
}

#[test]
fn missing_keys() {
    let e = set_error("[[piece]]\nshape = \"DD\"\n");
    check(&e, 1, 1, "this piece has no `name`");
    let e = set_error("[[piece]]\nname = \"D\"\n");
    check(&e, 2, 8, "piece `D` has no `shape`");
    let e = set_error("name = \"x\"\n");
    check(&e, 1, 1, "no pieces");
}

#[test]
fn size_and_shape() {
    let e = board_error("size = [2, 1]\nshape = \"..\"\n");
    check(&e, 2, 9, "either `size` or `shape`, not both");
    let e = board_error("name = \"b\"\n");
    check(&e, 1, 1, "neither `size` nor `shape`");
    let e = board_error("size = [0, 3]\n");
    check(&e, 1, 8, "must be positive");
    let e = board_error("size = [-2, 3]\n");
    check(&e, 1, 8, "must be positive");
    let e = board_error("size = [1001, 3]\n");
    check(&e, 1, 8, "too large: at most 1000 cells a side");
    let e = board_error("size = [9223372036854775807, 9223372036854775807]\n");
    check(&e, 1, 8, "too large");
}

#[test]
fn counts() {
    let e = set_error("[[piece]]\nname = \"D\"\nshape = \"DD\"\ncount = 0\n");
    check(&e, 4, 9, "`count` must be from 1 to 10000, not 0");
    let e = set_error("[[piece]]\nname = \"D\"\nshape = \"DD\"\ncount = 100000\n");
    check(&e, 4, 9, "not 100000");
}

#[test]
fn count_ranges() {
    let set = parse_piece_set("set.toml", &format!("{DOMINO}count = [0, 2]\n")).unwrap();
    assert_eq!((set.pieces[0].min, set.pieces[0].count), (0, 2));
    assert!(set.has_ranges());
    let set = parse_piece_set("set.toml", &format!("{DOMINO}count = 3\n")).unwrap();
    assert_eq!((set.pieces[0].min, set.pieces[0].count), (3, 3));
    assert!(!set.has_ranges());
    for (range, message) in [
        ("[2, 1]", "is not 0 <= min <= max"),
        ("[0, 0]", "is not 0 <= min <= max"),
        ("[-1, 2]", "is not 0 <= min <= max"),
        ("[1, 100000]", "is not 0 <= min <= max"),
        ("[1]", "two whole numbers"),
        ("[1, 2, 3]", "two whole numbers"),
        ("[1, \"2\"]", "two whole numbers"),
    ] {
        let e = set_error(&format!("{DOMINO}count = {range}\n"));
        check(&e, 4, 9, message);
        hint(&e, "count = [min, max]");
    }
}

#[test]
fn shapes() {
    let e = set_error("[[piece]]\nname = \"D\"\nshape = \"\"\"\n..\n\"\"\"\n");
    check(&e, 3, 9, "has no cells");
    let e = set_error("[[piece]]\nname = \"D\"\nshape = \"\"\"\n#.\n.#\n\"\"\"\n");
    check(&e, 5, 2, "piece `D` is not connected");
    hint(&e, "corner");
    let e = set_error("[[piece]]\nname = \"D\"\nshape = '''\n#\t#\n'''\n");
    check(&e, 4, 2, "a tab");
}

#[test]
fn names_and_labels() {
    let e = set_error(&format!("{DOMINO}\n{DOMINO}"));
    check(&e, 6, 8, "a second piece named `D`");
    hint(&e, "line 2");
    let e = set_error(&format!(
        "{DOMINO}\n[[piece]]\nname = \"D'\"\nshape = \"DD\"\n"
    ));
    check(&e, 6, 8, "label `D` is already used by piece `D` (line 2)");
    hint(&e, "add `label");
    let e = set_error(&format!(
        "{DOMINO}\n[[piece]]\nname = \"E\"\nlabel = \"D\"\nshape = \"DD\"\n"
    ));
    check(&e, 7, 9, "label `D` is already used");
    let e = set_error("[[piece]]\nname = \"D\"\nlabel = \"DD\"\nshape = \"DD\"\n");
    check(&e, 3, 9, "not one letter or digit");
    let e = set_error("[[piece]]\nname = \"D\"\nlabel = \"#\"\nshape = \"DD\"\n");
    check(&e, 3, 9, "not one letter or digit");
    let e = set_error("[[piece]]\nname = \"智\"\nshape = \"DD\"\n");
    check(&e, 2, 8, "needs a `label`");
    let e = set_error("[[piece]]\nname = \"\"\nshape = \"DD\"\n");
    check(&e, 2, 8, "must not be empty");
}

#[test]
fn colours() {
    for bad in ["red", "#12345", "#1234567", "#12345g", "#ééé"] {
        let e = set_error(&format!("{DOMINO}color = \"{bad}\"\n"));
        check(&e, 4, 9, "`#rrggbb`");
    }
    assert_eq!(parse_color("#00fF10"), Some([0, 255, 16]));
}

#[test]
fn grids() {
    let e = set_error(&format!("grid = \"hexx\"\n{DOMINO}"));
    check(&e, 1, 8, "unknown grid `hexx`");
    hint(&e, "did you mean `hex`?");
    let e = set_error(&format!("grid = \"cube3\"\n{DOMINO}"));
    hint(&e, "did you mean `cube`?");
    let e = set_error(&format!("grid = \"plane\"\n{DOMINO}"));
    hint(
        &e,
        "`square` (the default), `hex`, `triangle`, `cube` and `sphere`",
    );
    let e = set_error(&format!("grid = 6\n{DOMINO}"));
    check(&e, 1, 8, "`grid` must be a string");
    let e = board_error("grid = \"trinagle\"\nsize = [2, 2]\n");
    check(&e, 1, 8, "unknown grid `trinagle`");
    hint(&e, "did you mean `triangle`?");
    for grid in Grid::ALL {
        let one = if grid.is_segments() {
            "[[piece]]\nname = \"M\"\nsegments = [[0, 0, 0]]\n"
        } else {
            "[[piece]]\nname = \"M\"\nshape = \"M\"\n"
        };
        let set = parse_piece_set("s", &format!("grid = \"{}\"\n{one}", grid.name()));
        assert_eq!(set.unwrap().grid, grid);
        // A box on the cube grid; the sphere grid has no `size`.
        let size = match grid {
            Grid::Cube => "size = [2, 2, 2]",
            Grid::Sphere => "pyramid = 2",
            _ => "size = [2, 2]",
        };
        let board = parse_board("b", &format!("grid = \"{}\"\n{size}\n", grid.name()));
        assert_eq!(board.unwrap().grid, grid);
    }
    assert_eq!(parse_piece_set("s", DOMINO).unwrap().grid, Grid::Square);
    assert_eq!(
        parse_board("b", "size = [2, 2]").unwrap().grid,
        Grid::Square
    );
}

/// Cells of a set's first piece.
fn piece_cells(text: &str) -> Vec<Cell> {
    parse_piece_set("s", text).unwrap().pieces[0]
        .shape
        .cells()
        .to_vec()
}

#[test]
fn hex_pieces_read_as_honeycombs() {
    // The tetrahex "bee", and the same drawn one column to the right (odd parity): one
    // shape, normalized by the lattice.
    let bee =
        piece_cells("grid = \"hex\"\n[[piece]]\nname = \"B\"\nshape = \"\"\"\nA A A\n A\n\"\"\"\n");
    let c = |x, y| Cell::new(x, y);
    assert_eq!(bee, vec![c(0, 0), c(2, 0), c(4, 0), c(1, 1)]);
    let odd = piece_cells(
        "grid = \"hex\"\n[[piece]]\nname = \"B\"\nshape = \"\"\"\n A A A\n  A\n\"\"\"\n",
    );
    assert_eq!(odd, bee);
    // On the square grid, the same picture is not connected.
    let e = set_error("[[piece]]\nname = \"B\"\nshape = \"\"\"\nA A A\n A\n\"\"\"\n");
    check(&e, 4, 3, "not connected");
}

#[test]
fn a_hex_cell_of_the_other_parity_is_located() {
    let e = set_error("grid = \"hex\"\n[[piece]]\nname = \"B\"\nshape = \"\"\"\nA A\nA\n\"\"\"\n");
    check(
        &e,
        6,
        1,
        "column + row is odd here but even at the first cell (line 5, column 1)",
    );
    hint(&e, "doubled-width");
    let e = set_error("grid = \"hex\"\n[[piece]]\nname = \"B\"\nshape = \"AAA\"\n");
    check(&e, 4, 11, "between two columns");
    // Boards: `.`, `#` and labels all count.
    for (picture, column) in [(". .\n ..", 3), ("# #\n #  #", 5), (" . .\n X", 2)] {
        let e = board_error(&format!(
            "grid = \"hex\"\nshape = \"\"\"\n{picture}\n\"\"\"\n"
        ));
        check(&e, 4, column, "between two columns");
        hint(&e, "same parity of column + row");
    }
    let board = parse_board(
        "b",
        "grid = \"hex\"\nshape = \"\"\"\n . . .\n# . .\n\"\"\"\n",
    )
    .unwrap();
    assert_eq!(board.open_count(), 5);
    assert_eq!(board.square(Cell::new(0, 1)), Square::Blocked);
}

#[test]
fn pieces_connect_on_their_grid() {
    // Two hexagons one column apart do not touch; the stray cell is named.
    let e =
        set_error("grid = \"hex\"\n[[piece]]\nname = \"B\"\nshape = \"\"\"\nA A\n\n  A\n\"\"\"\n");
    check(&e, 7, 3, "piece `B` is not connected");
    hint(&e, "2 columns away");
    // Triangles: an up triangle (0, 0) and the one below it, (0, 1), share an edge;
    // (1, 0) is down and (1, 1) is up: they only meet at a corner.
    let ok =
        piece_cells("grid = \"triangle\"\n[[piece]]\nname = \"T\"\nshape = \"\"\"\nA\nA\n\"\"\"\n");
    assert_eq!(ok.len(), 2);
    let e =
        set_error("grid = \"triangle\"\n[[piece]]\nname = \"T\"\nshape = \"\"\"\n.A\n.A\n\"\"\"\n");
    check(&e, 6, 2, "not connected");
    hint(&e, "the one below (pointing up");
}

#[test]
fn triangle_pictures_keep_their_columns() {
    // A leading `.` starts a piece's row with a down triangle; the shape keeps the parity.
    let down = piece_cells("grid = \"triangle\"\n[[piece]]\nname = \"T\"\nshape = \".AA\"\n");
    let up = piece_cells("grid = \"triangle\"\n[[piece]]\nname = \"T\"\nshape = \"AA\"\n");
    assert_ne!(down, up);
    assert_eq!(down, vec![Cell::new(1, 0), Cell::new(2, 0)]);
    // In a board, a space starts a row with a down triangle.
    let board = parse_board(
        "b",
        "grid = \"triangle\"\nshape = \"\"\"\n ...\n...\n\"\"\"\n",
    )
    .unwrap();
    let open: Vec<Cell> = board.open_cells().collect();
    assert_eq!(open[0], Cell::new(1, 0));
    assert_eq!(open.len(), 6);
}

#[test]
fn size_is_a_parallelogram_off_the_square_grid() {
    let c = |x, y| Cell::new(x, y);
    let hex = parse_board("b", "grid = \"hex\"\nsize = [3, 2]\n").unwrap();
    assert_eq!((hex.width, hex.height), (6, 2));
    let open: Vec<Cell> = hex.open_cells().collect();
    assert_eq!(
        open,
        vec![c(0, 0), c(2, 0), c(4, 0), c(1, 1), c(3, 1), c(5, 1)]
    );
    assert_eq!(hex.square(c(1, 0)), Square::Outside);
    let tri = parse_board("b", "grid = \"triangle\"\nsize = [2, 2]\n").unwrap();
    assert_eq!((tri.width, tri.height), (6, 2));
    let open: Vec<Cell> = tri.open_cells().collect();
    let want: Vec<Cell> = [1, 2, 3, 4]
        .map(|x| c(x, 0))
        .into_iter()
        .chain([2, 3, 4, 5].map(|x| c(x, 1)))
        .collect();
    assert_eq!(open, want);
    assert_eq!(tri.square(c(0, 0)), Square::Outside);
    let e = board_error("grid = \"hex\"\nsize = [0, 2]\n");
    check(&e, 2, 8, "must be positive");
}

#[test]
fn wrong_kind_of_file() {
    let e = board_error(&format!("name = \"s\"\n\n{DOMINO}"));
    check(&e, 3, 1, "this is a piece set, not a board");
    let e = set_error("pieces = \"pentominoes\"\nsize = [10, 6]\n");
    check(&e, 2, 1, "this is a board, not a piece set");
}

#[test]
fn board_pictures() {
    let text = "name = \"b\"\nshape = \"\"\"\n\n  ..#\n .A.\n\n\"\"\"\npieces = \"p\"\n";
    let board = parse_board("x/board.toml", text).unwrap();
    assert_eq!((board.width, board.height), (5, 2));
    assert_eq!(board.square(Cell::new(0, 0)), Square::Outside);
    assert_eq!(board.square(Cell::new(2, 0)), Square::Open);
    assert_eq!(board.square(Cell::new(4, 0)), Square::Blocked);
    assert_eq!(board.square(Cell::new(4, 1)), Square::Outside);
    assert_eq!(board.square(Cell::new(2, 1)), Square::Preplaced('A'));
    assert_eq!(board.open_count(), 4);
    assert_eq!((board.origin.board_line, board.origin.board_column), (2, 1));
    let at = board.cell_location(Cell::new(2, 1)).unwrap();
    assert_eq!((at.line, at.column, at.line_text.as_str()), (5, 3, " .A."));
    let at = board.location().unwrap();
    assert_eq!((at.line, at.column), (2, 1));
    assert_eq!((board.use_all_pieces, board.cover_all_cells), (true, true));

    let e = board_error("shape = \"\"\"\n..\n.*\n\"\"\"\n");
    check(&e, 3, 2, "`*` is not a board square");
    let e = board_error("shape = \"\"\"\n..\n.智\n\"\"\"\n");
    check(&e, 3, 2, "`智` is not a board square");
    let e = board_error("shape = \"\"\"\n##\n##\n\"\"\"\n");
    check(&e, 1, 9, "no open cell");
    // Every cell pre-placed (a solution read back) is a board.
    assert!(parse_board("board.toml", "shape = \"\"\"\nAA\n\"\"\"\n").is_ok());
    let e = board_error("shape = \"\"\"\n\n\"\"\"\n");
    check(&e, 1, 9, "picture is empty");
}

#[test]
fn rectangles() {
    let board = parse_board("b.toml", "# c\nsize = [10, 6]\ncover_all_cells = false\n").unwrap();
    assert_eq!((board.width, board.height, board.open_count()), (10, 6, 60));
    assert_eq!(board.name, "b");
    assert!(!board.cover_all_cells);
    let at = board.location().unwrap();
    assert_eq!((at.line, at.column, at.path.as_str()), (2, 1, "b.toml"));
    assert_eq!(board.cell_location(Cell::new(0, 0)), None);
}

#[test]
fn non_ascii_input_never_panics() {
    for text in [
        "智",
        "智 = 1",
        "[[piece]]\nname = \"智\"\nshape = \"智智\"\nlabel = \"智\"",
        "size = [\"智\"]",
        "shape = \"智\"",
        "\u{feff}size = [1,1]",
    ] {
        let _ = parse_piece_set("智.toml", text).map_err(|e| e.to_string());
        let _ = parse_board("智.toml", text).map_err(|e| e.to_string());
    }
}

#[test]
fn crlf_files_keep_their_positions() {
    let text = "pieces = \"p\"\r\nshape = \"\"\"\r\n..\r\n.*\r\n\"\"\"\r\n";
    let e = board_error(text);
    check(&e, 4, 2, "`*` is not a board square");
    let board = parse_board("b.toml", &text.replace('*', ".")).unwrap();
    assert_eq!((board.width, board.height, board.open_count()), (2, 2, 4));
    let at = board.cell_location(Cell::new(1, 1)).unwrap();
    assert_eq!((at.line, at.column, at.line_text.as_str()), (4, 2, ".."));
}

#[test]
fn pieces_placed_on_a_board_of_segments() {
    let sticks = "grid = \"sticks\"\nsize = [1, 1]\nholes = [[0, 0, 0]]\n";
    let board = parse_board(
        "board.toml",
        &format!("{sticks}\n[placed]\nA = [[0, 1, 0], [1, 0, 1]]\n"),
    )
    .unwrap();
    let placed: Vec<Square> = board.cells().map(|c| board.square(c)).collect();
    assert_eq!(
        placed
            .iter()
            .filter(|&&s| s == Square::Preplaced('A'))
            .count(),
        2
    );
    assert_eq!(board.open_count(), 1);
    let on_hole = board_error(&format!("{sticks}\n[placed]\nA = [[0, 0, 0]]\n"));
    check(
        &on_hole,
        6,
        5,
        "segment [0, 0, 0] of piece A is not an open segment of the board",
    );
    hint(&on_hole, "not on holes");
    let long = board_error(&format!("{sticks}\n[placed]\nAB = [[0, 1, 0]]\n"));
    check(&long, 6, 6, "`AB` in `placed` is not a piece's label");
    let square = board_error("size = [2, 2]\n\n[placed]\nA = [[0, 0, 0]]\n");
    check(&square, 3, 1, "`placed` is for the grids of segments");
    hint(&square, "`shape` picture");
}
