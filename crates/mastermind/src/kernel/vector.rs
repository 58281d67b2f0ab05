//! Sixteen byte lanes, the vector operations the scoring kernels share ([`crate::kernel::tally`], [`crate::kernel::columns`]): SSE2
//! on x86-64 (always there; VEX-encoded where the caller runs under [`crate::kernel::bits::fast`]'s AVX2), simd128 in wasm
//! (the build enables it), sixteen plain bytes elsewhere. The intrinsics used take no pointers and their features are
//! enabled for the whole build; the two other `unsafe` read sixteen bytes as a vector and back.

// SAFETY (every `unsafe` block here): the intrinsics are SSE2, which every x86-64 CPU has (the target enables it
// for the whole build), and none of them touches memory; `bytes` and `to_bytes` read a plain 16-byte value as the
// same bits.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod imp {
    use std::arch::x86_64::{
        __m128i, _mm_add_epi8, _mm_add_epi16, _mm_cmpeq_epi8, _mm_cvtsi128_si32, _mm_max_epi16,
        _mm_max_epu8, _mm_min_epu8, _mm_movemask_epi8, _mm_mullo_epi16, _mm_packus_epi16,
        _mm_set1_epi8, _mm_set1_epi16, _mm_setzero_si128, _mm_srli_epi16, _mm_srli_si128,
        _mm_sub_epi8, _mm_unpackhi_epi8, _mm_unpacklo_epi8,
    };

    pub(crate) type V = __m128i;

    #[inline(always)]
    pub(crate) fn zero() -> V {
        unsafe { _mm_setzero_si128() }
    }

    #[inline(always)]
    pub(crate) fn bytes(b: [u8; 16]) -> V {
        unsafe { std::mem::transmute::<[u8; 16], V>(b) }
    }

    #[inline(always)]
    pub(crate) fn splat(x: u8) -> V {
        unsafe { _mm_set1_epi8(x as i8) }
    }

    #[inline(always)]
    pub(crate) fn to_bytes(v: V) -> [u8; 16] {
        unsafe { std::mem::transmute::<V, [u8; 16]>(v) }
    }

    /// Lane by lane, wrapping.
    #[inline(always)]
    pub(crate) fn add(a: V, b: V) -> V {
        unsafe { _mm_add_epi8(a, b) }
    }

    /// Lane by lane, unsigned.
    #[inline(always)]
    pub(crate) fn min(a: V, b: V) -> V {
        unsafe { _mm_min_epu8(a, b) }
    }

    /// `t (t + 1) / 2` in each lane, of lanes `t` at most 21 (in 16-bit lanes, packed back).
    #[inline(always)]
    pub(crate) fn triangle(t: V) -> V {
        unsafe {
            let zero = _mm_setzero_si128();
            let one = _mm_set1_epi16(1);
            let half = |w: V| _mm_srli_epi16::<1>(_mm_mullo_epi16(w, _mm_add_epi16(w, one)));
            _mm_packus_epi16(
                half(_mm_unpacklo_epi8(t, zero)),
                half(_mm_unpackhi_epi8(t, zero)),
            )
        }
    }

    /// `sizes` plus one in each lane where `lanes` equals `class` (an equal lane compares to all ones, -1).
    #[inline(always)]
    pub(crate) fn add_where_equal(sizes: V, lanes: V, class: V) -> V {
        unsafe { _mm_sub_epi8(sizes, _mm_cmpeq_epi8(lanes, class)) }
    }

    #[inline(always)]
    pub(crate) fn max(a: V, b: V) -> V {
        unsafe { _mm_max_epu8(a, b) }
    }

    #[inline(always)]
    pub(crate) fn largest(v: V) -> u8 {
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
    pub(crate) fn widen(v: V) -> [V; 2] {
        unsafe {
            let zero = _mm_setzero_si128();
            [_mm_unpacklo_epi8(v, zero), _mm_unpackhi_epi8(v, zero)]
        }
    }

    #[inline(always)]
    pub(crate) fn add16(a: V, b: V) -> V {
        unsafe { _mm_add_epi16(a, b) }
    }

    /// Lane by lane, of 16-bit lanes below 2^15.
    #[inline(always)]
    pub(crate) fn max16(a: V, b: V) -> V {
        unsafe { _mm_max_epi16(a, b) }
    }

    /// The largest 16-bit lane, of lanes below 2^15.
    #[inline(always)]
    pub(crate) fn largest16(v: V) -> u16 {
        unsafe { _mm_cvtsi128_si32(fold(v, max16, 2)) as u16 }
    }

    /// A bit for each lane of `a` equal to `b`'s.
    #[inline(always)]
    pub(crate) fn mask_where_equal(a: V, b: V) -> u32 {
        unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(a, b)) as u32 }
    }
}

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod imp {
    use std::arch::wasm32::{
        i8x16_add, i8x16_shuffle, i8x16_sub, i16x8_add, i16x8_mul, i16x8_splat, u8x16_bitmask,
        u8x16_eq, u8x16_extract_lane, u8x16_max, u8x16_min, u8x16_narrow_i16x8, u8x16_splat,
        u16x8_extend_high_u8x16, u16x8_extend_low_u8x16, u16x8_extract_lane, u16x8_max, u16x8_shr,
        v128,
    };

    pub(crate) type V = v128;

    #[inline(always)]
    pub(crate) fn zero() -> V {
        u8x16_splat(0)
    }

    #[inline(always)]
    #[allow(unsafe_code)]
    pub(crate) fn bytes(b: [u8; 16]) -> V {
        // SAFETY: a plain 16-byte value as the vector of the same bits.
        unsafe { std::mem::transmute::<[u8; 16], V>(b) }
    }

    #[inline(always)]
    pub(crate) fn splat(x: u8) -> V {
        u8x16_splat(x)
    }

    #[inline(always)]
    #[allow(unsafe_code)]
    pub(crate) fn to_bytes(v: V) -> [u8; 16] {
        // SAFETY: a vector as the plain 16-byte value of the same bits.
        unsafe { std::mem::transmute::<V, [u8; 16]>(v) }
    }

    /// Lane by lane, wrapping.
    #[inline(always)]
    pub(crate) fn add(a: V, b: V) -> V {
        i8x16_add(a, b)
    }

    /// Lane by lane, unsigned.
    #[inline(always)]
    pub(crate) fn min(a: V, b: V) -> V {
        u8x16_min(a, b)
    }

    /// `t (t + 1) / 2` in each lane, of lanes `t` at most 21 (in 16-bit lanes, packed back).
    #[inline(always)]
    pub(crate) fn triangle(t: V) -> V {
        let half = |w: V| u16x8_shr(i16x8_mul(w, i16x8_add(w, i16x8_splat(1))), 1);
        u8x16_narrow_i16x8(
            half(u16x8_extend_low_u8x16(t)),
            half(u16x8_extend_high_u8x16(t)),
        )
    }

    /// `sizes` plus one in each lane where `lanes` equals `class` (an equal lane compares to all ones, -1).
    #[inline(always)]
    pub(crate) fn add_where_equal(sizes: V, lanes: V, class: V) -> V {
        i8x16_sub(sizes, u8x16_eq(lanes, class))
    }

    #[inline(always)]
    pub(crate) fn max(a: V, b: V) -> V {
        u8x16_max(a, b)
    }

    #[inline(always)]
    pub(crate) fn largest(v: V) -> u8 {
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
    pub(crate) fn widen(v: V) -> [V; 2] {
        [u16x8_extend_low_u8x16(v), u16x8_extend_high_u8x16(v)]
    }

    #[inline(always)]
    pub(crate) fn add16(a: V, b: V) -> V {
        i16x8_add(a, b)
    }

    /// Lane by lane, of 16-bit lanes below 2^15.
    #[inline(always)]
    pub(crate) fn max16(a: V, b: V) -> V {
        u16x8_max(a, b)
    }

    /// The largest 16-bit lane, of lanes below 2^15.
    #[inline(always)]
    pub(crate) fn largest16(v: V) -> u16 {
        u16x8_extract_lane::<0>(fold(v, max16, 2))
    }

    /// A bit for each lane of `a` equal to `b`'s.
    #[inline(always)]
    pub(crate) fn mask_where_equal(a: V, b: V) -> u32 {
        u32::from(u8x16_bitmask(u8x16_eq(a, b)))
    }
}

#[cfg(not(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
)))]
mod imp {
    pub(crate) type V = [u8; 16];

    #[inline(always)]
    pub(crate) fn zero() -> V {
        [0; 16]
    }

    #[inline(always)]
    pub(crate) fn bytes(b: [u8; 16]) -> V {
        b
    }

    #[inline(always)]
    pub(crate) fn splat(x: u8) -> V {
        [x; 16]
    }

    #[inline(always)]
    pub(crate) fn to_bytes(v: V) -> [u8; 16] {
        v
    }

    /// Lane by lane, wrapping.
    #[inline(always)]
    pub(crate) fn add(a: V, b: V) -> V {
        std::array::from_fn(|k| a[k].wrapping_add(b[k]))
    }

    /// Lane by lane, unsigned.
    #[inline(always)]
    pub(crate) fn min(a: V, b: V) -> V {
        std::array::from_fn(|k| a[k].min(b[k]))
    }

    /// `t (t + 1) / 2` in each lane, of lanes `t` at most 21.
    #[inline(always)]
    pub(crate) fn triangle(t: V) -> V {
        t.map(|t| (u16::from(t) * (u16::from(t) + 1) / 2) as u8)
    }

    #[inline(always)]
    pub(crate) fn add_where_equal(sizes: V, lanes: V, class: V) -> V {
        std::array::from_fn(|k| sizes[k] + u8::from(lanes[k] == class[k]))
    }

    #[inline(always)]
    pub(crate) fn max(a: V, b: V) -> V {
        std::array::from_fn(|k| a[k].max(b[k]))
    }

    #[inline(always)]
    pub(crate) fn largest(v: V) -> u8 {
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
    pub(crate) fn widen(v: V) -> [V; 2] {
        [from16(|k| u16::from(v[k])), from16(|k| u16::from(v[8 + k]))]
    }

    #[inline(always)]
    pub(crate) fn add16(a: V, b: V) -> V {
        from16(|k| lane16(a, k) + lane16(b, k))
    }

    #[inline(always)]
    pub(crate) fn max16(a: V, b: V) -> V {
        from16(|k| lane16(a, k).max(lane16(b, k)))
    }

    #[inline(always)]
    pub(crate) fn largest16(v: V) -> u16 {
        (0..8).map(|k| lane16(v, k)).max().unwrap_or(0)
    }

    /// A bit for each lane of `a` equal to `b`'s.
    #[inline(always)]
    pub(crate) fn mask_where_equal(a: V, b: V) -> u32 {
        (0..16).fold(0, |m, k| m | (u32::from(a[k] == b[k]) << k))
    }
}

pub(crate) use imp::*;
