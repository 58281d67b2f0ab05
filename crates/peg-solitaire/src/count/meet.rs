//! Meeting in the middle: forward from the start and forward from the complemented finishes, to levels one jump
//! apart, the last jump streamed into the sum.

use super::run::{IN_MEMORY, Run, halted};
use super::{CountError, Counted, same_halves};
use crate::board::Position;
use crate::levels::{BYTES_PER_CLASS, Level, Meeting, ranges};

impl Run<'_> {
    /// A position `p` with `m` pegs is reached by `f(p)` games from the start, and `g(!p)` games lead from `p` to a
    /// finish, where `g` counts games from the complemented finishes (a jump backwards is a jump forwards on
    /// complements). Each step grows the half whose last level is smaller, so the two held at the end are about
    /// the same size and the widest is as small as it can be; the last jump is streamed into the sum
    /// (`Level::meet_sum`), so the meeting level, the widest, is never stored.
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
            (self.last_jump(&mut backward, &mut forward, true)?, pegs - a)
        } else {
            (
                self.last_jump(&mut forward, &mut backward, false)?,
                pegs - a - 1,
            )
        };
        self.done(solutions, Some(met))
    }

    /// The sum over the meeting level, one jump after `level`, met with `other`. Where the meeting level fits in
    /// memory beside both, it is built and its classes met (fewer lookups: one per class, not one per jump into
    /// it); else it is streamed.
    fn last_jump(
        &mut self,
        level: &mut Level,
        other: &mut Level,
        backward: bool,
    ) -> Result<u128, CountError> {
        let next = self.next_classes(level, backward) * BYTES_PER_CLASS;
        let held = level.bytes() + other.bytes() + next;
        let in_memory = !level.on_disk() && !other.on_disk();
        if in_memory && held as f64 <= self.limits.max_bytes as f64 * IN_MEMORY {
            let meeting = self.step(level, Some(other), backward, &|_, _| {})?;
            self.record(&meeting, backward)?;
            let classes = Meeting {
                symmetry: self.symmetry,
                other_prune: &self.prune[usize::from(!backward)],
                children: None,
            };
            return self.meet_parts(&meeting, other, &classes);
        }
        self.stream(level, other, backward)
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
            let next = self.next_classes(&level, false) * BYTES_PER_CLASS;
            let held = (level.bytes() + next) as f64;
            if !level.on_disk() && held <= self.limits.max_bytes as f64 * IN_MEMORY {
                let meeting = self.step(&mut level, None, false, &|_, _| {})?;
                self.record(&meeting, false)?;
                let classes = Meeting {
                    symmetry: self.symmetry,
                    other_prune: &self.prune[1],
                    children: None,
                };
                (
                    self.meet_parts(&meeting, &level, &classes)?,
                    pegs - jumps / 2 - 1,
                )
            } else {
                (self.stream(&level, &level, false)?, pegs - jumps / 2 - 1)
            }
        } else {
            let meeting = Meeting {
                symmetry: self.symmetry,
                other_prune: &self.prune[1],
                children: None,
            };
            (self.meet_parts(&level, &level, &meeting)?, pegs - jumps / 2)
        };
        self.done(solutions, Some(met))
    }

    /// The sum over the children of `level`'s classes (one more jump of its half) met with `other`'s classes.
    fn stream(&self, level: &Level, other: &Level, backward: bool) -> Result<u128, CountError> {
        let meeting = Meeting {
            symmetry: self.symmetry,
            other_prune: &self.prune[usize::from(!backward)],
            children: Some((
                (self.board, &self.prune[usize::from(backward)]),
                self.observer,
            )),
        };
        self.meet_parts(level, other, &meeting)
    }

    /// The meet of `level` with `other`; where `other` is on disk, a range of its shards at a time (each small
    /// enough for memory), `level` gone through once for each.
    fn meet_parts(&self, level: &Level, other: &Level, at: &Meeting) -> Result<u128, CountError> {
        let (board, sym) = (self.board, self.symmetry);
        let meet = |p| sym.canonical(board.complement(p));
        if !other.on_disk() {
            return level.meet_sum(other, at, &meet, self.ranks).map_err(halted);
        }
        // A class read back takes about 21 bytes in memory.
        let budget = (self.limits.max_bytes / 2).max(1);
        let passes = (other.classes() * 21).div_ceil(budget) as usize;
        let mut total = 0;
        for range in ranges(passes) {
            let part = other.load_range(range);
            total += level
                .meet_sum(&part, at, &meet, self.ranks)
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
