//! What a walk building candidate guesses peg by peg may complete ([`Within`]): the bounds that let it stop before
//! its last pegs.

use crate::partition::atoms::Atoms;

/// A bound on the codes a walk may complete: the least floor over the code multisets holding each multiset of first
/// pegs ([`crate::listing::multisets::Multisets::least_within`]), the limit a code must be able to reach to be kept, and, for
/// Knuth, the secrets that only blacks tell apart ([`Atoms::admit`]).
#[derive(Clone, Copy)]
pub(crate) struct Within<'a> {
    pub(crate) least: &'a [i64],
    pub(crate) limit: i64,
    pub(crate) atoms: Option<&'a Atoms>,
}

impl Within<'_> {
    /// Whether some code whose first pegs make multiset `m` can still reach the limit.
    #[inline(always)]
    pub(crate) fn admits(&self, m: u32) -> bool {
        self.least[m as usize] <= self.limit
    }

    /// Whether a code whose first pegs have place set `place` can still reach the limit, as far as the groups of
    /// secrets of depths `depths` tell ([`Atoms::admit`]).
    #[inline(always)]
    pub(crate) fn admits_blacks(&self, depths: std::ops::Range<usize>, place: u128) -> bool {
        self.atoms
            .is_none_or(|atoms| atoms.admit(depths, place, self.limit))
    }
}
