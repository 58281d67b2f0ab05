//! Scoring candidate guesses for the partition strategies (knuth, most-parts, entropy, expected-size) and
//! picking among listed codes: each candidate's split of the consistent codes, scored in parallel chunks with a
//! shared bound that drops candidates early, and Knuth's tie-break.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicI64, AtomicUsize, Ordering};

use rayon::prelude::*;

use crate::Feedback;
use crate::kernel::bits::{Secrets, fast};
use crate::listing::listed::Listed;
use crate::partition::atoms::Atoms;
use crate::partition::candidates::{Built, Candidates};
use crate::partition::within::Within;
use crate::search::Stopped;
use crate::strategy::{Strategy, StrategyError};
use progress::{Flow, Label, Observer, Progress, Unit};

mod arranged;
mod floors;
mod split;

use arranged::ByMultiset;
use floors::{best_possible, multiset_floors};
use split::{Split, n_log_n_table};

/// The guess a partition strategy (knuth, most-parts, entropy, expected-size) chooses among listed codes:
/// `consistent` are the indices of the codes that fit the history (sorted), `past` the guesses so far, in order.
/// Returns the index of the guess. The work is bounded: no budget applies.
pub(crate) fn best_guess(
    strategy: Strategy,
    listed: &Listed,
    consistent: &[u32],
    past: &[&[u8]],
    observer: &dyn Observer,
) -> Result<u32, StrategyError> {
    match consistent {
        [] => Err(StrategyError::Contradiction),
        [only] => Ok(*only),
        _ => {
            // One candidate per symmetry class (see `Candidates`). Consistent ones are scored first: they win
            // ties, so one that reaches the best score possible ends the search.
            let candidates = Candidates::new(listed, consistent, past);
            Scoring {
                strategy,
                listed,
                consistent,
                candidates: &candidates,
            }
            .best(observer)
        }
    }
}

/// Consistent candidates scored per progress report (the others come in slices by their first pegs): the scoring
/// loop reports like the search's prefix ranges, so its progress and the threads that ran it show, and
/// cancellation is seen between units.
const CANDIDATES_PER_CHUNK: usize = 64;

/// The unit in which scoring candidate guesses reports its progress: a chunk of [`CANDIDATES_PER_CHUNK`]
/// candidates.
pub const CHUNKS: Unit = Unit::new("chunk", "chunks of guesses", Label::Ordinal);

/// Below this many feedbacks a split is scored on the calling thread: handing it to the pool would cost more
/// than the work (most nodes of a strategy tree are small).
const PARALLEL_FROM: usize = 1 << 16;

/// Positions of at most this many secrets give Knuth's walk their [`Atoms`] (16 bytes a secret and peg at most): they
/// pay at 6x9 and 7x7 (BENCHMARKS.md's every-secret rows); the first positions of a tree, larger, are few.
const ATOMS_MOST: usize = 1 << 16;

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
    /// to the lowest. In two rounds: the consistent candidates, whose units come first; then, unless one of them
    /// reached the best score possible, the others, with the floors that skip whole colour multisets.
    fn best(&self, observer: &dyn Observer) -> Result<u32, StrategyError> {
        let secrets = self.listed.secrets(self.consistent);
        let n_log_n = n_log_n_table(self.strategy, secrets.len());
        let units = Units::begin(self, &secrets, &n_log_n, observer)?;
        let mut best = units.run(0..units.firsts)?;
        if !units.floor_reached() {
            units.set_floors();
            best = best.min(units.run(units.firsts..units.count)?);
        }
        match best {
            (_, _, i) if i != u32::MAX => Ok(i),
            _ => Err(StrategyError::Contradiction),
        }
    }
}

/// One choice's candidates cut into units of work, in the order ties are broken in: chunks of the consistent
/// candidates, then the slices of the others (built by the thread that scores them). Units run on the pool and
/// share a bound that drops candidates early.
struct Units<'s, 'a> {
    scoring: &'s Scoring<'a>,
    secrets: &'s Secrets,
    n_log_n: &'s [i64],
    observer: &'s dyn Observer,
    /// The best score possible: a candidate that reaches it wins its unit and every later one.
    floor: i64,
    /// Units of consistent candidates.
    firsts: usize,
    /// Units in all.
    count: usize,
    /// Whether the position is small enough to score on the calling thread.
    small: bool,
    /// The best complete score so far, shared by all threads, as `2 * score + inconsistent`: a candidate whose
    /// partial score already puts it above it is dropped (every score here only grows as secrets are added),
    /// and so is an inconsistent one that can at best tie a consistent one (ties go to consistent guesses).
    /// Both keep the result exact.
    bound: AtomicI64,
    /// The first unit where a candidate reached [`Units::floor`]: no candidate in a later unit can win, so those
    /// units are skipped, on the parallel path as on the sequential one.
    floor_at: AtomicUsize,
    /// Once the consistent candidates have not settled the choice, unless the position is small, the least score
    /// any arrangement of each colour multiset can reach: a candidate whose multiset cannot reach its limit is
    /// dropped unscored (and not even built).
    floors: OnceLock<Floors<'s>>,
}

/// What one thread keeps from unit to unit: class counts, the unit's candidates, and `mine`, the lowest (score,
/// inconsistent, index) it has seen, in this unit or an earlier one: a candidate that can at best tie it and comes
/// after it in the tie-break is dropped too.
struct Worker {
    parts: Vec<u32>,
    built: Vec<Built>,
    mine: Best,
}

impl<'s, 'a> Units<'s, 'a> {
    /// The units of `scoring`'s choice against `secrets`, announced to `observer`.
    fn begin(
        scoring: &'s Scoring<'a>,
        secrets: &'s Secrets,
        n_log_n: &'s [i64],
        observer: &'s dyn Observer,
    ) -> Result<Self, StrategyError> {
        let spec = &scoring.listed.spec;
        let floor = best_possible(
            scoring.strategy,
            secrets.len(),
            spec.feedback_count(),
            n_log_n,
        );
        let first = scoring.candidates.first.len();
        let firsts = first.div_ceil(CANDIDATES_PER_CHUNK);
        let count = firsts + scoring.candidates.slices();
        let begin = Progress::Begin {
            units: count,
            unit: CHUNKS,
        };
        if observer.report(begin) == Flow::Stop {
            return Err(StrategyError::Stopped(Stopped::Cancelled));
        }
        Ok(Units {
            scoring,
            secrets,
            n_log_n,
            observer,
            floor,
            firsts,
            count,
            small: (first + scoring.candidates.rest_bound()) * secrets.len() < PARALLEL_FROM,
            bound: AtomicI64::new(i64::MAX),
            floor_at: AtomicUsize::new(usize::MAX),
            floors: OnceLock::new(),
        })
    }

    /// Whether a candidate reached the best score possible.
    fn floor_reached(&self) -> bool {
        self.floor_at.load(Ordering::Relaxed) != usize::MAX
    }

    /// The best of `range`'s units: on the calling thread where the position is small, else on the pool, where
    /// units finish out of order: one reaching the floor stops only the units after it (`floor_at`), and the
    /// shared bound drops the others' candidates after a few secrets.
    fn run(&self, range: std::ops::Range<usize>) -> Result<Best, Stopped> {
        let slots = Feedback::index_count(self.scoring.listed.spec.pegs).next_multiple_of(8);
        let fresh = || Worker {
            parts: vec![0u32; slots],
            built: Vec::new(),
            mine: NONE,
        };
        if self.small {
            let mut worker = fresh();
            range
                .map(|unit| self.score_unit(&mut worker, unit))
                .try_fold(NONE, |a, b| b.map(|b| a.min(b)))
        } else {
            range
                .into_par_iter()
                .map_init(fresh, |worker, unit| self.score_unit(worker, unit))
                .try_reduce(|| NONE, |a, b| Ok(a.min(b)))
        }
    }

    /// One unit: its candidates gathered, scored and reported. Returns the thread's best so far.
    fn score_unit(&self, worker: &mut Worker, unit: usize) -> Result<Best, Stopped> {
        if unit > self.floor_at.load(Ordering::Relaxed) {
            return Ok(worker.mine);
        }
        let thread = rayon::current_thread_index();
        let observer = self.observer;
        if !observer.keep_going()
            || observer.report(Progress::Started {
                index: unit,
                thread,
            }) == Flow::Stop
        {
            return Err(Stopped::Cancelled);
        }
        self.gather(unit, worker);
        let Worker { parts, built, mine } = worker;
        self.score_candidates(unit, built, parts, mine);
        let finished = Progress::Finished {
            index: unit,
            thread,
            found: 0,
            work: (built.len() * self.secrets.len()) as u64,
        };
        match observer.report(finished) {
            Flow::Continue => Ok(*mine),
            Flow::Stop => Err(Stopped::Cancelled),
        }
    }

    /// The candidates of `unit` into the worker's `built`: a chunk of the consistent ones as listed, or a slice of
    /// the others built by the walk, which does not build codes whose colours cannot reach the bound as it stands
    /// (they are all inconsistent: only a lower score than a consistent candidate's wins).
    fn gather(&self, unit: usize, worker: &mut Worker) {
        let candidates = self.scoring.candidates;
        let built = &mut worker.built;
        if unit < self.firsts {
            let first = &candidates.first;
            let from = unit * CANDIDATES_PER_CHUNK;
            let chunk = &first[from..first.len().min(from + CANDIDATES_PER_CHUNK)];
            let listed = self.scoring.listed;
            built.clear();
            built.extend(chunk.iter().map(|&i| Built {
                index: i,
                multiset: listed.multiset[i as usize],
            }));
            return;
        }
        let slice = unit - self.firsts;
        // Where this thread's best so far comes before every candidate of the slice in the tie-break (it is
        // consistent, or from an earlier slice), they must beat it, not tie it.
        let mine = &worker.mine;
        let after = mine.2 != u32::MAX && (!mine.1 || candidates.before_slice(mine.2, slice));
        let limit = self.limit_for(1).min(if after {
            mine.0.saturating_sub(1)
        } else {
            mine.0
        });
        let within = self.floors.get().map(|f| Within {
            least: &f.within,
            limit,
            atoms: f.atoms.as_ref(),
        });
        candidates.slice_within(slice, within, built);
    }

    /// Scores `guesses`, the candidates of `unit`, in a loop compiled for the CPU's vector features: each against
    /// the secrets laid out for its colour multiset's arrangements where they are (in columns compared a peg at a
    /// time), else against the secrets as they are; a candidate that certainly cannot win is dropped.
    #[inline(always)]
    fn score_candidates(&self, unit: usize, guesses: &[Built], parts: &mut [u32], mine: &mut Best) {
        let (strategy, listed) = (self.scoring.strategy, self.scoring.listed);
        let split = Split {
            secrets: self.secrets,
            n_log_n: self.n_log_n,
        };
        let late = i64::from(unit >= self.firsts);
        // Set before any unit of the inconsistent candidates starts, and only then.
        let floors = self.floors.get();
        fast(
            #[inline(always)]
            || {
                for (k, candidate) in guesses.iter().enumerate() {
                    if k % 16 == 15 && unit > self.floor_at.load(Ordering::Relaxed) {
                        break; // an earlier unit reached the floor meanwhile
                    }
                    let i = candidate.index;
                    let limit = self.limit_of(i, late, mine);
                    let multiset = candidate.multiset;
                    if floors.is_some_and(|f| f.codes[multiset as usize] > limit) {
                        continue; // no arrangement of these colours can reach the limit
                    }
                    let score = match floors.and_then(|f| f.arranged.get(multiset)) {
                        Some(arranged) => {
                            arranged.score(strategy, listed.pegs(i), parts, limit, self.n_log_n)
                        }
                        None => split.score(strategy, &listed.bits(i), parts, limit),
                    };
                    let Some(score) = score else {
                        continue; // certainly worse than a candidate already scored
                    };
                    if !self.record(unit, late, (i, score), mine) {
                        break;
                    }
                }
            },
        );
    }

    /// The highest score that can still win, for a consistent candidate (`late` 0) or an inconsistent one (1).
    #[inline(always)]
    fn limit_for(&self, late: i64) -> i64 {
        (self.bound.load(Ordering::Relaxed) - late).div_euclid(2)
    }

    /// The highest score candidate `i` (of a unit of consistent candidates where `late` is 0) can still win with,
    /// `mine` as it stands.
    #[inline(always)]
    fn limit_of(&self, i: u32, late: i64, mine: &Best) -> i64 {
        let own = if (late == 1, i) > (mine.1, mine.2) {
            mine.0.saturating_sub(1)
        } else {
            mine.0
        };
        self.limit_for(late).min(own)
    }

    /// Records candidate `i`'s `score`, found in `unit`; whether to go on (it did not reach the floor).
    #[inline(always)]
    fn record(&self, unit: usize, late: i64, (i, score): (u32, i64), mine: &mut Best) -> bool {
        // A plain read first: most scores only tie the bound, and a read-modify-write takes the cache line from
        // every thread scoring this node even when it changes nothing.
        let ranked = 2 * score + late;
        if ranked < self.bound.load(Ordering::Relaxed) {
            self.bound.fetch_min(ranked, Ordering::Relaxed);
        }
        *mine = (*mine).min((score, late == 1, i));
        if score == self.floor {
            self.floor_at.fetch_min(unit, Ordering::Relaxed);
        }
        score != self.floor
    }

    /// The floors the inconsistent candidates are cut with, where the position is not small. Only the multisets a
    /// candidate can hold are scored (see `multiset_floors`), which costs less than it saves wherever it was
    /// measured; the cost, not the result, depends on this choice.
    fn set_floors(&self) {
        if self.small {
            return;
        }
        let Scoring {
            strategy,
            listed,
            consistent,
            candidates,
        } = *self.scoring;
        let limit = self.limit_for(1);
        let codes = multiset_floors(
            strategy,
            listed,
            candidates,
            consistent,
            self.n_log_n,
            limit,
        );
        let within = listed.multisets.least_within(&codes);
        let arranged = ByMultiset::new(
            self.secrets,
            consistent,
            listed,
            &codes,
            limit,
            (strategy, self.n_log_n),
        );
        let atoms = (strategy == Strategy::Knuth && self.secrets.len() <= ATOMS_MOST)
            .then(|| Atoms::new(listed, consistent));
        let _ = self.floors.set(Floors {
            codes,
            within,
            arranged,
            atoms,
        });
    }
}

/// What every arrangement of a colour multiset can score at best, where a position is not small: per code
/// multiset ([`multiset_floors`]), and the least over the code multisets holding each multiset of first pegs
/// ([`crate::listing::multisets::Multisets::least_within`]), which stops the walk building candidates early.
struct Floors<'a> {
    codes: Vec<i64>,
    within: Vec<i64>,
    /// The secrets laid out for the arrangements of the multisets that can still win ([`ByMultiset`]).
    arranged: ByMultiset<'a>,
    /// For Knuth, the secrets only blacks tell apart, which stop the walk early ([`Atoms`]).
    atoms: Option<Atoms>,
}

/// A candidate's rank, lowest best: (score, inconsistent, index).
type Best = (i64, bool, u32);

/// No candidate yet.
const NONE: Best = (i64::MAX, true, u32::MAX);

#[cfg(test)]
mod tests;
