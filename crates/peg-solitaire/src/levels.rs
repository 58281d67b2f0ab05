//! One level of positions (all with the same number of pegs), each class of positions under a symmetry group with
//! the number of paths into it, sharded by hash so that threads can own shards; and expanding a level into the
//! next on the thread pool.

use std::borrow::Cow;
use std::ops::Range;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

use progress::{Flow, Observer, Progress};
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
mod shards;
mod shared;

use disk::OnDisk;
pub use disk::ranges;
pub use meet::Meeting;
pub use shards::{BYTES_PER_CLASS, Halt, Room, SHARD_COUNT, SHARDS};
use shards::{FLUSH, owner, shard_of};

/// One level: the classes of positions reached, each with the paths into the whole class.
#[derive(Debug)]
pub struct Level {
    /// Pegs on every position of the level.
    pub pegs: u32,
    /// The shards, when in memory (empty ones when on disk).
    shards: Vec<Shard>,
    /// The shards, when on disk.
    disk: Option<OnDisk>,
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
    /// A level with the same classes, each valued by `value(class, paths)`, those valued `None` left out; the
    /// shards run as units on the pool.
    pub fn map_values(
        &self,
        pegs: u32,
        observer: &dyn Observer,
        value: &(dyn Fn(Position, u128) -> Option<u128> + Sync),
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
                for (k, (pos, paths)) in shard.iter().enumerate() {
                    if k % 4096 == 4095 && !observer.keep_going() {
                        stop.store(true, Ordering::Relaxed);
                        return out;
                    }
                    if let Some(v) = value(pos, paths) {
                        out.add(pos, v);
                    }
                }
                out.tighten();
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

impl Level {
    /// Whether the level is on disk.
    pub fn on_disk(&self) -> bool {
        self.disk.is_some()
    }

    /// The first error met reading the level back from disk.
    pub fn disk_failure(&self) -> Option<String> {
        self.disk.as_ref().and_then(OnDisk::failure)
    }

    /// Moves the level to disk under `root`, freeing its memory.
    pub fn spill(&mut self, root: &Path) -> Result<(), Halt> {
        if self.disk.is_some() {
            return Ok(());
        }
        let mut disk = OnDisk::create(root, self.pegs, self as *const Level as usize)?;
        disk.write(0, &self.shards)?;
        self.shards = (0..SHARD_COUNT).map(|_| Shard::default()).collect();
        self.disk = Some(disk);
        Ok(())
    }

    /// Brings the level back into memory from disk (its files removed).
    pub fn unspill(&mut self) -> Result<(), Halt> {
        if self.disk.is_some() {
            let loaded = self.load_range(0..SHARD_COUNT);
            if let Some(e) = self.disk_failure() {
                return Err(Halt::Disk(e));
            }
            *self = loaded;
        }
        Ok(())
    }

    /// About the bytes the level takes in memory: what its tables hold, or would hold read back from disk.
    pub fn bytes_in_memory(&self) -> u64 {
        match &self.disk {
            Some(d) => d.classes(0..SHARD_COUNT) * disk::READ_BACK_BYTES_PER_CLASS,
            None => self.bytes(),
        }
    }

    /// The next level, built on disk under `root` a range of shards at a time, each range as many shards as fit in
    /// `cap` bytes (memory holds one range; each is a pass over the whole of this level): the first range is
    /// planned from `room`, the estimate of the level's classes, and where the level turns out bigger its last
    /// shards are given up and left to the next pass, planned from the classes the shards built so far hold.
    /// `dead` is told of each class with no jump once (in the first pass). Returns the level with the most bytes
    /// one range held and the passes taken.
    pub fn expand_to_disk(
        &self,
        (board, symmetry, prune): (&Board, &Symmetry, &Prune),
        observer: &dyn Observer,
        dead: &(dyn Fn(Position, u128) + Sync),
        (cap, room): (u64, Room),
        root: &Path,
    ) -> Result<(Level, u64, usize), Halt> {
        let pegs = self.pegs.saturating_sub(1);
        // The directory is removed with `level` on every way out, an error or a cancel included.
        let mut level = Level {
            pegs,
            shards: (0..SHARD_COUNT).map(|_| Shard::default()).collect(),
            disk: Some(OnDisk::create(
                root,
                pegs,
                self as *const Level as usize ^ 1,
            )?),
        };
        let (mut most, mut start, mut passes) = (0, 0, 0);
        while start < SHARD_COUNT {
            let quiet = |_: Position, _: u128| {};
            let dead: &(dyn Fn(Position, u128) + Sync) = if passes == 0 { dead } else { &quiet };
            let built = level.disk.as_ref().map_or(0, |d| d.classes(0..start));
            let (range, per_shard) = disk::plan_range(start, cap, (room, built));
            let moves = (board, symmetry, prune);
            let (part, bytes, end) =
                self.expand_range(moves, observer, dead, range, (per_shard, cap))?;
            most = most.max(bytes);
            if let Some(d) = level.disk.as_mut() {
                d.write(start, &part)?;
            }
            start = end;
            passes += 1;
        }
        Ok((level, most, passes))
    }

    /// The shards `range` of this level in memory (the others empty): a part of a level on disk to look classes
    /// up in.
    pub fn load_range(&self, range: Range<usize>) -> Level {
        let shards = (0..SHARD_COUNT)
            .into_par_iter()
            .map(|i| {
                if range.contains(&i) {
                    self.shard(i).into_owned()
                } else {
                    Shard::default()
                }
            })
            .collect();
        Level {
            pegs: self.pegs,
            shards,
            disk: None,
        }
    }
}
