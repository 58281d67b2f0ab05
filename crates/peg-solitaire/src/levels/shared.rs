//! A level shared across the ranks of an MPI launch: each rank expands the shards it owns and sends the children
//! it does not own to their owners, a round of shards at a time.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use progress::{Flow, Observer, Progress};
use rayon::prelude::*;

use super::Level;
use super::shards::{
    FLUSH, Halt, Room, SHARD_COUNT, SHARDS, flush_into, owner, pairs, push_pair, rounds, shard_of,
    tightened,
};
use crate::board::{Board, Position};
use crate::prune::Prune;
use crate::ranks::Ranks;
use crate::shard::Shard;
use crate::symmetry::Symmetry;

impl Level {
    /// [`Level::expand`] of a level shared across `ranks`: each rank expands the shards it owns, a few per thread
    /// at a time; the children it does not own are sent to their owners in one all-to-all exchange per round, so
    /// what waits to be sent stays small. Every rank takes the same number of rounds, and all stop together.
    pub fn expand_shared(
        &self,
        (board, symmetry, prune): (&Board, &Symmetry, &Prune),
        observer: &dyn Observer,
        dead: &(dyn Fn(Position, u128) + Sync),
        ranks: &dyn Ranks,
        room: Room,
    ) -> Result<(Level, u64), Halt> {
        if ranks.size() == 1 {
            let moves = (board, symmetry, prune);
            let room = (room.per_shard(SHARD_COUNT), u64::MAX);
            let (shards, built, _) =
                self.expand_range(moves, observer, dead, 0..SHARD_COUNT, room)?;
            return Ok((self.child_level(shards), built));
        }
        let (me, size) = (ranks.rank(), ranks.size());
        // Room only in the shards this rank owns: its estimate is of its own classes.
        let owned = (0..SHARD_COUNT).filter(|&s| owner(s, size) == me).count();
        let next: Vec<Mutex<Shard>> = (0..SHARD_COUNT)
            .map(|s| match owner(s, size) == me {
                true => Mutex::new(Shard::with_capacity(room.per_shard(owned))),
                false => Mutex::new(Shard::default()),
            })
            .collect();
        let rounds = rounds(ranks);
        let go = observer.report(Progress::Begin {
            units: rounds.iter().map(Vec::len).sum(),
            unit: SHARDS,
        }) == Flow::Continue;
        if !ranks.all_keep_going(go) {
            return Err(Halt::Cancelled);
        }
        let stop = AtomicBool::new(false);
        let keep = |dest: usize, buf: &mut Vec<(Position, u128)>| flush_into(&next[dest], buf);
        for batch in rounds {
            let outgoing: Vec<Mutex<Vec<u64>>> =
                (0..size).map(|_| Mutex::new(Vec::new())).collect();
            batch.par_iter().with_max_len(1).for_each(|&index| {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                let mut local: Vec<Vec<(Position, u128)>> = vec![Vec::new(); SHARD_COUNT];
                let mut remote: Vec<Vec<u64>> = vec![Vec::new(); size];
                let whole =
                    self.expand_shard(index, (board, symmetry), observer, dead, |child, n| {
                        if prune.lost(child) {
                            return false;
                        }
                        let dest = shard_of(child);
                        match owner(dest, size) {
                            r if r == me => {
                                local[dest].push((child, n));
                                if local[dest].len() >= FLUSH {
                                    keep(dest, &mut local[dest]);
                                }
                            }
                            r => push_pair(&mut remote[r], child, n),
                        }
                        true
                    });
                for (dest, buf) in local.iter_mut().enumerate() {
                    if !buf.is_empty() {
                        keep(dest, buf);
                    }
                }
                for (r, words) in remote.into_iter().enumerate() {
                    if let Ok(mut o) = outgoing[r].lock() {
                        o.extend(words);
                    }
                }
                if !whole {
                    stop.store(true, Ordering::Relaxed);
                }
            });
            if !ranks.all_keep_going(!stop.load(Ordering::Relaxed)) {
                return Err(Halt::Cancelled);
            }
            let outgoing = outgoing
                .into_iter()
                .map(|m| m.into_inner().unwrap_or_default())
                .collect();
            let received = ranks.exchange(outgoing);
            let mut by_shard: Vec<Vec<(Position, u128)>> = vec![Vec::new(); SHARD_COUNT];
            for (p, n) in pairs(&received) {
                by_shard[shard_of(p)].push((p, n));
            }
            drop(received);
            // No `reserve` here (unlike `keep`): many arrivals add to classes already held.
            by_shard
                .into_par_iter()
                .enumerate()
                .for_each(|(dest, buf)| {
                    if let Ok(mut t) = next[dest].lock() {
                        t.add_all(&buf);
                    }
                });
        }
        let (shards, built) = tightened(next);
        Ok((self.child_level(shards), built))
    }
}
