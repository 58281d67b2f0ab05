//! Scoring candidate guesses for the partition strategies (knuth, most-parts, entropy, expected-size) and
//! picking among listed codes: each candidate's split of the consistent codes, scored in parallel chunks with a
//! shared bound that drops candidates early, and Knuth's tie-break.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicI64, AtomicUsize, Ordering};

use rand::{Rng, RngExt};
use rayon::prelude::*;

use crate::Feedback;
use crate::bits::{Bits, Secrets, fast};
use crate::candidates::Candidates;
use crate::listed::Listed;
use crate::multisets::Within;
use crate::optimal::Optimal;
use crate::search::{Budget, Stopped};
use crate::strategy::{Strategy, StrategyError};
use progress::{Flow, Label, Observer, Progress, Unit};

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
        let n_log_n_growth = n_log_n_growth(self.strategy, secrets.len());

        let split = Split {
            secrets: &secrets,
            n_log_n_growth: &n_log_n_growth,
        };
        let floor = best_possible(self.strategy, secrets.len(), listed.spec.feedback_count());
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
        let score_unit = |(parts, mine): &mut (Vec<u32>, Best), unit: usize| {
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
            let built;
            let (guesses, consistent) = if unit < firsts {
                let from = unit * CANDIDATES_PER_CHUNK;
                (
                    &first[from..first.len().min(from + CANDIDATES_PER_CHUNK)],
                    true,
                )
            } else {
                // Codes whose colours cannot reach the bound as it stands are not even built (they are all
                // inconsistent: only a lower score than a consistent candidate's wins).
                let limit = limit_for(1);
                let within = floors.get().map(|f| Within {
                    least: &f.within,
                    limit,
                });
                built = self.candidates.slice_within(unit - firsts, within);
                (built.as_slice(), false)
            };
            let late = i64::from(!consistent);
            // The loop over the unit's candidates, compiled for the CPU's vector features.
            fast(
                #[inline(always)]
                || {
                    for (k, &i) in guesses.iter().enumerate() {
                        if k % 16 == 15 && unit > floor_at.load(Ordering::Relaxed) {
                            break; // an earlier unit reached the floor meanwhile
                        }
                        let shared = limit_for(late);
                        let own = if (!consistent, i) > (mine.1, mine.2) {
                            mine.0.saturating_sub(1)
                        } else {
                            mine.0
                        };
                        let limit = shared.min(own);
                        let multiset = listed.multiset[i as usize] as usize;
                        if floors.get().is_some_and(|f| f.codes[multiset] > limit) {
                            continue; // no arrangement of these colours can reach the limit
                        }
                        let guess = &listed.bits[i as usize];
                        let Some(score) = split.score(self.strategy, guess, parts, limit) else {
                            continue; // certainly worse than a candidate already scored
                        };
                        // A plain read first: most scores only tie the bound, and a read-modify-write takes
                        // the cache line from every thread scoring this node even when it changes nothing.
                        let ranked = 2 * score + late;
                        if ranked < bound.load(Ordering::Relaxed) {
                            bound.fetch_min(ranked, Ordering::Relaxed);
                        }
                        *mine = (*mine).min((score, !consistent, i));
                        if score == floor {
                            floor_at.fetch_min(unit, Ordering::Relaxed);
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
        let fresh = || (vec![0u32; slots], NONE);
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
                let codes =
                    multiset_floors(self.strategy, listed, self.candidates, &secrets, limit);
                let within = listed.multisets.least_within(&codes);
                let _ = floors.set(Floors { codes, within });
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
struct Floors {
    codes: Vec<i64>,
    within: Vec<i64>,
}

/// A candidate's rank, lowest best: (score, inconsistent, index).
type Best = (i64, bool, u32);

/// No candidate yet.
const NONE: Best = (i64::MAX, true, u32::MAX);

/// Scores a candidate's split of the consistent codes for a partition strategy, lower is better, as an
/// integer so that equal splits tie exactly: the largest class (knuth), minus the number of classes
/// (most-parts), the sum of squared class sizes (expected-size), the sum of `n log2 n` over classes (entropy:
/// log2 N minus that sum over N is the entropy in bits). Each can only grow as secrets are added (most-parts:
/// can gain at most one class per secret left), so scoring stops as soon as the score must exceed a bound.
struct Split<'a> {
    secrets: &'a Secrets,
    /// For entropy: how much `n log2 n` grows from a class of `n` to one of `n + 1` (exact: the sum of these
    /// steps is the sum of the table's values).
    n_log_n_growth: &'a [i64],
}

impl Split<'_> {
    /// Adds the secrets, a block at a time, to their classes, growing the score with `step(score, class size
    /// before)`, and gives up once `beyond(score, secrets left)` says it must exceed the bound: checked between
    /// blocks, which keeps the result exact (a score only grows) and the inner loops short.
    #[inline(always)]
    fn grow(
        &self,
        guess: &Bits,
        parts: &mut [u32],
        step: impl Fn(i64, i64) -> i64,
        beyond: impl Fn(i64, usize) -> bool,
    ) -> Option<i64> {
        // `parts` is a whole number of 8-slot blocks, so this is a few vector stores, not a call to memset.
        for block in parts.chunks_exact_mut(8) {
            block.copy_from_slice(&[0; 8]);
        }
        let mut score = 0i64;
        let whole = self.secrets.each_block(guess, |classes, left| {
            for &c in classes {
                let size = &mut parts[usize::from(c)];
                score = step(score, i64::from(*size));
                *size += 1;
            }
            !beyond(score, left)
        });
        whole.then_some(score)
    }

    /// The most-parts score (minus the number of classes) where classes fit a 64-bit set: no counts, only
    /// which classes occur, so the loop keeps everything in registers.
    #[inline(always)]
    fn classes_seen(&self, guess: &Bits, bound: i64) -> Option<i64> {
        let mut seen = 0u64;
        let whole = self.secrets.each_block(guess, |classes, left| {
            for &c in classes {
                seen |= 1 << c;
            }
            -i64::from(seen.count_ones()) - left as i64 <= bound
        });
        whole.then(|| -i64::from(seen.count_ones()))
    }

    /// The score of `guess`, or `None` once it is sure to exceed `bound`. `parts` is scratch space.
    #[inline(always)]
    fn score(
        &self,
        strategy: Strategy,
        guess: &Bits,
        parts: &mut [u32],
        bound: i64,
    ) -> Option<i64> {
        let above = |score: i64, _left: usize| score > bound;
        match strategy {
            Strategy::Knuth => self.grow(guess, parts, |largest, n| largest.max(n + 1), above),
            // (n + 1)^2 - n^2 = 2n + 1
            // Every secret left adds at least 1 (to a class of its own).
            Strategy::ExpectedSize => self.grow(
                guess,
                parts,
                |squares, n| squares + 2 * n + 1,
                |squares, left| squares + left as i64 > bound,
            ),
            Strategy::Entropy => self.grow(
                guess,
                parts,
                |sum, n| sum + self.n_log_n_growth[n as usize],
                above,
            ),
            // Minus the classes: at best, every secret left opens a class of its own.
            Strategy::MostParts if parts.len() <= 64 => self.classes_seen(guess, bound),
            Strategy::MostParts => self.grow(
                guess,
                parts,
                |minus_classes, n| minus_classes - i64::from(n == 0),
                |minus_classes, left| minus_classes - left as i64 > bound,
            ),
            Strategy::FirstConsistent
            | Strategy::RandomConsistent
            | Strategy::LocalSearch
            | Strategy::Optimal => Some(0),
        }
    }
}

/// For every colour multiset of the game, the least score ([`Split`]) any inconsistent arrangement of those colours
/// can get on `secrets` (the scan uses it only for those: consistent candidates are scored first). An arrangement's
/// colour matches against a secret (its feedback's total) do not depend on the arrangement, so the secrets fall into
/// classes by total alone; a class of total `t` can only be split further by the blacks, into at most `t + 1`
/// classes, and `pegs - 1` where `t = pegs` (`pegs - 1` blacks and one white cannot happen, and all blacks would
/// make the arrangement that secret, a consistent code). The least score is that of every such class split as
/// evenly as it can be: a bound for every such arrangement at once, computed once per position for a few thousand
/// multisets instead of scoring hundreds of thousands of candidates. Only the multisets a candidate can hold are
/// scored ([`Candidates::may_hold`]: of colours that are interchangeable, a candidate holds the lowest): the others
/// get `i64::MAX`, which no walk meets.
fn multiset_floors(
    strategy: Strategy,
    listed: &Listed,
    candidates: &Candidates,
    secrets: &Secrets,
    limit: i64,
) -> Vec<i64> {
    let pegs = usize::from(listed.spec.pegs);
    let slots = Feedback::index_count(listed.spec.pegs);
    // The floor of the secrets counted so far (with no black, class `t (t + 1) / 2` holds those of total `t`):
    // each total's class split as evenly as its blacks allow, the best any guess does with that many secrets and
    // that many feedbacks (`best_possible`), the largest of them for knuth and their sum for the others.
    let floor_of = |by_total: &[usize]| {
        let classes = (0..=pegs)
            .map(|t| {
                (
                    by_total[t * (t + 1) / 2],
                    if t == pegs { pegs - 1 } else { t + 1 },
                )
            })
            .filter(|&(n, _)| n > 0)
            .map(|(n, k)| best_possible(strategy, n, k));
        match strategy {
            Strategy::Knuth => classes.max().unwrap_or(0),
            _ => classes.sum(),
        }
    };
    // Knuth's, expected-size's and entropy's floors only grow as secrets are counted, so counting stops once a
    // floor is past `limit` (the candidates' limit as it stands): that part-floor is a floor too, and enough.
    // Most-parts' can fall as secrets are counted (more totals, more classes), so it is counted whole.
    let grows = strategy != Strategy::MostParts;
    listed
        .multisets
        .colours
        .par_iter()
        .zip(&listed.multisets.masks)
        .map(|(colours, &mask)| {
            if !candidates.may_hold(mask) {
                return i64::MAX; // no candidate holds these colours
            }
            let mut by_total = vec![0usize; slots];
            let mut floor = None;
            fast(
                #[inline(always)]
                || {
                    secrets.each_block(colours, |classes, _| {
                        for &c in classes {
                            by_total[usize::from(c)] += 1;
                        }
                        if grows {
                            let f = floor_of(&by_total);
                            if f > limit {
                                floor = Some(f);
                                return false;
                            }
                        }
                        true
                    })
                },
            );
            floor.unwrap_or_else(|| floor_of(&by_total))
        })
        .collect()
}

/// `n log2 n` in fixed point (units of 2^-24): equal splits get equal sums whatever order classes are added in.
fn n_log2_n(n: usize) -> i64 {
    if n == 0 {
        return 0;
    }
    let n = n as f64;
    (n * n.log2() * 16_777_216.0).round() as i64
}

/// How [`n_log2_n`] grows from `n` to `n + 1`, for class sizes `n` in `0..max`, for the entropy score (empty for
/// the others).
fn n_log_n_growth(strategy: Strategy, max: usize) -> Vec<i64> {
    match strategy {
        Strategy::Entropy => (0..max).map(|n| n_log2_n(n + 1) - n_log2_n(n)).collect(),
        _ => Vec::new(),
    }
}

/// The best score ([`Split`]) any guess can get on `n` consistent codes when `feedbacks` feedbacks can
/// occur: the codes spread as evenly as possible over `min(n, feedbacks)` classes.
fn best_possible(strategy: Strategy, n: usize, feedbacks: usize) -> i64 {
    let k = n.min(feedbacks).max(1);
    let (q, r) = (n / k, n % k);
    let even = |f: &dyn Fn(usize) -> i64| r as i64 * f(q + 1) + (k - r) as i64 * f(q);
    match strategy {
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

#[cfg(test)]
mod tests;
