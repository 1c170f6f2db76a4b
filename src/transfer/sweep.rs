//! The sweep: one cell-by-cell step of a profile DP (Klarner & Pollack's transfer
//! matrix for strips, Stanley's *Enumerative Combinatorics* I §4.7, done one position at
//! a time as in Knuth's TAOCP 7.2.2 on frontiers). Before position `p` a state's key has
//! bit `i` set when position `p + i` is already covered, and, above the profile's
//! `profile` bits, one field per kind of piece whose copies are counted. Step `p`: if
//! bit 0 is set, the position is done and the key shifts right; else each placement
//! anchored at `p` (its first position in the scan order; its mask has bit 0 set) that
//! misses the covered bits covers them, and the key shifts right. The key's top bit is
//! thus always clear, which keeps the all-ones empty slot free.
//!
//! Guarantees: every count is exact (a layer whose add overflows is redone with wider
//! numbers); the stop flag is read every 4096 slots; a layer never holds more than
//! `max_states` states without the step saying so.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::count::Count;

use super::table::{Key, Limbs, Overflow, Table, Values, Words};

/// Words of a layer's numbers when they first pass a `u128`.
const FIRST_LIMBS: usize = 4;

/// No copy field: the placement's kind is not counted.
pub(crate) const NO_FIELD: u8 = u8::MAX;

/// The copies used of one kind, as a field of the key.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Field<K: Key> {
    /// Its lowest bit in the key.
    pub(crate) offset: u32,
    /// `2^width - 1`.
    pub(crate) mask: u64,
    /// The value it stops at.
    pub(crate) cap: u64,
    /// At the cap: `true` refuses another copy (the kind's maximum), `false` keeps the
    /// cap (the minimum is met; more copies are free).
    pub(crate) hard: bool,
    /// `1 << offset`.
    pub(crate) one: K,
}

/// What a step needs besides its placements.
pub(crate) struct Plan<K: Key> {
    /// Bits of the profile; the copy fields lie above them.
    pub(crate) profile: u32,
    pub(crate) fields: Vec<Field<K>>,
}

/// Why a sweep ended before its last position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Halt {
    /// The stop flag was set.
    Stopped,
    /// A layer had more states than allowed.
    TooMany,
}

enum StepError {
    Overflow,
    Halt(Halt),
}

impl From<Overflow> for StepError {
    fn from(_: Overflow) -> StepError {
        StepError::Overflow
    }
}

enum Layer<K: Key> {
    Small(Table<K, Words>),
    Big(Table<K, Limbs>),
}

/// The live states of the sweep and their counts.
pub(crate) struct Sweeper<K: Key> {
    cur: Layer<K>,
    next: Layer<K>,
    /// The most states a layer may hold.
    max_states: usize,
}

impl<K: Key> Sweeper<K> {
    /// The state before position 0: nothing covered, no copies used, counted once.
    pub(crate) fn new(max_states: usize) -> Sweeper<K> {
        let words = Words(Vec::new());
        let mut cur = Table::new_like(&words, 4);
        cur.add(K::zero(), &Words(vec![1]), 0).expect("1 fits");
        Sweeper {
            cur: Layer::Small(cur),
            next: Layer::Small(Table::new_like(&words, 4)),
            max_states,
        }
    }

    /// Steps over one position whose anchored placements are `masks`, their kinds' copy
    /// fields in `fields` (one per mask; ignored when the plan counts no kind).
    pub(crate) fn step(
        &mut self,
        masks: &[K],
        fields: &[u8],
        plan: &Plan<K>,
        stop: &AtomicBool,
    ) -> Result<(), Halt> {
        loop {
            let done = match (&self.cur, &mut self.next) {
                (Layer::Small(cur), Layer::Small(next)) => {
                    step_into(cur, next, masks, fields, plan, stop, self.max_states)
                }
                (Layer::Big(cur), Layer::Big(next)) => {
                    step_into(cur, next, masks, fields, plan, stop, self.max_states)
                }
                _ => unreachable!("both layers are kept alike"),
            };
            match done {
                Ok(()) => {
                    std::mem::swap(&mut self.cur, &mut self.next);
                    match &mut self.next {
                        Layer::Small(t) => t.clear(),
                        Layer::Big(t) => t.clear(),
                    }
                    return Ok(());
                }
                Err(StepError::Halt(h)) => return Err(h),
                Err(StepError::Overflow) => self.widen(),
            }
        }
    }

    /// Redoes the layer with numbers of more words: the current layer's counts widened,
    /// the next layer emptied.
    #[cold]
    fn widen(&mut self) {
        let (cur, next_bits) = match (&mut self.cur, &self.next) {
            (Layer::Small(cur), Layer::Small(next)) => {
                let values = Limbs::from_words(&cur.values, FIRST_LIMBS);
                let keys = std::mem::take(&mut cur.keys);
                (Table::from_parts(keys, values, cur.len), next.bits())
            }
            (Layer::Big(cur), Layer::Big(next)) => {
                let values = cur.values.widened(2 * cur.values.limbs);
                let keys = std::mem::take(&mut cur.keys);
                (Table::from_parts(keys, values, cur.len), next.bits())
            }
            _ => unreachable!("both layers are kept alike"),
        };
        self.next = Layer::Big(Table::new_like(&cur.values, next_bits));
        self.cur = Layer::Big(cur);
    }

    /// The count of `key` (0 if it is not live).
    pub(crate) fn count_of(&self, key: K) -> Count {
        match &self.cur {
            Layer::Small(t) => t.find(key).map_or(Count::ZERO, |i| t.values.count(i)),
            Layer::Big(t) => t.find(key).map_or(Count::ZERO, |i| t.values.count(i)),
        }
    }

    /// Every live state with its count.
    pub(crate) fn states(&self) -> Vec<(K, Count)> {
        fn all<K: Key, V: Values>(t: &Table<K, V>) -> Vec<(K, Count)> {
            (t.keys.iter().enumerate())
                .filter(|(_, &k)| k != K::EMPTY)
                .map(|(i, &k)| (k, t.values.count(i)))
                .collect()
        }
        match &self.cur {
            Layer::Small(t) => all(t),
            Layer::Big(t) => all(t),
        }
    }
}

/// One step from `cur` into the empty `next`.
#[inline(always)]
fn step_into<K: Key, V: Values>(
    cur: &Table<K, V>,
    next: &mut Table<K, V>,
    masks: &[K],
    fields: &[u8],
    plan: &Plan<K>,
    stop: &AtomicBool,
    max_states: usize,
) -> Result<(), StepError> {
    let check = |next: &Table<K, V>| {
        if stop.load(Ordering::Relaxed) {
            Err(StepError::Halt(Halt::Stopped))
        } else if next.len > max_states {
            Err(StepError::Halt(Halt::TooMany))
        } else {
            Ok(())
        }
    };
    if plan.fields.is_empty() {
        // No kind counted: the key is the profile alone.
        for (i, &key) in cur.keys.iter().enumerate() {
            if i & 0xFFF == 0 {
                check(next)?;
            }
            if key == K::EMPTY {
                continue;
            }
            if key.is_odd() {
                next.add(key.shr(1), &cur.values, i)?;
                continue;
            }
            for &m in masks {
                if key.and(m).is_zero() {
                    next.add(key.or(m).shr(1), &cur.values, i)?;
                }
            }
        }
    } else {
        let low = K::bit(plan.profile).wrapping_add(K::zero().not());
        for (i, &key) in cur.keys.iter().enumerate() {
            if i & 0xFFF == 0 {
                check(next)?;
            }
            if key == K::EMPTY {
                continue;
            }
            let (profile, copies) = (key.and(low), key.and(low.not()));
            if profile.is_odd() {
                next.add(profile.shr(1).or(copies), &cur.values, i)?;
                continue;
            }
            for (&m, &f) in masks.iter().zip(fields) {
                if !profile.and(m).is_zero() {
                    continue;
                }
                let mut to = profile.or(m).shr(1).or(copies);
                if f != NO_FIELD {
                    let field = &plan.fields[usize::from(f)];
                    let used = copies.shr(field.offset).low() & field.mask;
                    if used < field.cap {
                        to = to.wrapping_add(field.one);
                    } else if field.hard {
                        continue;
                    }
                }
                next.add(to, &cur.values, i)?;
            }
        }
    }
    check(next)
}
