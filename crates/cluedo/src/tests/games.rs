//! Games follow the rules, cards are seen only by who may see them, every kind of player finishes, simulations
//! are the same on any thread count.

use super::*;

#[test]
fn a_game_follows_the_rules() {
    let mut rng = StdRng::seed_from_u64(1);
    let deal = Deal::random(4, &mut rng);
    assert_eq!(
        deal.hands.iter().map(|h| h.len()).collect::<Vec<_>>(),
        vec![5, 5, 4, 4]
    );
    let mut game = Game::with_deal(deal.clone());
    // Seat 0 suggests the envelope: nobody can refute.
    game.suggest(deal.envelope).expect("its turn");
    assert!(matches!(
        game.view(0).turns()[0],
        Turn::Suggest { shown_by: None, .. }
    ));
    assert!(
        game.suggest(deal.envelope).is_err(),
        "one suggestion per turn"
    );
    game.end_turn().expect("ok");
    assert_eq!(game.phase(), Phase::Turn { seat: 1 });
    let wrong = Triple {
        room: card(if deal.envelope.room == card(12) {
            13
        } else {
            12
        }),
        ..deal.envelope
    };
    assert!(!game.accuse(wrong).expect("its turn"));
    assert!(game.is_out(1));
    assert_eq!(game.phase(), Phase::Turn { seat: 2 });
    assert!(game.accuse(deal.envelope).expect("its turn"));
    assert_eq!(game.phase(), Phase::Over { winner: Some(2) });
}

#[test]
fn only_the_suggester_and_the_refuter_see_the_card() {
    let mut rng = StdRng::seed_from_u64(5);
    let deal = Deal::random(3, &mut rng);
    let mut game = Game::with_deal(deal.clone());
    // Suggest two of seat 1's cards so it must choose.
    let h1: Vec<Card> = deal.hands[1].iter().collect();
    let s = h1
        .iter()
        .find(|c| c.kind() == CardKind::Suspect)
        .copied()
        .unwrap_or(deal.envelope.suspect);
    let w = h1
        .iter()
        .find(|c| c.kind() == CardKind::Weapon)
        .copied()
        .unwrap_or(deal.envelope.weapon);
    let t = Triple {
        suspect: s,
        weapon: w,
        room: deal.envelope.room,
    };
    game.suggest(t).expect("turn");
    let shown = match game.phase() {
        Phase::Refute { seat: 1, options } => options.iter().next().expect("an option"),
        _ => match game.view(0).turns()[0] {
            Turn::Suggest { card: Some(c), .. } => c,
            other => panic!("{other:?}"),
        },
    };
    if matches!(game.phase(), Phase::Refute { .. }) {
        game.show(shown).expect("an option");
    }
    let card_in = |seat: usize| match game.view(seat).turns()[0] {
        Turn::Suggest { card, .. } => card,
        _ => None,
    };
    assert_eq!(
        (card_in(0), card_in(1), card_in(2)),
        (Some(shown), Some(shown), None)
    );
}

#[test]
fn every_kind_finishes_and_deduction_never_accuses_wrongly() {
    for kind in Kind::ALL {
        for players in [2, 3, 5] {
            for seed in 0..6 {
                let kinds = vec![kind; players];
                let end = play(&kinds, seed);
                // Experts accuse before they are certain: at a table of experts all may be out, wrongly.
                assert!(
                    end.winner.is_some() || kind == Kind::Expert,
                    "{kind:?} x{players} seed {seed}: {end:?}"
                );
                assert!(end.rounds >= 1 && end.rounds < 40, "{end:?}");
            }
        }
    }
    // Deduction players never make a wrong accusation: nobody is ever eliminated.
    let mut rng = StdRng::seed_from_u64(9);
    for _ in 0..10 {
        let mut game = Game::new(4, &mut rng).expect("4 players");
        while !matches!(game.phase(), Phase::Over { .. }) {
            let (seat, ask) = match game.phase() {
                Phase::Turn { seat } => (seat, Ask::Turn),
                Phase::MayAccuse { seat } => (seat, Ask::AfterSuggestion),
                Phase::Refute { seat, options } => (
                    seat,
                    Ask::Show {
                        by: game.pending_suggester().expect("pending"),
                        options,
                    },
                ),
                Phase::Over { .. } => unreachable!(),
            };
            match act(Kind::Deduction, game.view(seat), ask, &mut rng) {
                Action::Suggest(t) => game.suggest(t).expect("legal"),
                Action::Accuse(t) => assert!(game.accuse(t).expect("legal"), "a wrong accusation"),
                Action::EndTurn => game.end_turn().expect("legal"),
                Action::Show(c) => game.show(c).expect("legal"),
            }
        }
    }
}

#[test]
fn a_simulation_is_the_same_on_any_thread_count() {
    let kinds = [Kind::Deduction, Kind::Random, Kind::Listening];
    let run = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("pool");
        pool.install(|| simulate(&kinds, 40, 11, &progress::NoObserver))
            .expect("valid")
            .expect("not stopped")
    };
    let one = run(1);
    assert_eq!(one, run(3));
    assert_eq!(one.games, 40);
    assert_eq!(one.wins.iter().sum::<u64>() + one.no_winner, 40);
    assert_eq!(
        one,
        summarise(
            &kinds,
            &(0..40)
                .map(|i| play(&kinds, crate::simulate::game_seed(11, i)))
                .collect::<Vec<_>>()
        )
    );
    assert!(simulate(&[Kind::Random], 10, 1, &progress::NoObserver).is_err());
    assert!(simulate(&kinds, 0, 1, &progress::NoObserver).is_err());
}

#[test]
fn a_simulation_cut_in_ranges_adds_up_to_the_whole() {
    // As a cluster deals it: any cut of the games into ranges, played apart and put back in order, is the whole
    // simulation, game for game (each game's seed depends on its number only).
    use crate::simulate::play_range;
    let kinds = [Kind::Deduction, Kind::Listening, Kind::Random];
    let whole = play_range(&kinds, 9, 0..60, &progress::NoObserver).unwrap();
    for cuts in [vec![0, 60], vec![0, 1, 59, 60], vec![0, 17, 18, 40, 60]] {
        let parts: Vec<_> = cuts
            .windows(2)
            .flat_map(|w| play_range(&kinds, 9, w[0]..w[1], &progress::NoObserver).unwrap())
            .collect();
        assert_eq!(parts, whole, "{cuts:?}");
    }
    assert_eq!(
        summarise(&kinds, &whole),
        simulate(&kinds, 60, 9, &progress::NoObserver)
            .unwrap()
            .unwrap()
    );
}

#[test]
fn the_game_says_who_moves_and_refuses_others() {
    let mut rng = StdRng::seed_from_u64(5);
    let mut game = Game::new(3, &mut rng).expect("3 players");
    assert_eq!(game.to_move(), Some((0, Ask::Turn)));
    let t = triple(0, 6, 12);
    let err = game
        .play(1, Action::Suggest(t))
        .expect_err("not seat 1's move");
    assert!(err.to_string().contains("seat 0's move"), "{err}");
    game.play(0, Action::Suggest(t)).expect("seat 0 suggests");
    // Either a seat must choose what to show, or the suggester may accuse: the game says which, and `play` agrees.
    match game.to_move() {
        Some((seat, Ask::Show { by, options })) => {
            assert_eq!(by, 0);
            assert!(seat != 0 && options.len() >= 2);
            let card = options.iter().next().expect("a card");
            game.play(seat, Action::Show(card)).expect("shows");
            assert_eq!(game.to_move(), Some((0, Ask::AfterSuggestion)));
        }
        other => assert_eq!(other, Some((0, Ask::AfterSuggestion))),
    }
    game.play(0, Action::EndTurn).expect("ends the turn");
    assert_eq!(game.to_move(), Some((1, Ask::Turn)));
}

#[test]
fn the_expert_says_why_and_accuses_at_once_only_when_certain() {
    // Against two deduction players, every decision of the expert comes with a sentence; an accusation at the start
    // of its turn (before suggesting) is always right, since it gambles only after its own suggestion.
    use crate::expert::decide;
    for seed in 0..40 {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut game = Game::new(3, &mut rng).expect("3 players");
        let kinds = [Kind::Expert, Kind::Deduction, Kind::Deduction];
        while let Some((seat, ask)) = game.to_move() {
            let action = if kinds[seat] == Kind::Expert {
                let d = decide(game.view(seat), ask, &mut rng);
                assert!(d.why.ends_with('.') && d.why.len() > 20, "{d:?}");
                if let (Ask::Turn, Action::Accuse(t)) = (ask, d.action) {
                    assert_eq!(t, game.deal().envelope, "seed {seed}: {}", d.why);
                }
                d.action
            } else {
                act(kinds[seat], game.view(seat), ask, &mut rng)
            };
            game.play(seat, action).expect("a legal move");
        }
    }
}

#[test]
fn the_experts_reason_for_a_suggestion_counts_the_envelopes_each_answer_leaves() {
    // What the expert says of its suggestion holds for its own sample: every answer leaves at least one of the
    // sample's envelopes and no more than it holds, and a single answer leaves them all.
    use crate::deduce::deals;
    use crate::expert::{WIN_NOW, win_now};
    for seed in 0..12 {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut game = Game::new(4, &mut rng).expect("4 players");
        let mut asked = 0;
        while let Some((seat, ask)) = game.to_move() {
            if seat == 0 && ask == Ask::Turn {
                let d = deals(game.view(0)).expect("a game's own view is consistent");
                if let Some(aim) = win_now(game.view(0), &d, WIN_NOW, &mut rng) {
                    asked += 1;
                    assert!(aim.answers >= 1 && aim.answers <= crate::cards::CARDS + 1);
                    assert!(1 <= aim.fewest && aim.fewest <= aim.most && aim.most <= aim.envelopes);
                    if aim.answers == 1 {
                        assert_eq!(aim.most, aim.envelopes);
                    }
                    assert!(aim.chance > 0.0 && aim.chance <= 1.0);
                }
            }
            let action = act(Kind::Deduction, game.view(seat), ask, &mut rng);
            game.play(seat, action).expect("a legal move");
        }
        assert!(
            asked > 0,
            "seed {seed}: the expert's question was never asked"
        );
    }
}
