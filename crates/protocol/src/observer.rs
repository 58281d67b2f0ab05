//! [`JobObserver`]: the [`progress::Observer`] a job runs under. It keeps the job's progress in atomics that
//! another thread reads (the worker's poller), takes a cancel from that thread, lends the core a clock, and,
//! when asked, records which pool thread ran which unit of work and when ([`Trace`]). Knows no game.
//!
//! A job on a pool can outlive the thread that started it: a browser may stop a worker (the page's `terminate`, a
//! crash) and leave its pool threads running (WebKit does). A supervised job ([`JobObserver::supervised`]) stops by
//! itself once its worker has not looked at it for [`SILENT_WORKER_MS`], so a lost worker's pool does not go on
//! taking the cores from the fresh worker the page starts.

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU8, AtomicU32, AtomicU64, Ordering};

use progress::{Flow, Observer, Progress, Unit};

use crate::liveness::Pulse;
use crate::{ProgressDto, RunStats, SearchBegun, Trace, UnitRun};

/// Most unit records a trace holds between two reports; more are counted as dropped.
const MAX_PENDING_RUNS: usize = 20_000;

/// A clock shared by every thread, in milliseconds (the worker's is `performance.timeOrigin + now()`).
pub type Clock = fn() -> f64;

/// How long a worker running a job on its pool may go without a sign of life: the page gives up on a worker silent
/// this long and starts another (it posts a heartbeat every second), and a supervised job whose worker has not
/// looked at it this long stops by itself.
pub const SILENT_WORKER_MS: f64 = 8_000.0;

/// The trace being recorded: records not yet reported, and the units running now.
#[derive(Debug, Default)]
struct Tracer {
    clock: Option<(Clock, f64)>,
    search: Option<u32>,
    pending: Trace,
    open: HashMap<usize, (u32, f64)>,
}

/// What the units of the current piece of work are, and of the whole job.
#[derive(Debug, Default)]
struct Units {
    /// The current piece of work's unit.
    now: Option<Unit>,
    /// The unit of every piece of work run on threads so far, while they agree; "units of work" once they differ.
    job: Option<&'static str>,
    /// The latest tally.
    tally: Option<(u64, u64, &'static str)>,
}

/// A job's [`JobObserver`] state: running, cancelled, or running with a thread to fail at its next check.
const RUNNING: u8 = 0;
const CANCELLED: u8 = 1;
const FAULT: u8 = 2;

/// Progress and cancellation of one job, shared between the thread that runs it and the one that reports.
#[derive(Debug, Default)]
pub struct JobObserver {
    /// [`RUNNING`], [`CANCELLED`] or [`FAULT`]: one atomic, so the cores' frequent check reads one word.
    state: AtomicU8,
    done: AtomicU64,
    total: AtomicU64,
    units_run: AtomicU32,
    units: Mutex<Units>,
    threads: AtomicU64,
    work: AtomicU64,
    listener: Option<fn(&JobObserver)>,
    tracer: Mutex<Tracer>,
    /// Whether `tracer` records ([`JobObserver::traced`]).
    traced: bool,
    /// The clock the core may read for time budgets ([`Observer::clock_ms`]).
    clock: Option<Clock>,
    /// The clock of [`JobObserver::supervised`], and when the worker last looked (`f64` bits).
    supervisor: Option<Clock>,
    looked_at: AtomicU64,
    /// Each pool thread's signs of life, for the worker's [`crate::Watch`].
    pulse: Pulse,
}

impl JobObserver {
    /// A fresh observer.
    pub fn new() -> Self {
        Self::default()
    }

    /// Also calls `listener(self)` on every report, on the thread that reports. For a job that runs on the
    /// reporting thread itself (no pool), where nobody else can poll.
    pub fn with_listener(self, listener: fn(&JobObserver)) -> Self {
        JobObserver {
            listener: Some(listener),
            ..self
        }
    }

    /// Lends the core `clock` for its time budgets.
    pub fn timed(self, clock: Clock) -> Self {
        JobObserver {
            clock: Some(clock),
            ..self
        }
    }

    /// Stops the job by itself (as a cancel) when [`JobObserver::looked_at`] has not been called for
    /// [`SILENT_WORKER_MS`] by `clock` (one clock for every thread): its worker is gone. Checked on the job's
    /// reports (units begun and ended), not on every check.
    pub fn supervised(self, clock: Clock) -> Self {
        let observer = JobObserver {
            supervisor: Some(clock),
            ..self
        };
        observer.looked_at();
        observer
    }

    /// The worker's sign of life for a [`JobObserver::supervised`] job.
    pub fn looked_at(&self) {
        if let Some(clock) = self.supervisor {
            self.looked_at.store(clock().to_bits(), Ordering::Relaxed);
        }
    }

    /// Cancels a supervised job whose worker has been silent too long; whether it did.
    fn orphaned(&self) -> bool {
        let Some(clock) = self.supervisor else {
            return false;
        };
        let silent = clock() - f64::from_bits(self.looked_at.load(Ordering::Relaxed));
        if silent > SILENT_WORKER_MS {
            self.cancel();
        }
        silent > SILENT_WORKER_MS
    }

    /// Also records which thread ran which unit and when, by `clock` (read on every thread, so it must be one
    /// clock for all of them); [`JobObserver::take_trace`] collects the records.
    pub fn traced(self, clock: Clock) -> Self {
        let tracer = Tracer {
            clock: Some((clock, clock())),
            ..Tracer::default()
        };
        JobObserver {
            tracer: Mutex::new(tracer),
            traced: true,
            ..self
        }
    }

    /// The trace recorded since the last call (empty when not traced).
    pub fn take_trace(&self) -> Trace {
        self.tracer
            .lock()
            .map(|mut t| std::mem::take(&mut t.pending))
            .unwrap_or_default()
    }

    fn trace(&self, progress: Progress) {
        // Every unit reports twice, on every thread: untraced, no lock is taken for it.
        if !self.traced {
            return;
        }
        let Ok(mut t) = self.tracer.lock() else {
            return;
        };
        let Some((clock, t0)) = t.clock else { return };
        let now = clock() - t0;
        let thread = |th: Option<usize>| th.map_or(0, |i| i as u32);
        match progress {
            Progress::Begin { units, unit } => {
                let search = t.search.map_or(0, |s| s + 1);
                t.search = Some(search);
                t.open.clear();
                t.pending.searches.push(SearchBegun {
                    search,
                    units: units as u32,
                    unit: unit.into(),
                    at: now,
                });
            }
            Progress::Started { index, thread: th } => {
                t.open.insert(index, (thread(th), now));
            }
            // A tally is progress, not units on threads.
            Progress::Tally { .. } => {}
            Progress::Figure { index, value } => t.pending.figures.push((index, value)),
            Progress::Finished {
                index,
                thread: th,
                found,
                work,
            } => {
                let (thread, start) = t.open.remove(&index).unwrap_or((thread(th), now));
                let search = t.search.unwrap_or(0);
                if t.pending.runs.len() < MAX_PENDING_RUNS {
                    t.pending.runs.push(UnitRun {
                        search,
                        index: index as u32,
                        thread,
                        start,
                        end: now,
                        found,
                        work,
                    });
                } else {
                    t.pending.dropped += 1;
                }
            }
        }
    }

    /// Asks the job to stop at its next check.
    pub fn cancel(&self) {
        self.state.store(CANCELLED, Ordering::Relaxed);
    }

    /// Makes the next pool thread that checks this job fail as a thread does whose memory cannot grow: it asks for
    /// more memory than any tab has, and the allocator's failure aborts it. For the tests of what the worker and the
    /// page do when a pool thread is lost in the middle of a job (the worker's `exhaustAThread`).
    pub fn fail_a_thread(&self) {
        // A job already cancelled stays cancelled.
        let _ = self
            .state
            .compare_exchange(RUNNING, FAULT, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// The signs of life of the job's pool threads.
    pub fn pulse(&self) -> &Pulse {
        &self.pulse
    }

    /// Whether [`JobObserver::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        self.state.load(Ordering::Relaxed) == CANCELLED
    }

    /// How far the current piece of work is.
    pub fn progress(&self) -> ProgressDto {
        let (unit, tally) = self
            .units
            .lock()
            .map(|u| (u.now.map_or("", |u| u.many), u.tally))
            .unwrap_or(("", None));
        ProgressDto {
            done: self.done.load(Ordering::Relaxed),
            total: self.total.load(Ordering::Relaxed),
            unit: unit.to_string(),
            tally: tally.map(|(d, t, u)| (d, t, u.to_string())),
        }
    }

    /// What the job cost so far, given its wall time.
    pub fn stats(&self, millis: f64) -> RunStats {
        let unit = self.units.lock().ok().and_then(|u| u.job).unwrap_or("");
        RunStats {
            millis,
            units: self.units_run.load(Ordering::Relaxed),
            unit: unit.to_string(),
            threads_used: self.threads.load(Ordering::Relaxed).count_ones(),
            work: self.work.load(Ordering::Relaxed),
            memory_bytes: 0,
        }
    }

    fn set_unit(&self, unit: Unit, on_threads: bool) {
        if let Ok(mut u) = self.units.lock() {
            u.now = Some(unit);
            if on_threads {
                u.job = match u.job {
                    None => Some(unit.many),
                    Some(many) if many == unit.many => Some(many),
                    Some(_) => Some("units of work"),
                };
            }
        }
    }
}

impl Observer for JobObserver {
    fn report(&self, progress: Progress) -> Flow {
        self.trace(progress);
        self.pulse.beat();
        match progress {
            Progress::Started { thread, .. } => self.pulse.started(thread),
            Progress::Figure { .. } => {}
            Progress::Tally { done, total, unit } => {
                self.set_unit(unit, false);
                if let Ok(mut u) = self.units.lock() {
                    // Threads that finish together may report their tallies out of order (the 1295th game's
                    // report after the 1296th's): of the same tally, the highest stands.
                    let done = match u.tally {
                        Some((d, t, many)) if t == total && many == unit.many => d.max(done),
                        _ => done,
                    };
                    u.tally = Some((done, total, unit.many));
                    self.done.store(done, Ordering::Relaxed);
                    self.total.store(total, Ordering::Relaxed);
                }
            }
            Progress::Begin { units, unit } => {
                self.pulse.reset_units();
                self.set_unit(unit, true);
                self.done.store(0, Ordering::Relaxed);
                self.total.store(units as u64, Ordering::Relaxed);
            }
            Progress::Finished { thread, work, .. } => {
                self.pulse.finished(thread);
                self.done.fetch_add(1, Ordering::Relaxed);
                self.units_run.fetch_add(1, Ordering::Relaxed);
                self.work.fetch_add(work, Ordering::Relaxed);
                if let Some(t) = thread {
                    self.threads.fetch_or(1 << (t % 64), Ordering::Relaxed);
                }
            }
        }
        if let Some(listener) = self.listener {
            listener(self);
        }
        if self.orphaned() || self.is_cancelled() {
            Flow::Stop
        } else {
            Flow::Continue
        }
    }

    fn keep_going(&self) -> bool {
        self.pulse.beat();
        match self.state.load(Ordering::Relaxed) {
            RUNNING => true,
            CANCELLED => false,
            _ => {
                // The one thread that takes the fault fails; the others go on.
                if self
                    .state
                    .compare_exchange(FAULT, RUNNING, Ordering::Relaxed, Ordering::Relaxed)
                    .is_ok()
                {
                    exhaust_memory();
                }
                !self.is_cancelled()
            }
        }
    }

    fn clock_ms(&self) -> Option<f64> {
        self.clock.map(|clock| clock())
    }
}

/// Asks for more memory than a 32-bit address space holds: the allocator fails, and the thread aborts (in the
/// browser, a `RuntimeError: unreachable`, as when a phone's tab cannot grow its memory).
pub fn exhaust_memory() {
    let too_much: Vec<u8> = Vec::with_capacity(isize::MAX as usize);
    std::hint::black_box(too_much);
}

#[cfg(test)]
mod tests {
    use super::*;
    use progress::Label;

    const SHARDS: Unit = Unit::new("shard", "shards", Label::Ordinal);
    const GAMES: Unit = Unit::new("game", "games", Label::Ordinal);

    fn clock() -> f64 {
        1.0
    }

    #[test]
    fn a_supervised_job_stops_by_itself_once_its_worker_is_silent_too_long() {
        fn start() -> f64 {
            1_000.0
        }
        fn soon() -> f64 {
            start() + SILENT_WORKER_MS - 1.0
        }
        fn late() -> f64 {
            start() + SILENT_WORKER_MS + 1.0
        }
        let begin = Progress::Begin {
            units: 3,
            unit: SHARDS,
        };
        // Looked at at `start`: still wanted just before the limit, stopped just after it, as a cancel.
        let mut obs = JobObserver::new().supervised(start);
        obs.supervisor = Some(soon);
        assert_eq!(obs.report(begin), Flow::Continue);
        obs.supervisor = Some(late);
        assert_eq!(obs.report(begin), Flow::Stop);
        assert!(obs.is_cancelled());
        // A worker that keeps looking keeps its job.
        let mut obs = JobObserver::new().supervised(start);
        obs.supervisor = Some(late);
        obs.looked_at();
        assert_eq!(obs.report(begin), Flow::Continue);
        // An unsupervised job never stops by itself.
        assert_eq!(JobObserver::new().timed(late).report(begin), Flow::Continue);
    }

    #[test]
    fn tallies_reported_out_of_order_keep_the_highest() {
        let obs = JobObserver::new();
        let tally = |done, total| Progress::Tally {
            done,
            total,
            unit: GAMES,
        };
        for done in [1, 3, 2] {
            obs.report(tally(done, 3));
        }
        assert_eq!(obs.progress().tally, Some((3, 3, "games".into())));
        assert_eq!(obs.progress().done, 3);
        // Another tally (another total) starts from its own.
        obs.report(tally(1, 5));
        assert_eq!(obs.progress().tally, Some((1, 5, "games".into())));
    }

    #[test]
    fn progress_and_stats_speak_the_units_the_work_names() {
        let obs = JobObserver::new().traced(clock);
        obs.report(Progress::Begin {
            units: 3,
            unit: SHARDS,
        });
        for i in 0..2 {
            obs.report(Progress::Started {
                index: i,
                thread: Some(i),
            });
            obs.report(Progress::Finished {
                index: i,
                thread: Some(i),
                found: 5,
                work: 10,
            });
        }
        let expected = ProgressDto {
            done: 2,
            total: 3,
            unit: "shards".into(),
            tally: None,
        };
        assert_eq!(obs.progress(), expected);
        let stats = obs.stats(4.0);
        assert_eq!(
            (
                stats.units,
                stats.unit.as_str(),
                stats.threads_used,
                stats.work
            ),
            (2, "shards", 2, 20)
        );
        let trace = obs.take_trace();
        assert_eq!(trace.searches.len(), 1);
        assert_eq!(trace.searches[0].unit.label(1), "shard 2");
        assert_eq!(trace.runs.len(), 2);
        // A tally names its own unit but is not work on threads: the job's units stay shards.
        obs.report(Progress::Tally {
            done: 1,
            total: 9,
            unit: GAMES,
        });
        assert_eq!(
            obs.progress(),
            ProgressDto {
                done: 1,
                total: 9,
                unit: "games".into(),
                tally: Some((1, 9, "games".into())),
            }
        );
        assert_eq!(obs.stats(1.0).unit, "shards");
        // Work of another kind on threads: the job ran units of several kinds.
        obs.report(Progress::Begin {
            units: 1,
            unit: GAMES,
        });
        assert_eq!(obs.stats(1.0).unit, "units of work");
        obs.cancel();
        assert_eq!(
            obs.report(Progress::Started {
                index: 0,
                thread: None
            }),
            Flow::Stop
        );
        assert!(!obs.keep_going());
    }
}
