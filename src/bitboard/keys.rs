//! The keys of the lists: which squares around a front square a list is chosen by. A
//! front square's options are listed once per key, each list holding the options that
//! miss the squares its key says are filled, so that the search reads a short list
//! rather than testing every option. The key's bits are the `window` squares after the
//! front square, then `beside` squares from the one just before its neighbour in the
//! next line (row or column) of the numbering: the squares an option starting there is
//! most likely to need.

use super::word::Word;

/// The most key bits: a square has at most `2^16` lists per numbering.
pub const MAX_KEY_BITS: u32 = 16;

/// The keys' shape: `window` squares after the front square, then `beside` squares.
#[derive(Copy, Clone, Debug)]
pub struct KeyBits {
    pub window: u32,
    pub beside: u32,
}

impl KeyBits {
    /// The shape for the asked `window` and `beside` bits and the number of
    /// numberings: at most [`MAX_KEY_BITS`] in all, and one numbering keeps the plain
    /// window (the search reads it without an offset).
    pub fn new(window: u32, beside: u32, fronts: usize) -> KeyBits {
        let window = window.min(MAX_KEY_BITS);
        let beside = if fronts == 1 {
            0
        } else {
            beside.min(MAX_KEY_BITS - window)
        };
        KeyBits { window, beside }
    }

    /// Bits of a key.
    pub fn bits(self) -> u32 {
        self.window + self.beside
    }
}

/// The `window` bits of `m` after bit `c`, then its `beside` bits from bit
/// `c + offset - 1` on (bits past the frame read as 0).
#[inline(always)]
pub fn key_of<M: Word>(m: M, c: u32, window: u32, beside: u32, offset: u32) -> u32 {
    let low = m.low_u32_after(c) & ((1 << window) - 1);
    if beside == 0 {
        return low;
    }
    let at = c + offset - 1;
    let high = if at >= M::BITS {
        0
    } else {
        m.low_u32_at(at) & ((1 << beside) - 1)
    };
    low | high << window
}
