//! Strategies choosing guesses: Knuth's figures, fallbacks, symmetry cuts and scoring, against brute force.

use super::*;
use crate::listing::listed::Listed;
use crate::partition::candidates::{ColorSymmetry, PegSymmetry, first_move_patterns};
use crate::play::fake_clock::FakeClock;
use progress::NoObserver;
use rand::SeedableRng;
use rand::rngs::StdRng;

/// `choose` as a game's first guess calls it: no observer, and no codes listed before.
fn choose_alone(
    strategy: Strategy,
    spec: &Spec,
    history: &[Row],
    budget: &Budget,
    rng: &mut StdRng,
) -> Result<Choice, StrategyError> {
    choose(
        strategy,
        spec,
        history,
        budget,
        &NoObserver,
        rng,
        &mut Listing::new(),
    )
}

#[test]
fn names_round_trip() {
    for s in Strategy::ALL {
        assert_eq!(s.name().parse::<Strategy>(), Ok(s));
    }
    assert!(
        "nonsense"
            .parse::<Strategy>()
            .unwrap_err()
            .contains("knuth")
    );
}

#[test]
fn knuth_opens_with_two_pairs() {
    let mut rng = StdRng::seed_from_u64(0);
    let c = choose_alone(
        Strategy::Knuth,
        &Spec::CLASSIC,
        &[],
        &Budget::UNLIMITED,
        &mut rng,
    )
    .unwrap();
    assert_eq!(c.guess.to_string(), "0,0,1,1");
    assert_eq!(c.remaining, Count::Exact(1296));
}

#[test]
fn lowest_codes_are_exactly_the_codes_that_test_lowest() {
    for spec in [Spec::CLASSIC, Spec::new(3, 7, false).unwrap()] {
        let listed = Listed::new(&spec).unwrap();
        for (present, tried) in [
            (0b111111, 0),
            (0b001111, 0b000011),
            (0b110101, 0b011100),
            (0b1111111, 0b1),
        ] {
            let symmetry = ColorSymmetry::new(&spec, present & ((1 << spec.colors) - 1), tried);
            let tested: Vec<u32> = (0..listed.len() as u32)
                .filter(|&i| symmetry.is_lowest(listed.pegs(i)))
                .collect();
            assert_eq!(
                symmetry.lowest_codes_from(&listed, &[]),
                tested,
                "{spec} {present:b} {tried:b}"
            );
            // The colour sets the lowest codes hold are exactly those `may_hold` admits.
            let held: std::collections::BTreeSet<u32> = tested
                .iter()
                .map(|&i| crate::partition::candidates::color_mask(listed.pegs(i)))
                .collect();
            let admitted: std::collections::BTreeSet<u32> = (0..listed.len() as u32)
                .map(|i| crate::partition::candidates::color_mask(listed.pegs(i)))
                .filter(|&mask| symmetry.may_hold(mask))
                .collect();
            assert_eq!(held, admitted, "{spec} {present:b} {tried:b}");
        }
    }
}

#[test]
fn the_lowest_form_of_a_code_is_the_code_exactly_when_it_tests_lowest() {
    let spec = Spec::CLASSIC;
    let listed = Listed::new(&spec).unwrap();
    for (present, tried) in [
        (0b111111, 0b000011),
        (0b110101, 0b011100),
        (0b001111, 0b100001),
    ] {
        let symmetry = ColorSymmetry::new(&spec, present, tried);
        for i in 0..listed.len() as u32 {
            let code = listed.pegs(i);
            let mut lowest = code.to_vec();
            symmetry.lowest_form(&mut lowest);
            assert_eq!(lowest == code, symmetry.is_lowest(code), "{code:?}");
            // The lowest form tests lowest itself, and is no higher than the code.
            assert!(
                symmetry.is_lowest(&lowest) && lowest.as_slice() <= code,
                "{code:?}"
            );
        }
    }
}

#[test]
fn peg_maps_fix_every_past_guess() {
    let spec = Spec::new(5, 8, true).unwrap();
    for past in [
        vec![vec![0u8, 0, 1, 1, 2]],
        vec![vec![0, 0, 1, 1, 2], vec![2, 2, 0, 3, 3]],
        vec![vec![0, 1, 2, 3, 4]],
    ] {
        let past: Vec<&[u8]> = past.iter().map(Vec::as_slice).collect();
        let symmetry = PegSymmetry::new(&spec, &past);
        let maps = symmetry.maps();
        // 0,0,1,1,2: swap the pairs' pegs, and the pairs themselves with their colours: 7 maps besides the
        // identity. Both guesses: only the swap of the first two pegs. All pegs different: any of the 119 other
        // peg orders, with colours, of which the search keeps the first 64 (any subset keeps the cut exact).
        let expected = match past.len() {
            1 if past[0] == [0, 0, 1, 1, 2] => 7,
            1 => 64,
            _ => 1,
        };
        assert_eq!(maps.len(), expected, "{past:?}");
        for (to, color) in maps {
            for guess in &past {
                let mut image = [0u8; 5];
                for (peg, &c) in guess.iter().enumerate() {
                    image[usize::from(to[peg])] = color[usize::from(c)];
                }
                assert_eq!(&image[..], *guess);
            }
        }
    }
}

#[test]
fn patterns_for_four_pegs() {
    let p: Vec<String> = first_move_patterns(&Spec::CLASSIC)
        .iter()
        .map(|c| c.to_string())
        .collect();
    assert_eq!(p, ["0,0,0,0", "0,0,0,1", "0,0,1,1", "0,0,1,2", "0,1,2,3"]);
}

#[test]
fn a_local_search_guess_stops_at_its_time_budget_and_says_so() {
    let spec = Spec::new(60, 20, true).unwrap();
    let mut rng = StdRng::seed_from_u64(4);
    let secret = Code::random(&spec, &mut rng);
    let budget = Budget::INTERACTIVE.with_guess_ms(10);
    let mut history: Vec<Row> = Vec::new();
    let mut cut = 0;
    // Each reading of this clock is 4 ms later: a guess gets three polls (about 3000 proposals), not its
    // 150,000. The guesses still come, each says when its time ran out, and the game still goes on.
    for _ in 0..8 {
        let clock = FakeClock::new(4.0, u64::MAX);
        let c = choose(
            Strategy::LocalSearch,
            &spec,
            &history,
            &budget,
            &clock,
            &mut rng,
            &mut Listing::new(),
        )
        .unwrap();
        let note = c.note.unwrap_or_default();
        if note.contains("time budget of 10 ms ran out") {
            cut += 1;
            assert!(
                // The deadline, the count stage's polls, and one last poll by each of the two order chains.
                clock.reads.load(std::sync::atomic::Ordering::Relaxed) <= 6,
                "{note}"
            );
        }
        let feedback = crate::score(&c.guess, &secret, spec.colors);
        history.push(Row {
            guess: c.guess,
            feedback,
        });
    }
    assert!(cut > 0, "no guess ran out of time");
    // Without a clock there is no time limit: the same position searches its full budget.
    let c = choose_alone(Strategy::LocalSearch, &spec, &history, &budget, &mut rng).unwrap();
    assert!(!c.note.unwrap_or_default().contains("time budget"));
}

#[test]
fn a_cancel_stops_a_local_search_guess() {
    let spec = Spec::new(60, 20, true).unwrap();
    let mut rng = StdRng::seed_from_u64(5);
    let secret = Code::random(&spec, &mut rng);
    let first = Code::random(&spec, &mut rng);
    let history = vec![Row {
        feedback: crate::score(&first, &secret, spec.colors),
        guess: first,
    }];
    // Cancelled before it starts: the search stops at its first poll and the guess is not played.
    let clock = FakeClock::new(0.0, 0);
    let r = choose(
        Strategy::LocalSearch,
        &spec,
        &history,
        &Budget::INTERACTIVE,
        &clock,
        &mut rng,
        &mut Listing::new(),
    );
    assert!(
        matches!(r, Err(StrategyError::Stopped(Stopped::Cancelled))),
        "{:?}",
        r.map(|c| c.note)
    );
}

#[test]
fn random_consistent_switches_to_the_sampled_split_on_huge_games_and_says_why() {
    let spec = Spec::new(20, 15, true).unwrap();
    let mut rng = StdRng::seed_from_u64(0);
    let secret = Code::random(&spec, &mut rng);
    let mut history = Vec::new();
    for _ in 0..3 {
        let c = choose_alone(
            Strategy::RandomConsistent,
            &spec,
            &history,
            &Budget::INTERACTIVE,
            &mut rng,
        )
        .unwrap();
        assert_eq!(c.played_by, Strategy::SampledSplit);
        assert!(
            c.note.as_deref().unwrap_or("").contains("exact search"),
            "{:?}",
            c.note
        );
        let feedback = crate::score(&c.guess, &secret, spec.colors);
        history.push(Row {
            guess: c.guess,
            feedback,
        });
    }
    // 4x6 is searched exactly.
    let c = choose_alone(
        Strategy::RandomConsistent,
        &Spec::CLASSIC,
        &[],
        &Budget::INTERACTIVE,
        &mut rng,
    )
    .unwrap();
    assert_eq!((c.played_by, c.note), (Strategy::RandomConsistent, None));
}

#[test]
fn optimal_falls_back_with_a_reason_when_its_search_runs_out_of_budget() {
    let spec = Spec::new(4, 5, true).unwrap();
    let mut rng = StdRng::seed_from_u64(0);
    let small = Budget {
        nodes: 100_000,
        ..Budget::INTERACTIVE
    };
    let c = choose_alone(Strategy::Optimal, &spec, &[], &small, &mut rng).unwrap();
    assert_eq!(c.played_by, Strategy::ExpectedSize);
    assert!(c.note.unwrap().contains("optimal search"));
    // With the book, the classic game's first guess is instant: 1123 (0,0,1,2).
    let c = choose_alone(Strategy::Optimal, &Spec::CLASSIC, &[], &small, &mut rng).unwrap();
    assert_eq!(
        (c.played_by, c.guess.to_string()),
        (Strategy::Optimal, "0,0,1,2".to_string())
    );
}

#[test]
fn knuth_falls_back_with_a_reason_on_big_games() {
    let spec = Spec::new(10, 10, true).unwrap();
    let mut rng = StdRng::seed_from_u64(0);
    let c = choose_alone(Strategy::Knuth, &spec, &[], &Budget::INTERACTIVE, &mut rng).unwrap();
    assert_eq!(c.played_by, Strategy::RandomConsistent);
    assert!(c.note.unwrap().contains("knuth"));
}

#[test]
fn a_listing_keeps_one_games_codes_between_guesses() {
    let mut listing = Listing::new();
    let classic = listing.of(&Spec::CLASSIC).unwrap() as *const Listed;
    assert_eq!(
        listing.of(&Spec::CLASSIC).unwrap() as *const Listed,
        classic
    );
    let other = Spec::new(4, 7, true).unwrap();
    assert_eq!(listing.of(&other).unwrap().len(), 2401);
    assert_eq!(listing.of(&Spec::CLASSIC).unwrap().len(), 1296);
    // A game too big to list is refused, with why (the codes held before are let go first).
    let huge = Spec::new(9, 9, true).unwrap();
    assert!(
        matches!(listing.of(&huge), Err(StrategyError::TooBig(why)) if why.contains("too many to list"))
    );
    // Guesses of one game give what fresh listings give.
    let history = [Row::new(&Spec::CLASSIC, vec![0, 0, 1, 1], 1, 1).unwrap()];
    let mut rng = StdRng::seed_from_u64(1);
    let kept = choose(
        Strategy::Knuth,
        &Spec::CLASSIC,
        &history,
        &Budget::INTERACTIVE,
        &NoObserver,
        &mut rng,
        &mut listing,
    );
    let fresh = choose_alone(
        Strategy::Knuth,
        &Spec::CLASSIC,
        &history,
        &Budget::INTERACTIVE,
        &mut rng,
    );
    assert_eq!(kept.unwrap(), fresh.unwrap());
}
