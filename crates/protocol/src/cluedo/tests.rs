//! Cluedo's jobs through JSON, both ways, on the real core.
#![cfg(feature = "cluedo")]

use super::*;
use crate::{FromWorker, Job, JobObserver, Reply, ToWorker, execute};
use cluedo::Owner;

fn run_job(job: CluedoJob) -> Reply<CluedoAnswer> {
    // Through JSON, as the page sends it.
    let msg = ToWorker::Run {
        id: 1,
        job: Job::Cluedo(job),
        trace: false,
    };
    let Ok(ToWorker::Run { job, .. }) = ToWorker::from_json(&msg.to_json()) else {
        panic!("round trip")
    };
    let done = FromWorker::Done {
        id: 1,
        outcome: execute(&job, &JobObserver::new()),
        stats: Default::default(),
    };
    let Ok(FromWorker::Done { outcome, .. }) = FromWorker::from_json(&done.to_json()) else {
        panic!("round trip")
    };
    outcome.reply()
}

fn example() -> ViewDto {
    ViewDto {
        players: 3,
        me: 0,
        hand: vec![0, 1, 6, 7, 12, 13],
        hand_sizes: vec![6, 6, 6],
        turns: vec![TurnDto::Suggest {
            by: 0,
            cards: [2, 8, 14],
            shown_by: Some(2),
            card: Some(14),
        }],
    }
}

#[test]
fn a_notebook_travels_and_reads() {
    let Reply::Answer(CluedoAnswer::Notebook(nb)) =
        run_job(CluedoJob::Notebook { view: example() })
    else {
        panic!("a notebook")
    };
    let back = nb.notebook().expect("a notebook travels back whole");
    assert_eq!(NotebookDto::from(&back), nb);
    let c = |n| Card::new(n).expect("card");
    assert_eq!(back.holder(c(14)), Some(Owner::Seat(2)));
    assert_eq!(back.holder(c(0)), Some(Owner::Seat(0)));
    assert_eq!(back.holder(c(2)), None);
    assert_eq!(back.share(c(2), Owner::Seat(1)), 0.0, "seat 1 passed");
    assert_eq!(back.envelope(), [None, None, None]);
    let mut bad = nb.clone();
    bad.counts.pop();
    assert!(bad.notebook().is_err(), "a short notebook is refused");
    let Reply::Answer(CluedoAnswer::Why { turns, .. }) = run_job(CluedoJob::Why {
        view: example(),
        card: 14,
    }) else {
        panic!("why")
    };
    assert_eq!(turns, Some(vec![0]));
}

#[test]
fn computer_players_move_and_bad_requests_are_named() {
    let Reply::Answer(CluedoAnswer::Act(a, _)) = run_job(CluedoJob::Act {
        view: example(),
        kind: "deduction".into(),
        ask: AskDto::Turn,
        seed: 1,
    }) else {
        panic!("a move")
    };
    assert!(matches!(a, ActionDto::Suggest { .. }));
    // The expert says why.
    let Reply::Answer(CluedoAnswer::Act(a, why)) = run_job(CluedoJob::Act {
        view: example(),
        kind: "expert".into(),
        ask: AskDto::Turn,
        seed: 1,
    }) else {
        panic!("a move")
    };
    assert!(matches!(
        a,
        ActionDto::Suggest { .. } | ActionDto::Accuse { .. }
    ));
    assert!(why.is_some_and(|w| w.ends_with('.')));
    let Reply::Answer(CluedoAnswer::Act(a, _)) = run_job(CluedoJob::Act {
        view: example(),
        kind: "random".into(),
        ask: AskDto::Show {
            by: 1,
            options: vec![6, 12],
        },
        seed: 1,
    }) else {
        panic!("a move")
    };
    assert!(matches!(a, ActionDto::Show { card: 6 | 12 }));
    let bad = |job| match run_job(job) {
        Reply::Failed(m) => m,
        other => panic!("{other:?}"),
    };
    assert!(
        bad(CluedoJob::Act {
            view: example(),
            kind: "clever".into(),
            ask: AskDto::Turn,
            seed: 1
        })
        .contains("not a kind")
    );
    let mut v = example();
    v.hand = vec![0, 1, 6, 7, 12, 40];
    assert!(bad(CluedoJob::Notebook { view: v }).contains("no card 40"));
    let mut v = example();
    v.turns.push(TurnDto::Suggest {
        by: 1,
        cards: [14, 8, 2],
        shown_by: Some(0),
        card: None,
    });
    assert!(bad(CluedoJob::Notebook { view: v }).contains("turn 2 cannot be true"));
    assert!(
        bad(CluedoJob::Simulate {
            players: vec!["random".into()],
            games: 5,
            seed: 1
        })
        .contains("2 to 6")
    );
}

#[test]
fn a_simulation_runs_and_reports_games() {
    let Reply::Answer(CluedoAnswer::Simulated(s)) = run_job(CluedoJob::Simulate {
        players: vec!["deduction".into(); 3],
        games: 20,
        seed: 2,
    }) else {
        panic!("a simulation")
    };
    assert_eq!(s.games, 20);
    assert_eq!(s.histogram.iter().sum::<u64>(), 20);
}
