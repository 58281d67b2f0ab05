//! Class sizes held in vector registers: a guess's split of secrets over at most 64 feedback classes (games of at
//! most 9 pegs), one byte lane per class ([`Tally`], at most 255 secrets; [`WideTally`] adds each block into 16-bit
//! lanes, to 32,767). Each secret adds one to its class's lane by a compare against the lane numbers, so secrets of
//! the same class never wait on each other through memory, as counts in an array do (a load that must wait for the
//! store just before it: in positions of a few secrets that tally was most of the kernel's time).
//!
//! The lanes are [`crate::kernel::vector`]'s.

use crate::kernel::vector as imp;

/// Class sizes counted a block of secrets at a time, for [`crate::kernel::bits::Lanes::each_block`]'s callers.
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
