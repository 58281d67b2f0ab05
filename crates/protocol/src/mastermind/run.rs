//! Mastermind's arm of [`crate::execute`]: checks what came in, calls the core once, and turns its answer into a
//! message. Game policy (what "next guess" means when scores contradict) lives in the core
//! ([`mastermind::advise`]).

use rand::SeedableRng;
use rand::rngs::StdRng;

use mastermind::advise::{Advice, advise};
use mastermind::knowledge::{self, Unknowable};
use mastermind::search::{self, Budget, Stopped};
use mastermind::{Code, Listing, Row, Spec, Strategy, partition};
use progress::Observer;

use super::{
    HandoverDto, KnowledgeDto, MAX_BENCH_FEEDBACKS, MAX_KNOWLEDGE_MS, MAX_PLAYED_GAMES,
    MastermindAnswer, MastermindJob, RowDto, SplitDto,
};

fn rows(spec: &Spec, history: &[RowDto]) -> Result<Vec<Row>, String> {
    history
        .iter()
        .enumerate()
        .map(|(i, r)| r.to_row(spec).map_err(|e| format!("row {}: {e}", i + 1)))
        .collect()
}

fn stopped(s: Stopped) -> String {
    match s {
        Stopped::Cancelled => "cancelled".to_string(),
        Stopped::Budget => "this search is too big to finish in reasonable time".to_string(),
    }
}

/// The game a `NextGuess` job is about, read (the only job an opening book answers).
fn guessed(job: &MastermindJob) -> Option<(Spec, Strategy, usize)> {
    let MastermindJob::NextGuess {
        spec,
        history,
        strategy,
        ..
    } = job
    else {
        return None;
    };
    Some((
        Spec::try_from(*spec).ok()?,
        strategy.parse().ok()?,
        history.len(),
    ))
}

/// The opening book `job` wants fetched before it runs ([`crate::wanted`]): a first guess at a size whose book the
/// browser's solver leaves out of its download.
pub(crate) fn wanted(job: &MastermindJob, listing: &Listing) -> Option<String> {
    let (spec, strategy, guesses) = guessed(job)?;
    mastermind::opening::wanted(&spec, strategy, guesses, listing)
}

/// What fetching it gave ([`crate::fetched`]).
pub(crate) fn fetched(job: &MastermindJob, listing: &mut Listing, bytes: Result<Vec<u8>, String>) {
    if let Some((spec, strategy, _)) = guessed(job) {
        let text =
            bytes.and_then(|b| String::from_utf8(b).map_err(|_| "it is not text".to_string()));
        mastermind::opening::give(&spec, strategy, listing, text);
    }
}

/// Runs one Mastermind job on the core: one core call per job (plus checking what came in). A guess takes the
/// game's codes from `listing` where its strategy lists them, so a game's later guesses do not list them again.
pub(crate) fn run(
    job: &MastermindJob,
    listing: &mut Listing,
    observer: &dyn Observer,
) -> Result<MastermindAnswer, String> {
    let budget = Budget::INTERACTIVE;
    match job {
        MastermindJob::Count {
            spec,
            history,
            thorough,
            schedule,
        } => {
            let spec = Spec::try_from(*spec)?;
            let history = rows(&spec, history)?;
            // A count beside a game is quick (exact when it can be, else a lower bound); a thorough one is asked
            // for, shows its progress and can be cancelled.
            let budget = if *thorough {
                &Budget::THOROUGH
            } else {
                &Budget::DISPLAY
            };
            let count = match schedule {
                None => search::count(&spec, &history, budget, observer),
                Some(s) => search::count_scheduled(&spec, &history, budget, observer, (*s).into()),
            }
            .map_err(stopped)?;
            Ok(MastermindAnswer::Counted {
                count: count.into(),
            })
        }
        MastermindJob::Split {
            spec,
            history,
            guess,
        } => {
            let spec = Spec::try_from(*spec)?;
            let history = rows(&spec, history)?;
            let guess = Code::new(&spec, guess.clone()).map_err(|e| format!("the guess: {e}"))?;
            // A quick budget: the split is drawn beside a game, and listing the codes of a huge game is no use.
            let too_many = || {
                format!(
                    "more than {} codes are still possible: too many to split one by one (the split is shown once \
                     fewer are left)",
                    crate::group_digits(&partition::MAX_SPLIT_CODES.to_string())
                )
            };
            let split = match partition::split_remaining(
                &spec,
                &history,
                &guess,
                &Budget::DISPLAY,
                observer,
            ) {
                Ok(Some(p)) => Ok(SplitDto::from(&p)),
                Ok(None) => Err(too_many()),
                Err(Stopped::Budget) => Err(format!(
                    "the codes still possible are too many, or too costly to find, to split them quickly ({spec} \
                     is a big game)"
                )),
                Err(e) => return Err(stopped(e)),
            };
            Ok(MastermindAnswer::Split { split })
        }
        MastermindJob::Play {
            spec,
            strategy,
            games,
            seed,
        } => {
            let spec = Spec::try_from(*spec)?;
            let strategy: Strategy = strategy.parse()?;
            let stats = match games {
                None => mastermind::play_all_observed(
                    &spec,
                    strategy,
                    *seed,
                    &Budget::THOROUGH,
                    observer,
                )
                .map_err(|e| e.to_string())?,
                Some(n) if *n > MAX_PLAYED_GAMES => {
                    return Err(format!(
                        "{n} games is too many for one run: ask for at most {MAX_PLAYED_GAMES}"
                    ));
                }
                Some(n) => mastermind::play_sampled(
                    &spec,
                    strategy,
                    u64::from(*n),
                    *seed,
                    &Budget::INTERACTIVE,
                    observer,
                )
                .map_err(stopped)?,
            };
            Ok(MastermindAnswer::Played {
                played: stats.into(),
            })
        }
        MastermindJob::Knowledge {
            spec,
            history,
            seed,
            ms,
        } => {
            let spec = Spec::try_from(*spec)?;
            let history = rows(&spec, history)?;
            let mut rng = StdRng::seed_from_u64(*seed);
            let budget = budget.with_guess_ms((*ms).min(MAX_KNOWLEDGE_MS));
            match knowledge::learn(&spec, &history, &budget, observer, &mut rng) {
                Ok(known) => Ok(MastermindAnswer::Known {
                    knowledge: KnowledgeDto::new(&known, history.len(), spec.colors),
                }),
                Err(Unknowable::Contradiction(row)) => Err(format!(
                    "the scores contradict each other: no code fits rows 1 to {} (row {} cannot be)",
                    row + 1,
                    row + 1
                )),
                Err(Unknowable::Stopped(s)) => Err(stopped(s)),
            }
        }
        MastermindJob::BenchFeedback {
            spec,
            guesses,
            secrets,
            seed,
        } => {
            let spec = Spec::try_from(*spec)?;
            let feedbacks = u64::from(*guesses) * u64::from(*secrets);
            if feedbacks > MAX_BENCH_FEEDBACKS {
                return Err(format!(
                    "{feedbacks} feedbacks is too many for one benchmark: ask for at most {MAX_BENCH_FEEDBACKS}"
                ));
            }
            let (guesses, secrets) =
                mastermind::feedback_workload(&spec, *guesses as usize, *secrets as usize, *seed);
            Ok(MastermindAnswer::Benched {
                feedbacks,
                checksum: mastermind::score_all(&spec, &guesses, &secrets),
            })
        }
        MastermindJob::NextGuess {
            spec,
            history,
            strategy,
            seed,
            check_scores,
        } => {
            let spec = Spec::try_from(*spec)?;
            let history = rows(&spec, history)?;
            let strategy: Strategy = strategy.parse()?;
            let mut rng = StdRng::seed_from_u64(*seed);
            let advice = advise(
                &spec,
                &history,
                strategy,
                *check_scores,
                &budget,
                observer,
                &mut rng,
                listing,
            )
            .map_err(|e| e.to_string())?;
            Ok(match advice {
                Advice::Guess {
                    guess,
                    remaining,
                    played_by,
                    note,
                    handover,
                    why,
                    split,
                } => MastermindAnswer::Guess {
                    code: guess.pegs().to_vec(),
                    remaining: remaining.into(),
                    strategy: played_by.name().to_string(),
                    note,
                    handover: handover.map(HandoverDto::from),
                    why,
                    split: split.as_ref().map(|s| Box::new(SplitDto::from(s))),
                },
                Advice::Contradiction { row } => MastermindAnswer::Contradiction { row },
            })
        }
    }
}
