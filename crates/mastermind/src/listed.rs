//! Every code of a game small enough to list, packed once and named by its index (its rank in lexicographic
//! order). The strategies that score every code as a guess, and the strategy tree, work on these indices: no
//! code is copied or packed again inside their loops.

use crate::bits::{Bits, Secrets};
use crate::strategy::{self, StrategyError};
use crate::{Code, Feedback, Spec};

/// Every code of a game, in lexicographic order, with its bit sets.
pub(crate) struct Listed {
    /// The game.
    pub(crate) spec: Spec,
    /// Code `i`.
    pub(crate) codes: Vec<Code>,
    /// Code `i` as bit sets, for scoring ([`Bits`]).
    pub(crate) bits: Vec<Bits>,
}

impl Listed {
    /// Lists every code of `spec`, if there are at most [`strategy::MAX_LISTED_CODES`].
    pub(crate) fn new(spec: &Spec) -> Result<Listed, StrategyError> {
        let codes = strategy::list_all(spec)?;
        let bits = codes
            .iter()
            .map(|c| Bits::new(c.pegs(), spec.colors))
            .collect();
        Ok(Listed {
            spec: *spec,
            codes,
            bits,
        })
    }

    /// The index of `code`, a code of this game.
    pub(crate) fn index_of(&self, code: &Code) -> u32 {
        self.rank(code.pegs())
    }

    /// The index of the code with these pegs.
    pub(crate) fn rank(&self, pegs: &[u8]) -> u32 {
        if self.spec.repeats {
            // Lexicographic order of codes with repeats is counting in base `colors`.
            let base = u32::from(self.spec.colors);
            pegs.iter().fold(0, |r, &c| r * base + u32::from(c))
        } else {
            match self.codes.binary_search_by(|c| c.pegs().cmp(pegs)) {
                Ok(i) => i as u32,
                Err(_) => unreachable!("every code of the game is listed"),
            }
        }
    }

    /// The indices of `codes` (codes of this game, sorted), sorted.
    pub(crate) fn indices_of(&self, codes: &[Code]) -> Vec<u32> {
        codes.iter().map(|c| self.index_of(c)).collect()
    }

    /// The codes of `set` (indices) laid out for scoring one guess against them all ([`Secrets`]).
    pub(crate) fn secrets(&self, set: &[u32]) -> Secrets {
        Secrets::new(&self.spec, set.iter().map(|&i| &self.bits[i as usize]))
    }

    /// Code `i`.
    pub(crate) fn code(&self, i: u32) -> &Code {
        &self.codes[i as usize]
    }

    /// The codes of `set` (sorted indices) that `guess` does not win against, split by feedback: each
    /// non-empty class with its [`crate::Feedback::index`], in feedback order, each class sorted.
    pub(crate) fn split(&self, set: &[u32], guess: u32) -> Vec<(usize, Vec<u32>)> {
        let pegs = self.spec.pegs;
        let g = &self.bits[guess as usize];
        let mut classes: Vec<Vec<u32>> = vec![Vec::new(); Feedback::index_count(pegs)];
        for &s in set {
            let fb = g.score(&self.bits[s as usize]);
            if !fb.is_win(pegs) {
                classes[fb.index()].push(s);
            }
        }
        classes
            .into_iter()
            .enumerate()
            .filter(|(_, class)| !class.is_empty())
            .collect()
    }

    /// How many codes there are.
    pub(crate) fn len(&self) -> usize {
        self.codes.len()
    }
}
