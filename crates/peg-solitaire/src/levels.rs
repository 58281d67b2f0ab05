//! One level of positions (all with the same number of pegs), each class of positions under a symmetry group with
//! the number of paths into it, sharded by hash so that threads can own shards; and expanding a level into the
//! next on the thread pool.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use progress::{Flow, Label, Observer, Progress, Unit};
use rayon::prelude::*;

use crate::board::{Board, Position, Symmetry};

/// What a unit of counting work is: one shard of a level's positions, owned by one thread while it is expanded.
pub const SHARDS: Unit = Unit::new("shard", "shards of a level", Label::Ordinal);

/// Shards per level: many more than threads, so work stealing balances them (the seed's fixed split by rank did
/// not).
pub const SHARD_COUNT: usize = 128;

/// Bytes one stored class takes in a shard's table, with the table's own overhead (8-byte key, 16-byte count,
/// a control byte, at most 7/8 full).
pub const BYTES_PER_CLASS: u64 = 28;

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
        self.0 = (n ^ (n >> 29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// A 128-bit count stored as two words (8-byte aligned, so a table entry is 24 bytes, not 32).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Paths([u64; 2]);

impl Paths {
    /// The count.
    pub fn get(self) -> u128 {
        u128::from(self.0[0]) | u128::from(self.0[1]) << 64
    }
    /// A count of `n`.
    pub fn of(n: u128) -> Paths {
        Paths([n as u64, (n >> 64) as u64])
    }
    fn add(&mut self, n: u128) {
        *self = Paths::of(self.get() + n);
    }
}

type Table = HashMap<Position, Paths, BuildHasherDefault<PositionHasher>>;

fn shard_of(pos: Position) -> usize {
    let mut h = PositionHasher::default();
    h.write_u64(pos);
    (h.finish() >> 57) as usize % SHARD_COUNT
}

/// One level: the classes of positions reached, each with the paths into the whole class.
#[derive(Debug)]
pub struct Level {
    /// Pegs on every position of the level.
    pub pegs: u32,
    shards: Vec<Table>,
}

/// Why expanding a level stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Halt {
    /// The observer asked to stop.
    Cancelled,
}

impl Level {
    /// A level holding `starts` (each a canonical position with its paths).
    pub fn new(pegs: u32, starts: impl IntoIterator<Item = (Position, u128)>) -> Level {
        let mut shards: Vec<Table> = (0..SHARD_COUNT).map(|_| Table::default()).collect();
        for (pos, n) in starts {
            shards[shard_of(pos)].entry(pos).or_default().add(n);
        }
        Level { pegs, shards }
    }

    /// Classes stored.
    pub fn classes(&self) -> u64 {
        self.shards.iter().map(|s| s.len() as u64).sum()
    }

    /// Bytes the level's tables hold now (their capacity, not only what is used).
    pub fn bytes(&self) -> u64 {
        self.shards
            .iter()
            .map(|s| s.capacity() as u64 * (BYTES_PER_CLASS - 3))
            .sum()
    }

    /// Paths into the class of `canonical`, if it is on this level.
    pub fn paths(&self, canonical: Position) -> Option<u128> {
        self.shards[shard_of(canonical)]
            .get(&canonical)
            .map(|p| p.get())
    }

    /// Every class with its paths, shard by shard (for parallel sums).
    pub fn par_entries(&self) -> impl ParallelIterator<Item = (Position, u128)> + '_ {
        self.shards
            .par_iter()
            .flat_map_iter(|s| s.iter().map(|(&p, n)| (p, n.get())))
    }

    /// Expands every class by every legal jump into the next level, the shards run as units on the pool. A class
    /// total is added once per jump of its representative (`reference`'s exact rule: the paths into a class, not
    /// into one member). `dead(paths)` is called for the classes with no legal jump.
    pub fn expand(
        &self,
        board: &Board,
        symmetry: &Symmetry,
        observer: &dyn Observer,
        dead: &(dyn Fn(Position, u128) + Sync),
    ) -> Result<Level, Halt> {
        let next: Vec<Mutex<Table>> = (0..SHARD_COUNT)
            .map(|_| Mutex::new(Table::default()))
            .collect();
        let stop = AtomicBool::new(false);
        if observer.report(Progress::Begin {
            units: SHARD_COUNT,
            unit: SHARDS,
        }) == Flow::Stop
        {
            return Err(Halt::Cancelled);
        }
        const FLUSH: usize = 512;
        let flush = |dest: usize, buf: &mut Vec<(Position, u128)>| {
            if let Ok(mut t) = next[dest].lock() {
                t.reserve(buf.len());
                for &(p, n) in buf.iter() {
                    t.entry(p).or_default().add(n);
                }
            }
            buf.clear();
        };
        self.shards
            .par_iter()
            .enumerate()
            .with_max_len(1)
            .for_each(|(index, shard)| {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                let thread = rayon::current_thread_index();
                if observer.report(Progress::Started { index, thread }) == Flow::Stop {
                    stop.store(true, Ordering::Relaxed);
                    return;
                }
                let mut bufs: Vec<Vec<(Position, u128)>> = vec![Vec::new(); SHARD_COUNT];
                let mut found = 0u64;
                for (k, (&pos, paths)) in shard.iter().enumerate() {
                    if k % 4096 == 4095 && !observer.keep_going() {
                        stop.store(true, Ordering::Relaxed);
                        return;
                    }
                    let n = paths.get();
                    let any = board.for_each_legal(pos, |j| {
                        let child = symmetry.canonical(pos ^ j.mask());
                        let dest = shard_of(child);
                        bufs[dest].push((child, n));
                        found += 1;
                        if bufs[dest].len() >= FLUSH {
                            flush(dest, &mut bufs[dest]);
                        }
                    });
                    if !any {
                        dead(pos, n);
                    }
                }
                for (dest, buf) in bufs.iter_mut().enumerate() {
                    if !buf.is_empty() {
                        flush(dest, buf);
                    }
                }
                let progress = Progress::Finished {
                    index,
                    thread,
                    found,
                    work: shard.len() as u64,
                };
                if observer.report(progress) == Flow::Stop {
                    stop.store(true, Ordering::Relaxed);
                }
            });
        if stop.load(Ordering::Relaxed) {
            return Err(Halt::Cancelled);
        }
        let shards = next
            .into_iter()
            .map(|m| m.into_inner().unwrap_or_default())
            .collect();
        Ok(Level {
            pegs: self.pegs.saturating_sub(1),
            shards,
        })
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
        let shards: Vec<Table> = self
            .shards
            .par_iter()
            .enumerate()
            .with_max_len(1)
            .map(|(index, shard)| {
                let thread = rayon::current_thread_index();
                if stop.load(Ordering::Relaxed)
                    || observer.report(Progress::Started { index, thread }) == Flow::Stop
                {
                    stop.store(true, Ordering::Relaxed);
                    return Table::default();
                }
                let mut out = Table::with_capacity_and_hasher(shard.len(), Default::default());
                for (k, &pos) in shard.keys().enumerate() {
                    if k % 4096 == 4095 && !observer.keep_going() {
                        stop.store(true, Ordering::Relaxed);
                        return out;
                    }
                    out.insert(pos, Paths::of(value(pos)));
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
        Ok(Level { pegs, shards })
    }
}
