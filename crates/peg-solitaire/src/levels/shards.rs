//! The shards a level is cut into and what every part of counting shares about them: which shard a position
//! belongs to, which rank owns it in a shared count, the rounds of a shared level, the wire format of a
//! (position, paths) pair, and why expanding stops.

use std::hash::Hasher;
use std::sync::Mutex;

use progress::{Label, Unit};
use rayon::prelude::*;

use crate::board::Position;
use crate::ranks::Ranks;
use crate::shard::Shard;

/// What a unit of counting work is: one shard of a level's positions, owned by one thread while it is expanded.
pub const SHARDS: Unit = Unit::new("part", "parts of a level", Label::Ordinal);

/// Shards per level: many more than threads, so work stealing balances them (the seed's fixed split by rank did
/// not).
pub const SHARD_COUNT: usize = 128;

/// Bytes one class takes in a shard's table while its level is built, made ready for 15 % more classes than
/// expected (16 bytes a slot, at most 7/10 full); a finished level's tables are 3/4 full: 21 bytes a class.
pub const BYTES_PER_CLASS: u64 = 27;

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

/// The shard a position belongs to, from bits 40-46 of its hash (a shard's table places its classes by a hash of
/// its own, `shard.rs`, so the bits every key of a shard shares here do not crowd its slots).
pub(super) fn shard_of(pos: Position) -> usize {
    let mut h = PositionHasher::default();
    h.write_u64(pos);
    (h.finish() >> 40) as usize % SHARD_COUNT
}

/// The rank that owns a shard when a count is shared across `ranks` processes.
pub(super) fn owner(shard: usize, ranks: usize) -> usize {
    shard % ranks
}

/// Shards each thread of a rank expands between two exchanges of a shared count: enough to keep the threads
/// busy, few enough that the positions waiting to be sent stay a small part of a level.
pub(super) const ROUND_SHARDS_PER_THREAD: usize = 2;

/// The shards this rank owns, in rounds of a few per thread, as many rounds as the rank with most of them needs
/// (empty rounds at the end here), so every rank takes part in every round's exchange. Collective.
pub(super) fn rounds(ranks: &dyn Ranks) -> Vec<Vec<usize>> {
    let (me, size) = (ranks.rank(), ranks.size());
    let mine: Vec<usize> = (0..SHARD_COUNT).filter(|&s| owner(s, size) == me).collect();
    let per_round = ROUND_SHARDS_PER_THREAD * rayon::current_num_threads();
    let mut rounds: Vec<Vec<usize>> = mine.chunks(per_round).map(<[usize]>::to_vec).collect();
    let all = ranks.max(rounds.len() as u64) as usize;
    rounds.resize(all, Vec::new());
    rounds
}

/// Children a thread gathers for one shard of the next level before it takes that shard's lock.
pub(super) const FLUSH: usize = 512;

/// Adds the children in `buf` to a shard of the next level, under its lock, and empties `buf`.
pub(super) fn flush_into(shard: &Mutex<Shard>, buf: &mut Vec<(Position, u128)>) {
    if let Ok(mut t) = shard.lock() {
        t.add_all(buf);
    }
    buf.clear();
}

/// Words a (position, paths) pair takes on the wire: the position, then the paths as two 64-bit halves.
pub(super) const WORDS: usize = 3;

pub(super) fn push_pair(out: &mut Vec<u64>, pos: Position, n: u128) {
    out.extend_from_slice(&[pos, n as u64, (n >> 64) as u64]);
}

pub(super) fn pairs(words: &[u64]) -> impl Iterator<Item = (Position, u128)> + '_ {
    words
        .chunks_exact(WORDS)
        .map(|w| (w[0], u128::from(w[1]) | u128::from(w[2]) << 64))
}

/// Why expanding a level stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Halt {
    /// The observer asked to stop.
    Cancelled,
    /// A level's temporary files could not be written or read.
    Disk(String),
}

/// About how many classes the whole next level will hold: its shards are made ready for them before it is built,
/// so that a shard seldom grows while it is filled (its table would briefly be held twice, then be less than half
/// full).
#[derive(Clone, Copy, Debug)]
pub struct Room(pub u64);

impl Room {
    /// Room in each of `shards` shards that share the classes (15 % more than their share).
    pub(super) fn per_shard(self, shards: usize) -> usize {
        (self.0 as f64 * 1.15 / shards.max(1) as f64) as usize
    }
}

/// Shards as they were filled, each made [`Shard::tighten`] tight; with the bytes they held before.
pub(super) fn tightened(next: Vec<Mutex<Shard>>) -> (Vec<Shard>, u64) {
    let shards: Vec<Shard> = next
        .into_par_iter()
        .map(|m| m.into_inner().unwrap_or_default())
        .collect();
    let built = shards.iter().map(Shard::bytes).sum();
    let shards = shards
        .into_par_iter()
        .map(|mut s| {
            s.tighten();
            s
        })
        .collect();
    (shards, built)
}
