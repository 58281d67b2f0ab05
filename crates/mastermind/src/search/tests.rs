//! Tests of `search`.

use super::plan::prefix_split;
use super::*;
use crate::{Feedback, score};
use progress::{Flow, NoObserver, Progress};

/// Every code of a small game, by brute force.
fn all_codes(spec: &Spec) -> Vec<Code> {
    let mut out = Vec::new();
    let total = u64::from(spec.colors).pow(u32::from(spec.pegs));
    for i in 0..total {
        let mut pegs = vec![0u8; usize::from(spec.pegs)];
        let mut r = i;
        for p in pegs.iter_mut().rev() {
            *p = (r % u64::from(spec.colors)) as u8;
            r /= u64::from(spec.colors);
        }
        if let Ok(code) = Code::new(spec, pegs) {
            out.push(code);
        }
    }
    out
}

fn brute_force(spec: &Spec, history: &[Row]) -> Vec<Code> {
    all_codes(spec)
        .into_iter()
        .filter(|s| {
            history
                .iter()
                .all(|r| score(&r.guess, s, spec.colors) == r.feedback)
        })
        .collect()
}

fn history(spec: &Spec, secret: &str, guesses: &[&str]) -> Vec<Row> {
    let secret = Code::parse(spec, secret).unwrap();
    guesses
        .iter()
        .map(|g| {
            let guess = Code::parse(spec, g).unwrap();
            let feedback = score(&guess, &secret, spec.colors);
            Row { guess, feedback }
        })
        .collect()
}

fn check(spec: Spec, secret: &str, guesses: &[&str]) {
    let h = history(&spec, secret, guesses);
    let expected = brute_force(&spec, &h);
    let u = Budget::UNLIMITED;
    let got = collect(&spec, &h, usize::MAX, &u, &NoObserver)
        .unwrap()
        .unwrap();
    assert_eq!(got, expected, "{spec} {guesses:?}");
    let n = count(&spec, &h, &u, &NoObserver).unwrap();
    assert_eq!(n, Count::Exact(expected.len() as u128));
    for schedule in [Schedule::Stealing, Schedule::Static] {
        assert_eq!(count_scheduled(&spec, &h, &u, &NoObserver, schedule), Ok(n));
    }
    assert_eq!(
        first(&spec, &h, &u, &NoObserver).unwrap(),
        expected.first().cloned()
    );
    let mut rng = StdRng::seed_from_u64(1);
    let (code, draw) = random(&spec, &h, &u, &NoObserver, &mut rng)
        .unwrap()
        .unwrap();
    assert!(expected.contains(&code));
    assert_eq!(draw, Draw::Uniform(expected.len() as u128));
}

#[test]
fn search_equals_brute_force() {
    check(Spec::CLASSIC, "3,1,4,1", &["0,0,1,1"]);
    check(Spec::CLASSIC, "3,1,4,1", &["0,0,1,1", "2,3,4,5"]);
    check(Spec::CLASSIC, "5,5,5,5", &["0,0,1,1", "2,2,3,3", "4,4,5,5"]);
    check(
        Spec::new(4, 6, false).unwrap(),
        "0,1,2,3",
        &["0,1,4,5", "3,2,1,0"],
    );
    check(Spec::new(5, 3, true).unwrap(), "2,2,0,1,0", &["0,0,1,1,2"]);
    check(Spec::new(2, 2, true).unwrap(), "1,0", &["0,0"]);
    check(
        Spec::new(6, 4, true).unwrap(),
        "3,0,0,2,1,3",
        &["0,0,1,1,2,2", "3,3,2,2,1,1"],
    );
}

/// Records which thread started and finished which range.
#[derive(Default)]
struct Tally(std::sync::Mutex<Vec<(bool, usize, Option<usize>)>>);

impl Observer for Tally {
    fn report(&self, p: Progress) -> Flow {
        let event = match p {
            Progress::Begin { .. } | Progress::Tally { .. } | Progress::Figure { .. } => None,
            Progress::Started { index, thread } => Some((true, index, thread)),
            Progress::Finished { index, thread, .. } => Some((false, index, thread)),
        };
        self.0.lock().unwrap().extend(event);
        Flow::Continue
    }
}

#[test]
fn each_schedule_runs_every_range_once_on_the_thread_it_says() {
    let spec = Spec::new(6, 6, true).unwrap();
    let h = history(&spec, "3,1,4,1,5,2", &["0,0,1,1,2,2"]);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(3)
        .build()
        .unwrap();
    for schedule in [Schedule::Stealing, Schedule::Static] {
        let tally = Tally::default();
        pool.install(|| count_scheduled(&spec, &h, &Budget::UNLIMITED, &tally, schedule))
            .unwrap();
        let events = tally.0.into_inner().unwrap();
        let (_, ranges) = prefix_split(&spec, super::plan::TARGET_RANGES);
        let mut started: Vec<_> = events.iter().filter(|e| e.0).map(|e| (e.1, e.2)).collect();
        let mut finished: Vec<_> = events.iter().filter(|e| !e.0).map(|e| (e.1, e.2)).collect();
        started.sort();
        finished.sort();
        assert_eq!(
            started, finished,
            "{schedule:?}: each range ends on the thread it began on"
        );
        assert_eq!(
            started.iter().map(|e| e.0).collect::<Vec<_>>(),
            (0..ranges).collect::<Vec<_>>()
        );
        if schedule == Schedule::Static {
            // Thread t ran exactly block t: ranges t*R/3 .. (t+1)*R/3.
            for (index, thread) in started {
                assert_eq!(thread, Some(index * 3 / ranges), "range {index}");
            }
        }
    }
}

#[test]
fn contradiction_has_no_codes() {
    let spec = Spec::CLASSIC;
    let g = Code::parse(&spec, "0,0,1,1").unwrap();
    let h = [
        Row {
            guess: g.clone(),
            feedback: Feedback { black: 4, white: 0 },
        },
        Row {
            guess: g,
            feedback: Feedback { black: 0, white: 0 },
        },
    ];
    assert_eq!(
        count(&spec, &h, &Budget::UNLIMITED, &NoObserver),
        Ok(Count::Exact(0))
    );
    assert_eq!(first(&spec, &h, &Budget::UNLIMITED, &NoObserver), Ok(None));
}

#[test]
fn budget_gives_lower_bound_and_random_order_fallback() {
    let spec = Spec::new(10, 10, true).unwrap();
    let h = history(&spec, "0,1,2,3,4,5,6,7,8,9", &["0,0,1,1,2,2,3,3,4,4"]);
    let small = Budget {
        nodes: 200_000,
        ..Budget::INTERACTIVE
    };
    let Count::AtLeast(n) = count(&spec, &h, &small, &NoObserver).unwrap() else {
        panic!("a 10x10 count cannot finish in 200k nodes")
    };
    assert!(n > 0);
    let mut rng = StdRng::seed_from_u64(3);
    let (code, draw) = random(&spec, &h, &Budget::INTERACTIVE, &NoObserver, &mut rng)
        .unwrap()
        .unwrap();
    assert!(
        matches!(draw, Draw::RandomOrder { at_least } if at_least > 0),
        "{draw:?}"
    );
    assert_eq!(score(&h[0].guess, &code, 10), h[0].feedback);
}

struct CancelAfter(AtomicU64);
impl Observer for CancelAfter {
    fn report(&self, p: Progress) -> Flow {
        if matches!(p, Progress::Finished { .. }) && self.0.fetch_sub(1, Ordering::Relaxed) <= 1 {
            Flow::Stop
        } else {
            Flow::Continue
        }
    }
}

#[test]
fn observer_can_cancel() {
    let spec = Spec::new(8, 8, true).unwrap();
    let h = history(&spec, "0,1,2,3,4,5,6,7", &["0,0,1,1,2,2,3,3"]);
    let obs = CancelAfter(AtomicU64::new(3));
    assert_eq!(
        count(&spec, &h, &Budget::UNLIMITED, &obs),
        Err(Stopped::Cancelled)
    );
}

#[test]
fn random_is_uniform_enough() {
    // 4 consistent codes; 4000 draws: each should come out roughly 1000 times.
    let spec = Spec::new(3, 3, true).unwrap();
    let h = history(&spec, "0,1,2", &["0,1,1", "1,2,2"]);
    let codes = brute_force(&spec, &h);
    let mut hits = vec![0u32; codes.len()];
    let mut rng = StdRng::seed_from_u64(11);
    let draws = 1000 * codes.len() as u32;
    for _ in 0..draws {
        let (c, _) = random(&spec, &h, &Budget::UNLIMITED, &NoObserver, &mut rng)
            .unwrap()
            .unwrap();
        hits[codes.iter().position(|x| *x == c).unwrap()] += 1;
    }
    assert!(hits.iter().all(|&h| (850..1150).contains(&h)), "{hits:?}");
}

#[test]
fn a_count_cut_into_parts_adds_up_to_the_count() {
    let spec = Spec::new(6, 7, true).unwrap();
    let history = vec![
        Row::new(&spec, vec![0, 0, 1, 1, 2, 2], 1, 2).unwrap(),
        Row::new(&spec, vec![3, 4, 5, 6, 0, 1], 0, 3).unwrap(),
    ];
    let Count::Exact(whole) = count(&spec, &history, &Budget::UNLIMITED, &NoObserver).unwrap()
    else {
        panic!("an exact count");
    };
    assert!(whole > 1000, "{whole}");
    for at_least in [1, 300, 5000] {
        let n = ranges(&spec, at_least);
        assert!(n as u128 >= at_least.min(7u128.pow(5)), "{n}");
        let cuts = [0, n / 3, n / 3 + 1, n];
        let sum: u128 = cuts
            .windows(2)
            .map(|w| {
                match count_part(
                    &spec,
                    &history,
                    &Budget::UNLIMITED,
                    &NoObserver,
                    at_least,
                    w[0]..w[1],
                ) {
                    Ok(Count::Exact(c)) => c,
                    other => panic!("{other:?}"),
                }
            })
            .sum();
        assert_eq!(sum, whole, "cut into {n}");
    }
}
