//! Counting every game from a start to a finish, exactly, level by level: breadth first over classes of positions
//! under the symmetries that keep the start (and the finish) where they are, and, where the finish is one peg,
//! meeting in the middle: the games from the finish played backwards are games played forwards on complemented
//! positions, so the second half is one more forward search, often the same one.

use std::fmt;
use std::sync::Mutex;

use progress::{Flow, Label, Observer, Progress, Unit};
use rayon::prelude::*;

use crate::board::{Board, Position};
use crate::finish::Finish;
use crate::levels::{BYTES_PER_CLASS, Halt, Level};
use crate::ranks::{Alone, Ranks};
use crate::symmetry::Symmetry;

/// The unit in which the levels of a count are tallied.
pub const LEVELS: Unit = Unit::new("level", "levels", Label::Ordinal);

/// The most holes a board may have for its counts of every game and its table of games to be offered in a browser
/// tab ([`Limits::BROWSER`]): the English board's 33 fit; on the French board's 37 the middle levels alone need about
/// 12 GB (`puzzle-lab pegs count --board french` says how much at the level where it stops).
pub const TAB_HOLES: usize = 33;

/// What a count may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Bytes the levels' tables may hold at once; a count that would need more stops before it starts the level
    /// that would not fit and says how much it would need.
    pub max_bytes: u64,
    /// Whether to use the board's symmetries (exactly: only those that keep the start and the finish).
    pub symmetry: bool,
    /// Whether to meet in the middle where the finish is one peg.
    pub meet_in_the_middle: bool,
}

impl Limits {
    /// What a browser tab can give (wasm32 memory is at most 2 GiB, and the page lives there too).
    pub const BROWSER: Limits = Limits {
        max_bytes: 1 << 30,
        symmetry: true,
        meet_in_the_middle: true,
    };
    /// A native run on this project's machines (24 GiB).
    pub const NATIVE: Limits = Limits {
        max_bytes: 12 << 30,
        symmetry: true,
        meet_in_the_middle: true,
    };
}

/// One level of a count, as reported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelStats {
    /// Pegs on its positions.
    pub pegs: u32,
    /// Distinct positions (every member of every class).
    pub positions: u64,
    /// Classes stored (positions up to the symmetries used).
    pub classes: u64,
    /// Paths from the start into the level's positions (from the finish, for the backward half).
    pub paths: u128,
    /// Whether it was reached backwards from the finish.
    pub backward: bool,
}

/// The result of a count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    /// Games from the start to the finish.
    pub solutions: u128,
    /// Every level searched, forward levels first.
    pub levels: Vec<LevelStats>,
    /// Distinct positions searched (both halves).
    pub positions: u64,
    /// The most bytes the levels' tables held at once (on the rank that held most, when shared).
    pub peak_bytes: u64,
    /// Symmetries used.
    pub symmetries: usize,
    /// Pegs of the level where the halves met, if they did.
    pub met_at: Option<u32>,
}

/// Why a count did not finish.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CountError {
    /// The observer asked to stop.
    Cancelled,
    /// The next level would not fit in `Limits::max_bytes`.
    TooBig {
        /// Pegs of the level that would not fit.
        pegs: u32,
        /// About how many bytes the count would need at once.
        needed: u64,
        /// The limit.
        limit: u64,
    },
    /// The finish hole is not a hole of the board.
    NoSuchHole(u8),
    /// The start has no peg.
    Empty,
    /// This needs a one-peg finish (a hole, or any-one).
    NeedsOnePeg,
}

impl fmt::Display for CountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountError::Cancelled => f.write_str("cancelled"),
            CountError::TooBig {
                pegs,
                needed,
                limit,
            } => write!(
                f,
                "this count does not fit: the level of {pegs} pegs would need about {} of memory at once, more \
                 than the {} allowed here",
                human_bytes(*needed),
                human_bytes(*limit)
            ),
            CountError::NoSuchHole(h) => write!(f, "hole {h} is not on this board"),
            CountError::Empty => f.write_str("the start has no peg"),
            CountError::NeedsOnePeg => {
                f.write_str("this needs a finish with one peg (a hole, or any-one)")
            }
        }
    }
}

impl std::error::Error for CountError {}

/// Bytes for people: `812 MB`, `3.1 GB`.
pub fn human_bytes(n: u64) -> String {
    if n >= 1 << 30 {
        format!("{:.1} GB", n as f64 / f64::from(1u32 << 30))
    } else {
        format!("{} MB", n.div_ceil(1 << 20))
    }
}

/// Checks a request and lists its one-peg finishes (none for a dead end): the start's pegs and the finishes.
pub(crate) fn checked(
    board: &Board,
    start: Position,
    finish: Finish,
) -> Result<(u32, Vec<Position>), CountError> {
    let pegs = start.count_ones();
    if pegs == 0 {
        return Err(CountError::Empty);
    }
    let finals = match finish {
        Finish::Hole(h) if usize::from(h) >= board.holes().len() => {
            return Err(CountError::NoSuchHole(h));
        }
        Finish::Hole(h) => vec![1 << h],
        Finish::AnyOne => (0..board.holes().len()).map(|h| 1u64 << h).collect(),
        Finish::DeadEnd => Vec::new(),
    };
    Ok((pegs, finals))
}

/// Whether the backward half starts where the forward one does: the complemented finishes are, up to symmetry,
/// the start alone (the centre game), so the forward levels serve both halves.
pub(crate) fn same_halves(symmetry: &Symmetry, start: Position, sources: &[Position]) -> bool {
    let mut s: Vec<Position> = sources.iter().map(|&p| symmetry.canonical(p)).collect();
    s.sort_unstable();
    s.dedup();
    s == [symmetry.canonical(start)]
}

/// Counts every game from `start` to `finish` on `board`.
pub fn count(
    board: &Board,
    start: Position,
    finish: Finish,
    limits: &Limits,
    observer: &dyn Observer,
) -> Result<Counted, CountError> {
    count_shared(board, start, finish, limits, observer, &Alone)
}

/// [`count`] shared across `ranks` (every rank calls it with the same request): each rank holds the positions it
/// owns, `limits.max_bytes` is per rank, and every rank gets the whole result. The same count on any number of
/// ranks.
pub fn count_shared(
    board: &Board,
    start: Position,
    finish: Finish,
    limits: &Limits,
    observer: &dyn Observer,
    ranks: &dyn Ranks,
) -> Result<Counted, CountError> {
    let (pegs, finals) = checked(board, start, finish)?;
    let symmetry = group_for(board, start, finish, &finals, limits.symmetry);
    let run = Run {
        board,
        symmetry: &symmetry,
        limits,
        observer,
        ranks,
        peak: 0,
        levels: Vec::new(),
        total_levels: u64::from(pegs),
    };
    let jumps_to_finish = pegs.saturating_sub(1);
    match finish {
        Finish::DeadEnd => run.dead_ends(start),
        _ if !limits.meet_in_the_middle || jumps_to_finish < 2 => run.forward_to(start, &finals),
        _ => run.meet(start, &finals),
    }
}

/// The symmetries a count may use (all of them exact): those that keep the start, and, for a one-peg finish, map
/// the finishes onto themselves (the forward counts are symmetric under the first, the backward ones under the
/// second); only the identity when `use_symmetry` is off.
pub(crate) fn group_for(
    board: &Board,
    start: Position,
    finish: Finish,
    finals: &[Position],
    use_symmetry: bool,
) -> Symmetry {
    if !use_symmetry {
        return Symmetry::none(board);
    }
    match finish {
        Finish::Hole(_) | Finish::AnyOne => group_fixing_start_keeping(board, start, finals),
        Finish::DeadEnd => Symmetry::fixing(board, &[start]),
    }
}

/// The symmetries that fix `start` and map the set `finals` onto itself.
fn group_fixing_start_keeping(board: &Board, start: Position, finals: &[Position]) -> Symmetry {
    let keep: Vec<usize> = (0..board.symmetries().len())
        .filter(|&s| board.apply(s, start) == start)
        .filter(|&s| finals.iter().all(|&p| finals.contains(&board.apply(s, p))))
        .collect();
    Symmetry::of_indices(board, &keep)
}

struct Run<'a> {
    board: &'a Board,
    symmetry: &'a Symmetry,
    limits: &'a Limits,
    observer: &'a dyn Observer,
    ranks: &'a dyn Ranks,
    /// The most bytes this rank held at once.
    peak: u64,
    levels: Vec<LevelStats>,
    total_levels: u64,
}

impl Run<'_> {
    fn record(&mut self, level: &Level, backward: bool) -> Result<(), CountError> {
        let sym = self.symmetry;
        let (positions, paths) = level
            .par_entries()
            .map(|(p, n)| (sym.class_size(p) as u64, n))
            .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
        let ranks = self.ranks;
        self.levels.push(LevelStats {
            pegs: level.pegs,
            positions: ranks.sum(u128::from(positions)) as u64,
            classes: ranks.sum(u128::from(level.classes())) as u64,
            paths: ranks.sum(paths),
            backward,
        });
        let positions = self.levels.last().map_or(0, |l| l.positions);
        let done = self.levels.len() as u64;
        if !backward {
            let jumps = u64::from(self.levels[0].pegs - level.pegs);
            self.observer.report(Progress::Figure {
                index: jumps,
                value: positions,
            });
        }
        let go = self.observer.report(Progress::Tally {
            done: done.min(self.total_levels),
            total: self.total_levels,
            unit: LEVELS,
        }) == Flow::Continue;
        if ranks.all_keep_going(go) {
            Ok(())
        } else {
            Err(CountError::Cancelled)
        }
    }

    /// Checks that expanding `level` fits beside `kept` bytes of other levels; the next level is guessed from the
    /// growth of the last one (at least as big as this one). Shared, the limit is per rank and the rank that
    /// needs most decides for all.
    fn check_room(&mut self, level: &Level, kept: u64) -> Result<(), CountError> {
        let now = level.bytes() + kept;
        self.peak = self.peak.max(now);
        let growth = match self.levels.as_slice() {
            [.., a, b] if a.classes > 0 => (b.classes as f64 / a.classes as f64).clamp(1.0, 16.0),
            _ => 4.0,
        };
        let next = (level.classes() as f64 * growth) as u64 * BYTES_PER_CLASS;
        let needed = self.ranks.max(now + next);
        if needed > self.limits.max_bytes {
            return Err(CountError::TooBig {
                pegs: level.pegs.saturating_sub(1),
                needed,
                limit: self.limits.max_bytes,
            });
        }
        Ok(())
    }

    fn step(&mut self, level: &Level, kept: u64) -> Result<Level, CountError> {
        self.check_room(level, kept)?;
        let next = level
            .expand_shared(
                self.board,
                self.symmetry,
                self.observer,
                &|_, _| {},
                self.ranks,
            )
            .map_err(|Halt::Cancelled| CountError::Cancelled)?;
        self.peak = self.peak.max(level.bytes() + next.bytes() + kept);
        Ok(next)
    }

    fn start_level(&self, starts: &[Position]) -> Level {
        let pegs = starts.first().map_or(0, |p| p.count_ones());
        Level::new_owned(
            pegs,
            starts.iter().map(|&p| (self.symmetry.canonical(p), 1)),
            self.ranks,
        )
    }

    fn done(self, solutions: u128, met_at: Option<u32>) -> Result<Counted, CountError> {
        let go = self.observer.report(Progress::Tally {
            done: self.total_levels,
            total: self.total_levels,
            unit: LEVELS,
        }) == Flow::Continue;
        if !self.ranks.all_keep_going(go) {
            return Err(CountError::Cancelled);
        }
        let positions = self.levels.iter().map(|l| l.positions).sum();
        Ok(Counted {
            solutions,
            levels: self.levels,
            positions,
            peak_bytes: self.ranks.max(self.peak),
            symmetries: self.symmetry.len(),
            met_at,
        })
    }

    /// Plain breadth first from the start down to one peg.
    fn forward_to(mut self, start: Position, finals: &[Position]) -> Result<Counted, CountError> {
        let mut level = self.start_level(&[start]);
        self.record(&level, false)?;
        while level.pegs > 1 {
            level = self.step(&level, 0)?;
            self.record(&level, false)?;
        }
        let solutions = self.ranks.sum(finals_paths(&level, self.symmetry, finals));
        self.done(solutions, None)
    }

    /// Every game played to a dead end: the paths into every position with no legal jump.
    fn dead_ends(mut self, start: Position) -> Result<Counted, CountError> {
        let total = Mutex::new(0u128);
        let mut level = self.start_level(&[start]);
        self.record(&level, false)?;
        loop {
            self.check_room(&level, 0)?;
            let add = |_: Position, n: u128| {
                if let Ok(mut t) = total.lock() {
                    *t += n;
                }
            };
            let next = level
                .expand_shared(self.board, self.symmetry, self.observer, &add, self.ranks)
                .map_err(|Halt::Cancelled| CountError::Cancelled)?;
            self.peak = self.peak.max(level.bytes() + next.bytes());
            if self.ranks.sum(u128::from(next.classes())) == 0 {
                break;
            }
            level = next;
            self.record(&level, false)?;
        }
        let solutions = self.ranks.sum(total.into_inner().unwrap_or_default());
        self.done(solutions, None)
    }

    /// Forward from the start and forward from the complemented finishes, to levels that meet: a position `p` with
    /// `m` pegs is reached by `f(p)` games from the start, and `g(!p)` games lead from `p` to a finish, where `g`
    /// counts games from the complemented finishes (a jump backwards is a jump forwards on complements).
    fn meet(mut self, start: Position, finals: &[Position]) -> Result<Counted, CountError> {
        let holes = self.board.holes().len() as u32;
        let pegs = start.count_ones();
        let jumps = pegs - 1;
        // Forward a jumps to m = pegs - a pegs; backward b = jumps - a jumps from the complemented finishes
        // (holes - 1 pegs) to holes - m pegs.
        let a = jumps.div_ceil(2);
        let b = jumps - a;
        let sources: Vec<Position> = finals.iter().map(|&p| self.board.complement(p)).collect();
        let same = same_halves(self.symmetry, start, &sources);
        // Forward levels 0..=a; when the backward search starts where the forward one does, its level b is the
        // forward level b (b <= a), kept on the way.
        let mut level = self.start_level(&[start]);
        self.record(&level, false)?;
        let mut kept: Option<Level> = None;
        for depth in 1..=a {
            let held = kept.as_ref().map_or(0, Level::bytes);
            let next = self.step(&level, held)?;
            if same && depth - 1 == b && kept.is_none() {
                kept = Some(std::mem::replace(&mut level, next));
            } else {
                level = next;
            }
            self.record(&level, false)?;
        }
        if same && b == a {
            // Both halves are the same level.
            return self.finish_meet(&level, None, holes, pegs - a);
        }
        let back = match (same, kept) {
            (true, Some(k)) => k,
            (true, None) => self.start_level(&[start]), // b == 0
            (false, _) => {
                let mut back = self.start_level(&sources);
                self.record(&back, true)?;
                let held = level.bytes();
                for _ in 0..b {
                    back = self.step(&back, held)?;
                    self.record(&back, true)?;
                }
                back
            }
        };
        self.finish_meet(&level, Some(&back), holes, pegs - a)
    }

    /// Sums `f(p) * g(!p)` over the forward level's positions, class by class: `N(C) / |C| * M(C')` with `C'` the
    /// class of the complements (the same size as `C`).
    fn finish_meet(
        self,
        forward: &Level,
        backward: Option<&Level>,
        holes: u32,
        met: u32,
    ) -> Result<Counted, CountError> {
        let back = backward.unwrap_or(forward);
        let sym = self.symmetry;
        let board = self.board;
        debug_assert!(back.pegs == holes - met || backward.is_none());
        let solutions = forward.meet_sum(
            back,
            &|p| sym.canonical(board.complement(p)),
            &|p, n, m| n / sym.class_size(p) * m,
            self.ranks,
        );
        self.done(solutions, Some(met))
    }
}

/// The paths into the finishing positions of the last level (those this rank holds).
fn finals_paths(level: &Level, symmetry: &Symmetry, finals: &[Position]) -> u128 {
    let mut seen: Vec<Position> = finals.iter().map(|&p| symmetry.canonical(p)).collect();
    seen.sort_unstable();
    seen.dedup();
    seen.iter().filter_map(|&c| level.paths(c)).sum()
}
