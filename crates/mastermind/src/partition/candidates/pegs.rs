//! Peg symmetry for the candidates: orders of the pegs that, with a map of the colours, fix every past guess, so
//! that of a candidate and its images only the lowest needs scoring.

use std::cmp::Ordering;

use super::colors::{ColorSymmetry, MAX_LISTED_PEGS};
use crate::Spec;

/// Permutations of the pegs that, together with a permutation of the colours guessed, map every past guess onto
/// itself (widmaN's "constraint equivalence"): such a map sends every code consistent with the scores to one
/// consistent with them, so a guess and its image split the consistent codes alike, up to the names of the
/// classes. Among a guess and its images (each then brought to its lowest form under [`ColorSymmetry`], another
/// such map) only the lowest needs scoring, which keeps every strategy's result exact, tie-break included: a
/// candidate is dropped only for a lower one that scores the same and is as consistent. Any subset of these maps
/// keeps that true, so the search for them stops at [`PegSymmetry::MAX_MAPS`] (or after
/// [`PegSymmetry::MAX_STEPS`] steps, for many pegs of few colours).
#[derive(Default)]
pub(crate) struct PegSymmetry {
    /// Each map: `to[peg]`, where the peg goes; `color[c]`, what colour `c` becomes (itself if no guess has it).
    maps: Vec<([u8; MAX_LISTED_PEGS], [u8; 32])>,
    /// Each map's inverse on the pegs: `from[peg]`, the peg that goes to `peg`.
    from: Vec<[u8; MAX_LISTED_PEGS]>,
}

impl PegSymmetry {
    const MAX_MAPS: usize = 64;

    /// Whether no map was found (every candidate is kept).
    pub(crate) fn is_empty(&self) -> bool {
        self.maps.is_empty()
    }
    const MAX_STEPS: usize = 4096;

    /// The maps (other than the identity) that fix every one of `guesses` (codes of `spec`).
    pub(crate) fn new(spec: &Spec, guesses: &[&[u8]]) -> PegSymmetry {
        let pegs = usize::from(spec.pegs);
        let mut search = MapSearch {
            guesses,
            pegs,
            to: [0; MAX_LISTED_PEGS],
            used: 0,
            color: [u8::MAX; 32],
            from_color: [u8::MAX; 32],
            steps: 0,
            maps: Vec::new(),
        };
        if pegs <= MAX_LISTED_PEGS {
            search.place(0);
        }
        let from = search
            .maps
            .iter()
            .map(|(to, _)| {
                let mut from = [0; MAX_LISTED_PEGS];
                for (peg, &target) in to[..pegs].iter().enumerate() {
                    from[usize::from(target)] = peg as u8;
                }
                from
            })
            .collect();
        PegSymmetry {
            maps: search.maps,
            from,
        }
    }

    /// The maps found, for tests.
    #[cfg(test)]
    pub(crate) fn maps(&self) -> &[([u8; MAX_LISTED_PEGS], [u8; 32])] {
        &self.maps
    }

    /// Whether `code` is the lowest of its images under these maps, each brought to its lowest colour form.
    /// Each image is made peg by peg, in order, only as far as its lowest form first differs from `code` (most
    /// differ at once).
    pub(crate) fn keeps(&self, code: &[u8], colors: &ColorSymmetry) -> bool {
        self.maps.iter().zip(&self.from).all(|((_, color), from)| {
            let image = from[..code.len()]
                .iter()
                .map(|&peg| color[usize::from(code[usize::from(peg)])]);
            colors.lowest_form_cmp(image, code) != Ordering::Less
        })
    }
}

/// The depth-first search for [`PegSymmetry`]'s maps: pegs placed one at a time, the colour map growing with
/// what each placement forces (a guess's colour at the peg must become its colour where the peg goes).
struct MapSearch<'a> {
    guesses: &'a [&'a [u8]],
    pegs: usize,
    to: [u8; MAX_LISTED_PEGS],
    /// Where pegs went, a bit each.
    used: u32,
    /// The colour map so far (`u8::MAX`: not forced yet), and its inverse.
    color: [u8; 32],
    from_color: [u8; 32],
    steps: usize,
    maps: Vec<([u8; MAX_LISTED_PEGS], [u8; 32])>,
}

impl MapSearch<'_> {
    fn place(&mut self, peg: usize) {
        if self.maps.len() >= PegSymmetry::MAX_MAPS || self.steps >= PegSymmetry::MAX_STEPS {
            return;
        }
        self.steps += 1;
        if peg == self.pegs {
            if (0..self.pegs).any(|p| usize::from(self.to[p]) != p) {
                let mut color = self.color;
                for (c, to) in color.iter_mut().enumerate() {
                    if *to == u8::MAX {
                        *to = c as u8; // no guess has colour c: it stays
                    }
                }
                self.maps.push((self.to, color));
            }
            return;
        }
        for target in 0..self.pegs {
            if self.used & (1 << target) != 0 {
                continue;
            }
            // The colours this placement forces, undone after trying it.
            let mut forced: Vec<u8> = Vec::new();
            let fits = self.guesses.iter().all(|g| {
                let (a, b) = (g[peg], g[target]);
                match (self.color[usize::from(a)], self.from_color[usize::from(b)]) {
                    (x, _) if x == b => true,
                    (u8::MAX, u8::MAX) => {
                        self.color[usize::from(a)] = b;
                        self.from_color[usize::from(b)] = a;
                        forced.push(a);
                        true
                    }
                    _ => false,
                }
            });
            if fits {
                self.to[peg] = target as u8;
                self.used |= 1 << target;
                self.place(peg + 1);
                self.used &= !(1 << target);
            }
            for a in forced {
                let b = self.color[usize::from(a)];
                self.color[usize::from(a)] = u8::MAX;
                self.from_color[usize::from(b)] = u8::MAX;
            }
        }
    }
}
