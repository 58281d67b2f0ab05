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

use rand::rngs::StdRng;
use rand::{Rng, RngExt, SeedableRng};
use rayon::prelude::*;

use crate::feedback::{ColorCounts, color_counts};
use crate::{Code, MAX_COLORS, Row, Spec, shuffle};

/// What a search tells its observer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// The search starts with this many prefix ranges.
    Begin {
        /// Number of ranges.
        ranges: usize,
        /// Pegs fixed by each range's prefix (range `i` is `i` written in base `colors` with this many digits);
        /// 0 when the units of work are not prefix ranges (chunks of candidate guesses being scored).
        prefix_pegs: usize,
    },
    /// A thread starts one range.
    Started {
        /// Which range.
        index: usize,
        /// The rayon thread that runs it, if any.
        thread: Option<usize>,
    },
    /// Playing every secret at once ([`crate::play_all_observed`]): this many games of `total` are finished.
    Games {
        /// Games finished.
        done: usize,
        /// Games in all.
        total: usize,
    },
    /// One range is finished.
    Range {
        /// Which range (its prefix, read as a base-`colors` number).
        index: usize,
        /// The rayon thread that ran it, if any.
        thread: Option<usize>,
        /// Consistent codes found in it (for searches that stop early: 0 or 1).
        found: u64,
        /// Search nodes (peg placements) tried in it.
        nodes: u64,
    },
}

/// Whether a search goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep searching.
    Continue,
    /// Stop as soon as possible: the search returns [`Stopped::Cancelled`].
    Stop,
}

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

/// Receives progress and decides whether the search continues. Called from any rayon thread.
pub trait Observer: Sync {
    /// Takes one progress report; returning [`Flow::Stop`] cancels the search.
    fn report(&self, progress: Progress) -> Flow;
    /// Polled every few thousand nodes inside a range: `false` cancels the search.
    fn keep_going(&self) -> bool {
        true
    }
    /// The caller's clock in milliseconds, if it has one. The core never reads time itself (it must run
    /// unchanged where `Instant` panics), so time budgets ([`Budget::guess_ms`]) apply only where a caller
    /// gives a clock here.
    fn clock_ms(&self) -> Option<f64> {
        None
    }
}

/// An observer that ignores progress and never cancels.
pub struct NoObserver;

impl Observer for NoObserver {
    fn report(&self, _: Progress) -> Flow {
        Flow::Continue
    }
}

/// The most search nodes one request may visit. Requests too big to do exactly stop here instead of hanging.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Peg placements allowed, summed over all threads.
    pub nodes: u64,
    /// Wall time one guess of `local-search` may take, in milliseconds, on the observer's clock
    /// ([`Observer::clock_ms`]; no clock, no time limit). Its work budget (proposals per peg) normally ends a
    /// guess far sooner, which keeps seeded games reproducible; this bounds a guess on a slow machine.
    pub guess_ms: Option<u32>,
}

impl Budget {
    /// No limit: only for sizes known to be small.
    pub const UNLIMITED: Budget = Budget {
        nodes: u64::MAX,
        guess_ms: None,
    };
    /// The default for interactive requests: a few seconds of work on one thread at the largest sizes, and a
    /// local-search guess cut at 250 ms (on this project's 2-core machine a 100x20 guess takes about 25 ms
    /// natively and 45 ms in Chromium, so only a machine several times slower reaches it).
    pub const INTERACTIVE: Budget = Budget {
        nodes: 400_000_000,
        guess_ms: Some(250),
    };
    /// For counts shown beside a game and for the counting pass of a uniform draw: a fraction of a second.
    /// Bigger counts are reported as lower bounds.
    pub const DISPLAY: Budget = Budget {
        nodes: 20_000_000,
        guess_ms: Some(250),
    };
    /// For a count a person explicitly asks for, watching its progress with a Cancel button: tens of seconds at
    /// the largest sizes enumerated. Past it the count is a lower bound.
    pub const THOROUGH: Budget = Budget {
        nodes: 4_000_000_000,
        guess_ms: Some(250),
    };
    /// For the counting pass of a random draw: counts that finish within it (tens of thousands of codes)
    /// give an exactly uniform draw; beyond it a randomised search is much cheaper than counting.
    pub const UNIFORM_DRAW: Budget = Budget {
        nodes: 2_000_000,
        guess_ms: Some(250),
    };

    /// This budget with `ms` milliseconds per local-search guess.
    pub const fn with_guess_ms(self, ms: u32) -> Budget {
        Budget {
            guess_ms: Some(ms),
            ..self
        }
    }
}

/// Why a search ended without its full answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// The observer asked to stop.
    Cancelled,
    /// The node budget ran out.
    Budget,
}

/// How many codes are consistent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// Exactly this many.
    Exact(u128),
    /// At least this many: the node budget ran out before the count finished.
    AtLeast(u128),
}

impl Count {
    /// The exact number, if known.
    pub fn exact(self) -> Option<u128> {
        match self {
            Count::Exact(n) => Some(n),
            Count::AtLeast(_) => None,
        }
    }
}

/// One past guess as the search uses it: the guess, its colour counts and the required scores.
struct Constraint {
    guess: Vec<u8>,
    counts: ColorCounts,
    black: u8,
    total: u8,
}

/// Rayon tasks per pool thread a search's ranges are cut into, at least (see the module docs).
const TASKS_PER_THREAD: usize = 16;

/// Nodes between two checks of the shared budget and the observer.
const CHECK_EVERY: u64 = 1 << 14;
/// About how many prefix ranges a search is cut into.
const TARGET_RANGES: u128 = 256;

/// The plan of one search: the game, the constraints and how the code space is cut.
struct Plan<'a> {
    spec: Spec,
    constraints: Vec<Constraint>,
    depth: usize,
    ranges: usize,
    budget: Budget,
    nodes: AtomicU64,
    stop: AtomicBool,
    observer: &'a dyn Observer,
}

impl<'a> Plan<'a> {
    fn new(spec: &Spec, history: &[Row], budget: &Budget, observer: &'a dyn Observer) -> Plan<'a> {
        let constraints = history
            .iter()
            .map(|row| Constraint {
                guess: row.guess.pegs().to_vec(),
                counts: color_counts(row.guess.pegs()),
                black: row.feedback.black,
                total: row.feedback.black + row.feedback.white,
            })
            .collect();
        let (depth, ranges) = prefix_split(spec);
        Plan {
            spec: *spec,
            constraints,
            depth,
            ranges,
            budget: *budget,
            nodes: AtomicU64::new(0),
            stop: AtomicBool::new(false),
            observer,
        }
    }

    /// The most ranges one rayon task runs: [`TASKS_PER_THREAD`] tasks per thread, or one range each.
    fn task_len(&self) -> usize {
        self.ranges
            .div_ceil(TASKS_PER_THREAD * rayon::current_num_threads())
            .max(1)
    }

    fn begin(&self) {
        if self.observer.report(Progress::Begin {
            ranges: self.ranges,
            prefix_pegs: self.depth,
        }) == Flow::Stop
        {
            self.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Adds `nodes` to the shared tally; `Err` when the search must stop.
    fn charge(&self, nodes: u64) -> Result<(), Stopped> {
        let total = self.nodes.fetch_add(nodes, Ordering::Relaxed) + nodes;
        if self.stop.load(Ordering::Relaxed) || !self.observer.keep_going() {
            self.stop.store(true, Ordering::Relaxed);
            return Err(Stopped::Cancelled);
        }
        if total > self.budget.nodes {
            return Err(Stopped::Budget);
        }
        Ok(())
    }

    fn start_range(&self, index: usize) -> Result<(), Stopped> {
        let progress = Progress::Started {
            index,
            thread: rayon::current_thread_index(),
        };
        if self.observer.report(progress) == Flow::Stop {
            self.stop.store(true, Ordering::Relaxed);
            return Err(Stopped::Cancelled);
        }
        Ok(())
    }

    fn finish_range(&self, index: usize, found: u64, nodes: u64) -> Result<(), Stopped> {
        let progress = Progress::Range {
            index,
            thread: rayon::current_thread_index(),
            found,
            nodes,
        };
        if self.observer.report(progress) == Flow::Stop {
            self.stop.store(true, Ordering::Relaxed);
            return Err(Stopped::Cancelled);
        }
        Ok(())
    }

    /// Walks one range, calling `visit` for each consistent code in it (colours in `rng`'s order if given).
    fn walk_range(
        &self,
        index: usize,
        rng: Option<&mut StdRng>,
        visit: &mut dyn FnMut(&[u8]) -> ControlFlow<()>,
    ) -> Result<(ControlFlow<()>, u64), Stopped> {
        self.start_range(index)?;
        let mut dfs = Dfs::new(self, rng);
        let flow = dfs.walk_prefix(index, visit)?;
        self.charge(dfs.nodes % CHECK_EVERY)?;
        Ok((flow, dfs.nodes))
    }
}

/// Picks the prefix depth: the shortest prefix giving at least [`TARGET_RANGES`] ranges, but always leaving
/// the last peg to the search inside a range (so tiny games get fewer ranges, never one per code).
fn prefix_split(spec: &Spec) -> (usize, usize) {
    let colors = u128::from(spec.colors);
    let mut depth = 0usize;
    let mut ranges = 1u128;
    while ranges < TARGET_RANGES && depth + 1 < usize::from(spec.pegs) {
        depth += 1;
        ranges *= colors;
    }
    (depth, ranges as usize)
}

/// Depth-first construction of codes with pruning at every prefix.
struct Dfs<'p, 'a> {
    plan: &'p Plan<'a>,
    code: Vec<u8>,
    counts: ColorCounts,
    used: u32,
    blacks: Vec<u8>,
    totals: Vec<u8>,
    nodes: u64,
    rng: Option<&'p mut StdRng>,
}

impl<'p, 'a> Dfs<'p, 'a> {
    fn new(plan: &'p Plan<'a>, rng: Option<&'p mut StdRng>) -> Self {
        let n = plan.constraints.len();
        Dfs {
            plan,
            code: Vec::with_capacity(usize::from(plan.spec.pegs)),
            counts: [0; MAX_COLORS as usize],
            used: 0,
            blacks: vec![0; n],
            totals: vec![0; n],
            nodes: 0,
            rng,
        }
    }

    /// Whether colour `c` may go at the next position without breaking any constraint.
    fn allows(&self, c: u8) -> bool {
        let pos = self.code.len();
        if !self.plan.spec.repeats && self.used & (1 << c) != 0 {
            return false;
        }
        let rest = (usize::from(self.plan.spec.pegs) - pos - 1) as u8;
        let ci = usize::from(c);
        self.plan.constraints.iter().enumerate().all(|(j, k)| {
            let b = self.blacks[j] + u8::from(k.guess[pos] == c);
            let t = self.totals[j] + u8::from(self.counts[ci] < k.counts[ci]);
            b <= k.black && b + rest >= k.black && t <= k.total && t + rest >= k.total
        })
    }

    fn push(&mut self, c: u8) {
        let pos = self.code.len();
        let ci = usize::from(c);
        for (j, k) in self.plan.constraints.iter().enumerate() {
            self.blacks[j] += u8::from(k.guess[pos] == c);
            self.totals[j] += u8::from(self.counts[ci] < k.counts[ci]);
        }
        self.counts[ci] += 1;
        self.used |= 1 << c;
        self.code.push(c);
    }

    fn pop(&mut self) {
        let Some(c) = self.code.pop() else { return };
        let pos = self.code.len();
        let ci = usize::from(c);
        self.counts[ci] -= 1;
        if self.counts[ci] == 0 {
            self.used &= !(1 << c);
        }
        for (j, k) in self.plan.constraints.iter().enumerate() {
            self.blacks[j] -= u8::from(k.guess[pos] == c);
            self.totals[j] -= u8::from(self.counts[ci] < k.counts[ci]);
        }
    }

    fn tick(&mut self) -> Result<(), Stopped> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            self.plan.charge(CHECK_EVERY)?;
        }
        Ok(())
    }

    /// Places the prefix of range `index` (most significant peg first), then searches below it.
    fn walk_prefix(
        &mut self,
        index: usize,
        visit: &mut dyn FnMut(&[u8]) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, Stopped> {
        let colors = usize::from(self.plan.spec.colors);
        let depth = self.plan.depth;
        let mut digits = [0u8; crate::MAX_PEGS as usize];
        let mut rest = index;
        for d in (0..depth).rev() {
            digits[d] = (rest % colors) as u8;
            rest /= colors;
        }
        for &c in &digits[..depth] {
            self.tick()?;
            if !self.allows(c) {
                return Ok(ControlFlow::Continue(()));
            }
            self.push(c);
        }
        self.walk(visit)
    }

    fn walk(
        &mut self,
        visit: &mut dyn FnMut(&[u8]) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, Stopped> {
        if self.code.len() == usize::from(self.plan.spec.pegs) {
            return Ok(visit(&self.code));
        }
        let mut order = [0u8; MAX_COLORS as usize];
        let colors = usize::from(self.plan.spec.colors);
        for (i, o) in order.iter_mut().enumerate().take(colors) {
            *o = i as u8;
        }
        if let Some(rng) = self.rng.as_deref_mut() {
            shuffle(&mut order[..colors], rng);
        }
        for &c in &order[..colors] {
            self.tick()?;
            if self.allows(c) {
                self.push(c);
                let flow = self.walk(visit);
                self.pop();
                if flow? == ControlFlow::Break(()) {
                    return Ok(ControlFlow::Break(()));
                }
            }
        }
        Ok(ControlFlow::Continue(()))
    }
}

/// Counts consistent codes per range, shared out over the threads by `schedule`. `Err(Budget)` and
/// `Err(Cancelled)` say why it stopped.
fn count_ranges(plan: &Plan, schedule: Schedule) -> Result<Vec<u64>, (Stopped, u128)> {
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
    let per_range: Result<Vec<u64>, Stopped> = match schedule {
        Schedule::Stealing => (0..plan.ranges)
            .into_par_iter()
            .with_max_len(plan.task_len())
            .map(count_one)
            .collect(),
        Schedule::Static => {
            // Every thread of the pool runs exactly one block, however long the others take.
            let ranges = plan.ranges;
            let blocks = rayon::broadcast(|ctx| {
                let (t, n) = (ctx.index(), ctx.num_threads());
                (t * ranges / n..(t + 1) * ranges / n)
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
    match count_ranges(&plan, schedule) {
        Ok(per_range) => Ok(Count::Exact(per_range.iter().map(|&n| u128::from(n)).sum())),
        Err((Stopped::Budget, found)) => Ok(Count::AtLeast(found)),
        Err((why, _)) => Err(why),
    }
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
    (0..plan.ranges)
        .into_par_iter()
        .with_max_len(plan.task_len())
        .map(|index| {
            let mut hit = None;
            let (_, nodes) = plan.walk_range(index, None, &mut |code| {
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
    match count_ranges(&plan, Schedule::Stealing) {
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
            let found = order
                .par_iter()
                .with_max_len(plan.task_len())
                .map(|&index| {
                    let mut range_rng = StdRng::seed_from_u64(
                        seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
                    );
                    let mut hit = None;
                    let (_, nodes) = plan.walk_range(index, Some(&mut range_rng), &mut |code| {
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
                .transpose()?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Feedback, score};

    /// Every code of a small game, by brute force.
    fn all_codes(spec: &Spec) -> Vec<Code> {
        let mut out = Vec::new();
        let total = u64::from(spec.colors).pow(u32::from(spec.pegs));
        for i in 0..total {
            let mut pegs = vec![0u8; usize::from(spec.pegs)];
            let mut r = i;
            for p in pegs.iter_mut().rev() {
                *p = (r % u64::from(spec.colors)) as u8;
                r /= u64::from(spec.colors);
            }
            if let Ok(code) = Code::new(spec, pegs) {
                out.push(code);
            }
        }
        out
    }

    fn brute_force(spec: &Spec, history: &[Row]) -> Vec<Code> {
        all_codes(spec)
            .into_iter()
            .filter(|s| {
                history
                    .iter()
                    .all(|r| score(&r.guess, s, spec.colors) == r.feedback)
            })
            .collect()
    }

    fn history(spec: &Spec, secret: &str, guesses: &[&str]) -> Vec<Row> {
        let secret = Code::parse(spec, secret).unwrap();
        guesses
            .iter()
            .map(|g| {
                let guess = Code::parse(spec, g).unwrap();
                let feedback = score(&guess, &secret, spec.colors);
                Row { guess, feedback }
            })
            .collect()
    }

    fn check(spec: Spec, secret: &str, guesses: &[&str]) {
        let h = history(&spec, secret, guesses);
        let expected = brute_force(&spec, &h);
        let u = Budget::UNLIMITED;
        let got = collect(&spec, &h, usize::MAX, &u, &NoObserver)
            .unwrap()
            .unwrap();
        assert_eq!(got, expected, "{spec} {guesses:?}");
        let n = count(&spec, &h, &u, &NoObserver).unwrap();
        assert_eq!(n, Count::Exact(expected.len() as u128));
        for schedule in [Schedule::Stealing, Schedule::Static] {
            assert_eq!(count_scheduled(&spec, &h, &u, &NoObserver, schedule), Ok(n));
        }
        assert_eq!(
            first(&spec, &h, &u, &NoObserver).unwrap(),
            expected.first().cloned()
        );
        let mut rng = StdRng::seed_from_u64(1);
        let (code, draw) = random(&spec, &h, &u, &NoObserver, &mut rng)
            .unwrap()
            .unwrap();
        assert!(expected.contains(&code));
        assert_eq!(draw, Draw::Uniform(expected.len() as u128));
    }

    #[test]
    fn search_equals_brute_force() {
        check(Spec::CLASSIC, "3,1,4,1", &["0,0,1,1"]);
        check(Spec::CLASSIC, "3,1,4,1", &["0,0,1,1", "2,3,4,5"]);
        check(Spec::CLASSIC, "5,5,5,5", &["0,0,1,1", "2,2,3,3", "4,4,5,5"]);
        check(
            Spec::new(4, 6, false).unwrap(),
            "0,1,2,3",
            &["0,1,4,5", "3,2,1,0"],
        );
        check(Spec::new(5, 3, true).unwrap(), "2,2,0,1,0", &["0,0,1,1,2"]);
        check(Spec::new(2, 2, true).unwrap(), "1,0", &["0,0"]);
        check(
            Spec::new(6, 4, true).unwrap(),
            "3,0,0,2,1,3",
            &["0,0,1,1,2,2", "3,3,2,2,1,1"],
        );
    }

    /// Records which thread started and finished which range.
    #[derive(Default)]
    struct Tally(std::sync::Mutex<Vec<(bool, usize, Option<usize>)>>);

    impl Observer for Tally {
        fn report(&self, p: Progress) -> Flow {
            let event = match p {
                Progress::Begin { .. } | Progress::Games { .. } => None,
                Progress::Started { index, thread } => Some((true, index, thread)),
                Progress::Range { index, thread, .. } => Some((false, index, thread)),
            };
            self.0.lock().unwrap().extend(event);
            Flow::Continue
        }
    }

    #[test]
    fn each_schedule_runs_every_range_once_on_the_thread_it_says() {
        let spec = Spec::new(6, 6, true).unwrap();
        let h = history(&spec, "3,1,4,1,5,2", &["0,0,1,1,2,2"]);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .unwrap();
        for schedule in [Schedule::Stealing, Schedule::Static] {
            let tally = Tally::default();
            pool.install(|| count_scheduled(&spec, &h, &Budget::UNLIMITED, &tally, schedule))
                .unwrap();
            let events = tally.0.into_inner().unwrap();
            let (_, ranges) = prefix_split(&spec);
            let mut started: Vec<_> = events.iter().filter(|e| e.0).map(|e| (e.1, e.2)).collect();
            let mut finished: Vec<_> = events.iter().filter(|e| !e.0).map(|e| (e.1, e.2)).collect();
            started.sort();
            finished.sort();
            assert_eq!(
                started, finished,
                "{schedule:?}: each range ends on the thread it began on"
            );
            assert_eq!(
                started.iter().map(|e| e.0).collect::<Vec<_>>(),
                (0..ranges).collect::<Vec<_>>()
            );
            if schedule == Schedule::Static {
                // Thread t ran exactly block t: ranges t*R/3 .. (t+1)*R/3.
                for (index, thread) in started {
                    assert_eq!(thread, Some(index * 3 / ranges), "range {index}");
                }
            }
        }
    }

    #[test]
    fn contradiction_has_no_codes() {
        let spec = Spec::CLASSIC;
        let g = Code::parse(&spec, "0,0,1,1").unwrap();
        let h = [
            Row {
                guess: g.clone(),
                feedback: Feedback { black: 4, white: 0 },
            },
            Row {
                guess: g,
                feedback: Feedback { black: 0, white: 0 },
            },
        ];
        assert_eq!(
            count(&spec, &h, &Budget::UNLIMITED, &NoObserver),
            Ok(Count::Exact(0))
        );
        assert_eq!(first(&spec, &h, &Budget::UNLIMITED, &NoObserver), Ok(None));
    }

    #[test]
    fn budget_gives_lower_bound_and_random_order_fallback() {
        let spec = Spec::new(10, 10, true).unwrap();
        let h = history(&spec, "0,1,2,3,4,5,6,7,8,9", &["0,0,1,1,2,2,3,3,4,4"]);
        let small = Budget {
            nodes: 200_000,
            ..Budget::INTERACTIVE
        };
        let Count::AtLeast(n) = count(&spec, &h, &small, &NoObserver).unwrap() else {
            panic!("a 10x10 count cannot finish in 200k nodes")
        };
        assert!(n > 0);
        let mut rng = StdRng::seed_from_u64(3);
        let (code, draw) = random(&spec, &h, &Budget::INTERACTIVE, &NoObserver, &mut rng)
            .unwrap()
            .unwrap();
        assert!(
            matches!(draw, Draw::RandomOrder { at_least } if at_least > 0),
            "{draw:?}"
        );
        assert_eq!(score(&h[0].guess, &code, 10), h[0].feedback);
    }

    struct CancelAfter(AtomicU64);
    impl Observer for CancelAfter {
        fn report(&self, p: Progress) -> Flow {
            if matches!(p, Progress::Range { .. }) && self.0.fetch_sub(1, Ordering::Relaxed) <= 1 {
                Flow::Stop
            } else {
                Flow::Continue
            }
        }
    }

    #[test]
    fn observer_can_cancel() {
        let spec = Spec::new(8, 8, true).unwrap();
        let h = history(&spec, "0,1,2,3,4,5,6,7", &["0,0,1,1,2,2,3,3"]);
        let obs = CancelAfter(AtomicU64::new(3));
        assert_eq!(
            count(&spec, &h, &Budget::UNLIMITED, &obs),
            Err(Stopped::Cancelled)
        );
    }

    #[test]
    fn random_is_uniform_enough() {
        // 4 consistent codes; 4000 draws: each should come out roughly 1000 times.
        let spec = Spec::new(3, 3, true).unwrap();
        let h = history(&spec, "0,1,2", &["0,1,1", "1,2,2"]);
        let codes = brute_force(&spec, &h);
        let mut hits = vec![0u32; codes.len()];
        let mut rng = StdRng::seed_from_u64(11);
        let draws = 1000 * codes.len() as u32;
        for _ in 0..draws {
            let (c, _) = random(&spec, &h, &Budget::UNLIMITED, &NoObserver, &mut rng)
                .unwrap()
                .unwrap();
            hits[codes.iter().position(|x| *x == c).unwrap()] += 1;
        }
        assert!(hits.iter().all(|&h| (850..1150).contains(&h)), "{hits:?}");
    }
}
