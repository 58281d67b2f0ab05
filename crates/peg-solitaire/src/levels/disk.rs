//! Levels kept on disk, for counts whose levels do not fit in memory: a level is written as one file per shard in a
//! directory of its own (removed when the level is dropped, so also when a count is cancelled or fails), read back
//! a shard at a time by the thread that expands it, and built a range of shards at a time, each range expanded
//! from the whole level before it and written out before the next: memory holds one range, not the level.

use std::fs::{self, File};
use std::io::{BufReader, BufWriter, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use progress::Observer;
use rayon::prelude::*;

use super::{Halt, Level, Room, SHARD_COUNT};
use crate::board::{Board, Position};
use crate::prune::Prune;
use crate::shard::Shard;
use crate::symmetry::Symmetry;

/// About the bytes a class read back from disk takes in memory (a slot of 16 bytes in a table 3/4 full).
pub const READ_BACK_BYTES_PER_CLASS: u64 = 21;

/// A level's shards on disk.
#[derive(Debug)]
pub(super) struct OnDisk {
    dir: PathBuf,
    /// Classes in each shard.
    classes: Vec<u64>,
    /// The first error met reading a shard back (a shard that cannot be read is taken as empty, and the count
    /// that reads it fails with this).
    failed: Mutex<Option<String>>,
}

impl OnDisk {
    fn file(dir: &Path, index: usize) -> PathBuf {
        dir.join(format!("shard-{index:03}"))
    }

    /// Shard `index`, read back.
    pub(super) fn load(&self, index: usize) -> Shard {
        let path = OnDisk::file(&self.dir, index);
        match File::open(&path)
            .and_then(|f| Shard::read_from(&mut BufReader::with_capacity(1 << 20, f)))
        {
            Ok(s) => s,
            Err(e) => {
                if let Ok(mut f) = self.failed.lock() {
                    f.get_or_insert_with(|| format!("{}: {e}", path.display()));
                }
                Shard::default()
            }
        }
    }

    /// Classes in the shards `range`.
    pub(super) fn classes(&self, range: Range<usize>) -> u64 {
        self.classes[range].iter().sum()
    }
}

impl Drop for OnDisk {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.dir);
    }
}

/// Writes `shards` (those from `first` on) into `dir`; the classes of each.
fn write_shards(dir: &Path, first: usize, shards: &[Shard]) -> Result<Vec<u64>, Halt> {
    shards
        .par_iter()
        .enumerate()
        .map(|(k, shard)| {
            let path = OnDisk::file(dir, first + k);
            let written = File::create(&path).and_then(|f| {
                let mut w = BufWriter::with_capacity(1 << 20, f);
                shard.write_to(&mut w)?;
                w.flush()
            });
            written
                .map(|()| shard.len() as u64)
                .map_err(|e| Halt::Disk(format!("{}: {e}", path.display())))
        })
        .collect()
}

/// A new directory for one level under `root`.
fn level_dir(root: &Path, pegs: u32, tag: usize) -> Result<PathBuf, Halt> {
    let dir = root.join(format!("level-{pegs}-{tag:x}"));
    fs::create_dir_all(&dir).map_err(|e| Halt::Disk(format!("{}: {e}", dir.display())))?;
    Ok(dir)
}

impl Level {
    /// Whether the level is on disk.
    pub fn on_disk(&self) -> bool {
        self.disk.is_some()
    }

    /// The first error met reading the level back from disk.
    pub fn disk_failure(&self) -> Option<String> {
        self.disk
            .as_ref()
            .and_then(|d| d.failed.lock().ok().and_then(|f| f.clone()))
    }

    /// Moves the level to disk under `root`, freeing its memory.
    pub fn spill(&mut self, root: &Path) -> Result<(), Halt> {
        if self.disk.is_some() {
            return Ok(());
        }
        let dir = level_dir(root, self.pegs, self as *const Level as usize)?;
        let classes = write_shards(&dir, 0, &self.shards)?;
        self.shards = (0..SHARD_COUNT).map(|_| Shard::default()).collect();
        self.disk = Some(OnDisk {
            dir,
            classes,
            failed: Mutex::new(None),
        });
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
            Some(d) => d.classes(0..SHARD_COUNT) * READ_BACK_BYTES_PER_CLASS,
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
        let dir = level_dir(root, pegs, self as *const Level as usize ^ 1)?;
        // The directory is removed with `level` on every way out, an error or a cancel included.
        let mut level = Level {
            pegs,
            shards: (0..SHARD_COUNT).map(|_| Shard::default()).collect(),
            disk: Some(OnDisk {
                dir: dir.clone(),
                classes: vec![0; SHARD_COUNT],
                failed: Mutex::new(None),
            }),
        };
        let (mut most, mut start, mut passes) = (0, 0, 0);
        while start < SHARD_COUNT {
            let quiet = |_: Position, _: u128| {};
            let dead: &(dyn Fn(Position, u128) + Sync) = if passes == 0 { dead } else { &quiet };
            let built = level.disk.as_ref().map_or(0, |d| d.classes(0..start));
            let (range, per_shard) = plan_range(start, cap, (room, built));
            let moves = (board, symmetry, prune);
            let (part, bytes, end) =
                self.expand_range(moves, observer, dead, range, (per_shard, cap))?;
            most = most.max(bytes);
            let classes = write_shards(&dir, start, &part)?;
            if let Some(d) = level.disk.as_mut() {
                d.classes[start..end].copy_from_slice(&classes);
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

/// Room a shard of a level built on disk is made ready for beyond what it is expected to hold (its expected classes
/// come from the shards already built, or from an estimate of the level that more often runs over than short).
const DISK_ROOM: f64 = 1.05;

/// The next range to build from shard `start` on, with the room each of its shards is made ready for: as many
/// shards as fit in `cap` bytes, each expected to hold the average of the `built` classes in the shards before
/// `start` (none yet: of `room`, the whole level's estimate), spread evenly over the passes the rest will take.
fn plan_range(start: usize, cap: u64, (room, built): (Room, u64)) -> (Range<usize>, usize) {
    let expected = match start {
        0 => room.0 as f64 / SHARD_COUNT as f64,
        _ => built as f64 / start as f64,
    };
    let per_shard = (expected * DISK_ROOM) as usize;
    let fit = (cap / Shard::bytes_for(per_shard).max(1)).max(1) as usize;
    let rest = SHARD_COUNT - start;
    let each = rest.div_ceil(rest.div_ceil(fit));
    (start..start + each, per_shard)
}

/// The shards cut into `passes` ranges of about equal size.
pub fn ranges(passes: usize) -> Vec<Range<usize>> {
    let passes = passes.clamp(1, SHARD_COUNT);
    (0..passes)
        .map(|p| p * SHARD_COUNT / passes..(p + 1) * SHARD_COUNT / passes)
        .collect()
}
