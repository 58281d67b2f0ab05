//! Class sizes held in vector registers: a guess's split of secrets over at most 64 feedback classes (games of at
//! most 9 pegs), one byte lane per class ([`Tally`], at most 255 secrets; [`WideTally`] adds each block into 16-bit
//! lanes, to 32,767). Each secret adds one to its class's lane by a compare against the lane numbers, so secrets of
//! the same class never wait on each other through memory, as counts in an array do (a load that must wait for the
//! store just before it: in positions of a few secrets that tally was most of the kernel's time).
//!
//! SSE2 on x86-64 (always there; VEX-encoded where the caller runs under [`crate::bits::fast`]'s AVX2),
//! simd128 in wasm (the build enables it), sixteen plain bytes elsewhere. The intrinsics used take no pointers
//! and their features are enabled for the whole build; the one other `unsafe` reads sixteen bytes as a vector.

// SAFETY (every `unsafe` block here): the intrinsics are SSE2, which every x86-64 CPU has (the target enables it
// for the whole build), and none of them touches memory; `bytes` reads a plain 16-byte value as the same bits.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod imp {
    use std::arch::x86_64::{
        __m128i, _mm_add_epi16, _mm_cmpeq_epi8, _mm_cvtsi128_si32, _mm_max_epi16, _mm_max_epu8,
        _mm_set1_epi8, _mm_setzero_si128, _mm_srli_si128, _mm_sub_epi8, _mm_unpackhi_epi8,
        _mm_unpacklo_epi8,
    };

    pub(super) type V = __m128i;

    #[inline(always)]
    pub(super) fn zero() -> V {
        unsafe { _mm_setzero_si128() }
    }

    #[inline(always)]
    pub(super) fn bytes(b: [u8; 16]) -> V {
        unsafe { std::mem::transmute::<[u8; 16], V>(b) }
    }

    #[inline(always)]
    pub(super) fn splat(x: u8) -> V {
        unsafe { _mm_set1_epi8(x as i8) }
    }

    /// `sizes` plus one in each lane where `lanes` equals `class` (an equal lane compares to all ones, -1).
    #[inline(always)]
    pub(super) fn add_where_equal(sizes: V, lanes: V, class: V) -> V {
        unsafe { _mm_sub_epi8(sizes, _mm_cmpeq_epi8(lanes, class)) }
    }

    #[inline(always)]
    pub(super) fn max(a: V, b: V) -> V {
        unsafe { _mm_max_epu8(a, b) }
    }

    #[inline(always)]
    pub(super) fn largest(v: V) -> u8 {
        unsafe { _mm_cvtsi128_si32(fold(v, max, 1)) as u8 }
    }

    /// `v`'s lanes folded onto its lowest by `max`, halving: the high eight bytes onto the low, then four, two, and
    /// one where lanes are of one byte.
    #[inline(always)]
    fn fold(v: V, max: impl Fn(V, V) -> V, lane_bytes: usize) -> V {
        unsafe {
            let v = max(v, _mm_srli_si128::<8>(v));
            let v = max(v, _mm_srli_si128::<4>(v));
            let v = max(v, _mm_srli_si128::<2>(v));
            if lane_bytes == 1 {
                max(v, _mm_srli_si128::<1>(v))
            } else {
                v
            }
        }
    }

    /// The low eight bytes of `v` as 16-bit lanes, then the high eight.
    #[inline(always)]
    pub(super) fn widen(v: V) -> [V; 2] {
        unsafe {
            let zero = _mm_setzero_si128();
            [_mm_unpacklo_epi8(v, zero), _mm_unpackhi_epi8(v, zero)]
        }
    }

    #[inline(always)]
    pub(super) fn add16(a: V, b: V) -> V {
        unsafe { _mm_add_epi16(a, b) }
    }

    /// Lane by lane, of 16-bit lanes below 2^15.
    #[inline(always)]
    pub(super) fn max16(a: V, b: V) -> V {
        unsafe { _mm_max_epi16(a, b) }
    }

    /// The largest 16-bit lane, of lanes below 2^15.
    #[inline(always)]
    pub(super) fn largest16(v: V) -> u16 {
        unsafe { _mm_cvtsi128_si32(fold(v, max16, 2)) as u16 }
    }
}

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod imp {
    use std::arch::wasm32::{
        i8x16_shuffle, i8x16_sub, i16x8_add, u8x16_eq, u8x16_extract_lane, u8x16_max, u8x16_splat,
        u16x8_extend_high_u8x16, u16x8_extend_low_u8x16, u16x8_extract_lane, u16x8_max, v128,
    };

    pub(super) type V = v128;

    #[inline(always)]
    pub(super) fn zero() -> V {
        u8x16_splat(0)
    }

    #[inline(always)]
    #[allow(unsafe_code)]
    pub(super) fn bytes(b: [u8; 16]) -> V {
        // SAFETY: a plain 16-byte value as the vector of the same bits.
        unsafe { std::mem::transmute::<[u8; 16], V>(b) }
    }

    #[inline(always)]
    pub(super) fn splat(x: u8) -> V {
        u8x16_splat(x)
    }

    /// `sizes` plus one in each lane where `lanes` equals `class` (an equal lane compares to all ones, -1).
    #[inline(always)]
    pub(super) fn add_where_equal(sizes: V, lanes: V, class: V) -> V {
        i8x16_sub(sizes, u8x16_eq(lanes, class))
    }

    #[inline(always)]
    pub(super) fn max(a: V, b: V) -> V {
        u8x16_max(a, b)
    }

    #[inline(always)]
    pub(super) fn largest(v: V) -> u8 {
        u8x16_extract_lane::<0>(fold(v, max, 1))
    }

    /// `v`'s lanes folded onto its lowest by `max`, halving: the high eight bytes onto the low, then four, two, and
    /// one where lanes are of one byte.
    #[inline(always)]
    fn fold(v: V, max: impl Fn(V, V) -> V, lane_bytes: usize) -> V {
        let v = max(
            v,
            i8x16_shuffle::<8, 9, 10, 11, 12, 13, 14, 15, 0, 0, 0, 0, 0, 0, 0, 0>(v, v),
        );
        let v = max(
            v,
            i8x16_shuffle::<4, 5, 6, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>(v, v),
        );
        let v = max(
            v,
            i8x16_shuffle::<2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>(v, v),
        );
        if lane_bytes == 1 {
            max(
                v,
                i8x16_shuffle::<1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>(v, v),
            )
        } else {
            v
        }
    }

    /// The low eight bytes of `v` as 16-bit lanes, then the high eight.
    #[inline(always)]
    pub(super) fn widen(v: V) -> [V; 2] {
        [u16x8_extend_low_u8x16(v), u16x8_extend_high_u8x16(v)]
    }

    #[inline(always)]
    pub(super) fn add16(a: V, b: V) -> V {
        i16x8_add(a, b)
    }

    /// Lane by lane, of 16-bit lanes below 2^15.
    #[inline(always)]
    pub(super) fn max16(a: V, b: V) -> V {
        u16x8_max(a, b)
    }

    /// The largest 16-bit lane, of lanes below 2^15.
    #[inline(always)]
    pub(super) fn largest16(v: V) -> u16 {
        u16x8_extract_lane::<0>(fold(v, max16, 2))
    }
}

#[cfg(not(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
)))]
mod imp {
    pub(super) type V = [u8; 16];

    #[inline(always)]
    pub(super) fn zero() -> V {
        [0; 16]
    }

    #[inline(always)]
    pub(super) fn bytes(b: [u8; 16]) -> V {
        b
    }

    #[inline(always)]
    pub(super) fn splat(x: u8) -> V {
        [x; 16]
    }

    #[inline(always)]
    pub(super) fn add_where_equal(sizes: V, lanes: V, class: V) -> V {
        std::array::from_fn(|k| sizes[k] + u8::from(lanes[k] == class[k]))
    }

    #[inline(always)]
    pub(super) fn max(a: V, b: V) -> V {
        std::array::from_fn(|k| a[k].max(b[k]))
    }

    #[inline(always)]
    pub(super) fn largest(v: V) -> u8 {
        v.into_iter().max().unwrap_or(0)
    }

    /// 16-bit lane `k` of `v`, little-endian byte pairs.
    fn lane16(v: V, k: usize) -> u16 {
        u16::from_le_bytes([v[2 * k], v[2 * k + 1]])
    }

    fn from16(f: impl Fn(usize) -> u16) -> V {
        let mut v = [0; 16];
        for k in 0..8 {
            v[2 * k..2 * k + 2].copy_from_slice(&f(k).to_le_bytes());
        }
        v
    }

    /// The low eight bytes of `v` as 16-bit lanes, then the high eight.
    #[inline(always)]
    pub(super) fn widen(v: V) -> [V; 2] {
        [from16(|k| u16::from(v[k])), from16(|k| u16::from(v[8 + k]))]
    }

    #[inline(always)]
    pub(super) fn add16(a: V, b: V) -> V {
        from16(|k| lane16(a, k) + lane16(b, k))
    }

    #[inline(always)]
    pub(super) fn max16(a: V, b: V) -> V {
        from16(|k| lane16(a, k).max(lane16(b, k)))
    }

    #[inline(always)]
    pub(super) fn largest16(v: V) -> u16 {
        (0..8).map(|k| lane16(v, k)).max().unwrap_or(0)
    }
}

/// Class sizes counted a block of secrets at a time, for [`crate::bits::Lanes::each_block`]'s callers.
pub(crate) trait Sizes {
    /// One more secret in `class` (below the tally's number of classes).
    fn add(&mut self, class: u8);
    /// Ends a block of at most 255 secrets; returns the size of the largest class so far.
    fn end_block(&mut self) -> u16;
}

/// The sizes of `16 * K` classes, numbered from 0, in byte lanes: at most [`TALLY_MOST`] secrets in all.
#[derive(Clone, Copy)]
pub(crate) struct Tally<const K: usize> {
    /// Each lane's class number.
    numbers: [imp::V; K],
    sizes: [imp::V; K],
}

/// Secrets a [`Tally`] can count: a class of them all still fits a byte.
pub(crate) const TALLY_MOST: usize = 255;

impl<const K: usize> Tally<K> {
    /// Classes a tally of `K` vectors has lanes for.
    pub(crate) const CLASSES: usize = 16 * K;

    /// Every class empty.
    #[inline(always)]
    pub(crate) fn new() -> Self {
        Tally {
            numbers: std::array::from_fn(|k| {
                imp::bytes(std::array::from_fn(|i| (16 * k + i) as u8))
            }),
            sizes: [imp::zero(); K],
        }
    }
}

impl<const K: usize> Sizes for Tally<K> {
    #[inline(always)]
    fn add(&mut self, class: u8) {
        let class = imp::splat(class);
        for (size, &numbers) in self.sizes.iter_mut().zip(&self.numbers) {
            *size = imp::add_where_equal(*size, numbers, class);
        }
    }

    #[inline(always)]
    fn end_block(&mut self) -> u16 {
        let all = self.sizes[1..]
            .iter()
            .fold(self.sizes[0], |a, &b| imp::max(a, b));
        u16::from(imp::largest(all))
    }
}

/// The sizes of `16 * K` classes of up to [`WIDE_TALLY_MOST`] secrets: a byte [`Tally`] for each block, added into
/// 16-bit lanes as the block ends.
#[derive(Clone, Copy)]
pub(crate) struct WideTally<const K: usize> {
    block: Tally<K>,
    sums: [[imp::V; 2]; K],
}

/// Secrets a [`WideTally`] can count: a class of them all still fits a 16-bit lane (taken as signed by SSE2's
/// maximum).
pub(crate) const WIDE_TALLY_MOST: usize = 32_767;

impl<const K: usize> WideTally<K> {
    /// Every class empty.
    #[inline(always)]
    pub(crate) fn new() -> Self {
        WideTally {
            block: Tally::new(),
            sums: [[imp::zero(); 2]; K],
        }
    }
}

impl<const K: usize> Sizes for WideTally<K> {
    #[inline(always)]
    fn add(&mut self, class: u8) {
        self.block.add(class);
    }

    #[inline(always)]
    fn end_block(&mut self) -> u16 {
        let mut all = imp::zero();
        for (sums, block) in self.sums.iter_mut().zip(&mut self.block.sizes) {
            for (sum, part) in sums.iter_mut().zip(imp::widen(*block)) {
                *sum = imp::add16(*sum, part);
                all = imp::max16(all, *sum);
            }
            *block = imp::zero();
        }
        imp::largest16(all)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_class_is_counted_in_every_lane() {
        for class in 0..64u8 {
            let mut tally = Tally::<4>::new();
            // 100 secrets: classes 0..36 get two, the others one; then `class` gets 155 more (255 in all).
            for k in 0..100u8 {
                tally.add(k % 64);
            }
            for _ in 0..155 {
                tally.add(class);
            }
            let expected = if class < 36 { 2 + 155 } else { 1 + 155 };
            assert_eq!(tally.end_block(), expected, "class {class}");
        }
        let mut small = Tally::<2>::new();
        assert_eq!(small.end_block(), 0);
        for class in [31, 0, 31, 17] {
            small.add(class);
        }
        assert_eq!(small.end_block(), 2);
        assert_eq!(Tally::<2>::CLASSES, 32);
        assert_eq!(TALLY_MOST, usize::from(u8::MAX));
    }

    #[test]
    fn a_wide_tally_adds_up_blocks_past_a_byte() {
        for class in [0u8, 7, 8, 15, 16, 31, 32, 47, 63] {
            let mut wide = WideTally::<4>::new();
            let mut plain = [0u16; 64];
            let mut largest = 0;
            // 128 blocks of 255: class `class` gets 100 of each block, the others the rest in turn.
            for block in 0..128u32 {
                for k in 0..255u32 {
                    let c = if k < 100 {
                        class
                    } else {
                        ((block * 7 + k) % 64) as u8
                    };
                    wide.add(c);
                    plain[usize::from(c)] += 1;
                }
                largest = wide.end_block();
                assert_eq!(
                    largest,
                    *plain.iter().max().unwrap(),
                    "class {class}, block {block}"
                );
            }
            assert!(usize::from(largest) <= WIDE_TALLY_MOST);
            assert!(largest >= 12_800);
        }
    }
}
