//! The lost positions a search remembers, shared by the threads that search side by side: a fixed table of words,
//! each empty (0, which is never a lost position: a search stops at one peg) or the class of a lost position,
//! filled by compare-and-swap with linear probing. It is a cache: a position that finds no slot, or one cleared
//! away when the table fills, only costs its subtree again, and a slot never holds anything but a lost position,
//! so a thread never reads a wrong answer from it.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};

use crate::board::Position;

/// The most slots a table has: 8 bytes each, 64 MB.
const MOST: usize = 1 << 23;
/// The fewest: a short search (which start of a board can be won?) costs next to nothing to set up.
const FEWEST: usize = 1 << 16;
/// Slots probed before a lookup gives up (a miss) or an insertion is dropped.
const PROBES: usize = 32;

pub(crate) struct LostSet {
    slots: Box<[AtomicU64]>,
    len: AtomicUsize,
}

impl LostSet {
    /// A table for a search of about `positions` new positions (between [`FEWEST`] and [`MOST`] slots): eight
    /// slots a position, since the pagoda proofs add lost positions the search never visits, and a table that
    /// fills starts afresh, losing what it held.
    pub(crate) fn for_positions(positions: u64) -> LostSet {
        let slots = usize::try_from(positions.saturating_mul(8))
            .unwrap_or(MOST)
            .clamp(FEWEST, MOST)
            .next_power_of_two();
        LostSet {
            slots: (0..slots).map(|_| AtomicU64::new(0)).collect(),
            len: AtomicUsize::new(0),
        }
    }

    /// This table, or a bigger one holding the same positions when a search of `positions` needs more room.
    pub(crate) fn room_for(self, positions: u64) -> LostSet {
        let bigger = LostSet::for_positions(positions);
        if bigger.slots.len() <= self.slots.len() {
            return self;
        }
        for slot in &self.slots[..] {
            let key = slot.load(Relaxed);
            if key != 0 {
                bigger.insert(key);
            }
        }
        bigger
    }

    fn mask(&self) -> usize {
        self.slots.len() - 1
    }

    fn home(&self, key: Position) -> usize {
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - self.slots.len().trailing_zeros()))
            as usize
    }

    pub(crate) fn contains(&self, key: Position) -> bool {
        let mut i = self.home(key);
        for _ in 0..PROBES {
            match self.slots[i].load(Relaxed) {
                0 => return false,
                v if v == key => return true,
                _ => i = (i + 1) & self.mask(),
            }
        }
        false
    }

    pub(crate) fn insert(&self, key: Position) {
        debug_assert_ne!(key, 0);
        // Three quarters full: start afresh, so that probes stay short.
        if self.len.load(Relaxed) >= self.slots.len() / 4 * 3 {
            self.clear();
        }
        let mut i = self.home(key);
        for _ in 0..PROBES {
            match self.slots[i].compare_exchange(0, key, Relaxed, Relaxed) {
                Ok(_) => {
                    self.len.fetch_add(1, Relaxed);
                    return;
                }
                Err(v) if v == key => return,
                Err(_) => i = (i + 1) & self.mask(),
            }
        }
    }

    /// Forgets every position (another thread's concurrent insertions may survive, which is harmless).
    fn clear(&self) {
        self.len.store(0, Relaxed);
        for slot in &self.slots[..] {
            slot.store(0, Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_what_was_inserted_and_nothing_else() {
        let set = LostSet::for_positions(20_000);
        assert_eq!(set.slots.len(), 1 << 18);
        let keys: Vec<Position> = (1..20_000u64)
            .map(|k| k.wrapping_mul(0x2545_f491_4f6c_dd1d) | 1)
            .collect();
        for &k in &keys {
            set.insert(k);
        }
        assert!(keys.iter().all(|&k| set.contains(k)));
        assert!(!set.contains(2) && !set.contains(1 << 40));
        set.insert(keys[0]);
        assert_eq!(set.len.load(Relaxed), keys.len());
        // Grown for a longer search, it still holds them.
        let grown = set.room_for(1 << 20);
        assert_eq!(grown.slots.len(), 1 << 23);
        assert!(keys.iter().all(|&k| grown.contains(k)));
        assert_eq!(LostSet::for_positions(u64::MAX).slots.len(), MOST);
    }

    #[test]
    fn a_full_table_starts_afresh_rather_than_grow() {
        let set = LostSet::for_positions(0);
        for k in 1..=(FEWEST as u64) {
            set.insert(k << 1);
        }
        assert!(set.len.load(Relaxed) <= FEWEST / 4 * 3);
        assert!(set.contains(FEWEST as u64 * 2));
        assert_eq!(set.slots.len(), FEWEST);
    }
}
