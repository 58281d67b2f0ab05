//! One piece of parallel work as the pool ran it ([`SearchView`]), gathered from a job's [`Trace`] reports as they
//! arrive: pure data, tested natively. `widgets::lanes` draws it.

use protocol::{SearchBegun, Trace, UnitRun};

/// One piece of work as the pool ran it, gathered from trace reports.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchView {
    /// The piece of work.
    pub begun: SearchBegun,
    /// Threads in the pool that ran it.
    pub threads: u32,
    /// Units finished so far, in the order they were reported.
    pub runs: Vec<UnitRun>,
    /// Units left out of the reports (the view is incomplete when this is not 0).
    pub dropped: u32,
}

/// What one thread did in a piece of work.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Lane {
    /// Units it ran.
    pub units: u32,
    /// Milliseconds it spent in them.
    pub busy: f64,
    /// What it found.
    pub found: u64,
    /// Units it ran that an even split gives another thread, one that ran units too (taken by work stealing).
    pub taken: u32,
}

impl SearchView {
    /// Folds one trace report into `view` (the latest search wins: a report that begins a new search replaces
    /// the view). Returns whether anything changed.
    pub fn absorb(view: &mut Option<SearchView>, trace: &Trace, threads: u32) -> bool {
        let mut changed = false;
        for begun in &trace.searches {
            *view = Some(SearchView {
                begun: begun.clone(),
                threads: threads.max(1),
                runs: Vec::new(),
                dropped: 0,
            });
            changed = true;
        }
        if let Some(v) = view.as_mut() {
            let search = v.begun.search;
            let before = v.runs.len();
            v.runs
                .extend(trace.runs.iter().filter(|r| r.search == search).cloned());
            v.dropped += trace.dropped;
            changed |= v.runs.len() != before || trace.dropped > 0;
        }
        changed
    }

    /// Milliseconds from the work's start to its last finished unit.
    pub fn wall(&self) -> f64 {
        self.runs
            .iter()
            .map(|r| r.end - self.begun.at)
            .fold(0.0, f64::max)
    }

    /// The thread an even split (one block of consecutive units per thread, over `threads` threads) gives unit
    /// `index`.
    pub fn owner(&self, index: u32, threads: u32) -> u32 {
        let units = u64::from(self.begun.units.max(1));
        (u64::from(index) * u64::from(threads.max(1)) / units) as u32
    }

    /// Per-thread totals, one entry per pool thread (every thread of the pool, and any the reports name). A unit is
    /// `taken` by the thread that ran it when an even split over those threads gives it to another thread that ran
    /// units too: a thread that ran none was not there to lose it (the work was over before it joined in).
    pub fn lanes(&self) -> Vec<Lane> {
        let n = self
            .runs
            .iter()
            .map(|r| r.thread + 1)
            .max()
            .unwrap_or(0)
            .max(self.threads);
        let mut lanes = vec![Lane::default(); n as usize];
        for r in &self.runs {
            let lane = &mut lanes[r.thread as usize];
            lane.units += 1;
            lane.busy += r.end - r.start;
            lane.found += r.found;
        }
        for r in &self.runs {
            let owner = self.owner(r.index, n);
            if owner != r.thread && lanes[owner as usize].units > 0 {
                lanes[r.thread as usize].taken += 1;
            }
        }
        lanes
    }

    /// Whether every unit has been reported.
    pub fn complete(&self) -> bool {
        self.runs.len() as u64 + u64::from(self.dropped) >= u64::from(self.begun.units)
    }

    /// Unit `index` for people, as its game names it ("3,1,…", "shard 4").
    pub fn label(&self, index: u32) -> String {
        self.begun.unit.label(index)
    }
}
