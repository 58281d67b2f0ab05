//! Whether a job's pool threads still show signs of life. A pool thread can stop without a word: a browser that
//! ends a thread's script (the devtools protocol's `Runtime.terminateExecution`, a thread killed under memory
//! pressure) raises no error anywhere, and the rest of the pool then waits for the unit that thread held, forever.
//!
//! Every thread that checks a job ([`Pulse::beat`]: each `keep_going` and each report) counts a beat in its own
//! slot; units started and finished are counted per thread. The worker's poller keeps a [`Watch`] and asks it on
//! every poll, by its own clock: a thread in the middle of a unit whose beats stopped for [`SILENT_THREAD_MS`], or
//! a job none of whose threads beat for [`SILENT_JOB_MS`], is [`Silence`]. The cores check `keep_going` every few
//! thousand steps (well under a millisecond of work), so a live thread is never that quiet.
//!
//! A thread that waits in rayon for another's share, inside a unit, is quiet too; so is the whole pool while one
//! thread holds a unit the others wait on. Either way the job cannot finish without that unit, so both are named.

use std::sync::atomic::{AtomicU32, Ordering};

/// How long a thread in the middle of a unit may go without checking its job before the job is given up.
pub const SILENT_THREAD_MS: f64 = 5_000.0;
/// How long a whole job may go without any of its threads checking it (a thread lost between two units, while the
/// others wait for its share of a split).
pub const SILENT_JOB_MS: f64 = 6_000.0;
/// Threads watched: a pool has at most 64 (`web/solver.js`); others share the slot of their index modulo this.
const SLOTS: usize = 64;

/// One thread's counters, on a cache line of its own: every thread writes its own often.
#[derive(Debug, Default)]
#[repr(align(64))]
struct Slot {
    beats: AtomicU32,
    /// Units started less units finished, since the piece of work began.
    open: AtomicU32,
}

/// The signs of life of a job's threads, written by the threads (through [`crate::JobObserver`]).
#[derive(Debug)]
pub struct Pulse {
    slots: Box<[Slot; SLOTS]>,
}

impl Default for Pulse {
    fn default() -> Self {
        Pulse {
            slots: Box::new(std::array::from_fn(|_| Slot::default())),
        }
    }
}

fn slot_of(thread: Option<usize>) -> Option<usize> {
    thread.map(|t| t % SLOTS)
}

impl Pulse {
    /// The calling pool thread checked the job (no-op off the pool).
    pub fn beat(&self) {
        if let Some(i) = slot_of(rayon::current_thread_index()) {
            self.slots[i].beats.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// `thread` started a unit.
    pub fn started(&self, thread: Option<usize>) {
        if let Some(i) = slot_of(thread) {
            self.slots[i].open.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// `thread` finished a unit.
    pub fn finished(&self, thread: Option<usize>) {
        if let Some(i) = slot_of(thread) {
            // A unit finished that began before the piece of work was reset is not counted below zero.
            let _ = self.slots[i]
                .open
                .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| {
                    Some(n.saturating_sub(1))
                });
        }
    }

    /// A new piece of work begins: units of the last one that never reported their end (a search stopped at its
    /// first find) are no longer waited for.
    pub fn reset_units(&self) {
        for s in self.slots.iter() {
            s.open.store(0, Ordering::Relaxed);
        }
    }
}

/// A job that stopped showing signs of life.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Silence {
    /// Pool thread `thread` (from 0) stopped checking the job in the middle of a unit `ms` ago.
    Thread {
        /// The thread, from 0.
        thread: u32,
        /// For how long.
        ms: f64,
    },
    /// None of the job's threads has checked it for `ms`.
    Job {
        /// For how long.
        ms: f64,
    },
}

/// The poller's side: what it last saw of each thread, and since when, on its own clock.
#[derive(Debug)]
pub struct Watch {
    seen: [(u32, f64); SLOTS],
    any: (u64, f64),
}

impl Watch {
    /// Starts watching at `now`.
    pub fn new(now: f64) -> Self {
        Watch {
            seen: [(0, now); SLOTS],
            any: (0, now),
        }
    }

    /// Looks at `pulse` at `now`: the first thread (or the job) silent too long, if any.
    pub fn look(&mut self, pulse: &Pulse, now: f64) -> Option<Silence> {
        let mut total = 0u64;
        let mut silent = None;
        for (i, (slot, seen)) in pulse.slots.iter().zip(self.seen.iter_mut()).enumerate() {
            let beats = slot.beats.load(Ordering::Relaxed);
            total += u64::from(beats);
            if beats != seen.0 {
                *seen = (beats, now);
            } else if slot.open.load(Ordering::Relaxed) > 0
                && now - seen.1 > SILENT_THREAD_MS
                && silent.is_none()
            {
                silent = Some(Silence::Thread {
                    thread: i as u32,
                    ms: now - seen.1,
                });
            }
        }
        if total != self.any.0 {
            self.any = (total, now);
        } else if now - self.any.1 > SILENT_JOB_MS && silent.is_none() {
            silent = Some(Silence::Job {
                ms: now - self.any.1,
            });
        }
        silent
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Beats as pool thread `thread` gives them (`Pulse::beat` reads the thread from rayon).
    fn beat_as(pulse: &Pulse, thread: usize) {
        pulse.slots[thread].beats.fetch_add(1, Ordering::Relaxed);
    }

    #[test]
    fn a_thread_quiet_in_the_middle_of_a_unit_is_named_once_it_is_quiet_too_long() {
        let pulse = Pulse::default();
        let mut watch = Watch::new(0.0);
        pulse.started(Some(0));
        pulse.started(Some(1));
        let mut t = 0.0;
        // Thread 0 keeps checking; thread 1 stops after its first beat.
        beat_as(&pulse, 1);
        while t <= SILENT_THREAD_MS {
            beat_as(&pulse, 0);
            assert_eq!(watch.look(&pulse, t), None, "at {t} ms");
            t += 50.0;
        }
        beat_as(&pulse, 0);
        assert_eq!(
            watch.look(&pulse, t + 50.0),
            Some(Silence::Thread {
                thread: 1,
                ms: t + 50.0
            })
        );
    }

    #[test]
    fn a_quiet_thread_that_holds_no_unit_is_idle_not_lost() {
        let pulse = Pulse::default();
        let mut watch = Watch::new(0.0);
        pulse.started(Some(1));
        pulse.finished(Some(1));
        // A unit that ended before a reset is not counted below zero.
        pulse.finished(Some(1));
        pulse.started(Some(2));
        pulse.reset_units();
        let mut t = 0.0;
        while t < 3.0 * SILENT_JOB_MS {
            beat_as(&pulse, 0);
            assert_eq!(watch.look(&pulse, t), None, "at {t} ms");
            t += 100.0;
        }
    }

    #[test]
    fn a_job_none_of_whose_threads_checks_it_is_named() {
        let pulse = Pulse::default();
        let mut watch = Watch::new(0.0);
        beat_as(&pulse, 3);
        assert_eq!(watch.look(&pulse, 10.0), None);
        assert_eq!(watch.look(&pulse, 10.0 + SILENT_JOB_MS), None);
        assert_eq!(
            watch.look(&pulse, 11.0 + SILENT_JOB_MS),
            Some(Silence::Job {
                ms: SILENT_JOB_MS + 1.0
            })
        );
        // Beats off the pool (no thread index) are not counted: the job runs on the worker's own thread then.
        pulse.beat();
        assert!(watch.look(&pulse, 12.0 + SILENT_JOB_MS).is_some());
    }
}
