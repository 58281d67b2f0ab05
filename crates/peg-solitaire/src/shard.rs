//! One shard of a level: its classes, each with the paths into it, in 16 bytes a class. Open addressing (Robin Hood
//! linear probing) over `(position, paths)` pairs sized exactly (not to a power of two), held at most [`MAX_LOAD`]
//! full while a level is built and tightened to [`REST_LOAD`] once it is. Paths are exact 128-bit counts: a count of 2^63 or more
//! (rare, near the end of the longest counts) is kept whole beside the table, its slot marked.
//!
//! A general hash map (hashbrown) took 24 bytes a pair plus a control byte, at between 7/16 and 7/8 of a power of
//! two: 28 to 57 bytes a class.

use std::collections::HashMap;
use std::io::{self, Read, Write};

use crate::board::Position;

/// The most a table is filled while it grows (a miss looks at about 2 slots, one or two cache lines).
const MAX_LOAD: f64 = 0.7;

/// How full a finished level's tables are made.
const REST_LOAD: f64 = 0.75;

/// Marks a slot whose count is kept whole in `wide`.
const WIDE: u64 = 1 << 63;

/// Bytes of one slot.
const SLOT_BYTES: u64 = 16;

/// The classes of one shard of a level, each with the paths into it.
#[derive(Clone, Debug, Default)]
pub struct Shard {
    /// `[position, paths]`; position 0 (no peg: never on a level) marks an empty slot.
    slots: Vec<[u64; 2]>,
    len: usize,
    /// Counts of 2^63 or more, whole.
    wide: HashMap<Position, u128>,
}

/// A hash for slots, independent of the one that picks a position's shard (whose bits are alike in one shard):
/// the finaliser of MurmurHash3.
#[inline]
fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

/// A table of `n` empty slots, written now. (Not `vec![..; n]`: that takes zeroed pages from the kernel, mapped to
/// its shared zero page until first written; a lookup reads a slot before the insert writes it, so each page
/// would fault twice, the second time flushing every thread's address cache: a fifth of a count's time went to
/// that.) A big table asks Linux for huge pages first: lookups into a level of gigabytes are random, and with 4 KB
/// pages nearly each one also misses the address cache (TLB).
fn empty_slots(n: usize) -> Vec<[u64; 2]> {
    let mut slots: Vec<[u64; 2]> = Vec::with_capacity(n);
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let bytes = n * std::mem::size_of::<[u64; 2]>();
        if bytes >= 2 * HUGE {
            let start = slots.as_ptr() as usize;
            let first = start.next_multiple_of(HUGE);
            let len = (start + bytes - first) / HUGE * HUGE;
            // SAFETY: madvise with MADV_HUGEPAGE only changes how the kernel backs pages of this live allocation
            // (whole 2 MB pages inside it); it reads and writes nothing, and a failure is harmless.
            #[allow(unsafe_code)]
            unsafe {
                libc::madvise(first as *mut libc::c_void, len, libc::MADV_HUGEPAGE);
            }
        }
    }
    slots.resize(n, [0; 2]);
    slots
}

/// Slots for `n` classes at `load`.
fn slots_for(n: usize, load: f64) -> usize {
    if n == 0 {
        0
    } else {
        (n as f64 / load) as usize + 2
    }
}

impl Shard {
    /// A table with room for `n` classes before it grows.
    pub fn with_capacity(n: usize) -> Shard {
        Shard {
            slots: empty_slots(slots_for(n, MAX_LOAD)),
            ..Shard::default()
        }
    }

    /// Bytes an empty table with room for `n` classes holds.
    pub fn bytes_for(n: usize) -> u64 {
        slots_for(n, MAX_LOAD) as u64 * SLOT_BYTES
    }

    /// Classes held.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Bytes held (the slots, used or not, and the whole counts).
    pub fn bytes(&self) -> u64 {
        self.slots.len() as u64 * SLOT_BYTES + self.wide.len() as u64 * 32
    }

    /// The first slot to look at for `pos` (the hash scaled to the table, so any size works).
    #[inline]
    fn home(&self, pos: Position) -> usize {
        ((u128::from(mix(pos)) * self.slots.len() as u128) >> 64) as usize
    }

    /// How far slot `i`, holding `key`, is from `key`'s home slot.
    #[inline]
    fn distance(&self, i: usize, key: Position) -> usize {
        let home = self.home(key);
        if i >= home {
            i - home
        } else {
            i + self.slots.len() - home
        }
    }

    /// The slot holding `pos`, or where it would go with its distance from home: the first empty slot, or the first
    /// holding a class nearer its own home than `pos` would be (Robin Hood hashing: classes along a run are kept
    /// in the order of their homes, so a miss stops there; at 3/4 full a miss looks at about 2.5 slots, not 8.5).
    #[inline]
    fn find(&self, pos: Position) -> Result<usize, (usize, usize)> {
        let n = self.slots.len();
        let mut i = self.home(pos);
        let mut d = 0;
        loop {
            let k = self.slots[i][0];
            if k == pos {
                return Ok(i);
            }
            if k == 0 || self.distance(i, k) < d {
                return Err((i, d));
            }
            i += 1;
            if i == n {
                i = 0;
            }
            d += 1;
        }
    }

    /// Puts `slot` (a class not held) at `i`, `d` from its home, moving the classes after it along.
    fn settle(&mut self, mut i: usize, mut d: usize, mut slot: [u64; 2]) {
        let n = self.slots.len();
        loop {
            let k = self.slots[i][0];
            if k == 0 {
                self.slots[i] = slot;
                return;
            }
            let dk = self.distance(i, k);
            if dk < d {
                std::mem::swap(&mut self.slots[i], &mut slot);
                d = dk;
            }
            i += 1;
            if i == n {
                i = 0;
            }
            d += 1;
        }
    }

    /// Puts `slot` (a class not held) where it goes.
    fn insert_new(&mut self, slot: [u64; 2]) {
        match self.find(slot[0]) {
            Err((i, d)) => self.settle(i, d, slot),
            Ok(i) => self.slots[i] = slot,
        }
    }

    /// Makes room for `more` classes at [`MAX_LOAD`].
    pub fn reserve(&mut self, more: usize) {
        let want = self.len + more;
        if want as f64 > self.slots.len() as f64 * MAX_LOAD {
            self.resize(slots_for(want, MAX_LOAD).max(self.slots.len() * 2));
        }
    }

    /// Moves every class into a table of `slots` slots.
    fn resize(&mut self, slots: usize) {
        let old = std::mem::replace(&mut self.slots, empty_slots(slots));
        for s in old.into_iter().filter(|s| s[0] != 0) {
            self.insert_new(s);
        }
    }

    /// Makes the table [`REST_LOAD`] full: for a finished level.
    pub fn tighten(&mut self) {
        let slots = slots_for(self.len, REST_LOAD);
        if slots < self.slots.len() {
            self.resize(slots);
        }
        self.wide.shrink_to_fit();
    }

    /// Adds `n` paths into the class of `pos` (`pos` canonical, not 0).
    #[inline]
    pub fn add(&mut self, pos: Position, n: u128) {
        debug_assert!(pos != 0);
        self.reserve(1);
        let i = match self.find(pos) {
            Ok(i) => i,
            Err((i, d)) => {
                self.len += 1;
                if n < u128::from(WIDE) {
                    self.settle(i, d, [pos, n as u64]);
                } else {
                    self.settle(i, d, [pos, WIDE]);
                    self.wide.insert(pos, n);
                }
                return;
            }
        };
        let slot = &mut self.slots[i];
        let c = slot[1];
        if c & WIDE == 0 {
            let sum = u128::from(c) + n;
            if sum < u128::from(WIDE) {
                slot[1] = sum as u64;
                return;
            }
            slot[1] = WIDE;
            self.wide.insert(pos, sum);
        } else {
            *self.wide.entry(pos).or_default() += n;
        }
    }

    /// Asks the processor to start bringing `pos`'s home slot into the cache, so that a lookup soon after does not
    /// wait for memory: lookups into a level of gigabytes are random reads, each a miss of every cache, and
    /// a batch of them prefetched together overlaps those misses.
    #[inline]
    pub fn prefetch(&self, pos: Position) {
        if self.slots.is_empty() {
            return;
        }
        let slot: *const [u64; 2] = &self.slots[self.home(pos)];
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch is a hint that never faults and reads nothing the program sees; the address is a
        // live element of `slots`.
        #[allow(unsafe_code)]
        unsafe {
            std::arch::x86_64::_mm_prefetch(slot.cast::<i8>(), std::arch::x86_64::_MM_HINT_T0);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = slot;
    }

    /// Adds each `(pos, n)` of `items` as [`Shard::add`] does, each place prefetched a few items ahead so that the
    /// misses overlap.
    pub fn add_all(&mut self, items: &[(Position, u128)]) {
        const AHEAD: usize = 8;
        for &(p, _) in items.iter().take(AHEAD) {
            self.prefetch(p);
        }
        for (k, &(p, n)) in items.iter().enumerate() {
            if let Some(&(q, _)) = items.get(k + AHEAD) {
                self.prefetch(q);
            }
            self.add(p, n);
        }
    }

    /// The paths into the class of `pos`, if it is held.
    #[inline]
    pub fn get(&self, pos: Position) -> Option<u128> {
        if self.slots.is_empty() {
            return None;
        }
        self.find(pos).ok().map(|i| self.whole(self.slots[i]))
    }

    fn whole(&self, s: [u64; 2]) -> u128 {
        if s[1] & WIDE == 0 {
            u128::from(s[1])
        } else {
            self.wide.get(&s[0]).copied().unwrap_or_default()
        }
    }

    /// Writes the shard (its classes, not its empty slots): the number of classes, each as `[position, count]`
    /// (the count's top bit marks a whole count), then the whole counts as `[position, low, high]`; little-endian
    /// 64-bit words.
    pub fn write_to(&self, w: &mut impl Write) -> io::Result<()> {
        let words = |w: &mut dyn Write, ws: &[u64]| -> io::Result<()> {
            for x in ws {
                w.write_all(&x.to_le_bytes())?;
            }
            Ok(())
        };
        words(w, &[self.len as u64])?;
        for s in self.slots.iter().filter(|s| s[0] != 0) {
            words(w, s)?;
        }
        words(w, &[self.wide.len() as u64])?;
        for (&p, &n) in &self.wide {
            words(w, &[p, n as u64, (n >> 64) as u64])?;
        }
        Ok(())
    }

    /// A shard as [`Shard::write_to`] wrote it, at [`REST_LOAD`].
    pub fn read_from(r: &mut impl Read) -> io::Result<Shard> {
        let mut word = || -> io::Result<u64> {
            let mut b = [0u8; 8];
            r.read_exact(&mut b)?;
            Ok(u64::from_le_bytes(b))
        };
        let len = word()? as usize;
        let mut shard = Shard {
            slots: empty_slots(slots_for(len, REST_LOAD)),
            len,
            wide: HashMap::new(),
        };
        for _ in 0..len {
            let s = [word()?, word()?];
            shard.insert_new(s);
        }
        for _ in 0..word()? {
            let (p, lo, hi) = (word()?, word()?, word()?);
            shard.wide.insert(p, u128::from(lo) | u128::from(hi) << 64);
        }
        Ok(shard)
    }

    /// Every class with its paths.
    pub fn iter(&self) -> impl Iterator<Item = (Position, u128)> + '_ {
        self.slots
            .iter()
            .filter(|s| s[0] != 0)
            .map(|&s| (s[0], self.whole(s)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shard_keeps_exact_counts_through_growth_and_tightening() {
        let mut s = Shard::default();
        let mut want: HashMap<Position, u128> = HashMap::new();
        let mut x = 0x1234_5678_9abc_def1u64;
        for k in 0..20_000u64 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let pos = (x % 3000) + 1;
            // Some counts cross 2^63 and 2^64, and go on growing once whole.
            let n = if k % 997 == 0 {
                u128::from(u64::MAX)
            } else {
                u128::from(x >> 40)
            };
            s.add(pos, n);
            *want.entry(pos).or_default() += n;
        }
        s.tighten();
        assert_eq!(s.len(), want.len());
        for (&p, &n) in &want {
            assert_eq!(s.get(p), Some(n));
        }
        assert_eq!(s.get(3001), None);
        let mut got: Vec<(Position, u128)> = s.iter().collect();
        got.sort_unstable();
        let mut all: Vec<(Position, u128)> = want.into_iter().collect();
        all.sort_unstable();
        assert_eq!(got, all);
        assert!(s.bytes() <= 3000 * 22 + 64 * 32);
        // Written and read back, the same.
        let mut bytes = Vec::new();
        s.write_to(&mut bytes).unwrap();
        let back = Shard::read_from(&mut bytes.as_slice()).unwrap();
        let mut again: Vec<(Position, u128)> = back.iter().collect();
        again.sort_unstable();
        assert_eq!(again, all);
        assert_eq!(back.get(3001), None);
    }
}
