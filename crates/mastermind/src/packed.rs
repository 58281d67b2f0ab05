//! Codes packed for fast scoring: pegs as the bytes of a `u128` and colour counts as 32 bytes, so that one
//! feedback is a handful of word operations and one 32-lane minimum-and-sum, with no branches and no memory
//! beyond the two packed codes. LLVM turns the colour loop into SIMD (SSE2 natively, simd128 in wasm when the
//! build enables it) and it stays correct without SIMD.

use crate::{Code, Feedback};

/// Most pegs a packed code holds.
pub(crate) const MAX_PACKED_PEGS: u8 = 16;

/// A code of at most 16 pegs and 32 colours, packed for [`Packed::score`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Packed {
    /// Bytes of pegs 0-7 and 8-15: each peg's colour plus one (0 marks an unused byte).
    pegs: [u64; 2],
    /// Byte `c` is how many pegs have colour `c`.
    counts: [u8; 32],
}

/// 0x7f in every byte.
const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
/// 0x01 in every byte.
const ONES: u64 = 0x0101_0101_0101_0101;

/// How many bytes of `x` are zero, exactly, in a few word operations (no popcount instruction needed).
#[inline(always)]
fn zero_bytes(x: u64) -> u32 {
    // The high bit of a byte of `z` is set iff that byte of `x` is 0 (no carries between bytes), so
    // `z >> 7` has 1 in those bytes and 0 elsewhere, and a multiply adds them all into the top byte.
    let z = !(((x & LOW7).wrapping_add(LOW7)) | x | LOW7);
    ((z >> 7).wrapping_mul(ONES) >> 56) as u32
}

impl Packed {
    /// Packs `pegs` (at most 16, colours below 32).
    pub(crate) fn new(pegs: &[u8]) -> Packed {
        let mut bytes = [0u8; 16];
        let mut counts = [0u8; 32];
        for (b, &c) in bytes.iter_mut().zip(pegs) {
            *b = c + 1;
            counts[usize::from(c & 31)] += 1;
        }
        let (lo, hi) = bytes.split_at(8);
        let word = |b: &[u8]| b.iter().rev().fold(0u64, |w, &x| (w << 8) | u64::from(x));
        Packed {
            pegs: [word(lo), word(hi)],
            counts,
        }
    }

    /// Packs a code.
    pub(crate) fn of(code: &Code) -> Packed {
        Packed::new(code.pegs())
    }

    /// Scores `self` (the guess) against `secret`, both of `pegs` pegs. `narrow` (at most 16 colours) halves
    /// the colour work; hot loops take it out of the loop with [`Packed::score_in`].
    #[inline(always)]
    pub(crate) fn score(&self, secret: &Packed, pegs: u8, narrow: bool) -> Feedback {
        if narrow {
            self.score_in::<16>(secret, pegs)
        } else {
            self.score_in::<32>(secret, pegs)
        }
    }

    /// [`Packed::score`] with the number of colour lanes fixed at compile time (16 for games of at most 16
    /// colours, else 32), so the colour minimum-and-sum is one or two SIMD operations and a horizontal sum.
    #[inline(always)]
    pub(crate) fn score_in<const LANES: usize>(&self, secret: &Packed, pegs: u8) -> Feedback {
        let (black, total) = self.black_total::<LANES>(secret, pegs);
        Feedback {
            black,
            white: total - black,
        }
    }

    /// [`Feedback::index`] of [`Packed::score_in`], without building the feedback.
    #[inline(always)]
    pub(crate) fn class_in<const LANES: usize>(&self, secret: &Packed, pegs: u8) -> usize {
        let (black, total) = self.black_total::<LANES>(secret, pegs);
        let t = usize::from(total);
        t * (t + 1) / 2 + usize::from(black)
    }

    /// Blacks and total colour matches.
    #[inline(always)]
    fn black_total<const LANES: usize>(&self, secret: &Packed, pegs: u8) -> (u8, u8) {
        let equal =
            zero_bytes(self.pegs[0] ^ secret.pegs[0]) + zero_bytes(self.pegs[1] ^ secret.pegs[1]);
        // Unused bytes (beyond `pegs`) are 0 in both codes, so they count as equal: take them off.
        let black = equal as u8 - (MAX_PACKED_PEGS - pegs);
        (black, min_sum::<LANES>(&self.counts, &secret.counts))
    }
}

/// The sum over the first `LANES` colours of the smaller of two counts: the colour matches.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
#[inline(always)]
fn min_sum<const LANES: usize>(a: &[u8; 32], b: &[u8; 32]) -> u8 {
    // LLVM makes this a byte-wise minimum and a sum of absolute differences against zero (SSE2).
    a[..LANES]
        .iter()
        .zip(&b[..LANES])
        .map(|(a, b)| (*a).min(*b))
        .fold(0u8, |t, m| t.wrapping_add(m))
}

/// [`min_sum`] in wasm SIMD: LLVM's own horizontal byte sum there is a long shuffle sequence, so it is
/// written out: one minimum per 16 lanes, then two pairwise widening adds and four lane reads.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline(always)]
fn min_sum<const LANES: usize>(a: &[u8; 32], b: &[u8; 32]) -> u8 {
    use core::arch::wasm32::{
        i16x8_extadd_pairwise_u8x16, i32x4_extadd_pairwise_i16x8, i32x4_extract_lane, u8x16,
        u8x16_add, u8x16_min, v128,
    };
    let load = |x: &[u8]| -> v128 {
        u8x16(
            x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7], x[8], x[9], x[10], x[11], x[12], x[13],
            x[14], x[15],
        )
    };
    let mut m = u8x16_min(load(&a[..16]), load(&b[..16]));
    if LANES > 16 {
        // Counts are at most 16 per lane, so two lanes' sum still fits a byte.
        m = u8x16_add(m, u8x16_min(load(&a[16..]), load(&b[16..])));
    }
    let s = i32x4_extadd_pairwise_i16x8(i16x8_extadd_pairwise_u8x16(m));
    (i32x4_extract_lane::<0>(s)
        + i32x4_extract_lane::<1>(s)
        + i32x4_extract_lane::<2>(s)
        + i32x4_extract_lane::<3>(s)) as u8
}

/// Whether a game's colours fit the narrow (16-lane) colour count.
pub(crate) fn narrow(colors: u8) -> bool {
    colors <= 16
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score_reference;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn packed_score_equals_reference((g, s) in (1usize..=16, 2u8..=20).prop_flat_map(|(p, c)| {
            (prop::collection::vec(0..c, p), prop::collection::vec(0..c, p))
        })) {
            let colors = g.iter().chain(&s).max().map_or(1, |m| m + 1);
            let fast = Packed::new(&g).score(&Packed::new(&s), g.len() as u8, narrow(colors));
            prop_assert_eq!(fast, score_reference(&g, &s));
            prop_assert_eq!(Packed::new(&g).score(&Packed::new(&s), g.len() as u8, false), fast);
        }
    }

    #[test]
    fn extremes() {
        let all_same = [19u8; 16];
        let p = Packed::new(&all_same);
        assert_eq!(
            p.score(&p, 16, false),
            Feedback {
                black: 16,
                white: 0
            }
        );
        let other = [0u8; 16];
        assert_eq!(
            p.score(&Packed::new(&other), 16, false),
            Feedback { black: 0, white: 0 }
        );
        let rotated: Vec<u8> = (0..16u8).map(|i| (i + 1) % 16).collect();
        let straight: Vec<u8> = (0..16u8).collect();
        assert_eq!(
            Packed::new(&rotated).score(&Packed::new(&straight), 16, true),
            Feedback {
                black: 0,
                white: 16
            }
        );
    }
}
