//! Secrets laid out in columns of [`LANES`]: for each peg, the colours of 32 secrets in 32 bytes, so that one guess's
//! blacks against all 32 are a compare and a subtraction a peg in vector lanes, and the secrets with a given number
//! of blacks are one more compare and a mask ([`Blacks::with`]): no population count and no class counted a
//! secret at a time. [`Columns`] adds, for each colour, how many pegs of it the 32 secrets have, so that a guess's
//! totals are a minimum and an addition a colour it holds, and its classes come out 32 at a time with no population
//! count either. The lanes are [`crate::kernel::vector`]'s.

use crate::kernel::vector as imp;

/// Secrets in a column.
pub(crate) const LANES: usize = 32;

/// The blacks of one guess against the [`LANES`] secrets of a column, a byte a secret.
pub(crate) struct Blacks([imp::V; 2]);

impl Blacks {
    /// The blacks of the guess with pegs `guess` against the secrets of `column`: for each peg of the guess, the
    /// 32 secrets' colours there (`LANES` bytes a peg, peg after peg).
    #[inline(always)]
    pub(crate) fn of(guess: &[u8], column: &[u8]) -> Blacks {
        Blacks::of_halves::<2>(guess, column)
    }

    /// [`Blacks::of`] for the first 16 secrets of the column only (the others counted as 0 blacks): where no more
    /// than 16 are in use, as in the positions of a few secrets that most candidates are scored in.
    #[inline(always)]
    pub(crate) fn of_first_half(guess: &[u8], column: &[u8]) -> Blacks {
        Blacks::of_halves::<1>(guess, column)
    }

    #[inline(always)]
    fn of_halves<const H: usize>(guess: &[u8], column: &[u8]) -> Blacks {
        let mut sums = [imp::zero(); 2];
        // A peg's row is two halves of 16 lanes, each loaded whole. (Built byte by byte with `array::from_fn`, the
        // worker's WebAssembly called a function for every byte: about 30 % of a 6x9 game in Chromium.)
        let (halves, _) = column.as_chunks::<16>();
        for (&g, row) in guess.iter().zip(halves.chunks_exact(LANES / 16)) {
            let g = imp::splat(g);
            for (sum, &lanes) in sums.iter_mut().zip(row).take(H) {
                *sum = imp::add_where_equal(*sum, imp::bytes(lanes), g);
            }
        }
        Blacks(sums)
    }

    /// A bit for each secret (lane) with `blacks` blacks.
    #[inline(always)]
    pub(crate) fn with(&self, blacks: u8) -> u32 {
        let b = imp::splat(blacks);
        imp::mask_where_equal(self.0[0], b) | (imp::mask_where_equal(self.0[1], b) << 16)
    }
}

/// Secrets in columns of [`LANES`], each column the secrets' colours peg by peg ([`Blacks::of`]'s rows), then for each
/// colour how many pegs of it each secret has (a byte a secret, a row a colour): a guess's classes against 32 secrets
/// are a compare a peg and a minimum a colour of the guess, in vector lanes. It takes `pegs + colors` bytes a secret.
pub(crate) struct Columns {
    cells: Box<[u8]>,
    n: usize,
    pegs: usize,
    colors: usize,
}

/// A guess's colour at a peg where it places none (a code of colours only): no secret's colour, nor a lane past the
/// last secret's ([`Columns::new`]).
pub(crate) const UNPLACED: u8 = u8::MAX - 1;

impl Columns {
    /// Lays out `secrets`, each its pegs' colours (the first `pegs` bytes; colours below `colors`).
    pub(crate) fn new(
        pegs: usize,
        colors: usize,
        secrets: impl ExactSizeIterator<Item = [u8; 16]>,
    ) -> Columns {
        let n = secrets.len();
        let stride = (pegs + colors) * LANES;
        // Lanes past the last secret hold no colour and no pegs of any.
        let mut cells = vec![0u8; n.div_ceil(LANES) * stride].into_boxed_slice();
        for column in cells.chunks_exact_mut(stride) {
            column[..pegs * LANES].fill(u8::MAX);
        }
        for (k, secret) in secrets.enumerate() {
            let column = &mut cells[k / LANES * stride..][..stride];
            let lane = k % LANES;
            for (peg, &c) in secret[..pegs].iter().enumerate() {
                debug_assert!(usize::from(c) < colors, "a secret places every peg");
                column[peg * LANES + lane] = c;
                column[(pegs + usize::from(c)) * LANES + lane] += 1;
            }
        }
        Columns {
            cells,
            n,
            pegs,
            colors,
        }
    }

    /// How many secrets there are.
    pub(crate) fn len(&self) -> usize {
        self.n
    }

    /// [`crate::kernel::bits::Lanes::each_block`] for the guess whose colour at each peg is `at` ([`UNPLACED`] where it has
    /// none; empty for a code of colours only) and which holds `counts` pegs of each colour it has, as (colour, pegs):
    /// the same classes, [`LANES`] secrets a block.
    #[inline(always)]
    pub(crate) fn each_block(
        &self,
        at: &[u8],
        counts: &[(u8, u8)],
        mut each: impl FnMut(&[u8], usize) -> bool,
    ) -> bool {
        let stride = (self.pegs + self.colors) * LANES;
        for (k, column) in self.cells.chunks_exact(stride).enumerate() {
            let classes = self.classes(column, at, counts);
            let from = k * LANES;
            let used = LANES.min(self.n - from);
            if !each(&classes[..used], self.n - from - used) {
                return false;
            }
        }
        true
    }

    /// The classes of the guess (as [`Columns::each_block`]'s) against the secrets of `column`. One copy for every
    /// caller, not one inlined into each, for a call a block: 2.6 KB less in the worker's gzipped download, which has a
    /// budget (the guess's set-up out of line too, `bits::Shape::spread`, saved 2.9 KB more).
    #[inline(never)]
    fn classes(&self, column: &[u8], at: &[u8], counts: &[(u8, u8)]) -> [u8; LANES] {
        let Blacks(blacks) = Blacks::of(at, column);
        let (rows, _) = column.as_chunks::<16>();
        let mut totals = [imp::zero(); 2];
        for &(c, pegs) in counts {
            let pegs = imp::splat(pegs);
            let row = &rows[(self.pegs + usize::from(c)) * 2..][..2];
            for (total, &lanes) in totals.iter_mut().zip(row) {
                *total = imp::add(*total, imp::min(imp::bytes(lanes), pegs));
            }
        }
        // The class of `t` colours matched, `b` of them blacks: `t (t + 1) / 2 + b` ([`crate::Feedback::index`]).
        let mut classes = [0u8; LANES];
        for ((half, total), blacks) in classes.chunks_exact_mut(16).zip(totals).zip(blacks) {
            half.copy_from_slice(&imp::to_bytes(imp::add(imp::triangle(total), blacks)));
        }
        classes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The lanes with each number of blacks are those a peg-by-peg count gives.
        #[test]
        fn blacks_are_counted_peg_by_peg(
            (guess, secrets) in (1usize..=usize::from(crate::strategy::MAX_LISTED_PEGS)).prop_flat_map(|p| (
                prop::collection::vec(0u8..8, p),
                prop::collection::vec(prop::collection::vec(0u8..8, p), LANES),
            ))
        ) {
            let pegs = guess.len();
            let mut column = vec![0u8; pegs * LANES];
            for (lane, s) in secrets.iter().enumerate() {
                for (peg, &c) in s.iter().enumerate() {
                    column[peg * LANES + lane] = c;
                }
            }
            let blacks = Blacks::of(&guess, &column);
            let first = Blacks::of_first_half(&guess, &column);
            for b in 0..=pegs as u8 {
                let want = secrets.iter().enumerate().fold(0u32, |m, (lane, s)| {
                    let n = s.iter().zip(&guess).filter(|(x, y)| x == y).count();
                    m | (u32::from(n == usize::from(b)) << lane)
                });
                prop_assert_eq!(blacks.with(b), want);
                prop_assert_eq!(first.with(b) & 0xffff, want & 0xffff);
            }
        }
    }
}
