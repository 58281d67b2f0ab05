//! One shard of a level: its classes, each with the paths into it, in 16 bytes a class. Open addressing sized
//! exactly (not to a power of two), held at most [`MAX_LOAD`] full while a level is built and tightened to
//! [`REST_LOAD`] once it is. Paths are exact 128-bit counts: a count of 2^63 or more (rare, near the end of the
//! longest counts) is kept whole beside the table, its slot marked.
//!
//! A slot holds the class's position hashed ([`mix`], a bijection, so the position comes back with [`unmix`]), and
//! the table is an ordered hash table (Amble and Knuth, 1974): a key's home slot is its hash scaled to the table,
//! and the keys are kept in ascending order along the table, each at or after its home, runs never wrapping (a few
//! slots past the last home take the end of the last runs). So a lookup hashes once and walks from the home while
//! the keys are smaller (a miss stops at the first greater key or empty slot, at 3/4 full after about 2.5 slots),
//! comparing keys only (the Robin Hood table before it worked out the home of every key a probe passed: a 128-bit
//! product each, a call to a multiply routine in wasm, where the English count is about a quarter faster for it;
//! natively a lookup costs about what it did). And a table read back, resized or tightened is laid out in one pass
//! in order.
//!
//! A general hash map (hashbrown) takes 24 bytes a pair plus a control byte, at between 7/16 and 7/8 of a power of
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
    /// `[mix(position), paths]`, ascending by key; 0 (the hash of no peg, never on a level) marks an empty slot.
    slots: Vec<[u64; 2]>,
    /// Home slots (the slots after them hold only the ends of runs).
    homes: usize,
    len: usize,
    /// Counts of 2^63 or more, whole, by key.
    wide: HashMap<u64, u128>,
}

/// The hash a position is kept under: the finaliser of MurmurHash3 (independent of the hash that picks a position's
/// shard, whose bits are alike in one shard), a bijection of 64-bit words that maps 0 to 0.
#[inline]
fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

/// The position `mix` hashed to `x` (each step undone: a shift by 33 undoes itself, each product is undone by the
/// multiplicative inverse of its constant).
#[inline]
fn unmix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0x9cb4_b2f8_1293_37db);
    x ^= x >> 33;
    x = x.wrapping_mul(0x4f74_430c_22a5_4005);
    x ^ (x >> 33)
}

/// Slots past the last home for a table of `homes` homes: runs end there (the longest run of a table 3/4 full of
/// millions of classes is some tens of slots; where one would pass the end, the table is laid out again larger).
fn spare(homes: usize) -> usize {
    4 + homes / 256
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
        Shard::empty(slots_for(n, MAX_LOAD))
    }

    /// An empty table of `homes` homes.
    fn empty(homes: usize) -> Shard {
        Shard {
            slots: empty_slots(homes + spare(homes)),
            homes,
            ..Shard::default()
        }
    }

    /// Bytes an empty table with room for `n` classes holds.
    pub fn bytes_for(n: usize) -> u64 {
        let homes = slots_for(n, MAX_LOAD);
        (homes + spare(homes)) as u64 * SLOT_BYTES
    }

    /// Classes held.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Bytes held (the slots, used or not, and the whole counts).
    pub fn bytes(&self) -> u64 {
        self.slots.len() as u64 * SLOT_BYTES + self.wide.len() as u64 * 32
    }

    /// The home slot of key `h` (the hash scaled to the homes, so any number of them works, and homes ascend with
    /// keys).
    #[inline]
    fn home(&self, h: u64) -> usize {
        ((u128::from(h) * self.homes as u128) >> 64) as usize
    }

    /// The slot holding key `h`, or where it would go: the first slot from its home holding no key or a greater one
    /// (`slots.len()` where the run reaches the end).
    #[inline]
    fn find(&self, h: u64) -> Result<usize, usize> {
        let mut i = self.home(h);
        while let Some(&[k, _]) = self.slots.get(i) {
            if k == h {
                return Ok(i);
            }
            if k == 0 || k > h {
                return Err(i);
            }
            i += 1;
        }
        Err(i)
    }

    /// Puts `slot` (a key not held) at `i`, where [`Shard::find`] said, moving the rest of its run one slot along;
    /// where the run reaches the end of the table, the table is laid out again larger first.
    fn insert_at(&mut self, i: usize, slot: [u64; 2]) {
        let end = self.slots[i..]
            .iter()
            .position(|s| s[0] == 0)
            .map(|e| i + e);
        match end {
            Some(e) => {
                self.slots.copy_within(i..e, i + 1);
                self.slots[i] = slot;
            }
            None => {
                self.resize(self.homes + self.homes / 4 + 1);
                match self.find(slot[0]) {
                    Err(i) => self.insert_at(i, slot),
                    Ok(i) => self.slots[i] = slot,
                }
            }
        }
    }

    /// Makes room for `more` classes at [`MAX_LOAD`].
    pub fn reserve(&mut self, more: usize) {
        let want = self.len + more;
        if want as f64 > self.homes as f64 * MAX_LOAD {
            self.resize(slots_for(want, MAX_LOAD).max(self.homes * 2));
        }
    }

    /// Moves every class into a table of `homes` homes: in one pass, in order, each at its home or just after the
    /// class before it.
    fn resize(&mut self, homes: usize) {
        let old = std::mem::replace(self, Shard::empty(homes));
        self.len = old.len;
        self.wide = old.wide;
        self.lay_out(old.slots.into_iter().filter(|s| s[0] != 0));
    }

    /// Puts `slots`, ascending by key, into this empty table.
    fn lay_out(&mut self, slots: impl Iterator<Item = [u64; 2]>) {
        let mut next = 0;
        for s in slots {
            self.place(&mut next, s);
        }
    }

    /// Puts `s`, a key greater than any held, at its home or at `next`, the slot after the last one placed,
    /// whichever comes later.
    fn place(&mut self, next: &mut usize, s: [u64; 2]) {
        let i = self.home(s[0]).max(*next);
        if i < self.slots.len() {
            self.slots[i] = s;
        } else {
            self.slots.push(s);
        }
        *next = i + 1;
    }

    /// Makes the table [`REST_LOAD`] full: for a finished level.
    pub fn tighten(&mut self) {
        let homes = slots_for(self.len, REST_LOAD);
        if homes < self.homes {
            self.resize(homes);
        }
        self.wide.shrink_to_fit();
    }

    /// Adds `n` paths into the class of `pos` (`pos` canonical, not 0).
    #[inline]
    pub fn add(&mut self, pos: Position, n: u128) {
        debug_assert!(pos != 0);
        self.reserve(1);
        let h = mix(pos);
        let i = match self.find(h) {
            Ok(i) => i,
            Err(i) => {
                self.len += 1;
                if n < u128::from(WIDE) {
                    self.insert_at(i, [h, n as u64]);
                } else {
                    self.insert_at(i, [h, WIDE]);
                    self.wide.insert(h, n);
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
            self.wide.insert(h, sum);
        } else {
            *self.wide.entry(h).or_default() += n;
        }
    }

    /// Asks the processor to start bringing `pos`'s home slot into the cache, so that a lookup soon after does not
    /// wait for memory: lookups into a level of gigabytes are random reads, each a miss of every cache, and
    /// a batch of them prefetched together overlaps those misses.
    #[inline]
    pub fn prefetch(&self, pos: Position) {
        let Some(slot) = self.slots.get(self.home(mix(pos))) else {
            return;
        };
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch is a hint that never faults and reads nothing the program sees; the address is a
        // live element of `slots`.
        #[allow(unsafe_code)]
        unsafe {
            std::arch::x86_64::_mm_prefetch(
                std::ptr::from_ref(slot).cast::<i8>(),
                std::arch::x86_64::_MM_HINT_T0,
            );
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
        self.find(mix(pos)).ok().map(|i| self.whole(self.slots[i]))
    }

    fn whole(&self, s: [u64; 2]) -> u128 {
        if s[1] & WIDE == 0 {
            u128::from(s[1])
        } else {
            self.wide.get(&s[0]).copied().unwrap_or_default()
        }
    }

    /// Writes the shard (its classes, not its empty slots): the number of classes, each as `[key, count]` in the
    /// table's order (the count's top bit marks a whole count), then the whole counts as `[key, low, high]`;
    /// little-endian 64-bit words.
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
        for (&h, &n) in &self.wide {
            words(w, &[h, n as u64, (n >> 64) as u64])?;
        }
        Ok(())
    }

    /// A shard as [`Shard::write_to`] wrote it, at [`REST_LOAD`], laid out in one pass.
    pub fn read_from(r: &mut impl Read) -> io::Result<Shard> {
        let mut word = || -> io::Result<u64> {
            let mut b = [0u8; 8];
            r.read_exact(&mut b)?;
            Ok(u64::from_le_bytes(b))
        };
        let len = word()? as usize;
        let mut shard = Shard::empty(slots_for(len, REST_LOAD));
        shard.len = len;
        let (mut last, mut next) = (0, 0);
        for _ in 0..len {
            let slot = [word()?, word()?];
            if slot[0] <= last {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    "a shard's keys out of order",
                ));
            }
            last = slot[0];
            shard.place(&mut next, slot);
        }
        for _ in 0..word()? {
            let (h, lo, hi) = (word()?, word()?, word()?);
            shard.wide.insert(h, u128::from(lo) | u128::from(hi) << 64);
        }
        Ok(shard)
    }

    /// Every class with its paths.
    pub fn iter(&self) -> impl Iterator<Item = (Position, u128)> + '_ {
        self.slots
            .iter()
            .filter(|s| s[0] != 0)
            .map(|&s| (unmix(s[0]), self.whole(s)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_that_reaches_the_end_of_the_table_makes_it_larger() {
        // Ten keys at the last home of a table of 4 homes and 8 slots: the run passes the end.
        let mut s = Shard::empty(4);
        let keys: Vec<u64> = (0..10).map(|k| u64::MAX - 7 * k).collect();
        for &h in &keys {
            s.len += 1;
            match s.find(h) {
                Err(i) => s.insert_at(i, [h, h >> 40]),
                Ok(_) => panic!("{h} held twice"),
            }
        }
        assert!(s.homes > 4);
        for &h in &keys {
            assert_eq!(s.get(unmix(h)), Some(u128::from(h >> 40)));
        }
    }

    #[test]
    fn keys_come_back_and_stay_in_order_each_at_or_after_its_home() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut s = Shard::with_capacity(10);
        for _ in 0..50_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            assert_eq!(unmix(mix(x)), x);
            s.add((x >> 20) | 1, 1);
        }
        assert_eq!(mix(0), 0);
        let held: Vec<(usize, u64)> = s
            .slots
            .iter()
            .enumerate()
            .filter(|(_, k)| k[0] != 0)
            .map(|(i, k)| (i, k[0]))
            .collect();
        assert_eq!(held.len(), s.len());
        assert!(held.windows(2).all(|w| w[0].1 < w[1].1));
        assert!(held.iter().all(|&(i, k)| s.home(k) <= i));
        // No empty slot between a key's home and the key.
        assert!(
            held.iter()
                .all(|&(i, k)| s.slots[s.home(k)..i].iter().all(|t| t[0] != 0))
        );
    }

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
