//! Codes as bit sets, so that a feedback is two ANDs and two population counts, and one guess is scored against
//! many secrets at once: the secrets of a position are laid out as two arrays of words (structure of arrays),
//! which LLVM turns into SIMD lanes (SSE2 or AVX2 natively, simd128 in wasm), and the class counts are then
//! added up in a separate, short loop.
//!
//! A code of `pegs` pegs and `colors` colours is two sets over `pegs * colors` bits:
//! - `place` has bit `peg * colors + colour` for each peg: two codes share one bit per black;
//! - `count` has, in the `pegs`-bit field of each colour, its lowest `n` bits set where `n` pegs have that
//!   colour: two codes share `min(n, m)` bits there, so the shared bits of all fields are the colour matches,
//!   blacks and whites together.
//!
//! Every game whose codes are listed ([`crate::strategy::listable`]: at most 1 GiB of them, at most 16 pegs) needs
//! at most 128 bits (`listable` checks it; 6 pegs of 19 colours without repeats take 114, 8x8 takes 64), so a
//! listed code keeps its sets in the narrowest [`Word`] its game fits ([`crate::listing::listed`]).
//!
//! The secrets a guess is scored against are laid out in columns of colours and colour counts instead
//! ([`Secrets::Columns`], [`crate::kernel::columns::Columns`]) wherever that takes no more room (`pegs + colors` bytes a
//! secret against two words: 6x9, 7x7 and 8x8 among them): there a guess's classes are compares and minimums in byte
//! lanes, 32 secrets at a time, with no population count, which WebAssembly has only a word at a time: faster in the
//! worker from a block of 32 secrets, natively from a few hundred ([`COLUMNS_FROM`]).

use std::ops::BitAnd;

use crate::kernel::columns::{Columns, UNPLACED};
use crate::kernel::feedback::index_of;
use crate::{Feedback, Spec};

/// The word a game's codes are scored in: `u64` where `pegs * colors <= 64`, else `u128`.
pub(crate) trait Word: Copy + Send + Sync + BitAnd<Output = Self> + 'static {
    /// The number of set bits.
    fn ones(self) -> u32;
    /// The low bits of `x` (only called where `x` fits).
    fn narrow(x: u128) -> Self;
}

impl Word for u64 {
    #[inline(always)]
    fn ones(self) -> u32 {
        self.count_ones()
    }
    #[inline(always)]
    fn narrow(x: u128) -> Self {
        x as u64
    }
}

impl Word for u128 {
    #[inline(always)]
    fn ones(self) -> u32 {
        self.count_ones()
    }
    #[inline(always)]
    fn narrow(x: u128) -> Self {
        x
    }
}

/// Whether codes of `spec` fit a word of `bits` bits.
pub(crate) fn fits(spec: &Spec, bits: u32) -> bool {
    u32::from(spec.pegs) * u32::from(spec.colors) <= bits
}

/// Whether a listed code of `spec` keeps its bit sets in two `u64` rather than two `u128` ([`crate::listing::listed`]; its
/// size, [`crate::strategy::bytes_per_listed_code`], says so too).
pub(crate) fn listed_narrow(spec: &Spec) -> bool {
    fits(spec, u64::BITS)
}

/// A code as bit sets (see the module's text), at most 128 bits each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bits {
    place: u128,
    count: u128,
}

impl Bits {
    /// The bit sets of `pegs` (colours below `colors`; `pegs.len() * colors` at most 128).
    pub(crate) fn new(pegs: &[u8], colors: u8) -> Bits {
        debug_assert!(pegs.len() * usize::from(colors) <= 128);
        let width = pegs.len();
        let mut seen = [0usize; 32];
        let mut bits = Bits { place: 0, count: 0 };
        for (peg, &c) in pegs.iter().enumerate() {
            bits.place |= Bits::place_bit(peg, c, colors);
            let c = usize::from(c);
            bits.count |= 1 << (c * width + seen[c]);
            seen[c] += 1;
        }
        bits
    }

    /// The bit sets `place` and `count` ([`Bits::words`] read back).
    #[inline(always)]
    pub(crate) fn from_words(place: u128, count: u128) -> Bits {
        Bits { place, count }
    }

    /// The `place` bit of a peg of colour `c` at peg `peg`, in a game of `colors` colours.
    #[inline(always)]
    pub(crate) fn place_bit(peg: usize, c: u8, colors: u8) -> u128 {
        1 << (peg * usize::from(colors) + usize::from(c))
    }

    /// The `place` set.
    #[inline(always)]
    pub(crate) fn place(&self) -> u128 {
        self.place
    }

    /// The same colours with no peg placed: scored against a secret, its feedback has no black and the code's
    /// colour matches as its total, which is all that every arrangement of these colours has in common.
    pub(crate) fn colours_only(&self) -> Bits {
        Bits {
            place: 0,
            count: self.count,
        }
    }

    /// The `count` set.
    #[inline(always)]
    pub(crate) fn count(&self) -> u128 {
        self.count
    }

    /// How many colours `self` shares with a code whose `count` set is `count`: its feedback's total, blacks and
    /// whites together.
    #[inline(always)]
    pub(crate) fn shared_colours(&self, count: u128) -> usize {
        (self.count & count).count_ones() as usize
    }

    /// The colour at each of the first `pegs` pegs, [`UNPLACED`] where none is (all of them in a code of colours
    /// only), in a game of `colors` colours.
    pub(crate) fn colours_at(&self, pegs: usize, colors: u8) -> [u8; 16] {
        debug_assert!(pegs <= 16);
        let mut at = [UNPLACED; 16];
        let (colors, field) = (usize::from(colors), (1u128 << colors) - 1);
        for (peg, at) in at.iter_mut().enumerate().take(pegs) {
            let colour = (self.place >> (peg * colors)) & field;
            if colour != 0 {
                *at = colour.trailing_zeros() as u8;
            }
        }
        at
    }

    /// How many pegs of each colour it holds, as (colour, pegs) for the colours it has, lowest first, and how many
    /// colours that is; in a game of `pegs` pegs and `colors` colours.
    pub(crate) fn colour_counts(&self, pegs: usize, colors: u8) -> ([(u8, u8); 16], usize) {
        let field = (1u128 << pegs) - 1;
        let mut counts = [(0, 0); 16];
        let mut kinds = 0;
        for c in 0..colors {
            let k = (self.count >> (usize::from(c) * pegs)) & field;
            if k != 0 {
                counts[kinds] = (c, k.count_ones() as u8);
                kinds += 1;
            }
        }
        (counts, kinds)
    }

    /// The two sets in word `W`, which the game must fit.
    #[inline(always)]
    pub(crate) fn words<W: Word>(&self) -> (W, W) {
        (W::narrow(self.place), W::narrow(self.count))
    }

    /// The feedback of `self` as the guess against `secret`.
    #[inline(always)]
    pub(crate) fn score(&self, secret: &Bits) -> Feedback {
        let black = (self.place & secret.place).count_ones() as u8;
        let total = (self.count & secret.count).count_ones() as u8;
        Feedback {
            black,
            white: total - black,
        }
    }
}

/// What a partition score needs of the secrets it splits ([`crate::partition::scoring`]): how many there are, and a guess's
/// classes against them, a block at a time.
pub(crate) trait Blocks {
    /// How many secrets there are.
    fn len(&self) -> usize;
    /// Calls `each(classes, left)` with the [`Feedback::index`] of `guess` against the secrets, [`BLOCK`] of them
    /// at a time (`left`: how many secrets follow the block), until it returns `false`. Returns whether it saw
    /// every block.
    fn each_block(&self, guess: &Bits, each: impl FnMut(&[u8], usize) -> bool) -> bool;
}

/// Secrets laid out for scoring one guess against many: the `place` words of all of them, then the `count`
/// words.
pub(crate) struct Lanes<W> {
    place: Vec<W>,
    count: Vec<W>,
}

impl<W: Word> Lanes<W> {
    /// Lays out `secrets`, which must fit `W`.
    pub(crate) fn new(secrets: impl Iterator<Item = Bits>) -> Lanes<W> {
        let (place, count) = secrets.map(|s| s.words::<W>()).unzip();
        Lanes { place, count }
    }

    /// How many secrets there are.
    pub(crate) fn len(&self) -> usize {
        self.place.len()
    }

    /// Calls `each(classes, left)` with the [`Feedback::index`] of `guess` against the secrets, [`BLOCK`] of
    /// them at a time (`left`: how many secrets follow the block), until it returns `false`. Returns whether it
    /// saw every block. The classes of a block are computed in one pass, which LLVM vectorises; games of at
    /// most 16 pegs have at most 153 classes, so a class fits a byte.
    #[inline(always)]
    pub(crate) fn each_block(
        &self,
        guess: (W, W),
        mut each: impl FnMut(&[u8], usize) -> bool,
    ) -> bool {
        let (gp, gc) = guess;
        let mut classes = [0u8; BLOCK];
        let n = self.len();
        for ((place, count), from) in self
            .place
            .chunks(BLOCK)
            .zip(self.count.chunks(BLOCK))
            .zip((0..n).step_by(BLOCK))
        {
            let block = &mut classes[..place.len()];
            for ((o, &p), &c) in block.iter_mut().zip(place).zip(count) {
                *o = index_of((gp & p).ones(), (gc & c).ones()) as u8;
            }
            if !each(block, n - from - place.len()) {
                return false;
            }
        }
        true
    }
}

/// The secrets of a position laid out for scoring: in columns of colours and colour counts ([`Columns`]) where that
/// takes no more room than their bit sets (`pegs + colors` bytes against two words: 6x9, 7x7, 8x8 and every game of
/// at most 16 bytes), else in the narrowest word their game fits.
pub(crate) enum Secrets {
    Narrow(Lanes<u64>),
    Wide(Lanes<u128>),
    Columns(Columns, Shape),
}

/// How many of `pegs` have each colour they hold, as (colour, pegs) in the order the colours first appear, and how
/// many colours that is ([`Bits::colour_counts`] from the pegs, in as many steps as there are pegs).
#[inline(always)]
fn counted(pegs: &[u8]) -> ([(u8, u8); 16], usize) {
    let mut counts = [(0, 0); 16];
    let mut kinds = 0;
    // Where each colour is in `counts`, plus one (0: not met yet).
    let mut slot = [0u8; 64];
    for &c in pegs {
        let at = &mut slot[usize::from(c)];
        if *at == 0 {
            counts[kinds] = (c, 0);
            kinds += 1;
            *at = kinds as u8;
        }
        counts[usize::from(*at) - 1].1 += 1;
    }
    (counts, kinds)
}

/// Positions of at least this many secrets are laid out in columns where their game allows ([`Secrets::new`]).
/// Natively, below it a guess's set-up costs more than the columns save; in WebAssembly, whose population count takes
/// a word at a time, columns win from a second block on (measured with `mastermind bench-feedback` and
/// `tests/bench/feedback.mjs` at 6x9 and these sizes: docs/notebook.md).
#[cfg(target_arch = "wasm32")]
const COLUMNS_FROM: usize = 17;
#[cfg(not(target_arch = "wasm32"))]
const COLUMNS_FROM: usize = 256;

/// A game's pegs and colours, as [`Secrets::Columns`] decodes a guess with them.
#[derive(Clone, Copy)]
pub(crate) struct Shape {
    pegs: usize,
    colors: u8,
}

impl Shape {
    /// `guess`'s colour at each peg, how many pegs it places (none for a code of colours only), and how many pegs of
    /// each colour it holds with how many colours that is ([`crate::kernel::columns::Columns::each_block`]'s arguments). Not
    /// inlined into each scan: the worker's download has a budget.
    #[inline(never)]
    fn spread(&self, guess: &Bits) -> ([u8; 16], usize, [(u8, u8); 16], usize) {
        let Shape { pegs, colors } = *self;
        let at = guess.colours_at(pegs, colors);
        if guess.place == 0 {
            let (counts, kinds) = guess.colour_counts(pegs, colors);
            return (at, 0, counts, kinds);
        }
        let (counts, kinds) = counted(&at[..pegs]);
        (at, pegs, counts, kinds)
    }
}

impl Secrets {
    /// Lays out `secrets`, codes of `spec`.
    pub(crate) fn new(spec: &Spec, secrets: impl ExactSizeIterator<Item = Bits>) -> Secrets {
        let (pegs, colors) = (usize::from(spec.pegs), spec.colors);
        let narrow = fits(spec, u64::BITS);
        let word_bytes = if narrow { 8 } else { 16 };
        if pegs + usize::from(colors) <= 2 * word_bytes && secrets.len() >= COLUMNS_FROM {
            let columns = Columns::new(
                pegs,
                usize::from(colors),
                secrets.map(|s| s.colours_at(pegs, colors)),
            );
            Secrets::Columns(columns, Shape { pegs, colors })
        } else if narrow {
            Secrets::Narrow(Lanes::new(secrets))
        } else {
            Secrets::Wide(Lanes::new(secrets))
        }
    }

    /// How many secrets there are.
    pub(crate) fn len(&self) -> usize {
        match self {
            Secrets::Narrow(lanes) => lanes.len(),
            Secrets::Wide(lanes) => lanes.len(),
            Secrets::Columns(columns, _) => columns.len(),
        }
    }

    /// [`Lanes::each_block`] for `guess`.
    #[inline(always)]
    pub(crate) fn each_block(&self, guess: &Bits, each: impl FnMut(&[u8], usize) -> bool) -> bool {
        match self {
            Secrets::Narrow(lanes) => lanes.each_block(guess.words(), each),
            Secrets::Wide(lanes) => lanes.each_block(guess.words(), each),
            Secrets::Columns(columns, shape) => {
                let (at, placed, counts, kinds) = shape.spread(guess);
                columns.each_block(&at[..placed], &counts[..kinds], each)
            }
        }
    }
}

impl Blocks for Secrets {
    #[inline(always)]
    fn len(&self) -> usize {
        Secrets::len(self)
    }

    #[inline(always)]
    fn each_block(&self, guess: &Bits, each: impl FnMut(&[u8], usize) -> bool) -> bool {
        Secrets::each_block(self, guess, each)
    }
}

/// Runs `kernel` compiled for AVX2 and POPCNT where the CPU has them (x86-64 from 2013 on), so that the
/// population counts are single instructions and the class pass uses 256-bit lanes; elsewhere (older x86,
/// wasm, which has simd128 at build time) the baseline build. Callers wrap whole loops over candidates, and the
/// kernels they call are `#[inline(always)]`, so that everything inside is compiled for those features.
#[inline(always)]
#[allow(unsafe_code)]
pub(crate) fn fast<R>(kernel: impl FnOnce() -> R) -> R {
    #[cfg(target_arch = "x86_64")]
    {
        #[target_feature(enable = "avx2,popcnt")]
        fn with_avx2<R>(kernel: impl FnOnce() -> R) -> R {
            kernel()
        }
        if std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("popcnt") {
            // SAFETY: calling a function compiled for CPU features is sound exactly when the CPU has them,
            // which was just checked.
            return unsafe { with_avx2(kernel) };
        }
    }
    kernel()
}

/// Secrets scored at once by [`Lanes::each_block`]: enough for SIMD lanes to pay, few enough that a caller
/// checking a bound between blocks does not score many secrets past the point where it could stop.
pub(crate) const BLOCK: usize = 32;

#[cfg(test)]
mod tests;
