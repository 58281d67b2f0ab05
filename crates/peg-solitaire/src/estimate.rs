//! Estimating how many games there are where counting them exactly needs more than a machine has: every game to
//! its end on the diamond board (41 holes) passes through tens of billions of classes of positions, over 100 GB at
//! the widest levels with their 128-bit counts.
//!
//! The estimate counts level by level as [`crate::count`] does, each class of positions with the paths into it,
//! and games that reach the finish are added up as they end. Where a level holds more than
//! [`EstimatePlan::keep`] classes, it is thinned before it is expanded. A class's *share* is its paths `w` times
//! one more than its legal jumps (a class with more jumps ahead tends to have more games after it; weighing by
//! them gave a smaller error than the paths alone at the same size). A class whose share is at least a
//! threshold `t` stays as it is; one with a smaller share `s` stays with chance `s / t` and then carries `w t / s`
//! paths, rounded up or down at random to a whole number with that mean (`t` is chosen so that about `keep`
//! classes stay). Every class's expected paths are unchanged, so the total is unbiased; what differs from the
//! exact count is only which classes carry the paths on. The levels before the first that is thinned are exact.
//! The whole is repeated with independent draws; the spread of the repeats gives the standard error.

use progress::{Flow, Label, Observer, Progress, Unit};
use rayon::prelude::*;

use crate::board::{Board, Position};
use crate::count::{CountError, checked, group_for, halted};
use crate::finish::{Finish, finished};
use crate::levels::Level;
use crate::prune::Prune;
use crate::symmetry::Symmetry;

/// The unit in which an estimate's repeats are tallied.
pub const REPEATS: Unit = Unit::new("repeat", "repeats", Label::Ordinal);

/// How an estimate is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EstimatePlan {
    /// About the most classes a level keeps (more: a smaller error, more memory and time).
    pub keep: u64,
    /// Independent repeats (at least 2, for a standard error).
    pub repeats: u32,
    /// Seeds the draws: the same plan and seed draw the same classes on any number of threads.
    pub seed: u64,
}

/// An estimate of the games from a start to a finish.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimated {
    /// The mean of the repeats.
    pub games: f64,
    /// The standard error of that mean (0 where no level was thinned: then `games` is exact).
    pub standard_error: f64,
    /// Each repeat's estimate.
    pub repeats: Vec<f64>,
    /// The most levels one repeat thinned.
    pub thinned: u32,
    /// Levels counted exactly before the first was thinned.
    pub exact_levels: u32,
    /// Classes expanded, over all repeats.
    pub classes: u64,
}

impl Estimated {
    /// The standard error as a share of the estimate (0 for an estimate of 0).
    pub fn relative_error(&self) -> f64 {
        if self.games > 0.0 {
            self.standard_error / self.games
        } else {
            0.0
        }
    }
}

/// One repeat: its games, the levels it thinned, the levels before the first, the classes it expanded.
type Repeat = (u128, u32, u32, u64);

/// Estimates the games from `start` to `finish` on `board` as the module describes.
pub fn estimate(
    board: &Board,
    start: Position,
    finish: Finish,
    plan: &EstimatePlan,
    observer: &dyn Observer,
) -> Result<Estimated, CountError> {
    let (pegs, finals) = checked(board, start, finish)?;
    let symmetry = group_for(board, start, finish, &finals, true);
    let start = (pegs, symmetry.canonical(start));
    let repeats = plan.repeats.max(2);
    let mut runs: Vec<Repeat> = Vec::with_capacity(repeats as usize);
    for r in 0..repeats {
        runs.push(one_repeat(
            board,
            (&symmetry, start, finish),
            plan,
            r,
            observer,
        )?);
        let done = Progress::Tally {
            done: u64::from(r) + 1,
            total: u64::from(repeats),
            unit: REPEATS,
        };
        if observer.report(done) == Flow::Stop {
            return Err(CountError::Cancelled);
        }
    }
    let values: Vec<f64> = runs.iter().map(|r| r.0 as f64).collect();
    let n = f64::from(repeats);
    let games = values.iter().sum::<f64>() / n;
    let variance = values.iter().map(|v| (v - games).powi(2)).sum::<f64>() / (n - 1.0);
    Ok(Estimated {
        games,
        standard_error: (variance / n).sqrt(),
        repeats: values,
        thinned: runs.iter().map(|r| r.1).max().unwrap_or(0),
        exact_levels: runs.iter().map(|r| r.2).min().unwrap_or(0),
        classes: runs.iter().map(|r| r.3).sum(),
    })
}

/// Repeat `r` of the estimate: level by level to the end from `start` (its pegs and canonical position), thinning
/// each level over `plan.keep` classes.
fn one_repeat(
    board: &Board,
    (symmetry, (pegs, start), finish): (&Symmetry, (u32, Position), Finish),
    plan: &EstimatePlan,
    r: u32,
    observer: &dyn Observer,
) -> Result<Repeat, CountError> {
    let games = std::sync::Mutex::new(0u128);
    let at_finish = |pos: Position, paths: u128| {
        if finished(board, pos, finish)
            && let Ok(mut g) = games.lock()
        {
            *g += paths;
        }
    };
    let mut level = Level::new(pegs, [(start, 1)]);
    let (mut thinned, mut exact, mut expanded) = (0u32, 0u32, 0u64);
    while level.classes() > 0 {
        if level.classes() > plan.keep {
            level = thin(&level, board, plan, r, observer)?;
            thinned += 1;
        } else if thinned == 0 {
            exact += 1;
        }
        expanded += level.classes();
        level = level
            .expand(board, symmetry, &Prune::none(), observer, &at_finish)
            .map_err(halted)?;
    }
    let games = games.into_inner().unwrap_or_default();
    Ok((games, thinned, exact.saturating_sub(1), expanded))
}

/// The level thinned to about `plan.keep` classes, as the module describes.
fn thin(
    level: &Level,
    board: &Board,
    plan: &EstimatePlan,
    r: u32,
    observer: &dyn Observer,
) -> Result<Level, CountError> {
    let rank = |pos: Position| -> f64 {
        let mut jumps = 0u32;
        board.for_each_legal(pos, |_| jumps += 1);
        f64::from(1 + jumps)
    };
    let t = threshold(level, plan.keep, &rank);
    let pegs = level.pegs;
    let keep = |pos: Position, paths: u128| -> Option<u128> {
        let h = rank(pos);
        let share = paths as f64 * h;
        if share >= t {
            return Some(paths);
        }
        let (draw, round) = unit_draws(plan.seed, r, pegs, pos);
        if draw * t >= share {
            return None;
        }
        let weight = t / h;
        let whole = weight.floor();
        let paths = whole as u128 + u128::from(round < weight - whole);
        (paths > 0).then_some(paths)
    };
    level.map_values(pegs, observer, &keep).map_err(halted)
}

/// The share `t` at which about `keep` classes stay: the expected number kept, the sum of min(1, w h / t) over the
/// classes' paths `w` and ranks `h`, falls as `t` grows; found by halving in the logarithm of `t` (to a
/// ten-thousandth of a doubling: the number kept need not be exact).
fn threshold(level: &Level, keep: u64, rank: &(dyn Fn(Position) -> f64 + Sync)) -> f64 {
    let shares: Vec<f64> = level
        .par_entries()
        .map(|(pos, w)| w as f64 * rank(pos))
        .collect();
    let kept = |t: f64| -> f64 { shares.par_iter().map(|s| (s / t).min(1.0)).sum() };
    let (mut lo, mut hi) = (-64.0f64, 192.0f64);
    for _ in 0..22 {
        let mid = (lo + hi) / 2.0;
        if kept(mid.exp2()) > keep as f64 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    hi.exp2()
}

/// Two draws in [0, 1) for the class `pos` of the level with `pegs` pegs in repeat `repeat` (SplitMix64 of the
/// four): the same on any thread.
fn unit_draws(seed: u64, repeat: u32, pegs: u32, pos: Position) -> (f64, f64) {
    let mut z = seed
        ^ u64::from(repeat).wrapping_mul(0xd1b5_4a32_d192_ed03)
        ^ u64::from(pegs).wrapping_mul(0x8cb9_2ba7_2f3d_8dd7)
        ^ pos;
    let mut next = || {
        z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut x = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((x ^ (x >> 31)) >> 11) as f64 / (1u64 << 53) as f64
    };
    (next(), next())
}
