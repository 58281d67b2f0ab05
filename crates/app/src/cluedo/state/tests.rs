//! The table's reducer, answered by the real core as the worker would.

use super::*;
use cluedo::{Card, Owner};
use protocol::{JobObserver, execute};

/// A game of these computers (and, with `watch`, one in the first seat), dealt from `seed`, stepped by hand.
fn stepped(computers: Vec<Kind>, watch: Option<Kind>, seed: u64) -> Setup {
    Setup {
        computers,
        watch,
        seed,
        pace_ms: 0,
        moves: Vec::new(),
    }
}

/// Answers the table's requests with the real core, as the worker would, until none is left.
fn settle(mut t: Rc<Table>) -> Rc<Table> {
    while let Some(r) = t.request.clone() {
        let outcome = execute(&r.job, &JobObserver::new());
        t = t.reduce(Action::Done(r.seq, outcome, 0.0));
    }
    t
}

#[test]
fn a_whole_game_against_computers_ends_and_reveals_their_notebooks() {
    let setup = stepped(vec![Kind::Deduction, Kind::Random], None, 3);
    let mut t = settle(Rc::new(Table::new(&setup)));
    assert!(t.notebook.is_some());
    for _ in 0..400 {
        if t.mover().is_none() {
            break;
        }
        t = match t.mover() {
            Some((YOU, AskDto::Show { options, .. })) => t.reduce(Action::Show(options[0])),
            Some((YOU, AskDto::AfterSuggestion)) => t.reduce(Action::EndTurn),
            Some((YOU, AskDto::Turn)) => {
                // Play the hint.
                let t = settle(t.reduce(Action::Hint));
                // The expert's hint says why.
                assert!(t.hint_why.as_ref().is_some_and(|w| w.ends_with('.')));
                match t.hint {
                    Some(ActionDto::Suggest { cards }) => t.reduce(Action::Suggest(cards)),
                    Some(ActionDto::Accuse { cards }) => t.reduce(Action::Accuse(cards)),
                    other => panic!("{other:?}"),
                }
            }
            _ => t.reduce(Action::Go),
        };
        t = settle(t);
        assert_eq!(t.error, None);
    }
    assert!(matches!(t.game.phase(), Phase::Over { winner: Some(_) }));
    assert!(t.revealed[1..].iter().all(Option::is_some));
    // Its moves, as a link keeps them, bring back the same game: all of it, and its first half.
    for upto in [t.moves.len(), t.moves.len() / 2] {
        let again = settle(Rc::new(Table::new(&Setup {
            moves: t.moves[..upto].to_vec(),
            ..setup.clone()
        })));
        assert_eq!(again.notice, None);
        assert_eq!(again.moves, t.moves[..upto]);
        let played = again.game.played();
        assert_eq!(played, &t.game.played()[..played.len()]);
        if upto == t.moves.len() {
            assert_eq!(played.len(), t.game.played().len());
            assert_eq!(again.game.phase(), t.game.phase());
            assert!(again.revealed[1..].iter().all(Option::is_some));
        }
    }
    // A move that does not fit the deal ends the replay there, said once.
    let mut wrong = t.moves[..3].to_vec();
    wrong.push((YOU, ActionDto::Show { card: 99 }));
    let again = Table::new(&Setup {
        moves: wrong,
        ..setup.clone()
    });
    assert_eq!(again.moves, t.moves[..3]);
    assert!(
        again
            .notice
            .as_deref()
            .is_some_and(|n| n.starts_with("moves: move 4")),
        "{:?}",
        again.notice
    );
    // The person's notebook agrees with the deal wherever it is certain.
    let nb = t.notebook.clone().expect("counted");
    for c in Card::all() {
        if let Some(o) = nb.holder(c) {
            let truth = t.game.deal().holder(c).map_or(Owner::Envelope, Owner::Seat);
            assert_eq!(o, truth, "card {c:?}");
        }
    }
}

#[test]
fn the_hint_answers_the_persons_own_question_and_no_opponents_reason_is_shown() {
    // Against two experts, the person plays every hint: which card to show, whether to accuse after a suggestion,
    // what to suggest. The experts' own reasons (their likeliest envelope) are never on the page.
    let setup = stepped(vec![Kind::Expert, Kind::Expert], None, 7);
    let mut t = settle(Rc::new(Table::new(&setup)));
    let mut shown = 0;
    for _ in 0..400 {
        let Some((seat, ask)) = t.mover() else { break };
        t = if seat == YOU {
            let h = settle(t.reduce(Action::Hint));
            assert!(
                h.hint_why.as_ref().is_some_and(|w| w.ends_with('.')),
                "{:?}",
                h.hint_why
            );
            match (ask.clone(), h.hint) {
                (AskDto::Show { options, .. }, Some(ActionDto::Show { card })) => {
                    assert!(options.contains(&card));
                    shown += 1;
                    h.reduce(Action::Show(card))
                }
                (AskDto::AfterSuggestion, Some(ActionDto::EndTurn)) => h.reduce(Action::EndTurn),
                (_, Some(ActionDto::Accuse { cards })) => h.reduce(Action::Accuse(cards)),
                (AskDto::Turn, Some(ActionDto::Suggest { cards })) => {
                    h.reduce(Action::Suggest(cards))
                }
                other => panic!("a hint that does not answer {:?}: {other:?}", ask),
            }
        } else {
            t.reduce(Action::Go)
        };
        t = settle(t);
        assert_eq!(t.error, None);
        assert_eq!(t.reason, None, "an opponent's reason on the page");
    }
    assert!(matches!(t.game.phase(), Phase::Over { .. }));
    assert!(shown > 0, "seed 7 asks the person to choose a card to show");
}

#[test]
fn a_table_to_watch_plays_itself_to_the_end() {
    let setup = stepped(
        vec![Kind::Random, Kind::Listening],
        Some(Kind::Deduction),
        5,
    );
    let mut t = settle(Rc::new(Table::new(&setup)));
    assert!(!t.seats.person && t.seats.name(0) == "Computer 1 (deduction)");
    let mut moves = 0;
    while t.mover().is_some() {
        assert!(
            t.computer_waiting(),
            "every seat is a computer's: {:?}",
            t.mover()
        );
        t = settle(t.reduce(Action::Go));
        assert_eq!(t.error, None);
        moves += 1;
        assert!(moves < 1000, "the game ends");
    }
    assert!(matches!(t.game.phase(), Phase::Over { winner: Some(_) }));
    // Seat 0's notebook followed the game; the others are revealed at the end.
    assert_eq!(t.notebook_at.0, t.game.view(YOU).turns().len());
    assert!(t.revealed[1..].iter().all(Option::is_some));
    // Its link brings back the same game, as watched.
    let again = settle(Rc::new(Table::new(&Setup {
        moves: t.moves.clone(),
        ..setup.clone()
    })));
    assert_eq!(again.game.phase(), t.game.phase());
    assert!(!again.seats.person);
}

#[test]
fn a_computer_move_that_fails_can_be_asked_again() {
    let setup = stepped(vec![Kind::Random, Kind::Random], None, 2);
    let t = settle(Rc::new(Table::new(&setup)));
    // The person suggests and ends the turn; a computer is to move.
    let t = settle(t.reduce(Action::Suggest([0, 6, 12])));
    let t = match t.mover() {
        Some((YOU, AskDto::AfterSuggestion)) => settle(t.reduce(Action::EndTurn)),
        _ => t,
    };
    assert!(t.computer_waiting());
    let t = t.reduce(Action::Go);
    let seq = t.request.as_ref().map(|r| r.seq).expect("a move asked for");
    let t = t.reduce(Action::Done(
        seq,
        Outcome::Failed {
            message: "the worker stopped".into(),
        },
        0.0,
    ));
    assert_eq!(t.error.as_deref(), Some("the worker stopped"));
    assert!(t.computer_waiting(), "the move can be asked again");
    let played = t.game.played().len();
    let t = settle(t.reduce(Action::Go));
    assert!(t.game.played().len() > played || !t.computer_waiting());
    assert_eq!(t.error, None);
}

#[test]
fn moves_out_of_turn_are_refused_with_a_message() {
    let setup = stepped(vec![Kind::Random, Kind::Random], None, 1);
    let t = settle(Rc::new(Table::new(&setup)));
    let t = t.reduce(Action::EndTurn);
    assert!(
        t.error
            .as_deref()
            .is_some_and(|e| e.contains("suggest or accuse first"))
    );
    let t = t.reduce(Action::Suggest([0, 1, 12]));
    assert!(
        t.error
            .as_deref()
            .is_some_and(|e| e.contains("two suspects")),
        "{:?}",
        t.error
    );
}

#[test]
fn a_watched_expert_says_why_as_it_plays() {
    let setup = stepped(
        vec![Kind::Deduction, Kind::Deduction],
        Some(Kind::Expert),
        5,
    );
    let mut t = settle(Rc::new(Table::new(&setup)));
    let mut reasons = Vec::new();
    for _ in 0..400 {
        if t.mover().is_none() {
            break;
        }
        t = settle(t.reduce(Action::Go));
        assert_eq!(t.error, None);
        if let Some(r) = &t.reason
            && reasons.last() != Some(r)
        {
            reasons.push(r.clone());
        }
    }
    assert!(matches!(t.game.phase(), Phase::Over { .. }));
    assert!(
        !reasons.is_empty()
            && reasons
                .iter()
                .all(|(seat, why)| *seat == 0 && why.ends_with('.')),
        "{reasons:?}"
    );
}
