//! Tests of `by_colour`: games to the end where a colour is missing, the hand-over where none is, each test read
//! as it says.

use super::*;
use crate::score;
use rand::SeedableRng;
use rand::rngs::StdRng;

/// Plays `secret` one colour at a time: the guesses, or the hand-over's reason.
fn play(spec: &Spec, secret: &Code) -> Result<usize, String> {
    let mut history: Vec<Row> = Vec::new();
    for _ in 0..2_000 {
        let guess = match next(spec, &history) {
            Plan::Test(guess, _) | Plan::Known(guess) => guess,
            Plan::HandOver(why) => return Err(why),
        };
        assert!(
            !history.iter().any(|r| r.guess == guess),
            "{spec}: {guess} again"
        );
        let feedback = score(&guess, secret, spec.colors);
        history.push(Row { guess, feedback });
        if feedback.is_win(spec.pegs) {
            return Ok(history.len());
        }
    }
    panic!("{spec}: {secret} not broken in 2,000 guesses");
}

#[test]
fn breaks_every_secret_that_misses_a_colour() {
    let mut rng = StdRng::seed_from_u64(5);
    let mut broken = 0;
    for (pegs, colors) in [(4, 6), (10, 10), (20, 15), (30, 20), (12, 20)] {
        let spec = Spec::new(pegs, colors, true).unwrap();
        for _ in 0..20 {
            let secret = Code::random(&spec, &mut rng);
            let missing = (0..spec.colors).any(|c| !secret.pegs().contains(&c));
            match play(&spec, &secret) {
                Ok(_) => broken += 1,
                Err(why) => {
                    assert!(
                        !missing,
                        "{spec} {secret}: handed over ({why}) with a colour missing"
                    );
                    assert!(why.contains("every colour is in the secret"), "{why}");
                }
            }
        }
    }
    assert!(broken > 80, "{broken} of 100 broken");
}

#[test]
fn a_small_game_read_test_by_test() {
    let spec = Spec::new(4, 3, true).unwrap();
    let secret = Code::parse(&spec, "1,0,1,1").unwrap();
    // (Colours from 0.) Colour 0 is counted (1 peg), then colour 1 (3 pegs): colour 2 is missing, and fills. Colour
    // 0's peg is found by halving its block of four pegs: 0,0,2,2 scores 1 black, then 0,2,2,2 scores 0: it is the
    // second peg; colour 1 holds the rest, and the code is known.
    let mut history = Vec::new();
    let mut guesses = Vec::new();
    loop {
        let (Plan::Test(guess, _) | Plan::Known(guess)) = next(&spec, &history) else {
            panic!("handed over")
        };
        guesses.push(guess.to_string());
        let feedback = score(&guess, &secret, spec.colors);
        history.push(Row { guess, feedback });
        if feedback.is_win(spec.pegs) {
            break;
        }
    }
    assert_eq!(
        guesses,
        ["0,0,0,0", "1,1,1,1", "0,0,2,2", "0,2,2,2", "1,0,1,1"]
    );
}

#[test]
fn hands_over_without_repeats_or_a_missing_colour() {
    let spec = Spec::new(4, 6, false).unwrap();
    assert!(matches!(next(&spec, &[]), Plan::HandOver(why) if why.contains("repeated colours")));
    let spec = Spec::new(6, 2, true).unwrap();
    let secret = Code::parse(&spec, "1,0,1,0,1,0").unwrap();
    assert!(
        play(&spec, &secret)
            .unwrap_err()
            .contains("every colour is in the secret")
    );
}
