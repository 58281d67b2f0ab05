//! Tests of `knowledge`: the certain part against every code of small games, the sample, the sentence.

use super::*;
use crate::score;
use progress::NoObserver;
use rand::SeedableRng;
use rand::rngs::StdRng;

/// Every code of a small game.
fn every_code(spec: &Spec) -> Vec<Code> {
    let (k, n) = (u32::from(spec.colors), u32::from(spec.pegs));
    (0..k.pow(n))
        .map(|mut i| {
            (0..n)
                .map(|_| {
                    let c = (i % k) as u8;
                    i /= k;
                    c
                })
                .collect::<Vec<u8>>()
        })
        .filter_map(|pegs| Code::new(spec, pegs).ok())
        .collect()
}

fn row(spec: &Spec, guess: &str, secret: &Code) -> Row {
    let guess = Code::parse(spec, guess).unwrap();
    let feedback = score(&guess, secret, spec.colors);
    Row { guess, feedback }
}

/// Random games of small sizes, guesses drawn at random: at every row, every code that fits every score has its
/// colours where the certain part allows and its counts within the bounds (nothing possible is ruled out), and
/// once the code is found every peg is placed.
#[test]
fn the_certain_part_never_rules_out_a_code_that_fits() {
    let mut rng = StdRng::seed_from_u64(7);
    let mut removed = 0;
    for spec in [
        Spec::new(4, 3, true).unwrap(),
        Spec::new(5, 4, true).unwrap(),
        Spec::new(4, 6, false).unwrap(),
        Spec::new(6, 3, true).unwrap(),
    ] {
        let codes = every_code(&spec);
        for _ in 0..40 {
            let secret = Code::random(&spec, &mut rng);
            let mut history = Vec::new();
            for _ in 0..6 {
                let guess = Code::random(&spec, &mut rng);
                let feedback = score(&guess, &secret, spec.colors);
                history.push(Row { guess, feedback });
                let (bounds, possible) = certain(&spec, &history).expect("the scores agree");
                for code in codes.iter().filter(|c| {
                    history
                        .iter()
                        .all(|r| score(&r.guess, c, spec.colors) == r.feedback)
                }) {
                    for (p, &c) in code.pegs().iter().enumerate() {
                        assert!(
                            possible[p] & 1 << c != 0,
                            "{spec} {history:?}: {code} at peg {p}"
                        );
                    }
                    for c in 0..spec.colors {
                        let n = code.pegs().iter().filter(|&&x| x == c).count() as u8;
                        let c = usize::from(c);
                        assert!(
                            (bounds.lo[c]..=bounds.hi[c]).contains(&n),
                            "{spec}: colour {c}"
                        );
                    }
                }
                removed += possible
                    .iter()
                    .map(|m| spec.colors as u32 - m.count_ones())
                    .sum::<u32>();
            }
            history.push(Row {
                guess: secret.clone(),
                feedback: score(&secret, &secret, spec.colors),
            });
            let (_, possible) = certain(&spec, &history).unwrap();
            let placed: Vec<u32> = secret.pegs().iter().map(|&c| 1 << c).collect();
            assert_eq!(possible, placed, "{spec}: the winning row places every peg");
        }
    }
    assert!(
        removed > 1000,
        "the rules rule out colours at pegs ({removed})"
    );
}

#[test]
fn each_rule_on_a_hand_made_game() {
    let spec = Spec::new(4, 6, true).unwrap();
    let secret = Code::parse(&spec, "0,1,2,3").unwrap();
    // No match: colours 4 and 5 are at no peg.
    let mut history = vec![row(&spec, "4,4,5,5", &secret)];
    let (bounds, possible) = certain(&spec, &history).unwrap();
    assert_eq!((bounds.hi[4], bounds.hi[5]), (0, 0));
    assert!(possible.iter().all(|&m| m == 0b1111));
    // No black: each colour is ruled out where it stands.
    history.push(row(&spec, "1,0,3,2", &secret));
    let (_, possible) = certain(&spec, &history).unwrap();
    assert_eq!(possible, vec![0b1101, 0b1110, 0b0111, 0b1011]);
    // Two blacks that only pegs 2 and 3 can give (colour 5 is nowhere): they are placed.
    history.push(row(&spec, "5,5,2,3", &secret));
    let (_, possible) = certain(&spec, &history).unwrap();
    assert_eq!((possible[2], possible[3]), (0b0100, 0b1000));
    // One peg of colour 0, which cannot stand at peg 1, 2 or 3: it is at peg 0.
    history.push(row(&spec, "0,0,0,0", &secret));
    let (bounds, possible) = certain(&spec, &history).unwrap();
    assert_eq!((bounds.lo[0], bounds.hi[0]), (1, 1));
    assert_eq!(possible[0], 0b0001);
    // Then peg 1 is the one left for colour 1 (the secret holds at least one: 1,0,3,2 matched four colours).
    assert_eq!(possible[1], 0b0010);
}

#[test]
fn contradicting_scores_name_the_first_row_that_contradicts() {
    let spec = Spec::new(4, 6, true).unwrap();
    let secret = Code::parse(&spec, "0,1,2,3").unwrap();
    let mut history = vec![
        row(&spec, "1,0,4,5", &secret),
        row(&spec, "0,0,0,0", &secret),
    ];
    // Colour 0 at peg 1 was ruled out by the first row (no black there): 4 blacks cannot be.
    history.push(Row {
        guess: Code::parse(&spec, "0,0,2,3").unwrap(),
        feedback: crate::Feedback { black: 4, white: 0 },
    });
    history.push(row(&spec, "2,2,2,2", &secret));
    let found = learn(
        &spec,
        &history,
        &Budget::UNLIMITED,
        &NoObserver,
        &mut StdRng::seed_from_u64(1),
    );
    assert_eq!(found, Err(Unknowable::Contradiction(2)));
}

/// A 20x15 game halfway: every sampled code fits every score and the certain part; the sentence speaks of the
/// last row; the shares add up to the sample at every peg.
#[test]
fn the_sample_fits_every_score_and_the_sentence_names_the_row() {
    let spec = Spec::new(20, 15, true).unwrap();
    let mut rng = StdRng::seed_from_u64(3);
    let secret = Code::random(&spec, &mut rng);
    let mut history = Vec::new();
    for _ in 0..12 {
        let found = local::search(
            &spec,
            &history,
            20 * local::MOVES_PER_PEG,
            &|| false,
            &mut rng,
        );
        let feedback = score(&found.code, &secret, spec.colors);
        history.push(Row {
            guess: found.code,
            feedback,
        });
    }
    let known = learn(&spec, &history, &Budget::UNLIMITED, &NoObserver, &mut rng).unwrap();
    assert!(known.sample.len() >= 2, "{} codes", known.sample.len());
    for code in &known.sample {
        assert!(
            history
                .iter()
                .all(|r| score(&r.guess, code, spec.colors) == r.feedback)
        );
        assert!(
            code.pegs()
                .iter()
                .enumerate()
                .all(|(p, &c)| known.possible[p] & 1 << c != 0)
        );
    }
    let shares = known.shares(spec.colors);
    assert!(
        shares
            .iter()
            .all(|s| s.iter().sum::<u32>() as usize == known.sample.len())
    );
    assert!(
        known.lesson.starts_with("Guess 12 scored"),
        "{}",
        known.lesson
    );
    assert!(known.agreed() <= 20);
    // Before any row: nothing is known, and nothing is said.
    let empty = learn(&spec, &[], &Budget::UNLIMITED, &NoObserver, &mut rng).unwrap();
    assert_eq!((empty.sample.len(), empty.lesson.as_str()), (0, ""));
    assert!(empty.possible.iter().all(|&m| m == (1 << 15) - 1));
}

#[test]
fn the_winning_row_says_the_code_is_broken() {
    let spec = Spec::new(4, 6, true).unwrap();
    let secret = Code::parse(&spec, "0,1,2,3").unwrap();
    let history = [
        row(&spec, "1,0,4,5", &secret),
        row(&spec, "0,1,2,3", &secret),
    ];
    let known = learn(
        &spec,
        &history,
        &Budget::UNLIMITED,
        &NoObserver,
        &mut StdRng::seed_from_u64(1),
    )
    .unwrap();
    assert_eq!(
        known.lesson,
        "Guess 2 scored 4 black: every peg in place, the code is broken."
    );
    // Every peg placed: colour 0 at the first, 1 at the second, ...
    assert_eq!(known.possible, vec![0b0001, 0b0010, 0b0100, 0b1000]);
    // The sample is the secret, which fits (the searches never end on a code already played).
    assert_eq!((known.sample, known.misses), (vec![secret], 0));
}
