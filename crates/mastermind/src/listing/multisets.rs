//! The colour multisets of a game's codes and of their first pegs: which colours a code holds, with their
//! multiplicities, whatever their arrangement. A scorer bounds every arrangement of a multiset at once
//! ([`crate::partition::scoring`]), and the walk that builds candidate guesses peg by peg leaves out every code whose
//! multiset cannot reach the bound before it places its last pegs ([`Multisets::least_within`]).

use std::collections::HashMap;

use crate::Spec;
use crate::kernel::bits::Bits;

/// No such multiset: a code holds no more than its pegs, and in a game without repeats no colour twice.
const NONE: u32 = u32::MAX;

/// The multisets of at most `pegs` colours that begin some code, numbered from the empty one ([`Multisets::EMPTY`])
/// by size, each with the multisets one peg more.
pub(crate) struct Multisets {
    colors: usize,
    /// `child[m * colors + c]`: multiset `m` with one peg of colour `c` more, or [`NONE`].
    child: Vec<u32>,
    /// For a multiset of `pegs` colours, its number among the codes' own multisets ([`Multisets::colours`]), else
    /// [`NONE`].
    full: Vec<u32>,
    /// The codes' multisets, each as bit sets with no peg placed ([`Bits::colours_only`]).
    pub(crate) colours: Vec<Bits>,
    /// The colours each of the codes' multisets holds, a bit each, numbered as [`Multisets::colours`].
    pub(crate) masks: Vec<u32>,
}

impl Multisets {
    /// The multiset of no peg, where every code's walk begins.
    pub(crate) const EMPTY: u32 = 0;

    /// Every multiset of `spec`'s codes and of their first pegs.
    pub(crate) fn new(spec: &Spec) -> Multisets {
        let colors = usize::from(spec.colors);
        // Each multiset as its colours in increasing order; ids are given out size by size, so a multiset's
        // children come after it.
        let mut sorted: Vec<Vec<u8>> = vec![Vec::new()];
        let mut ids: HashMap<Vec<u8>, u32> = HashMap::from([(Vec::new(), Multisets::EMPTY)]);
        let mut child = Vec::new();
        let mut m = 0;
        while m < sorted.len() {
            let pegs = sorted[m].clone();
            for c in 0..spec.colors {
                let room = pegs.len() < usize::from(spec.pegs);
                if !room || (!spec.repeats && pegs.contains(&c)) {
                    child.push(NONE);
                    continue;
                }
                let mut more = pegs.clone();
                more.insert(more.partition_point(|&p| p <= c), c);
                let next = sorted.len() as u32;
                let id = *ids.entry(more.clone()).or_insert_with(|| {
                    sorted.push(more);
                    next
                });
                child.push(id);
            }
            m += 1;
        }
        let (mut colours, mut masks) = (Vec::new(), Vec::new());
        let full = sorted
            .iter()
            .map(|pegs| {
                if pegs.len() == usize::from(spec.pegs) {
                    colours.push(Bits::new(pegs, spec.colors).colours_only());
                    masks.push(pegs.iter().fold(0, |m, &c| m | 1 << c));
                    colours.len() as u32 - 1
                } else {
                    NONE
                }
            })
            .collect();
        Multisets {
            colors,
            child,
            full,
            colours,
            masks,
        }
    }

    /// Multiset `m` with one peg of colour `c` more (`c` must fit: `m` has room, and holds no `c` in a game
    /// without repeats).
    #[inline(always)]
    pub(crate) fn child(&self, m: u32, c: u8) -> u32 {
        self.child[m as usize * self.colors + usize::from(c)]
    }

    /// The number among [`Multisets::colours`] of the multiset of `pegs`, a whole code.
    pub(crate) fn of(&self, pegs: &[u8]) -> u32 {
        let m = pegs.iter().fold(Multisets::EMPTY, |m, &c| self.child(m, c));
        self.full[m as usize]
    }

    /// The number among [`Multisets::colours`] of multiset `m`, one of a whole code's pegs.
    #[inline(always)]
    pub(crate) fn numbered(&self, m: u32) -> u32 {
        self.full[m as usize]
    }

    /// For every multiset of first pegs, the least of `floors` (one per code multiset, numbered as
    /// [`Multisets::colours`]) over the code multisets that hold it: a walk whose first pegs make a multiset
    /// whose least is past a bound can stop there.
    pub(crate) fn least_within(&self, floors: &[i64]) -> Vec<i64> {
        let mut least = vec![i64::MAX; self.full.len()];
        // Children come after their parents: from the last, each multiset's children are done before it.
        for m in (0..self.full.len()).rev() {
            least[m] = match self.full[m] {
                NONE => self.child[m * self.colors..][..self.colors]
                    .iter()
                    .filter(|&&c| c != NONE)
                    .map(|&c| least[c as usize])
                    .min()
                    .unwrap_or(i64::MAX),
                f => floors[f as usize],
            };
        }
        least
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every code's multiset is found by its walk, codes that are arrangements of each other share it, and
    /// the least floor over a prefix's completions is the least over the codes that begin with it.
    #[test]
    fn walks_name_each_codes_multiset_and_bound_their_completions() {
        for (pegs, colors, repeats) in [(4, 6, true), (3, 5, false), (5, 3, true)] {
            let spec = Spec::new(pegs, colors, repeats).unwrap();
            let multisets = Multisets::new(&spec);
            let listed = crate::listing::listed::Listed::new(&spec).unwrap();
            let codes: Vec<Vec<u8>> = (0..listed.len() as u32)
                .map(|i| listed.pegs(i).to_vec())
                .collect();
            let mut by_sorted = HashMap::new();
            for code in &codes {
                let mut sorted = code.clone();
                sorted.sort();
                let id = multisets.of(code);
                assert_eq!(*by_sorted.entry(sorted).or_insert(id), id, "{code:?}");
            }
            assert_eq!(by_sorted.len(), multisets.colours.len());
            // Floors made up from the multiset's number; the least over completions checked by brute force.
            let floors: Vec<i64> = (0..multisets.colours.len() as i64)
                .map(|f| (f * 7919) % 13)
                .collect();
            let least = multisets.least_within(&floors);
            for code in &codes {
                for len in 0..code.len() {
                    let prefix = &code[..len];
                    let m = prefix
                        .iter()
                        .fold(Multisets::EMPTY, |m, &c| multisets.child(m, c));
                    let mut prefix_sorted = prefix.to_vec();
                    prefix_sorted.sort();
                    let brute = codes
                        .iter()
                        .filter(|other| {
                            let mut s = other[..len].to_vec();
                            s.sort();
                            s == prefix_sorted
                        })
                        .map(|other| floors[multisets.of(other) as usize])
                        .min()
                        .unwrap();
                    assert_eq!(least[m as usize], brute, "{prefix:?}");
                }
            }
        }
    }
}
