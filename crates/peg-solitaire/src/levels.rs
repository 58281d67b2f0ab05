//! One level of positions (all with the same number of pegs), each class of positions under a symmetry group with
//! the number of paths into it, sharded by hash so that threads can own shards; and expanding a level into the
//! next on the thread pool.

use std::borrow::Cow;
use std::hash::Hasher;
use std::ops::Range;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use progress::{Flow, Label, Observer, Progress, Unit};
use rayon::prelude::*;

use crate::board::{Board, Position};
use crate::prune::Prune;
use crate::ranks::Ranks;
use crate::shard::Shard;
use crate::symmetry::Symmetry;
use building::Building;

mod building;
mod disk;
mod meet;
mod shared;

pub use disk::ranges;
pub use meet::Meeting;

/// What a unit of counting work is: one shard of a level's positions, owned by one thread while it is expanded.
pub const SHARDS: Unit = Unit::new("shard", "shards of a level", Label::Ordinal);

/// Shards per level: many more than threads, so work stealing balances them (the seed's fixed split by rank did
/// not).
pub const SHARD_COUNT: usize = 128;

/// Bytes one class takes in a shard's table while its level is built, made ready for 15 % more classes than
/// expected (16 bytes a slot, at most 7/10 full); a finished level's tables are 3/4 full: 21 bytes a class.
pub const BYTES_PER_CLASS: u64 = 27;

/// A fast hash for positions (a multiplicative hash; positions are well spread in their low bits already).
#[derive(Default, Clone, Copy)]
pub struct PositionHasher(u64);

impl Hasher for PositionHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    fn write_u64(&mut self, n: u64) {
        // The product's high bits depend on every bit of `n`, its low bits only on the low bits: fold the high
        // half down, since a table takes its buckets from the low bits.
        let x = (n ^ (n >> 29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 = x ^ (x >> 32);
    }
}

/// The shard a position belongs to, from bits 40-46 of its hash (a shard's table places its classes by a hash of
/// its own, `shard.rs`, so the bits every key of a shard shares here do not crowd its slots).
fn shard_of(pos: Position) -> usize {
    let mut h = PositionHasher::default();
    h.write_u64(pos);
    (h.finish() >> 40) as usize % SHARD_COUNT
}

/// The rank that owns a shard when a count is shared across `ranks` processes.
fn owner(shard: usize, ranks: usize) -> usize {
    shard % ranks
}

/// Shards each thread of a rank expands between two exchanges of a shared count: enough to keep the threads
/// busy, few enough that the positions waiting to be sent stay a small part of a level.
const ROUND_SHARDS_PER_THREAD: usize = 2;

/// The shards this rank owns, in rounds of a few per thread, as many rounds as the rank with most of them needs
/// (empty rounds at the end here), so every rank takes part in every round's exchange. Collective.
fn rounds(ranks: &dyn Ranks) -> Vec<Vec<usize>> {
    let (me, size) = (ranks.rank(), ranks.size());
    let mine: Vec<usize> = (0..SHARD_COUNT).filter(|&s| owner(s, size) == me).collect();
    let per_round = ROUND_SHARDS_PER_THREAD * rayon::current_num_threads();
    let mut rounds: Vec<Vec<usize>> = mine.chunks(per_round).map(<[usize]>::to_vec).collect();
    let all = ranks.max(rounds.len() as u64) as usize;
    rounds.resize(all, Vec::new());
    rounds
}

/// Children a thread gathers for one shard of the next level before it takes that shard's lock.
const FLUSH: usize = 512;

/// Adds the children in `buf` to a shard of the next level, under its lock, and empties `buf`.
fn flush_into(shard: &Mutex<Shard>, buf: &mut Vec<(Position, u128)>) {
    if let Ok(mut t) = shard.lock() {
        t.add_all(buf);
    }
    buf.clear();
}

/// Words a (position, paths) pair takes on the wire: the position, then the paths as two 64-bit halves.
const WORDS: usize = 3;

fn push_pair(out: &mut Vec<u64>, pos: Position, n: u128) {
    out.extend_from_slice(&[pos, n as u64, (n >> 64) as u64]);
}

fn pairs(words: &[u64]) -> impl Iterator<Item = (Position, u128)> + '_ {
    words
        .chunks_exact(WORDS)
        .map(|w| (w[0], u128::from(w[1]) | u128::from(w[2]) << 64))
}

/// One level: the classes of positions reached, each with the paths into the whole class.
#[derive(Debug)]
pub struct Level {
    /// Pegs on every position of the level.
    pub pegs: u32,
    /// The shards, when in memory (empty ones when on disk).
    shards: Vec<Shard>,
    /// The shards, when on disk.
    disk: Option<disk::OnDisk>,
}

/// Why expanding a level stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Halt {
    /// The observer asked to stop.
    Cancelled,
    /// A level's temporary files could not be written or read.
    Disk(String),
}

impl Level {
    /// A level holding `starts` (each a canonical position with its paths).
    pub fn new(pegs: u32, starts: impl IntoIterator<Item = (Position, u128)>) -> Level {
        let mut shards: Vec<Shard> = (0..SHARD_COUNT).map(|_| Shard::default()).collect();
        for (pos, n) in starts {
            shards[shard_of(pos)].add(pos, n);
        }
        Level {
            pegs,
            shards,
            disk: None,
        }
    }

    /// Shard `index`, from memory or read from disk.
    fn shard(&self, index: usize) -> Cow<'_, Shard> {
        match &self.disk {
            Some(d) => Cow::Owned(d.load(index)),
            None => Cow::Borrowed(&self.shards[index]),
        }
    }

    /// A level holding those of `starts` this rank owns (every one when it is alone).
    pub fn new_owned(
        pegs: u32,
        starts: impl IntoIterator<Item = (Position, u128)>,
        ranks: &dyn Ranks,
    ) -> Level {
        let (me, size) = (ranks.rank(), ranks.size());
        Level::new(
            pegs,
            starts
                .into_iter()
                .filter(|&(p, _)| owner(shard_of(p), size) == me),
        )
    }

    /// Classes stored (on this rank).
    pub fn classes(&self) -> u64 {
        match &self.disk {
            Some(d) => d.classes(0..SHARD_COUNT),
            None => self.shards.iter().map(|s| s.len() as u64).sum(),
        }
    }

    /// Bytes the level's tables hold in memory now (their capacity, not only what is used; none on disk).
    pub fn bytes(&self) -> u64 {
        self.shards.iter().map(Shard::bytes).sum()
    }

    /// Paths into the class of `canonical`, if it is on this level.
    pub fn paths(&self, canonical: Position) -> Option<u128> {
        self.shard(shard_of(canonical)).get(canonical)
    }

    /// Starts bringing the place of `canonical` into the cache (see [`Shard::prefetch`]); in memory only.
    #[inline]
    pub fn prefetch(&self, canonical: Position) {
        if self.disk.is_none() {
            self.shards[shard_of(canonical)].prefetch(canonical);
        }
    }

    /// Every class with its paths, shard by shard (for parallel sums).
    pub fn par_entries(&self) -> impl ParallelIterator<Item = (Position, u128)> + '_ {
        (0..SHARD_COUNT).into_par_iter().flat_map_iter(|i| {
            let entries: Box<dyn Iterator<Item = (Position, u128)>> = match self.shard(i) {
                Cow::Borrowed(s) => Box::new(s.iter()),
                Cow::Owned(s) => Box::new(s.iter().collect::<Vec<_>>().into_iter()),
            };
            entries
        })
    }

    /// Expands every class by every legal jump into the next level, the shards run as units on the pool. A class
    /// total is added once per jump of its representative (`reference`'s exact rule: the paths into a class, not
    /// into one member). `dead(paths)` is called for the classes with no legal jump.
    pub fn expand(
        &self,
        board: &Board,
        symmetry: &Symmetry,
        prune: &Prune,
        observer: &dyn Observer,
        dead: &(dyn Fn(Position, u128) + Sync),
    ) -> Result<Level, Halt> {
        let moves = (board, symmetry, prune);
        let room = Room(self.classes()).per_shard(SHARD_COUNT);
        let (shards, _, _) =
            self.expand_range(moves, observer, dead, 0..SHARD_COUNT, (room, u64::MAX))?;
        Ok(self.child_level(shards))
    }

    /// The shards `range` of the next level: every class expanded, the children of other shards dropped (a level
    /// built a range at a time holds only that range in memory), each shard's table made ready for `per_shard`
    /// classes, all within `cap` bytes (where they would outgrow it, the last shards of the range are given up:
    /// [`Building`]). The shards built, made tight, with the bytes they held before, and where the range ended.
    fn expand_range(
        &self,
        (board, symmetry, prune): (&Board, &Symmetry, &Prune),
        observer: &dyn Observer,
        dead: &(dyn Fn(Position, u128) + Sync),
        range: Range<usize>,
        (per_shard, cap): (usize, u64),
    ) -> Result<(Vec<Shard>, u64, usize), Halt> {
        let next = Building::new(range.clone(), per_shard, cap);
        let stop = AtomicBool::new(false);
        if observer.report(Progress::Begin {
            units: SHARD_COUNT,
            unit: SHARDS,
        }) == Flow::Stop
        {
            return Err(Halt::Cancelled);
        }
        (0..SHARD_COUNT)
            .into_par_iter()
            .with_max_len(1)
            .for_each(|index| {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                let mut bufs: Vec<Vec<(Position, u128)>> = vec![Vec::new(); range.len()];
                let whole =
                    self.expand_shard(index, (board, symmetry), observer, dead, |child, n| {
                        let dest = shard_of(child);
                        if !next.builds(dest) || prune.lost(child) {
                            return false;
                        }
                        let buf = &mut bufs[dest - range.start];
                        buf.push((child, n));
                        if buf.len() >= FLUSH {
                            next.flush(dest, buf);
                        }
                        true
                    });
                for (k, buf) in bufs.iter_mut().enumerate() {
                    if !buf.is_empty() {
                        next.flush(range.start + k, buf);
                    }
                }
                if !whole {
                    stop.store(true, Ordering::Relaxed);
                }
            });
        if stop.load(Ordering::Relaxed) {
            return Err(Halt::Cancelled);
        }
        Ok(next.finish())
    }
}

/// About how many classes the whole next level will hold: its shards are made ready for them before it is built,
/// so that a shard seldom grows while it is filled (its table would briefly be held twice, then be less than half
/// full).
#[derive(Clone, Copy, Debug)]
pub struct Room(pub u64);

impl Room {
    /// Room in each of `shards` shards that share the classes (15 % more than their share).
    fn per_shard(self, shards: usize) -> usize {
        (self.0 as f64 * 1.15 / shards.max(1) as f64) as usize
    }
}

/// Shards as they were filled, each made [`Shard::tighten`] tight; with the bytes they held before.
fn tightened(next: Vec<Mutex<Shard>>) -> (Vec<Shard>, u64) {
    let shards: Vec<Shard> = next
        .into_par_iter()
        .map(|m| m.into_inner().unwrap_or_default())
        .collect();
    let built = shards.iter().map(Shard::bytes).sum();
    let shards = shards
        .into_par_iter()
        .map(|mut s| {
            s.tighten();
            s
        })
        .collect();
    (shards, built)
}

impl Level {
    /// The level after this one, from its shards.
    fn child_level(&self, shards: Vec<Shard>) -> Level {
        Level {
            pegs: self.pegs.saturating_sub(1),
            shards,
            disk: None,
        }
    }

    /// Expands the classes of shard `index` by every legal jump, between its `Started` and `Finished` reports:
    /// each child (canonical) with the paths into its parent's class goes to `child`, which says whether it kept
    /// it (the caller prunes, after its own cheaper tests: a child of a shard another pass builds is dropped
    /// without asking the pagoda functions); each class with no legal jump goes to `dead`. `false` if the
    /// observer stopped it.
    fn expand_shard(
        &self,
        index: usize,
        (board, symmetry): (&Board, &Symmetry),
        observer: &dyn Observer,
        dead: &(dyn Fn(Position, u128) + Sync),
        mut child: impl FnMut(Position, u128) -> bool,
    ) -> bool {
        let shard = self.shard(index);
        let thread = rayon::current_thread_index();
        if observer.report(Progress::Started { index, thread }) == Flow::Stop {
            return false;
        }
        let mut found = 0u64;
        for (k, (pos, n)) in shard.iter().enumerate() {
            if k % 4096 == 4095 && !observer.keep_going() {
                return false;
            }
            let images = symmetry.images(pos);
            let any = board.for_each_legal(pos, |j| {
                let c = symmetry.canonical_after(&images, j);
                found += u64::from(child(c, n));
            });
            if !any {
                dead(pos, n);
            }
        }
        let progress = Progress::Finished {
            index,
            thread,
            found,
            work: shard.len() as u64,
        };
        observer.report(progress) == Flow::Continue
    }
}

impl Level {
    /// A level with the same classes, each valued by `value(class)`, the shards run as units on the pool.
    pub fn map_values(
        &self,
        pegs: u32,
        observer: &dyn Observer,
        value: &(dyn Fn(Position) -> u128 + Sync),
    ) -> Result<Level, Halt> {
        if observer.report(Progress::Begin {
            units: SHARD_COUNT,
            unit: SHARDS,
        }) == Flow::Stop
        {
            return Err(Halt::Cancelled);
        }
        let stop = AtomicBool::new(false);
        let shards: Vec<Shard> = (0..SHARD_COUNT)
            .into_par_iter()
            .map(|index| (index, self.shard(index)))
            .with_max_len(1)
            .map(|(index, shard)| {
                let thread = rayon::current_thread_index();
                if stop.load(Ordering::Relaxed)
                    || observer.report(Progress::Started { index, thread }) == Flow::Stop
                {
                    stop.store(true, Ordering::Relaxed);
                    return Shard::default();
                }
                let mut out = Shard::with_capacity(shard.len());
                for (k, (pos, _)) in shard.iter().enumerate() {
                    if k % 4096 == 4095 && !observer.keep_going() {
                        stop.store(true, Ordering::Relaxed);
                        return out;
                    }
                    out.add(pos, value(pos));
                }
                let done = Progress::Finished {
                    index,
                    thread,
                    found: out.len() as u64,
                    work: shard.len() as u64,
                };
                if observer.report(done) == Flow::Stop {
                    stop.store(true, Ordering::Relaxed);
                }
                out
            })
            .collect();
        if stop.load(Ordering::Relaxed) {
            return Err(Halt::Cancelled);
        }
        Ok(Level {
            pegs,
            shards,
            disk: None,
        })
    }
}
