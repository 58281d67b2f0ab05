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
    /// Byte `i` is peg `i`'s colour plus one (0 marks an unused byte).
    pegs: u128,
    /// Byte `c` is how many pegs have colour `c`.
    counts: [u8; 32],
}

/// 0x7f in every byte.
const LOW7: u128 = u128::from_ne_bytes([0x7f; 16]);

impl Packed {
    /// Packs `pegs` (at most 16, colours below 32).
    pub(crate) fn new(pegs: &[u8]) -> Packed {
        let mut bytes = [0u8; 16];
        let mut counts = [0u8; 32];
        for (b, &c) in bytes.iter_mut().zip(pegs) {
            *b = c + 1;
            counts[usize::from(c & 31)] += 1;
        }
        Packed {
            pegs: u128::from_le_bytes(bytes),
            counts,
        }
    }

    /// Packs a code.
    pub(crate) fn of(code: &Code) -> Packed {
        Packed::new(code.pegs())
    }

    /// Scores `self` (the guess) against `secret`, both of `pegs` pegs.
    #[inline]
    pub(crate) fn score(&self, secret: &Packed, pegs: u8) -> Feedback {
        // Exact zero-byte test: the high bit of a byte of `zero` is set iff that byte of `x` is 0.
        let x = self.pegs ^ secret.pegs;
        let zero = !(((x & LOW7).wrapping_add(LOW7)) | x | LOW7);
        // Unused bytes (beyond `pegs`) are 0 in both codes, so they count as equal: take them off.
        let black = zero.count_ones() as u8 - (MAX_PACKED_PEGS - pegs);
        let total: u8 = self
            .counts
            .iter()
            .zip(&secret.counts)
            .map(|(a, b)| (*a).min(*b))
            .sum();
        Feedback {
            black,
            white: total - black,
        }
    }
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
            let fast = Packed::new(&g).score(&Packed::new(&s), g.len() as u8);
            prop_assert_eq!(fast, score_reference(&g, &s));
        }
    }

    #[test]
    fn extremes() {
        let all_same = [19u8; 16];
        let p = Packed::new(&all_same);
        assert_eq!(
            p.score(&p, 16),
            Feedback {
                black: 16,
                white: 0
            }
        );
        let other = [0u8; 16];
        assert_eq!(
            p.score(&Packed::new(&other), 16),
            Feedback { black: 0, white: 0 }
        );
        let rotated: Vec<u8> = (0..16u8).map(|i| (i + 1) % 16).collect();
        let straight: Vec<u8> = (0..16u8).collect();
        assert_eq!(
            Packed::new(&rotated).score(&Packed::new(&straight), 16),
            Feedback {
                black: 0,
                white: 16
            }
        );
    }
}
