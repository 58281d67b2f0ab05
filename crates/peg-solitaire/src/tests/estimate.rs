//! The estimate of games where an exact count needs too much memory: exact where nothing is thinned, within its
//! own standard error of the seed's figure where levels are thinned, the same draws on any number of threads, and
//! stopped when asked.

use progress::{Flow, NoObserver, Observer, Progress};

use crate::REPEATS;

use super::*;

fn english_centre() -> (Board, Position) {
    let board = Board::named("english").unwrap();
    let centre = board.hole(3, 3).unwrap();
    let start = board.full() & !(1 << centre);
    (board, start)
}

#[test]
fn an_estimate_that_thins_nothing_is_the_exact_count() {
    let board = Board::named("triangle").unwrap();
    for start_hole in start_holes(&board) {
        let start = board.full() & !(1 << start_hole);
        for finish in [Finish::DeadEnd, Finish::AnyOne] {
            let plan = EstimatePlan {
                keep: u64::MAX,
                repeats: 2,
                seed: 7,
            };
            let got = estimate(&board, start, finish, &plan, &NoObserver).unwrap();
            let exact = count(&board, start, finish, &Limits::NATIVE, &NoObserver).unwrap();
            assert_eq!(got.games, exact.solutions as f64, "{start_hole} {finish}");
            assert_eq!((got.standard_error, got.thinned), (0.0, 0));
        }
    }
}

/// The English board's games from the centre to a dead end (the seed's 577,116,156,815,309,849,672) with every
/// level past 5,000 classes thinned: within three standard errors, and the error a few per cent.
#[test]
fn a_thinned_estimate_lands_within_its_error_of_the_seeds_figure() {
    let (board, start) = english_centre();
    let exact = 577_116_156_815_309_849_672u128 as f64;
    for seed in [1, 2] {
        let plan = EstimatePlan {
            keep: 5_000,
            repeats: 8,
            seed,
        };
        let got = estimate(&board, start, Finish::DeadEnd, &plan, &NoObserver).unwrap();
        assert!(got.thinned > 10, "{got:?}");
        assert!(
            got.relative_error() > 0.0 && got.relative_error() < 0.1,
            "{got:?}"
        );
        let off = (got.games - exact).abs() / got.standard_error;
        assert!(
            off < 3.0,
            "seed {seed}: {} is {off:.1} standard errors off",
            got.games
        );
        assert_eq!(got.repeats.len(), 8);
        assert!(got.repeats.iter().any(|&r| r != got.repeats[0]), "{got:?}");
    }
}

#[test]
fn the_same_seed_draws_the_same_classes_on_one_thread_and_on_two() {
    let (board, start) = english_centre();
    let plan = EstimatePlan {
        keep: 2_000,
        repeats: 3,
        seed: 11,
    };
    let on = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| estimate(&board, start, Finish::DeadEnd, &plan, &NoObserver).unwrap())
    };
    assert_eq!(on(1).repeats, on(2).repeats);
}

#[test]
fn an_estimate_stops_when_asked() {
    struct StopAtRepeat;
    impl Observer for StopAtRepeat {
        fn report(&self, p: Progress) -> Flow {
            match p {
                Progress::Tally { unit, .. } if unit == REPEATS => Flow::Stop,
                _ => Flow::Continue,
            }
        }
    }
    let (board, start) = english_centre();
    let plan = EstimatePlan {
        keep: 1_000,
        repeats: 4,
        seed: 1,
    };
    let got = estimate(&board, start, Finish::DeadEnd, &plan, &StopAtRepeat);
    assert_eq!(got, Err(CountError::Cancelled));
}
