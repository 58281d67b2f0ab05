//! Deduction against brute force and crafted logs; games and simulations in `crates/cluedo/src/tests/games.rs`.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use crate::deduce::{DeduceError, MAX_OWNERS, deals};
use crate::game::{Deal, Game, Phase};
use crate::notebook::{Notebook, why};
use crate::players::{Action, Ask, Kind, act};
use crate::simulate::{play, simulate, summarise};
use crate::{CARDS, Card, CardKind, CardSet, Owner, Triple, Turn, View, hand_sizes};

/// Seat `by` suggested `t`; `shown_by` refuted it (showing `card`, where seen).
fn suggest(by: usize, t: Triple, shown_by: Option<usize>, card: Option<Card>) -> Turn {
    Turn::Suggest {
        by,
        triple: t,
        shown_by,
        card,
    }
}

fn card(n: usize) -> Card {
    Card::new(n).expect("a card")
}

fn triple(s: usize, w: usize, r: usize) -> Triple {
    Triple::new([card(s), card(w), card(r)]).expect("one of each kind")
}

/// Whether `owners` (each card's owner, `players` = envelope) agrees with every turn of `view`, straight from
/// the rules: the first seat to the suggester's left holding a suggested card refutes, with a card it holds.
fn agrees(view: &View, owners: &[usize; CARDS]) -> bool {
    let p = view.players();
    view.turns().iter().all(|t| match *t {
        Turn::Suggest {
            by,
            triple,
            shown_by,
            card,
        } => {
            let refuter = (1..p)
                .map(|k| (by + k) % p)
                .find(|&s| triple.cards().iter().any(|c| owners[c.index()] == s));
            refuter == shown_by && card.is_none_or(|c| Some(owners[c.index()]) == shown_by)
        }
        Turn::Accuse {
            triple, correct, ..
        } => triple.cards().iter().all(|c| owners[c.index()] == p) == correct,
    })
}

/// Every deal consistent with `view`, by listing all deals of the unseen cards.
fn brute_force(view: &View) -> (u64, Vec<[u64; MAX_OWNERS]>) {
    let p = view.players();
    let me = view.me();
    let mut counts = vec![[0u64; MAX_OWNERS]; CARDS];
    let mut total = 0;
    let unseen: Vec<Card> = Card::all().filter(|c| !view.hand().has(*c)).collect();
    let of_kind = |k: CardKind| unseen.iter().copied().filter(move |c| c.kind() == k);
    for s in of_kind(CardKind::Suspect) {
        for w in of_kind(CardKind::Weapon) {
            for r in of_kind(CardKind::Room) {
                let env = CardSet::of([s, w, r]);
                let rest: Vec<Card> = unseen.iter().copied().filter(|c| !env.has(*c)).collect();
                let mut owners = [p; CARDS];
                for c in view.hand().iter() {
                    owners[c.index()] = me;
                }
                let mut left: Vec<usize> = view.hand_sizes().to_vec();
                left[me] = 0;
                fill(&rest, 0, &mut owners, &mut left, &mut |o| {
                    if agrees(view, o) {
                        total += 1;
                        for (c, &ow) in o.iter().enumerate() {
                            counts[c][ow] += 1;
                        }
                    }
                });
            }
        }
    }
    (total, counts)
}

fn fill(
    rest: &[Card],
    i: usize,
    owners: &mut [usize; CARDS],
    left: &mut [usize],
    f: &mut impl FnMut(&[usize; CARDS]),
) {
    if i == rest.len() {
        f(owners);
        return;
    }
    for s in 0..left.len() {
        if left[s] > 0 {
            left[s] -= 1;
            owners[rest[i].index()] = s;
            fill(rest, i + 1, owners, left, f);
            left[s] += 1;
        }
    }
}

/// A random log for seat 0 of three players: turns drawn from a real deal (so it can be true) or, with
/// `anything`, refuters and cards drawn at random (so it often cannot be).
fn random_view(rng: &mut StdRng, turns: usize, anything: bool) -> View {
    let deal = Deal::random(3, rng);
    let game = Game::with_deal(deal.clone());
    let mut view = game.view(0).clone();
    let holder = |c: Card| deal.holder(c);
    for _ in 0..turns {
        let by = rng.random_range(0..3);
        let t = triple(
            rng.random_range(0..6),
            6 + rng.random_range(0..6),
            12 + rng.random_range(0..9),
        );
        let turn = if rng.random_range(0..8) == 0 {
            Turn::Accuse {
                by,
                triple: t,
                correct: anything && rng.random_range(0..4) == 0 || t == deal.envelope,
            }
        } else if anything {
            let shown_by = [None, Some((by + 1) % 3), Some((by + 2) % 3)][rng.random_range(0..3)];
            let card = (by == 0 || shown_by == Some(0))
                .then(|| shown_by.map(|_| t.cards()[rng.random_range(0..3)]))
                .flatten()
                .filter(|_| rng.random_range(0..2) == 0);
            Turn::Suggest {
                by,
                triple: t,
                shown_by,
                card,
            }
        } else {
            let shown_by = (1..3)
                .map(|k| (by + k) % 3)
                .find(|&s| t.cards().iter().any(|c| holder(*c) == Some(s)));
            let card = shown_by
                .filter(|&r| by == 0 || r == 0)
                .and_then(|r| t.cards().into_iter().find(|c| holder(*c) == Some(r)));
            Turn::Suggest {
                by,
                triple: t,
                shown_by,
                card,
            }
        };
        if view.eliminated(by) {
            continue;
        }
        view.push(turn).expect("well formed");
    }
    view
}

#[test]
fn deduction_equals_brute_force_on_random_true_logs() {
    let mut rng = StdRng::seed_from_u64(13);
    for case in 0..30 {
        let view = random_view(&mut rng, 1 + case % 9, false);
        let (total, counts) = brute_force(&view);
        let nb = Notebook::of(&view).expect("a true log");
        assert_eq!(nb.deals, total, "case {case}: {view:?}");
        assert_eq!(nb.counts, counts, "case {case}");
    }
}

#[test]
fn deduction_equals_brute_force_on_random_logs_true_or_not() {
    let mut rng = StdRng::seed_from_u64(7);
    let (mut impossible, mut possible) = (0, 0);
    for case in 0..40 {
        let view = random_view(&mut rng, 1 + case % 6, true);
        let (total, counts) = brute_force(&view);
        match Notebook::of(&view) {
            Ok(nb) => {
                possible += 1;
                assert_eq!((nb.deals, &nb.counts), (total, &counts), "case {case}");
            }
            Err(DeduceError::Impossible { turn }) => {
                impossible += 1;
                assert_eq!(total, 0, "case {case}");
                // The first impossible prefix is the turn named.
                let first = (0..=view.turns().len()).find(|&n| brute_force(&view.prefix(n)).0 == 0);
                assert_eq!(Some(turn), first, "case {case}");
            }
            Err(e) => panic!("case {case}: {e}"),
        }
    }
    assert!(
        impossible > 3 && possible > 3,
        "both kinds of log were tried: {impossible} {possible}"
    );
}

/// Seat 0 of 3 with a hand of six: 0 1 6 7 12 13.
fn crafted() -> View {
    let hand = CardSet::of([0, 1, 6, 7, 12, 13].map(card));
    View::new(3, 0, hand, hand_sizes(3)).expect("valid")
}

#[test]
fn before_any_turn_the_deals_are_counted_by_formula() {
    // 4 suspects x 4 weapons x 7 rooms in the envelope, then 12 cards split 6 and 6.
    let nb = Notebook::of(&crafted()).expect("valid");
    assert_eq!(nb.deals, 4 * 4 * 7 * 924);
    assert_eq!(nb.holder(card(0)), Some(Owner::Seat(0)));
    assert_eq!(nb.holder(card(2)), None);
    assert!((nb.share(card(2), Owner::Envelope) - 0.25).abs() < 1e-12);
}

#[test]
fn a_pass_and_a_shown_card_are_certain_and_explained() {
    let mut v = crafted();
    // Seat 1 passes on (2, 8, 14); seat 2 shows me 14.
    v.push(suggest(0, triple(2, 8, 14), Some(2), Some(card(14))))
        .expect("ok");
    let nb = Notebook::of(&v).expect("true");
    assert_eq!(nb.holder(card(14)), Some(Owner::Seat(2)));
    assert_eq!(nb.holder(card(2)), None, "seat 2 or the envelope");
    assert_eq!(nb.counts[2][1], 0, "seat 1 passed");
    assert_eq!(why(&v, card(14)).expect("ok"), Some(vec![0]));
    assert_eq!(why(&v, card(2)).expect("ok"), None);
    assert_eq!(
        why(&v, card(0)).expect("ok"),
        Some(vec![]),
        "my own card needs no turn"
    );
}

#[test]
fn nobody_refuting_my_suggestion_of_unseen_cards_solves_it() {
    let mut v = crafted();
    v.push(suggest(0, triple(2, 8, 14), None, None))
        .expect("ok");
    let nb = Notebook::of(&v).expect("true");
    assert_eq!(
        nb.envelope(),
        [Some(card(2)), Some(card(8)), Some(card(14))]
    );
    assert_eq!(nb.solved(), Some(triple(2, 8, 14)));
    // With one of my own cards in it, only the other two are certain.
    let mut v = crafted();
    v.push(suggest(0, triple(0, 8, 14), None, None))
        .expect("ok");
    let nb = Notebook::of(&v).expect("true");
    assert_eq!(nb.envelope(), [None, Some(card(8)), Some(card(14))]);
}

#[test]
fn a_refutation_i_did_not_see_concludes_only_when_it_must() {
    let mut v = crafted();
    // Seat 1 suggests (2, 6, 12): I hold 6 and 12, so seat 2... no: seat 2 is to seat 1's left and refutes;
    // it must hold 2, the only card of the three I do not hold.
    v.push(suggest(1, triple(2, 6, 12), Some(2), None))
        .expect("ok");
    assert_eq!(
        Notebook::of(&v).expect("true").holder(card(2)),
        Some(Owner::Seat(2))
    );
    // Refuted by seat 2 on (2, 8, 14): seat 2 holds one of three, none certain.
    let mut v = crafted();
    v.push(suggest(1, triple(2, 8, 14), Some(2), None))
        .expect("ok");
    let nb = Notebook::of(&v).expect("true");
    for c in [2, 8, 14] {
        assert_eq!(nb.holder(card(c)), None);
    }
}

#[test]
fn a_wrong_accusation_removes_one_envelope() {
    let mut v = crafted();
    let before = Notebook::of(&v).expect("true").deals;
    v.push(Turn::Accuse {
        by: 1,
        triple: triple(2, 8, 14),
        correct: false,
    })
    .expect("ok");
    assert_eq!(Notebook::of(&v).expect("true").deals, before - 924);
    // Seat 1 is out but still refutes; it may not play again.
    let e = v.push(Turn::Accuse {
        by: 1,
        triple: triple(2, 8, 15),
        correct: false,
    });
    assert!(e.is_err());
}

#[test]
fn impossible_logs_name_their_first_turn() {
    let mut v = crafted();
    v.push(suggest(0, triple(2, 8, 14), Some(1), Some(card(14))))
        .expect("ok");
    v.push(suggest(2, triple(3, 9, 14), Some(0), None))
        .expect("ok");
    // Turn 2: I refuted, but I hold none of 3, 9, 14.
    assert_eq!(Notebook::of(&v), Err(DeduceError::Impossible { turn: 2 }));
    let mut v = crafted();
    v.push(suggest(0, triple(2, 8, 14), Some(1), Some(card(14))))
        .expect("ok");
    // Turn 2: seat 1 passes on 14, which it showed me.
    v.push(suggest(0, triple(3, 9, 14), Some(2), Some(card(9))))
        .expect("ok");
    assert_eq!(Notebook::of(&v), Err(DeduceError::Impossible { turn: 2 }));
    assert!(
        Notebook::of(&v)
            .expect_err("impossible")
            .to_string()
            .starts_with("turn 2 cannot be true"),
        "message names the turn"
    );
}

#[test]
fn malformed_views_are_refused_with_a_message() {
    let hand = CardSet::of([0, 1, 6, 7, 12].map(card));
    assert!(
        View::new(3, 0, hand, hand_sizes(3)).is_err(),
        "5 cards for a hand of 6"
    );
    assert!(View::new(7, 0, hand, vec![3; 7]).is_err());
    assert!(View::new(3, 3, hand, hand_sizes(3)).is_err());
    let mut v = crafted();
    assert!(
        v.push(Turn::Suggest {
            by: 1,
            triple: triple(2, 8, 14),
            shown_by: Some(2),
            card: Some(card(2))
        })
        .is_err()
    );
    assert!(
        v.push(Turn::Suggest {
            by: 0,
            triple: triple(2, 8, 14),
            shown_by: Some(0),
            card: None
        })
        .is_err()
    );
    assert!(
        v.push(Turn::Suggest {
            by: 0,
            triple: triple(2, 8, 14),
            shown_by: Some(1),
            card: Some(card(3))
        })
        .is_err()
    );
    assert_eq!(Card::parse("mrs white"), Ok(card(2)));
    assert_eq!(Card::parse("Hangmans Knot"), Ok(card(10)));
    assert_eq!(Card::parse(" 20 "), Ok(card(20)));
    assert!(Card::parse("21").is_err() && Card::parse("rope").is_err());
    assert!(Triple::new([card(0), card(1), card(12)]).is_err());
}

#[test]
fn samples_are_consistent_deals() {
    let mut rng = StdRng::seed_from_u64(3);
    for _ in 0..10 {
        let view = random_view(&mut rng, 6, false);
        let d = deals(&view).expect("true");
        for _ in 0..20 {
            let s = d.sample(&mut rng);
            let owners: [usize; CARDS] = s.map(usize::from);
            assert!(agrees(&view, &owners));
            for (i, size) in view.hand_sizes().iter().enumerate() {
                assert_eq!(owners.iter().filter(|&&o| o == i).count(), *size);
            }
        }
    }
}

mod games;
