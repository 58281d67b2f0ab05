//! The optimal search cut into parts that any process can do, for a cluster: the root's candidate guesses, each
//! one's cost below a cutoff, and the book below each class of the chosen root guess. Put together in the
//! search's own order (the lowest cost, the earliest candidate among equals) they give [`crate::optimal_book`]'s
//! book exactly.

use rayon::prelude::*;

use crate::listing::listed::Listed;
use crate::optimal::Optimal;
use crate::search::{Budget, Stopped};
use crate::{Spec, Strategy, StrategyError, play_all};
use progress::{NoObserver, Observer};

/// The optimal search of one game, in parts.
pub struct BookSearch {
    listed: Listed,
}

impl BookSearch {
    /// The search of every code of `spec` (games whose codes can all be listed).
    pub fn new(spec: &Spec) -> Result<BookSearch, StrategyError> {
        Ok(BookSearch {
            listed: Listed::new(spec)?,
        })
    }

    /// Codes in the game.
    pub fn codes(&self) -> u64 {
        self.listed.len() as u64
    }

    fn all(&self) -> Vec<u32> {
        (0..self.listed.len() as u32).collect()
    }

    fn solver<'a>(&'a self, observer: &'a dyn Observer) -> Optimal<'a> {
        Optimal::searching(&self.listed, &Budget::THOROUGH, observer)
    }

    /// The total guesses of the best heuristic tree that solves every code (entropy, most parts, expected size):
    /// the optimum is at most this, so it is a first cutoff that every candidate can be measured against at once.
    /// `u64::MAX` (no bound) if none solves every code.
    pub fn upper_bound(&self) -> Result<u64, StrategyError> {
        let spec = &self.listed.spec;
        [
            Strategy::Entropy,
            Strategy::MostParts,
            Strategy::ExpectedSize,
        ]
        .into_iter()
        .map(|s| {
            play_all(spec, s, 0).map(|stats| {
                if stats.failed == 0 {
                    stats.total_guesses
                } else {
                    u64::MAX
                }
            })
        })
        .try_fold(u64::MAX, |best, t| t.map(|t| best.min(t)))
    }

    /// The candidate first guesses, in the order the search tries them (best lower bound first), each with its
    /// lower bound.
    pub fn root_candidates(&self) -> Result<Vec<(u32, u64)>, Stopped> {
        let all = self.all();
        let secrets = self.listed.secrets(&all);
        let mut candidates = self
            .solver(&NoObserver)
            .candidates(&all, &secrets, &[], u64::MAX, false, None)?
            .0;
        candidates.sort_unstable();
        Ok(candidates.into_iter().map(|c| (c.index, c.bound)).collect())
    }

    /// The total guesses of the best tree starting with `guess`, if it is below `cutoff` (else `None`); the
    /// classes `guess` leaves are solved on the thread pool, each against the cutoff less the others' floors.
    pub fn cost_with(
        &self,
        guess: u32,
        cutoff: u64,
        observer: &dyn Observer,
    ) -> Result<Option<u64>, Stopped> {
        let all = self.all();
        let n = all.len() as u64;
        let mut floors_of = self.solver(observer);
        let classes = floors_of.split(&all, guess);
        let floors: Vec<u64> = classes.iter().map(|c| floors_of.class_floor(c)).collect();
        let floor_sum: u64 = floors.iter().sum();
        if n + floor_sum >= cutoff {
            return Ok(None);
        }
        let past = [self.listed.pegs(guess)];
        let costs: Vec<Option<u64>> = classes
            .par_iter()
            .zip(&floors)
            .map(|(class, floor)| {
                let room = cutoff - (n + floor_sum - floor);
                Ok(self
                    .solver(observer)
                    .solve(class, &past, room)?
                    .map(|(cost, _)| cost))
            })
            .collect::<Result<_, Stopped>>()?;
        let total = costs.into_iter().try_fold(n, |t, c| c.map(|c| t + c));
        Ok(total.filter(|&t| t < cutoff))
    }

    /// The classes of codes `guess` leaves (its own code won), in feedback order: the root's children in a book.
    pub fn classes(&self, guess: u32) -> Vec<Vec<u32>> {
        self.solver(&NoObserver).split(&self.all(), guess)
    }

    /// The book below one class of the first guess `root` (pre-order, as [`crate::optimal_book`] writes it),
    /// and the class's cost (the guesses its codes need after the first).
    pub fn class_book(
        &self,
        root: u32,
        class: &[u32],
        observer: &dyn Observer,
    ) -> Result<(Vec<u32>, u64), Stopped> {
        let past = [self.listed.pegs(root)];
        let mut book = Vec::new();
        let mut cost = 0;
        self.solver(observer)
            .walk(class, &past, 1, &mut |set, guess, depth| {
                if set.len() >= 3 {
                    book.push(guess);
                }
                if set.binary_search(&guess).is_ok() {
                    cost += u64::from(depth);
                }
            })?;
        Ok((book, cost))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::optimal_book;

    /// What a cluster does, in one process: candidates in order against a shrinking cutoff, the lowest cost and
    /// the earliest candidate among equals, then each class's book.
    fn book_in_parts(spec: &Spec) -> Vec<u32> {
        let search = BookSearch::new(spec).unwrap();
        let mut cutoff = search.upper_bound().unwrap().saturating_add(1);
        // Out of order on purpose (the last candidates first), as results come back from ranks.
        let candidates = search.root_candidates().unwrap();
        let mut results = Vec::new();
        for &(guess, bound) in candidates.iter().rev() {
            if bound < cutoff
                && let Some(cost) = search.cost_with(guess, cutoff, &NoObserver).unwrap()
            {
                results.push((
                    cost,
                    candidates.iter().position(|c| c.0 == guess).unwrap(),
                    guess,
                ));
            }
            if let Some(&(c, _, _)) = results.iter().min() {
                cutoff = cutoff.min(c + 1);
            }
        }
        let (total, _, root) = results.into_iter().min().unwrap();
        let mut book = vec![root];
        let mut sum = search.codes();
        for class in search.classes(root) {
            let (part, cost) = search.class_book(root, &class, &NoObserver).unwrap();
            book.extend(part);
            sum += cost;
        }
        assert_eq!(sum, total);
        book
    }

    #[test]
    fn the_book_put_together_from_parts_is_the_searched_book() {
        for (pegs, colors) in [(3, 4), (3, 5), (4, 4), (2, 6)] {
            let spec = Spec::new(pegs, colors, true).unwrap();
            assert_eq!(book_in_parts(&spec), optimal_book(&spec).unwrap(), "{spec}");
        }
    }
}
