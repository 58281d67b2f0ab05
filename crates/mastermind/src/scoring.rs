//! Scoring candidate guesses for the partition strategies (knuth, most-parts, entropy, expected-size) and
//! picking among listed codes: each candidate's split of the consistent codes, scored in parallel chunks with a
//! shared bound that drops candidates early, and Knuth's tie-break.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicI64, AtomicUsize, Ordering};

use rand::{Rng, RngExt};
use rayon::prelude::*;

use crate::Feedback;
use crate::atoms::Atoms;
use crate::bits::fast;
use crate::candidates::{Built, Candidates};
use crate::listed::Listed;
use crate::optimal::Optimal;
use crate::search::{Budget, Stopped};
use crate::strategy::{Strategy, StrategyError};
use crate::within::Within;
use progress::{Flow, Label, Observer, Progress, Unit};

mod arranged;
mod floors;
mod split;

use arranged::ByMultiset;
use floors::{best_possible, multiset_floors};
use split::{Split, n_log_n_table};

/// Chooses among listed codes: `consistent` are the indices of the codes that fit the history (sorted),
/// `past` the guesses so far, in order. Returns the index of the guess. Only `optimal`
/// can run out of `budget` (feedbacks computed); the others do a bounded amount of work.
pub(crate) fn pick(
    strategy: Strategy,
    listed: &Listed,
    consistent: &[u32],
    past: &[&[u8]],
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
            .best(consistent, past)?
            .1),
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

/// Positions of at most this many secrets give Knuth's walk their [`Atoms`] (16 bytes a secret and peg at most):
/// 6x9 knuth 1.1-1.4x faster, 7x7 1.4x (BENCHMARKS.md); the first positions of a tree, larger, are few.
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
    /// to the lowest.
    fn best(&self, observer: &dyn Observer) -> Result<u32, StrategyError> {
        let listed = self.listed;
        let secrets = listed.secrets(self.consistent);
        let n_log_n = n_log_n_table(self.strategy, secrets.len());

        let split = Split {
            secrets: &secrets,
            n_log_n: &n_log_n,
        };
        let floor = best_possible(
            self.strategy,
            secrets.len(),
            listed.spec.feedback_count(),
            &n_log_n,
        );
        let slots = Feedback::index_count(listed.spec.pegs).next_multiple_of(8);
        let first = &self.candidates.first;
        // The units of work, in the order ties are broken in: chunks of the consistent candidates, then the
        // slices of the others (built by the thread that scores them).
        let firsts = first.len().div_ceil(CANDIDATES_PER_CHUNK);
        let units = firsts + self.candidates.slices();
        if observer.report(Progress::Begin {
            units,
            unit: CHUNKS,
        }) == Flow::Stop
        {
            return Err(StrategyError::Stopped(Stopped::Cancelled));
        }
        // The best complete score so far, shared by all threads, as `2 * score + inconsistent`: a candidate whose
        // partial score already puts it above it is dropped (every score here only grows as secrets are added),
        // and so is an inconsistent one that can at best tie a consistent one (ties go to consistent guesses).
        // Both keep the result exact.
        let bound = AtomicI64::new(i64::MAX);
        // The highest score that can still win, for a consistent candidate (`late` 0) or an inconsistent one (1).
        let limit_for = |late: i64| (bound.load(Ordering::Relaxed) - late).div_euclid(2);
        // The first unit where a candidate reached the best score possible: no candidate in a later unit can
        // win, so those units are skipped, on the parallel path as on the sequential one.
        let floor_at = AtomicUsize::new(usize::MAX);
        let small = (first.len() + self.candidates.rest_bound()) * secrets.len() < PARALLEL_FROM;
        // Once the consistent candidates have not settled the choice, unless the position is small, the least
        // score any arrangement of each colour multiset can reach: a candidate whose multiset cannot reach its
        // limit is dropped unscored (and not even built).
        let floors: OnceLock<Floors> = OnceLock::new();
        // Scores one unit. `mine` is the lowest (score, inconsistent, index) this thread has seen, in this unit
        // or an earlier one: a candidate that can at best tie it and comes after it in the tie-break is dropped
        // too.
        let score_unit = |(parts, built, mine): &mut (Vec<u32>, Vec<Built>, Best), unit: usize| {
            if unit > floor_at.load(Ordering::Relaxed) {
                return Ok(*mine);
            }
            let started = Progress::Started {
                index: unit,
                thread: rayon::current_thread_index(),
            };
            if !observer.keep_going() || observer.report(started) == Flow::Stop {
                return Err(Stopped::Cancelled);
            }
            let late = i64::from(unit >= firsts);
            // The highest score candidate `i` can still win with (`mine` as it stands).
            let limit_of = |i: u32, mine: &Best| {
                let own = if (late == 1, i) > (mine.1, mine.2) {
                    mine.0.saturating_sub(1)
                } else {
                    mine.0
                };
                limit_for(late).min(own)
            };
            // Records candidate `i`'s score; whether to go on (it did not reach the floor).
            let record = |i: u32, score: i64, mine: &mut Best| {
                // A plain read first: most scores only tie the bound, and a read-modify-write takes the cache
                // line from every thread scoring this node even when it changes nothing.
                let ranked = 2 * score + late;
                if ranked < bound.load(Ordering::Relaxed) {
                    bound.fetch_min(ranked, Ordering::Relaxed);
                }
                *mine = (*mine).min((score, late == 1, i));
                if score == floor {
                    floor_at.fetch_min(unit, Ordering::Relaxed);
                }
                score != floor
            };
            // Codes whose colours cannot reach the bound as it stands are not even built (they are all
            // inconsistent: only a lower score than a consistent candidate's wins).
            // Where this thread's best so far comes before every candidate of the unit in the tie-break (it is
            // consistent, or from an earlier slice), they must beat it, not tie it.
            let within = |mine: &Best| {
                let after = mine.2 != u32::MAX
                    && (!mine.1 || self.candidates.before_slice(mine.2, unit - firsts));
                let own = if after {
                    mine.0.saturating_sub(1)
                } else {
                    mine.0
                };
                let limit = limit_for(1).min(own);
                floors.get().map(|f| Within {
                    least: &f.within,
                    limit,
                    atoms: f.atoms.as_ref(),
                })
            };
            // The loop over the unit's candidates, compiled for the CPU's vector features.
            if unit < firsts {
                let from = unit * CANDIDATES_PER_CHUNK;
                let chunk = &first[from..first.len().min(from + CANDIDATES_PER_CHUNK)];
                built.clear();
                built.extend(chunk.iter().map(|&i| Built {
                    index: i,
                    multiset: listed.multiset[i as usize],
                }));
            } else {
                self.candidates
                    .slice_within(unit - firsts, within(mine), built);
            }
            let guesses = built.as_slice();
            // Set before any unit of the inconsistent candidates starts, and only then.
            let floors = floors.get();
            fast(
                #[inline(always)]
                || {
                    for (k, candidate) in guesses.iter().enumerate() {
                        if k % 16 == 15 && unit > floor_at.load(Ordering::Relaxed) {
                            break; // an earlier unit reached the floor meanwhile
                        }
                        let i = candidate.index;
                        let limit = limit_of(i, mine);
                        let multiset = candidate.multiset;
                        if floors.is_some_and(|f| f.codes[multiset as usize] > limit) {
                            continue; // no arrangement of these colours can reach the limit
                        }
                        // Against the secrets laid out for this multiset's arrangements where they are, in
                        // columns compared a peg at a time; else as they are.
                        let score = match floors.and_then(|f| f.arranged.get(multiset)) {
                            Some(arranged) => arranged.score(
                                self.strategy,
                                listed.pegs(i),
                                parts,
                                limit,
                                &n_log_n,
                            ),
                            None => split.score(self.strategy, &listed.bits(i), parts, limit),
                        };
                        let Some(score) = score else {
                            continue; // certainly worse than a candidate already scored
                        };
                        if !record(i, score, mine) {
                            break;
                        }
                    }
                },
            );
            let progress = Progress::Finished {
                index: unit,
                thread: rayon::current_thread_index(),
                found: 0,
                work: (guesses.len() * secrets.len()) as u64,
            };
            match observer.report(progress) {
                Flow::Continue => Ok(*mine),
                Flow::Stop => Err(Stopped::Cancelled),
            }
        };
        let fresh = || (vec![0u32; slots], Vec::new(), NONE);
        let run = |range: std::ops::Range<usize>| -> Result<Best, Stopped> {
            if small {
                let mut state = fresh();
                range
                    .map(|unit| score_unit(&mut state, unit))
                    .try_fold(NONE, |a, b| b.map(|b| a.min(b)))
            } else {
                // Units finish out of order: one reaching the floor stops only the units after it
                // (`floor_at`); the shared bound drops the others' candidates after a few secrets.
                range
                    .into_par_iter()
                    .map_init(fresh, score_unit)
                    .try_reduce(|| NONE, |a, b| Ok(a.min(b)))
            }
        };
        // The consistent candidates first: when one reaches the floor, the others are never built.
        let mut best = run(0..firsts)?;
        if floor_at.load(Ordering::Relaxed) == usize::MAX {
            // Only the multisets a candidate can hold are scored (see `multiset_floors`), which costs less than it
            // saves wherever it was measured (BENCHMARKS.md); the cost, not the result, depends on this choice.
            if !small {
                let limit = limit_for(1);
                let codes = multiset_floors(
                    self.strategy,
                    listed,
                    self.candidates,
                    self.consistent,
                    &n_log_n,
                    limit,
                );
                let within = listed.multisets.least_within(&codes);
                let arranged = ByMultiset::new(
                    &secrets,
                    self.consistent,
                    listed,
                    &codes,
                    limit,
                    (self.strategy, &n_log_n),
                );
                let atoms = (self.strategy == Strategy::Knuth && secrets.len() <= ATOMS_MOST)
                    .then(|| Atoms::new(listed, self.consistent));
                let _ = floors.set(Floors {
                    codes,
                    within,
                    arranged,
                    atoms,
                });
            }
            best = best.min(run(firsts..units)?);
        }
        match best {
            (_, _, i) if i != u32::MAX => Ok(i),
            _ => Err(StrategyError::Contradiction),
        }
    }
}

/// What every arrangement of a colour multiset can score at best, where a position is not small: per code
/// multiset ([`multiset_floors`]), and the least over the code multisets holding each multiset of first pegs
/// ([`crate::multisets::Multisets::least_within`]), which stops the walk building candidates early.
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
