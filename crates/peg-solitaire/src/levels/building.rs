//! A range of the next level's shards while threads fill them, held within a number of bytes: where the tables
//! would outgrow it (the level turned out bigger than planned), the last shards of the range are given up, so a
//! pass builds as much of the level as memory holds and the next pass starts where it stopped.

use std::ops::Range;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use super::shards::tightened;
use crate::board::Position;
use crate::shard::Shard;

pub(super) struct Building {
    shards: Vec<Mutex<Shard>>,
    first: usize,
    /// One past the last shard still being built.
    end: AtomicUsize,
    /// Bytes the tables hold together.
    bytes: AtomicU64,
    /// The most they may hold.
    cap: u64,
}

impl Building {
    /// Empty tables for the shards `range`, each with room for `per_shard` classes, held within `cap` bytes
    /// (`u64::MAX`: never given up). The range is cut at once where even their empty tables would not fit (the first
    /// shard is always kept).
    pub(super) fn new(range: Range<usize>, per_shard: usize, cap: u64) -> Building {
        let shards: Vec<Shard> = range
            .clone()
            .map(|_| Shard::with_capacity(per_shard))
            .collect();
        let bytes = shards.iter().map(Shard::bytes).sum();
        let building = Building {
            shards: shards.into_iter().map(Mutex::new).collect(),
            first: range.start,
            end: AtomicUsize::new(range.end),
            bytes: AtomicU64::new(bytes),
            cap,
        };
        building.give_up_past_cap();
        building
    }

    /// Whether the children of shard `dest` are still kept.
    #[inline]
    pub(super) fn builds(&self, dest: usize) -> bool {
        dest >= self.first && dest < self.end.load(Ordering::Relaxed)
    }

    /// Adds the children in `buf` to shard `dest` (dropped if that shard was given up meanwhile), and empties `buf`.
    pub(super) fn flush(&self, dest: usize, buf: &mut Vec<(Position, u128)>) {
        let mut grown = false;
        if let Ok(mut t) = self.shards[dest - self.first].lock()
            && self.builds(dest)
        {
            let before = t.bytes();
            t.add_all(buf);
            let after = t.bytes();
            if after != before {
                // Counted under the lock: a shard given up is subtracted only after what it held was added.
                self.bytes.fetch_add(after - before, Ordering::Relaxed);
                grown = true;
            }
        }
        buf.clear();
        if grown {
            self.give_up_past_cap();
        }
    }

    /// Gives up the last shards of the range, freeing their tables, until the rest fit within the cap.
    fn give_up_past_cap(&self) {
        while self.bytes.load(Ordering::Relaxed) > self.cap {
            let end = self.end.load(Ordering::Relaxed);
            if end <= self.first + 1 {
                return;
            }
            if self
                .end
                .compare_exchange(end, end - 1, Ordering::Relaxed, Ordering::Relaxed)
                .is_err()
            {
                continue;
            }
            if let Ok(mut t) = self.shards[end - 1 - self.first].lock() {
                let freed = std::mem::take(&mut *t).bytes();
                self.bytes.fetch_sub(freed, Ordering::Relaxed);
            }
        }
    }

    /// The shards built, each made tight, with the bytes they held before and where the range ended.
    pub(super) fn finish(self) -> (Vec<Shard>, u64, usize) {
        let end = self.end.into_inner();
        let mut shards = self.shards;
        shards.truncate(end - self.first);
        let (shards, built) = tightened(shards);
        (shards, built, end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn children(from: u64, n: u64) -> Vec<(Position, u128)> {
        (from..from + n).map(|p| (p * 2 + 1, 1)).collect()
    }

    #[test]
    fn a_range_past_its_cap_gives_up_its_last_shards_and_keeps_the_rest_whole() {
        let one = Shard::with_capacity(100).bytes();
        let b = Building::new(10..14, 100, one * 4);
        assert!((10..14).all(|d| b.builds(d)) && !b.builds(9) && !b.builds(14));
        // Shard 13 outgrows its room: the range is cut below it, and a later flush into it is dropped.
        b.flush(13, &mut children(0, 1000));
        assert!(!b.builds(13) && b.builds(12));
        b.flush(13, &mut children(0, 10));
        b.flush(10, &mut children(0, 50));
        b.flush(10, &mut children(0, 50));
        let (shards, _, end) = b.finish();
        assert_eq!(end, 13);
        assert_eq!(shards.len(), 3);
        assert_eq!(shards[0].len(), 50);
        assert_eq!(shards[0].get(1), Some(2));
    }

    #[test]
    fn a_range_whose_empty_tables_do_not_fit_keeps_its_first_shard() {
        let one = Shard::with_capacity(100).bytes();
        let b = Building::new(0..8, 100, one * 3 / 2);
        assert!(b.builds(0) && !b.builds(1));
        let b = Building::new(0..8, 100, 0);
        b.flush(0, &mut children(0, 1000));
        assert_eq!(b.finish().2, 1);
    }
}
