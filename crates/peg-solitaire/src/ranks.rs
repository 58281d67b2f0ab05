//! The processes a count can be shared across, as the seed's cluster ran it: each position is owned by one
//! process ("rank"), chosen by its hash, so each level's positions are split between the ranks and none holds
//! the whole level. The core knows nothing of how ranks talk: the CLI implements [`Ranks`] over MPI, the tests
//! over threads, and one process alone is [`Alone`].
//!
//! Every method but [`Ranks::rank`], [`Ranks::size`] and [`Ranks::keep_going`] is collective: every rank calls
//! it, the same number of times, in the same order.

/// The ranks of a shared count, and the two collective steps it needs.
pub trait Ranks {
    /// This rank, from 0.
    fn rank(&self) -> usize;
    /// Ranks in all.
    fn size(&self) -> usize;
    /// Sends `outgoing[r]` to rank `r` and returns everything the ranks sent to this one, in rank order.
    fn exchange(&self, outgoing: Vec<Vec<u64>>) -> Vec<u64>;
    /// Every rank's `words` (the same length everywhere), in rank order.
    fn gather(&self, words: &[u64]) -> Vec<Vec<u64>>;
    /// Whether this rank may go on (a signal stops it); [`Ranks::all_keep_going`] agrees on it.
    fn keep_going(&self) -> bool {
        true
    }

    /// The exact sum over the ranks (128-bit: each is sent as two 64-bit halves).
    fn sum(&self, n: u128) -> u128 {
        if self.size() == 1 {
            return n;
        }
        self.gather(&[n as u64, (n >> 64) as u64])
            .iter()
            .map(|w| u128::from(w[0]) | u128::from(w[1]) << 64)
            .sum()
    }

    /// The largest over the ranks.
    fn max(&self, n: u64) -> u64 {
        if self.size() == 1 {
            return n;
        }
        self.gather(&[n]).iter().map(|w| w[0]).max().unwrap_or(n)
    }

    /// Whether every rank may go on (so all stop together, never one waiting for the others in a collective).
    fn all_keep_going(&self, here: bool) -> bool {
        if self.size() == 1 {
            return here;
        }
        self.gather(&[u64::from(here && self.keep_going())])
            .iter()
            .all(|w| w[0] == 1)
    }
}

/// One process holding every position: the browser, and the CLI without MPI.
pub struct Alone;

impl Ranks for Alone {
    fn rank(&self) -> usize {
        0
    }
    fn size(&self) -> usize {
        1
    }
    fn exchange(&self, outgoing: Vec<Vec<u64>>) -> Vec<u64> {
        outgoing.concat()
    }
    fn gather(&self, words: &[u64]) -> Vec<Vec<u64>> {
        vec![words.to_vec()]
    }
}
