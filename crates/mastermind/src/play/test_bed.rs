//! The seed's test bed: the TopCoder Marathon Match's range of sizes (5 to 100 pegs, 5 to 20 colours, drawn at
//! random), each test one game against a random secret, scored as the match scored it: pegs x log2(colours) /
//! guesses (0 for a game not solved), so that every guess saved counts, most on the big sizes.

use std::sync::atomic::AtomicUsize;

use progress::Observer;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use rayon::prelude::*;

use crate::play::play_all::play_counted;
use crate::search::{Budget, Stopped};
use crate::strategy::Strategy;
use crate::{Code, Spec};

/// The match's range of pegs and colours.
pub const PEGS: std::ops::RangeInclusive<u32> = 5..=100;
/// The match's range of colours.
pub const COLORS: std::ops::RangeInclusive<u32> = 5..=20;

/// One test as it was played.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Test {
    /// Its size.
    pub spec: Spec,
    /// Guesses to break the code, `None` when the game failed.
    pub guesses: Option<usize>,
}

impl Test {
    /// The match's score: pegs x log2(colours) / guesses, 0 for a game not solved.
    pub fn score(&self) -> f64 {
        self.guesses.map_or(0.0, |g| {
            f64::from(self.spec.pegs) * f64::from(self.spec.colors).log2() / g as f64
        })
    }
}

/// The sizes and secrets of `tests` tests drawn from `seed` (the same for every strategy), each with the seed of
/// its game's own choices.
fn draw(tests: u64, seed: u64) -> Vec<(Spec, Code, u64)> {
    let mut rng = StdRng::seed_from_u64(seed);
    (0..tests)
        .filter_map(|_| {
            let pegs = rng.random_range(PEGS);
            let colors = rng.random_range(COLORS);
            let spec = Spec::new(pegs, colors, true).ok()?;
            let secret = Code::random(&spec, &mut rng);
            Some((spec, secret, rng.random()))
        })
        .collect()
}

/// Plays `tests` tests drawn from `seed` with `strategy`, several at once on the thread pool, in the order drawn.
pub fn play_match(
    strategy: Strategy,
    tests: u64,
    seed: u64,
    budget: &Budget,
    observer: &dyn Observer,
) -> Result<Vec<Test>, Stopped> {
    let drawn = draw(tests, seed);
    let total = drawn.len() as u64;
    let done = AtomicUsize::new(0);
    drawn
        .into_par_iter()
        .map(|(spec, secret, game_seed)| {
            let played = play_counted(
                &spec,
                strategy,
                &secret,
                game_seed,
                budget,
                observer,
                (&done, total),
            )?;
            let guesses = played
                .ok()
                .filter(|p| p.rows.last().is_some_and(|r| r.feedback.is_win(spec.pegs)))
                .map(|p| p.rows.len());
            Ok(Test { spec, guesses })
        })
        .collect()
}

/// The bands of pegs a match's results are summed up by.
pub const BANDS: [std::ops::RangeInclusive<u8>; 3] = [5..=20, 21..=50, 51..=100];

/// A band's summary: tests, failed games, mean score, mean guesses over the solved ones.
#[derive(Clone, Debug, PartialEq)]
pub struct Band {
    /// The pegs it covers.
    pub pegs: std::ops::RangeInclusive<u8>,
    /// Tests in it.
    pub tests: usize,
    /// Games not solved.
    pub failed: usize,
    /// Mean score.
    pub score: f64,
    /// Mean guesses of the solved games.
    pub guesses: f64,
}

/// `tests` summed up by [`BANDS`], then all together (the last band covers every size).
pub fn bands(tests: &[Test]) -> Vec<Band> {
    BANDS
        .iter()
        .cloned()
        .chain(std::iter::once(5..=100))
        .map(|pegs| {
            let of: Vec<&Test> = tests
                .iter()
                .filter(|t| pegs.contains(&t.spec.pegs))
                .collect();
            let solved: Vec<usize> = of.iter().filter_map(|t| t.guesses).collect();
            let n = of.len().max(1) as f64;
            Band {
                pegs,
                tests: of.len(),
                failed: of.len() - solved.len(),
                score: of.iter().map(|t| t.score()).sum::<f64>() / n,
                guesses: solved.iter().sum::<usize>() as f64 / solved.len().max(1) as f64,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use progress::NoObserver;

    #[test]
    fn a_match_draws_the_same_tests_for_every_strategy_and_scores_them_as_the_match_did() {
        let a = draw(40, 3);
        assert_eq!(a, draw(40, 3));
        assert!(
            a.iter().all(|(s, ..)| PEGS.contains(&u32::from(s.pegs))
                && COLORS.contains(&u32::from(s.colors)))
        );
        let t = Test {
            spec: Spec::new(100, 16, true).unwrap(),
            guesses: Some(200),
        };
        assert!((t.score() - 2.0).abs() < 1e-12);
        assert_eq!(Test { guesses: None, ..t }.score(), 0.0);
        // A few tests, every game solved, summed up by band.
        let played = play_match(
            Strategy::LocalSearch,
            3,
            1,
            &Budget::INTERACTIVE,
            &NoObserver,
        )
        .unwrap();
        assert_eq!(played.len(), 3);
        let all = bands(&played);
        assert_eq!(all.last().unwrap().tests, 3);
        assert_eq!(all[..3].iter().map(|b| b.tests).sum::<usize>(), 3);
        assert!(all.iter().all(|b| b.failed == 0));
    }
}
