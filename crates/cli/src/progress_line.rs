//! A progress line on stderr for any core's work, only when stderr is a terminal (never in pipes or CI logs). It
//! is also the clock the cores read for their time budgets.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use progress::{Flow, Observer, Progress};

/// Draws `[#####.....] 12/256 prefix ranges`, at most ten times a second.
pub struct ProgressLine {
    on: bool,
    /// Writes a line every few seconds instead of redrawing one (a log, not a terminal).
    logged: bool,
    done: AtomicU64,
    total: AtomicU64,
    /// What the units are called, and when the line was last drawn.
    line: Mutex<(&'static str, Instant)>,
    /// The last tally of the work's outer units (`12/36 levels`), shown before the inner units' progress.
    outer: Mutex<String>,
    /// Set by Ctrl-C where the work stops on it ([`ProgressLine::stopped_by`]).
    stop: Option<Arc<AtomicBool>>,
    t0: Instant,
}

impl ProgressLine {
    /// A line that draws itself if stderr is a terminal.
    pub fn new() -> ProgressLine {
        ProgressLine {
            on: std::io::stderr().is_terminal(),
            logged: false,
            done: AtomicU64::new(0),
            total: AtomicU64::new(0),
            line: Mutex::new(("", Instant::now())),
            outer: Mutex::new(String::new()),
            stop: None,
            t0: Instant::now(),
        }
    }

    /// A line that always reports: redrawn on a terminal, else one line every 5 seconds (MPI's rank 0, whose stderr
    /// is mpirun's pipe, or a batch job's log).
    pub fn logged() -> ProgressLine {
        let mut line = ProgressLine::new();
        line.logged = !line.on;
        line.on = true;
        line
    }

    /// The same line, whose work stops when `flag` is set (by Ctrl-C: see [`interrupted`]).
    pub fn stopped_by(mut self, flag: Arc<AtomicBool>) -> ProgressLine {
        self.stop = Some(flag);
        self
    }

    fn stopped(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// Rubs the line out (before the result is printed).
    pub fn clear(&self) {
        if self.on && !self.logged {
            eprint!("\r\x1b[K");
        }
    }

    fn draw(&self, done: u64) {
        let Ok(mut line) = self.line.try_lock() else {
            return;
        };
        let every = if self.logged { 5000 } else { 100 };
        if self.on && line.1.elapsed().as_millis() >= every {
            line.1 = Instant::now();
            let total = self.total.load(Ordering::Relaxed);
            if self.logged {
                let seconds = self.t0.elapsed().as_secs();
                let outer = self.outer.lock().map(|o| o.clone()).unwrap_or_default();
                eprintln!("progress: {outer}{done}/{total} {} ({seconds} s)", line.0);
                return;
            }
            let width = 30;
            let filled = (done * width).checked_div(total).unwrap_or(0).min(width);
            eprint!(
                "\r[{}{}] {done}/{total} {}",
                "#".repeat(filled as usize),
                ".".repeat((width - filled) as usize),
                line.0
            );
        }
    }
}

impl Drop for ProgressLine {
    fn drop(&mut self) {
        self.clear();
    }
}

impl Observer for ProgressLine {
    fn report(&self, progress: Progress) -> Flow {
        match progress {
            Progress::Started { .. } | Progress::Figure { .. } => {}
            Progress::Begin { units, unit } => {
                if let Ok(mut line) = self.line.lock() {
                    line.0 = unit.many;
                }
                self.done.store(0, Ordering::Relaxed);
                self.total.store(units as u64, Ordering::Relaxed);
            }
            Progress::Tally { done, total, unit } => {
                if let Ok(mut outer) = self.outer.lock() {
                    *outer = format!("{done}/{total} {}, ", unit.many);
                }
                if let Ok(mut line) = self.line.try_lock() {
                    line.0 = unit.many;
                }
                self.total.store(total, Ordering::Relaxed);
                self.done.store(done, Ordering::Relaxed);
                self.draw(done);
            }
            Progress::Finished { .. } => {
                let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
                self.draw(done);
            }
        }
        if self.stopped() {
            Flow::Stop
        } else {
            Flow::Continue
        }
    }

    fn keep_going(&self) -> bool {
        !self.stopped()
    }

    fn clock_ms(&self) -> Option<f64> {
        Some(self.t0.elapsed().as_secs_f64() * 1000.0)
    }
}

/// A flag that Ctrl-C (or SIGTERM) sets, for work that stops cleanly on it (a count removes its temporary files).
/// Where a handler is already set (an MPI launch sets its own), the flag is never set here.
pub fn interrupted() -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    let set = Arc::clone(&flag);
    let _ = ctrlc::set_handler(move || set.store(true, Ordering::Relaxed));
    flag
}
