//! One level of positions (all with the same number of pegs), each class of positions under a symmetry group with
//! the number of paths into it, sharded by hash so that threads can own shards; and expanding a level into the
//! next on the thread pool.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use progress::{Flow, Label, Observer, Progress, Unit};
use rayon::prelude::*;

use crate::board::{Board, Position};
use crate::ranks::Ranks;
use crate::symmetry::Symmetry;

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
        // The product's high bits depend on every bit of `n`, its low bits only on the low bits: fold the high
        // half down, since a table takes its buckets from the low bits.
        let x = (n ^ (n >> 29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 = x ^ (x >> 32);
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

/// The shard a position belongs to, from bits 40-46 of its hash: a shard's table (hashbrown) takes its buckets from
/// the low bits and its 7-bit tags from the top ones, so sharding by either would make every key of a shard alike
/// there (with the top bits, every tag in a probe group matched and each lookup compared keys across the group).
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
fn flush_into(shard: &Mutex<Table>, buf: &mut Vec<(Position, u128)>) {
    if let Ok(mut t) = shard.lock() {
        t.reserve(buf.len());
        for &(p, n) in buf.iter() {
            t.entry(p).or_default().add(n);
        }
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
        let flush = |dest: usize, buf: &mut Vec<(Position, u128)>| flush_into(&next[dest], buf);
        (0..SHARD_COUNT)
            .into_par_iter()
            .with_max_len(1)
            .for_each(|index| {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                let mut bufs: Vec<Vec<(Position, u128)>> = vec![Vec::new(); SHARD_COUNT];
                let whole =
                    self.expand_shard(index, board, symmetry, observer, dead, |child, n| {
                        let dest = shard_of(child);
                        bufs[dest].push((child, n));
                        if bufs[dest].len() >= FLUSH {
                            flush(dest, &mut bufs[dest]);
                        }
                    });
                for (dest, buf) in bufs.iter_mut().enumerate() {
                    if !buf.is_empty() {
                        flush(dest, buf);
                    }
                }
                if !whole {
                    stop.store(true, Ordering::Relaxed);
                }
            });
        if stop.load(Ordering::Relaxed) {
            return Err(Halt::Cancelled);
        }
        Ok(self.child_level(next))
    }
}

impl Level {
    /// The level after this one, from its shards as they were filled.
    fn child_level(&self, next: Vec<Mutex<Table>>) -> Level {
        Level {
            pegs: self.pegs.saturating_sub(1),
            shards: next
                .into_iter()
                .map(|m| m.into_inner().unwrap_or_default())
                .collect(),
        }
    }

    /// Expands the classes of shard `index` by every legal jump, between its `Started` and `Finished` reports:
    /// each child (canonical) with the paths into its parent's class goes to `child`, each class with no legal
    /// jump to `dead`. `false` if the observer stopped it.
    fn expand_shard(
        &self,
        index: usize,
        board: &Board,
        symmetry: &Symmetry,
        observer: &dyn Observer,
        dead: &(dyn Fn(Position, u128) + Sync),
        mut child: impl FnMut(Position, u128),
    ) -> bool {
        let shard = &self.shards[index];
        let thread = rayon::current_thread_index();
        if observer.report(Progress::Started { index, thread }) == Flow::Stop {
            return false;
        }
        let mut found = 0u64;
        for (k, (&pos, paths)) in shard.iter().enumerate() {
            if k % 4096 == 4095 && !observer.keep_going() {
                return false;
            }
            let n = paths.get();
            let images = symmetry.images(pos);
            let any = board.for_each_legal(pos, |j| {
                found += 1;
                child(symmetry.canonical_after(&images, j), n);
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

    /// [`Level::expand`] of a level shared across `ranks`: each rank expands the shards it owns, a few per thread
    /// at a time; the children it does not own are sent to their owners in one all-to-all exchange per round, so
    /// what waits to be sent stays small. Every rank takes the same number of rounds, and all stop together.
    pub fn expand_shared(
        &self,
        board: &Board,
        symmetry: &Symmetry,
        observer: &dyn Observer,
        dead: &(dyn Fn(Position, u128) + Sync),
        ranks: &dyn Ranks,
    ) -> Result<Level, Halt> {
        if ranks.size() == 1 {
            return self.expand(board, symmetry, observer, dead);
        }
        let (me, size) = (ranks.rank(), ranks.size());
        let next: Vec<Mutex<Table>> = (0..SHARD_COUNT)
            .map(|_| Mutex::new(Table::default()))
            .collect();
        let rounds = rounds(ranks);
        let go = observer.report(Progress::Begin {
            units: rounds.iter().map(Vec::len).sum(),
            unit: SHARDS,
        }) == Flow::Continue;
        if !ranks.all_keep_going(go) {
            return Err(Halt::Cancelled);
        }
        let stop = AtomicBool::new(false);
        let keep = |dest: usize, buf: &mut Vec<(Position, u128)>| flush_into(&next[dest], buf);
        for batch in rounds {
            let outgoing: Vec<Mutex<Vec<u64>>> =
                (0..size).map(|_| Mutex::new(Vec::new())).collect();
            batch.par_iter().with_max_len(1).for_each(|&index| {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                let mut local: Vec<Vec<(Position, u128)>> = vec![Vec::new(); SHARD_COUNT];
                let mut remote: Vec<Vec<u64>> = vec![Vec::new(); size];
                let whole =
                    self.expand_shard(index, board, symmetry, observer, dead, |child, n| {
                        let dest = shard_of(child);
                        match owner(dest, size) {
                            r if r == me => {
                                local[dest].push((child, n));
                                if local[dest].len() >= FLUSH {
                                    keep(dest, &mut local[dest]);
                                }
                            }
                            r => push_pair(&mut remote[r], child, n),
                        }
                    });
                for (dest, buf) in local.iter_mut().enumerate() {
                    if !buf.is_empty() {
                        keep(dest, buf);
                    }
                }
                for (r, words) in remote.into_iter().enumerate() {
                    if let Ok(mut o) = outgoing[r].lock() {
                        o.extend(words);
                    }
                }
                if !whole {
                    stop.store(true, Ordering::Relaxed);
                }
            });
            if !ranks.all_keep_going(!stop.load(Ordering::Relaxed)) {
                return Err(Halt::Cancelled);
            }
            let outgoing = outgoing
                .into_iter()
                .map(|m| m.into_inner().unwrap_or_default())
                .collect();
            let received = ranks.exchange(outgoing);
            let mut by_shard: Vec<Vec<(Position, u128)>> = vec![Vec::new(); SHARD_COUNT];
            for (p, n) in pairs(&received) {
                by_shard[shard_of(p)].push((p, n));
            }
            drop(received);
            // No `reserve` here (unlike `keep`): many arrivals add to classes already held.
            by_shard
                .into_par_iter()
                .enumerate()
                .for_each(|(dest, buf)| {
                    if let Ok(mut t) = next[dest].lock() {
                        for (p, n) in buf {
                            t.entry(p).or_default().add(n);
                        }
                    }
                });
        }
        Ok(self.child_level(next))
    }

    /// Sums `value(paths_here, paths_there)` over this level's classes, where `meet(position)` names the class,
    /// on a level shared the same way as `other`, that each class meets, and `paths_there` is the paths into it
    /// (classes that meet none count nothing). Each class is sent to the owner of the class it meets, a round
    /// of shards at a time; the sum is over every rank.
    pub fn meet_sum(
        &self,
        other: &Level,
        meet: &(dyn Fn(Position) -> Position + Sync),
        value: &(dyn Fn(Position, u128, u128) -> u128 + Sync),
        ranks: &dyn Ranks,
    ) -> u128 {
        let size = ranks.size();
        if size == 1 {
            return self
                .par_entries()
                .map(|(p, n)| other.paths(meet(p)).map_or(0, |m| value(p, n, m)))
                .sum();
        }
        // The meeting class's owner needs the class here only through `value`, so `value`'s first two
        // arguments travel: the position and its paths.
        let mut total = 0u128;
        for batch in rounds(ranks) {
            let outgoing: Vec<Vec<u64>> = batch
                .par_iter()
                .map(|&index| {
                    let mut out = vec![Vec::new(); size];
                    for (&p, n) in &self.shards[index] {
                        push_pair(&mut out[owner(shard_of(meet(p)), size)], p, n.get());
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
            let received = ranks.exchange(outgoing);
            total += received
                .par_chunks(WORDS * 1024)
                .map(|words| {
                    pairs(words)
                        .map(|(p, n)| other.paths(meet(p)).map_or(0, |m| value(p, n, m)))
                        .sum::<u128>()
                })
                .sum::<u128>();
        }
        ranks.sum(total)
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
