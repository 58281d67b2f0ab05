//! The strategy comparison's reducer, natively.

use super::*;
use crate::route::parse_query;
use protocol::Answer;
use protocol::mastermind::PlayedDto;

fn played(mean: f64) -> Outcome {
    let played = PlayedDto {
        games: 1296,
        mean,
        worst: 5,
        histogram: vec![0, 1, 6, 62, 533, 694],
        failed: 0,
        fallbacks: Vec::new(),
        failures: Vec::new(),
    };
    Outcome::Ok {
        answer: Answer::Mastermind(MastermindAnswer::Played { played }),
    }
}

#[test]
fn a_run_plays_each_chosen_strategy_in_turn_and_can_be_cancelled() {
    let b = Rc::new(Bench::default());
    let b = b.reduce(BenchAction::Toggle(Strategy::LocalSearch));
    assert_eq!(b.chosen.len(), 8);
    let b = b.reduce(BenchAction::Run);
    let (seq, job) = b.job().unwrap();
    assert!(matches!(
        job,
        Job::Mastermind(MastermindJob::Play { games: None, .. })
    ));
    // Settings are frozen while it runs; stale answers are ignored.
    let same = b.clone().reduce(BenchAction::Size(5, 8));
    assert_eq!(same.spec, Spec::CLASSIC);
    let b = b.reduce(BenchAction::Progress(seq, 648, 1296));
    assert!((b.fraction() - 0.5 / 8.0).abs() < 1e-9);
    let b = b.reduce(BenchAction::Done(seq + 3, played(4.0), 1.0));
    assert!(b.lines.is_empty());
    let b = b.reduce(BenchAction::Done(seq, played(4.476), 12.0));
    assert_eq!((b.lines.len(), b.queue.len()), (1, 7));
    let b = b.reduce(BenchAction::Cancel);
    assert!(!b.running() && b.cancelled);
    assert_eq!(b.job(), None);
}

#[test]
fn a_strategy_dropped_and_chosen_again_takes_its_place_in_the_list() {
    let b = Rc::new(Bench::default());
    let b = b.reduce(BenchAction::Toggle(Strategy::Knuth));
    let b = b.reduce(BenchAction::Toggle(Strategy::RandomConsistent));
    assert!(!b.chosen.contains(&Strategy::Knuth) && b.chosen.len() == 7);
    let b = b.reduce(BenchAction::Toggle(Strategy::Knuth));
    let mut expected = Strategy::ALL.to_vec();
    expected.retain(|&s| s != Strategy::RandomConsistent && s != Strategy::SampledSplit);
    assert_eq!(b.chosen, expected);
}

#[test]
fn big_games_are_compared_on_seeded_games() {
    let b = Bench::from_query(&parse_query(
        "pegs=8&colors=8&strategies=knuth,entropy,nonsense",
    ));
    assert_eq!(
        (b.games, b.chosen.clone()),
        (Some(100), vec![Strategy::Knuth, Strategy::Entropy])
    );
    assert_eq!(b.link_errors.len(), 1);
    assert!(b.link_errors[0].starts_with("strategies: 'nonsense' is not a strategy"));
    let bad = Bench::from_query(&parse_query("pegs=x&colors=30&games=0"));
    assert_eq!(bad.spec, Spec::CLASSIC);
    assert_eq!(bad.link_errors.len(), 3, "{:?}", bad.link_errors);
    assert!(bad.link_errors[0].starts_with("pegs: 'x' is not a whole number"));
    assert!(bad.link_errors[1].starts_with("pegs and colors:"));
    assert!(bad.link_errors[2].starts_with("games: '0'"));
    let b = Rc::new(b).reduce(BenchAction::Games(None));
    assert_eq!(b.games, Some(100));
    // `all`, the Games menu's own name for every secret, is no error.
    let all = Bench::from_query(&parse_query("pegs=6&colors=9&games=All"));
    assert_eq!(
        (all.games, all.link_errors.len()),
        (None, 0),
        "{:?}",
        all.link_errors
    );
    // The address is rewritten without what was named: read back, it is the same comparison, with no error.
    let bad = Bench::from_query(&parse_query("strategies=knuth,banana&pegs=999"));
    assert_eq!(bad.link_errors.len(), 2, "{:?}", bad.link_errors);
    let link = bad.link_query();
    assert_eq!(link, "pegs=4&colors=6&games=all&strategies=knuth");
    let again = Bench::from_query(&parse_query(&link));
    assert_eq!(
        (
            again.spec,
            again.games,
            again.chosen,
            again.link_errors.len()
        ),
        (bad.spec, bad.games, bad.chosen, 0)
    );
    let most = Bench::from_query(&parse_query("games=most"));
    assert_eq!(most.games, None);
    assert!(most.link_errors[0].starts_with("games: 'most' is neither 'all' nor a number"));
}

/// A row is named after the strategy that played it, with the one asked for, where the size hands it over.
#[test]
fn rows_name_the_strategy_that_played() {
    use super::results::row_name;
    let huge = Spec::new(20, 15, true).unwrap();
    let (name, line) = row_name(Strategy::Knuth, &huge);
    assert_eq!(name, "sampled-split, for knuth");
    assert_eq!(
        line.as_deref(),
        Some("knuth cannot list 3.3 × 10²³ codes; sampled-split plays instead")
    );
    assert_eq!(
        row_name(Strategy::SampledSplit, &huge),
        ("sampled-split".into(), None)
    );
    assert_eq!(
        row_name(Strategy::Knuth, &Spec::CLASSIC),
        ("knuth".into(), None)
    );
}
