//! Secrets laid out in columns of [`LANES`]: for each peg, the colours of 32 secrets in 32 bytes, so that one guess's
//! blacks against all 32 are a compare and a subtraction a peg in vector lanes, and the secrets with a given number
//! of blacks are one more compare and a mask ([`Blacks::with`]): no population count and no class counted a
//! secret at a time. The lanes are [`crate::vector`]'s.

use crate::vector as imp;

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
