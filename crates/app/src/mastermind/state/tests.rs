//! Tests of `state`.

use super::*;
use crate::mastermind::params::Settings;
use crate::route::parse_query;
use protocol::{JobObserver, execute};

/// Runs the requested job on the core right here (as the worker would) and feeds the answer back.
fn serve(game: &mut Game) {
    while let Some(req) = game.request.clone() {
        let outcome = execute(&req.job, &JobObserver::new());
        game.apply(Action::Job(
            req.seq,
            JobAnswer::Done(outcome, RunStats::default()),
        ));
    }
}

fn settings(query: &str) -> Settings {
    let (settings, errors) = Settings::from_query(&parse_query(query));
    assert!(errors.is_empty(), "{errors:?}");
    settings
}

fn type_code(game: &mut Game, code: &[u8]) {
    for &c in code {
        game.apply(Action::Pick(c));
    }
    game.apply(Action::Submit);
}

#[test]
fn person_breaks_a_fixed_secret() {
    let mut g = Game::new(settings("mode=break&secret=3,1,4,1"), 1);
    assert_eq!(g.phase, Phase::Guessing);
    type_code(&mut g, &[0, 0, 1, 1]);
    serve(&mut g);
    assert_eq!(g.rows[0].score, Some(Feedback { black: 1, white: 1 }));
    assert_eq!(g.remaining.as_ref().map(|c| c.value.as_str()), Some("208"));
    type_code(&mut g, &[3, 1, 4, 1]);
    assert_eq!(g.phase, Phase::Won(2));
    let counts: Vec<_> = g.counts().into_iter().map(|c| c.map(|c| c.value)).collect();
    assert_eq!(
        counts,
        [Some("1296".into()), Some("208".into()), Some("1".into())]
    );
}

#[test]
fn the_split_shown_follows_the_inspected_row_then_the_draft_then_the_latest_row() {
    let mut g = Game::new(settings("mode=break&secret=3,1,4,1"), 1);
    assert_eq!(g.split_target(), None);
    type_code(&mut g, &[0, 0, 1, 1]);
    serve(&mut g);
    type_code(&mut g, &[2, 3, 4, 5]);
    serve(&mut g);
    let latest = g.split_target().unwrap();
    assert_eq!((latest.label.as_str(), latest.history.len()), ("row 2", 1));
    assert_eq!(latest.actual, Some(Feedback { black: 1, white: 1 }));
    // A suggested code fills the draft; a complete draft is split against every row.
    g.apply(Action::Fill(vec![3, 1, 4, 1]));
    let draft = g.split_target().unwrap();
    assert_eq!(
        (draft.label.as_str(), draft.history.len(), draft.actual),
        ("your next guess", 2, None)
    );
    g.apply(Action::Fill(vec![9, 9, 9, 9])); // not a code of 4x6: ignored
    assert_eq!(g.full_draft(), Some(vec![3, 1, 4, 1]));
    g.apply(Action::Inspect(Some(0)));
    let first = g.split_target().unwrap();
    assert_eq!((first.label.as_str(), first.history.len()), ("row 1", 0));
    g.apply(Action::Inspect(Some(7)));
    assert_eq!(g.inspect, None);
}

/// The game a link reproduces: its settings read back from the query.
fn reopen(g: &Game) -> Game {
    Game::new(settings(&g.link_query()), 2)
}

#[test]
fn a_link_reproduces_the_game_in_progress() {
    // You break a random secret: the link carries it, hidden, and the guesses.
    let mut g = Game::new(settings("mode=break&pegs=5&colors=7"), 1);
    serve(&mut g);
    let secret = g.secret.clone().unwrap();
    type_code(&mut g, &[0, 0, 1, 1, 2]);
    serve(&mut g);
    type_code(&mut g, &[3, 3, 4, 4, 5]);
    serve(&mut g);
    let link = g.link_query();
    assert!(
        !link.contains(
            &secret
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(",")
        )
    );
    let mut again = reopen(&g);
    serve(&mut again);
    assert_eq!(again.secret, g.secret);
    assert_eq!(
        again
            .rows
            .iter()
            .map(|r| (r.guess.clone(), r.score))
            .collect::<Vec<_>>(),
        g.rows
            .iter()
            .map(|r| (r.guess.clone(), r.score))
            .collect::<Vec<_>>()
    );
    assert_eq!(
        (again.phase.clone(), again.remaining.clone()),
        (Phase::Guessing, g.remaining.clone())
    );

    // The computer breaks a secret kept in mind: the link carries the person's scores and the guess awaiting
    // its score.
    let mut g = Game::new(
        settings("mode=make&scoring=manual&strategy=first-consistent"),
        1,
    );
    serve(&mut g);
    score_last(&mut g, 0, 0);
    assert_eq!(g.phase, Phase::Scoring);
    let again = reopen(&g);
    assert_eq!(again.phase, Phase::Scoring);
    assert_eq!(again.history(), g.history());
    assert_eq!(again.rows.len(), 2);

    // A finished game reopens finished.
    let mut g = Game::new(settings("mode=break&secret=3,1,4,1"), 1);
    type_code(&mut g, &[3, 1, 4, 1]);
    assert_eq!(reopen(&g).phase, Phase::Won(1));
}

#[test]
fn person_asks_for_a_full_count_and_plays_on() {
    let mut g = Game::new(settings("mode=break&pegs=5&colors=8&secret=7,6,5,4,3"), 1);
    type_code(&mut g, &[0, 0, 1, 1, 2]);
    g.apply(Action::CountAll);
    assert_eq!(g.phase, Phase::Thinking);
    assert!(matches!(
        &g.request,
        Some(Request {
            background: false,
            ..
        })
    ));
    serve(&mut g);
    assert_eq!(g.phase, Phase::Guessing);
    assert_eq!(g.remaining.as_ref().map(|c| c.exact), Some(true));
    // Cancelling one goes back to guessing too.
    g.apply(Action::CountAll);
    g.apply(Action::Cancel);
    assert_eq!(
        (g.phase.clone(), g.request.is_none()),
        (Phase::Guessing, true)
    );
}

#[test]
fn person_loses_after_the_last_row() {
    let mut g = Game::new(settings("mode=break&secret=3,1,4,1&rows=2"), 1);
    type_code(&mut g, &[0, 0, 0, 0]);
    serve(&mut g);
    type_code(&mut g, &[0, 0, 0, 0]);
    assert_eq!(g.phase, Phase::Lost);
}

#[test]
fn computer_breaks_an_entered_secret() {
    let mut g = Game::new(settings("mode=make&scoring=auto&strategy=knuth"), 1);
    assert_eq!(g.phase, Phase::EnteringSecret);
    type_code(&mut g, &[5, 4, 3, 2]);
    serve(&mut g);
    assert!(matches!(g.phase, Phase::Won(n) if n <= 5), "{:?}", g.phase);
}

#[test]
fn step_by_step_the_computer_waits_and_explains_each_guess() {
    let mut g = Game::new(
        settings("mode=make&scoring=auto&strategy=knuth&step=1&secret=5,4,3,2"),
        1,
    );
    serve(&mut g);
    let mut steps = 0;
    while g.phase == Phase::Paused {
        // While paused, the codes the latest score leaves are counted for the chart.
        assert_eq!(g.counts().len(), g.rows.len() + 1);
        assert!(g.counts().iter().all(Option::is_some), "{:?}", g.counts());
        let why = g
            .rows
            .last()
            .and_then(|r| r.why.clone())
            .unwrap_or_default();
        assert!(why.contains("whatever the answer, at most"), "{why}");
        g.apply(Action::Step);
        serve(&mut g);
        steps += 1;
    }
    assert!(
        matches!(g.phase, Phase::Won(n) if n == steps + 1),
        "{:?} after {steps}",
        g.phase
    );
    // Knuth's first guess on 1296 codes: 1122 leaves at most 256.
    assert_eq!(
        g.rows[0].why.as_deref(),
        Some(
            "whatever the answer, at most 256 of the 1,296 codes will be left (the smallest worst case of any \
             guess), and it could be the secret"
        )
    );
}

fn score_last(game: &mut Game, black: u8, white: u8) {
    game.apply(Action::SetScore(Feedback { black, white }));
    game.apply(Action::SubmitScore);
    serve(game);
}

#[test]
fn wrong_manual_score_is_caught_and_fixed() {
    let mut g = Game::new(
        settings("mode=make&scoring=manual&strategy=first-consistent"),
        1,
    );
    serve(&mut g);
    // The person says none of colours 0-4 appear: the first consistent guesses are 0000, 1111, ..., 5555.
    for c in 0..5u8 {
        assert_eq!(g.rows[usize::from(c)].guess, vec![c; 4]);
        score_last(&mut g, 0, 0);
    }
    assert_eq!(g.rows[5].guess, vec![5, 5, 5, 5]);
    // Only 5555 is left, yet the person scores it one black: row 6 (index 5) contradicts the rows above.
    score_last(&mut g, 1, 0);
    assert_eq!(g.phase, Phase::Contradiction(5));
    // The mistake was row 1: the secret has three 0s. Fixing it makes the rows consistent again.
    g.apply(Action::Edit(0));
    g.apply(Action::SetScore(Feedback { black: 3, white: 0 }));
    g.apply(Action::SubmitScore);
    serve(&mut g);
    assert_eq!(g.phase, Phase::Scoring);
    assert_eq!(g.remaining.as_ref().map(|c| c.value.as_str()), Some("4"));
    assert_eq!(g.rows.len(), 7);
    // The counts after the fixed row are the new ones: 1296, then 4 codes with three 0s and one 5 (each row
    // after the first rules nothing more out), and the count for the unscored 7th row is not known yet.
    let counts: Vec<_> = g.counts().into_iter().map(|c| c.map(|c| c.value)).collect();
    assert_eq!(counts.len(), 7);
    assert_eq!(counts[0].as_deref(), Some("1296"));
    assert_eq!(counts[6].as_deref(), Some("4"));
}

#[test]
fn a_scored_guess_shows_what_it_leaves_before_the_next_guess_comes() {
    let mut g = Game::new(settings("mode=make&scoring=manual&strategy=knuth"), 1);
    serve(&mut g);
    assert_eq!(g.rows[0].guess, vec![0, 0, 1, 1]);
    // Scored 1,1: Knuth's 208 codes are shown at once, from the guess's split, while the next guess is asked for.
    g.apply(Action::SetScore(Feedback { black: 1, white: 1 }));
    g.apply(Action::SubmitScore);
    assert!(g.request.is_some());
    assert_eq!(g.remaining.as_ref().map(|c| c.value.as_str()), Some("208"));
    assert_eq!(
        g.counts()[1].as_ref().map(|c| c.value.as_str()),
        Some("208")
    );
    serve(&mut g);
    assert_eq!(g.remaining.as_ref().map(|c| c.value.as_str()), Some("208"));
    // The split panel shows the first row's split from the row itself (no job for it): 1,296 codes, the largest
    // class Knuth's 256.
    g.apply(Action::Inspect(Some(0)));
    let shown = g
        .split_target()
        .and_then(|t| t.split)
        .expect("row 1 carries its split");
    assert_eq!((shown.total, shown.worst), (1296, 256));
    g.apply(Action::Inspect(None));
    // Changing the first score leaves the second guess's split for codes that no longer fit: it is dropped.
    g.apply(Action::SetScore(Feedback { black: 0, white: 1 }));
    g.apply(Action::SubmitScore);
    serve(&mut g);
    g.apply(Action::Edit(0));
    g.apply(Action::SetScore(Feedback { black: 0, white: 0 }));
    g.apply(Action::SubmitScore);
    assert!(g.rows[0].split.is_some() && g.rows[1].split.is_none());
}

#[test]
fn stale_answers_are_ignored() {
    let mut g = Game::new(settings("mode=make&scoring=manual"), 1);
    let seq = g.request.as_ref().map(|r| r.seq).unwrap_or_default();
    g.apply(Action::Job(
        seq + 5,
        JobAnswer::Done(Outcome::Cancelled, RunStats::default()),
    ));
    assert_eq!(g.phase, Phase::Thinking);
}

#[test]
fn the_person_takes_back_a_guess_gives_up_and_plays_again() {
    let mut g = Game::new(settings("mode=break&secret=3,1,4,1"), 1);
    type_code(&mut g, &[0, 0, 1, 1]);
    serve(&mut g);
    type_code(&mut g, &[2, 2, 3, 3]);
    serve(&mut g);
    let after_one = g.rows[0].after.clone();
    g.apply(Action::Undo);
    assert_eq!(g.rows.len(), 1);
    assert_eq!(g.remaining, after_one, "the count is the first row's again");
    g.apply(Action::Undo);
    assert!(g.rows.is_empty());
    assert_eq!(g.remaining.as_ref().map(|c| c.value.as_str()), Some("1296"));
    g.apply(Action::Undo); // nothing left to take back: no change
    assert_eq!(g.phase, Phase::Guessing);
    // Both come back in order, with their scores and counts.
    g.apply(Action::Redo);
    assert_eq!(g.rows.len(), 1);
    assert_eq!(g.remaining, after_one);
    g.apply(Action::Redo);
    assert_eq!(g.rows[1].guess, [2, 2, 3, 3]);
    g.apply(Action::Redo); // nothing left to play again
    assert_eq!(g.rows.len(), 2);
    // A new guess forgets what was taken back.
    g.apply(Action::Undo);
    type_code(&mut g, &[0, 1, 2, 3]);
    assert!(g.undone.is_empty());
    g.apply(Action::Redo);
    assert_eq!(g.rows[1].guess, [0, 1, 2, 3]);
    g.apply(Action::GiveUp);
    assert_eq!(g.phase, Phase::Lost);
    assert!(g.gave_up);
    assert_eq!(g.started, 0);
    g.apply(Action::NewGame(Settings {
        secret: None,
        played: Vec::new(),
        ..g.settings.clone()
    }));
    assert_eq!((g.started, g.gave_up), (1, false));
}

#[test]
fn a_random_secret_fits_the_game() {
    for query in [
        "mode=make&pegs=5&colors=8",
        "mode=make&pegs=6&colors=6&repeats=0",
    ] {
        let mut g = Game::new(settings(query), 7);
        assert_eq!(g.phase, Phase::EnteringSecret);
        g.apply(Action::RandomDraft);
        let code: Vec<u8> = g
            .draft
            .iter()
            .map(|c| c.expect("every peg filled"))
            .collect();
        assert!(
            Code::new(&g.spec, code.clone()).is_ok(),
            "{query}: {code:?}"
        );
        g.apply(Action::Submit);
        assert_eq!(g.secret, Some(code));
    }
}

#[test]
fn a_cancelled_or_failed_search_goes_on_from_the_same_rows() {
    // The computer breaks 3,1,4,1: two guesses played, the third cancelled.
    let mut g = Game::new(
        settings("mode=make&secret=3,1,4,1&strategy=knuth&step=1"),
        1,
    );
    serve(&mut g);
    g.apply(Action::Step);
    serve(&mut g);
    let rows = g.rows.clone();
    assert_eq!(rows.len(), 2);
    g.apply(Action::Step);
    assert_eq!(g.phase, Phase::Thinking);
    g.apply(Action::Cancel);
    assert!(matches!(g.phase, Phase::Failed(_)));
    assert_eq!(g.rows, rows, "the rows are kept");
    // Going on with another strategy asks for the next guess after the same rows, and the link names it.
    g.apply(Action::Resume(Some(Strategy::Entropy)));
    assert_eq!(g.phase, Phase::Thinking);
    assert_eq!(g.settings.strategy, Strategy::Entropy);
    assert!(
        g.link_query().contains("strategy=entropy"),
        "{}",
        g.link_query()
    );
    serve(&mut g);
    assert_eq!(&g.rows[..2], &rows[..]);
    assert_eq!(g.rows.len(), 3);
    // A failed answer ends the search the same way; going on without a new strategy asks again.
    let mut g = Game::new(settings("mode=make&secret=3,1,4,1"), 1);
    let seq = g.request.as_ref().map(|r| r.seq).unwrap_or_default();
    g.apply(Action::Job(
        seq,
        JobAnswer::Done(
            Outcome::Failed {
                message: "a pool thread stopped".into(),
            },
            RunStats::default(),
        ),
    ));
    assert!(matches!(g.phase, Phase::Failed(_)));
    g.apply(Action::Resume(None));
    serve(&mut g);
    assert!(
        g.rows.len() == 1 || matches!(g.phase, Phase::Won(_)),
        "{:?}",
        g.phase
    );
    // Resume is ignored unless the search failed.
    let before = g.clone();
    g.apply(Action::Resume(Some(Strategy::Optimal)));
    assert_eq!(g, before);
}

#[test]
fn the_computers_secret_is_drawn_at_once_from_the_seed() {
    // No job: the person guesses while the solver is still starting.
    let g = Game::new(settings("mode=break"), 1);
    assert_eq!(g.phase, Phase::Guessing);
    assert!(g.request.is_none());
    let secret = g.secret.clone().expect("a secret");
    assert_eq!(secret.len(), 4);
    assert!(secret.iter().all(|&c| c < 6));
    // The same seed, the same secret (a shared link's game replays); another seed, another game.
    assert_eq!(
        Game::new(settings("mode=break"), 1).secret,
        Some(secret.clone())
    );
    let others: Vec<_> = (2..12)
        .map(|s| Game::new(settings("mode=break"), s).secret)
        .collect();
    assert!(others.iter().any(|o| o.as_ref() != Some(&secret)));
}
