//! Colours (XCC, Knuth's Algorithm C): Knuth's toy problem, a published count, and
//! random small colour problems against a brute force that knows nothing of purification:
//! it tries every subset of the options and checks the colour rule directly.

use std::ops::ControlFlow;

use crate::cover::{
    check, knuth, verify, AnySearch, OptionId, Outcome, Problem, Resume, Search, Subproblem,
    VerifyError, Visit,
};
use proptest::prelude::*;

/// Knuth's toy XCC problem (TAOCP 7.2.2.1, the example of "Color controls").
const TOY: &str = "p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n";

fn sorted_ids(solution: &[OptionId]) -> Vec<u32> {
    let mut ids: Vec<u32> = solution.iter().map(|o| o.0).collect();
    ids.sort();
    ids
}

#[test]
fn knuths_toy_problem_has_one_solution() {
    let problem = knuth::read("toy", TOY).unwrap();
    assert!(problem.has_colors());
    let mut search = Search::new(&problem);
    let all = search.solutions(usize::MAX);
    assert_eq!(all.len(), 1);
    // `p r x:A y` and `q x:A`.
    assert_eq!(sorted_ids(&all[0]), [1, 3]);
    let lines: Vec<_> = all[0]
        .iter()
        .map(|&o| knuth::option_line(&problem, o))
        .collect();
    assert!(lines.contains(&"p r x:A y".to_string()), "{lines:?}");
    assert!(lines.contains(&"q x:A".to_string()), "{lines:?}");
    verify(&problem, &all[0]).unwrap();
    check::sanity(search.dlx()).unwrap();
    let mut any = AnySearch::new(&problem);
    assert_eq!(any.engine_name(), "dlx");
    assert_eq!(any.count(), 1);
}

#[test]
fn dlx2_text_survives_a_round_trip() {
    let problem = knuth::read("toy", TOY).unwrap();
    assert_eq!(knuth::write(&problem), TOY);
}

#[test]
fn petersen_graph_has_120_proper_3_colourings() {
    // The file's header gives the model; the count is the Petersen graph's chromatic
    // polynomial t(t-1)(t-2)(t^7-12t^6+67t^5-230t^4+529t^3-814t^2+775t-352) at t = 3
    // (Biggs, "Algebraic Graph Theory"; also Wikipedia, "Petersen graph"): 120.
    let path = super::data().join("xcc/petersen_3colours.dlx");
    let text = std::fs::read_to_string(&path).unwrap();
    let problem = knuth::read("petersen", &text).unwrap();
    let mut search = Search::new(&problem);
    let all = search.solutions(usize::MAX);
    assert_eq!(all.len(), 120);
    for s in &all {
        verify(&problem, s).unwrap();
    }
    check::sanity(search.dlx()).unwrap();
}

#[test]
fn petersen_graph_has_12960_proper_4_colourings() {
    // The same model built through the API, with 4 colours: the chromatic polynomial
    // above at t = 4 is 24 * 540 = 12,960.
    let mut problem = Problem::new();
    let outer = (0..5).map(|i| (i, (i + 1) % 5));
    let spokes = (0..5).map(|i| (i, i + 5));
    let inner = (0..5).map(|i| (5 + i, 5 + (i + 2) % 5));
    let edges: Vec<(usize, usize)> = outer.chain(spokes).chain(inner).collect();
    let edge_items: Vec<_> = (edges.iter())
        .map(|(u, v)| problem.add_primary(format!("e{u}-{v}")))
        .collect();
    let vertices: Vec<_> = (0..10)
        .map(|v| problem.add_secondary(format!("v{v}")))
        .collect();
    let colours = ["R", "G", "B", "Y"];
    for (k, &(u, v)) in edges.iter().enumerate() {
        for a in colours {
            for b in colours.iter().filter(|&&b| b != a) {
                let option = [
                    (edge_items[k], None),
                    (vertices[u], Some(a)),
                    (vertices[v], Some(*b)),
                ];
                problem.add_colored_option(&option).unwrap();
            }
        }
    }
    assert_eq!(Search::new(&problem).count(), 12_960);
}

#[test]
fn colours_are_refused_where_they_cannot_go() {
    let mut problem = Problem::new();
    let p = problem.add_primary("p");
    let x = problem.add_secondary("x");
    let m = problem.add_item("m", 0, 2).unwrap();
    let e = problem.add_colored_option(&[(p, Some("A"))]).unwrap_err();
    assert!(e.to_string().contains("only secondary items"), "{e}");
    let e = problem.add_colored_option(&[(m, Some("A"))]).unwrap_err();
    assert!(e.to_string().contains("only secondary items"), "{e}");
    let e = problem.add_colored_option(&[(x, Some(""))]).unwrap_err();
    assert!(e.to_string().contains("empty colour"), "{e}");
    assert_eq!(problem.option_count(), 0);
    assert!(!problem.has_colors());
}

#[test]
fn verify_names_a_colour_clash() {
    let problem = knuth::read("toy", TOY).unwrap();
    // `p x:B` and `q x:A` give x two colours.
    let e = verify(&problem, &[OptionId(2), OptionId(3)]).unwrap_err();
    assert!(matches!(e, VerifyError::ColorClash { .. }), "{e}");
    // `p q x y:A` and `r y:B` give y two colours.
    let e = verify(&problem, &[OptionId(0), OptionId(4)]).unwrap_err();
    assert!(matches!(e, VerifyError::ColorClash { .. }), "{e}");
    // `p q x y:A` names x without a colour, `q x:A` gives it A.
    let e = verify(&problem, &[OptionId(0), OptionId(3)]).unwrap_err();
    assert!(e.to_string().contains("no colour"), "{e}");
}

/// A random colour problem: primary item bounds (some with multiplicities), a number of
/// secondary items, and options as `(item, colour)` with colour 0 for none.
#[derive(Clone, Debug)]
pub(super) struct Colored {
    pub(super) primary: Vec<(u32, u32)>,
    pub(super) secondary: usize,
    pub(super) options: Vec<Vec<(usize, u8)>>,
}

pub(super) fn colored() -> impl Strategy<Value = Colored> {
    let bounds = prop_oneof![
        8 => Just((1, 1)),
        1 => Just((1, 2)),
        1 => Just((2, 2)),
        1 => Just((0, 1)),
        1 => Just((0, 2)),
    ];
    (prop::collection::vec(bounds, 1..=6), 1usize..=4)
        .prop_flat_map(|(primary, secondary)| {
            let items = primary.len() + secondary;
            let np = primary.len();
            let option = prop::collection::btree_map(0..items, 0u8..=3, 1..=4.min(items)).prop_map(
                move |m| {
                    // Only secondary items take a colour.
                    (m.into_iter())
                        .map(|(i, c)| (i, if i < np { 0 } else { c }))
                        .collect::<Vec<_>>()
                },
            );
            let options = prop::collection::vec(option, 0..=12);
            let repeats = prop::collection::vec(any::<prop::sample::Index>(), 0..=1);
            (Just(primary), Just(secondary), options, repeats)
        })
        .prop_map(|(primary, secondary, mut options, repeats)| {
            // A repeated option is a distinct option (and may repeat a colour).
            if !options.is_empty() {
                for r in repeats {
                    options.push(options[r.index(options.len())].clone());
                }
            }
            Colored {
                primary,
                secondary,
                options,
            }
        })
}

const NAMES: [&str; 4] = ["", "A", "B", "C"];

pub(super) fn build(m: &Colored) -> Problem {
    let mut p = Problem::new();
    let mut ids = Vec::new();
    for (k, &(min, max)) in m.primary.iter().enumerate() {
        ids.push(p.add_item(format!("p{k}"), min, max).unwrap());
    }
    for k in 0..m.secondary {
        ids.push(p.add_secondary(format!("s{k}")));
    }
    for o in &m.options {
        let items: Vec<_> = (o.iter())
            .map(|&(i, c)| (ids[i], (c > 0).then_some(NAMES[c as usize])))
            .collect();
        p.add_colored_option(&items).unwrap();
    }
    p
}

/// Every subset of the options that is a solution, sorted: each primary item covered
/// within its bounds, and each secondary item named by at most one option, or by any
/// number of options that all give it the same colour. As in Algorithm C, an option
/// without a primary item is never chosen.
pub(super) fn brute_force(m: &Colored) -> Vec<Vec<u32>> {
    let np = m.primary.len();
    let mut out = Vec::new();
    'subsets: for mask in 0u32..(1 << m.options.len()) {
        let chosen: Vec<usize> = (0..m.options.len())
            .filter(|k| mask & (1 << k) != 0)
            .collect();
        if chosen
            .iter()
            .any(|&k| m.options[k].iter().all(|&(i, _)| i >= np))
        {
            continue;
        }
        for (i, &(min, max)) in m.primary.iter().enumerate() {
            let times = (chosen.iter())
                .filter(|&&k| m.options[k].iter().any(|&(j, _)| j == i))
                .count() as u32;
            if times < min || times > max {
                continue 'subsets;
            }
        }
        for s in np..np + m.secondary {
            let uses: Vec<u8> = (chosen.iter())
                .filter_map(|&k| m.options[k].iter().find(|&&(j, _)| j == s))
                .map(|&(_, c)| c)
                .collect();
            let one_colour = uses.iter().all(|&c| c != 0 && c == uses[0]);
            if uses.len() > 1 && !one_colour {
                continue 'subsets;
            }
        }
        out.push(chosen.iter().map(|&k| k as u32).collect());
    }
    out.sort();
    out
}

/// Runs `search` from the root, stopping at every solution and resuming after it.
fn stop_and_resume(search: &mut Search) -> Vec<Vec<OptionId>> {
    let mut found = Vec::new();
    let mut resume: Option<Resume> = None;
    loop {
        let mut visitor = |v: &Visit<'_>| {
            found.push(v.options());
            ControlFlow::Break(())
        };
        let outcome = search
            .run_from(&Subproblem::root(), resume.as_ref(), &mut visitor)
            .unwrap();
        match outcome {
            Outcome::Complete => return found,
            Outcome::Stopped(r) => resume = Some(r),
        }
    }
}

proptest! {
    #[test]
    fn colour_problems_agree_with_brute_force(m in colored()) {
        let p = build(&m);
        let expected = brute_force(&m);
        let mut search = Search::new(&p);
        let all = search.solutions(usize::MAX);
        for s in &all {
            prop_assert!(verify(&p, s).is_ok(), "{:?}: {:?}", s, verify(&p, s));
        }
        let mut got: Vec<Vec<u32>> = all.iter().map(|s| sorted_ids(s)).collect();
        got.sort();
        prop_assert_eq!(got, expected);
        prop_assert_eq!(check::sanity(search.dlx()), Ok(()));
        // Again on the same search, and stopping at every solution: the same run.
        prop_assert_eq!(&search.solutions(usize::MAX), &all);
        prop_assert_eq!(&stop_and_resume(&mut search), &all);
        prop_assert_eq!(check::sanity(search.dlx()), Ok(()));
        prop_assert_eq!(AnySearch::new(&p).count(), all.len() as u128);
        // The DLX2 text gives the same problem back.
        let again = knuth::read("t", &knuth::write(&p)).unwrap();
        prop_assert_eq!(Search::new(&again).solutions(usize::MAX), all);
    }
}
