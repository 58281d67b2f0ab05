//! The sampled split for huge games: a sample of codes that fit every score (each found by [`local::search`] from
//! its own seed, the sample spread over the thread pool), and of those the one whose answers split the sample most
//! evenly (the most information, in bits, if the secret were one of them). A code that merely fits every score is
//! a poor question late in the game: its blacks against the other fitting codes are nearly certain; the sample
//! shows which fitting code still leaves them uncertain.
//!
//! In the biggest games a quarter of the sample is drawn first, and the rest only where one of those fits every score
//! or the last guess did: past the middle of such a game no search finds a code that fits, and the closest of a
//! quarter plays about as well as the closest of all of them, in far less time.
//!
//! Where a huge game's guesses go: while the searches find codes that fit, the split chooses among them. Past the
//! middle of the game none fits; the closest codes found miss the scores by more with every guess, yet score more
//! blacks against the secret, and the game ends at once, when the scores pin the secret down so tightly that a search
//! falls into it. That late stretch is most of a 50x20 or 100x20 game, and its length is set by how many scores the
//! annealing needs before it finds the secret, not by which of the closest codes is played. Searches that fit for
//! longer, searches carried over from one guess to the next, searches started from the guess with the most blacks and
//! guesses built from where the closest codes disagree all left it where it was (docs/notebook.md, "Where a huge game's guesses go").
//! Nor did general solvers find a code that fits where the annealing finds none: a CDCL solver over the same
//! cardinality constraints and a MIP solver, given minutes on one guess of a 50x20 game (docs/notebook.md, "General solvers past the middle").
//! The secret sits in a narrow hole: a code one swap from it misses the scores by more than the closest codes the
//! searches find far from it, so nothing leads a search there until the scores leave it little else.
//!
//! Where the searches do find codes that fit, the split is close to the best one guess at a time can do: where every
//! secret can be played exactly (8x8), it plays level with Knuth and a little behind the exact entropy strategy
//! (BENCHMARKS.md); in a 20x15 game the answers' information, as the samples measure it, adds up to about the
//! secret's 78 bits over the game, and no code outside the sample splits a held-out sample noticeably better
//! (docs/notebook.md, "The sampled split at 8x8 beside the exact strategies"). Once the colour counts are known only the blacks tell anything, and a black
//! count carries little more than 3 bits, so at that size a shorter game needs more than a better single guess.
//!
//! The whole sample shares the guess's time budget (a cancel, or the caller's wall-clock limit): where that runs
//! out first, fewer codes fit and the split is coarser, so on a slow or busy machine the same seeded game may take a
//! few more guesses.

use rand::rngs::StdRng;
use rand::{Rng, RngExt, SeedableRng};

use crate::kernel::feedback::{color_counts, score_counts};
use crate::local::{self, Found};
use crate::partition::Partition;
use crate::{Code, Feedback, Row, Spec};

/// Codes in the sample of the biggest games: each one a local search of its own.
pub const SAMPLE: usize = 16;

/// Games of up to this many pegs draw eight times [`SAMPLE`], and those up to [`SCOUT_PEGS`] four times. A bigger
/// sample tells the guesses' splits apart more finely (a sample of 32 cannot tell a guess that splits it into 32
/// singletons from one that would split the codes into 200 parts), and where the searches still find codes that fit
/// every score, that saves guesses. Past these sizes more codes no longer fit in a guess's 250 ms on two threads and
/// save none (docs/notebook.md, "The sample's size by game size": 20x15 22.0 guesses with 32 codes, 20.8 with 128).
pub const SMALL_PEGS: u8 = 32;

/// The share of the sample drawn first in games of more than `SCOUT_PEGS` pegs: one in `SCOUTS`.
const SCOUTS: usize = 4;

/// Games of more than this many pegs draw a quarter of the sample first. In smaller games the rest of the sample
/// still finds codes that fit in the middle of the game, and drawing it every guess saves guesses; in bigger ones
/// it saves none and costs over twice the time, which took a 100x20 game in a browser past its 30 s. There a bigger
/// sample saves guesses only through more scouts, in three times the time (docs/notebook.md, "The sample's size by
/// game size": 100x20 183.9 guesses with 16 codes, 177.7 with 64 in three times the time).
pub const SCOUT_PEGS: u8 = 64;

/// How many codes the sampled split draws for a guess in `spec`.
pub fn sample_size(spec: &Spec) -> usize {
    if spec.pegs <= SMALL_PEGS {
        8 * SAMPLE
    } else if spec.pegs <= SCOUT_PEGS {
        4 * SAMPLE
    } else {
        SAMPLE
    }
}

/// Finds up to `samples` codes that fit every score in `history`, each spending up to `moves` proposals on its
/// order, and plays the one whose answers split them most evenly; with fewer than two fitting codes, the closest
/// code found (as [`local::search`]). In games of more than [`SCOUT_PEGS`] pegs, draws a quarter of `samples` only
/// where none of those fits and the last guess did not fit the scores before it either.
pub fn search(
    spec: &Spec,
    history: &[Row],
    moves: usize,
    samples: usize,
    stop: &(dyn Fn() -> bool + Sync),
    rng: &mut impl Rng,
) -> Found {
    if history.is_empty() {
        return local::search(spec, history, moves, stop, rng);
    }
    // In the biggest games a quarter of the sample first, the rest only where one of those fits every score or the
    // last guess did. Past the middle of such a game no search finds a code that fits, and the closest of a quarter
    // of the sample plays about as well as the closest of all of it, in a third of the time or less (the figures of
    // each rule tried are in the commits that made and bounded it).
    let first = if spec.pegs > SCOUT_PEGS {
        (samples / SCOUTS).max(1)
    } else {
        samples
    };
    let mut found = searches(spec, history, moves, first, stop, rng);
    if samples > first && (found.iter().any(|f| f.error == 0) || last_fitted(spec, history)) {
        found.extend(searches(spec, history, moves, samples - first, stop, rng));
    }
    let mut fits: Vec<Found> = Vec::new();
    for f in &found {
        if f.error == 0 && !fits.iter().any(|g| g.code == f.code) {
            fits.push(f.clone());
        }
    }
    if fits.len() < 2 {
        return found
            .into_iter()
            .min_by_key(|f| f.error)
            .expect("at least one sample");
    }
    let sample: Vec<Code> = fits.iter().map(|f| f.code.clone()).collect();
    let best = most_even(spec, &sample);
    let mut played = fits.swap_remove(best);
    played.cut_short = found.iter().any(|f| f.cut_short);
    played
}

/// Whether the last guess in `history` fitted every score before it.
fn last_fitted(spec: &Spec, history: &[Row]) -> bool {
    let Some((last, before)) = history.split_last() else {
        return true;
    };
    before
        .iter()
        .all(|r| crate::score(&r.guess, &last.guess, spec.colors) == r.feedback)
}

/// `n` local searches, each from its own seed drawn from `rng`, shared out over the pool; every one's result, in the
/// order of their seeds.
pub(crate) fn searches(
    spec: &Spec,
    history: &[Row],
    moves: usize,
    n: usize,
    stop: &(dyn Fn() -> bool + Sync),
    rng: &mut impl Rng,
) -> Vec<Found> {
    let seeds: Vec<u64> = (0..n).map(|_| rng.random()).collect();
    each(&seeds, &|seed| {
        local::search(spec, history, moves, stop, &mut StdRng::seed_from_u64(seed))
    })
}

/// `search` from each seed, halves of the seeds on the pool side by side (a plain split: far less code in the
/// WebAssembly module than a parallel iterator's).
fn each(seeds: &[u64], search: &(dyn Fn(u64) -> Found + Sync)) -> Vec<Found> {
    match seeds {
        [] => Vec::new(),
        [seed] => vec![search(*seed)],
        _ => {
            let (left, right) = seeds.split_at(seeds.len() / 2);
            let (mut a, b) = rayon::join(|| each(left, search), || each(right, search));
            a.extend(b);
            a
        }
    }
}

/// The index of the code in `sample` whose answers, with each code of `sample` as the secret, carry the most
/// information (the entropy strategy's score of their split, [`Partition::entropy_bits`]); the first of equals.
fn most_even(spec: &Spec, sample: &[Code]) -> usize {
    let counts: Vec<_> = sample.iter().map(|c| color_counts(c.pegs())).collect();
    let entropy = |g: usize| {
        let mut answers: Vec<Feedback> = (0..sample.len())
            .map(|s| {
                score_counts(
                    sample[g].pegs(),
                    sample[s].pegs(),
                    &counts[g],
                    &counts[s],
                    spec.colors,
                )
            })
            .collect();
        answers.sort_unstable();
        let classes = answers
            .chunk_by(|a, b| a == b)
            .map(|run| (run[0], run.len() as u64))
            .collect();
        Partition::of(classes, sample.len() as u64, true).entropy_bits()
    };
    (0..sample.len())
        .map(|g| (g, entropy(g)))
        .fold((0, f64::MIN), |best, (g, e)| {
            if e > best.1 + 1e-12 { (g, e) } else { best }
        })
        .0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score;

    /// Plays `spec` against a seeded secret with the sampled split; the number of guesses.
    fn play(spec: Spec, seed: u64) -> usize {
        let mut rng = StdRng::seed_from_u64(seed);
        let secret = Code::random(&spec, &mut rng);
        let mut history: Vec<Row> = Vec::new();
        for _ in 0..500 {
            let moves = usize::from(spec.pegs) * local::MOVES_PER_PEG;
            let found = search(&spec, &history, moves, SAMPLE, &|| false, &mut rng);
            assert!(
                !history.iter().any(|r| r.guess == found.code),
                "{spec}: a code already played"
            );
            let feedback = score(&found.code, &secret, spec.colors);
            let fits = history
                .iter()
                .all(|r| score(&r.guess, &found.code, spec.colors) == r.feedback);
            assert_eq!(found.error == 0, fits, "{spec}: the error it reports");
            history.push(Row {
                guess: found.code,
                feedback,
            });
            if feedback.is_win(spec.pegs) {
                return history.len();
            }
        }
        panic!("{spec}: not solved in 500 guesses");
    }

    #[test]
    fn solves_games_with_and_without_repeats() {
        for (spec, seed) in [
            (Spec::new(10, 10, true).unwrap(), 1),
            (Spec::new(20, 15, true).unwrap(), 2),
            (Spec::new(12, 20, false).unwrap(), 3),
        ] {
            let n = play(spec, seed);
            assert!(n < 40, "{spec}: {n} guesses");
        }
    }

    #[test]
    fn the_last_guess_fitted_where_it_scores_every_earlier_guess_as_they_were_scored() {
        let spec = Spec::new(4, 4, true).unwrap();
        let code = |s: &str| Code::parse(&spec, s).unwrap();
        let secret = code("0,1,2,3");
        let row = |g: &str| Row {
            guess: code(g),
            feedback: score(&code(g), &secret, spec.colors),
        };
        assert!(last_fitted(&spec, &[]));
        assert!(last_fitted(&spec, &[row("0,0,1,1")]));
        // 0,1,2,2 against 0,0,1,1 scores 1 black and 1 white, as the secret did: it fitted.
        assert!(last_fitted(&spec, &[row("0,0,1,1"), row("0,1,2,2")]));
        // 2,2,3,3 scores 0 and 0 against 0,0,1,1, and the secret scored 1 and 1: it did not.
        assert!(!last_fitted(&spec, &[row("0,0,1,1"), row("2,2,3,3")]));
    }

    #[test]
    fn smaller_games_draw_bigger_samples() {
        let size = |pegs, colors| sample_size(&Spec::new(pegs, colors, true).unwrap());
        assert_eq!(size(20, 15), 8 * SAMPLE);
        assert_eq!(size(u32::from(SMALL_PEGS), 20), 8 * SAMPLE);
        assert_eq!(size(u32::from(SMALL_PEGS) + 1, 20), 4 * SAMPLE);
        assert_eq!(size(u32::from(SCOUT_PEGS), 20), 4 * SAMPLE);
        assert_eq!(size(u32::from(SCOUT_PEGS) + 1, 20), SAMPLE);
        assert_eq!(size(100, 20), SAMPLE);
    }

    #[test]
    fn plays_the_code_whose_answers_split_the_sample_most_evenly() {
        let spec = Spec::new(4, 4, true).unwrap();
        let code = |s: &str| Code::parse(&spec, s).unwrap();
        // 0,0,1,0's answers tell all four apart (2 bits); each other code scores two of them alike (1.5 bits).
        let sample = [
            code("2,0,3,1"),
            code("2,1,0,2"),
            code("0,0,1,0"),
            code("1,2,3,2"),
        ];
        assert_eq!(most_even(&spec, &sample), 2);
        // Equals: the first.
        assert_eq!(most_even(&spec, &sample[..2]), 0);
    }
}
