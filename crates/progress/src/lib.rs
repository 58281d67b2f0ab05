//! How long work reports what it does and learns whether to go on: one vocabulary for every game core, the
//! protocol, the worker, the page and the CLI.
//!
//! A piece of work is cut into *units* that threads run: Mastermind's prefix ranges or chunks of candidate
//! guesses, peg solitaire's level shards, simulated games. The work tells an [`Observer`] when it begins (how
//! many units, and what a unit is: [`Unit`]), when a thread starts and finishes a unit, or, for work whose
//! units are not run one by one on threads, a running tally ([`Progress::Tally`]). The observer's answer
//! ([`Flow`]) can stop it: reporting and cancellation in one signature, as ripgrep's `Sink` does.
//!
//! It also writes a count for people ([`group_digits`]: `1,296`), as every progress line and explanation does.
//!
//! This crate knows no game, no thread pool and no clock of its own: a core reads time only through
//! [`Observer::clock_ms`], so it runs unchanged where `std::time::Instant` panics (wasm).
//!
//! ```
//! use progress::{Flow, Label, Observer, Progress, Unit};
//! use std::sync::atomic::{AtomicU64, Ordering};
//!
//! /// Counts finished units and stops after three.
//! struct StopAfterThree(AtomicU64);
//! impl Observer for StopAfterThree {
//!     fn report(&self, p: Progress) -> Flow {
//!         if let Progress::Finished { .. } = p {
//!             if self.0.fetch_add(1, Ordering::Relaxed) + 1 >= 3 {
//!                 return Flow::Stop;
//!             }
//!         }
//!         Flow::Continue
//!     }
//! }
//!
//! const SHARDS: Unit = Unit::new("shard", "shards", Label::Ordinal);
//! let observer = StopAfterThree(AtomicU64::new(0));
//! observer.report(Progress::Begin { units: 10, unit: SHARDS });
//! let ran = (0..10)
//!     .take_while(|&i| observer.report(Progress::Finished { index: i, thread: None, found: 0, work: 1 }) == Flow::Continue)
//!     .count();
//! assert_eq!(ran, 2); // the third report said stop
//! assert_eq!(SHARDS.label(4), "shard 5");
//! ```

/// What a piece of work tells its observer. Cheap to copy: it is sent from inner loops on every thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// A piece of work begins, cut into `units` units of the kind `unit` (a job may run several in turn; the
    /// latest one is the one shown).
    Begin {
        /// How many units.
        units: usize,
        /// What a unit is.
        unit: Unit,
    },
    /// A thread starts one unit.
    Started {
        /// Which unit, from 0.
        index: usize,
        /// The pool thread that runs it, if any.
        thread: Option<usize>,
    },
    /// A thread finished one unit.
    Finished {
        /// Which unit, from 0.
        index: usize,
        /// The pool thread that ran it, if any.
        thread: Option<usize>,
        /// What it found (consistent codes, solutions, ...): shades the unit where it is drawn.
        found: u64,
        /// The work it took, in the game's own steps (search nodes, positions expanded, feedbacks scored).
        work: u64,
    },
    /// `done` of `total` units of the kind `unit` are finished: for work whose units are not drawn one by one
    /// on threads (games played, a strategy tree walked).
    Tally {
        /// Units finished.
        done: u64,
        /// Units in all.
        total: u64,
        /// What a unit is.
        unit: Unit,
    },
    /// A figure the work found on the way, for drawing as it comes: figure `index` is `value` (a count's positions
    /// after `index` jumps).
    Figure {
        /// Which figure.
        index: u64,
        /// Its value.
        value: u64,
    },
}

/// What a unit of work is, as a game names it for people.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unit {
    /// One unit: "prefix range", "shard", "game".
    pub one: &'static str,
    /// Several: "prefix ranges", "shards of a level", "games".
    pub many: &'static str,
    /// How unit `index` is named for people.
    pub label: Label,
}

impl Unit {
    /// A unit named `one` / `many`, labelled by `label`.
    pub const fn new(one: &'static str, many: &'static str, label: Label) -> Unit {
        Unit { one, many, label }
    }

    /// Unit `index` for people: `"prefix 3,1,…"`-style digits or `"shard 5"` (see [`Label`]).
    pub fn label(&self, index: u64) -> String {
        self.label.name(self.one, index)
    }
}

/// How units are named for people.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Label {
    /// By number, from 1: "chunk 3".
    Ordinal,
    /// Unit `i` is `i` written with `digits` digits in base `base`, each shown from 1, then an ellipsis:
    /// Mastermind's prefix ranges ("3,1,…": every code that starts with colours 3 and 1).
    Digits {
        /// Digits written.
        digits: u32,
        /// Their base.
        base: u32,
    },
}

impl Label {
    /// Unit `index` called `one`, for people.
    pub fn name(self, one: &str, index: u64) -> String {
        match self {
            Label::Digits { digits, base } if digits > 0 && base >= 2 => {
                let mut ds = vec![0u64; digits as usize];
                let mut rest = index;
                for d in ds.iter_mut().rev() {
                    *d = rest % u64::from(base);
                    rest /= u64::from(base);
                }
                let shown: Vec<String> = ds.iter().map(|d| (d + 1).to_string()).collect();
                format!("{},…", shown.join(","))
            }
            _ => format!("{one} {}", index + 1),
        }
    }
}

/// Whether work goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep going.
    Continue,
    /// Stop as soon as possible; the work reports that it was cancelled.
    Stop,
}

/// Receives progress and decides whether the work continues. Called from any thread of the pool.
pub trait Observer: Sync {
    /// Takes one progress report; [`Flow::Stop`] cancels the work.
    fn report(&self, progress: Progress) -> Flow;

    /// Polled often inside a unit (every few thousand steps): `false` cancels the work.
    fn keep_going(&self) -> bool {
        true
    }

    /// The caller's clock in milliseconds, if it has one. Cores never read time themselves (they run
    /// unchanged where `Instant` panics), so time budgets apply only where a caller lends a clock here.
    fn clock_ms(&self) -> Option<f64> {
        None
    }
}

/// An observer that ignores progress and never stops the work.
pub struct NoObserver;

impl Observer for NoObserver {
    fn report(&self, _: Progress) -> Flow {
        Flow::Continue
    }
}

/// Passes on only the wish to stop (and the clock): for work nested inside other work whose own progress is
/// the one being reported (the searches inside one simulated game).
pub struct StopOnly<'a>(pub &'a dyn Observer);

impl Observer for StopOnly<'_> {
    fn report(&self, _: Progress) -> Flow {
        if self.0.keep_going() {
            Flow::Continue
        } else {
            Flow::Stop
        }
    }
    fn keep_going(&self) -> bool {
        self.0.keep_going()
    }
    fn clock_ms(&self) -> Option<f64> {
        self.0.clock_ms()
    }
}

/// A decimal count with its thousands grouped for people: `1296` → `1,296` (counts travel as decimal text).
pub fn group_digits(n: &str) -> String {
    let mut out = String::new();
    for (i, ch) in n.chars().enumerate() {
        if i > 0 && (n.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(label: Label, index: u64, expected: &str) {
        assert_eq!(label.name("chunk", index), expected);
    }

    #[test]
    fn labels() {
        check(Label::Ordinal, 0, "chunk 1");
        check(Label::Digits { digits: 2, base: 6 }, 0, "1,1,…");
        check(Label::Digits { digits: 2, base: 6 }, 13, "3,2,…");
        // Degenerate digit labels fall back to numbers rather than dividing by nothing.
        check(Label::Digits { digits: 0, base: 6 }, 4, "chunk 5");
        check(Label::Digits { digits: 2, base: 1 }, 4, "chunk 5");
    }

    #[test]
    fn stop_only_passes_on_the_wish_to_stop() {
        struct Stopped;
        impl Observer for Stopped {
            fn report(&self, _: Progress) -> Flow {
                Flow::Stop
            }
            fn keep_going(&self) -> bool {
                false
            }
        }
        let p = Progress::Started {
            index: 0,
            thread: None,
        };
        assert_eq!(StopOnly(&NoObserver).report(p), Flow::Continue);
        assert_eq!(StopOnly(&Stopped).report(p), Flow::Stop);
        assert!(!StopOnly(&Stopped).keep_going());
        assert_eq!(StopOnly(&NoObserver).clock_ms(), None);
    }

    #[test]
    fn digits_are_grouped() {
        for (n, expected) in [
            ("0", "0"),
            ("999", "999"),
            ("1296", "1,296"),
            ("10000000000", "10,000,000,000"),
        ] {
            assert_eq!(super::group_digits(n), expected);
        }
    }
}
