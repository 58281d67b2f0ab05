//! Tests of `local`.

use super::*;
use crate::{Feedback, MAX_COLORS, score};
use rand::SeedableRng;
use rand::rngs::StdRng;

fn play(spec: Spec, seed: u64) -> usize {
    let mut rng = StdRng::seed_from_u64(seed);
    let secret = Code::random(&spec, &mut rng);
    let mut history: Vec<Row> = Vec::new();
    for _ in 0..3000 {
        let found = search(
            &spec,
            &history,
            usize::from(spec.pegs) * MOVES_PER_PEG,
            &|| false,
            &mut rng,
        );
        assert_eq!(found.error, error_of(&history, &found.code), "{spec}");
        let feedback = score(&found.code, &secret, spec.colors);
        history.push(Row {
            guess: found.code,
            feedback,
        });
        if feedback.is_win(spec.pegs) {
            return history.len();
        }
    }
    panic!("{spec}: not solved in 3000 guesses");
}

/// The error the search reports, the slow way.
fn error_of(history: &[Row], code: &Code) -> u32 {
    history
        .iter()
        .map(|r| {
            let f = score(&r.guess, code, MAX_COLORS);
            f.black.abs_diff(r.feedback.black) as u32
                + (f.black + f.white).abs_diff(r.feedback.black + r.feedback.white) as u32
        })
        .sum()
}

#[test]
fn solves_medium_games() {
    for (spec, seed) in [
        (Spec::new(10, 10, true).unwrap(), 1),
        (Spec::new(20, 15, true).unwrap(), 2),
        (Spec::new(12, 20, false).unwrap(), 3),
    ] {
        let n = play(spec, seed);
        assert!(n < 60, "{spec}: {n} guesses");
    }
}

fn row(spec: &Spec, guess: &str, black: u8, white: u8) -> Row {
    Row {
        guess: Code::parse(spec, guess).unwrap(),
        feedback: Feedback { black, white },
    }
}

#[test]
fn the_seeds_pair_deductions() {
    // abbccc: 1 match, aaabcc: 3 matches; only more a's can add two matches: at least three a's.
    let spec = Spec::new(6, 4, true).unwrap();
    let b = color_bounds(
        &spec,
        &[
            row(&spec, "0,1,1,2,2,2", 0, 1),
            row(&spec, "0,0,0,1,2,2", 1, 2),
        ],
    )
    .unwrap();
    assert!(b.lo[0] >= 3, "{b:?}");
    // abbcccdef: 5 matches, aaabccedf: 4; a can have added at most one match: at most two a's.
    let spec = Spec::new(9, 7, true).unwrap();
    let b = color_bounds(
        &spec,
        &[
            row(&spec, "0,1,1,2,2,2,3,4,5", 0, 5),
            row(&spec, "0,0,0,1,2,2,4,3,5", 0, 4),
        ],
    )
    .unwrap();
    assert!(b.hi[0] <= 2, "{b:?}");
}

#[test]
fn bounds_always_hold_the_secret_and_find_contradictions() {
    let mut rng = StdRng::seed_from_u64(11);
    for round in 0..300 {
        let spec = Spec::new(
            rng.random_range(2..=30),
            rng.random_range(2..=12),
            round % 5 != 0,
        )
        .unwrap_or_else(|_| Spec::new(5, 8, false).unwrap());
        let secret = Code::random(&spec, &mut rng);
        // Guesses of few colours say the most about counts: mix those with random ones.
        let history: Vec<Row> = (0..rng.random_range(1..12))
            .map(|_| {
                let g = if spec.repeats && rng.random_bool(0.5) {
                    let (a, b) = (
                        rng.random_range(0..spec.colors),
                        rng.random_range(0..spec.colors),
                    );
                    let pegs = (0..spec.pegs)
                        .map(|i| if i % 3 == 0 { a } else { b })
                        .collect();
                    Code::new(&spec, pegs).unwrap()
                } else {
                    Code::random(&spec, &mut rng)
                };
                Row {
                    feedback: score(&g, &secret, spec.colors),
                    guess: g,
                }
            })
            .collect();
        let b = color_bounds(&spec, &history).expect("true scores never contradict");
        for c in 0..spec.colors {
            let n = secret.pegs().iter().filter(|&&x| x == c).count() as u8;
            let i = usize::from(c);
            assert!(
                b.lo[i] <= n && n <= b.hi[i],
                "{spec} colour {c}: {n} not in {b:?}"
            );
        }
    }
    // One all-0 guess with 2 matches and one all-1 guess with 3 matches on 4 pegs cannot both be true.
    let spec = Spec::new(4, 3, true).unwrap();
    let rows = [row(&spec, "0,0,0,0", 2, 0), row(&spec, "1,1,1,1", 3, 0)];
    assert_eq!(color_bounds(&spec, &rows), None);
    // The first row that breaks the counts is named, whatever follows it.
    let spec = Spec::new(100, 20, true).unwrap();
    let mut rng = StdRng::seed_from_u64(8);
    let secret = Code::random(&spec, &mut rng);
    let mut history: Vec<Row> = (0..30)
        .map(|_| {
            let g = Code::random(&spec, &mut rng);
            Row {
                feedback: score(&g, &secret, spec.colors),
                guess: g,
            }
        })
        .collect();
    assert_eq!(first_count_contradiction(&spec, &history), None);
    // A true score for the all-0 guess, then a false one for it.
    let n0 = secret.pegs().iter().filter(|&&c| c == 0).count() as u8;
    for (at, black) in [(12, n0), (20, n0 + 1)] {
        let row = Row {
            guess: Code::new(&spec, vec![0; 100]).unwrap(),
            feedback: Feedback { black, white: 0 },
        };
        history.insert(at, row);
    }
    assert_eq!(first_count_contradiction(&spec, &history), Some(20));
}

#[test]
fn single_colour_guesses_pin_every_count() {
    let spec = Spec::new(8, 4, true).unwrap();
    let secret = Code::parse(&spec, "0,0,1,3,3,3,1,0").unwrap();
    let history: Vec<Row> = (0..3)
        .map(|c| {
            let g = Code::new(&spec, vec![c; 8]).unwrap();
            Row {
                feedback: score(&g, &secret, 4),
                guess: g,
            }
        })
        .collect();
    let b = color_bounds(&spec, &history).unwrap();
    assert!(b.exact());
    assert_eq!(b.lo, vec![3, 2, 0, 3]);
}

#[test]
fn contradictory_scores_still_give_a_new_code() {
    let spec = Spec::new(6, 4, true).unwrap();
    let rows = vec![
        row(&spec, "0,0,0,0,0,0", 2, 0),
        row(&spec, "1,1,1,1,1,1", 5, 0),
    ];
    let mut rng = StdRng::seed_from_u64(3);
    let found = search(&spec, &rows, 1000, &|| false, &mut rng);
    assert!(found.error > 0);
    assert!(rows.iter().all(|r| r.guess != found.code));
}

#[test]
fn aimed_swaps_move_the_blacks_of_a_guess_that_is_off_towards_its_score() {
    let spec = Spec::new(8, 4, true).unwrap();
    let code = |s: &str| Code::parse(&spec, s).unwrap();
    let guess = code("0,1,2,3,0,1,2,3");
    let mut rng = StdRng::seed_from_u64(7);
    for (candidate, black) in [("0,1,2,3,1,0,3,2", 1), ("1,0,3,2,0,1,3,2", 5)] {
        let history = [Row {
            guess: guess.clone(),
            feedback: Feedback {
                black,
                white: 8 - black,
            },
        }];
        let pegs = code(candidate).pegs().to_vec();
        let r = black_offsets(&history, &pegs);
        let mut closer = 0;
        for _ in 0..200 {
            let (i, k) = aimed_swap(&history, &r, &pegs, &mut rng).expect("the guess is off");
            let mut swapped = pegs.clone();
            swapped.swap(i, k);
            let after = black_offsets(&history, &swapped)[0];
            // A black leaves its peg (four against one wanted), or a peg gains one (two against five); the other
            // peg of the swap may undo it, never more.
            assert!(
                after.abs() <= r[0].abs(),
                "{candidate}: swap {i},{k} from {} to {after}",
                r[0]
            );
            closer += usize::from(after.abs() < r[0].abs());
        }
        assert!(closer >= 100, "{candidate}: {closer} of 200 swaps closer");
    }
    // A code that fits: nothing to aim at.
    let history = [Row {
        guess: guess.clone(),
        feedback: Feedback { black: 8, white: 0 },
    }];
    let pegs = guess.pegs().to_vec();
    assert_eq!(
        aimed_swap(&history, &black_offsets(&history, &pegs), &pegs, &mut rng),
        None
    );
}

#[test]
fn cooling_falls_from_hot_to_cold_in_steps_and_takes_rises_by_their_chance() {
    let steps = 10_000;
    let mut cooling = Cooling::new((8.0, 0.4), steps);
    assert_eq!(cooling.t, 8.0);
    assert!((cooling.chance[1] - (-1.0f64 / 8.0).exp()).abs() < 1e-12);
    let mut t = cooling.t;
    for step in 1..steps {
        cooling.at(step);
        assert!(cooling.t <= t, "the temperature only falls");
        assert_eq!(
            cooling.t < t,
            step % COOL_EVERY == 0,
            "it falls at step {step}"
        );
        t = cooling.t;
    }
    // The last fall, at 9,984 of 10,000 steps: within 1 % of the cold end.
    assert!((cooling.t - 0.4).abs() < 0.004, "{}", cooling.t);
    let mut rng = StdRng::seed_from_u64(1);
    assert!((0..1000).all(|_| cooling.accept(0, &mut rng) && cooling.accept(-3, &mut rng)));
    // Past the kept chances the chance is worked out: a rise of 40 at 0.4 (e^-100) is never taken.
    assert!(!(0..1000).any(|_| cooling.accept(40, &mut rng)));
    // A rise of 1 at 0.4: about 8 % of the time.
    let taken = (0..10_000).filter(|_| cooling.accept(1, &mut rng)).count();
    assert!((600..1000).contains(&taken), "{taken}");
}
