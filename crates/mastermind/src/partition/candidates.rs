//! The candidate guesses worth scoring: one per symmetry class (colours, and pegs with colours), consistent ones
//! first.

use crate::listing::listed::Listed;
use crate::partition::within::Within;
use crate::{Code, Spec};

mod colors;
mod pegs;

pub(crate) use colors::ColorSymmetry;

use colors::MAX_LISTED_PEGS;
pub(crate) use pegs::PegSymmetry;

/// The guesses worth scoring where the codes `consistent` (sorted indices) remain after the guesses `past` (in
/// order): one per symmetry class (see [`ColorSymmetry`] and [`PegSymmetry`]), consistent ones
/// first.
///
/// Before the first guess every code is alike up to colour and position symmetry, so only one code per pattern
/// of colour multiplicities is tried; its lowest member is the pattern itself (0,0,1,1 for "two pairs"), which
/// keeps the lowest-code tie-break exact. After it, colours no guess has used are interchangeable, and so are
/// colours no consistent code holds, and pegs may be too: only the lowest code of each class is tried.
pub(crate) struct Candidates<'a> {
    listed: &'a Listed,
    consistent: &'a [u32],
    symmetry: ColorSymmetry,
    pegs: PegSymmetry,
    /// Whether no guess was made yet.
    root: bool,
    /// The consistent candidates (at the root, the patterns), in order.
    pub(crate) first: Vec<u32>,
}

impl<'a> Candidates<'a> {
    pub(crate) fn new(listed: &'a Listed, consistent: &'a [u32], past: &[&[u8]]) -> Self {
        let pegs = if past.is_empty() {
            PegSymmetry::default()
        } else {
            PegSymmetry::new(&listed.spec, past)
        };
        Candidates::with(listed, consistent, past, pegs)
    }

    /// [`Candidates::new`] with colour symmetry only, to check that peg symmetry changes no choice.
    #[cfg(test)]
    pub(crate) fn colors_only(listed: &'a Listed, consistent: &'a [u32], past: &[&[u8]]) -> Self {
        Candidates::with(listed, consistent, past, PegSymmetry::default())
    }

    fn with(listed: &'a Listed, consistent: &'a [u32], past: &[&[u8]], pegs: PegSymmetry) -> Self {
        let spec = &listed.spec;
        let present = consistent
            .iter()
            .fold(0, |m, &i| m | color_mask(listed.pegs(i)));
        let symmetry = ColorSymmetry::new(spec, present, tried(past));
        let root = past.is_empty();
        let first = if root {
            listed.indices_of(&first_move_patterns(spec))
        } else {
            consistent
                .iter()
                .copied()
                .filter(|&i| {
                    let code = listed.pegs(i);
                    symmetry.is_lowest(code) && pegs.keeps(code, &symmetry)
                })
                .collect()
        };
        Candidates {
            listed,
            consistent,
            symmetry,
            pegs,
            root,
            first,
        }
    }

    /// Whether a candidate can hold exactly the colours `mask` ([`ColorSymmetry::may_hold`]).
    pub(crate) fn may_hold(&self, mask: u32) -> bool {
        self.symmetry.may_hold(mask)
    }

    /// At most how many candidates [`Candidates::rest`] holds, without building them.
    pub(crate) fn rest_bound(&self) -> usize {
        if self.root {
            0
        } else {
            self.listed.len() - self.consistent.len()
        }
    }

    /// The inconsistent candidates, in order, built directly as lowest codes of their colour classes, less those
    /// a peg symmetry maps lower: every [`Candidates::slice`] in turn.
    pub(crate) fn rest(&self) -> Vec<u32> {
        (0..self.slices()).flat_map(|s| self.slice(s)).collect()
    }

    /// How many slices [`Candidates::slice`] cuts the inconsistent candidates into: one per colouring of the
    /// first few pegs, enough for every thread to build and score its own (none at the root, where the patterns
    /// are the only candidates).
    pub(crate) fn slices(&self) -> usize {
        if self.root {
            0
        } else {
            let colors = usize::from(self.listed.spec.colors);
            colors.pow(slice_depth(&self.listed.spec) as u32)
        }
    }

    /// The inconsistent candidates whose first pegs are coloured as slice `s` says (its digits in base
    /// `colors`, the first peg most significant), in order: built only when a thread comes to score them, so
    /// that a position settled by its first candidates never builds the rest, and building is shared by the
    /// threads. Slices in turn give the candidates in order.
    pub(crate) fn slice(&self, s: usize) -> Vec<u32> {
        let mut out = Vec::new();
        self.slice_within(s, None, &mut out);
        out.iter().map(|b| b.index).collect()
    }

    /// Whether code `i` comes before every code of slice `s` (its first pegs, read as the slice's digits, are
    /// lower).
    pub(crate) fn before_slice(&self, i: u32, s: usize) -> bool {
        let spec = &self.listed.spec;
        let depth = slice_depth(spec);
        let colors = usize::from(spec.colors);
        let first = self.listed.pegs(i)[..depth]
            .iter()
            .fold(0, |n, &c| n * colors + usize::from(c));
        first < s
    }

    /// [`Candidates::slice`] less the codes whose colour multisets cannot reach `within`'s limit: the walk that
    /// builds them stops at the first pegs whose multiset no completion can bring to it, before the peg
    /// symmetry's test (the dearest). Into `out`, emptied first (a thread scoring many slices keeps one buffer).
    pub(crate) fn slice_within(&self, s: usize, within: Option<Within>, out: &mut Vec<Built>) {
        let listed = self.listed;
        let spec = &listed.spec;
        let depth = slice_depth(spec);
        let colors = usize::from(spec.colors);
        // On the stack, as the walk's pegs are: a slice is walked for every parallel position of a game tree, and
        // the worker's allocator is one lock for all threads.
        let mut digits = [0u8; MAX_LISTED_PEGS];
        for (d, peg) in digits[..depth].iter_mut().rev().enumerate() {
            *peg = (s / colors.pow(d as u32) % colors) as u8;
        }
        let prefix = &digits[..depth];
        // The consistent codes are skipped by walking them alongside (both in order), from the slice's first.
        let from = self
            .consistent
            .partition_point(|&c| listed.pegs(c)[..depth] < *prefix);
        let mut consistent = self.consistent[from..].iter().peekable();
        out.clear();
        self.symmetry
            .each_lowest_code_from(listed, prefix, within, &mut |i, multiset| {
                while consistent.next_if(|&&c| c < i).is_some() {}
                if consistent.peek() != Some(&&i)
                    && (self.pegs.is_empty() || self.pegs.keeps(listed.pegs(i), &self.symmetry))
                {
                    out.push(Built { index: i, multiset });
                }
            });
    }
}

/// An inconsistent candidate as the walk that builds it knows it: its index and its colour multiset's number among
/// [`Multisets::colours`], which picks the secrets laid out for its arrangements.
#[derive(Clone, Copy)]
pub(crate) struct Built {
    pub(crate) index: u32,
    pub(crate) multiset: u32,
}

/// How many leading pegs name a slice of candidates: enough for at least 64 slices where the game has them.
fn slice_depth(spec: &Spec) -> usize {
    let mut depth = 0;
    let mut slices = 1usize;
    while slices < 64 && depth < usize::from(spec.pegs) {
        slices *= usize::from(spec.colors);
        depth += 1;
    }
    depth
}

/// The colours of the guesses `past`, a bit each.
pub(crate) fn tried(past: &[&[u8]]) -> u32 {
    past.iter().fold(0, |m, g| m | color_mask(g))
}

/// The colours of `pegs`, one bit each.
pub(crate) fn color_mask(pegs: &[u8]) -> u32 {
    pegs.iter().fold(0, |m, &c| m | (1 << c))
}

/// One code per pattern of colour multiplicities (integer partitions of `pegs` into at most `colors` parts),
/// each written as its lexicographically lowest member, sorted. Without repeats there is one pattern.
pub(crate) fn first_move_patterns(spec: &Spec) -> Vec<Code> {
    if !spec.repeats {
        return vec![Code::from_valid((0..spec.pegs).collect())];
    }
    let mut out = Vec::new();
    let mut parts = Vec::new();
    partitions(spec.pegs, spec.pegs, spec.colors, &mut parts, &mut out);
    out.sort();
    out
}

fn partitions(left: u8, max_part: u8, colors: u8, parts: &mut Vec<u8>, out: &mut Vec<Code>) {
    if left == 0 {
        let pegs = parts
            .iter()
            .enumerate()
            .flat_map(|(color, &n)| std::iter::repeat_n(color as u8, usize::from(n)));
        out.push(Code::from_valid(pegs.collect()));
        return;
    }
    if parts.len() == usize::from(colors) {
        return;
    }
    for part in (1..=max_part.min(left)).rev() {
        parts.push(part);
        partitions(left - part, part, colors, parts, out);
        parts.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::cmp::Ordering;

    proptest! {
        /// The peg-by-peg comparison that [`PegSymmetry::keeps`] uses says what the whole lowest form would.
        #[test]
        fn lowest_form_cmp_is_lowest_form_then_compare(
            absent in 0u32..1 << 8,
            untried in 0u32..1 << 8,
            pegs in proptest::collection::vec(0u8..8, 1..7),
            code in proptest::collection::vec(0u8..8, 7),
        ) {
            let symmetry = ColorSymmetry { groups: [absent, untried & !absent] };
            let code = &code[..pegs.len()];
            let mut lowest = pegs.clone();
            symmetry.lowest_form(&mut lowest);
            prop_assert_eq!(symmetry.lowest_form_cmp(pegs.iter().copied(), code), lowest.as_slice().cmp(code));
            prop_assert_eq!(symmetry.lowest_form_cmp(pegs.iter().copied(), &lowest), Ordering::Equal);
        }
    }
}
