//! Levels kept on disk, for counts whose levels do not fit in memory: a level is written as one file per shard in a
//! directory of its own (removed when the level is dropped, so also when a count is cancelled or fails), read back
//! a shard at a time by the thread that expands it, and built a range of shards at a time, each range expanded
//! from the whole level before it and written out before the next: memory holds one range, not the level.

use std::fs::{self, File};
use std::io::{BufReader, BufWriter, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use rayon::prelude::*;

use super::shards::{Halt, Room, SHARD_COUNT};
use crate::shard::Shard;

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
    /// A directory of its own for a level of `pegs` pegs under `root` (`tag` tells apart levels of the same
    /// pegs), with no shard written yet.
    pub(super) fn create(root: &Path, pegs: u32, tag: usize) -> Result<OnDisk, Halt> {
        Ok(OnDisk {
            dir: level_dir(root, pegs, tag)?,
            classes: vec![0; SHARD_COUNT],
            failed: Mutex::new(None),
        })
    }

    /// Writes `shards` as the shards from `first` on.
    pub(super) fn write(&mut self, first: usize, shards: &[Shard]) -> Result<(), Halt> {
        let classes = write_shards(&self.dir, first, shards)?;
        self.classes[first..first + classes.len()].copy_from_slice(&classes);
        Ok(())
    }

    /// The first error met reading a shard back.
    pub(super) fn failure(&self) -> Option<String> {
        self.failed.lock().ok().and_then(|f| f.clone())
    }

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

/// Room a shard of a level built on disk is made ready for beyond what it is expected to hold (its expected classes
/// come from the shards already built, or from an estimate of the level that more often runs over than short).
const DISK_ROOM: f64 = 1.05;

/// The next range to build from shard `start` on, with the room each of its shards is made ready for: as many
/// shards as fit in `cap` bytes, each expected to hold the average of the `built` classes in the shards before
/// `start` (none yet: of `room`, the whole level's estimate), spread evenly over the passes the rest will take.
pub(super) fn plan_range(
    start: usize,
    cap: u64,
    (room, built): (Room, u64),
) -> (Range<usize>, usize) {
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
