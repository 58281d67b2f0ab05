//! Strategies: how the codebreaker chooses its next guess.
//!
//! `first-consistent` and `random-consistent` only need the consistent-code search and work at any size.
//! The partition strategies (`knuth`, `most-parts`, `entropy`, `expected-size`) score every code as a
//! candidate guess by how it splits the consistent codes into feedback classes, so they are limited to games
//! whose codes can all be listed; above that they answer with `random-consistent` and say so. All of them
//! break ties the way Knuth did: a consistent guess first, then the lowest code.

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicI64, Ordering};

use rand::{Rng, RngExt};

use rayon::prelude::*;

use crate::listed::Listed;
use crate::optimal::Optimal;
use crate::packed::{self, Packed};
use crate::search::{self, Budget, Count, Draw, Flow, NoObserver, Observer, Progress, Stopped};
use crate::{Code, Feedback, Row, Spec};

/// A way of choosing the next guess.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// The lexicographically first code consistent with the history.
    FirstConsistent,
    /// A consistent code drawn at random (uniformly where the consistent codes can be counted).
    RandomConsistent,
    /// Knuth's minimax (1977): the guess whose largest feedback class is smallest.
    Knuth,
    /// Kooi's "most parts" (2005): the guess that splits the consistent codes into the most classes.
    MostParts,
    /// Neuwirth's entropy (1982): the guess whose feedback tells the most, in bits.
    Entropy,
    /// Irving's expected size (1979): the guess whose class, for a random consistent secret, is smallest on
    /// average.
    ExpectedSize,
    /// The guess that starts a tree with the fewest guesses on average over the secrets still possible
    /// (Koyama and Lai 1993), found by branch and bound (see [`crate::optimal`]).
    Optimal,
    /// Local search for a code (almost) consistent with every score, for games far too big to search
    /// exactly (see [`crate::local`]).
    LocalSearch,
}

impl Strategy {
    /// Every strategy, in the order menus show them.
    pub const ALL: [Strategy; 8] = [
        Strategy::RandomConsistent,
        Strategy::FirstConsistent,
        Strategy::Knuth,
        Strategy::MostParts,
        Strategy::Entropy,
        Strategy::ExpectedSize,
        Strategy::Optimal,
        Strategy::LocalSearch,
    ];

    /// The name used by the CLI, links and the worker protocol.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::FirstConsistent => "first-consistent",
            Strategy::RandomConsistent => "random-consistent",
            Strategy::Knuth => "knuth",
            Strategy::MostParts => "most-parts",
            Strategy::Entropy => "entropy",
            Strategy::ExpectedSize => "expected-size",
            Strategy::Optimal => "optimal",
            Strategy::LocalSearch => "local-search",
        }
    }

    /// Whether this strategy scores candidate guesses by the feedback classes they split the consistent codes
    /// into (and so needs every code listed).
    pub fn scores_partitions(self) -> bool {
        matches!(
            self,
            Strategy::Knuth | Strategy::MostParts | Strategy::Entropy | Strategy::ExpectedSize
        )
    }

    /// Table of [`n_log2_n`] for class sizes `0..=max`, for the entropy score (empty for the others).
    fn n_log_n_table(self, max: usize) -> Vec<i64> {
        match self {
            Strategy::Entropy => (0..=max).map(n_log2_n).collect(),
            _ => Vec::new(),
        }
    }

    /// The best score ([`Split`]) any guess can get on `n` consistent codes when `feedbacks` feedbacks can
    /// occur: the codes spread as evenly as possible over `min(n, feedbacks)` classes.
    fn best_possible(self, n: usize, feedbacks: usize) -> i64 {
        let k = n.min(feedbacks).max(1);
        let (q, r) = (n / k, n % k);
        let even = |f: &dyn Fn(usize) -> i64| r as i64 * f(q + 1) + (k - r) as i64 * f(q);
        match self {
            Strategy::Knuth => n.div_ceil(k) as i64,
            Strategy::MostParts => -(k as i64),
            Strategy::ExpectedSize => even(&|m| (m * m) as i64),
            Strategy::Entropy => even(&|m| n_log2_n(m)),
            Strategy::FirstConsistent
            | Strategy::RandomConsistent
            | Strategy::LocalSearch
            | Strategy::Optimal => 0,
        }
    }

    /// One line for people choosing a strategy.
    pub fn describe(self) -> &'static str {
        match self {
            Strategy::FirstConsistent => {
                "plays the first code (in order) that fits every score so far"
            }
            Strategy::RandomConsistent => "plays a random code that fits every score so far",
            Strategy::Knuth => {
                "plays the code whose worst-case answer leaves the fewest possibilities"
            }
            Strategy::MostParts => {
                "plays the code whose answers split the possibilities into the most groups"
            }
            Strategy::Entropy => {
                "plays the code whose answer is expected to tell the most (in bits)"
            }
            Strategy::ExpectedSize => {
                "plays the code that leaves the fewest possibilities on average"
            }
            Strategy::Optimal => {
                "plays the code that solves in the fewest guesses on average (an exact search)"
            }
            Strategy::LocalSearch => {
                "finds colour counts, then an order of the pegs, that fit every score (for huge games)"
            }
        }
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Strategy {
    type Err = String;
    fn from_str(s: &str) -> Result<Strategy, String> {
        Strategy::ALL
            .into_iter()
            .find(|st| st.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Strategy::ALL.iter().map(|s| s.name()).collect();
                format!("unknown strategy '{s}': choose one of {}", names.join(", "))
            })
    }
}

/// Why no guess could be chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StrategyError {
    /// No code fits every score: the history contradicts itself.
    Contradiction,
    /// The search was cancelled or ran out of budget.
    Stopped(Stopped),
    /// The request is too big to do exactly (the message says why).
    TooBig(String),
}

impl fmt::Display for StrategyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StrategyError::Contradiction => {
                f.write_str("no code fits every score: the scores contradict each other")
            }
            StrategyError::Stopped(Stopped::Cancelled) => f.write_str("cancelled"),
            StrategyError::Stopped(Stopped::Budget) => {
                f.write_str("the search ran out of its time budget before finding a code")
            }
            StrategyError::TooBig(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for StrategyError {}

impl From<Stopped> for StrategyError {
    fn from(s: Stopped) -> Self {
        StrategyError::Stopped(s)
    }
}

/// A chosen guess with what the search learnt on the way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The guess to play.
    pub guess: Code,
    /// How many codes were consistent with the history before this guess.
    pub remaining: Count,
    /// The strategy that actually chose (differs from the one asked for when it fell back).
    pub played_by: Strategy,
    /// Why a fallback or approximation was used, for people to read.
    pub note: Option<String>,
}

/// The most codes a game may have for strategies that list them all (`knuth`, [`crate::play_all`]).
pub const MAX_LISTED_CODES: u128 = 1 << 16;

/// Every code of `spec` in lexicographic order, if there are at most [`MAX_LISTED_CODES`].
pub fn list_all(spec: &Spec) -> Result<Vec<Code>, StrategyError> {
    let too_big = || {
        StrategyError::TooBig(format!(
            "{spec} has more than {MAX_LISTED_CODES} codes, too many to list every one"
        ))
    };
    match spec.code_count() {
        Some(n) if n <= MAX_LISTED_CODES => {}
        _ => return Err(too_big()),
    }
    search::collect(
        spec,
        &[],
        MAX_LISTED_CODES as usize,
        &Budget::UNLIMITED,
        &NoObserver,
    )?
    .ok_or_else(too_big)
}

/// Chooses the next guess for `history` with `strategy`.
pub fn choose(
    strategy: Strategy,
    spec: &Spec,
    history: &[Row],
    budget: &Budget,
    observer: &dyn Observer,
    rng: &mut impl Rng,
) -> Result<Choice, StrategyError> {
    match strategy {
        Strategy::FirstConsistent => {
            let remaining = search::count(spec, history, &Budget::DISPLAY, observer)?;
            let guess = search::first(spec, history, budget, observer)?
                .ok_or(StrategyError::Contradiction)?;
            Ok(Choice {
                guess,
                remaining,
                played_by: strategy,
                note: None,
            })
        }
        Strategy::LocalSearch => local_search(spec, history, budget, observer, rng, None),
        Strategy::RandomConsistent if too_big_to_search(spec) => {
            let why = format!(
                "an exact search over {spec} codes could take too long, so local-search chose this guess"
            );
            local_search(spec, history, budget, observer, rng, Some(why))
        }
        Strategy::RandomConsistent => random_consistent(spec, history, budget, observer, rng, None),
        _ => {
            let listed = spec.code_count().is_some_and(|n| n <= MAX_LISTED_CODES);
            if !listed {
                let why = format!(
                    "{strategy} scores every code against every possible secret, which is only done up to {MAX_LISTED_CODES} \
                     codes; {spec} has more, so random-consistent chose this guess"
                );
                return random_consistent(spec, history, budget, observer, rng, Some(why));
            }
            let listed = Listed::new(spec)?;
            let consistent =
                search::collect(spec, history, listed.len(), budget, observer)?.unwrap_or_default();
            let remaining = Count::Exact(consistent.len() as u128);
            let tried = history
                .iter()
                .fold(0, |m, r| m | color_mask(r.guess.pegs()));
            let consistent = listed.indices_of(&consistent);
            let (played_by, guess, note) = match pick(
                strategy,
                &listed,
                &consistent,
                tried,
                budget,
                rng,
                observer,
            ) {
                Err(StrategyError::Stopped(Stopped::Budget)) if strategy == Strategy::Optimal => {
                    let fallback = Strategy::ExpectedSize;
                    let guess = pick(fallback, &listed, &consistent, tried, budget, rng, observer)?;
                    let why = format!(
                        "the optimal search over {} possible codes ran past its budget of {} feedbacks, so \
                             {fallback} (the closest fast strategy) chose this guess",
                        consistent.len(),
                        budget.nodes
                    );
                    (fallback, guess, Some(why))
                }
                chosen => (strategy, chosen?, None),
            };
            Ok(Choice {
                guess: listed.code(guess).clone(),
                remaining,
                played_by,
                note,
            })
        }
    }
}

/// More codes than this and the exact searches give way to local search.
pub const MAX_SEARCHED_CODES: u128 = 1_000_000_000_000;

/// Whether `spec` has too many codes for the exact consistent-code search to be sure of finishing in time.
pub fn too_big_to_search(spec: &Spec) -> bool {
    spec.code_count().is_none_or(|n| n > MAX_SEARCHED_CODES)
}

fn local_search(
    spec: &Spec,
    history: &[Row],
    budget: &Budget,
    observer: &dyn Observer,
    rng: &mut impl Rng,
    note: Option<String>,
) -> Result<Choice, StrategyError> {
    // The time budget, on the caller's clock when it has one; a cancel also ends the guess early.
    let deadline = budget
        .guess_ms
        .zip(observer.clock_ms())
        .map(|(ms, now)| now + f64::from(ms));
    let stop = || {
        !observer.keep_going()
            || deadline.is_some_and(|at| observer.clock_ms().is_some_and(|now| now >= at))
    };
    let found = crate::local::search(
        spec,
        history,
        usize::from(spec.pegs) * crate::local::MOVES_PER_PEG,
        &stop,
        rng,
    );
    let fit = if found.error == 0 {
        "fits every score so far".to_string()
    } else {
        format!(
            "the closest code found misses the scores by {} pegs",
            found.error
        )
    };
    if !observer.keep_going() {
        return Err(StrategyError::Stopped(Stopped::Cancelled));
    }
    let fit = match (found.cut_short, budget.guess_ms) {
        (true, Some(ms)) => format!("{fit} (the guess's time budget of {ms} ms ran out first)"),
        _ => fit,
    };
    let fit = if found.counts_known {
        format!("{fit} (every colour's count is known from the scores)")
    } else {
        fit
    };
    let note = Some(match note {
        Some(n) => format!("{n}; {fit}"),
        None => format!("local search: {fit}"),
    });
    // Counting is out of reach at these sizes: at least the code found fits, when it does.
    let remaining = Count::AtLeast(u128::from(found.error == 0));
    Ok(Choice {
        guess: found.code,
        remaining,
        played_by: Strategy::LocalSearch,
        note,
    })
}

fn random_consistent(
    spec: &Spec,
    history: &[Row],
    budget: &Budget,
    observer: &dyn Observer,
    rng: &mut impl Rng,
    note: Option<String>,
) -> Result<Choice, StrategyError> {
    let (guess, draw) = search::random(spec, history, budget, observer, rng)?
        .ok_or(StrategyError::Contradiction)?;
    let (remaining, draw_note) = match draw {
        Draw::Uniform(n) => (Count::Exact(n), None),
        Draw::RandomOrder { at_least } => (
            Count::AtLeast(at_least),
            Some("too many possibilities to count quickly: drew a consistent code by randomised search".to_string()),
        ),
    };
    let note = match (note, draw_note) {
        (Some(a), Some(b)) => Some(format!("{a}; {b}")),
        (a, b) => a.or(b),
    };
    Ok(Choice {
        guess,
        remaining,
        played_by: Strategy::RandomConsistent,
        note,
    })
}

/// Chooses among listed codes: `consistent` are the indices of the codes that fit the history (sorted),
/// `tried` the colours (bit per colour) of every guess so far. Returns the index of the guess. Only `optimal`
/// can run out of `budget` (feedbacks computed); the others do a bounded amount of work.
pub(crate) fn pick(
    strategy: Strategy,
    listed: &Listed,
    consistent: &[u32],
    tried: u32,
    budget: &Budget,
    rng: &mut impl Rng,
    observer: &dyn Observer,
) -> Result<u32, StrategyError> {
    match consistent {
        [] => return Err(StrategyError::Contradiction),
        [only] => return Ok(*only),
        _ => {}
    }
    match strategy {
        Strategy::FirstConsistent => Ok(consistent[0]),
        Strategy::RandomConsistent => Ok(consistent[rng.random_range(0..consistent.len())]),
        Strategy::Optimal => Ok(Optimal::new(listed, budget, observer)
            .best(consistent, tried)?
            .1),
        _ => {
            // One candidate per symmetry class (see `Candidates`). Consistent ones are scored first: they win
            // ties, so one that reaches the best score possible ends the search.
            let candidates = Candidates::new(listed, consistent, tried);
            let scoring = Scoring {
                strategy,
                listed,
                consistent,
                candidates: &candidates,
            };
            if packed::narrow(listed.spec.colors) {
                scoring.best::<16>(observer)
            } else {
                scoring.best::<32>(observer)
            }
        }
    }
}

/// The guesses worth scoring where the codes `consistent` (sorted indices) remain and the colours `tried` were
/// guessed (bit per colour): one per colour-symmetry class (see [`ColorSymmetry`]), consistent ones first.
///
/// Before the first guess every code is alike up to colour and position symmetry, so only one code per pattern
/// of colour multiplicities is tried; its lowest member is the pattern itself (0,0,1,1 for "two pairs"), which
/// keeps the lowest-code tie-break exact. After it, colours no guess has used are interchangeable, and so are
/// colours no consistent code holds: only the lowest code of each class is tried.
pub(crate) struct Candidates<'a> {
    listed: &'a Listed,
    consistent: &'a [u32],
    symmetry: ColorSymmetry,
    /// Whether no guess was made yet.
    root: bool,
    /// The consistent candidates (at the root, the patterns), in order.
    pub(crate) first: Vec<u32>,
}

impl<'a> Candidates<'a> {
    pub(crate) fn new(listed: &'a Listed, consistent: &'a [u32], tried: u32) -> Self {
        let spec = &listed.spec;
        let present = consistent
            .iter()
            .fold(0, |m, &i| m | color_mask(listed.code(i).pegs()));
        let symmetry = ColorSymmetry::new(spec, present, tried);
        let root = tried == 0;
        let first = if root {
            listed.indices_of(&first_move_patterns(spec))
        } else {
            consistent
                .iter()
                .copied()
                .filter(|&i| symmetry.is_lowest(listed.code(i).pegs()))
                .collect()
        };
        Candidates {
            listed,
            consistent,
            symmetry,
            root,
            first,
        }
    }

    /// At most how many candidates [`Candidates::rest`] holds, without building them.
    pub(crate) fn rest_bound(&self) -> usize {
        if self.root {
            0
        } else {
            self.listed.len() - self.consistent.len()
        }
    }

    /// The inconsistent candidates, in order, built directly as lowest codes of their classes. Callers build
    /// them only when needed: often a consistent candidate settles the choice.
    pub(crate) fn rest(&self) -> Vec<u32> {
        if self.root {
            Vec::new()
        } else if self.symmetry.is_trivial() {
            difference(0..self.listed.len() as u32, self.consistent)
        } else {
            difference(
                self.symmetry.lowest_codes(self.listed).into_iter(),
                self.consistent,
            )
        }
    }
}

/// The items of `items` not in `set` (both sorted), in order.
pub(crate) fn difference(items: impl Iterator<Item = u32>, set: &[u32]) -> Vec<u32> {
    let mut next = set.iter().peekable();
    items
        .filter(|i| {
            while next.next_if(|s| *s < i).is_some() {}
            next.peek() != Some(&i)
        })
        .collect()
}

/// Candidate guesses scored per progress report: the scoring loop reports like the search's prefix ranges, so
/// its progress and the threads that ran it show, and cancellation is seen between chunks.
const CANDIDATES_PER_CHUNK: usize = 64;

/// Below this many feedbacks a split is scored on the calling thread: handing it to the pool would cost more
/// than the work (most nodes of a strategy tree are small).
const PARALLEL_FROM: usize = 1 << 16;

/// One choice of a partition strategy: which candidates to score against which consistent codes.
struct Scoring<'a> {
    strategy: Strategy,
    listed: &'a Listed,
    /// Indices of the codes that fit the history, sorted.
    consistent: &'a [u32],
    /// The guesses to score.
    candidates: &'a Candidates<'a>,
}

impl Scoring<'_> {
    /// The candidate whose split of the consistent codes scores best; ties go to a consistent candidate, then
    /// to the lowest. `LANES` is the packed colour width ([`Packed::score_in`]).
    fn best<const LANES: usize>(&self, observer: &dyn Observer) -> Result<u32, StrategyError> {
        let listed = self.listed;
        let secrets: Vec<Packed> = self
            .consistent
            .iter()
            .map(|&i| listed.packed[i as usize])
            .collect();
        let n_log_n = self.strategy.n_log_n_table(secrets.len());
        let split = Split {
            pegs: listed.spec.pegs,
            secrets: &secrets,
            n_log_n: &n_log_n,
        };
        let floor = self
            .strategy
            .best_possible(secrets.len(), listed.spec.feedback_count());
        let slots = Feedback::index_count(listed.spec.pegs).next_multiple_of(8);
        let first = &self.candidates.first;
        let rest_len = self.candidates.rest_bound();
        let chunks =
            first.len().div_ceil(CANDIDATES_PER_CHUNK) + rest_len.div_ceil(CANDIDATES_PER_CHUNK);
        if observer.report(Progress::Begin {
            ranges: chunks,
            prefix_pegs: 0,
        }) == Flow::Stop
        {
            return Err(StrategyError::Stopped(Stopped::Cancelled));
        }
        // The best complete score so far, shared by all threads: a candidate whose partial score already
        // exceeds it is dropped (every score here only grows as secrets are added), which keeps the result
        // exact.
        let bound = AtomicI64::new(i64::MAX);
        // Scores one chunk of candidates, all consistent or all not: the lowest (score, inconsistent, index)
        // in it, and whether it reached the best score possible (then no later candidate can win).
        let score_chunk =
            |parts: &mut Vec<u32>, (chunk, guesses, consistent): (usize, &[u32], bool)| {
                let started = Progress::Started {
                    index: chunk,
                    thread: rayon::current_thread_index(),
                };
                if !observer.keep_going() || observer.report(started) == Flow::Stop {
                    return Err(Stopped::Cancelled);
                }
                let mut best = (i64::MAX, true, u32::MAX);
                let mut done = false;
                for &i in guesses {
                    let guess = &listed.packed[i as usize];
                    let Some(score) = split.score::<LANES>(
                        self.strategy,
                        guess,
                        parts,
                        bound.load(Ordering::Relaxed),
                    ) else {
                        continue; // certainly worse than a candidate already scored
                    };
                    bound.fetch_min(score, Ordering::Relaxed);
                    best = best.min((score, !consistent, i));
                    if score == floor {
                        done = true;
                        break;
                    }
                }
                let progress = Progress::Range {
                    index: chunk,
                    thread: rayon::current_thread_index(),
                    found: 0,
                    nodes: (guesses.len() * secrets.len()) as u64,
                };
                match observer.report(progress) {
                    Flow::Continue => Ok((best, done)),
                    Flow::Stop => Err(Stopped::Cancelled),
                }
            };
        let best = if (first.len() + rest_len) * secrets.len() < PARALLEL_FROM {
            let mut parts = vec![0u32; slots];
            let mut best = None;
            let mut chunk = 0;
            for guesses in first.chunks(CANDIDATES_PER_CHUNK) {
                let (b, done) = score_chunk(&mut parts, (chunk, guesses, true))?;
                best = Some(best.map_or(b, |a: (i64, bool, u32)| a.min(b)));
                if done {
                    return Ok(b.2);
                }
                chunk += 1;
            }
            // Every consistent candidate scored above the floor, so the first inconsistent one on it wins.
            for guesses in self.candidates.rest().chunks(CANDIDATES_PER_CHUNK) {
                let (b, done) = score_chunk(&mut parts, (chunk, guesses, false))?;
                best = Some(best.map_or(b, |a: (i64, bool, u32)| a.min(b)));
                if done {
                    break;
                }
                chunk += 1;
            }
            best
        } else {
            // Chunks finish out of order, so a chunk reaching the floor cannot stop the others: the shared
            // bound already drops their candidates after a few secrets.
            let rest = self.candidates.rest();
            let all_chunks: Vec<(&[u32], bool)> = (first.chunks(CANDIDATES_PER_CHUNK))
                .map(|c| (c, true))
                .chain(rest.chunks(CANDIDATES_PER_CHUNK).map(|c| (c, false)))
                .collect();
            all_chunks
                .into_par_iter()
                .enumerate()
                .map_init(
                    || vec![0u32; slots],
                    |parts, (chunk, (guesses, consistent))| {
                        score_chunk(parts, (chunk, guesses, consistent))
                    },
                )
                .map(|r| r.map(|(best, _)| best))
                .try_reduce_with(|a, b| Ok(a.min(b)))
                .transpose()?
        };
        match best {
            Some((_, _, i)) if i != u32::MAX => Ok(i),
            _ => Err(StrategyError::Contradiction),
        }
    }
}

/// Scores a candidate's split of the consistent codes for a partition strategy, lower is better, as an
/// integer so that equal splits tie exactly: the largest class (knuth), minus the number of classes
/// (most-parts), the sum of squared class sizes (expected-size), the sum of `n log2 n` over classes (entropy:
/// log2 N minus that sum over N is the entropy in bits). Each can only grow as secrets are added (most-parts:
/// can gain at most one class per secret left), so scoring stops as soon as the score must exceed a bound.
struct Split<'a> {
    pegs: u8,
    secrets: &'a [Packed],
    n_log_n: &'a [i64],
}

impl Split<'_> {
    /// Adds the secrets one by one to their classes, growing the score with `step(score, class size before)`,
    /// and gives up once it exceeds `bound` (for scores that only grow).
    #[inline(always)]
    fn grow<const LANES: usize>(
        &self,
        guess: &Packed,
        parts: &mut [u32],
        bound: i64,
        step: impl Fn(i64, i64) -> i64,
    ) -> Option<i64> {
        let mut score = 0i64;
        for s in self.secrets {
            let n = &mut parts[guess.class_in::<LANES>(s, self.pegs)];
            score = step(score, i64::from(*n));
            *n += 1;
            if score > bound {
                return None;
            }
        }
        Some(score)
    }

    /// The score of `guess`, or `None` once it is sure to exceed `bound`. `parts` is scratch space.
    fn score<const LANES: usize>(
        &self,
        strategy: Strategy,
        guess: &Packed,
        parts: &mut [u32],
        bound: i64,
    ) -> Option<i64> {
        // `parts` is a whole number of 8-slot blocks, so this is a few vector stores, not a call to memset.
        for block in parts.chunks_exact_mut(8) {
            block.copy_from_slice(&[0; 8]);
        }
        match strategy {
            Strategy::Knuth => {
                self.grow::<LANES>(guess, parts, bound, |largest, n| largest.max(n + 1))
            }
            // (n + 1)^2 - n^2 = 2n + 1
            Strategy::ExpectedSize => {
                self.grow::<LANES>(guess, parts, bound, |squares, n| squares + 2 * n + 1)
            }
            Strategy::Entropy => self.grow::<LANES>(guess, parts, bound, |sum, n| {
                sum + self.n_log_n[n as usize + 1] - self.n_log_n[n as usize]
            }),
            Strategy::MostParts => {
                let mut classes = 0i64;
                for (left, s) in (0..self.secrets.len() as i64).rev().zip(self.secrets) {
                    let n = &mut parts[guess.class_in::<LANES>(s, self.pegs)];
                    classes += i64::from(*n == 0);
                    *n += 1;
                    if -(classes + left) > bound {
                        return None;
                    }
                }
                Some(-classes)
            }
            Strategy::FirstConsistent
            | Strategy::RandomConsistent
            | Strategy::LocalSearch
            | Strategy::Optimal => Some(0),
        }
    }
}

/// `n log2 n` in fixed point (units of 2^-24): equal splits get equal sums whatever order classes are added in.
fn n_log2_n(n: usize) -> i64 {
    if n == 0 {
        return 0;
    }
    let n = n as f64;
    (n * n.log2() * 16_777_216.0).round() as i64
}

/// Colour symmetries that fix the consistent codes as a set, for cutting candidate guesses exactly.
///
/// Two groups of colours are interchangeable: colours no past guess used (permuting them maps every consistent
/// code to a consistent code, since no past score mentions them), and colours no consistent code holds
/// (permuting them fixes every consistent code). Permuting within a group changes neither a guess's split of
/// the consistent codes nor whether it is consistent, so among guesses that differ by such a permutation only
/// the lowest needs scoring: the one whose colours of each group first appear in increasing order, from the
/// group's lowest colour. Keeping exactly those keeps every strategy's result, tie-break included.
pub(crate) struct ColorSymmetry {
    groups: [u32; 2],
}

impl ColorSymmetry {
    /// The groups for a position where the consistent codes hold the colours `present` and `tried` colours
    /// were guessed (bit per colour).
    pub(crate) fn new(spec: &Spec, present: u32, tried: u32) -> ColorSymmetry {
        let all = (1u32 << spec.colors) - 1;
        let absent = all & !present;
        let untried = all & !tried & !absent;
        ColorSymmetry {
            groups: [absent, untried],
        }
    }

    /// Whether `pegs` is the lowest code of its class.
    pub(crate) fn is_lowest(&self, pegs: &[u8]) -> bool {
        let mut left = self.groups;
        for &c in pegs {
            let bit = 1u32 << c;
            for group in &mut left {
                if *group & bit != 0 {
                    // A colour of this group seen for the first time must be its lowest one not seen yet.
                    if *group & (bit - 1) != 0 {
                        return false;
                    }
                    *group &= !bit;
                }
            }
        }
        true
    }

    /// Whether every code is the lowest of its class (no colours are interchangeable).
    fn is_trivial(&self) -> bool {
        self.groups.iter().all(|g| g.count_ones() <= 1)
    }

    /// The indices of the lowest codes of their classes, in order, built directly (a depth-first walk that
    /// only places a colour of a group if it is the group's lowest one not placed yet), not by testing all.
    pub(crate) fn lowest_codes(&self, listed: &Listed) -> Vec<u32> {
        let spec = &listed.spec;
        let mut out = Vec::new();
        let mut pegs = Vec::with_capacity(usize::from(spec.pegs));
        self.extend(listed, self.groups, 0, &mut pegs, &mut out);
        out
    }

    fn extend(
        &self,
        listed: &Listed,
        left: [u32; 2],
        used: u32,
        pegs: &mut Vec<u8>,
        out: &mut Vec<u32>,
    ) {
        let spec = &listed.spec;
        if pegs.len() == usize::from(spec.pegs) {
            out.push(listed.rank(pegs));
            return;
        }
        for c in 0..spec.colors {
            let bit = 1u32 << c;
            if !spec.repeats && used & bit != 0 {
                continue;
            }
            if left.iter().any(|g| g & bit != 0 && g & (bit - 1) != 0) {
                continue;
            }
            pegs.push(c);
            self.extend(listed, left.map(|g| g & !bit), used | bit, pegs, out);
            pegs.pop();
        }
    }
}

/// The colours of `pegs`, one bit each.
pub(crate) fn color_mask(pegs: &[u8]) -> u32 {
    pegs.iter().fold(0, |m, &c| m | (1 << c))
}

/// One code per pattern of colour multiplicities (integer partitions of `pegs` into at most `colors` parts),
/// each written as its lexicographically lowest member, sorted. Without repeats there is one pattern.
pub(crate) fn first_move_patterns(spec: &Spec) -> Vec<Code> {
    if !spec.repeats {
        return vec![Code::from_valid((0..spec.pegs).collect())];
    }
    let mut out = Vec::new();
    let mut parts = Vec::new();
    partitions(spec.pegs, spec.pegs, spec.colors, &mut parts, &mut out);
    out.sort();
    out
}

fn partitions(left: u8, max_part: u8, colors: u8, parts: &mut Vec<u8>, out: &mut Vec<Code>) {
    if left == 0 {
        let pegs = parts
            .iter()
            .enumerate()
            .flat_map(|(color, &n)| std::iter::repeat_n(color as u8, usize::from(n)));
        out.push(Code::from_valid(pegs.collect()));
        return;
    }
    if parts.len() == usize::from(colors) {
        return;
    }
    for part in (1..=max_part.min(left)).rev() {
        parts.push(part);
        partitions(left - part, part, colors, parts, out);
        parts.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    #[test]
    fn names_round_trip() {
        for s in Strategy::ALL {
            assert_eq!(s.name().parse::<Strategy>(), Ok(s));
        }
        assert!(
            "nonsense"
                .parse::<Strategy>()
                .unwrap_err()
                .contains("knuth")
        );
    }

    #[test]
    fn knuth_opens_with_two_pairs() {
        let mut rng = StdRng::seed_from_u64(0);
        let c = choose(
            Strategy::Knuth,
            &Spec::CLASSIC,
            &[],
            &Budget::UNLIMITED,
            &NoObserver,
            &mut rng,
        )
        .unwrap();
        assert_eq!(c.guess.to_string(), "0,0,1,1");
        assert_eq!(c.remaining, Count::Exact(1296));
    }

    #[test]
    fn lowest_codes_are_exactly_the_codes_that_test_lowest() {
        for spec in [Spec::CLASSIC, Spec::new(3, 7, false).unwrap()] {
            let listed = Listed::new(&spec).unwrap();
            for (present, tried) in [
                (0b111111, 0),
                (0b001111, 0b000011),
                (0b110101, 0b011100),
                (0b1111111, 0b1),
            ] {
                let symmetry = ColorSymmetry::new(&spec, present & ((1 << spec.colors) - 1), tried);
                let tested: Vec<u32> = (0..listed.len() as u32)
                    .filter(|&i| symmetry.is_lowest(listed.code(i).pegs()))
                    .collect();
                assert_eq!(
                    symmetry.lowest_codes(&listed),
                    tested,
                    "{spec} {present:b} {tried:b}"
                );
            }
        }
    }

    #[test]
    fn patterns_for_four_pegs() {
        let p: Vec<String> = first_move_patterns(&Spec::CLASSIC)
            .iter()
            .map(|c| c.to_string())
            .collect();
        assert_eq!(p, ["0,0,0,0", "0,0,0,1", "0,0,1,1", "0,0,1,2", "0,1,2,3"]);
    }

    /// A clock that moves `step` ms each time it is read (from any thread), and may cancel after `reads`.
    struct FakeClock {
        step: f64,
        reads: std::sync::atomic::AtomicU64,
        cancel_after: u64,
    }

    impl FakeClock {
        fn new(step: f64, cancel_after: u64) -> Self {
            FakeClock {
                step,
                reads: 0.into(),
                cancel_after,
            }
        }
    }

    impl Observer for FakeClock {
        fn report(&self, _: crate::search::Progress) -> crate::search::Flow {
            crate::search::Flow::Continue
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

    #[test]
    fn a_local_search_guess_stops_at_its_time_budget_and_says_so() {
        let spec = Spec::new(60, 20, true).unwrap();
        let mut rng = StdRng::seed_from_u64(4);
        let secret = Code::random(&spec, &mut rng);
        let budget = Budget::INTERACTIVE.with_guess_ms(10);
        let mut history: Vec<Row> = Vec::new();
        let mut cut = 0;
        // Each reading of this clock is 4 ms later: a guess gets three polls (about 3000 proposals), not its
        // 120,000. The guesses still come, each says when its time ran out, and the game still goes on.
        for _ in 0..8 {
            let clock = FakeClock::new(4.0, u64::MAX);
            let c = choose(
                Strategy::LocalSearch,
                &spec,
                &history,
                &budget,
                &clock,
                &mut rng,
            )
            .unwrap();
            let note = c.note.unwrap_or_default();
            if note.contains("time budget of 10 ms ran out") {
                cut += 1;
                assert!(
                    clock.reads.load(std::sync::atomic::Ordering::Relaxed) <= 5,
                    "{note}"
                );
            }
            let feedback = crate::score(&c.guess, &secret, spec.colors);
            history.push(Row {
                guess: c.guess,
                feedback,
            });
        }
        assert!(cut > 0, "no guess ran out of time");
        // Without a clock there is no time limit: the same position searches its full budget.
        let c = choose(
            Strategy::LocalSearch,
            &spec,
            &history,
            &budget,
            &NoObserver,
            &mut rng,
        )
        .unwrap();
        assert!(!c.note.unwrap_or_default().contains("time budget"));
    }

    #[test]
    fn a_cancel_stops_a_local_search_guess() {
        let spec = Spec::new(60, 20, true).unwrap();
        let mut rng = StdRng::seed_from_u64(5);
        let secret = Code::random(&spec, &mut rng);
        let first = Code::random(&spec, &mut rng);
        let history = vec![Row {
            feedback: crate::score(&first, &secret, spec.colors),
            guess: first,
        }];
        // Cancelled before it starts: the search stops at its first poll and the guess is not played.
        let clock = FakeClock::new(0.0, 0);
        let r = choose(
            Strategy::LocalSearch,
            &spec,
            &history,
            &Budget::INTERACTIVE,
            &clock,
            &mut rng,
        );
        assert!(
            matches!(r, Err(StrategyError::Stopped(Stopped::Cancelled))),
            "{:?}",
            r.map(|c| c.note)
        );
    }

    #[test]
    fn random_consistent_switches_to_local_search_on_huge_games_and_says_why() {
        let spec = Spec::new(20, 15, true).unwrap();
        let mut rng = StdRng::seed_from_u64(0);
        let secret = Code::random(&spec, &mut rng);
        let mut history = Vec::new();
        for _ in 0..3 {
            let c = choose(
                Strategy::RandomConsistent,
                &spec,
                &history,
                &Budget::INTERACTIVE,
                &NoObserver,
                &mut rng,
            )
            .unwrap();
            assert_eq!(c.played_by, Strategy::LocalSearch);
            assert!(
                c.note.as_deref().unwrap_or("").contains("exact search"),
                "{:?}",
                c.note
            );
            let feedback = crate::score(&c.guess, &secret, spec.colors);
            history.push(Row {
                guess: c.guess,
                feedback,
            });
        }
        // 4x6 is searched exactly.
        let c = choose(
            Strategy::RandomConsistent,
            &Spec::CLASSIC,
            &[],
            &Budget::INTERACTIVE,
            &NoObserver,
            &mut rng,
        )
        .unwrap();
        assert_eq!((c.played_by, c.note), (Strategy::RandomConsistent, None));
    }

    #[test]
    fn optimal_falls_back_with_a_reason_when_its_search_runs_out_of_budget() {
        let spec = Spec::new(4, 5, true).unwrap();
        let mut rng = StdRng::seed_from_u64(0);
        let small = Budget {
            nodes: 100_000,
            ..Budget::INTERACTIVE
        };
        let c = choose(Strategy::Optimal, &spec, &[], &small, &NoObserver, &mut rng).unwrap();
        assert_eq!(c.played_by, Strategy::ExpectedSize);
        assert!(c.note.unwrap().contains("optimal search"));
        // With the book, the classic game's first guess is instant: 1123 (0,0,1,2).
        let c = choose(
            Strategy::Optimal,
            &Spec::CLASSIC,
            &[],
            &small,
            &NoObserver,
            &mut rng,
        )
        .unwrap();
        assert_eq!(
            (c.played_by, c.guess.to_string()),
            (Strategy::Optimal, "0,0,1,2".to_string())
        );
    }

    #[test]
    fn knuth_falls_back_with_a_reason_on_big_games() {
        let spec = Spec::new(10, 10, true).unwrap();
        let mut rng = StdRng::seed_from_u64(0);
        let c = choose(
            Strategy::Knuth,
            &spec,
            &[],
            &Budget::INTERACTIVE,
            &NoObserver,
            &mut rng,
        )
        .unwrap();
        assert_eq!(c.played_by, Strategy::RandomConsistent);
        assert!(c.note.unwrap().contains("knuth"));
    }
}
