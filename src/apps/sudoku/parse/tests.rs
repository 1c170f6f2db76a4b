//! The reader: both forms, every layout, and an error per bad layout, each located.

use super::*;

fn located(text: &str) -> (usize, usize, String) {
    let e = parse("f", text).unwrap_err();
    let loc = e.location.as_ref().expect("a location");
    (loc.line, loc.column, e.message.clone())
}

const ROWS: [&str; 9] = [
    "53..7....",
    "6..195...",
    ".98....6.",
    "8...6...3",
    "4..8.3..1",
    "7...2...6",
    ".6....28.",
    "...419..5",
    "....8..79",
];

fn line_form() -> String {
    ROWS.concat()
}

/// The rows as `5 3 . | . 7 . | . . .`, with rules between the bands.
fn boxed(blank: char, rule: &str) -> String {
    let mut out = String::new();
    for (r, row) in ROWS.iter().enumerate() {
        if r > 0 && r % 3 == 0 {
            out.push_str(rule);
            out.push('\n');
        }
        let cells: Vec<String> = row
            .chars()
            .map(|c| if c == '.' { blank } else { c }.to_string())
            .collect();
        out.push_str(&cells[..3].join(" "));
        out.push_str(" | ");
        out.push_str(&cells[3..6].join(" "));
        out.push_str(" | ");
        out.push_str(&cells[6..].join(" "));
        out.push('\n');
    }
    out
}

#[test]
fn both_forms_and_blank_lines() {
    let text = "1...\n..2.\n.3..\n...4\n\n1.......2......3\n";
    let p = parse("t", text).unwrap();
    assert_eq!(p.len(), 2);
    assert_eq!((p[0].form(), p[0].line()), (Form::Grid, 1));
    assert_eq!((p[1].form(), p[1].line()), (Form::Line, 6));
    assert_eq!(p[1].cells()[15], 3);
}

#[test]
fn separators_rules_and_blanks_of_every_kind_read_alike() {
    let want = parse("t", &line_form()).unwrap()[0].cells().to_vec();
    for (blank, rule) in [
        ('.', "------+-------+------"),
        ('0', "---------------------"),
        ('-', "------+-------+------"),
        ('-', "- - - + - - - + - - -"),
    ] {
        let text = boxed(blank, rule);
        let p = parse("t", &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(p.len(), 1, "{text}");
        assert_eq!(
            (p[0].form(), p[0].cells()),
            (Form::Grid, &want[..]),
            "{text}"
        );
        // The solution is printed in the same layout, rules included.
        let shown = p[0].render(p[0].cells());
        assert_eq!(shown.lines().count(), 11);
        assert_eq!(shown.lines().nth(3), Some(rule));
    }
    let dashed = line_form().replace('.', "-");
    assert_eq!(parse("t", &dashed).unwrap()[0].cells(), &want[..]);
    let piped: String = ROWS
        .map(|r| format!("|{}|{}|{}|", &r[..3], &r[3..6], &r[6..]))
        .concat();
    assert_eq!(parse("t", &piped).unwrap()[0].cells(), &want[..]);
}

#[test]
fn a_bordered_grid_keeps_its_borders() {
    let border = "+-------+-------+-------+";
    let inner = boxed('.', border)
        .lines()
        .map(|l| format!("| {l} |"))
        .collect::<Vec<_>>();
    let inner: Vec<String> = inner
        .into_iter()
        .map(|l| {
            if l.contains('+') {
                border.to_string()
            } else {
                l
            }
        })
        .collect();
    let text = format!(
        "{border}\n{}\n{border}\n\n{}\n",
        inner.join("\n"),
        line_form()
    );
    let p = parse("t", &text).unwrap();
    assert_eq!(p.len(), 2);
    assert_eq!(p[0].line(), 2);
    let shown = p[0].render(p[0].cells());
    assert_eq!(shown.lines().count(), 13);
    assert!(shown.starts_with(border) && shown.trim_end().ends_with(border));
    assert_eq!(p[1].form(), Form::Line);
}

#[test]
fn uva_1309_grids_use_letters_and_dashes() {
    let mut rows = vec!["-".repeat(16); 16];
    rows[0] = "--A----C-----O-I".to_string();
    rows[5] = "-J--A-B-P-CGF-H-".to_string();
    let text = format!("{}\n\n{}\n", rows.join("\n"), rows.join("\n"));
    let p = parse("uva", &text).unwrap();
    assert_eq!(p.len(), 2);
    assert!(p
        .iter()
        .all(|p| p.box_size() == 4 && p.form() == Form::Grid));
    assert_eq!(p[1].line(), 18);
    assert_eq!(p[0].cells()[2], 1);
    // A block of 16-cell lines without letters is 4×4 puzzles.
    let fours = parse("t", "1234............\n----------------\n").unwrap();
    assert_eq!(fours.len(), 2);
    assert!(fours.iter().all(|p| p.box_size() == 2));
}

#[test]
fn letters_make_sixteen_cells_a_grid_row() {
    let row = "A...............\n";
    let text = row.repeat(16);
    // 16 'A's in column 0: a clash, but well-formed.
    assert_eq!(parse("t", &text).unwrap()[0].box_size(), 4);
}

#[test]
fn a_foreign_symbol_is_located() {
    assert_eq!(located("1234\n34x2\n2143\n4321\n").0, 2);
    assert_eq!(located("1234\n34x2\n2143\n4321\n").1, 3);
    let (line, col, msg) = located(&boxed('.', "------+-------+------").replace('7', "x"));
    assert_eq!((line, col), (1, 11));
    assert!(msg.contains("`x` is not a symbol"), "{msg}");
}

#[test]
fn a_short_grid_is_located() {
    assert_eq!(located("1234\n3412\n\n").0, 3);
    let (line, col, _) = located("1234\n3412\n");
    assert_eq!((line, col), (3, 1));
}

#[test]
fn every_bad_layout_is_an_error_at_its_place() {
    // A row too long, after a rule.
    let text = boxed('.', "------+-------+------").replace("8 . . | . 6 .", "8 . . | . 6 . .");
    let (line, col, msg) = located(&text);
    assert_eq!((line, col), (5, 23));
    assert!(msg.contains("this row has 10 cells"), "{msg}");
    // A rule cuts a grid short: a blank line inside a grid.
    let text = boxed('-', "---------------------").replacen("\n---", "\n\n---", 1);
    let (line, _, msg) = located(&text);
    assert_eq!(line, 4);
    assert!(msg.contains("has only 3 rows"), "{msg}");
    // A line of 80 cells.
    let (line, col, msg) = located(&line_form()[1..]);
    assert_eq!((line, col), (1, 81));
    assert!(msg.contains("a line of 80 cells"), "{msg}");
    // `+` in a row is not a cell.
    let (line, col, msg) = located(&line_form().replacen('.', "+", 1));
    assert_eq!((line, col), (1, 3));
    assert!(msg.contains("`+` is not a symbol"), "{msg}");
    // A rule alone says nothing.
    let e = parse("f", "------+------\n").unwrap_err();
    assert!(e.message.contains("no puzzle"), "{e}");
}

#[test]
fn bad_utf8_is_located() {
    let mut bytes = line_form().into_bytes();
    bytes.extend_from_slice(b"\n12\xff4\n");
    let e = Reader::new("f", &bytes[..]).collect::<Result<Vec<_>, _>>();
    let Err(Error::Input(e)) = e else {
        panic!("{e:?}")
    };
    let loc = e.location.unwrap();
    assert_eq!((loc.line, loc.column), (2, 3));
}

#[test]
fn the_reader_streams_from_any_bufread() {
    let text = format!("{}\n", line_form()).repeat(1000);
    let reader = std::io::BufReader::with_capacity(100, text.as_bytes());
    let mut reader = Reader::new("t", reader);
    let mut count = 0;
    while let Some(p) = reader.next_puzzle().unwrap() {
        count += 1;
        assert_eq!(p.line(), count);
    }
    assert_eq!(count, 1000);
    assert!(reader.has_buffered());
}

#[test]
fn a_count_line_gives_the_number_of_puzzles() {
    let one = line_form();
    let grid = ROWS.join("\n");
    let text = format!("3\n{one}\n\n{grid}\n{one}\n");
    let puzzles = parse("f", &text).unwrap();
    assert_eq!(puzzles.len(), 3);
    assert_eq!(puzzles[1].line(), 4);
    // The NOIP layout (rows of space-separated integers) after a count line.
    let noip: Vec<String> = ROWS
        .iter()
        .map(|r| {
            r.replace('.', "0")
                .chars()
                .map(String::from)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let text = format!("  1 \n{}\n", noip.join("\n"));
    assert_eq!(parse("f", &text).unwrap()[0].cells(), puzzles[0].cells());
    // No puzzle at all when the count says so.
    assert!(parse("f", "0\n").unwrap().is_empty());
    assert!(parse("f", "\n0\n\n").unwrap().is_empty());
}

#[test]
fn a_count_that_does_not_match_is_an_error_at_its_line() {
    let one = line_form();
    let (line, col, msg) = located(&format!("\n2\n{one}\n{one}\n{one}\n"));
    assert_eq!((line, col), (2, 1));
    assert!(
        msg.contains("says 2 puzzles, but puzzle 3 starts on line 5"),
        "{msg}"
    );
    let (line, _, msg) = located(&format!("3\n{one}\n"));
    assert_eq!(line, 1);
    assert!(msg.contains("says 3 puzzles, but only 1 follow"), "{msg}");
    let (_, _, msg) = located("1\n");
    assert!(msg.contains("only 0 follow"), "{msg}");
    let (line, _, msg) = located(&format!("99999999999999999999999\n{one}\n"));
    assert_eq!(line, 1);
    assert!(msg.contains("more than can be read"), "{msg}");
    // The puzzles before the surplus one are read.
    let text = format!("1\n{one}\n{one}\n");
    let mut reader = Reader::new("f", text.as_bytes());
    assert!(reader.next_puzzle().unwrap().is_some());
    assert!(reader.next_puzzle().is_err());
}

#[test]
fn digits_that_start_a_grid_or_make_a_puzzle_are_not_a_count() {
    // b² digits followed by a line of as many cells: the first row of a grid.
    let grid = "1234\n3412\n2143\n4321\n";
    assert_eq!(parse("f", grid).unwrap().len(), 1);
    let sixteen = "1234341221434321\n";
    assert_eq!(parse("f", sixteen).unwrap().len(), 1);
    // A count is only the first line: a lone number later is a bad line.
    let (line, _, _) = located(&format!("{}\n7\n", line_form()));
    assert_eq!(line, 2);
}
