//! Runs a [`Job`] on the game cores, reporting progress into a [`JobObserver`] that another thread can read
//! and use to cancel.

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};

use rand::SeedableRng;
use rand::rngs::StdRng;

use mastermind::search::{self, Budget, Flow, Observer, Progress, Stopped};
use mastermind::strategy::{self, StrategyError};
use mastermind::{Code, Row, Spec, Strategy, local, partition};

use crate::{
    Answer, Job, MAX_BENCH_FEEDBACKS, MAX_PLAYED_GAMES, MastermindAnswer, MastermindJob, Outcome,
    RangeRun, RowDto, RunStats, SearchBegun, SplitDto, Trace,
};

/// Most range records a trace holds between two reports; more are counted as dropped.
const MAX_PENDING_RUNS: usize = 20_000;

/// A clock shared by every thread, in milliseconds (the worker's is `performance.timeOrigin + now()`).
pub type Clock = fn() -> f64;

/// The trace being recorded: records not yet reported, and the ranges running now.
#[derive(Debug, Default)]
struct Tracer {
    clock: Option<(Clock, f64)>,
    search: Option<u32>,
    pending: Trace,
    open: HashMap<usize, (u32, f64)>,
}

/// Progress and cancellation of one job, shared between the thread that runs it and the one that reports.
#[derive(Debug, Default)]
pub struct JobObserver {
    cancelled: AtomicBool,
    ranges_done: AtomicU32,
    ranges_total: AtomicU32,
    ranges_all: AtomicU32,
    threads: AtomicU64,
    nodes: AtomicU64,
    listener: Option<fn(&JobObserver)>,
    tracer: Mutex<Tracer>,
    /// The clock the core may read for time budgets ([`Observer::clock_ms`]).
    clock: Option<Clock>,
}

impl JobObserver {
    /// A fresh observer.
    pub fn new() -> Self {
        Self::default()
    }

    /// Also calls `listener(self)` on every report, on the thread that reports. For a job that runs on the
    /// reporting thread itself (no pool), where nobody else can poll.
    pub fn with_listener(self, listener: fn(&JobObserver)) -> Self {
        JobObserver {
            listener: Some(listener),
            ..self
        }
    }

    /// Lets the core read `clock` for its time budgets (a local-search guess's [`Budget::guess_ms`]).
    pub fn timed(self, clock: Clock) -> Self {
        JobObserver {
            clock: Some(clock),
            ..self
        }
    }

    /// Also records which thread ran which range and when, by `clock` (read on every thread, so it must be one
    /// clock for all of them); [`JobObserver::take_trace`] collects the records.
    pub fn traced(self, clock: Clock) -> Self {
        let tracer = Tracer {
            clock: Some((clock, clock())),
            ..Tracer::default()
        };
        JobObserver {
            tracer: Mutex::new(tracer),
            ..self
        }
    }

    /// The trace recorded since the last call (empty when not traced).
    pub fn take_trace(&self) -> Trace {
        self.tracer
            .lock()
            .map(|mut t| std::mem::take(&mut t.pending))
            .unwrap_or_default()
    }

    fn trace(&self, progress: Progress) {
        let Ok(mut t) = self.tracer.lock() else {
            return;
        };
        let Some((clock, t0)) = t.clock else { return };
        let now = clock() - t0;
        let thread = |th: Option<usize>| th.map_or(0, |i| i as u32);
        match progress {
            Progress::Begin {
                ranges,
                prefix_pegs,
            } => {
                let search = t.search.map_or(0, |s| s + 1);
                t.search = Some(search);
                t.open.clear();
                t.pending.searches.push(SearchBegun {
                    search,
                    ranges: ranges as u32,
                    prefix_pegs: prefix_pegs as u32,
                    at: now,
                });
            }
            Progress::Started { index, thread: th } => {
                t.open.insert(index, (thread(th), now));
            }
            // Games played are progress, not ranges on threads.
            Progress::Games { .. } => {}
            Progress::Range {
                index,
                thread: th,
                found,
                nodes,
            } => {
                let (thread, start) = t.open.remove(&index).unwrap_or((thread(th), now));
                let search = t.search.unwrap_or(0);
                if t.pending.runs.len() < MAX_PENDING_RUNS {
                    t.pending.runs.push(RangeRun {
                        search,
                        index: index as u32,
                        thread,
                        start,
                        end: now,
                        found,
                        nodes,
                    });
                } else {
                    t.pending.dropped += 1;
                }
            }
        }
    }

    /// Asks the job to stop at its next check.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    /// Whether [`JobObserver::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }

    /// `(ranges done, ranges total)` of the search running now.
    pub fn progress(&self) -> (u32, u32) {
        (
            self.ranges_done.load(Ordering::Relaxed),
            self.ranges_total.load(Ordering::Relaxed),
        )
    }

    /// What the job cost so far, given its wall time.
    pub fn stats(&self, millis: f64) -> RunStats {
        RunStats {
            millis,
            ranges: self.ranges_all.load(Ordering::Relaxed),
            threads_used: self.threads.load(Ordering::Relaxed).count_ones(),
            nodes: self.nodes.load(Ordering::Relaxed),
        }
    }
}

impl Observer for JobObserver {
    fn report(&self, progress: Progress) -> Flow {
        self.trace(progress);
        match progress {
            Progress::Started { .. } => {}
            Progress::Games { done, total } => {
                self.ranges_done.store(done as u32, Ordering::Relaxed);
                self.ranges_total.store(total as u32, Ordering::Relaxed);
            }
            Progress::Begin { ranges, .. } => {
                self.ranges_done.store(0, Ordering::Relaxed);
                self.ranges_total.store(ranges as u32, Ordering::Relaxed);
            }
            Progress::Range { thread, nodes, .. } => {
                self.ranges_done.fetch_add(1, Ordering::Relaxed);
                self.ranges_all.fetch_add(1, Ordering::Relaxed);
                self.nodes.fetch_add(nodes, Ordering::Relaxed);
                if let Some(t) = thread {
                    self.threads.fetch_or(1 << (t % 64), Ordering::Relaxed);
                }
            }
        }
        if let Some(listener) = self.listener {
            listener(self);
        }
        if self.is_cancelled() {
            Flow::Stop
        } else {
            Flow::Continue
        }
    }

    fn keep_going(&self) -> bool {
        !self.is_cancelled()
    }

    fn clock_ms(&self) -> Option<f64> {
        self.clock.map(|clock| clock())
    }
}

/// Runs `job` to its end (or until `observer` is cancelled). Never panics on bad input: every problem
/// becomes [`Outcome::Failed`] with a message for people.
pub fn execute(job: &Job, observer: &JobObserver) -> Outcome {
    let result = match job {
        Job::Mastermind(job) => mastermind_job(job, observer).map(Answer::Mastermind),
    };
    match result {
        Ok(answer) => Outcome::Ok { answer },
        Err(_) if observer.is_cancelled() => Outcome::Cancelled,
        Err(message) => Outcome::Failed { message },
    }
}

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

fn mastermind_job(job: &MastermindJob, observer: &JobObserver) -> Result<MastermindAnswer, String> {
    let budget = Budget::INTERACTIVE;
    match job {
        MastermindJob::NewSecret { spec, seed } => {
            let spec = Spec::try_from(*spec)?;
            let code = Code::random(&spec, &mut StdRng::seed_from_u64(*seed));
            Ok(MastermindAnswer::Secret {
                code: code.pegs().to_vec(),
            })
        }
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
            // Local search plays the closest code even when no code fits, so scores a person entered are checked
            // before it, with a small budget (finding a consistent code is NP-hard): if the check cannot finish,
            // the game goes on. The exact strategies need no separate check: their own search finds that no
            // code fits, and only then is the first row that breaks it looked for.
            let heuristic = strategy == Strategy::LocalSearch || strategy::too_big_to_search(&spec);
            if *check_scores && heuristic {
                match mastermind::first_contradiction(&spec, &history, &Budget::DISPLAY, observer) {
                    Ok(Some(row)) => return Ok(MastermindAnswer::Contradiction { row }),
                    Ok(None) => {}
                    // Too big to check exactly: scores whose colour counts cannot add up are still caught,
                    // at any size, from the bounds the local search deduces.
                    Err(Stopped::Budget) => {
                        if let Some(row) = local::first_count_contradiction(&spec, &history) {
                            return Ok(MastermindAnswer::Contradiction { row });
                        }
                    }
                    Err(e) => return Err(stopped(e)),
                }
            }
            let mut rng = StdRng::seed_from_u64(*seed);
            match strategy::choose(strategy, &spec, &history, &budget, observer, &mut rng) {
                Ok(choice) => {
                    // The scoring strategies explain themselves by the split of the codes they scored (at most
                    // `MAX_LISTED_CODES`, so listing them again is quick); the others by the count alone.
                    let by = choice.played_by;
                    let split = if by.scores_partitions() || by == Strategy::Optimal {
                        partition::split_remaining(
                            &spec,
                            &history,
                            &choice.guess,
                            &budget,
                            observer,
                        )
                        .map_err(stopped)?
                    } else {
                        None
                    };
                    Ok(MastermindAnswer::Guess {
                        code: choice.guess.pegs().to_vec(),
                        why: partition::explain(by, &choice.remaining, split.as_ref()),
                        remaining: choice.remaining.into(),
                        strategy: by.name().to_string(),
                        note: choice.note,
                    })
                }
                Err(StrategyError::Contradiction) => {
                    match mastermind::first_contradiction(&spec, &history, &budget, observer) {
                        Ok(Some(row)) => Ok(MastermindAnswer::Contradiction { row }),
                        Ok(None) => Err("no code fits every score".to_string()),
                        Err(e) => Err(stopped(e)),
                    }
                }
                Err(e) => Err(e.to_string()),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ScheduleDto, SpecDto, ToWorker};

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
            MastermindJob::NewSecret {
                spec: SpecDto {
                    pegs: 4,
                    colors: 40,
                    repeats: true,
                },
                seed: 0,
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
                "unknown strategy 'best': choose one of random-consistent, first-consistent, knuth, most-parts, entropy, expected-size, optimal, local-search",
            ),
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
    fn huge_games_catch_scores_whose_colour_counts_cannot_add_up() {
        let spec = SpecDto {
            pegs: 100,
            colors: 20,
            repeats: true,
        };
        let solid = |c: u8| vec![c; 100];
        let mut other = solid(2);
        other[0] = 3;
        let job = MastermindJob::NextGuess {
            spec,
            history: vec![
                row(&other, 5, 3),
                row(&solid(0), 7, 0),
                row(&solid(1), 6, 0),
                row(&solid(0), 9, 0),
            ],
            strategy: "local-search".into(),
            seed: 1,
            check_scores: true,
        };
        check(
            job,
            Outcome::Ok {
                answer: Answer::Mastermind(MastermindAnswer::Contradiction { row: 3 }),
            },
        );
    }

    #[test]
    fn listener_hears_every_range() {
        use std::sync::atomic::AtomicU32;
        static LAST: AtomicU32 = AtomicU32::new(0);
        let obs = JobObserver::new().with_listener(|obs| {
            let (done, total) = obs.progress();
            assert!(done <= total);
            LAST.store(done, Ordering::Relaxed);
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
            assert_eq!(
                (trace.searches[0].ranges, trace.searches[0].prefix_pegs),
                (1296, 4)
            );
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
        let expected = crate::PlayedDto {
            games: 1296,
            mean: 5801.0 / 1296.0,
            worst: 5,
            histogram: vec![0, 1, 6, 62, 533, 694],
            failed: 0,
        };
        assert_eq!(played, expected);
        assert_eq!(obs.progress(), (1296, 1296));
        let obs = JobObserver::new();
        let Outcome::Ok {
            answer: Answer::Mastermind(MastermindAnswer::Played { played }),
        } = execute(&Job::Mastermind(play(Some(20), "random-consistent")), &obs)
        else {
            panic!("20 seeded games")
        };
        assert_eq!((played.games, obs.progress()), (20, (20, 20)));
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
}
