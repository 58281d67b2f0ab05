//! The search for codes consistent with a history, split into prefix ranges that rayon runs in parallel.
//!
//! A *range* is every code that starts with one fixed prefix of `depth` pegs. There are many more ranges
//! than threads, and rayon's tasks hold at most a few of them (`with_max_len`, [`TASKS_PER_THREAD`] tasks per
//! thread: left to itself rayon hands each thread a few long runs of ranges, and a thread stuck with a heavy run
//! cannot be helped; one task per range costs a thread wake-up per tiny range in the browser), so work stealing
//! keeps every thread busy even when the consistent codes are unevenly spread (the seed report's fixed
//! prefix-per-process split left workers idle; [`Schedule::Static`] reproduces it for comparison).
//!
//! Inside a range the search builds codes peg by peg and prunes at every prefix: for each past guess the
//! blacks so far may not exceed its black count and, with one black per peg still to place, must still be
//! able to reach it; the same holds for total colour matches, which grow by at most one per peg.
//!
//! Progress is data ([`Progress`]) given to an [`Observer`], whose answer can stop the search: one signature
//! for reporting and cancellation. Cancellation is observed between ranges and every few thousand nodes.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use progress::Observer;
use rand::rngs::StdRng;
use rand::{Rng, RngExt, SeedableRng};
use rayon::prelude::*;

use crate::kernel::random::shuffle;
use crate::{Code, Row, Spec};

/// How a search's ranges are shared out over the threads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Schedule {
    /// Every range is a task and idle threads steal tasks from busy ones (rayon): what every search uses.
    #[default]
    Stealing,
    /// Each thread gets one fixed block of consecutive ranges up front, as in the seed report's fixed
    /// prefix-per-process split. Only for showing why it is not used: a thread whose block is quick idles.
    Static,
}

/// Counts consistent codes in each of the plan's ranges `which`, shared out over the threads by `schedule`.
/// `Err(Budget)` and `Err(Cancelled)` say why it stopped, with the codes found before.
fn count_ranges(
    plan: &Plan,
    schedule: Schedule,
    which: std::ops::Range<usize>,
) -> Result<Vec<u64>, (Stopped, u128)> {
    plan.begin();
    let found = AtomicU64::new(0);
    let count_one = |index: usize| -> Result<u64, Stopped> {
        let mut n = 0u64;
        let walked = plan.walk_range(index, None, &mut |_| {
            n += 1;
            ControlFlow::Continue(())
        });
        // Codes found before a stop still count towards the lower bound.
        found.fetch_add(n, Ordering::Relaxed);
        let (_, nodes) = walked?;
        plan.finish_range(index, n, nodes)?;
        Ok(n)
    };
    let (start, len) = (which.start, which.len());
    let per_range: Result<Vec<u64>, Stopped> = match schedule {
        Schedule::Stealing => which
            .into_par_iter()
            .with_max_len(plan::task_len(len))
            .map(count_one)
            .collect(),
        Schedule::Static => {
            // Every thread of the pool runs exactly one block, however long the others take.
            let blocks = rayon::broadcast(|ctx| {
                let (t, n) = (ctx.index(), ctx.num_threads());
                (start + t * len / n..start + (t + 1) * len / n)
                    .map(count_one)
                    .collect::<Result<Vec<u64>, Stopped>>()
            });
            blocks
                .into_iter()
                .collect::<Result<Vec<_>, _>>()
                .map(|b| b.concat())
        }
    };
    per_range.map_err(|why| (why, u128::from(found.load(Ordering::Relaxed))))
}

/// The count of [`count_ranges`]'s ranges: exact, a lower bound where the budget ran out, or why it stopped.
fn total(counted: Result<Vec<u64>, (Stopped, u128)>) -> Result<Count, Stopped> {
    match counted {
        Ok(per_range) => Ok(Count::Exact(per_range.iter().map(|&n| u128::from(n)).sum())),
        Err((Stopped::Budget, found)) => Ok(Count::AtLeast(found)),
        Err((why, _)) => Err(why),
    }
}

/// Counts the codes consistent with `history`. With an empty history the count is the size of the code space,
/// exact at any size. A count the budget cannot finish is a lower bound ([`Count::AtLeast`]).
pub fn count(
    spec: &Spec,
    history: &[Row],
    budget: &Budget,
    observer: &dyn Observer,
) -> Result<Count, Stopped> {
    if history.is_empty()
        && let Some(n) = spec.code_count()
    {
        return Ok(Count::Exact(n));
    }
    count_scheduled(spec, history, budget, observer, Schedule::Stealing)
}

/// [`count`] with the ranges shared out by `schedule` (for showing static and work-stealing splits side by
/// side; both give the same count). Even an empty history is searched, so the schedule can be seen.
pub fn count_scheduled(
    spec: &Spec,
    history: &[Row],
    budget: &Budget,
    observer: &dyn Observer,
    schedule: Schedule,
) -> Result<Count, Stopped> {
    let plan = Plan::new(spec, history, budget, observer);
    total(count_ranges(&plan, schedule, 0..plan.ranges))
}

/// How many prefix ranges a count cut into at least `at_least` has (fewer only in games too small for them):
/// the units a cluster deals out to its processes, which count them with [`count_part`].
pub fn ranges(spec: &Spec, at_least: u128) -> usize {
    plan::prefix_split(spec, at_least).1
}

/// Counts the codes consistent with `history` in the prefix ranges `part` of a count cut into at least
/// `at_least` ranges ([`ranges`]), on the thread pool. The counts of parts covering every range add up to the
/// count. A part the budget cannot finish is a lower bound ([`Count::AtLeast`]).
pub fn count_part(
    spec: &Spec,
    history: &[Row],
    budget: &Budget,
    observer: &dyn Observer,
    at_least: u128,
    part: std::ops::Range<usize>,
) -> Result<Count, Stopped> {
    let plan = Plan::cut(spec, history, budget, observer, at_least);
    total(count_ranges(&plan, Schedule::Stealing, part))
}

/// The lexicographically first consistent code, or `None` if the history contradicts itself.
pub fn first(
    spec: &Spec,
    history: &[Row],
    budget: &Budget,
    observer: &dyn Observer,
) -> Result<Option<Code>, Stopped> {
    let plan = Plan::new(spec, history, budget, observer);
    plan.begin();
    let order: Vec<usize> = (0..plan.ranges).collect();
    first_hit(&plan, &order, None)
}

/// The first code a walk meets in the first range of `order` that has one, the ranges walked in parallel; with
/// `seed`, each range in a random order of its own (seeded by the seed and the range's number, so a draw repeats).
fn first_hit(plan: &Plan, order: &[usize], seed: Option<u64>) -> Result<Option<Code>, Stopped> {
    order
        .par_iter()
        .with_max_len(plan.task_len())
        .map(|&index| {
            let mut range_rng = seed.map(|seed| {
                StdRng::seed_from_u64(seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
            });
            let mut hit = None;
            let (_, nodes) = plan.walk_range(index, range_rng.as_mut(), &mut |code| {
                hit = Some(Code::from_valid(code.to_vec()));
                ControlFlow::Break(())
            })?;
            plan.finish_range(index, u64::from(hit.is_some()), nodes)?;
            Ok(hit)
        })
        .find_map_first(|r: Result<Option<Code>, Stopped>| match r {
            Ok(None) => None,
            Ok(Some(code)) => Some(Ok(code)),
            Err(e) => Some(Err(e)),
        })
        .transpose()
}

/// Whether any code is consistent with `history`.
pub fn exists(
    spec: &Spec,
    history: &[Row],
    budget: &Budget,
    observer: &dyn Observer,
) -> Result<bool, Stopped> {
    first(spec, history, budget, observer).map(|c| c.is_some())
}

/// How a random consistent code was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Draw {
    /// Uniformly among exactly this many consistent codes (counted, then the k-th one taken).
    Uniform(u128),
    /// Counting did not fit [`Budget::UNIFORM_DRAW`]: ranges in random order and colours in random order at every
    /// peg, the first consistent code taken. Every consistent code can come out, but codes in sparse subtrees
    /// come out more often than 1/N.
    RandomOrder {
        /// A lower bound on the number of consistent codes (what the counting pass found before it stopped).
        at_least: u128,
    },
}

/// Picks a consistent code at random, uniformly when the consistent codes can be counted within
/// [`Budget::UNIFORM_DRAW`] (the count gives each range's size; a uniform index is drawn and the range holding it
/// walked again), otherwise by a randomised depth-first search within `budget`. `None` when nothing is
/// consistent.
pub fn random(
    spec: &Spec,
    history: &[Row],
    budget: &Budget,
    observer: &dyn Observer,
    rng: &mut impl Rng,
) -> Result<Option<(Code, Draw)>, Stopped> {
    if history.is_empty()
        && let Some(n) = spec.code_count()
    {
        return Ok(Some((Code::random(spec, rng), Draw::Uniform(n))));
    }
    // Try to count within a small budget: a big count is not worth seconds when a randomised draw is instant.
    let attempt = Budget {
        nodes: budget.nodes.min(Budget::UNIFORM_DRAW.nodes),
        ..*budget
    };
    let plan = Plan::new(spec, history, &attempt, observer);
    match count_ranges(&plan, Schedule::Stealing, 0..plan.ranges) {
        Ok(per_range) => {
            let total: u64 = per_range.iter().sum();
            if total == 0 {
                return Ok(None);
            }
            let mut k = rng.random_range(0..total);
            let Some(index) = per_range.iter().position(|&n| {
                if k < n {
                    true
                } else {
                    k -= n;
                    false
                }
            }) else {
                return Ok(None);
            };
            // The range was counted, so walking it again is bounded: no budget needed.
            let pick = Plan::new(spec, history, &Budget::UNLIMITED, observer);
            let mut hit = None;
            let _ = pick.walk_range(index, None, &mut |code| {
                if k == 0 {
                    hit = Some(Code::from_valid(code.to_vec()));
                    return ControlFlow::Break(());
                }
                k -= 1;
                ControlFlow::Continue(())
            })?;
            Ok(hit.map(|c| (c, Draw::Uniform(u128::from(total)))))
        }
        Err((Stopped::Budget, at_least)) => {
            let plan = Plan::new(spec, history, budget, observer);
            plan.begin();
            let mut order: Vec<usize> = (0..plan.ranges).collect();
            shuffle(&mut order, rng);
            let seed: u64 = rng.random();
            let found = first_hit(&plan, &order, Some(seed))?;
            Ok(found.map(|c| (c, Draw::RandomOrder { at_least })))
        }
        Err((why, _)) => Err(why),
    }
}

/// Every consistent code in lexicographic order, if there are at most `limit`; `Ok(None)` if there are more.
pub fn collect(
    spec: &Spec,
    history: &[Row],
    limit: usize,
    budget: &Budget,
    observer: &dyn Observer,
) -> Result<Option<Vec<Code>>, Stopped> {
    let plan = Plan::new(spec, history, budget, observer);
    plan.begin();
    let total = AtomicU64::new(0);
    let too_many = AtomicBool::new(false);
    let per_range: Result<Vec<Vec<Code>>, Stopped> = (0..plan.ranges)
        .into_par_iter()
        .with_max_len(plan.task_len())
        .map(|index| {
            let mut codes = Vec::new();
            if too_many.load(Ordering::Relaxed) {
                return Ok(codes);
            }
            let (_, nodes) = plan.walk_range(index, None, &mut |code| {
                codes.push(Code::from_valid(code.to_vec()));
                if total.fetch_add(1, Ordering::Relaxed) >= limit as u64 {
                    too_many.store(true, Ordering::Relaxed);
                    return ControlFlow::Break(());
                }
                ControlFlow::Continue(())
            })?;
            plan.finish_range(index, codes.len() as u64, nodes)?;
            Ok(codes)
        })
        .collect();
    let per_range = per_range?;
    if too_many.load(Ordering::Relaxed) {
        return Ok(None);
    }
    Ok(Some(per_range.into_iter().flatten().collect()))
}

mod budget;
mod plan;
#[cfg(test)]
mod tests;

pub use budget::{Budget, Count, Stopped};
use plan::Plan;
pub use plan::prefix_ranges;
