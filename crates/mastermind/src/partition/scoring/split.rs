//! A candidate's split of the consistent codes, scored for a partition strategy a block of secrets at a time, with
//! a bound that stops it early.

use crate::kernel::bits::{Bits, Blocks};
use crate::kernel::tally::{Sizes, TALLY_MOST, Tally, WIDE_TALLY_MOST, WideTally};
use crate::strategy::Strategy;

/// Scores a candidate's split of the consistent codes for a partition strategy, lower is better, as an
/// integer so that equal splits tie exactly: the largest class (knuth), minus the number of classes
/// (most-parts), the sum of squared class sizes (expected-size), the sum of `n log2 n` over classes (entropy:
/// log2 N minus that sum over N is the entropy in bits). Each can only grow as secrets are added (most-parts:
/// can gain at most one class per secret left), so scoring stops as soon as the score must exceed a bound.
pub(super) struct Split<'a, S> {
    pub(super) secrets: &'a S,
    /// For entropy: `n log2 n` of each class size ([`n_log_n_table`]).
    pub(super) n_log_n: &'a [i64],
}

impl<S: Blocks> Split<'_, S> {
    /// Adds the secrets, a block at a time, to their classes, growing the score with `step(score, class size
    /// before)`, and gives up once `beyond(score, secrets left)` says it must exceed the bound: checked between
    /// blocks, which keeps the result exact (a score only grows) and the inner loops short.
    #[inline(always)]
    fn grow(
        &self,
        guess: &Bits,
        parts: &mut [u32],
        step: impl Fn(i64, i64) -> i64,
        beyond: impl Fn(i64, usize) -> bool,
    ) -> Option<i64> {
        // `parts` is a whole number of 8-slot blocks, so this is a few vector stores, not a call to memset.
        for block in parts.chunks_exact_mut(8) {
            block.copy_from_slice(&[0; 8]);
        }
        let mut score = 0i64;
        let whole = self.secrets.each_block(guess, |classes, left| {
            for &c in classes {
                let size = &mut parts[usize::from(c)];
                score = step(score, i64::from(*size));
                *size += 1;
            }
            !beyond(score, left)
        });
        whole.then_some(score)
    }

    /// Knuth's score (the largest class), counted in vector registers by `tally` (see [`crate::kernel::tally`]: no
    /// waiting on memory between secrets of the same class).
    #[inline(always)]
    fn largest_class(&self, guess: &Bits, mut tally: impl Sizes, bound: i64) -> Option<i64> {
        let mut largest = 0;
        let whole = self.secrets.each_block(
            guess,
            #[inline(always)]
            |classes, _| {
                for &c in classes {
                    tally.add(c);
                }
                largest = i64::from(tally.end_block());
                largest <= bound
            },
        );
        whole.then_some(largest)
    }

    /// Knuth's score in a tally of `K` vectors (every class has a lane), in bytes or 16-bit lanes as the secrets'
    /// number allows, else counted in `parts`.
    #[inline(always)]
    fn knuth<const K: usize>(&self, guess: &Bits, parts: &mut [u32], bound: i64) -> Option<i64> {
        let n = self.secrets.len();
        if n <= TALLY_MOST {
            self.largest_class(guess, Tally::<K>::new(), bound)
        } else if n <= WIDE_TALLY_MOST {
            self.largest_class(guess, WideTally::<K>::new(), bound)
        } else {
            self.largest_counted(guess, parts, bound)
        }
    }

    /// The worker's [`Split::knuth`] in 3 vectors (7 and 8 pegs), in 16-bit lanes for any number of secrets they hold.
    /// A call, not inlined: inlined into the scoring loop every size shares, it grows the loop, which V8 then compiles
    /// worse for every size; without it, 7 and 8 pegs would take 4 vectors a secret. One tally, not also the byte-lane
    /// one, for the worker's download. (Measured in Chromium at 6x8 and 8x8: docs/notebook.md.)
    #[cfg(target_arch = "wasm32")]
    #[inline(never)]
    fn knuth_3(&self, guess: &Bits, bound: i64) -> Option<i64> {
        self.largest_class(guess, WideTally::<3>::new(), bound)
    }

    /// Knuth's score counted in `parts`: where a tally has too few lanes or too narrow ones.
    #[inline(always)]
    fn largest_counted(&self, guess: &Bits, parts: &mut [u32], bound: i64) -> Option<i64> {
        self.grow(
            guess,
            parts,
            |largest, n| rule::largest(largest, n, 1),
            |largest, _| largest > bound,
        )
    }

    /// The most-parts score (minus the number of classes) where classes fit a 64-bit set: no counts, only
    /// which classes occur, so the loop keeps everything in registers.
    #[inline(always)]
    fn classes_seen(&self, guess: &Bits, bound: i64) -> Option<i64> {
        let mut seen = 0u64;
        let whole = self.secrets.each_block(guess, |classes, left| {
            for &c in classes {
                seen |= 1 << c;
            }
            !rule::most_parts_beyond(-i64::from(seen.count_ones()), left, bound)
        });
        whole.then(|| -i64::from(seen.count_ones()))
    }

    /// The score of `guess`, or `None` once it is sure to exceed `bound`. `parts` is scratch space.
    #[inline(always)]
    pub(super) fn score(
        &self,
        strategy: Strategy,
        guess: &Bits,
        parts: &mut [u32],
        bound: i64,
    ) -> Option<i64> {
        let above = |score: i64, _left: usize| score > bound;
        match strategy {
            Strategy::Knuth if parts.len() <= Tally::<2>::CLASSES => {
                self.knuth::<2>(guess, parts, bound)
            }
            // Three vectors at 7 and 8 pegs (four would do a third more work a secret).
            #[cfg(not(target_arch = "wasm32"))]
            Strategy::Knuth if parts.len() <= Tally::<3>::CLASSES => {
                self.knuth::<3>(guess, parts, bound)
            }
            #[cfg(target_arch = "wasm32")]
            Strategy::Knuth
                if parts.len() <= Tally::<3>::CLASSES && self.secrets.len() <= WIDE_TALLY_MOST =>
            {
                self.knuth_3(guess, bound)
            }
            Strategy::Knuth if parts.len() <= Tally::<4>::CLASSES => {
                self.knuth::<4>(guess, parts, bound)
            }
            Strategy::Knuth => self.largest_counted(guess, parts, bound),
            Strategy::ExpectedSize => self.grow(
                guess,
                parts,
                |squares, n| rule::squares(squares, n, 1),
                |squares, left| rule::squares_beyond(squares, left, bound),
            ),
            Strategy::Entropy => self.grow(
                guess,
                parts,
                |sum, n| rule::n_log_n(self.n_log_n, sum, n, 1),
                above,
            ),
            Strategy::MostParts if parts.len() <= 64 => self.classes_seen(guess, bound),
            Strategy::MostParts => {
                self.grow(guess, parts, rule::minus_classes, |minus_classes, left| {
                    rule::most_parts_beyond(minus_classes, left, bound)
                })
            }
            Strategy::FirstConsistent
            | Strategy::RandomConsistent
            | Strategy::LocalSearch
            | Strategy::SampledSplit
            | Strategy::ColourByColour
            | Strategy::Optimal => Some(0),
        }
    }
}

/// How each partition score grows when a class of `n` secrets gains `k` more, and when a score with `left` secrets still
/// to add must exceed `bound`: one definition for [`Split`], which adds a secret at a time, and for the laid-out
/// columns ([`super::arranged`]), which add a class's secrets of a column at once.
pub(super) mod rule {
    /// Knuth: the largest class.
    #[inline(always)]
    pub(crate) fn largest(largest: i64, n: i64, k: i64) -> i64 {
        largest.max(n + k)
    }

    /// Expected size: the sum of squared class sizes, `(n + k)^2 - n^2 = 2nk + k^2`.
    #[inline(always)]
    pub(crate) fn squares(squares: i64, n: i64, k: i64) -> i64 {
        squares + 2 * n * k + k * k
    }

    /// Every secret left adds at least 1 to the squares (to a class of its own).
    #[inline(always)]
    pub(crate) fn squares_beyond(squares: i64, left: usize, bound: i64) -> bool {
        squares + left as i64 > bound
    }

    /// Entropy: the sum of `n log2 n` over classes, from `table` ([`super::n_log_n_table`]).
    #[inline(always)]
    pub(crate) fn n_log_n(table: &[i64], sum: i64, n: i64, k: i64) -> i64 {
        sum + table[(n + k) as usize] - table[n as usize]
    }

    /// Most parts: minus the number of classes; a class that was empty is a new one.
    #[inline(always)]
    pub(crate) fn minus_classes(minus_classes: i64, n: i64) -> i64 {
        minus_classes - i64::from(n == 0)
    }

    /// At best, every secret left opens a class of its own.
    #[inline(always)]
    pub(crate) fn most_parts_beyond(minus_classes: i64, left: usize, bound: i64) -> bool {
        minus_classes - left as i64 > bound
    }
}

/// `n log2 n` in fixed point (units of 2^-24): equal splits get equal sums whatever order classes are added in.
pub(super) fn n_log2_n(n: usize) -> i64 {
    if n == 0 {
        return 0;
    }
    let n = n as f64;
    (n * n.log2() * 16_777_216.0).round() as i64
}

/// [`n_log2_n`] of every class size `n` in `0..=max`, for the entropy score (empty for the others): a class growing
/// from `n` to `n + k` secrets adds `table[n + k] - table[n]`, exactly, whatever steps it grew by.
pub(super) fn n_log_n_table(strategy: Strategy, max: usize) -> Vec<i64> {
    match strategy {
        Strategy::Entropy => (0..=max).map(n_log2_n).collect(),
        _ => Vec::new(),
    }
}
