//! Mastermind jobs on games too big to list their codes: scores a person entered that cannot add up, and what the
//! scores tell (the knowledge grid's job).

use super::*;

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
fn knowledge_of_a_huge_game_or_the_row_its_scores_cannot_pass() {
    let spec = SpecDto {
        pegs: 100,
        colors: 20,
        repeats: true,
    };
    let solid = |c: u8| vec![c; 100];
    let job = |history| MastermindJob::Knowledge {
        spec,
        history,
        seed: 1,
        ms: 1_000,
    };
    // Colour 0 five times, colour 1 never: colour 1 is ruled out at every peg, and the sample says so too.
    let Outcome::Ok {
        answer: Answer::Mastermind(MastermindAnswer::Known { knowledge }),
    } = run(job(vec![row(&solid(0), 5, 0), row(&solid(1), 0, 0)]))
    else {
        panic!("no knowledge");
    };
    assert_eq!(
        (
            knowledge.rows,
            knowledge.lo[0],
            knowledge.hi[0],
            knowledge.hi[1]
        ),
        (2, 5, 5, 0)
    );
    assert!(knowledge.possible.iter().all(|m| m & 0b10 == 0));
    assert_eq!(knowledge.shares.len(), 100);
    assert!(knowledge.sample >= 2, "{} codes", knowledge.sample);
    for peg in &knowledge.shares {
        assert_eq!(
            peg.iter().map(|&n| u32::from(n)).sum::<u32>(),
            knowledge.sample
        );
        assert_eq!(peg[1], 0);
    }
    assert!(
        knowledge
            .lesson
            .starts_with("Guess 2 scored 0 black, 0 white"),
        "{}",
        knowledge.lesson
    );
    // Five pegs of colour 0, then seven.
    check(
        job(vec![
            row(&solid(0), 5, 0),
            row(&solid(1), 0, 0),
            row(&solid(0), 7, 0),
        ]),
        failed("the scores contradict each other: no code fits rows 1 to 3 (row 3 cannot be)"),
    );
}
