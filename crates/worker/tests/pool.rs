//! In headless Chromium, inside a dedicated worker (as in the app): the wasm-bindgen-rayon pool starts and a
//! consistent-code count really runs on more than one thread, with the same answer as on one.
#![cfg(target_arch = "wasm32")]
// A failed unwrap here is a failed test; wasm_bindgen_test functions are not seen as tests by clippy.
#![allow(clippy::unwrap_used)]

use std::collections::BTreeSet;
use std::sync::Mutex;

use protocol::mastermind::{MastermindAnswer, MastermindJob, RowDto, ScheduleDto, SpecDto};
use protocol::{Answer, Job, JobObserver, Outcome, execute};
use rayon::prelude::*;
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_dedicated_worker);

thread_local! {
    static POOL_STARTED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Starts the two-thread pool once for all tests: rayon's global pool can only be set up once, and a test
/// that used rayon first would set up a default one instead.
async fn start_pool() {
    if !POOL_STARTED.with(|s| s.replace(true)) {
        JsFuture::from(worker::init_thread_pool(2))
            .await
            .expect("initThreadPool(2)");
    }
}

#[wasm_bindgen_test]
async fn pool_runs_a_count_on_more_than_one_thread() {
    let isolated = js_sys::Reflect::get(&js_sys::global(), &"crossOriginIsolated".into())
        .ok()
        .and_then(|v| v.as_bool())
        .unwrap_or(false);
    assert!(
        isolated,
        "the test page must be cross-origin isolated for shared memory"
    );
    start_pool().await;
    assert_eq!(rayon::current_num_threads(), 2);

    // Plain rayon: enough work that both threads take part.
    let seen = Mutex::new(BTreeSet::new());
    let sum: u64 = (0..2_000u64)
        .into_par_iter()
        .map(|i| {
            if let Some(t) = rayon::current_thread_index() {
                seen.lock().unwrap().insert(t);
            }
            (0..20_000u64).fold(i, |a, b| a.wrapping_mul(31).wrapping_add(b))
        })
        .reduce(|| 0, u64::wrapping_add);
    assert_ne!(sum, 0);
    assert_eq!(
        seen.lock().unwrap().len(),
        2,
        "both pool threads must run work"
    );

    // The real job, through the protocol, as the worker runs it: 7x8 (2,097,152 codes), big enough that a pool
    // thread woken late still finds ranges left (at 6x8 one thread once took all 512 in a busy full check).
    let job = Job::Mastermind(MastermindJob::Count {
        spec: SpecDto {
            pegs: 7,
            colors: 8,
            repeats: true,
        },
        history: vec![RowDto {
            guess: vec![0, 0, 1, 1, 2, 2, 3],
            black: 1,
            white: 2,
        }],
        thorough: true,
        schedule: None,
    });
    let observer = JobObserver::new();
    let outcome = execute(&job, &observer);
    let Outcome::Ok {
        answer: Answer::Mastermind(MastermindAnswer::Counted { count }),
    } = outcome
    else {
        panic!("count failed: {outcome:?}")
    };
    let stats = observer.stats(0.0);
    assert!(
        stats.threads_used >= 2,
        "ranges ran on {} thread(s)",
        stats.threads_used
    );
    assert_eq!((stats.units, stats.unit.as_str()), (512, "prefix ranges"));
    // The same count on the calling thread alone (rayon's single-thread fallback does the same work).
    let expected = {
        let spec = mastermind::Spec::new(7, 8, true).unwrap();
        let guess = mastermind::Code::parse(&spec, "0,0,1,1,2,2,3").unwrap();
        let row = mastermind::Row {
            guess,
            feedback: mastermind::Feedback { black: 1, white: 2 },
        };
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .use_current_thread()
            .build();
        let count = || {
            mastermind::search::count(
                &spec,
                std::slice::from_ref(&row),
                &mastermind::search::Budget::UNLIMITED,
                &progress::NoObserver,
            )
        };
        match pool {
            Ok(p) => p.install(count),
            Err(_) => count(),
        }
    };
    assert_eq!(count.value, expected.unwrap().exact().unwrap().to_string());
}

/// On the real pool, a traced count shows each schedule as it is: fixed blocks put every range of a block on
/// one thread (block t on thread t), and both schedules trace every range exactly once with the same count.
#[wasm_bindgen_test]
async fn traced_schedules_on_the_pool() {
    start_pool().await;
    let mut counts = Vec::new();
    for schedule in [ScheduleDto::Static, ScheduleDto::Stealing] {
        let job = Job::Mastermind(MastermindJob::Count {
            spec: SpecDto {
                pegs: 6,
                colors: 8,
                repeats: true,
            },
            history: vec![],
            thorough: true,
            schedule: Some(schedule),
        });
        let observer = JobObserver::new().traced(worker::shared_ms);
        let Outcome::Ok {
            answer: Answer::Mastermind(MastermindAnswer::Counted { count }),
        } = execute(&job, &observer)
        else {
            panic!("count failed")
        };
        counts.push(count.value);
        let trace = observer.take_trace();
        assert_eq!(trace.searches.len(), 1);
        let ranges = trace.searches[0].units;
        assert_eq!(ranges, 512);
        let mut seen: Vec<u32> = trace.runs.iter().map(|r| r.index).collect();
        seen.sort_unstable();
        assert_eq!(seen, (0..ranges).collect::<Vec<_>>(), "{schedule:?}");
        assert!(trace.runs.iter().all(|r| r.start <= r.end && r.thread < 2));
        if schedule == ScheduleDto::Static {
            for r in &trace.runs {
                assert_eq!(r.thread, r.index * 2 / ranges, "range {}", r.index);
            }
        }
    }
    assert_eq!(counts, ["262144", "262144"]);
}

/// The feedback kernel as the wasm build compiles it (bit sets, a block of secrets per SIMD pass) agrees with
/// the obvious reference, for codes in 64-bit and 128-bit words and for codes too wide for either.
#[wasm_bindgen_test]
async fn wasm_feedback_kernel_matches_the_reference() {
    start_pool().await;
    for (pegs, colors) in [
        (4, 6),
        (5, 8),
        (8, 8),
        (10, 10),
        (16, 8),
        (16, 20),
        (17, 20),
        (100, 20),
    ] {
        let spec = mastermind::Spec::new(pegs, colors, true).unwrap();
        let (guesses, secrets) = mastermind::feedback_workload(&spec, 64, 256, 7);
        let slots = mastermind::Feedback::index_count(spec.pegs);
        let reference: u64 = guesses
            .iter()
            .map(|g| {
                let mut parts = vec![0u64; slots];
                for s in &secrets {
                    parts[mastermind::score_reference(g.pegs(), s.pegs()).index()] += 1;
                }
                parts
                    .iter()
                    .enumerate()
                    .map(|(i, n)| (i as u64 + 1) * n)
                    .sum::<u64>()
            })
            .sum();
        assert_eq!(
            mastermind::score_all(&spec, &guesses, &secrets),
            reference,
            "{spec}"
        );
    }
}
