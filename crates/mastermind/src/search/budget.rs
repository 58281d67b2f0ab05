//! What a search may spend ([`Budget`]), what it found ([`Count`]) and why it stopped short ([`Stopped`]).

/// The most search nodes one request may visit. Requests too big to do exactly stop here instead of hanging.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Peg placements allowed, summed over all threads.
    pub nodes: u64,
    /// Wall time one guess of `local-search` may take, in milliseconds, on the observer's clock
    /// ([`progress::Observer::clock_ms`]; no clock, no time limit). Its work budget (proposals per peg) normally ends a
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
    /// local-search guess cut at 250 ms (several times what a 100x20 guess takes on this project's 2-core machine,
    /// BENCHMARKS.md's 100x20 row, so only a much slower machine reaches it).
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

    /// When a local-search guess must stop: on a cancel, or once its [`Budget::guess_ms`] have passed since this
    /// call on the observer's clock (no clock, no time limit).
    pub fn guess_stop<'a>(
        &self,
        observer: &'a dyn progress::Observer,
    ) -> impl Fn() -> bool + Sync + 'a {
        let deadline = self
            .guess_ms
            .zip(observer.clock_ms())
            .map(|(ms, now)| now + f64::from(ms));
        move || {
            !observer.keep_going()
                || deadline.is_some_and(|at| observer.clock_ms().is_some_and(|now| now >= at))
        }
    }

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

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Stopped::Cancelled => "cancelled",
            Stopped::Budget => "the search ran out of its budget before it finished",
        })
    }
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
