//! The plan of one search (the constraints, how the code space is cut into prefix ranges, the shared node
//! tally and stop flag) and the depth-first walk inside one range, with pruning at every prefix.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use progress::{Flow, Label, Observer, Progress, Unit};
use rand::rngs::StdRng;

use super::budget::{Budget, Stopped};
use crate::kernel::feedback::{ColorCounts, color_counts};
use crate::kernel::random::shuffle;
use crate::{MAX_COLORS, Row, Spec};

/// What one unit of a search is: every code that starts with one prefix of `pegs` pegs, named by that prefix
/// (range `i` is `i` written in base `colors`).
pub fn prefix_ranges(pegs: usize, colors: u8) -> Unit {
    Unit::new(
        "prefix range",
        "prefix ranges",
        Label::Digits {
            digits: pegs as u32,
            base: u32::from(colors),
        },
    )
}

/// One past guess as the search uses it: the guess, its colour counts and the required scores.
pub(super) struct Constraint {
    pub(super) guess: Vec<u8>,
    pub(super) counts: ColorCounts,
    pub(super) black: u8,
    pub(super) total: u8,
}

/// Rayon tasks per pool thread a search's ranges are cut into, at least (see the module docs).
pub(super) const TASKS_PER_THREAD: usize = 16;

/// Nodes between two checks of the shared budget and the observer.
pub(super) const CHECK_EVERY: u64 = 1 << 14;
/// About how many prefix ranges a search is cut into.
pub(super) const TARGET_RANGES: u128 = 256;

/// The plan of one search: the game, the constraints and how the code space is cut.
pub(super) struct Plan<'a> {
    pub(super) spec: Spec,
    pub(super) constraints: Vec<Constraint>,
    pub(super) depth: usize,
    pub(super) ranges: usize,
    pub(super) budget: Budget,
    pub(super) nodes: AtomicU64,
    pub(super) stop: AtomicBool,
    pub(super) observer: &'a dyn Observer,
}

impl<'a> Plan<'a> {
    pub(super) fn new(
        spec: &Spec,
        history: &[Row],
        budget: &Budget,
        observer: &'a dyn Observer,
    ) -> Plan<'a> {
        Plan::cut(spec, history, budget, observer, TARGET_RANGES)
    }

    /// A plan cut into at least `ranges` prefix ranges where the game allows (see [`prefix_split`]).
    pub(super) fn cut(
        spec: &Spec,
        history: &[Row],
        budget: &Budget,
        observer: &'a dyn Observer,
        ranges: u128,
    ) -> Plan<'a> {
        let constraints = history
            .iter()
            .map(|row| Constraint {
                guess: row.guess.pegs().to_vec(),
                counts: color_counts(row.guess.pegs()),
                black: row.feedback.black,
                // Rows from outside are checked by `Row::new`; saturating keeps a hand-built bad row from wrapping.
                total: row.feedback.black.saturating_add(row.feedback.white),
            })
            .collect();
        let (depth, ranges) = prefix_split(spec, ranges);
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

    /// The most ranges one rayon task runs over all of the plan's ranges ([`task_len`]).
    pub(super) fn task_len(&self) -> usize {
        task_len(self.ranges)
    }

    pub(super) fn begin(&self) {
        if self.observer.report(Progress::Begin {
            units: self.ranges,
            unit: prefix_ranges(self.depth, self.spec.colors),
        }) == Flow::Stop
        {
            self.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Adds `nodes` to the shared tally; `Err` when the search must stop.
    pub(super) fn charge(&self, nodes: u64) -> Result<(), Stopped> {
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

    pub(super) fn start_range(&self, index: usize) -> Result<(), Stopped> {
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

    pub(super) fn finish_range(&self, index: usize, found: u64, nodes: u64) -> Result<(), Stopped> {
        let progress = Progress::Finished {
            index,
            thread: rayon::current_thread_index(),
            found,
            work: nodes,
        };
        if self.observer.report(progress) == Flow::Stop {
            self.stop.store(true, Ordering::Relaxed);
            return Err(Stopped::Cancelled);
        }
        Ok(())
    }

    /// Walks one range, calling `visit` for each consistent code in it (colours in `rng`'s order if given).
    pub(super) fn walk_range(
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

/// The most of `ranges` ranges one rayon task runs: [`TASKS_PER_THREAD`] tasks per thread, or one range each.
pub(super) fn task_len(ranges: usize) -> usize {
    ranges
        .div_ceil(TASKS_PER_THREAD * rayon::current_num_threads())
        .max(1)
}

/// Picks the prefix depth: the shortest prefix giving at least `target` ranges ([`TARGET_RANGES`] on one
/// machine), but always leaving the last peg to the search inside a range (so tiny games get fewer ranges,
/// never one per code).
pub(super) fn prefix_split(spec: &Spec, target: u128) -> (usize, usize) {
    let colors = u128::from(spec.colors);
    let mut depth = 0usize;
    let mut ranges = 1u128;
    while ranges < target && depth + 1 < usize::from(spec.pegs) {
        depth += 1;
        ranges *= colors;
    }
    (depth, ranges as usize)
}

/// Depth-first construction of codes with pruning at every prefix.
pub(super) struct Dfs<'p, 'a> {
    pub(super) plan: &'p Plan<'a>,
    pub(super) code: Vec<u8>,
    pub(super) counts: ColorCounts,
    pub(super) used: u32,
    pub(super) blacks: Vec<u8>,
    pub(super) totals: Vec<u8>,
    pub(super) nodes: u64,
    pub(super) rng: Option<&'p mut StdRng>,
}

impl<'p, 'a> Dfs<'p, 'a> {
    pub(super) fn new(plan: &'p Plan<'a>, rng: Option<&'p mut StdRng>) -> Self {
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
    pub(super) fn allows(&self, c: u8) -> bool {
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

    pub(super) fn push(&mut self, c: u8) {
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

    pub(super) fn pop(&mut self) {
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

    pub(super) fn tick(&mut self) -> Result<(), Stopped> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            self.plan.charge(CHECK_EVERY)?;
        }
        Ok(())
    }

    /// Places the prefix of range `index` (most significant peg first), then searches below it.
    pub(super) fn walk_prefix(
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

    pub(super) fn walk(
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
