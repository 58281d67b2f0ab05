//! The candidate guesses worth scoring: one per colour-symmetry class, consistent ones first.

use crate::listed::Listed;
use crate::{Code, Spec};

/// The guesses worth scoring where the codes `consistent` (sorted indices) remain and the colours `tried` were
/// guessed (bit per colour): one per colour-symmetry class (see [`ColorSymmetry`]), consistent ones first.
///
/// Before the first guess every code is alike up to colour and position symmetry, so only one code per pattern
/// of colour multiplicities is tried; its lowest member is the pattern itself (0,0,1,1 for "two pairs"), which
/// keeps the lowest-code tie-break exact. After it, colours no guess has used are interchangeable, and so are
/// colours no consistent code holds: only the lowest code of each class is tried.
pub(crate) struct Candidates<'a> {
    listed: &'a Listed,
    consistent: &'a [u32],
    symmetry: ColorSymmetry,
    /// Whether no guess was made yet.
    root: bool,
    /// The consistent candidates (at the root, the patterns), in order.
    pub(crate) first: Vec<u32>,
}

impl<'a> Candidates<'a> {
    pub(crate) fn new(listed: &'a Listed, consistent: &'a [u32], tried: u32) -> Self {
        let spec = &listed.spec;
        let present = consistent
            .iter()
            .fold(0, |m, &i| m | color_mask(listed.code(i).pegs()));
        let symmetry = ColorSymmetry::new(spec, present, tried);
        let root = tried == 0;
        let first = if root {
            listed.indices_of(&first_move_patterns(spec))
        } else {
            consistent
                .iter()
                .copied()
                .filter(|&i| symmetry.is_lowest(listed.code(i).pegs()))
                .collect()
        };
        Candidates {
            listed,
            consistent,
            symmetry,
            root,
            first,
        }
    }

    /// At most how many candidates [`Candidates::rest`] holds, without building them.
    pub(crate) fn rest_bound(&self) -> usize {
        if self.root {
            0
        } else {
            self.listed.len() - self.consistent.len()
        }
    }

    /// The inconsistent candidates, in order, built directly as lowest codes of their classes. Callers build
    /// them only when needed: often a consistent candidate settles the choice.
    pub(crate) fn rest(&self) -> Vec<u32> {
        if self.root {
            Vec::new()
        } else if self.symmetry.is_trivial() {
            difference(0..self.listed.len() as u32, self.consistent)
        } else {
            difference(
                self.symmetry.lowest_codes(self.listed).into_iter(),
                self.consistent,
            )
        }
    }
}

/// The items of `items` not in `set` (both sorted), in order.
pub(crate) fn difference(items: impl Iterator<Item = u32>, set: &[u32]) -> Vec<u32> {
    let mut next = set.iter().peekable();
    items
        .filter(|i| {
            while next.next_if(|s| *s < i).is_some() {}
            next.peek() != Some(&i)
        })
        .collect()
}

/// Colour symmetries that fix the consistent codes as a set, for cutting candidate guesses exactly.
///
/// Two groups of colours are interchangeable: colours no past guess used (permuting them maps every consistent
/// code to a consistent code, since no past score mentions them), and colours no consistent code holds
/// (permuting them fixes every consistent code). Permuting within a group changes neither a guess's split of
/// the consistent codes nor whether it is consistent, so among guesses that differ by such a permutation only
/// the lowest needs scoring: the one whose colours of each group first appear in increasing order, from the
/// group's lowest colour. Keeping exactly those keeps every strategy's result, tie-break included.
pub(crate) struct ColorSymmetry {
    groups: [u32; 2],
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

    /// Whether `pegs` is the lowest code of its class.
    pub(crate) fn is_lowest(&self, pegs: &[u8]) -> bool {
        let mut left = self.groups;
        for &c in pegs {
            let bit = 1u32 << c;
            for group in &mut left {
                if *group & bit != 0 {
                    // A colour of this group seen for the first time must be its lowest one not seen yet.
                    if *group & (bit - 1) != 0 {
                        return false;
                    }
                    *group &= !bit;
                }
            }
        }
        true
    }

    /// Whether every code is the lowest of its class (no colours are interchangeable).
    fn is_trivial(&self) -> bool {
        self.groups.iter().all(|g| g.count_ones() <= 1)
    }

    /// The indices of the lowest codes of their classes, in order, built directly (a depth-first walk that
    /// only places a colour of a group if it is the group's lowest one not placed yet), not by testing all.
    pub(crate) fn lowest_codes(&self, listed: &Listed) -> Vec<u32> {
        let spec = &listed.spec;
        let mut out = Vec::new();
        let mut pegs = Vec::with_capacity(usize::from(spec.pegs));
        self.extend(listed, self.groups, 0, 0, &mut pegs, &mut out);
        out
    }

    /// Places every allowed colour after `pegs`; `rank` is the index the code would have with repeats
    /// (counting in base `colors`), which is the index itself in games with repeats.
    fn extend(
        &self,
        listed: &Listed,
        left: [u32; 2],
        used: u32,
        rank: u32,
        pegs: &mut Vec<u8>,
        out: &mut Vec<u32>,
    ) {
        let spec = &listed.spec;
        if pegs.len() == usize::from(spec.pegs) {
            out.push(if spec.repeats {
                rank
            } else {
                listed.rank(pegs)
            });
            return;
        }
        // A colour outside the groups (or already placed) may go here, and each group's lowest colour not
        // placed yet (the groups are disjoint).
        let lowest = |g: u32| g & g.wrapping_neg();
        let all = (1u32 << spec.colors) - 1;
        let mut allowed = (all & !(left[0] | left[1])) | lowest(left[0]) | lowest(left[1]);
        if !spec.repeats {
            allowed &= !used;
        }
        while allowed != 0 {
            let c = allowed.trailing_zeros() as u8;
            let bit = 1u32 << c;
            allowed &= !bit;
            pegs.push(c);
            let rank = rank * u32::from(spec.colors) + u32::from(c);
            self.extend(listed, left.map(|g| g & !bit), used | bit, rank, pegs, out);
            pegs.pop();
        }
    }
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
