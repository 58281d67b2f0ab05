//! "What should I guess next?" in one call: the game policy around a strategy's choice (when hand-entered
//! scores are checked, what happens when no code fits, how the choice explains itself).

use rand::Rng;

use crate::partition::Partition;
use crate::search::{Budget, Count, Stopped};
use crate::strategy::{Strategy, StrategyError, too_big_to_search};
use crate::{Code, Listing, Row, Spec, choose, first_contradiction, local, partition};
use progress::Observer;

/// The answer to "what next?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Advice {
    /// Play this guess.
    Guess {
        /// The guess.
        guess: Code,
        /// Codes consistent with the history before it.
        remaining: Count,
        /// The strategy that chose it (differs from the one asked for when it fell back).
        played_by: Strategy,
        /// Why a fallback or approximation was used, for people.
        note: Option<String>,
        /// Why another strategy than the one asked for chose it, as figures.
        handover: Option<crate::Handover>,
        /// Why the strategy chose this guess, in one line for people.
        why: String,
        /// How the guess splits the codes consistent before it, where the strategy worked it out (the scoring
        /// strategies and optimal): what each answer leaves is known the moment it is scored.
        split: Option<Partition>,
    },
    /// No code fits rows `0..=row`: the scores contradict each other from that row on.
    Contradiction {
        /// The earliest contradicting row, from 0.
        row: usize,
    },
}

/// Chooses the next guess after `history` with `strategy`, within `budget`, or finds the first row that
/// contradicts the ones before it.
///
/// `scores_from_person`: the scores were entered by a person and may contradict each other. The exact
/// strategies find that in their own search either way; local search plays the closest code even when none
/// fits, so before it the history gets a bounded check (finding a consistent code is NP-hard: when the check
/// cannot finish, scores whose colour counts cannot add up are still caught, at any size).
///
/// `listing`: the game's codes, for the strategies that list them, kept by the caller between guesses
/// ([`crate::Listing`]).
///
/// ```
/// use mastermind::{Listing, Row, Spec, Strategy, advise::{advise, Advice}, search::Budget};
/// use rand::SeedableRng;
///
/// let spec = Spec::new(4, 6, true).unwrap();
/// let history = [Row::new(&spec, vec![0, 0, 1, 1], 1, 1).unwrap()];
/// let mut rng = rand::rngs::StdRng::seed_from_u64(1);
/// let advice = advise(&spec, &history, Strategy::Knuth, true, &Budget::INTERACTIVE, &progress::NoObserver, &mut rng, &mut Listing::new());
/// let Ok(Advice::Guess { remaining, .. }) = advice else { panic!("{advice:?}") };
/// assert_eq!(remaining.exact(), Some(208));
/// ```
#[expect(
    clippy::too_many_arguments,
    reason = "the request (game, rows, strategy, whose scores), how to run it (budget, observer) and what the \
              caller keeps between guesses (random stream, listed codes): grouping them would only rename them"
)]
pub fn advise(
    spec: &Spec,
    history: &[Row],
    strategy: Strategy,
    scores_from_person: bool,
    budget: &Budget,
    observer: &dyn Observer,
    rng: &mut impl Rng,
    listing: &mut Listing,
) -> Result<Advice, StrategyError> {
    let heuristic = strategy.for_huge_games() || too_big_to_search(spec);
    if scores_from_person && heuristic {
        match first_contradiction(spec, history, &Budget::DISPLAY, observer) {
            Ok(Some(row)) => return Ok(Advice::Contradiction { row }),
            Ok(None) => {}
            Err(Stopped::Budget) => {
                if let Some(row) = local::first_count_contradiction(spec, history) {
                    return Ok(Advice::Contradiction { row });
                }
            }
            Err(e) => return Err(e.into()),
        }
    }
    match choose(strategy, spec, history, budget, observer, rng, listing) {
        Ok(choice) => {
            // The scoring strategies explain themselves by the split of the codes they scored (up to
            // `partition::MAX_SPLIT_CODES` of them); the others by the count alone.
            let by = choice.played_by;
            let split = match choice.split {
                Some(split) => Some(split),
                None if by.lists_codes() => {
                    partition::split_remaining(spec, history, &choice.guess, budget, observer)?
                }
                None => None,
            };
            Ok(Advice::Guess {
                why: choice
                    .why
                    .unwrap_or_else(|| partition::explain(by, &choice.remaining, split.as_ref())),
                guess: choice.guess,
                remaining: choice.remaining,
                played_by: by,
                note: choice.note,
                handover: choice.handover,
                split,
            })
        }
        Err(StrategyError::Contradiction) => {
            match first_contradiction(spec, history, budget, observer)? {
                Some(row) => Ok(Advice::Contradiction { row }),
                None => Err(StrategyError::Contradiction),
            }
        }
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use progress::NoObserver;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    fn advise_after(spec: &Spec, rows: &[(&[u8], u8, u8)], strategy: Strategy) -> Advice {
        let history: Vec<Row> = rows
            .iter()
            .map(|(g, b, w)| Row::new(spec, g.to_vec(), *b, *w).unwrap())
            .collect();
        let mut rng = StdRng::seed_from_u64(7);
        advise(
            spec,
            &history,
            strategy,
            true,
            &Budget::INTERACTIVE,
            &NoObserver,
            &mut rng,
            &mut Listing::new(),
        )
        .unwrap()
    }

    #[test]
    fn contradictions_are_named_by_their_first_row() {
        let spec = Spec::new(4, 6, true).unwrap();
        // 0,0,0,0 scored 0,0 then 0,0,1,1 scored 2,0: colour 0 cannot be both absent and present.
        for strategy in [
            Strategy::Knuth,
            Strategy::RandomConsistent,
            Strategy::LocalSearch,
        ] {
            let advice = advise_after(
                &spec,
                &[
                    (&[0, 0, 0, 0], 0, 0),
                    (&[1, 1, 2, 2], 1, 0),
                    (&[0, 0, 1, 1], 2, 0),
                ],
                strategy,
            );
            assert_eq!(advice, Advice::Contradiction { row: 2 }, "{strategy:?}");
        }
    }

    #[test]
    fn a_guess_explains_itself() {
        let spec = Spec::new(4, 6, true).unwrap();
        let Advice::Guess {
            guess,
            remaining,
            played_by,
            why,
            ..
        } = advise_after(&spec, &[(&[0, 0, 1, 1], 1, 1)], Strategy::Knuth)
        else {
            panic!("no guess")
        };
        assert_eq!(remaining, Count::Exact(208));
        assert_eq!(played_by, Strategy::Knuth);
        assert_eq!(guess.pegs().len(), 4);
        assert!(!why.is_empty());
    }
}
