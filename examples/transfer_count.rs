//! Times the transfer-matrix count against `shared/bench/tiling-dp.c` on the same
//! rectangle: `transfer_count [-1] W H SHAPE...`, with tiling-dp's arguments (SHAPE:
//! rows joined by `/`, `#` a cell; `-1` for rotations only). Each piece may be used as
//! often as needed. Prints the count, like tiling-dp. `transfer_count --board NAME
//! [MAX_STATES]` counts a built-in (or file) puzzle as it is, with its own copies,
//! giving up past MAX_STATES live states (default: no limit).

use std::sync::atomic::AtomicBool;

use polyx::{count_by_transfer, load_puzzle, parse_piece_set, Board, Puzzle};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|a| a == "--board") {
        let (board, set) = load_puzzle(&args[1], None).expect("a puzzle");
        let max_states = args
            .get(2)
            .map_or(usize::MAX, |m| m.parse().expect("a number"));
        let puzzle = Puzzle::new(board, set).expect("a valid puzzle");
        return report(&puzzle, max_states);
    }
    let one_sided = args.first().is_some_and(|a| a == "-1");
    if one_sided {
        args.remove(0);
    }
    if args.len() < 3 {
        eprintln!("usage: transfer_count [-1] W H SHAPE...");
        std::process::exit(2);
    }
    let (w, h): (i32, i32) = (args[0].parse().unwrap(), args[1].parse().unwrap());
    let mut text = String::from("name = \"bench\"\n");
    for (i, shape) in args[2..].iter().enumerate() {
        let picture = shape.replace('/', "\n").replace('#', "X");
        text += &format!(
            "[[piece]]\nname = \"p{i}\"\nlabel = \"{}\"\ncount = {}\nmirror = {}\nshape = \"\"\"\n{}\n\"\"\"\n",
            char::from(b'A' + i as u8),
            w * h,
            !one_sided,
            picture.replace('X', &char::from(b'A' + i as u8).to_string()),
        );
    }
    let mut set = parse_piece_set("bench.toml", &text).expect("the shapes");
    for p in &mut set.pieces {
        p.min = 0;
    }
    let mut board = Board::rectangle("bench", w, h);
    board.use_all_pieces = false;
    let puzzle = Puzzle::new(board, set).expect("a puzzle");
    report(&puzzle, usize::MAX);
}

/// Prints the count, or why there is none (exit 1 when the sweep gives way).
fn report(puzzle: &Puzzle, max_states: usize) {
    let stop = AtomicBool::new(false);
    match count_by_transfer(puzzle, &stop, max_states) {
        Ok(Some(count)) => println!("{count}"),
        Ok(None) => {
            eprintln!("the sweep does not apply");
            std::process::exit(1);
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(130);
        }
    }
}
