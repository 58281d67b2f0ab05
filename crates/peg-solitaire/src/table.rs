//! A table of how many games reach the finish from every position a game from the start can reach: built once
//! (about twice the work of a count), then every "how many winning games go through this jump?" is a lookup.
//!
//! Games from `p` to a one-peg finish: where `p` has few pegs, games from the complemented finishes to `!p`
//! (counted forwards, as in [`crate::count`]); where it has many, the sum over its jumps, filled in level by level
//! back from where the two halves meet.

use progress::{Flow, Observer, Progress};

use crate::board::{Board, Jump, Position};
use crate::count::{CountError, LEVELS, Limits, checked, group_for, halted, same_halves};
use crate::finish::Finish;
use crate::levels::{BYTES_PER_CLASS, Level};
use crate::prune::Prune;
use crate::symmetry::Symmetry;

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
        let mut build = TableBuild::new(board, start, finish, limits)?;
        build.run(observer)?;
        // `run` returned only once every level was made.
        build.into_table().ok_or(CountError::Cancelled)
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
        if crate::finish::finished(&self.board, pos, self.finish) {
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

    /// Games to the finish from every class of the first `levels` levels after the start (each class by its
    /// canonical member under the table's symmetry group), sorted by position: an opening book
    /// ([`crate::Opening`]).
    pub fn opening(&self, levels: usize) -> Vec<(Position, u128)> {
        use rayon::prelude::*;
        let mut entries: Vec<(Position, u128)> = self
            .games
            .iter()
            .skip(1)
            .take(levels)
            .flat_map(|level| level.par_entries().collect::<Vec<_>>())
            .collect();
        entries.sort_unstable();
        entries
    }

    /// Bytes the table holds.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Whether this table answers, exactly and at once, for `pos` in games on `board` to `finish`: a position
    /// reached from its start (or one with as few pegs as the meeting level, which the backward half answers for
    /// any position).
    pub fn covers(&self, board: &Board, finish: Finish, pos: Position) -> bool {
        if self.board != *board || self.finish != finish {
            return false;
        }
        let (pegs, n) = (self.start.count_ones(), pos.count_ones());
        if n > pegs || n == 0 {
            return false;
        }
        let k = (pegs - n) as usize;
        k >= self.meet
            || self
                .games
                .get(k)
                .is_some_and(|l| l.paths(self.symmetry.canonical(pos)).is_some())
    }

    /// Whether this table answers for games on `board` from `start` to `finish`.
    pub fn answers(&self, board: &Board, start: Position, finish: Finish) -> bool {
        self.board == *board && self.start == start && self.finish == finish
    }
}

/// A [`Table`] being built, level by level. Stopped (cancelled), it keeps the levels it finished, and [`TableBuild::run`]
/// goes on from there: a person who jumps while the table is built only loses the level under way.
#[derive(Debug)]
pub struct TableBuild {
    /// The table so far (its `games` stay empty until the end).
    table: Table,
    limits: Limits,
    /// Forward expansions to make (the meeting level is never stored).
    forward_to: usize,
    /// Whether the backward half is the forward one.
    same: bool,
    /// Backward expansions to make.
    b: usize,
    /// The complemented finishes, where the backward half starts.
    sources: Vec<Position>,
    /// Games from each class of the forward levels, from the one next to the meeting level back to the start.
    games: Vec<Level>,
}

impl TableBuild {
    /// Checks the request and prepares the build (no level is made yet).
    pub fn new(
        board: &Board,
        start: Position,
        finish: Finish,
        limits: &Limits,
    ) -> Result<TableBuild, CountError> {
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
        let forward = vec![Level::new(pegs, [(symmetry.canonical(start), 1)])];
        Ok(TableBuild {
            table: Table {
                board: board.clone(),
                symmetry,
                start,
                finish,
                forward,
                meet: a as usize,
                backward: Vec::new(),
                games: Vec::new(),
                bytes: 0,
            },
            limits: limits.clone(),
            forward_to: forward_to as usize,
            same,
            b: b as usize,
            sources,
            games: Vec::new(),
        })
    }

    /// Levels the whole build makes.
    fn total(&self) -> u64 {
        let backward = if self.same { 0 } else { self.b + 1 };
        (self.forward_to + backward + self.table.meet) as u64
    }

    /// Levels made so far.
    pub fn done(&self) -> u64 {
        (self.table.forward.len() - 1 + self.table.backward.len() + self.games.len()) as u64
    }

    /// Whether this build is for games on `board` from `start` to `finish`.
    pub fn answers(&self, board: &Board, start: Position, finish: Finish) -> bool {
        self.table.answers(board, start, finish)
    }

    /// Bytes the levels made so far hold.
    pub fn bytes(&self) -> u64 {
        held(&self.table.forward) + held(&self.table.backward) + held(&self.games)
    }

    /// Makes the levels still missing, reporting each as a unit of [`LEVELS`]. Cancelled, the levels finished
    /// are kept and a later call goes on from the next one.
    pub fn run(&mut self, observer: &dyn Observer) -> Result<(), CountError> {
        let total = self.total();
        let tally = |done: u64| match observer.report(Progress::Tally {
            done: done.min(total),
            total,
            unit: LEVELS,
        }) {
            Flow::Continue => Ok(()),
            Flow::Stop => Err(CountError::Cancelled),
        };
        let cancelled = halted;
        let limit = self.limits.max_bytes;
        let room = |kept: u64, next: u64, pegs: u32| {
            if kept + next > limit {
                Err(CountError::TooBig {
                    pegs,
                    needed: kept + next,
                    limit,
                })
            } else if !crate::count::device_gives(next) {
                Err(CountError::DeviceMemory { pegs, needed: next })
            } else {
                Ok(())
            }
        };
        tally(self.done())?;
        let pegs = self.table.start.count_ones();
        while self.table.forward.len() <= self.forward_to {
            let last = &self.table.forward[self.table.forward.len() - 1];
            room(self.bytes(), last.classes() * 4 * BYTES_PER_CLASS, pegs)?;
            let next = last
                .expand(
                    &self.table.board,
                    &self.table.symmetry,
                    &Prune::none(),
                    observer,
                    &|_, _| {},
                )
                .map_err(cancelled)?;
            self.table.forward.push(next);
            tally(self.done())?;
        }
        if !self.same {
            if self.table.backward.is_empty() {
                let t = &self.table;
                let level = Level::new(
                    t.board.holes().len() as u32 - 1,
                    self.sources.iter().map(|&p| (t.symmetry.canonical(p), 1)),
                );
                self.table.backward.push(level);
                tally(self.done())?;
            }
            while self.table.backward.len() <= self.b {
                let t = &self.table;
                let next = t.backward[t.backward.len() - 1]
                    .expand(&t.board, &t.symmetry, &Prune::none(), observer, &|_, _| {})
                    .map_err(cancelled)?;
                self.table.backward.push(next);
                tally(self.done())?;
            }
        }
        // Games from each forward class, from the level next to the meeting one back to the start.
        while self.games.len() < self.table.meet {
            let k = self.table.meet - 1 - self.games.len();
            let t = &self.table;
            room(
                self.bytes(),
                t.forward[k].classes() * BYTES_PER_CLASS,
                t.forward[k].pegs,
            )?;
            let next_games = self.games.last();
            let value = |pos: Position, _| -> Option<u128> {
                let games = t
                    .board
                    .jumps()
                    .iter()
                    .filter(|j| j.legal(pos))
                    .map(|j| t.games_after(pos ^ j.mask(), k + 1, next_games))
                    .sum();
                Some(games)
            };
            let level = t.forward[k]
                .map_values(t.forward[k].pegs, observer, &value)
                .map_err(cancelled)?;
            self.games.push(level);
            tally(self.done())?;
        }
        Ok(())
    }

    /// Whether every level is made.
    pub fn is_finished(&self) -> bool {
        self.done() == self.total()
    }

    /// The table, once every level is made.
    pub fn into_table(mut self) -> Option<Table> {
        if !self.is_finished() {
            return None;
        }
        self.table.bytes = self.bytes();
        self.games.reverse();
        self.table.games = self.games;
        Some(self.table)
    }
}

/// Bytes some levels hold.
fn held(levels: &[Level]) -> u64 {
    levels.iter().map(Level::bytes).sum()
}
