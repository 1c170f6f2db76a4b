//! Lists shared through a symmetry. On a symmetric board, an element of the puzzle's
//! symmetry group may map numbering 0 onto another numbering `f` and the options onto
//! themselves; then numbering `f`'s lists are numbering 0's with each option replaced
//! by its image (which has the same squares in numbering `f` as the option has in
//! numbering 0), and are not built: `f` reads block 0 of the lists through its map of
//! options (`Tables::block`, `Tables::image`).

use crate::symmetry::Group;

use super::frame::Frame;
use super::options::Options;
use super::word::Word;

/// Which block of lists each numbering reads, and through which map of options.
pub struct Blocks {
    /// Per numbering: the block of lists it reads (its own, or block 0).
    pub block: Vec<u32>,
    /// Per numbering `f` and option `o`, at `f * options + o` (empty with one
    /// numbering): the option an entry naming `o` stands for in numbering `f`'s lists.
    pub image: Vec<u32>,
    /// Per numbering: whether it has lists of its own (to be built).
    pub own: Vec<bool>,
}

impl Blocks {
    /// The blocks of the numberings of `frame` for `options`; with the puzzle's
    /// symmetry `group`, each numbering that one of its elements maps onto numbering 0
    /// reads numbering 0's lists. `placements` is the puzzle's number of placements.
    pub fn new<M: Word>(
        frame: &Frame<M>,
        options: &Options<M>,
        group: Option<&Group>,
        placements: usize,
    ) -> Blocks {
        let fronts = frame.fronts();
        let mut option_of = Vec::new();
        if group.is_some() && fronts > 1 {
            option_of = vec![u32::MAX; placements];
            for (o, &k) in options.places.iter().enumerate() {
                option_of[k as usize] = o as u32;
            }
        }
        let shared: Vec<Option<Vec<u32>>> = (0..fronts)
            .map(|f| {
                let group = group.filter(|_| f > 0 && frame.symmetric(f))?;
                shared_image(f, options, fronts, &option_of, group)
            })
            .collect();
        let count = options.len();
        let mut blocks = Blocks {
            block: Vec::with_capacity(fronts),
            image: Vec::with_capacity(if fronts > 1 { fronts * count } else { 0 }),
            own: shared.iter().map(Option::is_none).collect(),
        };
        let mut built = 0;
        for image in &shared {
            if fronts > 1 {
                match image {
                    Some(image) => blocks.image.extend_from_slice(image),
                    None => blocks.image.extend(0..count as u32),
                }
            }
            if image.is_some() {
                blocks.block.push(0);
            } else {
                blocks.block.push(built);
                built += 1;
            }
        }
        blocks
    }
}

/// If an element of the puzzle's symmetry `group` maps each option onto an option of the
/// same piece whose squares in numbering 0 are the first's in numbering `f` (not 0),
/// that map the other way: per option `s`, the option whose squares in numbering `f`
/// are `s`'s in numbering 0 (`option_of` maps a placement to its option, `u32::MAX` if
/// none). The element is found by trying each: a wrong one fails at once.
fn shared_image<M: Word>(
    f: usize,
    options: &Options<M>,
    fronts: usize,
    option_of: &[u32],
    group: &Group,
) -> Option<Vec<u32>> {
    group.images.iter().skip(1).find_map(|images| {
        let mut image = vec![u32::MAX; options.pieces.len()];
        for (o, &p) in options.pieces.iter().enumerate() {
            let s = option_of[images[options.places[o] as usize] as usize] as usize;
            let same = s != u32::MAX as usize
                && options.pieces[s] == p
                && options.numbered[s * fronts] == options.numbered[o * fronts + f];
            if !same {
                return None;
            }
            image[s] = o as u32;
        }
        Some(image)
    })
}
