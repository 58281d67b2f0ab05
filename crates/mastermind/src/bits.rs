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
//! listed code is stored in 128 bits and scored in the narrowest [`Word`] its game fits.

use std::ops::BitAnd;

use crate::feedback::index_of;
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

/// Whether a listed code of `spec` keeps its bit sets in two `u64` rather than two `u128` ([`crate::listed`]; its
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

/// What a partition score needs of the secrets it splits ([`crate::scoring`]): how many there are, and a guess's
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

/// The secrets of a position laid out in the narrowest word their game fits.
pub(crate) enum Secrets {
    Narrow(Lanes<u64>),
    Wide(Lanes<u128>),
}

impl Secrets {
    /// Lays out `secrets`, codes of `spec`.
    pub(crate) fn new(spec: &Spec, secrets: impl Iterator<Item = Bits>) -> Secrets {
        if fits(spec, u64::BITS) {
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
        }
    }

    /// [`Lanes::each_block`] for `guess`.
    #[inline(always)]
    pub(crate) fn each_block(&self, guess: &Bits, each: impl FnMut(&[u8], usize) -> bool) -> bool {
        match self {
            Secrets::Narrow(lanes) => lanes.each_block(guess.words(), each),
            Secrets::Wide(lanes) => lanes.each_block(guess.words(), each),
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
mod tests {
    use super::*;
    use crate::score_reference;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn bits_score_equals_reference((g, s, colors) in (1usize..=16, 2u8..=8).prop_flat_map(|(p, c)| {
            (prop::collection::vec(0..c, p), prop::collection::vec(0..c, p), Just(c))
        })) {
            let (gb, sb) = (Bits::new(&g, colors), Bits::new(&s, colors));
            let expected = score_reference(&g, &s);
            prop_assert_eq!(gb.score(&sb), expected);
            let class = |lanes_wide: bool| {
                let mut seen = Vec::new();
                let mut each = |block: &[u8], _| { seen.extend_from_slice(block); true };
                if lanes_wide {
                    Lanes::<u128>::new([sb].into_iter()).each_block(gb.words(), &mut each);
                } else {
                    Lanes::<u64>::new([sb].into_iter()).each_block(gb.words(), &mut each);
                }
                seen
            };
            prop_assert_eq!(class(true), vec![expected.index() as u8]);
            if g.len() * usize::from(colors) <= 64 {
                prop_assert_eq!(class(false), vec![expected.index() as u8]);
            }
        }
    }

    #[test]
    fn the_avx2_build_of_a_loop_gives_what_the_baseline_build_gives() {
        // Where the CPU has AVX2, `fast` runs the loop compiled for it (as far as LLVM inlines it there); called
        // directly, the same loop is compiled for the baseline target. Both must see the reference's classes.
        let spec = Spec::new(5, 8, true).unwrap();
        let mut state = 7u64;
        let mut code = || -> Bits {
            let pegs: Vec<u8> = (0..5)
                .map(|_| {
                    state = state
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1);
                    (state >> 59) as u8 % 8
                })
                .collect();
            Bits::new(&pegs, 8)
        };
        let secrets: Vec<Bits> = (0..100).map(|_| code()).collect();
        let guesses: Vec<Bits> = (0..50).map(|_| code()).collect();
        let lanes = Secrets::new(&spec, secrets.iter().copied());
        let classes = |guess: &Bits| {
            let mut seen = Vec::new();
            lanes.each_block(guess, |block, _| {
                seen.extend_from_slice(block);
                true
            });
            seen
        };
        let baseline: Vec<Vec<u8>> = guesses.iter().map(classes).collect();
        let fast_build: Vec<Vec<u8>> = fast(
            #[inline(always)]
            || guesses.iter().map(classes).collect(),
        );
        assert_eq!(fast_build, baseline);
        let reference: Vec<Vec<u8>> = guesses
            .iter()
            .map(|g| secrets.iter().map(|s| g.score(s).index() as u8).collect())
            .collect();
        assert_eq!(baseline, reference);
    }

    #[test]
    fn widest_listed_game_fits() {
        // 4 pegs of 17 colours without repeats is the only listed game over 64 bits.
        let g = [16u8, 15, 14, 13];
        let s = [13u8, 15, 0, 16];
        assert_eq!(
            Bits::new(&g, 17).score(&Bits::new(&s, 17)),
            Feedback { black: 1, white: 2 }
        );
        let all = [7u8; 16];
        assert_eq!(
            Bits::new(&all, 8).score(&Bits::new(&all, 8)),
            Feedback {
                black: 16,
                white: 0
            }
        );
    }
}
