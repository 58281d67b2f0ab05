//! Mastermind jobs run through [`crate::execute`] as the worker runs them: answers, messages for bad input,
//! progress, traces and cancellation.
#![cfg(feature = "mastermind")]

use std::sync::atomic::{AtomicU64, Ordering};

use rand::SeedableRng;
use rand::rngs::StdRng;

use mastermind::{Code, Spec};

mod huge;

use super::*;
use crate::{Answer, Job, JobObserver, Outcome, Reply, ToWorker, execute};

const CLASSIC: SpecDto = SpecDto {
    pegs: 4,
    colors: 6,
    repeats: true,
};

fn run(job: MastermindJob) -> Outcome {
    execute(&Job::Mastermind(job), &JobObserver::new())
}

fn check(job: MastermindJob, expected: Outcome) {
    assert_eq!(run(job), expected);
}

fn row(guess: &[u8], black: u8, white: u8) -> RowDto {
    RowDto {
        guess: guess.to_vec(),
        black,
        white,
    }
}

fn failed(message: &str) -> Outcome {
    Outcome::Failed {
        message: message.to_string(),
    }
}

#[test]
fn bad_input_gets_a_message() {
    check(
        MastermindJob::Count {
            spec: SpecDto {
                pegs: 4,
                colors: 40,
                repeats: true,
            },
            history: vec![],
            thorough: false,
            schedule: None,
        },
        failed("40 colours is not possible: choose 2 to 20"),
    );
    check(
        MastermindJob::Count {
            spec: CLASSIC,
            history: vec![row(&[0, 0, 9, 1], 0, 0)],
            thorough: false,
            schedule: None,
        },
        failed("row 1: peg 3 has colour 9, but colours go from 0 to 5"),
    );
    check(
        MastermindJob::NextGuess {
            spec: CLASSIC,
            history: vec![],
            strategy: "best".into(),
            seed: 0,
            check_scores: true,
        },
        failed(
            "unknown strategy 'best': choose one of random-consistent, first-consistent, knuth, most-parts, entropy, expected-size, optimal, local-search, sampled-split, colour-by-colour",
        ),
    );
    // Scores are checked where they enter the core: black + white over the pegs (over 255 once reached a u8
    // addition in the search), the impossible 3 black 1 white, colours out of range.
    for (black, white, message) in [
        (
            200,
            100,
            "row 1: 200 black and 100 white is more scoring pegs than the 4 a code has",
        ),
        (
            3,
            2,
            "row 1: 3 black and 2 white is more scoring pegs than the 4 a code has",
        ),
        (
            3,
            1,
            "row 1: 3 black and 1 white cannot happen: with 3 pegs right, the last one cannot be right in another place",
        ),
    ] {
        check(
            MastermindJob::NextGuess {
                spec: CLASSIC,
                history: vec![row(&[0, 0, 1, 1], black, white)],
                strategy: "local-search".into(),
                seed: 0,
                check_scores: true,
            },
            failed(message),
        );
    }
    check(
        MastermindJob::Count {
            spec: SpecDto {
                pegs: 101,
                colors: 20,
                repeats: true,
            },
            history: vec![],
            thorough: false,
            schedule: None,
        },
        failed("101 pegs is not possible: choose 2 to 100"),
    );
    assert!(
        ToWorker::from_json("{\"type\":\"Run\"")
            .unwrap_err()
            .starts_with("malformed message")
    );
}

#[test]
fn next_guess_and_contradiction() {
    let knuth = |history| MastermindJob::NextGuess {
        spec: CLASSIC,
        history,
        strategy: "knuth".into(),
        seed: 0,
        check_scores: true,
    };
    let Outcome::Ok {
        answer:
            Answer::Mastermind(MastermindAnswer::Guess {
                code, remaining, ..
            }),
    } = run(knuth(vec![]))
    else {
        panic!("knuth must answer the first guess")
    };
    assert_eq!((code, remaining.value.as_str()), (vec![0, 0, 1, 1], "1296"));
    check(
        knuth(vec![
            row(&[0, 0, 1, 1], 0, 0),
            row(&[2, 2, 3, 3], 0, 0),
            row(&[4, 4, 5, 5], 0, 0),
        ]),
        Outcome::Ok {
            answer: Answer::Mastermind(MastermindAnswer::Contradiction { row: 2 }),
        },
    );
}

#[test]
fn listener_hears_every_range() {
    use std::sync::atomic::AtomicU32;
    static LAST: AtomicU32 = AtomicU32::new(0);
    let obs = JobObserver::new().with_listener(|obs| {
        let p = obs.progress();
        assert!(p.done <= p.total);
        LAST.store(p.done as u32, Ordering::Relaxed);
    });
    let job = MastermindJob::Count {
        spec: CLASSIC,
        history: vec![row(&[0, 0, 1, 1], 1, 1)],
        thorough: false,
        schedule: None,
    };
    assert!(matches!(
        execute(&Job::Mastermind(job), &obs),
        Outcome::Ok { .. }
    ));
    assert_eq!(LAST.load(Ordering::Relaxed), 216);
}

fn clock() -> f64 {
    use std::sync::OnceLock;
    use std::time::Instant;
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

#[test]
fn a_timed_observer_gives_local_search_its_time_budget() {
    // A clock 100 ms later at every reading: the 250 ms of a guess run out within a few polls.
    fn hasty() -> f64 {
        static READS: AtomicU64 = AtomicU64::new(0);
        READS.fetch_add(1, Ordering::Relaxed) as f64 * 100.0
    }
    let spec = SpecDto {
        pegs: 60,
        colors: 20,
        repeats: true,
    };
    let core_spec = Spec::try_from(spec).unwrap();
    let secret = Code::random(&core_spec, &mut StdRng::seed_from_u64(2));
    let mut history = Vec::new();
    let mut cut = 0;
    for _ in 0..6 {
        let job = Job::Mastermind(MastermindJob::NextGuess {
            spec,
            history: history.clone(),
            strategy: "local-search".into(),
            seed: 1,
            check_scores: false,
        });
        let Outcome::Ok {
            answer: Answer::Mastermind(MastermindAnswer::Guess { code, note, .. }),
        } = execute(&job, &JobObserver::new().timed(hasty))
        else {
            panic!("local search must answer")
        };
        cut += usize::from(
            note.unwrap_or_default()
                .contains("time budget of 250 ms ran out"),
        );
        let text: Vec<String> = code.iter().map(u8::to_string).collect();
        let guess = Code::parse(&core_spec, &text.join(",")).unwrap();
        let fb = mastermind::score(&guess, &secret, spec.colors as u8);
        history.push(row(&code, fb.black, fb.white));
    }
    assert!(cut > 0, "no guess ran out of time");
}

#[test]
fn a_traced_count_records_every_range_once_whatever_the_schedule() {
    let spec = SpecDto {
        pegs: 5,
        colors: 6,
        repeats: true,
    };
    for (schedule, history) in [
        (ScheduleDto::Static, vec![row(&[0, 0, 1, 1, 2], 1, 2)]),
        (ScheduleDto::Stealing, vec![row(&[0, 0, 1, 1, 2], 1, 2)]),
        // Searched though the answer is known: the split can be watched on an empty board.
        (ScheduleDto::Static, vec![]),
    ] {
        let obs = JobObserver::new().traced(clock);
        let job = MastermindJob::Count {
            spec,
            history: history.clone(),
            thorough: false,
            schedule: Some(schedule),
        };
        let Outcome::Ok {
            answer: Answer::Mastermind(MastermindAnswer::Counted { count }),
        } = execute(&Job::Mastermind(job), &obs)
        else {
            panic!("the count must finish")
        };
        let trace = obs.take_trace();
        assert_eq!(trace.searches.len(), 1);
        let begun = &trace.searches[0];
        assert_eq!(
            (begun.units, begun.unit.digits, begun.unit.base),
            (1296, 4, 6)
        );
        assert_eq!(begun.unit.label(13), "1,1,3,2,…");
        let mut seen: Vec<u32> = trace.runs.iter().map(|r| r.index).collect();
        seen.sort_unstable();
        assert_eq!(seen, (0..1296).collect::<Vec<_>>(), "{schedule:?}");
        assert!(
            trace
                .runs
                .iter()
                .all(|r| 0.0 <= r.start && r.start <= r.end)
        );
        let found: u64 = trace.runs.iter().map(|r| r.found).sum();
        assert_eq!(found.to_string(), count.value);
        assert!(obs.take_trace().is_empty(), "taken once");
    }
}

#[test]
fn a_split_is_scored_or_refused_with_a_reason() {
    let split = |spec, history, guess: &[u8]| {
        let job = MastermindJob::Split {
            spec,
            history,
            guess: guess.to_vec(),
        };
        match run(job) {
            Outcome::Ok {
                answer: Answer::Mastermind(MastermindAnswer::Split { split }),
            } => split,
            other => panic!("{other:?}"),
        }
    };
    let s = split(CLASSIC, vec![], &[0, 0, 1, 1]).unwrap();
    assert_eq!(
        (s.total, s.worst, s.parts, s.guess_possible),
        (1296, 256, 13, true)
    );
    let s = split(CLASSIC, vec![row(&[0, 0, 1, 1], 1, 1)], &[2, 3, 4, 5]).unwrap();
    assert_eq!(s.total, 208);
    assert_eq!(s.classes.iter().map(|c| c.2).sum::<u64>(), 208);
    assert!(!s.guess_possible);
    let huge = SpecDto {
        pegs: 10,
        colors: 10,
        repeats: true,
    };
    assert_eq!(
        split(huge, vec![], &[0; 10]),
        Err("more than 1,048,576 codes are still possible: too many to split one by one (the split is \
             shown once fewer are left)"
            .into())
    );
    assert_eq!(
        run(MastermindJob::Split {
            spec: CLASSIC,
            history: vec![],
            guess: vec![0, 0, 1],
        }),
        failed("the guess: a code needs 4 pegs, this one has 3")
    );
}

#[test]
fn every_secret_or_seeded_games_are_played_with_progress_and_cancel() {
    let play = |games, strategy: &str| MastermindJob::Play {
        spec: CLASSIC,
        strategy: strategy.into(),
        games,
        seed: 1,
    };
    let obs = JobObserver::new();
    let Outcome::Ok {
        answer: Answer::Mastermind(MastermindAnswer::Played { played }),
    } = execute(&Job::Mastermind(play(None, "knuth")), &obs)
    else {
        panic!("knuth plays every secret")
    };
    // Knuth (1977): 5801 guesses over the 1296 secrets, never more than 5.
    let expected = PlayedDto {
        games: 1296,
        mean: 5801.0 / 1296.0,
        worst: 5,
        histogram: vec![0, 1, 6, 62, 533, 694],
        failed: 0,
        fallbacks: Vec::new(),
        failures: Vec::new(),
    };
    assert_eq!(played, expected);
    assert_eq!(obs.progress().done, 1296);
    assert_eq!(obs.progress().unit, "games");
    let obs = JobObserver::new();
    let Outcome::Ok {
        answer: Answer::Mastermind(MastermindAnswer::Played { played }),
    } = execute(&Job::Mastermind(play(Some(20), "random-consistent")), &obs)
    else {
        panic!("20 seeded games")
    };
    let p = obs.progress();
    assert_eq!((played.games, p.done, p.total), (20, 20, 20));
    let obs = JobObserver::new();
    obs.cancel();
    assert_eq!(
        execute(&Job::Mastermind(play(None, "entropy")), &obs),
        Outcome::Cancelled
    );
    check(
        play(Some(1_000_000), "knuth"),
        failed("1000000 games is too many for one run: ask for at most 100000"),
    );
}

#[test]
fn an_untraced_job_records_nothing() {
    let obs = JobObserver::new();
    let job = MastermindJob::Count {
        spec: CLASSIC,
        history: vec![row(&[0, 0, 1, 1], 1, 1)],
        thorough: false,
        schedule: None,
    };
    execute(&Job::Mastermind(job), &obs);
    assert!(obs.take_trace().is_empty());
}

#[test]
fn cancelled_job_says_so() {
    let obs = JobObserver::new();
    obs.cancel();
    let job = MastermindJob::Count {
        spec: SpecDto {
            pegs: 8,
            colors: 8,
            repeats: true,
        },
        history: vec![row(&[0, 0, 1, 1, 2, 2, 3, 3], 1, 1)],
        thorough: true,
        schedule: None,
    };
    assert_eq!(execute(&Job::Mastermind(job), &obs), Outcome::Cancelled);
}

#[test]
fn an_outcome_reads_as_a_games_reply() {
    let counted = MastermindAnswer::Counted {
        count: CountDto {
            value: "208".into(),
            exact: true,
        },
    };
    let ok = Outcome::Ok {
        answer: Answer::Mastermind(counted.clone()),
    };
    assert_eq!(ok.reply::<MastermindAnswer>(), Reply::Answer(counted));
    assert_eq!(
        Outcome::Cancelled.reply::<MastermindAnswer>(),
        Reply::Cancelled
    );
    assert_eq!(
        failed("no").reply::<MastermindAnswer>(),
        Reply::Failed("no".into())
    );
}
