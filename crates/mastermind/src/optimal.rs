//! The optimal strategy: the guess tree that minimises the total (and so the mean) number of guesses over
//! every secret still possible, found by depth-first branch and bound.
//!
//! The cost of a set of secrets is the number of guesses needed to solve each of them, summed. A guess costs
//! one for every secret in the set and splits it by feedback; the winning class is solved, every other class
//! costs its own optimum. The search tries candidate guesses (colour-symmetry classes as for the partition
//! strategies, see `ColorSymmetry`) in the order of a lower bound on their cost, and abandons a candidate
//! or a class as soon as its bound reaches the best total found so far. The bound on a class of `n` secrets
//! is the cost of a perfect tree: no guess solves more than one secret, and no guess splits a set into more
//! classes than there are non-winning feedbacks, so at most `k^(d-1)` secrets can be solved with `d` guesses
//! (`k` = feedbacks less the win). Sets solved exactly are remembered, and so are the bounds a set failed to
//! beat, so the tree can be read back without searching again.
//!
//! Most candidates are never taken, so they are bounded only roughly (scored until they pass the best bound so
//! far); a small set's scan ends at the first candidate reaching the least any guess can cost it; and while a
//! set has no cutoff (the first guess tried from the top down), its classes are solved side by side on the pool.
//! None of these changes a guess (a test compares the trees with the plain search's).
//!
//! On 4 pegs x 6 colours this finds Koyama and Lai's 5625 guesses over all 1296 secrets (mean 4.340).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use crate::Feedback;
use crate::listing::listed::Listed;
use crate::search::{Budget, Stopped};
use crate::stats::PlayAllStats;
use progress::Observer;
use rayon::prelude::*;

mod books;
mod bounds;

/// Finds optimal guesses for sets of consistent codes of one listed game, remembering what it solved.
pub(crate) struct Optimal<'a> {
    listed: &'a Listed,
    /// `floor[n]`: the fewest guesses, summed over secrets, any strategy could need for `n` secrets.
    floor: Vec<u64>,
    /// `step[n] = floor[n + 1] - floor[n]`, the depth of one more secret in a perfect tree: what the bound's
    /// hot loop adds per code, one load instead of two.
    step: Vec<u64>,
    /// The exact optimum of sets solved so far: total guesses and the first guess.
    solved: HashMap<Vec<u32>, (u64, u32)>,
    /// Sets known to need at least this many guesses.
    at_least: HashMap<Vec<u32>, u64>,
    /// Feedbacks computed so far, against `limit`.
    work: u64,
    limit: u64,
    observer: &'a dyn Observer,
    /// Scratch: class sizes of one candidate.
    sizes: Vec<u32>,
    /// Whether the search takes its shortcuts (rough bounds, the scan's exit at a settled bound, classes solved
    /// side by side); without them it is the plain search, for tests to check they change no guess.
    shortcuts: bool,
}

/// A cutoff at least this large cuts nothing: no set of a listed game costs that many guesses.
const UNBOUNDED: u64 = u64::MAX / 2;
/// Sets at least this large have their classes solved side by side when nothing bounds them (smaller ones are
/// over before a thread would pick them up).
const PARALLEL_SET: usize = 64;

/// A candidate guess with the lower bound of its cost.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Candidate {
    pub(crate) bound: u64,
    inconsistent: bool,
    pub(crate) index: u32,
}

impl<'a> Optimal<'a> {
    /// A solver for the codes of `listed`, computing at most `budget.nodes` feedbacks, that knows the trees
    /// shipped for games whose search takes too long to wait for (4 pegs x 6 colours).
    pub(crate) fn new(listed: &'a Listed, budget: &Budget, observer: &'a dyn Observer) -> Self {
        let mut optimal = Optimal::searching(listed, budget, observer);
        if let Some(book) = books::book(&listed.spec) {
            // A book that did not fit would only cost time: the search finds the same tree.
            let learnt = optimal.learn(book);
            debug_assert!(learnt.is_some(), "the book for {} fits", listed.spec);
        }
        optimal
    }

    /// A solver that finds everything by search.
    pub(crate) fn searching(
        listed: &'a Listed,
        budget: &Budget,
        observer: &'a dyn Observer,
    ) -> Self {
        let k = (listed.spec.feedback_count() - 1) as u64;
        // Fill depths greedily: depth d holds at most k^(d-1) secrets.
        let mut floor = Vec::with_capacity(listed.len() + 1);
        let (mut total, mut depth, mut room) = (0u64, 1u64, 1u64);
        floor.push(0);
        for _ in 0..listed.len() {
            if room == 0 {
                depth += 1;
                room = k.saturating_pow((depth - 1) as u32);
            }
            room -= 1;
            total += depth;
            floor.push(total);
        }
        let step = floor.windows(2).map(|w| w[1] - w[0]).collect();
        Optimal {
            listed,
            floor,
            step,
            solved: HashMap::new(),
            at_least: HashMap::new(),
            work: 0,
            limit: budget.nodes,
            observer,
            sizes: vec![0; Feedback::index_count(listed.spec.pegs)],
            shortcuts: true,
        }
    }

    /// The optimal total cost of `set` (sorted indices of the codes still possible) and its first guess, for
    /// a position reached by the guesses `past`.
    pub(crate) fn best(&mut self, set: &[u32], past: &[&'a [u8]]) -> Result<(u64, u32), Stopped> {
        match self.solve(set, past, u64::MAX)? {
            Some(best) => Ok(best),
            None => unreachable!("every set has a finite cost"),
        }
    }

    /// The optimal cost of `set` and its first guess if that cost is below `cutoff`, else `None`.
    pub(crate) fn solve(
        &mut self,
        set: &[u32],
        past: &[&'a [u8]],
        cutoff: u64,
    ) -> Result<Option<(u64, u32)>, Stopped> {
        let n = set.len();
        if self.floor[n] >= cutoff {
            return Ok(None);
        }
        match n {
            0 => unreachable!("classes are never empty"),
            // One guess; or guess one of two, then the other if needed: the floor, so optimal.
            1 => return Ok(Some((1, set[0]))),
            2 => return Ok(Some((3, set[0]))),
            _ => {}
        }
        if let Some(&(cost, guess)) = self.solved.get(set) {
            return Ok((cost < cutoff).then_some((cost, guess)));
        }
        if self.at_least.get(set).is_some_and(|&least| least >= cutoff) {
            return Ok(None);
        }
        if !self.observer.keep_going() {
            return Err(Stopped::Cancelled);
        }
        if let Some(guess) = self.separating_secret(set) {
            // The floor (2n - 1 while n fits in the feedbacks), so nothing does better.
            let found = (2 * n as u64 - 1, guess);
            return Ok((found.0 < cutoff).then_some(found));
        }
        // With none, a set that small costs at least 2n, and a guess bounded at 2n costs exactly that (all
        // classes single codes; or, for one of the set's own codes, one pair besides): the first such guess in
        // the search's order is the answer, and the scan of candidates can stop there.
        let settled =
            (self.shortcuts && n <= self.listed.spec.feedback_count()).then_some(2 * n as u64);
        // Taken best bound first; a heap orders only as many as are taken (the first few usually settle it).
        // Most candidates are never taken, so most are not bounded exactly: `rough` ones stopped being scored once
        // their bound passed the best so far, and are bounded exactly only if they could still come before the
        // next exact one (same order, same tree: the rough bound is a lower bound of the exact one).
        // The set's codes laid out for scoring, once: for the scan and for each rough candidate bounded again.
        let secrets = self.listed.secrets(set);
        let (exact, mut unsorted) =
            self.candidates(set, &secrets, past, cutoff, self.shortcuts, settled)?;
        let mut candidates: BinaryHeap<Reverse<Candidate>> =
            exact.into_iter().map(Reverse).collect();
        // Ordered only after the first guess is tried, and only those below its total: every rough bound passed
        // the lowest exact one, so none comes before the first guess, and often none is left after it.
        let mut rough: BinaryHeap<Reverse<Candidate>> = BinaryHeap::new();
        let mut best: Option<(u64, u32)> = None;
        let mut limit = cutoff;
        loop {
            let next = candidates.peek().map_or(u64::MAX, |c| c.0.bound);
            while let Some(&Reverse(r)) = rough.peek() {
                if r.bound > next || r.bound >= limit {
                    break;
                }
                rough.pop();
                if let Some(bound) = self.bound(&secrets, r.index, limit) {
                    candidates.push(Reverse(Candidate { bound, ..r }));
                }
            }
            let Some(Reverse(c)) = candidates.pop() else {
                break;
            };
            if c.bound >= limit {
                break; // taken by bound: none of the rest can do better
            }
            let mut classes = self.split(set, c.index);
            self.work += n as u64;
            // Smallest classes first: they are cheap to solve and tighten the total early.
            classes.sort_by_key(|class| class.len());
            let past = [past, &[self.listed.pegs(c.index)]].concat();
            // A cheap second bound first: a small class none of whose codes splits it into single codes
            // costs at least one more than its floor. A class whose floor is its cost needs no search below.
            let mut total = c.bound;
            let mut floors: Vec<(u64, bool)> = Vec::with_capacity(classes.len());
            for class in &classes {
                let (floor, exact) = self.floor_of(class);
                total += floor - self.floor[class.len()];
                floors.push((floor, exact));
            }
            let mut beaten = total >= limit;
            if self.shortcuts && limit >= UNBOUNDED && n >= PARALLEL_SET {
                // Nothing to beat yet (the first guess tried on a set with no cutoff): every class is solved
                // exactly whatever the others cost, so they are solved side by side, each by a solver of its own
                // (sibling classes share no codes, so no set one of them solves is one another meets), and what
                // they learnt is merged. The same tree as one after another.
                let remaining = self.limit.saturating_sub(self.work);
                let (parent, past) = (&*self, &past);
                let solved: Vec<Result<(u64, Optimal<'a>), Stopped>> = classes
                    .par_iter()
                    .map(|class| {
                        let mut child = parent.child(remaining);
                        let (cost, _) = child.best(class, past)?;
                        Ok((cost, child))
                    })
                    .collect();
                total -= floors.iter().map(|f| f.0).sum::<u64>();
                for found in solved {
                    let (cost, child) = found?;
                    total += cost;
                    self.absorb(child);
                }
                if self.work > self.limit {
                    return Err(Stopped::Budget);
                }
                beaten = total >= limit;
            } else {
                for (class, &(floor, exact)) in classes.iter().zip(&floors) {
                    if beaten {
                        break;
                    }
                    if exact {
                        continue;
                    }
                    total -= floor;
                    match self.solve(class, &past, limit - total)? {
                        Some((cost, _)) => total += cost,
                        None => beaten = true,
                    }
                }
            }
            if !beaten {
                best = Some((total, c.index));
                limit = total;
            }
            if !unsorted.is_empty() {
                rough = unsorted
                    .drain(..)
                    .filter(|r| r.bound < limit)
                    .map(Reverse)
                    .collect();
            }
        }
        match best {
            Some(found) => {
                self.solved.insert(set.to_vec(), found);
            }
            None => {
                let least = self.at_least.entry(set.to_vec()).or_insert(0);
                *least = (*least).max(cutoff);
            }
        }
        Ok(best)
    }

    /// A solver for the same game with nothing solved yet, that may compute `budget` feedbacks (each of the
    /// solvers working side by side gets what is left of the budget: it bounds time, not the exact work).
    fn child(&self, budget: u64) -> Optimal<'a> {
        Optimal {
            listed: self.listed,
            floor: self.floor.clone(),
            step: self.step.clone(),
            solved: HashMap::new(),
            at_least: HashMap::new(),
            work: 0,
            limit: budget,
            observer: self.observer,
            sizes: vec![0; self.sizes.len()],
            shortcuts: self.shortcuts,
        }
    }

    /// Takes what `child` solved and spent.
    fn absorb(&mut self, child: Optimal<'a>) {
        self.work += child.work;
        self.solved.extend(child.solved);
        for (set, least) in child.at_least {
            let known = self.at_least.entry(set).or_insert(0);
            *known = (*known).max(least);
        }
    }

    /// The index of the winning feedback.
    fn win(&self) -> usize {
        Feedback {
            black: self.listed.spec.pegs,
            white: 0,
        }
        .index()
    }

    /// Walks the optimal tree below `set` (searching where it is not solved yet) in pre-order, children in
    /// feedback order: `visit(set, guess, depth)` for every node, `depth` counting the guess itself.
    pub(crate) fn walk(
        &mut self,
        set: &[u32],
        past: &[&'a [u8]],
        depth: u32,
        visit: &mut impl FnMut(&[u32], u32, u32),
    ) -> Result<(), Stopped> {
        let (_, guess) = self.best(set, past)?;
        visit(set, guess, depth);
        let past = [past, &[self.listed.pegs(guess)]].concat();
        for class in self.split(set, guess) {
            self.walk(&class, &past, depth + 1, visit)?;
        }
        Ok(())
    }

    /// The codes of `set` that `guess` does not win against, by feedback class in feedback order.
    pub(crate) fn split(&self, set: &[u32], guess: u32) -> Vec<Vec<u32>> {
        let classes = self.listed.split(set, guess);
        classes.into_iter().map(|(_, class)| class).collect()
    }

    /// Every game's length down the optimal tree for all codes.
    pub(crate) fn play_all(&mut self) -> Result<PlayAllStats, Stopped> {
        let all: Vec<u32> = (0..self.listed.len() as u32).collect();
        let mut stats = PlayAllStats::default();
        self.walk(&all, &[], 1, &mut |set, guess, depth| {
            if set.binary_search(&guess).is_ok() {
                stats.record(depth);
            }
        })?;
        Ok(stats)
    }

    /// The optimal tree for all codes as a book: the guess (code index) of every node of at least three
    /// codes, in pre-order with children in feedback order (smaller nodes guess their lowest code).
    pub(crate) fn book(&mut self) -> Result<Vec<u32>, Stopped> {
        let all: Vec<u32> = (0..self.listed.len() as u32).collect();
        let mut book = Vec::new();
        self.walk(&all, &[], 1, &mut |set, guess, _| {
            if set.len() >= 3 {
                book.push(guess);
            }
        })?;
        Ok(book)
    }

    /// Takes a book written by [`Optimal::book`] as solved: every node's set gets its guess and its subtree's
    /// cost. Returns the cost of the whole tree, or `None` (and learns nothing) if the book does not fit this
    /// game.
    pub(crate) fn learn(&mut self, book: &[u16]) -> Option<u64> {
        let all: Vec<u32> = (0..self.listed.len() as u32).collect();
        let mut learnt = Vec::new();
        let mut at = 0;
        let cost = self.read(book, &mut at, &all, &mut learnt)?;
        if at != book.len() {
            return None;
        }
        self.solved.extend(learnt);
        Some(cost)
    }

    fn read(
        &self,
        book: &[u16],
        at: &mut usize,
        set: &[u32],
        learnt: &mut Vec<(Vec<u32>, (u64, u32))>,
    ) -> Option<u64> {
        let guess = match set.len() {
            1 | 2 => return Some(2 * set.len() as u64 - 1),
            _ => u32::from(*book.get(*at)?),
        };
        *at += 1;
        if guess as usize >= self.listed.len() {
            return None;
        }
        let mut cost = set.len() as u64;
        for class in self.split(set, guess) {
            cost += self.read(book, at, &class, learnt)?;
        }
        learnt.push((set.to_vec(), (cost, guess)));
        Some(cost)
    }
}

#[cfg(test)]
mod tests;
