//! The lost positions a search remembers, shared by the threads that search side by side: a fixed table of words,
//! each empty (0, which is never a lost position: a search stops at one peg) or the class of a lost position,
//! filled by compare-and-swap with linear probing. It is a cache: a position that finds no slot, or one cleared
//! away when the table fills, only costs its subtree again, and a slot never holds anything but a lost position,
//! so a thread never reads a wrong answer from it.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};

use crate::board::Position;

/// Slots in the table: 8 bytes each, 64 MB.
const SLOTS: usize = 1 << 23;
/// Positions held before the table is cleared (three quarters full: probes stay short).
const CAP: usize = SLOTS / 4 * 3;
/// Slots probed before a lookup gives up (a miss) or an insertion is dropped.
const PROBES: usize = 32;

pub(crate) struct LostSet {
    slots: Box<[AtomicU64]>,
    len: AtomicUsize,
}

impl Default for LostSet {
    fn default() -> Self {
        LostSet {
            slots: (0..SLOTS).map(|_| AtomicU64::new(0)).collect(),
            len: AtomicUsize::new(0),
        }
    }
}

fn home(key: Position) -> usize {
    (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - SLOTS.trailing_zeros())) as usize
}

impl LostSet {
    pub(crate) fn contains(&self, key: Position) -> bool {
        let mut i = home(key);
        for _ in 0..PROBES {
            match self.slots[i].load(Relaxed) {
                0 => return false,
                v if v == key => return true,
                _ => i = (i + 1) & (SLOTS - 1),
            }
        }
        false
    }

    pub(crate) fn insert(&self, key: Position) {
        debug_assert_ne!(key, 0);
        if self.len.load(Relaxed) >= CAP {
            self.clear();
        }
        let mut i = home(key);
        for _ in 0..PROBES {
            match self.slots[i].compare_exchange(0, key, Relaxed, Relaxed) {
                Ok(_) => {
                    self.len.fetch_add(1, Relaxed);
                    return;
                }
                Err(v) if v == key => return,
                Err(_) => i = (i + 1) & (SLOTS - 1),
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
        let set = LostSet::default();
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
    }
}
