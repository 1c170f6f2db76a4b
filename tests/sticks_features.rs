//! Every feature on sticks (SPEC §9: "everything else works as on the other grids"),
//! through the binary, each against an oracle of its own: one-sided pieces against the
//! orientations counted here by turning segment lists by hand; copies and ranges on a
//! board small enough to count its tilings by hand; `check` (none, unique, several) and
//! `hint`; a first solution checked segment by segment (a partition of the board into
//! images of the set's pieces, with no crossing); the pictures (unicode box drawing, an
//! SVG with one round-capped stroke per segment, a PNG of the layout's size); a challenge
//! that `generate` writes (its pre-placed pieces in a `[placed]` table) reads back with
//! one solution, and `hint` finds the next move on it.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::PathBuf;
use std::time::Duration;

use assert_cmd::Command;

fn polyx() -> Command {
    let mut cmd = Command::cargo_bin("polyx").unwrap();
    cmd.timeout(Duration::from_secs(300));
    cmd
}

/// `polyx ARGS` with exit code `code`: its stdout.
fn run(args: &[&str], code: i32) -> String {
    let out = polyx().args(args).assert().code(code);
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("polyx-sticks-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &std::path::Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A stick as its two end points, the smaller first.
type Stick = ((i32, i32), (i32, i32));

/// Puzzler's square segment `[x, y, d]` as its end points.
fn stick([x, y, d]: [i32; 3]) -> Stick {
    let b = if d == 0 { (x + 1, y) } else { (x, y + 1) };
    ((x, y), b)
}

/// The sticks moved so that their least x and y are 0, sorted.
fn normal(sticks: &[Stick]) -> Vec<Stick> {
    let min_x = sticks.iter().map(|s| s.0 .0.min(s.1 .0)).min().unwrap();
    let min_y = sticks.iter().map(|s| s.0 .1.min(s.1 .1)).min().unwrap();
    let mut out: Vec<Stick> = sticks
        .iter()
        .map(|&(a, b)| {
            let (a, b) = ((a.0 - min_x, a.1 - min_y), (b.0 - min_x, b.1 - min_y));
            (a.min(b), a.max(b))
        })
        .collect();
    out.sort();
    out
}

/// The distinct images of `sticks` under the four turns, and with `mirror` the four
/// turns of its reflection too.
fn images(sticks: &[Stick], mirror: bool) -> BTreeSet<Vec<Stick>> {
    let turn = |p: (i32, i32)| (-p.1, p.0);
    let mut out = BTreeSet::new();
    let mut shape: Vec<Stick> = sticks.to_vec();
    for flip in 0..if mirror { 2 } else { 1 } {
        if flip == 1 {
            shape = shape
                .iter()
                .map(|&(a, b)| ((-a.0, a.1), (-b.0, b.1)))
                .collect();
        }
        for _ in 0..4 {
            shape = shape.iter().map(|&(a, b)| (turn(a), turn(b))).collect();
            out.insert(normal(&shape));
        }
    }
    out
}

/// The pieces of a built-in set of sticks: name and segments.
fn set(name: &str) -> Vec<(String, Vec<Stick>)> {
    let text = std::fs::read_to_string(root().join("pieces").join(format!("{name}.toml"))).unwrap();
    let value: toml::Value = toml::from_str(&text).unwrap();
    value["piece"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let segments = p["segments"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| {
                    let v: Vec<i32> = (s.as_array().unwrap().iter())
                        .map(|n| n.as_integer().unwrap() as i32)
                        .collect();
                    stick([v[0], v[1], v[2]])
                })
                .collect();
            (p["name"].as_str().unwrap().to_string(), segments)
        })
        .collect()
}

/// `polyx show SET`'s orientations per piece, from its lines `NAME (label …, N
/// orientations):`.
fn shown_orientations(text: &str) -> HashMap<String, usize> {
    text.lines()
        .filter(|l| l.ends_with(" orientations):") || l.ends_with(" orientation):"))
        .map(|l| {
            let name = l.split(" (").next().unwrap().to_string();
            let n = l.rsplit(", ").next().unwrap().split(' ').next().unwrap();
            (name, n.parse().unwrap())
        })
        .collect()
}

#[test]
fn one_sided_tetrasticks_have_the_turns_counted_by_hand() {
    // With `mirror = false` each piece has the images of its four turns; free, of
    // all eight. The one-sided tetrasticks are the 16 free ones plus one more for
    // each that its mirror image is not a turn of.
    let pieces = set("tetrasticks");
    let dir = scratch("one-sided");
    let text = std::fs::read_to_string(root().join("pieces/tetrasticks.toml")).unwrap();
    let one_sided = write(
        &dir,
        "one-sided.toml",
        &format!("mirror = false\n{text}").replacen(
            "name = \"tetrasticks\"",
            "name = \"one-sided\"",
            1,
        ),
    );
    let free = shown_orientations(&run(&["show", "tetrasticks"], 0));
    let turned = shown_orientations(&run(&["show", &one_sided], 0));
    assert_eq!(free.len(), 16);
    let mut chiral = 0;
    for (name, sticks) in &pieces {
        assert_eq!(free[name], images(sticks, true).len(), "{name} free");
        assert_eq!(
            turned[name],
            images(sticks, false).len(),
            "{name} one-sided"
        );
        if images(sticks, true).len() > images(sticks, false).len() {
            chiral += 1;
        }
    }
    let generated = run(
        &["pieces", "--grid", "sticks", "--size", "4", "--one-sided"],
        0,
    );
    assert_eq!(generated.matches("[[piece]]").count(), 16 + chiral);
    // 9 of the 16 are chiral (L, Y, N, J, … and their kin): 25 one-sided tetrasticks.
    assert_eq!(16 + chiral, 25);
}

/// The 2 × 1 squares' 7 segments: two rows of two collinear segments, and three single
/// uprights.
const TWO_SQUARES: &str = "name = \"two\"\ngrid = \"sticks\"\nsize = [2, 1]\n";

/// Straight sticks of one and two segments with `count`s `one` and `two`.
fn straight(one: &str, two: &str) -> String {
    format!(
        "name = \"straight\"\ngrid = \"sticks\"\n\n[[piece]]\nname = \"I1\"\nsegments = [[0, 0, 0]]\ncount = {one}\n\n[[piece]]\nname = \"I2\"\nlabel = \"J\"\nsegments = [[0, 0, 0], [1, 0, 0]]\ncount = {two}\n"
    )
}

#[test]
fn copies_and_ranges_count_as_by_hand_on_two_squares() {
    // I2 fits only along the top or the bottom row; the uprights take I1s. With
    // 0 to 7 I1 and 0 to 2 I2: each row either one I2 or two I1, 2 × 2 = 4 tilings,
    // 3 up to the rectangle's symmetries (I2 on top only and on the bottom only are
    // mirror images). Fixed copies never multiply tilings: 3 I1 and 2 I2 is 1, 5 I1
    // and 1 I2 is 2 (1 up to symmetry).
    let dir = scratch("copies");
    let board = write(&dir, "two.toml", TWO_SQUARES);
    let count = |one: &str, two: &str, keep: bool| {
        let pieces = write(&dir, "pieces.toml", &straight(one, two));
        let mut args = vec!["count", board.as_str(), "--pieces", pieces.as_str()];
        if keep {
            args.extend(["--symmetry", "keep"]);
        }
        run(&args, 0).trim().parse::<u64>().unwrap()
    };
    assert_eq!(count("[0, 7]", "[0, 2]", true), 4);
    assert_eq!(count("[0, 7]", "[0, 2]", false), 3);
    assert_eq!(count("3", "2", true), 1);
    assert_eq!(count("5", "1", true), 2);
    assert_eq!(count("5", "1", false), 1);
}

#[test]
fn check_and_hint_say_none_unique_and_several() {
    let dir = scratch("check");
    let board = write(&dir, "two.toml", TWO_SQUARES);
    let unique = write(&dir, "unique.toml", &straight("3", "2"));
    let none = write(&dir, "none.toml", &straight("1", "3"));
    let out = run(&["check", &board, "--pieces", &unique], 0);
    assert!(out.starts_with("unique"), "{out}");
    let out = run(&["check", &board, "--pieces", &none], 1);
    assert!(out.contains("no solution"), "{out}");
    // 84 tilings, 21 up to symmetry: several.
    let out = run(&["check", "polysticks-123-3x3"], 3);
    assert!(out.starts_with("several"), "{out}");
    // The one upright that only I1 can take is forced.
    let out = run(&["hint", &board, "--pieces", &unique], 0);
    assert!(out.contains("place I"), "{out}");
    let out = run(&["hint", &board, "--pieces", &none], 1);
    assert!(out.contains("cannot be finished"), "{out}");
}

#[test]
fn a_first_solution_is_a_partition_of_the_board_into_pieces_that_never_cross() {
    let out = run(&["solve", "tetrasticks-5x5", "-f", "json"], 0);
    let first: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    let pieces: HashMap<String, Vec<Stick>> = set("tetrasticks").into_iter().collect();
    let mut covered: HashMap<Stick, usize> = HashMap::new();
    let mut names = HashSet::new();
    let placements = first["placements"].as_array().unwrap();
    assert_eq!(placements.len(), 15);
    for (k, p) in placements.iter().enumerate() {
        let name = p["piece"].as_str().unwrap();
        assert!(names.insert(name.to_string()), "{name} twice");
        let sticks: Vec<Stick> = (p["cells"].as_array().unwrap().iter())
            .map(|c| {
                let v: Vec<i32> = (c.as_array().unwrap().iter())
                    .map(|n| n.as_i64().unwrap() as i32)
                    .collect();
                stick([v[0], v[1], v[2]])
            })
            .collect();
        assert!(
            images(&pieces[name], true).contains(&normal(&sticks)),
            "{name} is not an image of its piece: {sticks:?}"
        );
        for s in sticks {
            assert!(covered.insert(s, k).is_none(), "{s:?} covered twice");
        }
    }
    // Every one of the 60 segments of the 5 × 5 squares, once.
    assert_eq!(covered.len(), 60);
    assert!(covered.keys().all(|&(a, b)| [a, b]
        .iter()
        .all(|p| (0..=5).contains(&p.0) && (0..=5).contains(&p.1))));
    // No point where one piece goes straight across and another straight up and down.
    for x in 0..=5 {
        for y in 0..=5 {
            let owner = |s: Stick| covered.get(&s).copied();
            let across = (owner(((x - 1, y), (x, y))), owner(((x, y), (x + 1, y))));
            let down = (owner(((x, y - 1), (x, y))), owner(((x, y), (x, y + 1))));
            if let ((Some(a), Some(b)), (Some(c), Some(d))) = (across, down) {
                assert!(!(a == b && c == d && a != c), "pieces cross at ({x}, {y})");
            }
        }
    }
}

#[test]
fn pictures_of_sticks_draw_every_segment() {
    // Unicode: box drawing with each label once per segment of its piece.
    let text = run(&["solve", "polysticks-123-3x3", "-f", "unicode"], 0);
    assert_eq!(text.lines().count(), 7, "{text}");
    assert!(text.contains('│') && text.contains('─'), "{text}");
    for (label, n) in [
        ('A', 1),
        ('B', 2),
        ('V', 2),
        ('I', 3),
        ('L', 3),
        ('T', 3),
        ('U', 3),
        ('Z', 3),
    ] {
        assert_eq!(text.matches(label).count(), n, "{label} in\n{text}");
    }
    // SVG: per piece one dark path and one coloured path of round-capped strokes,
    // one `M` subpath per segment: 20 segments, twice.
    let svg = run(&["solve", "polysticks-123-3x3", "-f", "svg"], 0);
    let strokes: Vec<&str> = svg
        .lines()
        .filter(|l| l.starts_with("<path") && l.contains("stroke-linecap=\"round\""))
        .collect();
    // The board's faint segments, then 8 pieces × 2.
    assert_eq!(strokes.len(), 1 + 16, "{svg}");
    let subpaths: usize = strokes[1..].iter().map(|l| l.matches('M').count()).sum();
    assert_eq!(subpaths, 2 * 20);
    assert_eq!(strokes[0].matches('M').count(), 20);
    // PNG: a 3 × 3 board of 40-pixel sides is 120 pixels plus a padding of 10 each side.
    let dir = scratch("png");
    let png = dir.join("s.png");
    polyx()
        .args(["solve", "polysticks-123-3x3", "--cell-size", "40", "-o"])
        .arg(&png)
        .assert()
        .success();
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[1..4], b"PNG");
    let size = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    assert_eq!((size(16), size(20)), (140, 140));
}

#[test]
fn a_generated_challenge_on_sticks_reads_back_with_one_solution() {
    let dir = scratch("generate");
    let challenge = run(&["generate", "polysticks-123-3x3", "--seed", "3"], 0);
    let path = write(&dir, "challenge.toml", &challenge);
    assert!(challenge.contains("[placed]"), "{challenge}");
    let out = run(&["check", &path], 0);
    assert!(out.starts_with("unique"), "{out}");
    let hint = run(&["hint", &path], 0);
    assert!(hint.starts_with("The board can be finished"), "{hint}");
}
