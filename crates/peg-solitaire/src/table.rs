//! A table of how many games reach the finish from every position a game from the start can reach: built once
//! (about twice the work of a count), then every "how many winning games go through this jump?" is a lookup.
//!
//! Games from `p` to a one-peg finish: where `p` has few pegs, games from the complemented finishes to `!p`
//! (counted forwards, as in [`crate::count`]); where it has many, the sum over its jumps, filled in level by level
//! back from where the two halves meet.

use progress::{Flow, Observer, Progress};

use crate::board::{Board, Jump, Position, Symmetry};
use crate::count::{CountError, Finish, LEVELS, Limits, checked, group_for, same_halves};
use crate::levels::{BYTES_PER_CLASS, Halt, Level};

/// Games to the finish from every position reachable from a start.
#[derive(Debug)]
pub struct Table {
    board: Board,
    symmetry: Symmetry,
    start: Position,
    finish: Finish,
    /// Forward levels from the start, `0..a` (their classes; their paths serve as the backward half too when both
    /// halves start from the same position).
    forward: Vec<Level>,
    /// The forward level where the halves meet: from there on, games come from the backward half.
    meet: usize,
    /// Backward levels from the complemented finishes, `0..=b` (empty when they are `forward`'s).
    backward: Vec<Level>,
    /// Games to the finish from each class of forward levels `0..a`.
    games: Vec<Level>,
    bytes: u64,
}

impl Table {
    /// Builds the table for games from `start` to a one-peg `finish` (`Hole` or `AnyOne`).
    pub fn build(
        board: &Board,
        start: Position,
        finish: Finish,
        limits: &Limits,
        observer: &dyn Observer,
    ) -> Result<Table, CountError> {
        if finish == Finish::DeadEnd {
            return Err(CountError::NeedsOnePeg);
        }
        let (pegs, finals) = checked(board, start, finish)?;
        let symmetry = group_for(board, start, finish, &finals, limits.symmetry);
        let jumps = pegs - 1;
        let a = jumps.div_ceil(2);
        let b = jumps - a;
        let sources: Vec<Position> = finals.iter().map(|&p| board.complement(p)).collect();
        let same = same_halves(&symmetry, start, &sources);
        // The meeting level itself is never stored: games from its positions are looked up in the backward half.
        let forward_to = if same { (a - 1).max(b) } else { a - 1 };
        let total = u64::from(forward_to) + u64::from(a) + if same { 0 } else { u64::from(b) + 1 };
        let mut done = 0u64;
        let mut tally = |observer: &dyn Observer| {
            done += 1;
            match observer.report(Progress::Tally {
                done: done.min(total),
                total,
                unit: LEVELS,
            }) {
                Flow::Continue => Ok(()),
                Flow::Stop => Err(CountError::Cancelled),
            }
        };
        let cancelled = |Halt::Cancelled| CountError::Cancelled;
        let held = |levels: &[Level]| levels.iter().map(Level::bytes).sum::<u64>();
        let room = |kept: u64, next: u64, pegs: u32| {
            if kept + next > limits.max_bytes {
                Err(CountError::TooBig {
                    pegs,
                    needed: kept + next,
                    limit: limits.max_bytes,
                })
            } else {
                Ok(())
            }
        };
        let mut forward = vec![Level::new(pegs, [(symmetry.canonical(start), 1)])];
        for _ in 0..forward_to {
            let last = forward.last().map_or(0, Level::classes);
            room(held(&forward), last * 4 * BYTES_PER_CLASS, pegs)?;
            let next = forward[forward.len() - 1]
                .expand(board, &symmetry, observer, &|_, _| {})
                .map_err(cancelled)?;
            forward.push(next);
            tally(observer)?;
        }
        let mut backward = Vec::new();
        if !same {
            let mut level = Level::new(
                board.holes().len() as u32 - 1,
                sources.iter().map(|&p| (symmetry.canonical(p), 1)),
            );
            tally(observer)?;
            for _ in 0..b {
                let next = level
                    .expand(board, &symmetry, observer, &|_, _| {})
                    .map_err(cancelled)?;
                backward.push(std::mem::replace(&mut level, next));
                tally(observer)?;
            }
            backward.push(level);
        }
        let mut table = Table {
            board: board.clone(),
            symmetry,
            start,
            finish,
            forward,
            meet: a as usize,
            backward,
            games: Vec::new(),
            bytes: 0,
        };
        // Games from each forward class, from the level next to the meeting one back to the start.
        let mut games: Vec<Level> = Vec::new();
        for k in (0..a as usize).rev() {
            let kept = held(&table.forward) + held(&table.backward) + held(&games);
            room(
                kept,
                table.forward[k].classes() * BYTES_PER_CLASS,
                table.forward[k].pegs,
            )?;
            let next_games = games.last();
            let value = |pos: Position| -> u128 {
                table
                    .board
                    .jumps()
                    .iter()
                    .filter(|j| j.legal(pos))
                    .map(|j| table.games_after(pos ^ j.mask(), k + 1, next_games))
                    .sum()
            };
            let level = table.forward[k]
                .map_values(table.forward[k].pegs, observer, &value)
                .map_err(cancelled)?;
            games.push(level);
            tally(observer)?;
        }
        games.reverse();
        table.bytes = held(&table.forward) + held(&table.backward) + held(&games);
        table.games = games;
        Ok(table)
    }

    /// Games to the finish from `pos`, which sits on forward level `k`; `next` holds the games of level `k` when
    /// it is before the meeting level.
    fn games_after(&self, pos: Position, k: usize, next: Option<&Level>) -> u128 {
        if k >= self.meet {
            return self.games_by_complement(pos);
        }
        next.and_then(|l| l.paths(self.symmetry.canonical(pos)))
            .unwrap_or_else(|| self.games_from(pos))
    }

    /// Games from `pos` where it has few pegs: the games counted forwards from the complemented finishes to `!pos`,
    /// per position (a class holds the paths into all its members).
    fn games_by_complement(&self, pos: Position) -> u128 {
        let n = pos.count_ones();
        if n == 0 {
            return 0;
        }
        let comp = self.board.complement(pos);
        let c = self.symmetry.canonical(comp);
        let index = (n - 1) as usize;
        let level = if self.backward.is_empty() {
            self.forward.get(index)
        } else {
            self.backward.get(index)
        };
        level
            .and_then(|l| l.paths(c))
            .map_or(0, |paths| paths / self.symmetry.class_size(comp))
    }

    /// Games from `pos` to the finish.
    pub fn games_from(&self, pos: Position) -> u128 {
        if crate::solve::finished(&self.board, pos, self.finish) {
            return 1;
        }
        let pegs = self.start.count_ones();
        let n = pos.count_ones();
        if n > pegs || n == 0 {
            return 0;
        }
        let k = (pegs - n) as usize;
        if k >= self.meet {
            return self.games_by_complement(pos);
        }
        match self
            .games
            .get(k)
            .and_then(|l| l.paths(self.symmetry.canonical(pos)))
        {
            Some(n) => n,
            // Not reachable from the start: sum over the jumps (the tables answer below).
            None => self
                .board
                .jumps()
                .iter()
                .filter(|j| j.legal(pos))
                .map(|j| self.games_from(pos ^ j.mask()))
                .sum(),
        }
    }

    /// Every legal jump from `pos` with the games through it.
    pub fn jump_counts(&self, pos: Position) -> Vec<(Jump, u128)> {
        self.board
            .jumps()
            .iter()
            .filter(|j| j.legal(pos))
            .map(|&j| (j, self.games_from(pos ^ j.mask())))
            .collect()
    }

    /// Games from the start.
    pub fn solutions(&self) -> u128 {
        self.games_from(self.start)
    }

    /// Bytes the table holds.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Whether this table answers for games on `board` from `start` to `finish`.
    pub fn answers(&self, board: &Board, start: Position, finish: Finish) -> bool {
        self.board == *board && self.start == start && self.finish == finish
    }
}
