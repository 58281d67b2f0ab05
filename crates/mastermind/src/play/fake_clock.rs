//! A clock for tests of time budgets: the cores never read time themselves, so a test lends them this one.

use progress::Observer;

/// A clock that moves `step` ms each time it is read (from any thread), and may cancel after `reads`.
pub(crate) struct FakeClock {
    step: f64,
    pub(crate) reads: std::sync::atomic::AtomicU64,
    cancel_after: u64,
}

impl FakeClock {
    pub(crate) fn new(step: f64, cancel_after: u64) -> Self {
        FakeClock {
            step,
            reads: 0.into(),
            cancel_after,
        }
    }
}

impl Observer for FakeClock {
    fn report(&self, _: progress::Progress) -> progress::Flow {
        progress::Flow::Continue
    }
    fn keep_going(&self) -> bool {
        self.reads.load(std::sync::atomic::Ordering::Relaxed) < self.cancel_after
    }
    fn clock_ms(&self) -> Option<f64> {
        let n = self
            .reads
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Some(n as f64 * self.step)
    }
}
