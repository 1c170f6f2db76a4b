//! The engine through its public API: Knuth's text format, small hand-made problems.

use crate::cover::{check, knuth, verify, Problem, Search};

#[test]
fn knuth_round_trip_keeps_items_options_and_counts() {
    let text = "| toy\na b c 2:3|m | x y\na x\nb c m\na b y\nc m\nm x\nb m y\n";
    let p = knuth::read("toy", text).unwrap();
    let written = knuth::write(&p);
    let again = knuth::read("again", &written).unwrap();
    assert_eq!(knuth::write(&again), written);
    assert_eq!(again.item_count(), p.item_count());
    assert_eq!(again.primary_count(), p.primary_count());
    assert_eq!(again.option_count(), p.option_count());
    for item in p.items() {
        assert_eq!(p.bounds(item), again.bounds(item));
        assert_eq!(p.name(item), again.name(item));
    }
    let (mut s1, mut s2) = (Search::new(&p), Search::new(&again));
    assert_eq!(s1.solutions(usize::MAX), s2.solutions(usize::MAX));
}

#[test]
fn knuth_round_trip_of_a_shared_instance() {
    let path = super::data().join("instances/queens_8.dlx");
    let text = std::fs::read_to_string(&path).unwrap();
    let p = knuth::read("queens_8", &text).unwrap();
    let again = knuth::read("again", &knuth::write(&p)).unwrap();
    assert_eq!(knuth::write(&again), knuth::write(&p));
    assert_eq!(Search::new(&again).count(), 92);
}

#[test]
fn knuths_paper_example_has_its_one_solution() {
    // "Dancing Links", figure 1: items A..G, six options; the cover is {1, 4, 5}.
    let text = "A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";
    let p = knuth::read("paper", text).unwrap();
    let mut s = Search::new(&p);
    let all = s.solutions(usize::MAX);
    assert_eq!(all.len(), 1);
    let mut ids: Vec<u32> = all[0].iter().map(|o| o.0).collect();
    ids.sort();
    assert_eq!(ids, [0, 3, 4]);
    verify(&p, &all[0]).unwrap();
    check::sanity(s.dlx()).unwrap();
}

#[test]
fn an_empty_problem_has_one_empty_solution() {
    let p = Problem::new();
    let mut s = Search::new(&p);
    assert_eq!(s.solutions(10), vec![Vec::new()]);
}

#[test]
fn verify_rejects_non_covers() {
    let mut p = Problem::new();
    let [a, b] = ["a", "b"].map(|n| p.add_primary(n));
    let x = p.add_secondary("x");
    let o1 = p.add_option(&[a, x]).unwrap();
    let o2 = p.add_option(&[b, x]).unwrap();
    let o3 = p.add_option(&[b]).unwrap();
    assert!(verify(&p, &[o1, o3]).is_ok());
    assert!(verify(&p, &[o1, o2]).is_err(), "x twice");
    assert!(verify(&p, &[o1]).is_err(), "b uncovered");
    assert!(verify(&p, &[o1, o3, o3]).is_err(), "repeated option");
    assert_eq!(Search::new(&p).count(), 1);
}

#[test]
fn an_item_between_its_minimum_and_maximum_can_take_more_options() {
    // Item m must be covered once or twice; options {m}, {m}, {m, a}; a primary.
    // Covers: {2}, {0, 2}, {1, 2}. A regression: m used to leave the ring at its
    // minimum, so {0, 2} and {1, 2} were lost.
    let all = all_sorted("1:2|m a\nm\nm\nm a\n");
    assert_eq!(all, vec![vec![0, 2], vec![1, 2], vec![2]]);
}

/// The solutions of `text` (Knuth's format), each as its sorted option numbers, sorted;
/// each one verified.
fn all_sorted(text: &str) -> Vec<Vec<u32>> {
    let p = knuth::read("t", text).unwrap();
    let mut s = Search::new(&p);
    let mut all: Vec<Vec<u32>> = (s.solutions(usize::MAX).iter())
        .map(|sol| {
            verify(&p, sol).unwrap();
            let mut ids: Vec<u32> = sol.iter().map(|o| o.0).collect();
            ids.sort();
            ids
        })
        .collect();
    all.sort();
    check::sanity(s.dlx()).unwrap();
    all
}

#[test]
fn a_primary_item_with_minimum_0_is_still_primary() {
    // Knuth's MCC: `0:1|a` is primary, so the option `a` alone may be chosen or not.
    // DLX3 finds {b}, {a, b} and {a b}; treating `a` as secondary loses {a, b}.
    let all = all_sorted("0:1|a b\na\nb\na b\n");
    assert_eq!(all, vec![vec![0, 1], vec![1], vec![2]]);
    // Every item with minimum 0: the empty set is a solution too.
    assert_eq!(all_sorted("0:1|p 0:1|q\np q\n"), vec![vec![], vec![0]]);
}

#[test]
fn the_mcc_example_of_eleven_solutions() {
    // Issue 36's example: 11 solutions by brute force and by Knuth's DLX3.
    let text = "0:2|p0 2:3|p1 p2 0:1|p3\np0\np0 p3\np1\np1 p0 p2\np1 p3 p2\np2\n\
                p2 p3 p0\np3\np3 p0 p1\np3 p2\n";
    assert_eq!(all_sorted(text).len(), 11);
}

#[test]
fn any_search_takes_bitsets_for_primary_items_only_and_dlx_otherwise() {
    let plain = knuth::read("plain", "a b c\na b\nc\na\nb c\n").unwrap();
    let mut any = crate::cover::AnySearch::new(&plain);
    assert_eq!(any.engine_name(), "bits");
    assert_eq!(any.count(), 2); // {a b, c} and {a, b c}
    assert_eq!(any.stats(), {
        let mut dlx = Search::new(&plain);
        dlx.count();
        dlx.stats()
    });
    // Secondary items: DLX (faster there, see `AnySearch::new`), with the same answer.
    let unit = knuth::read("unit", "a b | x\na x\nb\na b\nb x\n").unwrap();
    let mut any = crate::cover::AnySearch::new(&unit);
    assert_eq!(any.engine_name(), "dlx");
    assert_eq!(any.count(), 2); // {a x, b} and {a b}
    assert_eq!(any.stats(), {
        let mut dlx = Search::new(&unit);
        dlx.count();
        dlx.stats()
    });
    any.sanity().unwrap();
    let multiple = knuth::read("multiple", "2:2|m a\nm\nm a\nm\n").unwrap();
    let mut any = crate::cover::AnySearch::new(&multiple);
    assert_eq!(any.engine_name(), "dlx");
    assert_eq!(any.count(), Search::new(&multiple).count());
    any.sanity().unwrap();
}

#[test]
fn bitsets_refuse_a_state_too_large_to_copy_at_every_level() {
    // More options than MAX_STATE_WORDS words of bits: DLX takes it, the bitsets do not.
    let mut p = Problem::new();
    let (a, b) = (p.add_primary("a"), p.add_primary("b"));
    for _ in 0..64 * crate::cover::bits::MAX_STATE_WORDS + 1 {
        p.add_option(&[a, b]).unwrap();
    }
    assert!(Search::bits(&p).is_none());
    let mut any = crate::cover::AnySearch::new(&p);
    assert_eq!(any.engine_name(), "dlx");
    assert_eq!(
        any.count(),
        64 * crate::cover::bits::MAX_STATE_WORDS as u128 + 1
    );
}
