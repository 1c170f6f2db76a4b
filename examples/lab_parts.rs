use polyx::bitboard::BitSearch;
use polyx::model::symmetry::Reduction;
use polyx::model::{load_puzzle, Puzzle};
fn main() {
    let board = std::env::args().nth(1).unwrap();
    let qname = std::env::args().nth(2).unwrap();
    let (b, s) = load_puzzle(&board, None).unwrap();
    let p = Puzzle::new(b, s).unwrap();
    let red = Reduction::new(&p);
    let k = red.piece.unwrap();
    let q = p.set.pieces.iter().position(|x| x.name == qname).unwrap();
    let mut total = 0u64;
    let mut sols = 0u64;
    let mut part0 = red.allowed.clone();
    for (&rep, stab) in &red.stabilizer {
        if !stab.is_empty() {
            part0[rep] = false;
        }
    }
    let mut parts = vec![part0];
    for (&rep, stab) in &red.stabilizer {
        if stab.is_empty() {
            continue;
        }
        let mut a = red.allowed.clone();
        for (i, pl) in p.placements.iter().enumerate() {
            if pl.piece == k && i != rep {
                a[i] = false;
            }
            if pl.piece == q {
                let least = stab.iter().all(|&h| red.group.images[h][i] as usize >= i);
                if !least {
                    a[i] = false;
                }
            }
        }
        parts.push(a);
    }
    for a in &parts {
        let mut s = BitSearch::new(&p, a).unwrap();
        s.set_memo_bits(0);
        let n = s.count();
        println!("part: {} sols {} nodes", n, s.stats().nodes);
        total += s.stats().nodes;
        sols += n;
    }
    let mut s = BitSearch::new(&p, &red.allowed).unwrap();
    s.set_memo_bits(0);
    let n = s.count();
    println!(
        "parts total {sols} sols {total} nodes; single {n} sols {} nodes",
        s.stats().nodes
    );
}
