//! Colour symmetry for the candidates: the colours that can be permuted without changing any guess's split of
//! the consistent codes, so that of a candidate and its images only the lowest needs scoring.

use std::cmp::Ordering;

use crate::Spec;
use crate::listing::listed::Listed;
use crate::listing::multisets::Multisets;
use crate::partition::within::Within;

/// Most pegs of a game whose codes are listed ([`crate::strategy::MAX_LISTED_PEGS`]): its codes and peg maps fit
/// a fixed array.
pub(super) const MAX_LISTED_PEGS: usize = crate::strategy::MAX_LISTED_PEGS as usize;

/// Colour symmetries that fix the consistent codes as a set, for cutting candidate guesses exactly.
///
/// Two groups of colours are interchangeable: colours no past guess used (permuting them maps every consistent
/// code to a consistent code, since no past score mentions them), and colours no consistent code holds
/// (permuting them fixes every consistent code). Permuting within a group changes neither a guess's split of
/// the consistent codes nor whether it is consistent, so among guesses that differ by such a permutation only
/// the lowest needs scoring: the one whose colours of each group first appear in increasing order, from the
/// group's lowest colour. Keeping exactly those keeps every strategy's result, tie-break included.
pub(crate) struct ColorSymmetry {
    pub(super) groups: [u32; 2],
}

impl ColorSymmetry {
    /// The groups for a position where the consistent codes hold the colours `present` and `tried` colours
    /// were guessed (bit per colour).
    pub(crate) fn new(spec: &Spec, present: u32, tried: u32) -> ColorSymmetry {
        let all = (1u32 << spec.colors) - 1;
        let absent = all & !present;
        let untried = all & !tried & !absent;
        ColorSymmetry {
            groups: [absent, untried],
        }
    }

    /// Whether the lowest code of some class holds exactly the colours `mask` (a bit each): of each group of
    /// interchangeable colours, it holds the group's lowest ones.
    pub(crate) fn may_hold(&self, mask: u32) -> bool {
        self.groups.iter().all(|&group| {
            let held = mask & group;
            let below = if held == 0 {
                0
            } else {
                u32::MAX >> held.leading_zeros()
            };
            group & below & !held == 0
        })
    }

    /// Whether `pegs` (a listed code) is the lowest code of its class: [`ColorSymmetry::lowest_form`] leaves it
    /// as it is.
    pub(crate) fn is_lowest(&self, pegs: &[u8]) -> bool {
        let mut lowest = [0u8; MAX_LISTED_PEGS];
        let lowest = &mut lowest[..pegs.len()];
        lowest.copy_from_slice(pegs);
        self.lowest_form(lowest);
        lowest == pegs
    }

    /// Brings `pegs` to the lowest code of its class: in each group, colours in order of first appearance become
    /// the group's colours in increasing order.
    pub(crate) fn lowest_form(&self, pegs: &mut [u8]) {
        let mut form = LowestForm::new(self);
        for c in pegs.iter_mut() {
            *c = form.next(*c);
        }
    }

    /// How the lowest form of `pegs` compares with `code` (as [`ColorSymmetry::lowest_form`] then a slice
    /// comparison would), stopping at the first peg where they differ: most images differ early.
    pub(crate) fn lowest_form_cmp(
        &self,
        pegs: impl IntoIterator<Item = u8>,
        code: &[u8],
    ) -> Ordering {
        let mut form = LowestForm::new(self);
        for (c, &own) in pegs.into_iter().zip(code) {
            match form.next(c).cmp(&own) {
                Ordering::Equal => {}
                unequal => return unequal,
            }
        }
        Ordering::Equal
    }

    /// The indices of the lowest codes of their classes that begin with `prefix`, in order, built directly (a
    /// depth-first walk that only places a colour of a group if it is the group's lowest one not placed yet),
    /// not by testing all. None when `prefix` itself is no lowest form's beginning.
    #[cfg(test)]
    pub(crate) fn lowest_codes_from(&self, listed: &Listed, prefix: &[u8]) -> Vec<u32> {
        let mut out = Vec::new();
        self.each_lowest_code_from(listed, prefix, None, &mut |i, _| out.push(i));
        out
    }

    /// [`ColorSymmetry::lowest_codes_from`], handing each index to `visit` in order instead of collecting them,
    /// less the codes whose multisets `within` does not admit (where it is given).
    pub(crate) fn each_lowest_code_from(
        &self,
        listed: &Listed,
        prefix: &[u8],
        within: Option<Within>,
        visit: &mut impl FnMut(u32, u32),
    ) {
        let spec = &listed.spec;
        let mut pegs = [0u8; MAX_LISTED_PEGS];
        let (mut left, mut used, mut rank) = (self.groups, 0u32, 0u32);
        let mut multiset = Multisets::EMPTY;
        let mut place = 0u128;
        for (depth, &c) in prefix.iter().enumerate() {
            if self.allowed(left, used, spec) & (1 << c) == 0 {
                return;
            }
            place |= listed.place_bits[depth * usize::from(spec.colors) + usize::from(c)];
            pegs[depth] = c;
            rank = rank * u32::from(spec.colors) + u32::from(c);
            left = left.map(|g| g & !(1 << c));
            used |= 1 << c;
            multiset = listed.multisets.child(multiset, c);
        }
        // Groups of the depths before the prefix's end here; the walk checks those of its own depth.
        if within.is_some_and(|w| !w.admits(multiset) || !w.admits_blacks(0..prefix.len(), place)) {
            return;
        }
        let walk = Walk {
            symmetry: self,
            listed,
            within,
        };
        walk.extend(
            left,
            used,
            (rank, multiset, place),
            (&mut pegs, prefix.len()),
            visit,
        );
    }

    /// The colours the next peg may take in a lowest form, given each group's colours not placed yet (`left`)
    /// and the colours placed (`used`): a colour outside the groups (or already placed), and each group's lowest
    /// colour not placed yet (the groups are disjoint); without repeats, none placed before.
    fn allowed(&self, left: [u32; 2], used: u32, spec: &Spec) -> u32 {
        let lowest = |g: u32| g & g.wrapping_neg();
        let all = (1u32 << spec.colors) - 1;
        let allowed = (all & !(left[0] | left[1])) | lowest(left[0]) | lowest(left[1]);
        if spec.repeats {
            allowed
        } else {
            allowed & !used
        }
    }
}

/// The depth-first walk of [`ColorSymmetry::each_lowest_code_from`].
struct Walk<'a> {
    symmetry: &'a ColorSymmetry,
    listed: &'a Listed,
    within: Option<Within<'a>>,
}

impl Walk<'_> {
    /// Places every allowed colour after the first `depth` of `pegs` whose multiset (with `multiset`, that of
    /// those pegs) the bound admits; `rank` is the index the code would have with repeats (counting in base
    /// `colors`), which is the index itself in games with repeats, and `place` the place set of those pegs
    /// ([`crate::kernel::bits::Bits`]).
    fn extend(
        &self,
        left: [u32; 2],
        used: u32,
        (rank, multiset, place): (u32, u32, u128),
        (pegs, depth): (&mut [u8; MAX_LISTED_PEGS], usize),
        visit: &mut impl FnMut(u32, u32),
    ) {
        let listed = self.listed;
        let spec = &listed.spec;
        if depth == usize::from(spec.pegs) {
            let index = if spec.repeats {
                rank
            } else {
                listed.rank(&pegs[..depth])
            };
            visit(index, listed.multisets.numbered(multiset));
            return;
        }
        if self
            .within
            .is_some_and(|w| !w.admits_blacks(depth..depth + 1, place))
        {
            return;
        }
        let mut allowed = self.symmetry.allowed(left, used, spec);
        let last = depth + 1 == usize::from(spec.pegs);
        while allowed != 0 {
            let c = allowed.trailing_zeros() as u8;
            let bit = 1u32 << c;
            allowed &= !bit;
            let multiset = listed.multisets.child(multiset, c);
            if self.within.is_some_and(|w| !w.admits(multiset)) {
                continue;
            }
            let place =
                place | listed.place_bits[depth * usize::from(spec.colors) + usize::from(c)];
            if last && spec.repeats {
                // The last peg, in the loop rather than a call per code (most of the walk's steps are these).
                let index = rank * u32::from(spec.colors) + u32::from(c);
                visit(index, listed.multisets.numbered(multiset));
                continue;
            }
            pegs[depth] = c;
            let rank = rank * u32::from(spec.colors) + u32::from(c);
            self.extend(
                left.map(|g| g & !bit),
                used | bit,
                (rank, multiset, place),
                (pegs, depth + 1),
                visit,
            );
        }
    }
}

/// [`ColorSymmetry::lowest_form`] one peg at a time.
struct LowestForm<'a> {
    groups: &'a [u32; 2],
    /// What each colour met so far became (`u8::MAX`: not met).
    map: [u8; 32],
    /// Each group's colours not given out yet.
    left: [u32; 2],
}

impl<'a> LowestForm<'a> {
    fn new(symmetry: &'a ColorSymmetry) -> Self {
        LowestForm {
            groups: &symmetry.groups,
            map: [u8::MAX; 32],
            left: symmetry.groups,
        }
    }

    /// The colour the next peg, of colour `c`, takes in the lowest form.
    #[inline]
    fn next(&mut self, c: u8) -> u8 {
        let bit = 1u32 << c;
        match (0..2).find(|&g| self.groups[g] & bit != 0) {
            Some(g) => {
                let to = &mut self.map[usize::from(c)];
                if *to == u8::MAX {
                    let low = self.left[g].trailing_zeros();
                    self.left[g] &= !(1 << low);
                    *to = low as u8;
                }
                *to
            }
            None => c,
        }
    }
}
