//! Where the two halves of a count meet: the sum over the meeting level, from its classes or streamed from the
//! children of the level before it (the meeting level, the widest, is then never stored).

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

use progress::{Flow, Observer, Progress};
use rayon::prelude::*;

use super::Level;
use super::shards::{Halt, SHARD_COUNT, SHARDS, WORDS, owner, pairs, push_pair, rounds, shard_of};
use crate::board::{Board, Position};
use crate::prune::Prune;
use crate::ranks::Ranks;
use crate::symmetry::{MAX_SYMMETRIES, Symmetry};

impl Level {
    /// Where the halves of a count meet: `Σ f(p) g(!p)` over the positions `p` of the meeting level, as
    /// `Σ N(C) M(C') / |C|` over its classes `C` with `N(C)` the paths into `C` from `at`'s pairs, `C'` the class
    /// `meet(p)` of `other` (shared the same way) and `M(C')` the paths into it. The pairs are this level's classes,
    /// or their children: then the meeting level is never stored, only streamed through, and a class's paths arrive
    /// in parts, so sums are kept by class size and divided at the end (a class's paths are a multiple of its size,
    /// a part's need not be). Each pair is sent to the owner of the class it meets, a round of shards at a time;
    /// the sum is over every rank. `held` are the shards of `other` it holds (a range read back from disk; the others
    /// empty): a pair meeting another is dropped before any other test.
    pub fn meet_sum(
        &self,
        other: &Level,
        held: Range<usize>,
        at: &Meeting,
        meet: &(dyn Fn(Position) -> Position + Sync),
        ranks: &dyn Ranks,
    ) -> Result<u128, Halt> {
        let size = ranks.size();
        let lookups = |own| Batch {
            other,
            held: held.clone(),
            meet,
            own,
            at,
            items: Vec::with_capacity(BATCH),
            sums: [0; MAX_SYMMETRIES + 1],
        };
        // Alone, every shard in one go (work stealing balances them); shared, in rounds with an exchange each.
        let batches = if size == 1 {
            vec![(0..SHARD_COUNT).collect()]
        } else {
            rounds(ranks)
        };
        if let Some((_, observer)) = at.children
            && observer.report(Progress::Begin {
                units: batches.iter().map(Vec::len).sum(),
                unit: SHARDS,
            }) == Flow::Stop
        {
            return Err(Halt::Cancelled);
        }
        // Children are pruned as their own half is (a level's classes were pruned as it was built).
        let own_prune = at.children.map(|((_, prune), _)| prune);
        let stop = AtomicBool::new(false);
        let mut total: Sums = [0; MAX_SYMMETRIES + 1];
        for batch in batches {
            if size == 1 {
                let sums = batch
                    .par_iter()
                    .with_max_len(1)
                    .map(|&index| {
                        let mut b = lookups(own_prune);
                        if !self.pairs(index, at, |p, n| b.push(p, n)) {
                            stop.store(true, Ordering::Relaxed);
                        }
                        b.sums()
                    })
                    .reduce(|| [0; MAX_SYMMETRIES + 1], add_sums);
                total = add_sums(total, sums);
                continue;
            }
            let outgoing: Vec<Vec<u64>> = batch
                .par_iter()
                .with_max_len(1)
                .map(|&index| {
                    let mut out = vec![Vec::new(); size];
                    let whole = self.pairs(index, at, |p, n| {
                        if own_prune.is_some_and(|own| own.lost(p)) {
                            return false;
                        }
                        push_pair(&mut out[owner(shard_of(meet(p)), size)], p, n);
                        true
                    });
                    if !whole {
                        stop.store(true, Ordering::Relaxed);
                    }
                    out
                })
                .reduce(
                    || vec![Vec::new(); size],
                    |mut a, b| {
                        for (x, y) in a.iter_mut().zip(b) {
                            x.extend(y);
                        }
                        a
                    },
                );
            if !ranks.all_keep_going(!stop.load(Ordering::Relaxed)) {
                return Err(Halt::Cancelled);
            }
            let received = ranks.exchange(outgoing);
            let sums = received
                .par_chunks(WORDS * 1024)
                .map(|words| {
                    let mut b = lookups(None);
                    for (p, n) in pairs(words) {
                        b.push(p, n);
                    }
                    b.sums()
                })
                .reduce(|| [0; MAX_SYMMETRIES + 1], add_sums);
            total = add_sums(total, sums);
        }
        if !ranks.all_keep_going(!stop.load(Ordering::Relaxed)) {
            return Err(Halt::Cancelled);
        }
        let here: u128 = total
            .iter()
            .enumerate()
            .skip(1)
            .map(|(s, &t)| t / s as u128)
            .sum();
        Ok(ranks.sum(here))
    }

    /// Gives `emit` the pairs of shard `index` that `at` names, unpruned (`emit` says whether it kept a pair);
    /// `false` if the observer stopped it.
    fn pairs(
        &self,
        index: usize,
        at: &Meeting,
        mut emit: impl FnMut(Position, u128) -> bool,
    ) -> bool {
        match at.children {
            None => {
                for (p, n) in self.shard(index).iter() {
                    emit(p, n);
                }
                true
            }
            Some(((board, _), observer)) => {
                self.expand_shard(index, (board, at.symmetry), observer, &|_, _| {}, emit)
            }
        }
    }
}

/// Lookups made a batch at a time, each batch's places prefetched as it fills (a lookup into a level of
/// gigabytes is a miss of every cache; prefetched together, the misses overlap).
const BATCH: usize = 16;

/// A thread's lookups into the other level, and its sums.
struct Batch<'a> {
    other: &'a Level,
    /// The shards `other` holds.
    held: Range<usize>,
    meet: &'a (dyn Fn(Position) -> Position + Sync),
    /// The pruning of the pairs' own half, where they are children not yet pruned.
    own: Option<&'a Prune>,
    at: &'a Meeting<'a>,
    /// `(class met, pair's class, paths)`, prefetched, not yet looked up.
    items: Vec<(Position, Position, u128)>,
    sums: Sums,
}

impl Batch<'_> {
    /// Looks up the class `p` meets, unless it is in a shard of `other` not held or either half's pruning drops
    /// it (a class the other half drops is never on its level); whether it was looked up.
    fn push(&mut self, p: Position, n: u128) -> bool {
        let key = (self.meet)(p);
        if !self.held.contains(&shard_of(key))
            || self.own.is_some_and(|own| own.lost(p))
            || self.at.other_prune.lost(key)
        {
            return false;
        }
        self.other.prefetch(key);
        self.items.push((key, p, n));
        if self.items.len() == BATCH {
            self.drain();
        }
        true
    }

    fn drain(&mut self) {
        for (key, p, n) in self.items.drain(..) {
            if let Some(m) = self.other.paths(key) {
                self.sums[self.at.symmetry.class_size(p) as usize] += n * m;
            }
        }
    }

    fn sums(mut self) -> Sums {
        self.drain();
        self.sums
    }
}

/// Sums of a meet by class size (index 1 to 8).
type Sums = [u128; MAX_SYMMETRIES + 1];

fn add_sums(mut a: Sums, b: Sums) -> Sums {
    for (x, y) in a.iter_mut().zip(b) {
        *x += y;
    }
    a
}

/// What a meet sums over: a level's classes, or (with `children`) the children of its classes under the board's
/// jumps, pruned, with progress reported per shard.
pub struct Meeting<'a> {
    /// The symmetries the classes are taken under.
    pub symmetry: &'a Symmetry,
    /// The pruning of the other level's half: a class met that it drops is not looked up.
    pub other_prune: &'a Prune,
    /// The board and pruning for the children, and who hears of the progress.
    pub children: Option<((&'a Board, &'a Prune), &'a dyn Observer)>,
}
