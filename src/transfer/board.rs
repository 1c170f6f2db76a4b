//! The frontier count of a puzzle: its open cells numbered in a scan order (the axes
//! ordered so that the longest placement span, which sets the profile's width, is
//! shortest: column by column on a wide rectangle, one cross-section after another
//! through a box), each of the puzzle's own placements anchored at its first cell, and
//! one [`Sweeper`] step per cell. The puzzle's placements already carry every grid's
//! orientations, one-sided and mirror rules, and its blocked, outside and pre-placed
//! cells. Copies: a kind whose limits can bind is counted in a field of the key (up to
//! its maximum when that binds, else up to its minimum), checked at the end.

use std::sync::atomic::AtomicBool;

use crate::count::Count;
use crate::geom::Cell;
use crate::model::Puzzle;

use super::error::CountStopped;
use super::sweep::{Field, Halt, Plan, Sweeper, NO_FIELD};
use super::table::Key;

/// The number of tilings of `puzzle` (as the search counts them with every symmetry
/// kept), or `Ok(None)` when the sweep does not apply (open cells may stay empty, a
/// no-crossing rule, a profile and copy counts past 128 bits) or a layer would hold more
/// than `max_states` states; the caller then searches instead.
pub fn count(
    puzzle: &Puzzle,
    stop: &AtomicBool,
    max_states: usize,
) -> Result<Option<Count>, CountStopped> {
    let Some(prepared) = prepare(puzzle) else {
        return Ok(None);
    };
    let Prepared {
        positions,
        anchored,
        kinds,
        profile,
        bits,
    } = prepared;
    if let Some(known) = kinds.known {
        return Ok(Some(known));
    }
    if bits < u64::BITS {
        sweep::<u64>(positions, &anchored, &kinds, profile, stop, max_states)
    } else if bits < u128::BITS {
        sweep::<u128>(positions, &anchored, &kinds, profile, stop, max_states)
    } else {
        Ok(None)
    }
}

/// The number of exact covers of `positions` positions (`0..positions`, in the order of
/// the sweep) by `options`, each a sorted, non-empty list of distinct positions, with no
/// limit on how often a kind of option is used; `Ok(None)` when an option spans 128
/// positions or more, or a layer would hold more than `max_states` states. (Burnside's
/// tilings fixed by a symmetry: the cells' orbits covered by the placements' orbits.)
pub fn count_cover(
    positions: usize,
    options: &[Vec<u32>],
    stop: &AtomicBool,
    max_states: usize,
) -> Result<Option<Count>, CountStopped> {
    let anchored: Vec<Anchored> = (options.iter())
        .map(|o| Anchored {
            anchor: o[0] as usize,
            offsets: o.iter().map(|&p| p - o[0]).collect(),
            field: NO_FIELD,
        })
        .collect();
    let span = (anchored.iter())
        .filter_map(|a| a.offsets.last().copied())
        .max()
        .unwrap_or(0);
    let kinds = Kinds {
        fields: Vec::new(),
        known: None,
    };
    if span < u64::BITS {
        sweep::<u64>(positions, &anchored, &kinds, span, stop, max_states)
    } else if span < u128::BITS {
        sweep::<u128>(positions, &anchored, &kinds, span, stop, max_states)
    } else {
        Ok(None)
    }
}

/// A placement by its anchor: the offsets of its cells from its first (bit 0) and its
/// kind's copy field.
struct Anchored {
    anchor: usize,
    offsets: Vec<u32>,
    field: u8,
}

/// The kinds whose copies are counted.
struct Kinds {
    /// Per field: its kind's minimum, cap, maximum binding, bits.
    fields: Vec<(u64, u64, bool, u32)>,
    /// The answer when it is known without a sweep (0: a kind's limits cannot be met).
    known: Option<Count>,
}

struct Prepared {
    positions: usize,
    anchored: Vec<Anchored>,
    kinds: Kinds,
    /// Bits of the profile (the longest span).
    profile: u32,
    /// Bits of the whole key.
    bits: u32,
}

fn prepare(puzzle: &Puzzle) -> Option<Prepared> {
    let board = &puzzle.board;
    if !board.cover_all_cells || puzzle.has_crossing_rule() {
        return None;
    }
    let rank = scan_order(puzzle);
    let n = puzzle.open.len();
    let mut span = 0u32;
    let mut anchored: Vec<Anchored> = (puzzle.placements.iter())
        .map(|p| {
            let mut ranks: Vec<u32> = (p.cells.iter())
                .map(|&c| rank[board.index(c).expect("placed on the frame")])
                .collect();
            ranks.sort_unstable();
            let first = ranks[0];
            let offsets: Vec<u32> = ranks.iter().map(|r| r - first).collect();
            span = span.max(*offsets.last().expect("a placement has cells"));
            Anchored {
                anchor: first as usize,
                offsets,
                field: NO_FIELD,
            }
        })
        .collect();
    if span >= u128::BITS {
        return None;
    }
    let kinds = kinds(puzzle, &mut anchored)?;
    let profile = span;
    let bits = profile + kinds.fields.iter().map(|f| f.3).sum::<u32>();
    Some(Prepared {
        positions: n,
        anchored,
        kinds,
        profile,
        bits,
    })
}

/// The rank of each frame position's open cell in the scan order whose longest
/// placement span is shortest: the frame's axes taken in each of their orders and, on a
/// plane, its two diagonals when they are shorter by a quarter (an Aztec diamond's
/// profile is a diagonal, half its width; a rectangle's is a column).
fn scan_order(puzzle: &Puzzle) -> Vec<u32> {
    let board = &puzzle.board;
    let axes = |[a, b, c]: [usize; 3]| {
        move |cell: Cell| {
            let v = [cell.x, cell.y, cell.z];
            [v[a], v[b], v[c]]
        }
    };
    let mut orders: Vec<Box<dyn Fn(Cell) -> [i32; 3]>> = ([
        [2, 1, 0],
        [2, 0, 1],
        [1, 2, 0],
        [0, 2, 1],
        [1, 0, 2],
        [0, 1, 2],
    ])
    .into_iter()
    .map(|order| Box::new(axes(order)) as Box<dyn Fn(Cell) -> [i32; 3]>)
    .collect();
    if board.depth == 1 {
        orders.push(Box::new(|c: Cell| [c.x + c.y, c.x, 0]));
        orders.push(Box::new(|c: Cell| [c.x - c.y, c.x, 0]));
    }
    let axes_only = 6;
    let mut best: Option<(u32, Vec<u32>)> = None;
    for (i, key) in orders.into_iter().enumerate() {
        let mut cells = puzzle.open.clone();
        cells.sort_by_key(|&c| key(c));
        let mut rank = vec![u32::MAX; board.frame_len()];
        for (r, &c) in cells.iter().enumerate() {
            rank[board.index(c).expect("open cells are in the frame")] = r as u32;
        }
        let span = (puzzle.placements.iter())
            .map(|p| {
                let rs = p
                    .cells
                    .iter()
                    .map(|&c| rank[board.index(c).expect("in frame")]);
                let (lo, hi) = rs.fold((u32::MAX, 0), |(lo, hi), r| (lo.min(r), hi.max(r)));
                hi - lo
            })
            .max()
            .unwrap_or(0);
        // A diagonal's frontier is ragged: it must be clearly shorter to be worth it.
        let better = |s: u32| {
            if i < axes_only {
                span < s
            } else {
                4 * span < 3 * s
            }
        };
        if best.as_ref().is_none_or(|(s, _)| better(*s)) {
            best = Some((span, rank));
        }
    }
    best.expect("six orders at least").1
}

/// The copy fields of the kinds whose limits can bind, marked on their placements; or
/// `None` when there are too many to count.
fn kinds(puzzle: &Puzzle, anchored: &mut [Anchored]) -> Option<Kinds> {
    let n = puzzle.open.len() as u64;
    let set = &puzzle.set;
    let mut placed = vec![false; set.pieces.len()];
    for p in &puzzle.placements {
        placed[p.piece] = true;
    }
    let zero = Some(Kinds {
        fields: Vec::new(),
        known: Some(Count::ZERO),
    });
    // A kind that must be placed but cannot be.
    if (0..set.pieces.len()).any(|k| !placed[k] && puzzle.least(k) > 0) {
        return zero;
    }
    let live: Vec<usize> = (0..set.pieces.len()).filter(|&k| placed[k]).collect();
    if n == 0 {
        return Some(Kinds {
            fields: Vec::new(),
            known: Some(Count::ONE),
        });
    }
    if let [k] = live[..] {
        // One kind: every tiling uses n / size copies of it.
        let size = set.pieces[k].shape.len() as u64;
        let used = n / size;
        let fits = n % size == 0
            && used >= u64::from(puzzle.least(k))
            && used <= u64::from(puzzle.remaining[k]);
        return if fits {
            Some(Kinds {
                fields: Vec::new(),
                known: None,
            })
        } else {
            zero
        };
    }
    let mut fields = Vec::new();
    let mut field_of = vec![NO_FIELD; set.pieces.len()];
    for &k in &live {
        let size = set.pieces[k].shape.len() as u64;
        let (least, most) = (u64::from(puzzle.least(k)), u64::from(puzzle.remaining[k]));
        let hard = most < n / size;
        if least == 0 && !hard {
            continue;
        }
        if fields.len() >= usize::from(NO_FIELD) {
            return None;
        }
        let cap = if hard { most } else { least };
        let width = (u64::BITS - cap.leading_zeros()).max(1);
        field_of[k] = fields.len() as u8;
        fields.push((least, cap, hard, width));
    }
    for (a, p) in anchored.iter_mut().zip(&puzzle.placements) {
        a.field = field_of[p.piece];
    }
    Some(Kinds {
        fields,
        known: None,
    })
}

fn sweep<K: Key>(
    positions: usize,
    anchored: &[Anchored],
    kinds: &Kinds,
    profile: u32,
    stop: &AtomicBool,
    max_states: usize,
) -> Result<Option<Count>, CountStopped> {
    // The key's fields, above the profile.
    let mut offset = profile;
    let fields: Vec<Field<K>> = (kinds.fields.iter())
        .map(|&(_, cap, hard, width)| {
            let f = Field {
                offset,
                mask: (1u64 << width) - 1,
                cap,
                hard,
                one: K::bit(offset),
            };
            offset += width;
            f
        })
        .collect();
    let plan = Plan { profile, fields };
    // The placements by anchor (counting sort), as masks.
    let mut starts = vec![0usize; positions + 1];
    for a in anchored {
        starts[a.anchor + 1] += 1;
    }
    for p in 0..positions {
        starts[p + 1] += starts[p];
    }
    let mut fill = starts.clone();
    let mut masks = vec![K::zero(); anchored.len()];
    let mut field_list = vec![NO_FIELD; anchored.len()];
    for a in anchored {
        let i = fill[a.anchor];
        fill[a.anchor] += 1;
        masks[i] = a.offsets.iter().fold(K::zero(), |m, &o| m.or(K::bit(o)));
        field_list[i] = a.field;
    }
    let counted = !plan.fields.is_empty();
    let mut sweeper = Sweeper::<K>::new(max_states);
    for p in 0..positions {
        let range = starts[p]..starts[p + 1];
        let fields = if counted {
            &field_list[range.clone()]
        } else {
            &[][..]
        };
        match sweeper.step(&masks[range], fields, &plan, stop) {
            Ok(()) => {}
            Err(Halt::Stopped) => return Err(CountStopped),
            Err(Halt::TooMany) => return Ok(None),
        }
    }
    if !counted {
        return Ok(Some(sweeper.count_of(K::zero())));
    }
    // Every cell is covered; each counted kind must have met its minimum.
    let mut total = Count::ZERO;
    for (key, count) in sweeper.states() {
        let met = (plan.fields.iter().zip(&kinds.fields))
            .all(|(f, &(least, ..))| key.shr(f.offset).low() & f.mask >= least);
        if met {
            total += count;
        }
    }
    Ok(Some(total))
}
