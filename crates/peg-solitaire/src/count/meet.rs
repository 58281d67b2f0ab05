//! Meeting in the middle: forward from the start and forward from the complemented finishes, to levels one jump
//! apart; the last jump builds the meeting level where it fits, else is streamed into the sum.

use super::run::{IN_MEMORY, Run, halted};
use super::{CountError, Counted, same_halves};
use crate::board::Position;
use crate::levels::{BYTES_PER_CLASS, Level, Meeting, SHARD_COUNT, ranges};

impl Run<'_> {
    /// A position `p` with `m` pegs is reached by `f(p)` games from the start, and `g(!p)` games lead from `p` to a
    /// finish, where `g` counts games from the complemented finishes (a jump backwards is a jump forwards on
    /// complements). Each step grows the half whose last level is smaller, so the two held at the end are about
    /// the same size and the widest is as small as it can be; the last jump is [`Run::last_jump`].
    pub(super) fn meet(
        mut self,
        start: Position,
        finals: &[Position],
    ) -> Result<Counted, CountError> {
        let pegs = start.count_ones();
        let jumps = pegs - 1;
        let sources: Vec<Position> = finals.iter().map(|&p| self.board.complement(p)).collect();
        if same_halves(self.symmetry, start, &sources) {
            return self.meet_itself(start, jumps);
        }
        let mut forward = self.start_level(&[start]);
        self.record(&forward, false)?;
        let mut backward = self.start_level(&sources);
        self.record(&backward, true)?;
        let (mut a, mut b) = (0, 0);
        let smaller_back = |run: &Self, f: &Level, g: &Level| {
            run.ranks.sum(u128::from(g.classes())) < run.ranks.sum(u128::from(f.classes()))
        };
        while a + b + 1 < jumps {
            if smaller_back(&self, &forward, &backward) {
                backward = self.step(&mut backward, Some(&mut forward), true, &|_, _| {})?;
                b += 1;
                self.record(&backward, true)?;
            } else {
                forward = self.step(&mut forward, Some(&mut backward), false, &|_, _| {})?;
                a += 1;
                self.record(&forward, false)?;
            }
        }
        let (solutions, met) = if smaller_back(&self, &forward, &backward) {
            (
                self.last_jump(&mut backward, Some(&mut forward), true)?,
                pegs - a,
            )
        } else {
            (
                self.last_jump(&mut forward, Some(&mut backward), false)?,
                pegs - a - 1,
            )
        };
        self.done(solutions, Some(met))
    }

    /// The sum over the meeting level, one jump after `level`, met with `other` (none: `level` meets itself, the
    /// middle of a game back to its start hole). Where the meeting level fits in memory beside both, it is built
    /// and its classes met (one lookup per class, not one per jump into it); else it is streamed through
    /// (`Level::meet_sum`), never stored.
    fn last_jump(
        &mut self,
        level: &mut Level,
        mut other: Option<&mut Level>,
        backward: bool,
    ) -> Result<u128, CountError> {
        let max = self.limits.max_bytes as f64;
        // The other half's level, on disk while this one grew, is read back where both fit: the meet is then one
        // pass over this level's children, not one per range of the other's shards.
        if let Some(o) = other.as_deref_mut()
            && o.on_disk()
            && (level.bytes() + o.bytes_in_memory()) as f64 <= max * IN_MEMORY
        {
            o.unspill().map_err(halted)?;
            self.peak = self.peak.max(level.bytes() + o.bytes());
        }
        let next = self.next_classes(level, backward) * BYTES_PER_CLASS;
        // Shared, every rank takes the way the rank that needs it takes (each way is collective).
        let held = self
            .ranks
            .max(level.bytes() + other.as_ref().map_or(0, |o| o.bytes()) + next);
        let on_disk = level.on_disk() || other.as_ref().is_some_and(|o| o.on_disk());
        let on_disk = self.ranks.max(u64::from(on_disk)) == 1;
        if on_disk || held as f64 > max * IN_MEMORY {
            let level: &Level = level;
            let other: &Level = other.as_deref().unwrap_or(level);
            return self.meet_parts(level, other, (backward, true));
        }
        let meeting = self.step(level, other.as_deref_mut(), backward, &|_, _| {})?;
        self.record(&meeting, backward)?;
        let other: &Level = other.as_deref().unwrap_or(level);
        self.meet_parts(&meeting, other, (backward, false))
    }

    /// The meet when both halves start from the same position (a game back to its start hole): the forward levels
    /// serve both, and only the one in the middle is held.
    fn meet_itself(mut self, start: Position, jumps: u32) -> Result<Counted, CountError> {
        let mut level = self.start_level(&[start]);
        self.record(&level, false)?;
        for _ in 0..jumps / 2 {
            level = self.step(&mut level, None, false, &|_, _| {})?;
            self.record(&level, false)?;
        }
        let pegs = start.count_ones();
        let (solutions, met) = if jumps % 2 == 1 {
            // The level in the middle is both halves' last: the meeting level is one jump after it.
            let met = pegs - jumps / 2 - 1;
            (self.last_jump(&mut level, None, false)?, met)
        } else {
            (
                self.meet_parts(&level, &level, (false, false))?,
                pegs - jumps / 2,
            )
        };
        self.done(solutions, Some(met))
    }

    /// What a meet with a level of the other half sums over: the classes of a level of this half (`backward` or
    /// not), or with `children` the children of its classes, pruned as this half is.
    fn meeting(&self, backward: bool, children: bool) -> Meeting<'_> {
        Meeting {
            symmetry: self.symmetry,
            other_prune: &self.prune[usize::from(!backward)],
            children: children.then_some((
                (self.board, &self.prune[usize::from(backward)]),
                self.observer,
            )),
        }
    }

    /// The meet of `level` with `other` (what is summed: [`Run::meeting`]'s); where `other` is on disk, a range of its
    /// shards at a time (each small enough for memory), `level` gone through once for each.
    fn meet_parts(
        &mut self,
        level: &Level,
        other: &Level,
        (backward, children): (bool, bool),
    ) -> Result<u128, CountError> {
        // The same ranges on every rank: as many as the rank holding most needs.
        let on_disk = self.ranks.max(u64::from(other.on_disk())) == 1;
        let passes = if on_disk {
            let budget = (self.limits.max_bytes / 2).max(1);
            self.ranks.max(other.bytes_in_memory()).div_ceil(budget) as usize
        } else {
            1
        };
        self.rereads += passes.saturating_sub(1) as u64;
        let at = &self.meeting(backward, children);
        let (board, sym) = (self.board, self.symmetry);
        let meet = |p| sym.canonical(board.complement(p));
        if !on_disk {
            return level
                .meet_sum(other, 0..SHARD_COUNT, at, &meet, self.ranks)
                .map_err(halted);
        }
        let mut total = 0;
        for range in ranges(passes) {
            // A rank whose share stayed in memory uses it as it is (the ranks only agree on the ranges).
            let loaded;
            let part = if other.on_disk() {
                loaded = other.load_range(range.clone());
                &loaded
            } else {
                other
            };
            total += level
                .meet_sum(part, range, at, &meet, self.ranks)
                .map_err(halted)?;
            for l in [level, other] {
                if let Some(e) = l.disk_failure() {
                    return Err(CountError::Disk(e));
                }
            }
        }
        Ok(total)
    }
}
