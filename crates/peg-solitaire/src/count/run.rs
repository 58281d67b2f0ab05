//! One count as it runs: the levels recorded, memory checked before each step, and levels moved to disk where
//! they would not fit (`Limits::spill_dir`): then each next level is built a range of shards at a time.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use progress::{Flow, Observer, Progress};
use rayon::prelude::*;

use super::{CountError, Counted, LEVELS, LevelStats, Limits};
use crate::board::{Board, Position};
use crate::levels::{BYTES_PER_CLASS, Halt, Level, Room, SHARD_COUNT};
use crate::prune::Prune;
use crate::ranks::Ranks;
use crate::symmetry::Symmetry;

/// Classes a level holds (on every rank together) before its half is pruned: below, its tables stay in the
/// processor's caches and a check for each child costs more than the inserts it saves (the English board's
/// widest level holds 3.3 million); above, each insert saved is a read of main memory saved, and memory itself.
/// The crate's own tests prune every level, so that their small counts check pruning too.
const PRUNE_FROM: u128 = if cfg!(test) { 1 } else { 4_000_000 };

/// The share of `max_bytes` that two levels and the next one being built may fill for the next to be built in
/// memory (the rest: the threads' buffers, a guess that runs short, what the allocator keeps).
pub(super) const IN_MEMORY: f64 = 0.8;

/// The share of `max_bytes` the tables of a range of a level built on disk may fill (the rest: the shards threads
/// read back, their buffers, a shard's table while it is made tight, what the allocator keeps). A range is cut
/// short where its tables would outgrow it, so a guess of the level's size that runs short costs a pass, not
/// memory.
const DISK_SHARE: f64 = 0.8;

/// The directory a count keeps its levels in on disk, made when first needed and removed with everything in it
/// when the count ends (finished, failed or cancelled).
pub(super) struct Scratch {
    root: Option<PathBuf>,
    dir: Option<PathBuf>,
}

impl Scratch {
    pub(super) fn new(root: Option<&Path>) -> Scratch {
        Scratch {
            root: root.map(Path::to_path_buf),
            dir: None,
        }
    }

    /// The directory, made now if it is not yet.
    fn dir(&mut self) -> Result<PathBuf, CountError> {
        if let Some(d) = &self.dir {
            return Ok(d.clone());
        }
        let root = self
            .root
            .clone()
            .ok_or(CountError::Disk("no directory".into()))?;
        // The process and this count's own address: unique among the counts running (cores read no clock).
        let tag = self as *const Scratch as usize;
        let dir = root.join(format!("puzzle-lab-count-{}-{tag:x}", std::process::id()));
        std::fs::create_dir_all(&dir)
            .map_err(|e| CountError::Disk(format!("{}: {e}", dir.display())))?;
        self.dir = Some(dir.clone());
        Ok(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if let Some(d) = &self.dir {
            let _ = std::fs::remove_dir_all(d);
        }
    }
}

pub(crate) fn halted(h: Halt) -> CountError {
    match h {
        Halt::Cancelled => CountError::Cancelled,
        Halt::Disk(e) => CountError::Disk(e),
    }
}

pub(super) struct Run<'a> {
    pub(super) board: &'a Board,
    pub(super) symmetry: &'a Symmetry,
    /// What each half prunes with: forwards, then backwards (none until learnt).
    pub(super) prune: [Prune; 2],
    /// Where each half's pruning is learnt from, `(sources, targets)`, until it is; none where counts are not
    /// pruned.
    pub(super) pruning: Option<[(Vec<Position>, Vec<Position>); 2]>,
    /// Whether each half's pruning was learnt (it may have found no function).
    pub(super) learnt: [bool; 2],
    pub(super) limits: &'a Limits,
    pub(super) observer: &'a dyn Observer,
    pub(super) ranks: &'a dyn Ranks,
    /// The most bytes this rank held at once.
    pub(super) peak: u64,
    /// The most bytes of levels on disk at once.
    pub(super) disk_peak: u64,
    /// Levels gone through again ([`Counted::rereads`]).
    pub(super) rereads: u64,
    pub(super) levels: Vec<LevelStats>,
    pub(super) total_levels: u64,
    // Declared last: dropped after any level that lives in it.
    pub(super) scratch: Scratch,
}

impl Run<'_> {
    pub(super) fn record(&mut self, level: &Level, backward: bool) -> Result<(), CountError> {
        let sym = self.symmetry;
        let (positions, paths) = level
            .par_entries()
            .map(|(p, n)| (sym.class_size(p) as u64, n))
            .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
        if let Some(e) = level.disk_failure() {
            return Err(CountError::Disk(e));
        }
        let ranks = self.ranks;
        self.levels.push(LevelStats {
            pegs: level.pegs,
            positions: ranks.sum(u128::from(positions)) as u64,
            classes: ranks.sum(u128::from(level.classes())) as u64,
            paths: ranks.sum(paths),
            backward,
        });
        let positions = self.levels.last().map_or(0, |l| l.positions);
        let done = self.levels.len() as u64;
        if !backward {
            let jumps = u64::from(self.levels[0].pegs - level.pegs);
            self.observer.report(Progress::Figure {
                index: jumps,
                value: positions,
            });
        }
        let go = self.observer.report(Progress::Tally {
            done: done.min(self.total_levels),
            total: self.total_levels,
            unit: LEVELS,
        }) == Flow::Continue;
        if ranks.all_keep_going(go) {
            Ok(())
        } else {
            Err(CountError::Cancelled)
        }
    }

    /// About how many classes the level after `level` will hold: from the growth of the last two levels of its
    /// half (at least as many as this one).
    pub(super) fn next_classes(&self, level: &Level, backward: bool) -> u64 {
        let half: Vec<&LevelStats> = self
            .levels
            .iter()
            .filter(|l| l.backward == backward)
            .collect();
        let growth = match half.as_slice() {
            [.., a, b] if a.classes > 0 => (b.classes as f64 / a.classes as f64).clamp(1.0, 16.0),
            _ => 4.0,
        };
        (level.classes() as f64 * growth) as u64
    }

    /// Whether levels may be built on disk in ranges: a directory is given, and the count is not shared across
    /// ranks (a range's pass would need its own exchanges).
    fn may_spill(&self) -> bool {
        self.limits.spill_dir.is_some() && self.ranks.size() == 1
    }

    /// Checks that expanding `level` fits beside `kept` bytes of other levels. Shared, the limit is per rank and
    /// the rank that needs most decides for all.
    fn check_room(&self, level: &Level, kept: u64, next: u64) -> Result<(), CountError> {
        let now = level.bytes() + kept;
        let needed = self.ranks.max(now + next);
        if needed > self.limits.max_bytes {
            return Err(CountError::TooBig {
                pegs: level.pegs.saturating_sub(1),
                needed,
                limit: self.limits.max_bytes,
            });
        }
        if !super::device_gives(next) {
            return Err(CountError::DeviceMemory {
                pegs: level.pegs.saturating_sub(1),
                needed: next,
            });
        }
        Ok(())
    }

    /// The level after `level` in its half (`other`, the other half's last level, is kept meanwhile). In memory
    /// where both levels and the next fit in [`IN_MEMORY`] of the limit. Else, where levels may go to disk, the
    /// other half's level goes there first (it is idle while this half grows), and the next is built in memory in
    /// one pass if it then fits beside `level` (read a shard at a time where it is on disk); only if not does
    /// `level` go to disk too and the next is built on disk a range of shards at a time, each range as much as
    /// fits in [`DISK_SHARE`] of the limit and a pass over the whole of `level`.
    pub(super) fn step(
        &mut self,
        level: &mut Level,
        mut other: Option<&mut Level>,
        backward: bool,
        dead: &(dyn Fn(Position, u128) + Sync),
    ) -> Result<Level, CountError> {
        self.learn_pruning(level, backward);
        let classes = self.next_classes(level, backward);
        let room = Room(classes);
        let next = classes * BYTES_PER_CLASS;
        let max = self.limits.max_bytes as f64;
        let fits_beside = |kept: u64| (level.bytes() + kept + next) as f64 <= max * IN_MEMORY;
        let mut kept = other.as_ref().map_or(0, |o| o.bytes());
        // Each rank moves its own share of the idle level, or not: nothing collective depends on it.
        if !fits_beside(kept)
            && fits_beside(0)
            && self.limits.spill_dir.is_some()
            && let Some(o) = other.as_deref_mut()
        {
            let dir = self.scratch.dir()?;
            o.spill(&dir).map_err(halted)?;
            self.disk_peak = self.disk_peak.max(disk_in(&dir));
            kept = 0;
        }
        let fits = fits_beside(kept);
        self.peak = self.peak.max(level.bytes() + kept);
        let moves = (
            self.board,
            self.symmetry,
            &self.prune[usize::from(backward)],
        );
        if fits || !self.may_spill() {
            self.check_room(level, kept, next)?;
            let (next, built) = level
                .expand_shared(moves, self.observer, dead, self.ranks, room)
                .map_err(halted)?;
            self.peak = self.peak.max(level.bytes() + built + kept);
            return Ok(next);
        }
        let dir = self.scratch.dir()?;
        if let Some(o) = other {
            o.spill(&dir).map_err(halted)?;
        }
        level.spill(&dir).map_err(halted)?;
        let cap = (max * DISK_SHARE) as u64;
        let one_shard = next / SHARD_COUNT as u64;
        if one_shard > cap {
            // Even one shard of the next level at a time would not fit.
            return Err(CountError::TooBig {
                pegs: level.pegs.saturating_sub(1),
                needed: (one_shard as f64 / DISK_SHARE) as u64,
                limit: self.limits.max_bytes,
            });
        }
        let (next, most, passes) = level
            .expand_to_disk(moves, self.observer, dead, (cap, room), &dir)
            .map_err(halted)?;
        self.rereads += passes.saturating_sub(1) as u64;
        if let Some(e) = level.disk_failure() {
            return Err(CountError::Disk(e));
        }
        self.peak = self.peak.max(most);
        self.disk_peak = self.disk_peak.max(disk_in(&dir));
        Ok(next)
    }

    /// Learns the pruning of `level`'s half once its levels reach [`PRUNE_FROM`] classes (the other half's, when
    /// both have the same sources and targets, serves).
    fn learn_pruning(&mut self, level: &Level, backward: bool) {
        let h = usize::from(backward);
        let Some(halves) = &self.pruning else {
            return;
        };
        if self.learnt[h] || self.ranks.sum(u128::from(level.classes())) < PRUNE_FROM {
            return;
        }
        let learnt = if halves[0] == halves[1] && self.learnt[1 - h] {
            self.prune[1 - h].clone()
        } else {
            Prune::learn(self.board, &halves[h].0, &halves[h].1)
        };
        self.prune[h] = learnt;
        self.learnt[h] = true;
    }

    pub(super) fn start_level(&self, starts: &[Position]) -> Level {
        let pegs = starts.first().map_or(0, |p| p.count_ones());
        Level::new_owned(
            pegs,
            starts.iter().map(|&p| (self.symmetry.canonical(p), 1)),
            self.ranks,
        )
    }

    pub(super) fn done(self, solutions: u128, met_at: Option<u32>) -> Result<Counted, CountError> {
        let go = self.observer.report(Progress::Tally {
            done: self.total_levels,
            total: self.total_levels,
            unit: LEVELS,
        }) == Flow::Continue;
        if !self.ranks.all_keep_going(go) {
            return Err(CountError::Cancelled);
        }
        let positions = self.levels.iter().map(|l| l.positions).sum();
        Ok(Counted {
            solutions,
            positions,
            peak_bytes: self.ranks.max(self.peak),
            disk_bytes: self.disk_peak,
            rereads: self.rereads,
            symmetries: self.symmetry.len(),
            met_at,
            levels: self.levels,
        })
    }

    /// No finish can be reached (every one is of another rule-of-three class than the start): no game.
    pub(super) fn unreachable(mut self, start: Position) -> Result<Counted, CountError> {
        let level = self.start_level(&[start]);
        self.record(&level, false)?;
        self.done(0, None)
    }

    /// Plain breadth first from the start down to one peg.
    pub(super) fn forward_to(
        mut self,
        start: Position,
        finals: &[Position],
    ) -> Result<Counted, CountError> {
        let mut level = self.start_level(&[start]);
        self.record(&level, false)?;
        while level.pegs > 1 {
            level = self.step(&mut level, None, false, &|_, _| {})?;
            self.record(&level, false)?;
        }
        let solutions = self.ranks.sum(finals_paths(&level, self.symmetry, finals));
        self.done(solutions, None)
    }

    /// Every game played to a dead end: the paths into every position with no legal jump.
    pub(super) fn dead_ends(mut self, start: Position) -> Result<Counted, CountError> {
        let total = Mutex::new(0u128);
        let add = |_: Position, n: u128| {
            if let Ok(mut t) = total.lock() {
                *t += n;
            }
        };
        let mut level = self.start_level(&[start]);
        self.record(&level, false)?;
        loop {
            let next = self.step(&mut level, None, false, &add)?;
            if self.ranks.sum(u128::from(next.classes())) == 0 {
                break;
            }
            level = next;
            self.record(&level, false)?;
        }
        let solutions = self.ranks.sum(total.into_inner().unwrap_or_default());
        self.done(solutions, None)
    }
}

/// Bytes of the files under `dir`, one level of directories down.
fn disk_in(dir: &Path) -> u64 {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    entries
        .filter_map(Result::ok)
        .filter_map(|e| std::fs::read_dir(e.path()).ok())
        .flatten()
        .filter_map(|f| f.ok()?.metadata().ok())
        .map(|m| m.len())
        .sum()
}

/// The paths into the finishing positions of the last level (those this rank holds).
fn finals_paths(level: &Level, symmetry: &Symmetry, finals: &[Position]) -> u128 {
    let mut seen: Vec<Position> = finals.iter().map(|&p| symmetry.canonical(p)).collect();
    seen.sort_unstable();
    seen.dedup();
    seen.iter().filter_map(|&c| level.paths(c)).sum()
}
