//! Times the transfer-matrix count against `shared/bench/tiling-dp.c` on the same
//! rectangle: `transfer_count [-1] W H SHAPE...`, with tiling-dp's arguments (SHAPE:
//! rows joined by `/`, `#` a cell; `-1` for rotations only). Each piece may be used as
//! often as needed. Prints the count, like tiling-dp.

use std::sync::atomic::AtomicBool;

use polyx::{count_by_transfer, parse_piece_set, Board, Puzzle};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
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
    let stop = AtomicBool::new(false);
    match count_by_transfer(&puzzle, &stop, usize::MAX) {
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
