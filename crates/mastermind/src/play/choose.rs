//! Choosing the next guess for a history with a strategy: the partition strategies on listed codes, the
//! consistent-code search, local search and the sampled split for huge games, and the fallbacks between them (named
//! in the choice).

use rand::{Rng, RngExt};

use crate::by_colour::Plan;
use crate::handover::Handover;
use crate::listing::listed::Listed;
use crate::listing::listed::Listing;
use crate::optimal::Optimal;
use crate::partition::opening;
use crate::partition::scoring::best_guess;
use crate::partition::{Partition, split_listed};
use crate::search::{self, Budget, Count, Draw, Stopped};
use crate::strategy::{FOR_HUGE, Strategy, StrategyError, listable, too_big_to_search};
use crate::{Code, Row, Spec};
use progress::Observer;

#[cfg(test)]
mod tests;

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
    /// Why another strategy than the one asked for chose (the fallback alone, without remarks on the guess).
    pub fallback: Option<String>,
    /// Why another strategy than the one asked for chose, as figures (`None` when the one asked for chose).
    pub handover: Option<Handover>,
    /// The guess's split of the codes that were possible, where the strategy had them listed (the partition
    /// strategies and optimal): computed on the codes it already holds.
    pub split: Option<Partition>,
    /// Why this guess, in the strategy's own words where it has them (else `partition::explain` words it).
    pub why: Option<String>,
}

impl Choice {
    /// The same choice, made by another strategy than the one asked for, for `why`.
    fn handed_over(self, why: Handover) -> Choice {
        Choice {
            handover: Some(why),
            ..self
        }
    }
}

/// Chooses the next guess for `history` with `strategy`. The strategies that list every code take them from
/// `listing`, listing them there first where it holds another game's (a game's later guesses reuse them).
pub fn choose(
    strategy: Strategy,
    spec: &Spec,
    history: &[Row],
    budget: &Budget,
    observer: &dyn Observer,
    rng: &mut impl Rng,
    listing: &mut Listing,
) -> Result<Choice, StrategyError> {
    let too_many = Handover::TooManyCodes {
        codes: spec.code_count(),
    };
    match strategy {
        Strategy::FirstConsistent if too_big_to_search(spec) => hand_over(
            spec,
            history,
            budget,
            observer,
            rng,
            format!(
                "{strategy} searches the codes in order, and {spec} has too many to search exactly"
            ),
        )
        .map(|c| c.handed_over(too_many)),
        Strategy::FirstConsistent => {
            let first = search::first(spec, history, budget, observer);
            let guess = match first {
                Err(Stopped::Budget) => {
                    let why = out_of_budget(strategy, budget);
                    return huge(FOR_HUGE, spec, history, budget, observer, rng, Some(why))
                        .map(|c| c.handed_over(Handover::OverBudget));
                }
                found => found?.ok_or(StrategyError::Contradiction)?,
            };
            let remaining = search::count(spec, history, &Budget::DISPLAY, observer)?;
            Ok(Choice {
                guess,
                remaining,
                played_by: strategy,
                note: None,
                fallback: None,
                handover: None,
                split: None,
                why: None,
            })
        }
        Strategy::LocalSearch | Strategy::SampledSplit => {
            huge(strategy, spec, history, budget, observer, rng, None)
        }
        Strategy::ColourByColour => match crate::by_colour::next(spec, history) {
            Plan::Test(guess, why) => Ok(Choice {
                guess,
                // Counting is out of reach: the secret, at least, fits.
                remaining: Count::AtLeast(1),
                played_by: strategy,
                note: None,
                fallback: None,
                handover: None,
                split: None,
                why: Some(format!("one colour at a time: {why}")),
            }),
            Plan::Known(guess) => Ok(Choice {
                guess,
                remaining: Count::Exact(1),
                played_by: strategy,
                note: None,
                fallback: None,
                handover: None,
                split: None,
                why: Some("one colour at a time: every peg is known, so this is the secret".into()),
            }),
            Plan::HandOver(why) => huge(
                Strategy::LocalSearch,
                spec,
                history,
                budget,
                observer,
                rng,
                Some(format!("{why}, so local-search chose this guess")),
            )
            .map(|c| c.handed_over(Handover::PlanStuck)),
        },
        Strategy::RandomConsistent if too_big_to_search(spec) => {
            let why = format!(
                "an exact search over {spec} codes could take too long, so {FOR_HUGE} chose this guess"
            );
            huge(FOR_HUGE, spec, history, budget, observer, rng, Some(why))
                .map(|c| c.handed_over(too_many))
        }
        Strategy::RandomConsistent => random_else_huge(spec, history, budget, observer, rng, None),
        _ => {
            // The sizes where working it out live takes seconds ship the first guesses ([`crate::partition::opening`]).
            let booked = opening::booked(spec, strategy, history, listing);
            let unbooked = opening::failed(spec, strategy, history.len(), listing).map(|why| {
                format!("its opening book for {spec} could not be loaded ({why}), so this guess was worked out live")
            });
            // Listing says why it cannot (`strategy::listable`), once.
            let listed = match listing.of(spec) {
                Ok(listed) => listed,
                Err(StrategyError::TooBig(why)) => {
                    let why = format!(
                        "{strategy} scores every code against every possible secret, so it lists every code: {why}"
                    );
                    // Listable but not listed: this device would not give the memory.
                    let cause = match crate::strategy::listing_bytes(spec) {
                        Some(bytes) if listable(spec).is_ok() => Handover::NoMemory { bytes },
                        _ => too_many,
                    };
                    return hand_over(spec, history, budget, observer, rng, why)
                        .map(|c| c.handed_over(cause));
                }
                Err(e) => return Err(e),
            };
            let consistent = listed.consistent(history);
            if !observer.keep_going() {
                return Err(StrategyError::Stopped(Stopped::Cancelled));
            }
            let remaining = Count::Exact(consistent.len() as u128);
            if let Some(guess) = booked {
                return Ok(Choice {
                    split: Some(split_listed(listed, &consistent, &guess)),
                    why: None,
                    guess,
                    remaining,
                    played_by: strategy,
                    note: Some(format!(
                        "from {strategy}'s opening book for {spec} (worked out ahead of time: live, this guess \
                         could take seconds)"
                    )),
                    fallback: None,
                    handover: None,
                });
            }
            let past: Vec<&[u8]> = history.iter().map(|r| r.guess.pegs()).collect();
            let (played_by, guess, note) = match pick(
                strategy,
                listed,
                &consistent,
                &past,
                budget,
                rng,
                observer,
            ) {
                Err(StrategyError::Stopped(Stopped::Budget)) if strategy == Strategy::Optimal => {
                    let fallback = Strategy::ExpectedSize;
                    let guess = pick(fallback, listed, &consistent, &past, budget, rng, observer)?;
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
            let handover = (played_by != strategy).then_some(Handover::OverBudget);
            let guess = listed.code(guess);
            Ok(Choice {
                split: Some(split_listed(listed, &consistent, &guess)),
                why: None,
                guess,
                remaining,
                played_by,
                fallback: note.clone(),
                handover,
                note: note.or(unbooked),
            })
        }
    }
}

/// Chooses among listed codes with `strategy`: `consistent` are the indices of the codes that fit the history
/// (sorted), `past` the guesses so far, in order. Returns the index of the guess. Only optimal can run out of
/// `budget` (feedbacks computed); the others do a bounded amount of work.
pub(crate) fn pick(
    strategy: Strategy,
    listed: &Listed,
    consistent: &[u32],
    past: &[&[u8]],
    budget: &Budget,
    rng: &mut impl Rng,
    observer: &dyn Observer,
) -> Result<u32, StrategyError> {
    match (strategy, consistent) {
        (_, []) => Err(StrategyError::Contradiction),
        (_, [only]) => Ok(*only),
        (Strategy::FirstConsistent, _) => Ok(consistent[0]),
        (Strategy::RandomConsistent, _) => Ok(consistent[rng.random_range(0..consistent.len())]),
        (Strategy::Optimal, _) => Ok(Optimal::new(listed, budget, observer)
            .best(consistent, past)?
            .1),
        _ => best_guess(strategy, listed, consistent, past, observer),
    }
}

/// Where a strategy cannot run (`why`), the best strategy that can chooses: random-consistent where the codes can be
/// searched exactly, [`FOR_HUGE`] past that or when that search runs out of its budget. The reason names the strategy
/// that chose, and does not depend on the history, so a game says it once.
fn hand_over(
    spec: &Spec,
    history: &[Row],
    budget: &Budget,
    observer: &dyn Observer,
    rng: &mut impl Rng,
    why: String,
) -> Result<Choice, StrategyError> {
    if too_big_to_search(spec) {
        let why = format!("{why}; {FOR_HUGE} chose this guess");
        return huge(FOR_HUGE, spec, history, budget, observer, rng, Some(why));
    }
    random_else_huge(spec, history, budget, observer, rng, Some(why))
}

/// Random-consistent's exact search chooses (for another strategy that handed over, `why`); where it runs out of
/// its budget, [`FOR_HUGE`] does.
fn random_else_huge(
    spec: &Spec,
    history: &[Row],
    budget: &Budget,
    observer: &dyn Observer,
    rng: &mut impl Rng,
    why: Option<String>,
) -> Result<Choice, StrategyError> {
    let to_random = why
        .as_ref()
        .map(|w| format!("{w}; random-consistent chose this guess"));
    match random_consistent(spec, history, budget, observer, rng, to_random) {
        Err(StrategyError::Stopped(Stopped::Budget)) => {
            let past = out_of_budget(Strategy::RandomConsistent, budget);
            let why = match why {
                Some(w) => format!("{w}; {past}"),
                None => past,
            };
            // Where another strategy handed over to random-consistent, its own reason stands (set by the caller).
            huge(FOR_HUGE, spec, history, budget, observer, rng, Some(why))
                .map(|c| c.handed_over(Handover::OverBudget))
        }
        chosen => chosen,
    }
}

/// Why [`FOR_HUGE`] chose after `strategy`'s exact search ran out of `budget`.
fn out_of_budget(strategy: Strategy, budget: &Budget) -> String {
    format!(
        "{strategy}'s exact search ran past its budget of {} peg placements, so {FOR_HUGE} chose this guess",
        budget.nodes
    )
}

/// A guess by one of the strategies for huge games (`local-search`, `sampled-split`), for itself or for a strategy
/// that cannot choose (`note`: why).
fn huge(
    strategy: Strategy,
    spec: &Spec,
    history: &[Row],
    budget: &Budget,
    observer: &dyn Observer,
    rng: &mut impl Rng,
    note: Option<String>,
) -> Result<Choice, StrategyError> {
    // The time budget, on the caller's clock when it has one; a cancel also ends the guess early.
    let stop = budget.guess_stop(observer);
    let moves = usize::from(spec.pegs) * crate::local::MOVES_PER_PEG;
    let found = if strategy == Strategy::SampledSplit {
        crate::sampled::search(
            spec,
            history,
            moves,
            crate::sampled::sample_size(spec),
            &stop,
            rng,
        )
    } else {
        crate::local::search(spec, history, moves, &stop, rng)
    };
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
    let fallback = note.clone();
    let note = Some(match note {
        Some(n) => format!("{n}; {fit}"),
        None if strategy == Strategy::SampledSplit => {
            format!(
                "sampled split (the most even split of a sample of codes found by local search): {fit}"
            )
        }
        None => format!("local search: {fit}"),
    });
    // Counting is out of reach at these sizes: at least the code found fits, when it does.
    let remaining = Count::AtLeast(u128::from(found.error == 0));
    Ok(Choice {
        guess: found.code,
        remaining,
        played_by: strategy,
        note,
        fallback,
        handover: None,
        split: None,
        why: None,
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
    let fallback = note.clone();
    let note = match (note, draw_note) {
        (Some(a), Some(b)) => Some(format!("{a}; {b}")),
        (a, b) => a.or(b),
    };
    Ok(Choice {
        guess,
        remaining,
        played_by: Strategy::RandomConsistent,
        note,
        fallback,
        handover: None,
        split: None,
        why: None,
    })
}
