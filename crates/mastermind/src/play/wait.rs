//! How long the slowest guess of a strategy takes at a size, said to people before they start a game there: from
//! the slowest guesses measured at 6x9, 7x7 and 8x8, and the opening books where they answer the slow ones.

use crate::Spec;
use crate::partition::opening;
use crate::strategy::{self, Strategy};

/// The slowest guess of each scoring strategy natively on 2 threads, in seconds, at 6x9, 7x7 and 8x8 (the code counts
/// of [`SLOWEST_AT`]), worked out live: at 6x9 and 7x7 over every position the strategy reaches from its own first
/// guess, each worked out alone (`puzzle-lab --threads 2 --json mastermind book --depth 8`; docs/notebook.md, "Every
/// guess timed"), at 8x8 one game (`mastermind solve` against 7,6,5,4,3,2,1,0; entropy's was stopped unfinished after
/// 1,260 s, taken as its slowest guess). The slowest guess is the second or third: the first leaves few symmetries
/// (so many candidate guesses) and still many codes; most-parts settles its candidates from the classes they reach.
/// Where an opening book answers those ([`crate::partition::opening`]), the slowest guess it leaves counts instead.
const SLOWEST: [(Strategy, [f64; 3]); 4] = [
    (Strategy::Knuth, [0.486, 1.360, 212.0]),
    (Strategy::MostParts, [0.014, 0.024, 2.3]),
    (Strategy::ExpectedSize, [0.876, 1.843, 50.2]),
    (Strategy::Entropy, [0.646, 3.386, 1260.0]),
];

/// The code counts of 6x9, 7x7 and 8x8, where [`SLOWEST`] was measured.
const SLOWEST_AT: [f64; 3] = [531_441.0, 823_543.0, 16_777_216.0];

/// About how long the slowest guess of `strategy` takes at `spec` on `threads` threads natively, in seconds (the
/// page scales it by how much slower a tab is, `TAB_BESIDE_NATIVE` in its wait note): for people choosing a size before they start. Between the sizes measured
/// ([`SLOWEST`]) a straight line in the logarithms of time and code count, past them the nearest such line carried
/// on. `None` for the strategies that do not score every candidate against the listed codes, or where the codes
/// cannot be listed.
pub fn slowest_guess_seconds(spec: &Spec, strategy: Strategy, threads: u32) -> Option<f64> {
    let (_, at) = SLOWEST.iter().find(|(s, ..)| *s == strategy)?;
    strategy::listable(spec).ok()?;
    let codes = spec.code_count()? as f64;
    // The segment whose line carries the estimate: the first whose upper end is past `codes`, else the last.
    let k = usize::from(codes > SLOWEST_AT[1]);
    let power = (at[k + 1] / at[k]).ln() / (SLOWEST_AT[k + 1] / SLOWEST_AT[k]).ln();
    // Where an opening book answers the slow guesses, the slowest of the others, measured.
    let here = opening::slowest_past_book(spec, strategy)
        .unwrap_or_else(|| at[k] * (codes / SLOWEST_AT[k]).powf(power));
    Some(here * 2.0 / f64::from(threads.max(1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_slowest_guess_is_estimated_for_the_scoring_strategies_on_listed_codes() {
        let at =
            |p, c, st, threads| slowest_guess_seconds(&Spec::new(p, c, true).unwrap(), st, threads);
        let (small, big, huge) = (
            at(6, 9, Strategy::Knuth, 2),
            at(7, 7, Strategy::Knuth, 2),
            at(8, 8, Strategy::Knuth, 2),
        );
        assert!(small.unwrap() < big.unwrap() && big.unwrap() < huge.unwrap());
        // Twice the threads, half the time; most-parts prunes more than knuth.
        assert_eq!(at(8, 8, Strategy::Knuth, 4).unwrap() * 2.0, huge.unwrap());
        assert!(at(8, 8, Strategy::MostParts, 2).unwrap() < huge.unwrap());
        // No estimate where no candidate is scored, or where the codes are not listed (9x8: 6.1 GiB).
        assert_eq!(at(8, 8, Strategy::RandomConsistent, 2), None);
        assert_eq!(at(9, 8, Strategy::Knuth, 2), None);
        // The sizes measured give their own figures, or their books' where they have books; between them and
        // past them, the lines through them.
        for (p, c, k) in [(6, 9, 0), (7, 7, 1), (8, 8, 2)] {
            for (strategy, at_sizes) in SLOWEST {
                let spec = Spec::new(p, c, true).unwrap();
                let measured = opening::slowest_past_book(&spec, strategy).unwrap_or(at_sizes[k]);
                let estimate = at(p, c, strategy, 2).unwrap();
                assert!(
                    (estimate / measured - 1.0).abs() < 1e-9,
                    "{p}x{c} {strategy}"
                );
            }
        }
        // The books answer 7x7's slow guesses: what is left is quicker than the live slowest.
        assert!(big.unwrap() < SLOWEST[0].1[1]);
        assert!(at(5, 8, Strategy::Knuth, 2).unwrap() < 0.01);
    }
}
